"""A live table's fair shuffle (engine.live.fairness; DESIGN.md, "Shuffling").

"Nobody chooses the deck, not even the host. The server commits to its seed before the deal;
the seated phones add their own random contributions; the deck comes from all of them
together." and "Everyone can check, nobody learns a hidden card. [...] After the hand each
viewer gets the openings of what they may see (shown cards for all, own hole cards
privately)."
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.cards import STANDARD_DECK
from engine.config import Stakes
from engine.errors import IllegalActionError
from engine.live import LiveTable, apply, new_live_table, view
from engine.shuffle import check_opening, commitment, deck_seed, shuffled_deck
from engine.table import new_table

PHONE = {1: "11" * 32, 2: "22" * 32, 3: "33" * 32}


def _table(players: int = 3) -> LiveTable:
    state = new_live_table(new_table(max_seats=6, stakes=Stakes(small_blind=1, big_blind=2)))
    for seat in range(1, players + 1):
        sit = {"type": "sit", "seat": seat, "player": f"p{seat}", "stack": 100, "name": f"P{seat}"}
        state, _ = apply(state, "system", sit, now=0)
    return state


def _contribute(state: LiveTable, seat: int, value: str, seen: str | None = None) -> LiveTable:
    intent = {"type": "contribute", "value": value, "commitment": seen or state.next_commitment}
    return apply(state, seat, intent, now=1)[0]


def _deal(state: LiveTable) -> tuple[LiveTable, list[dict[str, Any]]]:
    return apply(state, "host", {"type": "start_hand"}, now=2)


def test_the_server_seed_is_committed_before_the_deal_and_deals_alone_when_no_phone_contributes():
    state = _table()
    published = state.next_commitment
    assert published and all(
        view(state, v)["fairness"]["next_commitment"] == published for v in (1, "public")
    )
    server = bytes.fromhex(state.next_seed or "")
    state, events = _deal(state)
    assert state.commitment == commitment(server) == published
    assert state.hand is not None and state.hand.deck == shuffled_deck(server)
    assert events[0]["contributions"] == {} and events[0]["deck_root"] == state.deck_root
    # The next deal's seed is committed at once, and is another one.
    assert state.next_commitment not in (None, published)


def test_the_deck_comes_from_the_server_seed_and_every_contribution_of_a_seat_dealt_in():
    state = _table(players=3)
    server = bytes.fromhex(state.next_seed or "")
    for seat in (1, 3):
        state = _contribute(state, seat, PHONE[seat])
    assert view(state, 1)["fairness"]["your_contribution"] == PHONE[1]  # shown back to the player
    assert view(state, 2)["fairness"]["your_contribution"] is None
    assert PHONE[1] not in json.dumps(view(state, 3))
    state, events = _deal(state)
    mixed = deck_seed(server, [bytes.fromhex(PHONE[1]), bytes.fromhex(PHONE[3])])
    assert state.hand is not None and state.hand.deck == shuffled_deck(mixed)
    assert events[0]["contributions"] == {"1": PHONE[1], "3": PHONE[3]}
    assert state.contributions == {}  # each deal takes fresh values


def test_a_contribution_must_be_32_hex_bytes_for_the_commitment_now_published():
    state = _table()
    old = state.next_commitment
    for value, seen in (("ab", None), ("ZZ" * 32, None), (PHONE[1], "00" * 32)):
        with pytest.raises(IllegalActionError):
            _contribute(state, 1, value, seen)
    with pytest.raises(IllegalActionError, match="seated"):
        _contribute(state, 5, PHONE[1])
    state, _ = _deal(state)
    with pytest.raises(IllegalActionError, match="earlier deal"):
        _contribute(state, 1, PHONE[1], old)


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
    state = _contribute(_table(players=3), 2, PHONE[2])
    state, _ = _deal(state)
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


def test_a_contribution_is_its_players_and_moves_with_them_not_with_the_seat():
    """ "each seated phone may send a contribution [...] shown back to the player": a player
    who sits down where another contributed is shown nothing and deals with their own value."""
    state = _contribute(_table(players=2), 1, PHONE[1])
    state, _ = apply(state, "system", {"type": "change_seat", "seat": 1, "to": 5}, now=1)
    state, _ = apply(state, "system", {"type": "sit", "seat": 1, "player": "newcomer", "stack": 100}, now=1)
    assert view(state, 1)["fairness"]["your_contribution"] is None
    assert view(state, 5)["fairness"]["your_contribution"] == PHONE[1]
    state = _contribute(state, 1, PHONE[3])
    dealt = LiveTable.from_json(json.loads(json.dumps(state.to_json())))  # as stored and read back
    dealt, events = _deal(dealt)
    seat_of = {s.player: s.seat for s in dealt.hand.seats}
    expected = {
        str(seat_of[p]): value for p, value in (("p1", PHONE[1]), ("newcomer", PHONE[3])) if p in seat_of
    }
    assert events[0]["contributions"] == expected and "p1" in seat_of
