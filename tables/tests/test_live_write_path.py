"""The one write path: versions, the append-only log, repeated client ids, and replaying a
hand's events (docs/design.md: "Replaying the log gives the snapshot again (tested).")."""

from __future__ import annotations

import random

import pytest
from django.utils import timezone

from engine.games import GAMES
from engine.live import new_live_table
from engine.shuffle import commitment
from engine.table import new_table
from engine.tests.hand_helpers import stakes_for
from tables.errors import ActionRefused
from tables.live import apply_intent, load_state, player_actor, replay_hand
from tables.models.live import Hand, HandEvent, TableSnapshot
from tables.tests.live_helpers import SEED, random_action, seat_players

pytestmark = pytest.mark.django_db


def _live_table_of(table, game: str, players: int = 4) -> None:
    """Give the Django table a live state playing `game`, with players seated."""
    state = new_live_table(new_table(max_seats=9, game=game, stakes=stakes_for(game)))
    TableSnapshot.objects.filter(table=table).update(
        state=state.to_json(), version=0, updated_at=timezone.now()
    )
    for seat in range(1, players + 1):
        sit = {"type": "sit", "seat": seat, "player": f"p{seat}", "stack": 300, "name": f"P{seat}"}
        apply_intent(table.pk, "system", sit)


def _play_out(table_id: int, rnd: random.Random) -> None:
    while (state := load_state(table_id)).hand_in_progress:
        seat, action = random_action(state, rnd)
        apply_intent(table_id, "system", {"type": "act", "seat": seat, "action": action})


@pytest.mark.parametrize("game", sorted(GAMES))
def test_replaying_a_hands_logged_events_gives_its_snapshot(table, game):
    _live_table_of(table, game)
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED})
    _play_out(table.pk, random.Random(game))
    hand = Hand.objects.get(table=table)
    snapshot = load_state(table.pk)
    assert hand.status == Hand.Status.FINISHED and hand.seed == SEED
    assert replay_hand(hand).to_json() == snapshot.hand.to_json()
    assert sum(s.stack for s in snapshot.table.seats) == 4 * 300


def test_every_change_is_one_version_and_the_log_counts_up_without_gaps(table):
    seat_players(table, ["Ann", "Bo", "Cy"])  # three changes already: the live table seats them
    apply_intent(table.pk, "host", {"type": "start_hand"})
    _play_out(table.pk, random.Random(1))
    intents = HandEvent.objects.filter(table=table, kind="intent").order_by("seq")
    assert [row.version for row in intents] == list(range(1, load_state(table.pk).version + 1))
    seqs = list(HandEvent.objects.filter(table=table).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1))


def test_a_repeated_client_id_returns_the_stored_result_before_the_version_is_checked(table):
    players = seat_players(table, ["Ann", "Bo", "Cy"])
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED})
    state = load_state(table.pk)
    actor = player_actor(players[state.hand.to_act - 1].pk)
    applied = apply_intent(table.pk, actor, {"type": "act", "action": {"type": "call"}}, "c-1", state.version)
    again = apply_intent(table.pk, actor, {"type": "act", "action": {"type": "call"}}, "c-1", state.version)
    assert again.version == applied.version == state.version + 1
    assert again.duplicate and not applied.duplicate
    assert load_state(table.pk).version == state.version + 1


def test_a_stale_version_is_refused_and_nothing_is_written(table):
    players = seat_players(table, ["Ann", "Bo"])
    apply_intent(table.pk, "host", {"type": "start_hand"})
    state = load_state(table.pk)
    rows = HandEvent.objects.count()
    actor = player_actor(players[state.hand.to_act - 1].pk)
    with pytest.raises(ActionRefused) as refused:
        apply_intent(
            table.pk, actor, {"type": "act", "action": {"type": "fold"}}, "c-2", state.changed_at - 1
        )
    assert refused.value.code == "stale_version"
    assert HandEvent.objects.count() == rows and load_state(table.pk).version == state.version


def test_an_illegal_action_is_refused_with_the_engines_reason(table):
    players = seat_players(table, ["Ann", "Bo", "Cy"])
    apply_intent(table.pk, "host", {"type": "start_hand"})
    state = load_state(table.pk)
    waiting = next(s for s in state.hand.seats if s.seat != state.hand.to_act)
    with pytest.raises(ActionRefused) as refused:
        apply_intent(
            table.pk, player_actor(players[waiting.seat - 1].pk), {"type": "act", "action": {"type": "check"}}
        )
    assert refused.value.code == "illegal" and "turn" in refused.value.message.lower()


def test_the_hand_row_records_the_commitment_at_the_deal_and_the_seed_only_at_the_end(table):
    seat_players(table, ["Ann", "Bo"])
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED})
    hand = Hand.objects.get(table=table)
    assert hand.commitment == commitment(bytes.fromhex(SEED)) and hand.seed == ""
    assert SEED not in str(list(HandEvent.objects.values_list("payload", flat=True)))
    _play_out(table.pk, random.Random(2))
    hand.refresh_from_db()
    assert hand.seed == SEED and hand.finished_at is not None


def test_seating_a_player_from_the_host_page_seats_them_at_the_engine_table(table, make_table, make_player):
    """The host's seating service goes through the same write path (a sit intent)."""
    [ann] = seat_players(table, ["Ann"])
    assert load_state(table.pk).table.seat_of(str(ann.pk)).seat == 1
    other = make_table("Other")
    from tables.services.seating import seating

    seating.move_player(ann, other, 4)
    assert load_state(table.pk).table.seat_of(str(ann.pk)) is None
    moved = load_state(other.pk).table.seat_of(str(ann.pk))
    assert moved.seat == 4 and moved.stack == 200
