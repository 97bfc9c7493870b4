"""A live table's fair shuffle (engine.live.fairness; docs/shuffle.md).

"Nobody chooses the deck, not even the host. The server commits to its seed before the deal;
the seated phones add their own random contributions; the deck comes from all of them
together." and "Everyone can check, nobody learns a hidden card. [...] After the hand each
viewer gets the openings of what they may see (shown cards for all, own hole cards
privately)."

Phones pledge the hash of a value between hands; the deal is the cut-off, where the server
draws its seed; then the values come in and deal the cards.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.cards import STANDARD_DECK
from engine.config import Stakes
from engine.errors import IllegalActionError, TableError
from engine.live import LiveTable, apply, is_stale, new_live_table, view
from engine.live.fairness import REVEAL_SECONDS, pledge_of
from engine.shuffle import check_opening, commitment, deck_seed, shuffled_deck
from engine.table import new_table

PHONE = {1: "11" * 32, 2: "22" * 32, 3: "33" * 32}


def _table(players: int = 3) -> LiveTable:
    state = new_live_table(new_table(max_seats=6, stakes=Stakes(small_blind=1, big_blind=2)))
    for seat in range(1, players + 1):
        sit = {"type": "sit", "seat": seat, "player": f"p{seat}", "stack": 100, "name": f"P{seat}"}
        state, _ = apply(state, "system", sit, now=0)
    return state


def _pledge(state: LiveTable, seat: int, value: str) -> LiveTable:
    return apply(state, seat, {"type": "shuffle_pledge", "pledge": pledge_of(value)}, now=1)[0]


def _value(state: LiveTable, seat: int, value: str) -> tuple[LiveTable, list[dict[str, Any]]]:
    # A phone's value names the commitment it was shown at the cut-off.
    shown = view(state, "public")["fairness"]["shuffle_commitment"]
    return apply(state, seat, {"type": "shuffle_value", "value": value, "commitment": shown}, now=3)


def _cut_off(state: LiveTable) -> tuple[LiveTable, list[dict[str, Any]]]:
    return apply(state, "host", {"type": "start_hand"}, now=2)


def _started(events: list[dict[str, Any]]) -> dict[str, Any]:
    return next(event for event in events if event["type"] == "table.hand_started")


def test_with_no_pledge_the_cut_off_deals_at_once_from_a_seed_drawn_then():
    state, events = _cut_off(_table())
    started = _started(events)
    assert state.hand is not None and state.shuffling is None
    assert state.seed is not None and state.commitment == commitment(bytes.fromhex(state.seed))
    assert state.hand.deck == shuffled_deck(bytes.fromhex(state.seed))
    assert started["contributions"] == {} and started["pledges"] == {}
    assert started["deck_root"] == state.deck_root == view(state, "public")["fairness"]["deck_root"]


def test_between_hands_the_stored_table_holds_no_seed_for_the_next_deal():
    """The attack this closes: a host who reads the server's database saw the next deal's seed
    in plain text before the deal and tried values for his own phone until one dealt him aces.
    Now the seed does not exist until the cut-off, after every pledge is fixed."""
    state = _pledge(_table(), 1, PHONE[1])
    state, _ = _cut_off(state)
    state, _ = _value(state, 1, PHONE[1])
    while state.hand_in_progress:
        assert state.hand is not None and state.hand.to_act is not None
        state, _ = apply(state, state.hand.to_act, {"type": "act", "action": {"type": "fold"}}, now=4)
    stored = json.dumps(state.to_json())
    assert state.seed is None and state.shuffling is None
    seeds = {state.deck_seed or ""} - {""}
    # The finished hand's deck seed is kept (the app reveals it at the night's close); nothing
    # that gives the next deck is.
    assert "next_seed" not in stored and all(seed in stored for seed in seeds)
    assert '"shuffling": null' in stored


def test_the_deck_comes_from_the_server_seed_and_every_value_pledged_before_the_cut_off():
    state = _table(players=3)
    for seat in (1, 3):
        state = _pledge(state, seat, PHONE[seat])
    assert view(state, 1)["fairness"]["your_pledge"] == pledge_of(PHONE[1])  # shown back
    assert view(state, 2)["fairness"]["your_pledge"] is None
    assert pledge_of(PHONE[1]) not in json.dumps(view(state, 3))
    state, events = _cut_off(state)
    assert [e["type"] for e in events] == ["table.cut_off"] and state.hand is None
    assert state.shuffling is not None
    server = bytes.fromhex(state.shuffling.seed)
    public = view(state, "public")["fairness"]
    assert public["shuffling"] and public["shuffle_commitment"] == commitment(server)
    assert view(state, 1)["fairness"]["reveal_due"] == pledge_of(PHONE[1])
    assert view(state, 2)["fairness"]["reveal_due"] is None
    state, events = _value(state, 1, PHONE[1])
    assert state.hand is None, "the cards wait for every pledged value"
    state, events = _value(state, 3, PHONE[3])
    mixed = deck_seed(server, [bytes.fromhex(PHONE[1]), bytes.fromhex(PHONE[3])])
    assert state.hand is not None and state.hand.deck == shuffled_deck(mixed)
    started = _started(events)
    assert started["contributions"] == {"1": PHONE[1], "3": PHONE[3]}
    assert started["pledges"] == {"1": pledge_of(PHONE[1]), "3": pledge_of(PHONE[3])}
    assert state.pledges == {} and state.shuffling is None  # each deal takes fresh pledges


def test_a_value_that_is_not_the_one_pledged_is_refused_and_changes_nothing():
    state, _ = _cut_off(_pledge(_table(), 1, PHONE[1]))
    for value in (PHONE[2], "ab", "ZZ" * 32, 7):
        with pytest.raises(IllegalActionError):
            shown = state.shuffling.commitment if state.shuffling else None
            apply(state, 1, {"type": "shuffle_value", "value": value, "commitment": shown}, now=3)
    with pytest.raises(IllegalActionError, match="no pledge"):
        _value(state, 2, PHONE[2])
    with pytest.raises(IllegalActionError, match="seated"):
        _value(state, 5, PHONE[1])


def test_a_pledge_is_32_hex_bytes_from_a_seated_player_and_a_value_waits_for_a_cut_off():
    state = _table()
    for promised in ("ab", "ZZ" * 32, None, 12):
        with pytest.raises(IllegalActionError):
            apply(state, 1, {"type": "shuffle_pledge", "pledge": promised}, now=1)
    with pytest.raises(IllegalActionError, match="seated"):
        _pledge(state, 5, PHONE[1])
    state = _pledge(state, 1, PHONE[1])
    with pytest.raises(IllegalActionError, match="Nothing is being shuffled"):
        _value(state, 1, PHONE[1])


def test_a_player_whose_value_never_comes_is_dealt_a_dead_hand():
    """Holding a value back after seeing the others' (the last phone to send could work out
    the deck with and without its own) never deals its owner anything better."""
    state = _pledge(_pledge(_table(), 1, PHONE[1]), 2, PHONE[2])
    state, _ = _cut_off(state)
    state, _ = _value(state, 1, PHONE[1])
    with pytest.raises(Exception, match="not run out"):
        apply(state, "system", {"type": "timeout", "version": state.version}, now=3)
    assert state.deadline == 2 + REVEAL_SECONDS
    state, events = apply(
        state, "system", {"type": "timeout", "version": state.version}, now=2 + REVEAL_SECONDS
    )
    assert state.hand is not None
    assert _started(events)["no_value"] == [2]
    assert state.hand.seat(2).folded and not state.hand.seat(1).folded
    killed = [e for e in events if e["type"] == "ruling_kill"]
    assert [e["seat"] for e in killed] == [2]
    server = bytes.fromhex(state.seed or "")
    assert state.hand.deck == shuffled_deck(deck_seed(server, [bytes.fromhex(PHONE[1])]))


def test_while_the_deck_is_shuffled_nothing_deals_again_and_values_are_never_stale():
    state = _pledge(_pledge(_table(), 1, PHONE[1]), 2, PHONE[2])
    state, _ = _cut_off(state)
    seen = state.version
    with pytest.raises(TableError, match="shuffled"):
        _cut_off(state)
    state, _ = _value(state, 1, PHONE[1])
    # Another phone's value changes nothing anyone decides on: a value sent on the view of the
    # cut-off is taken, whatever came in between.
    assert not is_stale(state, seen, "shuffle_value")
    state = _pledge(state, 3, PHONE[3])  # a pledge while shuffling is for the next deal
    state, _ = _value(state, 2, PHONE[2])
    assert state.hand is not None and state.pledges == {"p3": pledge_of(PHONE[3])}


def test_a_player_away_at_the_cut_off_is_not_waited_for():
    state = _pledge(_pledge(_table(), 1, PHONE[1]), 2, PHONE[2])
    state, _ = apply(state, "system", {"type": "presence", "away": ["p2"]}, now=1)
    state, _ = _cut_off(state)
    assert state.shuffling is not None and set(state.shuffling.pledges) == {"p1"}
    state, events = _value(state, 1, PHONE[1])
    assert state.hand is not None and _started(events)["no_value"] == []


def _play_to_the_end(state: LiveTable, fold_first: bool) -> LiveTable:
    folded = False
    while state.hand_in_progress:
        hand = state.hand
        assert hand is not None and hand.to_act is not None
        actions = hand.legal_actions(hand.to_act)["actions"]
        allowed = [name for name, info in actions.items() if info.get("allowed")]
        if fold_first and not folded and "fold" in allowed:
            choice, folded = "fold", True
        else:
            choice = next(name for name in ("show", "check", "call") if name in allowed)
        state, _ = apply(state, hand.to_act, {"type": "act", "action": {"type": choice}}, now=3)
    return state


def _cards(value: Any) -> set[str]:
    """Every card named anywhere in a view."""
    text = json.dumps(value)
    return {str(c) for c in STANDARD_DECK if f'"{c}"' in text}


def test_after_the_hand_each_viewer_gets_the_openings_of_exactly_the_cards_it_sees():
    state, _ = _cut_off(_pledge(_table(players=3), 2, PHONE[2]))
    state, _ = _value(state, 2, PHONE[2])
    assert all(view(state, v)["fairness"]["openings"] == [] for v in (1, 2, 3, "host", "public"))
    state = _play_to_the_end(state, fold_first=True)
    assert state.hand is not None
    folded = next(s for s in state.hand.seats if s.folded)
    root = state.revealed["deck_root"] if state.revealed else None
    for viewer in (1, 2, 3, "host", "public"):
        data = view(state, viewer)
        openings = data["fairness"]["openings"]
        assert root and all(check_opening(root, proof) for proof in openings)
        opened = {proof["card"] for proof in openings}
        assert opened == _cards(data["hand"])
        if viewer != folded.seat:
            assert not opened & {str(c) for c in folded.hole}
    board = {str(c) for c in state.hand.boards[0]}
    assert board and board <= {proof["card"] for proof in view(state, "public")["fairness"]["openings"]}
    own = {proof["card"] for proof in view(state, folded.seat)["fairness"]["openings"]}
    assert {str(c) for c in folded.hole} <= own


def test_a_pledge_is_its_players_and_moves_with_them_not_with_the_seat():
    """A player who sits down where another pledged is shown nothing of theirs, and each value
    deals under the seat its own player is dealt."""
    state = _pledge(_table(players=2), 1, PHONE[1])
    state, _ = apply(state, "system", {"type": "change_seat", "seat": 1, "to": 5}, now=1)
    state, _ = apply(state, "system", {"type": "sit", "seat": 1, "player": "newcomer", "stack": 100}, now=1)
    assert view(state, 1)["fairness"]["your_pledge"] is None
    assert view(state, 5)["fairness"]["your_pledge"] == pledge_of(PHONE[1])
    state = _pledge(state, 1, PHONE[3])
    dealt = LiveTable.from_json(json.loads(json.dumps(state.to_json())))  # as stored and read back
    dealt, _ = _cut_off(dealt)
    dealt = LiveTable.from_json(json.loads(json.dumps(dealt.to_json())))
    assert dealt.shuffling is not None
    seat_of = {s["player"]: s["seat"] for s in dealt.shuffling.config["seats"]}
    dealt, _ = _value(dealt, seat_of["p1"], PHONE[1])
    dealt, events = _value(dealt, seat_of["newcomer"], PHONE[3])
    expected = {str(seat_of["p1"]): PHONE[1], str(seat_of["newcomer"]): PHONE[3]}
    assert _started(events)["contributions"] == dict(sorted(expected.items(), key=lambda i: int(i[0])))


def test_a_table_stored_with_a_seed_drawn_ahead_reads_back_and_draws_a_new_one_at_the_cut_off():
    stored = _table().to_json()
    old_seed = "ab" * 32
    stored.update(next_seed=old_seed, next_commitment=commitment(bytes.fromhex(old_seed)))
    stored["player_contributions"] = {"p1": PHONE[1]}
    state = LiveTable.from_json(stored)
    state, _ = _cut_off(state)
    assert state.seed not in (None, old_seed)


def test_when_no_value_comes_at_all_the_deal_is_void_and_dealt_again_from_scratch():
    """Nobody would be left to play against the dead hands: "Some dealing errors void the hand
    and it's re-dealt from scratch", with new pledges and a new seed."""
    state = _pledge(_pledge(_table(players=2), 1, PHONE[1]), 2, PHONE[2])
    state, _ = _cut_off(state)
    number = state.shuffling.config["hand_number"] if state.shuffling else None
    stacks = [s.stack for s in state.table.seats]
    state, events = apply(
        state, "system", {"type": "timeout", "version": state.version}, now=2 + REVEAL_SECONDS
    )
    assert [e["type"] for e in events] == ["table.no_values"] and state.hand is None
    assert state.shuffling is None and [s.stack for s in state.table.seats] == stacks
    state, events = _cut_off(state)
    assert _started(events)["hand_number"] == number and _started(events)["redeal"] is True


def test_a_silent_phone_is_dealt_a_dead_hand_in_a_game_without_betting_too():
    """Blind Hold'em: "every player stays in to the end" is the players' rule; a hand dealt
    dead for want of its value is out from the deal, its stake in the pot."""
    state = _table(players=3)
    state, _ = apply(
        state, "host", {"type": "set_game", "game": "blind_holdem", "stakes": {"fixed_stake": 2}}, now=0
    )
    state = _pledge(_pledge(state, 1, PHONE[1]), 2, PHONE[2])
    state, _ = _cut_off(state)
    state, _ = _value(state, 1, PHONE[1])
    state, _ = apply(state, "system", {"type": "timeout", "version": state.version}, now=2 + REVEAL_SECONDS)
    assert state.hand is not None and state.hand.seat(2).folded
    assert not state.hand.seat(1).folded and not state.hand.seat(3).folded


def test_a_pledge_taken_back_before_the_deal_is_neither_waited_for_nor_dealt_dead():
    """A phone that goes to the background takes its pledge back: the deal does not wait for
    it, and its player is dealt in like anyone whose phone sent nothing."""
    state = _pledge(_pledge(_table(), 1, PHONE[1]), 2, PHONE[2])
    state, events = apply(state, 2, {"type": "shuffle_withdraw"}, now=1)
    assert state.pledges == {"p1": pledge_of(PHONE[1])} and events[0]["type"] == "table.shuffle_withdrawn"
    assert view(state, 2)["fairness"]["your_pledge"] is None
    assert apply(state, 2, {"type": "shuffle_withdraw"}, now=1)[1] == []  # nothing to take back
    state, _ = _cut_off(state)
    assert state.shuffling is not None and set(state.shuffling.pledges) == {"p1"}
    state, events = _value(state, 1, PHONE[1])
    assert state.hand is not None and not state.hand.seat(2).folded
    assert _started(events)["no_value"] == []
