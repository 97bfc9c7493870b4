"""Rabbit hunt (engine.house.rabbit_hunt): "after a hand ends before the river, a player may ask
to see the cards that would have come (only board cards, never anyone's hole cards)"."""

import random

import pytest

from engine.config import Stakes
from engine.errors import IllegalActionError
from engine.forced_bets import standard_config
from engine.games import GAMES
from engine.hand import Hand
from engine.house.rabbit_hunt import rabbit_positions
from engine.live import LiveTable, StaleIntentError, apply, new_live_table
from engine.live.dealing import RABBIT_WINDOW_SECONDS
from engine.phh import hand_from_phh, hand_to_phh, loads
from engine.table import new_table
from engine.tests.hand_helpers import play, seats_with
from engine.views import view

STAKES = Stakes(small_blind=50, big_blind=100)


def shuffled_hand(game: str = "nlhe", players: int = 3, seed: int = 7, **options: object) -> Hand:
    deck = list(GAMES[game].deck)
    random.Random(seed).shuffle(deck)
    options = {"rabbit_hunt": True, **options}
    config = standard_config(game, seats_with([1000] * players), button=1, stakes=STAKES, options=options)
    return Hand.deal(config, deck)


def test_a_hand_over_before_the_flop_shows_the_five_board_cards_the_dealer_would_have_dealt():
    """Hold'em burns before the flop, the turn and the river: the rabbit skips those cards."""
    hand = play(shuffled_hand(), "1 fold", "2 fold")
    dealt = hand.next_card  # six hole cards
    hand.act(3, "rabbit_hunt")
    deck = hand.deck
    expected = [deck[dealt + 1], deck[dealt + 2], deck[dealt + 3], deck[dealt + 5], deck[dealt + 7]]
    assert view(hand, 1)["rabbit"] == {"by": 3, "boards": [[str(c) for c in expected]]}


def test_a_hand_over_on_the_flop_shows_the_turn_and_river_only():
    hand = play(shuffled_hand(), "1 call", "2 call", "3 check", "2 bet 100", "3 fold", "1 fold")
    assert len(hand.boards[0]) == 3
    flop_end = hand.next_card
    hand.act(1, "rabbit_hunt")
    assert hand.extras["rabbit_hunt"]["boards"] == [
        [str(hand.deck[flop_end + 1]), str(hand.deck[flop_end + 3])]
    ]


def test_the_rabbit_is_never_a_hole_card_a_burn_or_part_of_the_result():
    for seed in range(30):
        hand = play(shuffled_hand("nlhe", 6, seed), "4 fold", "5 fold", "6 fold", "1 fold", "2 fold")
        awards, boards = list(hand.awards), [list(b) for b in hand.boards]
        hand.act(2, "rabbit_hunt")
        rabbit = {c for board in hand.extras["rabbit_hunt"]["boards"] for c in board}
        hole = {str(c) for s in hand.seats for c in s.hole}
        burns = {str(hand.deck[p]) for p in range(hand.next_card, hand.next_card + 8)} - rabbit
        assert not rabbit & hole and not rabbit & burns and len(rabbit) == 5
        assert hand.awards == awards and hand.boards == boards  # not part of the hand's result
        assert all(p >= hand.next_card for board in rabbit_positions(hand) for p in board)


def test_each_refusal_says_why_and_changes_nothing():
    hand = shuffled_hand()
    with pytest.raises(IllegalActionError, match="once the hand is over"):
        hand.act(1, "rabbit_hunt")
    play(hand, "1 fold", "2 fold")
    with pytest.raises(IllegalActionError, match="not dealt in"):
        hand.act(7, "rabbit_hunt")
    hand.act(1, "rabbit_hunt")
    before = hand.to_json()
    with pytest.raises(IllegalActionError, match="hunted already"):
        hand.act(2, "rabbit_hunt")
    assert hand.to_json() == before


def test_it_is_off_unless_the_host_turns_it_on():
    hand = play(shuffled_hand(rabbit_hunt=False), "1 fold", "2 fold")
    with pytest.raises(IllegalActionError, match="does not play the rabbit hunt"):
        hand.act(1, "rabbit_hunt")


def test_a_hand_that_reached_the_river_has_no_rabbit():
    hand = shuffled_hand(players=2)
    while not hand.finished:
        seat = hand.to_act
        actions = hand.legal_actions(seat)["actions"]
        hand.act(seat, next(a for a in ("check", "call", "show") if actions.get(a, {}).get("allowed")))
    with pytest.raises(IllegalActionError, match="no rabbit"):
        hand.act(1, "rabbit_hunt")


def test_short_deck_deals_its_rabbit_from_its_own_deck_order():
    hand = play(shuffled_hand("short_deck"), "1 fold", "2 fold")
    hand.act(3, "rabbit_hunt")
    assert all(card[0] not in "2345" for card in hand.extras["rabbit_hunt"]["boards"][0])


def test_the_rabbit_is_written_in_the_hand_history_and_read_back():
    hand = play(shuffled_hand(), "1 fold", "2 fold")
    hand.act(3, "rabbit_hunt")
    fields = loads(hand_to_phh(hand))
    assert fields["_rabbit_hunt"] == ["p2", "".join(hand.extras["rabbit_hunt"]["boards"][0])]
    again = hand_from_phh(hand_to_phh(hand))
    assert [s.stack for s in again.seats] == [s.stack for s in hand.seats]
    assert Hand.replay(hand.config, hand.deck, hand.events).to_json() == hand.to_json()


def test_each_player_of_a_hand_over_early_is_offered_the_rabbit_until_it_is_hunted():
    """ "after a hand ends before the river, a player may ask": the finished hand's legal
    actions offer it to every player dealt in (folded or not), and to nobody once it is hunted,
    when the whole board was dealt, or at a table without the option. Every screen is told
    that it may still be asked for (`rabbit_open`), so the host sees the window too."""
    hand = shuffled_hand()
    assert "rabbit_hunt" not in hand.legal_actions(1)["actions"]  # not while the hand is played
    play(hand, "1 fold", "2 fold")
    for seat in (1, 2, 3):
        assert view(hand, seat)["legal_actions"] == {
            "your_turn": False,
            "reason": "The hand is over",
            "actions": {"rabbit_hunt": {"allowed": True}},
        }
    assert view(hand, "public")["legal_actions"] is None
    assert all(view(hand, viewer)["rabbit_open"] is True for viewer in (1, 2, 3, "host", "public"))
    hand.act(2, "rabbit_hunt")
    assert all(hand.legal_actions(seat)["actions"] == {} for seat in (1, 2, 3))
    assert "rabbit_open" not in view(hand, "public")
    assert play(shuffled_hand(rabbit_hunt=False), "1 fold", "2 fold").legal_actions(1)["actions"] == {}


def live_hand_folded_round(deal_delay: float, now: float) -> tuple[LiveTable, float]:
    """A live table dealing automatically with the rabbit on: hand 1 dealt at `now`, folded
    round to the big blind at `now` + 1. Returns the table and when the hand ended."""
    state = new_live_table(new_table(max_seats=6, stakes=STAKES))
    for seat in (1, 2, 3):
        sit = {"type": "sit", "seat": seat, "player": f"p{seat}", "stack": 1000}
        state, _ = apply(state, "system", sit, now=now)
    state, _ = apply(state, "host", {"type": "options", "deal_delay": deal_delay}, now=now)
    rabbit = {"type": "set_game", "game": "nlhe", "stakes": {"small_blind": 50, "big_blind": 100}}
    state, _ = apply(state, "host", {**rabbit, "options": {"rabbit_hunt": True}}, now=now)
    state, _ = apply(state, "host", {"type": "start_hand", "seed": "11" * 32}, now=now)
    while state.hand_in_progress:
        act = {"type": "act", "action": {"type": "fold"}}
        state, _ = apply(state, state.hand.to_act, act, now=now + 1)
    return state, now + 1


def test_the_next_deal_leaves_time_to_ask_and_to_see_the_rabbit():
    """Decided: a request is taken until the next deal. After a hand whose rabbit may be hunted
    the dealer waits at least RABBIT_WINDOW_SECONDS (even if the table's pause is shorter), and
    a request, however late in that window, holds the next deal back until the rabbit has been
    on every screen for a whole pause."""
    state, ended = live_hand_folded_round(deal_delay=2, now=1000)
    assert state.next_deal_at == ended + RABBIT_WINDOW_SECONDS  # not ended + 2
    asked_at = state.next_deal_at - 0.5  # a slow thumb, half a second before the deal
    state, events = apply(state, 2, {"type": "rabbit_hunt"}, now=asked_at)
    assert events[0] == {"type": "table.rabbit_hunt", "seat": 2, "hand_number": 1}
    assert state.next_deal_at == asked_at + RABBIT_WINDOW_SECONDS
    with pytest.raises(StaleIntentError, match="not due"):
        apply(state, "system", {"type": "start_hand"}, now=ended + RABBIT_WINDOW_SECONDS)
    state, _ = apply(state, "system", {"type": "start_hand"}, now=state.next_deal_at)
    assert state.hand.config.hand_number == 2
    with pytest.raises(IllegalActionError, match="once the hand is over"):
        apply(state, 1, {"type": "rabbit_hunt"}, now=state.next_deal_at)  # too late: a new hand


def test_a_longer_pause_of_the_table_is_the_window_and_a_table_without_the_rabbit_keeps_its_pause():
    state, ended = live_hand_folded_round(deal_delay=20, now=1000)
    assert state.next_deal_at == ended + 20
    state, _ = apply(state, 3, {"type": "rabbit_hunt"}, now=ended + 1)
    assert state.next_deal_at == ended + 1 + 20  # a whole pause with the rabbit on every screen

    quick = new_live_table(new_table(max_seats=6, stakes=STAKES))
    for seat in (1, 2):
        sit = {"type": "sit", "seat": seat, "player": f"p{seat}", "stack": 1000}
        quick, _ = apply(quick, "system", sit, now=0)
    quick, _ = apply(quick, "host", {"type": "options", "deal_delay": 2}, now=0)
    quick, _ = apply(quick, "host", {"type": "start_hand", "seed": "11" * 32}, now=0)
    quick, _ = apply(quick, quick.hand.to_act, {"type": "act", "action": {"type": "fold"}}, now=1)
    assert not quick.hand_in_progress and quick.next_deal_at == 1 + 2


def test_only_a_player_of_the_hand_asks_for_its_rabbit_whatever_seat_they_have_now():
    """ "after a hand of yours ended before the river" (docs/protocol.md): a seat names who sits
    there now. A player who sat down after the hand is refused and nothing changes; one who
    moved asks as the seat they had in the hand."""
    state, ended = live_hand_folded_round(deal_delay=2, now=1000)
    state, _ = apply(state, "system", {"type": "change_seat", "seat": 2, "to": 5}, now=ended)
    sit = {"type": "sit", "seat": 2, "player": "newcomer", "stack": 1000}
    state, _ = apply(state, "system", sit, now=ended)
    with pytest.raises(IllegalActionError, match="Only a player of hand #1"):
        apply(state, 2, {"type": "rabbit_hunt"}, now=ended + 1)
    state, events = apply(state, 5, {"type": "rabbit_hunt"}, now=ended + 1)
    assert events[0]["seat"] == 2 and state.hand.extras["rabbit_hunt"]["by"] == 2
