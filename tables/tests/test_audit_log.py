"""The open log: "the host's call is final, and open": every ruling and every ledger entry with
who, when and why, readable by the night's players too."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables.models import Night, Table
from tables.services.hosting import host_panel, host_rulings
from tables.services.ledger import ledger
from tables.services.seating import joining
from tables.tests.conftest import host_calls, join_from_phone
from tables.tests.live_helpers import seat_players

pytestmark = pytest.mark.django_db


def _log(night: Night) -> str:
    return f"/nights/{night.pk}/log/"


def test_players_read_every_ruling_and_ledger_entry_with_who_and_why(table: Table, host: User) -> None:
    ann, _ = seat_players(table, ["Ann", "Bob"])
    ledger.record_chips_in(ann, "rebuy", 300, host, "busted with kings")
    shown = host_rulings.preview(table, host, "move_button", {"seat": "2"})
    host_rulings.apply_ruling(table, host, "move_button", {"seat": "2"}, "button was skipped", shown.version)
    phone = join_from_phone(table.night, "Cy")
    page = phone.get(_log(table.night)).content.decode()
    assert "Rebuy: Ann, 300 chips = 30.00 EUR" in page and "busted with kings" in page
    assert "Main table: Move the button" in page and "button was skipped" in page
    # Opening the night, the rebuy, the ruling's preview (every preview is logged) and the ruling.
    assert "Main table: Move the button previewed" in page
    assert page.count("by hostess") == 4
    assert page.index("Move the button") < page.index("Rebuy: Ann")  # newest first


def test_the_play_page_links_to_the_log(table: Table) -> None:
    phone = join_from_phone(table.night, "Cy")
    assert f'href="{_log(table.night)}"' in phone.get("/play/").content.decode()


def test_strangers_and_other_nights_players_cannot_read_it(night: Night, make_night) -> None:
    other = make_night(name="Other night")
    assert Client().get(_log(night)).status_code == 403
    assert join_from_phone(other, "Zed").get(_log(night)).status_code == 403
    waiting_elsewhere = join_from_phone(make_night(name="Strict", require_approval=True), "Ray")
    assert waiting_elsewhere.get(_log(night)).status_code == 403


def test_a_player_turned_away_reads_nothing(make_night, host: User) -> None:
    night = make_night(require_approval=True)
    phone = join_from_phone(night, "Ray")
    ray = night.players.get(display_name="Ray")
    host_panel.decide_player(ray, host, "reject", "not on the list")
    assert phone.get(_log(night)).status_code == 403


def test_seating_commands_and_closing_are_logged_with_the_host_as_author(table: Table, host: User) -> None:
    seat_players(table, ["Ann", "Bob"])
    joining.join_night(table.night, "Cy")
    host_panel.seat_waiting(table, host)
    host_panel.table_command(table, host, "deal", "first hand")
    whats = list(host_calls().order_by("id").values_list("what", "who_label", "why"))
    assert whats[0][0].startswith("Drew seats: Cy: seated at Main table, seat ")
    assert whats[0][0].endswith(" with 200 chips")
    assert whats[1] == ("Main table: Dealt the next hand", "hostess", "first hand")


def test_log_entries_cannot_be_edited(night: Night, host: User) -> None:
    User.objects.create_user(username="co", password="x")
    host_panel.name_co_host(night, host, "co")
    logged = host_calls().get()
    logged.why = "rewritten"
    with pytest.raises(Exception, match="never changed"):
        logged.save()
    assert host_calls().get().why == ""
