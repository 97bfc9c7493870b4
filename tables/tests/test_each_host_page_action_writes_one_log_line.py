"""Every host page and button of a cash night writes one line in the night's open log, with
who, when, what exactly and why.

House rules: "The host's call is final, and open." Issue 20: "Every host action is one log
line with who, when, what exactly (seat, player, amounts before and after) and why."
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from engine.live import HOST
from tables.live import apply_intent, load_state
from tables.models import NameClaim, Night, Player
from tables.models.ledger import ChipRequest
from tables.services.hosting import host_panel, host_rulings, hosting, second_yes, table_closing
from tables.services.ledger import ledger
from tables.services.seating import joining, people
from tables.tests.host_action_lines import (
    WHY,
    Night2,
    cash_night_in_progress,  # noqa: F401  (a fixture)
    check_one_complete_line,
    deal_a_hand,
    host_of_the_cash_night,  # noqa: F401  (a fixture)
    last_line_id,
    made_once_cash_night,  # noqa: F401  (a fixture)
)

pytestmark = pytest.mark.django_db


def _ruling(key: str, **values: str) -> Callable[[Night2], tuple[str, dict[str, Any]]]:
    def post(c: Night2) -> tuple[str, dict[str, Any]]:
        url = reverse("host_ruling", args=[c.night.pk, c.main.pk])
        version = load_state(c.main.pk).version
        return url, {"ruling": key, **values, "confirm": "1", "version": str(version), "why": WHY}

    return post


def _host_asks_for_a_misdeal(c: Night2) -> None:
    """The host plays (Ann is his own player) and asks for a misdeal: it waits for a second yes."""
    Player.objects.filter(pk=c.players["Ann"].pk).update(user=c.night.host)
    deal_a_hand(c)
    version = load_state(c.main.pk).version
    host_rulings.apply_ruling(c.main, c.night.host, "misdeal", {}, WHY, version)


def _player(action: str, name: str, **data: str) -> Callable[[Night2], tuple[str, dict[str, Any]]]:
    def post(c: Night2) -> tuple[str, dict[str, Any]]:
        return reverse("host_player_action", args=[c.night.pk, c.players[name].pk, action]), {
            "why": WHY,
            **data,
        }

    return post


def _table(action: str, **data: str) -> Callable[[Night2], tuple[str, dict[str, Any]]]:
    def post(c: Night2) -> tuple[str, dict[str, Any]]:
        return reverse("host_table_action", args=[c.night.pk, c.main.pk, action]), {"why": WHY, **data}

    return post


def _side_table(action: str, **data: str) -> Callable[[Night2], tuple[str, dict[str, Any]]]:
    def post(c: Night2) -> tuple[str, dict[str, Any]]:
        return reverse("host_table_action", args=[c.night.pk, c.side.pk, action]), {"why": WHY, **data}

    return post


def _close_side(c: Night2) -> None:
    table_closing.change_status(c.side.pk, c.night.host, "close")


def _side(c: Night2) -> dict[str, str]:
    return {"table": str(c.side.pk), "seat": "4"}


def _cy_claims_a_name_from_last_time(c: Night2) -> None:
    """Cy says they are the Cy of a night two weeks ago (that claim is the guest's line, not the host's)."""
    last_time = hosting.create_night(
        c.night.host,
        name="Last time",
        date=c.night.date - datetime.timedelta(days=14),
        currency="EUR",
        chip_value=c.night.chip_value,
        require_approval=False,
    )
    people.claim_name(c.players["Cy"], joining.join_night(last_time, "Cy").pk)


def _claim(decision: str) -> Callable[[Night2], tuple[str, dict[str, Any]]]:
    def post(c: Night2) -> tuple[str, dict[str, Any]]:
        claim = NameClaim.objects.get(player=c.players["Cy"])
        return reverse("name_claim_decide", args=[c.night.pk, claim.pk, decision]), {"why": WHY}

    return post


# (url name, label): (setup, the POST, words the line must hold)
Scenario = tuple[Callable[[Night2], None] | None, Callable[[Night2], tuple[str, dict[str, Any]]], str]
CASH_SCENARIOS: dict[tuple[str, str], Scenario] = {
    ("night_create", ""): (
        None,
        lambda c: (
            reverse("night_create"),
            {"name": "Next week", "date": "2026-12-04", "currency": "EUR", "chip_value": "0.5"},
        ),
        "Opened Next week",
    ),
    ("night_set_status", "reopen"): (
        lambda c: Night.objects.filter(pk=c.night.pk).update(status="closed"),
        lambda c: (reverse("night_set_status", args=[c.night.pk]), {"status": "open", "why": WHY}),
        "Reopened the night",
    ),
    ("night_verify_link", "make"): (
        lambda c: Night.objects.filter(pk=c.night.pk).update(status="closed"),
        lambda c: (reverse("night_verify_link", args=[c.night.pk]), {"link": "make", "why": WHY}),
        "Made the night's public verify link",
    ),
    ("night_verify_link", "revoke"): (
        lambda c: Night.objects.filter(pk=c.night.pk).update(status="closed", verify_token="t" * 43),
        lambda c: (reverse("night_verify_link", args=[c.night.pk]), {"link": "revoke", "why": WHY}),
        "Revoked the night's public verify link",
    ),
    ("night_archive", ""): (
        None,
        lambda c: (reverse("night_archive", args=[c.night.pk]), {"archived": "1", "why": WHY}),
        "Archived the night",
    ),
    ("table_create", ""): (
        None,
        lambda c: (
            reverse("table_create", args=[c.night.pk]),
            {"name": "Kitchen", "game": "nlhe", "max_seats": "6", "small_blind": "1", "big_blind": "2"},
        ),
        "Added Kitchen",
    ),
    ("table_seat_waiting", ""): (
        None,
        lambda c: (reverse("table_seat_waiting", args=[c.night.pk, c.main.pk]), {}),
        "Cy: seated at Side table, seat ",
    ),
    ("player_approve", ""): (
        None,
        lambda c: (reverse("player_approve", args=[c.night.pk, c.players["Dee"].pk]), {"why": WHY}),
        "Let Dee in",
    ),
    ("player_reject", ""): (
        None,
        lambda c: (reverse("player_reject", args=[c.night.pk, c.players["Dee"].pk]), {"why": WHY}),
        "Turned Dee away",
    ),
    ("player_remove", ""): (
        lambda c: ledger.cash_out(c.players["Bob"], None),
        lambda c: (reverse("player_remove", args=[c.night.pk, c.players["Bob"].pk]), {"why": WHY}),
        "Bob has left the night",
    ),
    ("player_move", ""): (
        None,
        lambda c: (
            reverse("player_move", args=[c.night.pk, c.players["Ann"].pk]),
            {"destination": f"{c.side.pk}:4", "why": WHY},
        ),
        "Ann: moved from Main table, seat 1 to Side table, seat 4 with 200 chips",
    ),
    ("player_transfer", ""): (
        None,
        lambda c: (reverse("player_transfer", args=[c.night.pk, c.players["Ann"].pk]), {"why": WHY}),
        "Made a one-time link for Ann",
    ),
    ("host_player_action", "approve"): (None, _player("approve", "Dee"), "Let Dee in"),
    ("host_player_action", "reject"): (None, _player("reject", "Dee"), "Turned Dee away"),
    ("host_player_action", "remove"): (
        lambda c: ledger.cash_out(c.players["Bob"], None),
        _player("remove", "Bob"),
        "Bob has left the night",
    ),
    ("host_player_action", "sit_out"): (None, _player("sit_out", "Ann"), "Sat out Ann (seat 1)"),
    ("host_player_action", "sit_in"): (
        lambda c: apply_intent(c.main.pk, HOST, {"type": "sit_out", "seat": 1}),
        _player("sit_in", "Ann"),
        "Sat back in Ann (seat 1)",
    ),
    ("host_player_action", "move"): (
        None,
        lambda c: _player("move", "Ann", **_side(c))(c),
        "Ann: moved from Main table, seat 1 to Side table, seat 4 with 200 chips",
    ),
    ("host_table_action", "deal"): (None, _table("deal"), "Main table: Dealt the next hand"),
    ("host_table_action", "pause"): (
        lambda c: apply_intent(c.main.pk, HOST, {"type": "start_hand"}),
        _table("pause"),
        "Main table: Paused the table",
    ),
    ("host_table_action", "resume"): (None, _table("resume"), "Main table: Resumed dealing"),
    ("host_table_action", "seat-waiting"): (None, _table("seat-waiting"), "Cy: seated at Side table"),
    ("host_table_action", "close"): (None, _side_table("close"), "Closed Side table"),
    ("host_table_action", "reopen"): (_close_side, _side_table("reopen"), "Opened Side table again"),
    ("host_table_action", "remove"): (None, _side_table("remove"), "Took Side table off the night"),
    ("host_table_action", "default-buy-in"): (
        None,
        _table("default-buy-in", chips="200"),
        "Main table: default buy-in 200 chips (20.00 EUR)",
    ),
    ("host_let_everyone_in", ""): (
        None,
        lambda c: (reverse("host_let_everyone_in", args=[c.night.pk]), {"why": WHY}),
        "Let Dee in",
    ),
    ("host_table_action", "swap"): (
        None,
        _table("swap", first="1", second="2"),
        "swapped Ann (now seat 2) and Bob",
    ),
    ("host_table_action", "settings"): (
        None,
        _table("settings", game="blind_holdem", small_blind="1", big_blind="2", reveal="staged"),
        "reveal: in stages, players see their own cards: no",
    ),
    ("host_ruling", "preview"): (
        None,
        lambda c: (
            reverse("host_ruling", args=[c.night.pk, c.main.pk]),
            {"ruling": "move_button", "seat": "2"},
        ),
        "Main table: Move the button previewed",
    ),
    ("host_ruling", "award_pot"): (deal_a_hand, _ruling("award_pot", seat="2"), "Seat 2 (Bob): stack"),
    ("host_ruling", "adjust_stack"): (
        None,
        _ruling("adjust_stack", seat="1", stack="250", how="paid"),
        "Adjust a stack: Correction: Ann, +50 chips",
    ),
    ("host_ruling_answer", ""): (
        _host_asks_for_a_misdeal,
        lambda c: (
            reverse("host_ruling_answer", args=[c.night.pk, c.main.pk]),
            {"id": str(second_yes.pending(c.main)["id"]), "answer": "no"},
        ),
        "refused hostess's ruling: Misdeal",
    ),
    ("host_co_host_add", ""): (
        lambda c: User.objects.create_user(username="friend", password="x"),
        lambda c: (reverse("host_co_host_add", args=[c.night.pk]), {"username": "friend"}),
        "Named friend co-host",
    ),
    ("host_co_host_remove", ""): (
        lambda c: (
            host_panel.name_co_host(c.night, c.night.host, "friend")
            if User.objects.create_user(username="friend", password="x")
            else None
        ),
        lambda c: (reverse("host_co_host_remove", args=[c.night.pk, c.night.co_hosts.get().pk]), {}),
        "Removed friend as co-host",
    ),
    ("ledger_entry_create", "buy_in"): (
        None,
        lambda c: (
            reverse("ledger_entry_create", args=[c.night.pk]),
            {"player": c.players["Ann"].pk, "kind": "top_up", "chips": "40", "why": WHY},
        ),
        "Top-up: Ann, 40 chips = 4.00 EUR; stack at Main table seat 1: 200 → 240 chips",
    ),
    ("ledger_entry_create", "cash_out"): (
        None,
        lambda c: (
            reverse("ledger_entry_create", args=[c.night.pk]),
            {"player": c.players["Ann"].pk, "kind": "cash_out", "why": WHY},
        ),
        "Cash-out: Ann, 200 chips = 20.00 EUR; left Main table seat 1 with 200 chips",
    ),
    ("ledger_entry_correct", ""): (
        None,
        lambda c: (
            reverse(
                "ledger_entry_correct",
                args=[c.night.pk, ledger.entries(c.night).filter(player=c.players["Ann"]).first().pk],
            ),
            {"chips": "-20", "why": WHY},
        ),
        "Correction: Ann, -20 chips",
    ),
    ("ledger_entry_void", ""): (
        None,
        lambda c: (
            reverse(
                "ledger_entry_void",
                args=[c.night.pk, ledger.entries(c.night).filter(player=c.players["Cy"]).first().pk],
            ),
            {"why": WHY},
        ),
        "Void: Cy, -100 chips",
    ),
    ("ledger_request", "approve"): (
        None,
        lambda c: (reverse("ledger_request", args=[c.night.pk, ChipRequest.objects.get().pk, "approve"]), {}),
        "Rebuy: Eve, 50 chips",
    ),
    ("ledger_request", "decline"): (
        None,
        lambda c: (
            reverse("ledger_request", args=[c.night.pk, ChipRequest.objects.get().pk, "decline"]),
            {"why": WHY},
        ),
        "Declined Eve's rebuy request",
    ),
    ("name_claim_decide", "confirm"): (
        _cy_claims_a_name_from_last_time,
        _claim("confirm"),
        f"Recognised Cy as Cy of {datetime.date(2026, 11, 13):%d %b %Y}",
    ),
    ("name_claim_decide", "reject"): (
        _cy_claims_a_name_from_last_time,
        _claim("reject"),
        "Did not recognise Cy as Cy",
    ),
    ("ledger_close", ""): (
        lambda c: (
            [ledger.cash_out(p, None) for p in c.players.values() if p.display_name != "Dee"]
            and ChipRequest.objects.update(status="declined")
        ),
        lambda c: (reverse("ledger_close", args=[c.night.pk]), {}),
        "Closed the night",
    ),
}
# Lines that carry no reason field: the form asks none (a co-host, a table's name, closing).
NO_WHY = {"night_create", "table_create", "table_seat_waiting", "host_co_host_add", "host_co_host_remove"}
NO_WHY |= {"host_ruling_answer"}  # an answer gives no reason of its own
NO_WHY |= {"ledger_close", "host_ruling:preview", "ledger_request:approve", "name_claim_decide:confirm"}


@pytest.mark.parametrize("key", list(CASH_SCENARIOS), ids=[":".join(k).strip(":") for k in CASH_SCENARIOS])
def test_each_host_page_action_writes_one_complete_line(cash: Night2, key: tuple[str, str]) -> None:
    setup, post, words = CASH_SCENARIOS[key]
    if setup is not None:
        setup(cash)
    before = last_line_id()
    url, data = post(cash)
    response = cash.client.post(url, data, follow=True)
    assert response.status_code == 200
    label = ":".join(key).strip(":")
    # A new night's first line is in its own log.
    night = Night.objects.latest("id") if key[0] == "night_create" else cash.night
    check_one_complete_line(before, night, words, why=key[0] not in NO_WHY and label not in NO_WHY)
