"""The live table facade: intents, seeds and commitments, clocks, views (docs/design.md, "The one
write path")."""

from __future__ import annotations

import json

import pytest

from engine.config import Stakes
from engine.errors import EngineError, IllegalActionError
from engine.live import (
    ForbiddenError,
    LiveOptions,
    LiveTable,
    StaleIntentError,
    apply,
    is_stale,
    new_live_table,
    view,
)
from engine.shuffle import commitment, shuffled_deck
from engine.table import new_table

SEED = "ab" * 32


def _table(players: int = 3, *, action_seconds: int = 0, stack: int = 100) -> LiveTable:
    state = new_live_table(
        new_table(max_seats=6, stakes=Stakes(small_blind=1, big_blind=2)),
        LiveOptions(action_seconds=action_seconds, deal_delay=5),
    )
    for seat in range(1, players + 1):
        sit = {"type": "sit", "seat": seat, "player": f"p{seat}", "stack": stack, "name": f"P{seat}"}
        state, _ = apply(state, "system", sit, now=0)
    return state


def _dealt(players: int = 3, **options: int) -> LiveTable:
    state, _ = apply(_table(players, **options), "host", {"type": "start_hand", "seed": SEED}, now=100)
    return state


def _act(state: LiveTable, seat: int, action: str, to: int | None = None, now: float = 101) -> LiveTable:
    body = {"type": action} if to is None else {"type": action, "to": to}
    state, _ = apply(state, seat, {"type": "act", "action": body}, now=now)
    return state


def _chips(state: LiveTable) -> int:
    if state.hand_in_progress:
        assert state.hand is not None
        return state.hand.chips_on_table()
    return sum(s.stack for s in state.table.seats)


def test_the_deck_comes_from_the_seed_and_only_its_commitment_is_shown_during_the_hand():
    """ "Each hand publishes a SHA-256 commitment of its seed before the deal and reveals the
    seed after the hand, so anyone can re-derive the deck order and check it." """
    state = _dealt()
    assert state.hand is not None
    assert state.hand.deck == shuffled_deck(bytes.fromhex(SEED))
    for viewer in (1, 2, "host", "public"):
        data = view(state, viewer)
        assert data["commitment"] == commitment(bytes.fromhex(SEED))
        assert SEED not in json.dumps(data)
        assert data["revealed"] is None


def test_the_seed_stays_secret_when_the_hand_ends_and_goes_to_the_hands_record():
    """docs/design.md, Shuffling: "The seeds, which give the whole deck and so every folded hand,
    are revealed only when the night closes." (The seed used to be in every view after the
    hand; the end-of-hand event carries it to the app's record of the hand, not to a view.)"""
    state = _dealt()
    events: list[dict] = []
    while state.hand_in_progress:
        assert state.hand is not None
        state, new = apply(state, state.hand.to_act, {"type": "act", "action": {"type": "fold"}}, now=101)
        events += new
    for viewer in (1, 2, 3, "host", "public"):
        data = view(state, viewer)
        assert SEED not in json.dumps(data) and state.deck_seed not in json.dumps(data)
        assert data["revealed"] == {
            "hand_number": 1,
            "commitment": commitment(bytes.fromhex(SEED)),
            "deck_root": state.deck_root,
        }
    assert events[-1]["type"] == "table.hand_finished" and events[-1]["seed"] == SEED
    assert state.seed is None


def test_a_finished_hand_gives_its_stacks_back_to_the_table_and_conserves_chips():
    state = _dealt()
    before = _chips(state)
    state = _act(state, 1, "call")
    state = _act(state, 2, "call")
    state = _act(state, 3, "check")
    while state.hand_in_progress:
        assert state.hand is not None
        decision = "check" if state.hand.phase == "betting" else "show"
        state = _act(state, state.hand.to_act, decision)  # type: ignore[arg-type]
    assert not state.table.hand_in_progress
    assert _chips(state) == before == 300


def test_a_player_cannot_act_for_another_seat_or_deal():
    state = _dealt()
    with pytest.raises(ForbiddenError):
        apply(state, 1, {"type": "act", "seat": 2, "action": {"type": "fold"}}, now=101)
    with pytest.raises(ForbiddenError):
        apply(_table(), 1, {"type": "start_hand"}, now=0)


def test_refused_intents_raise_a_clear_error_and_leave_the_state_untouched():
    state = _dealt()
    snapshot = json.dumps(state.to_json())
    for actor, intent in [
        (2, {"type": "act", "action": {"type": "check"}}),  # not seat 2's turn
        (1, {"type": "act", "action": {"type": "raise", "to": 1}}),
        (1, {"type": "act", "action": {"type": "call", "card": "As"}}),
        (1, {"type": "act", "action": {"type": "call", "seat": 2}}),
        (1, {"type": "act", "action": "fold"}),
        (1, {"type": "teleport"}),
        ("host", {"type": "sit", "seat": 1, "player": "zed", "stack": 100}),
        ("host", {"type": "start_hand"}),
    ]:
        with pytest.raises(EngineError) as error:
            apply(state, actor, intent, now=101)
        assert str(error.value)
    assert json.dumps(state.to_json()) == snapshot


def test_apply_never_mutates_the_state_it_was_given():
    state = _dealt()
    before = json.dumps(state.to_json())
    after = _act(state, 1, "raise", 6)
    assert json.dumps(state.to_json()) == before
    assert after.version == state.version + 1


def test_the_action_clock_is_a_stored_deadline_that_resets_with_each_decision():
    state = _dealt(action_seconds=30)
    assert state.deadline == 130
    state = _act(state, 1, "call", now=110)
    assert state.deadline == 140
    assert view(state, "public")["deadline"] == 140


def test_a_timeout_folds_a_player_facing_a_bet_and_checks_when_it_can():
    state = _dealt(action_seconds=30)
    state, events = apply(state, "system", {"type": "timeout", "version": state.version}, now=131)
    assert events[0] == {"type": "table.timed_out", "seat": 1, "action": "fold"}
    state = _act(state, 2, "call", now=132)
    assert state.hand is not None and state.hand.to_act == 3
    state, events = apply(state, "system", {"type": "timeout", "version": state.version}, now=200)
    assert events[0]["action"] == "check"


def test_an_early_or_stale_timeout_is_refused():
    state = _dealt(action_seconds=30)
    with pytest.raises(StaleIntentError):
        apply(state, "system", {"type": "timeout", "version": state.version}, now=129)
    with pytest.raises(StaleIntentError):
        apply(state, "system", {"type": "timeout", "version": state.version - 1}, now=500)
    with pytest.raises(ForbiddenError):
        apply(state, 1, {"type": "timeout", "version": state.version}, now=500)


def test_the_next_hand_is_due_a_few_seconds_after_the_last_and_not_before():
    state = _dealt(players=2)
    state = _act(state, state.hand.to_act, "fold", now=110)  # type: ignore[union-attr]
    assert state.next_deal_at == 115
    with pytest.raises(StaleIntentError):
        apply(state, "system", {"type": "start_hand"}, now=114)
    state, _ = apply(state, "system", {"type": "start_hand"}, now=115)
    assert state.hand_in_progress and state.hand.config.hand_number == 2  # type: ignore[union-attr]
    assert state.commitment != state.revealed["commitment"]  # type: ignore[index]


def test_after_a_pause_the_dealer_waits_for_the_host():
    state = _dealt(players=2)
    state, _ = apply(state, "host", {"type": "pause"}, now=101)
    state = _act(state, state.hand.to_act, "fold", now=110)  # type: ignore[union-attr]
    assert state.next_deal_at is None


def test_the_state_round_trips_through_json():
    state = _act(_dealt(action_seconds=20), 1, "raise", 6)
    text = json.dumps(state.to_json())
    again = LiveTable.from_json(json.loads(text))
    assert json.dumps(again.to_json()) == text
    assert view(again, 2) == view(state, 2)


def test_each_seat_sees_only_its_own_cards_and_the_table_around_the_hand():
    state = _dealt()
    assert state.hand is not None
    mine = view(state, 2)
    assert mine["hand"]["your_cards"] == [str(c) for c in state.hand.seat(2).hole]
    others = {str(c) for s in (1, 3) for c in state.hand.seat(s).hole}
    assert not others & set(json.dumps(mine).replace('"', " ").split())
    assert [s["in_hand"] for s in mine["table"]["seats"]] == [True, True, True]


def test_presence_marks_players_away_without_touching_their_chips():
    state = _dealt()
    state2, events = apply(state, "system", {"type": "presence", "away": ["p2", "stranger"]}, now=101)
    assert state2.away == ("p2",) and events
    assert [s["away"] for s in view(state2, "public")["table"]["seats"]] == [False, True, False]
    assert _chips(state2) == _chips(state)
    same, none = apply(state2, "system", {"type": "presence", "away": ["p2"]}, now=102)
    assert same is state2 and none == []


def test_a_new_action_name_is_routed_to_the_hand_which_decides():
    """Game-specific actions (remove, reveal...) are passed to Hand.act unchanged."""
    state = _dealt()
    with pytest.raises(IllegalActionError, match="remove"):
        apply(state, 1, {"type": "act", "action": {"type": "remove"}}, now=101)


def test_a_presence_change_alone_does_not_make_a_pending_action_stale():
    state = _dealt()
    seen = state.version
    state, _ = apply(state, "system", {"type": "presence", "away": ["p3"]}, now=101)
    assert state.version == seen + 1
    assert not is_stale(state, seen)
    state = _act(state, 1, "call")
    assert is_stale(state, seen) and not is_stale(state, state.version)
    assert is_stale(state, state.version + 1)


def test_the_dealer_waits_for_players_without_polling_and_deals_when_one_sits_down():
    state = _dealt(players=2)
    state, _ = apply(state, "host", {"type": "sit_out", "seat": 2}, now=101)
    state = _act(state, state.hand.to_act, "fold", now=110)  # type: ignore[union-attr]
    assert state.next_deal_at == 115
    state, events = apply(state, "system", {"type": "start_hand"}, now=115)
    assert events == [{"type": "table.waiting_for_players"}] and state.next_deal_at is None
    state, _ = apply(state, "system", {"type": "sit", "seat": 4, "player": "p4", "stack": 100}, now=200)
    assert state.next_deal_at == 205
