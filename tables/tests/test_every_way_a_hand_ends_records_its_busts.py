"""A hand that ends at a tournament's table places its busted players, in the hand's own write,
whichever way it ended: a player's action, a host's ruling, or the dealer's timer dealing a hand
that is over at once.

Rules: "Bust out of chips and you're out (in a freeze-out)." docs/design.md, "The one write path":
the write path is the bottom layer and says what a write did (`Applied`: the table before and
after, the engine's events); the tournament's busts are registered by event type
(`tables.services.consequences`) and recorded in the same transaction, so a refusal there undoes
the whole write.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from engine.live import apply as engine_apply
from engine.live import fairness
from tables import live
from tables.errors import ActionRefused
from tables.live import load_state, player_actor, timers
from tables.models import Night, Seat, Table
from tables.models.live import Hand, TableSnapshot
from tables.models.tournaments import Tournament, TournamentAction
from tables.services.hosting import host_rulings
from tables.services.tournament import tournament_clock, tournament_play, tournament_seating
from tables.tests.live_helpers import SEED, seat_players
from tables.tests.tournament_helpers import make_tournament

pytestmark = pytest.mark.django_db


def _fold(table: Table, send: Callable[..., live.Applied]) -> live.Applied:
    state = load_state(table.pk)
    player = player_actor(int(state.table.seat(state.hand.to_act).player))
    return send(table.pk, player, {"type": "act", "action": {"type": "fold"}})


def test_the_write_that_ends_a_hand_says_so_to_its_caller(table: Table) -> None:
    seat_players(table, ["Ann", "Bob"])
    started = live.apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED})
    assert not started.finished
    ended = _fold(table, live.apply_intent)
    assert ended.finished
    assert ended.table_id == table.pk and ended.state is not None and ended.state.version == ended.version
    assert ended.before is not None and ended.before.hand_in_progress
    assert any(event["type"] == "table.hand_finished" for event in ended.events)


def test_a_refusal_recording_the_hand_undoes_the_write_that_ended_it(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(finished: live.Applied) -> None:
        raise ActionRefused("Not now.")

    seat_players(table, ["Ann", "Bob"])
    live.apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED})
    before = load_state(table.pk)
    monkeypatch.setattr(tournament_play, "hand_played", refuse)
    with pytest.raises(ActionRefused, match="Not now"):
        _fold(table, live.apply_intent)
    after = load_state(table.pk)
    assert after.version == before.version and after.hand_in_progress
    assert Hand.objects.get(table=table).status != Hand.Status.FINISHED


@pytest.fixture
def heads_up(night: Night, host: User, make_table: Callable[..., Table]) -> tuple[Tournament, Table]:
    """Ann and Bea heads-up in a running tournament, each with exactly one big blind of chips."""
    table = make_table("Kitchen", max_seats=6)
    tournament, _ = make_tournament(night, host, names=("Ann", "Bea"))
    tournament_seating.draw_opening_seats(tournament.pk, host)
    tournament = tournament_clock.run_clock(tournament.pk, None, TournamentAction.START, now=timezone.now())
    big_blind = tournament.get_structure().levels[0].big_blind
    for seat in load_state(table.pk).table.seats:
        live.apply_intent(table.pk, "host", {"type": "set_stack", "seat": seat.seat, "stack": big_blind})
    return tournament, table


def _placed(tournament: Tournament) -> dict[str, int | None]:
    return {e.player.display_name: e.place for e in tournament.entries.select_related("player")}


def test_a_host_ruling_that_ends_the_hand_places_the_busted_player(
    heads_up: tuple[Tournament, Table], host: User
) -> None:
    tournament, table = heads_up
    live.apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED})
    hand = load_state(table.pk).hand
    # The big blind is all in; the small blind (to act) is given the whole middle.
    big_blind_seat = next(s.seat for s in hand.seats if s.stack == 0)
    loser = next(s.name for s in hand.config.seats if s.seat == big_blind_seat)
    winner = hand.to_act
    assert winner != big_blind_seat
    shown = host_rulings.preview(table, host, "award_pot", {"seat": str(winner)})
    host_rulings.apply_ruling(table, host, "award_pot", {"seat": str(winner)}, "misread board", shown.version)
    assert _placed(tournament)[loser] == 2
    assert not Seat.objects.filter(player__display_name=loser, table=table).exists()


def test_a_hand_the_dealers_timer_deals_and_ends_at_once_places_the_busted_player(
    heads_up: tuple[Tournament, Table], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both players all in from the blinds: the deal runs the board out and ends the hand."""
    tournament, table = heads_up
    # One chip each, all in whatever the blinds: the same hand in the engine as at the table.
    for seat in load_state(table.pk).table.seats:
        live.apply_intent(table.pk, "host", {"type": "set_stack", "seat": seat.seat, "stack": 1})
    seed = _seed_with_a_winner(table)
    # The dealer draws the server seed at the deal: make it the one found.
    monkeypatch.setattr(fairness, "new_seed", lambda: bytes.fromhex(seed))
    state = load_state(table.pk).to_json()
    due = timezone.now() - datetime.timedelta(seconds=1)
    state.update(dealing=True, next_deal_at=due.timestamp())
    TableSnapshot.objects.filter(table=table).update(state=state, due_at=due, updated_at=timezone.now())
    assert timers.fire_due() == 1
    assert not load_state(table.pk).hand_in_progress
    assert sorted(place for place in _placed(tournament).values()) == [1, 2]


def test_a_hand_a_plain_write_deals_and_ends_at_once_places_the_busted_player(
    heads_up: tuple[Tournament, Table], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host's deal through the one door, with both players all in from the blinds: no
    service sent it, and the busts are still recorded (every door records them)."""
    tournament, table = heads_up
    for seat in load_state(table.pk).table.seats:
        live.apply_intent(table.pk, "host", {"type": "set_stack", "seat": seat.seat, "stack": 1})
    live.apply_intent(table.pk, "host", {"type": "start_hand", "seed": _seed_with_a_winner(table)})
    assert not load_state(table.pk).hand_in_progress
    assert sorted(place for place in _placed(tournament).values()) == [1, 2]


def _seed_with_a_winner(table: Table) -> str:
    """A seed whose deal is won outright (no split pot), found by dealing it in the pure engine."""
    before = load_state(table.pk)
    for number in range(200):
        seed = f"{number:064x}"
        state, _ = engine_apply(before, "host", {"type": "start_hand", "seed": seed}, 0)
        if not state.hand_in_progress and len(state.table.seats) == 1:
            return seed
    raise AssertionError("no seed found")
