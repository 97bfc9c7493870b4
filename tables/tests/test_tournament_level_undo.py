""" "Next level" is one tap: a level change can be undone for a minute, and one that ends the
rebuy period asks the host first.

"Once your rebuys are used up, or the rebuy window closes, the next time you bust is for good."
A mistaken tap must not cost a busted player the rebuy they were waiting for.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from engine.tournament import RebuyRules
from tables.errors import ActionRefused
from tables.models import Night, Player, Table
from tables.models.ledger import AuditEntry
from tables.models.tournaments import Tournament, TournamentAction, TournamentLog
from tables.services.tournament import tournament_clock, tournament_seating, tournaments
from tables.tests.tournament_helpers import at, entry_of, loses_every_chip, make_tournament

A = TournamentAction
REBUYS_TO_LEVEL_2 = RebuyRules(max_rebuys=1, rebuy_until_level=2, rebuy_stack=10_000)


@pytest.fixture
def tournament(night: Night, host: User) -> Tournament:
    tournament, _ = make_tournament(night, host, rules=REBUYS_TO_LEVEL_2)
    return tournament_clock.run_clock(tournament.pk, host, A.START, now=at(0))


def _level(tournament: Tournament, minutes: float) -> int:
    tournament.refresh_from_db()
    return tournaments.reading(tournament, at(minutes)).level_number


def test_a_level_change_undone_within_the_minute_gives_the_level_back_as_if_never_left(
    tournament: Tournament, host: User
) -> None:
    tournament_clock.run_clock(tournament.pk, host, A.NEXT_LEVEL, now=at(5))
    assert _level(tournament, 5) == 2
    tournament_clock.undo_level_change(tournament.pk, host, now=at(5.5))
    tournament.refresh_from_db()
    # The clock is as it was: level 1, started at 0, so at 5.5 minutes 9.5 minutes are left.
    reading = tournaments.reading(tournament, at(5.5))
    assert reading.level_number == 1 and reading.seconds_left == pytest.approx(9.5 * 60)
    assert tournament.level_undo is None
    undone = TournamentLog.objects.get(tournament=tournament, action=A.UNDO_LEVEL)
    assert undone.actor == host and "level 1" in undone.detail


def test_level_changes_and_their_undoing_are_in_the_nights_log(
    tournament: Tournament, host: User, night: Night
) -> None:
    tournament_clock.run_clock(tournament.pk, host, A.NEXT_LEVEL, now=at(5))
    tournament_clock.undo_level_change(tournament.pk, host, now=at(5.2))
    lines = list(AuditEntry.objects.filter(night=night).order_by("id").values_list("what", "who_label"))
    assert lines[-2] == (
        "Main event: Next level, from level 1 (25/50), 10:00 left to level 2 (50/100), 15:00 left",
        "hostess",
    )
    assert lines[-1][0].startswith("Undone: Main event: Next level") and lines[-1][0].endswith(
        "back to level 1 (25/50), 9:48 left"
    )


def test_the_undo_lasts_a_minute(tournament: Tournament, host: User) -> None:
    tournament_clock.run_clock(tournament.pk, host, A.NEXT_LEVEL, now=at(5))
    with pytest.raises(ActionRefused, match="60 seconds"):
        tournament_clock.undo_level_change(tournament.pk, host, now=at(6) + datetime.timedelta(seconds=1))
    assert _level(tournament, 6) == 2


def test_touching_the_clock_again_ends_the_undo(tournament: Tournament, host: User) -> None:
    tournament_clock.run_clock(tournament.pk, host, A.NEXT_LEVEL, now=at(5))
    tournament_clock.run_clock(tournament.pk, host, A.PAUSE, now=at(5.2))
    with pytest.raises(ActionRefused):
        tournament_clock.undo_level_change(tournament.pk, host, now=at(5.3))
    tournament.refresh_from_db()
    assert tournament.clock_paused_at is not None and _level(tournament, 5.3) == 2


def test_moving_past_the_last_rebuy_level_needs_a_confirmation(tournament: Tournament, host: User) -> None:
    tournament_clock.run_clock(tournament.pk, host, A.NEXT_LEVEL, now=at(1))  # level 2: rebuys still open
    tournament.refresh_from_db()
    version, logged = tournament.version, TournamentLog.objects.count()
    with pytest.raises(tournament_clock.ConfirmationNeeded, match="ends the rebuy period"):
        tournament_clock.run_clock(tournament.pk, host, A.NEXT_LEVEL, now=at(2))
    tournament.refresh_from_db()
    assert tournament.version == version and TournamentLog.objects.count() == logged  # nothing changed
    assert _level(tournament, 2) == 2
    tournament_clock.run_clock(tournament.pk, host, A.NEXT_LEVEL, confirmed=True, now=at(2))
    assert _level(tournament, 2) == 3
    assert AuditEntry.objects.filter(what__endswith="rebuys are closed").count() == 1


def test_a_busted_player_keeps_the_rebuy_through_an_undone_level_change(
    tournament: Tournament, host: User, make_table: Callable[..., Table]
) -> None:
    """The host moves past the last rebuy level by mistake and undoes it: Ann may still rebuy."""
    kitchen = make_table("Kitchen", max_seats=6)
    tournament_seating.draw_opening_seats(tournament.pk, host)
    loses_every_chip(kitchen, Player.objects.get(display_name="Ann"))
    tournament_clock.run_clock(tournament.pk, host, A.NEXT_LEVEL, now=at(1))
    tournament_clock.run_clock(tournament.pk, host, A.NEXT_LEVEL, confirmed=True, now=at(2))
    ann = entry_of(tournament, "Ann")
    with pytest.raises(ActionRefused, match="rebuy window closed"):
        tournaments.record_rebuy(ann, host, now=at(2.5))
    tournament_clock.undo_level_change(tournament.pk, host, now=at(2.5))
    assert tournaments.record_rebuy(ann, host, now=at(2.6)).rebuys == 1


def test_the_host_page_asks_before_closing_rebuys_and_offers_the_undo(
    tournament: Tournament, host: User, host_client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    moment = [at(1)]
    monkeypatch.setattr("django.utils.timezone.now", lambda: moment[0])
    clock_url = reverse("tournament_clock", args=[tournament.pk, "next"])
    host_client.post(clock_url)  # to level 2, the last rebuy level: no question asked
    assert _level(tournament, 1) == 2
    page = host_client.get(reverse("tournament_detail", args=[tournament.pk])).content.decode()
    assert "Undo the level change" in page and "Rebuys open until the end of level 2" in page

    moment[0] = at(3)
    response = host_client.post(clock_url)
    assert response.status_code == 302 and "confirm=next" in response["Location"]
    assert _level(tournament, 3) == 2  # not moved
    page = host_client.get(response["Location"]).content.decode()
    assert "Moving on closes rebuys for good." in page and 'name="confirmed" value="1"' in page

    host_client.post(clock_url, {"confirmed": "1"})
    assert _level(tournament, 3) == 3
    host_client.post(reverse("tournament_undo_level", args=[tournament.pk]))
    assert _level(tournament, 3) == 2
    page = host_client.get(reverse("tournament_detail", args=[tournament.pk])).content.decode()
    assert "Undo the level change" not in page
