"""Run it twice (engine.house.run_it_twice): the question, the two runouts, the split pots.

Rule (house rules, "Burn Cards"): "Before the flop, the turn, and the river, the dealer
"burns" the top card of the deck face-down and out of play." Rule (all-in): "When no more
betting is possible because players are all-in, all live hands are turned face up before
the rest of the board is dealt." The split (double board, applied to each run): "the pot
is split in half. Each half goes to the best hand on its board", and "the extra smallest
unit goes to the first board".
"""

from __future__ import annotations

import pytest

from engine.config import Stakes
from engine.errors import IllegalActionError
from engine.forced_bets import standard_config
from engine.games import GAMES
from engine.hand import Hand
from engine.house import run_it_twice
from engine.house.views import visible_history
from engine.live import LiveOptions, apply, new_live_table
from engine.table import new_table
from engine.tests.hand_helpers import make_hand, play, seats_with, stacked_deck, with_second_run
from engine.views import view

TWICE = {"run_it_twice": True}


def _flop_all_in(second_run: dict[int, str] | None = None, stacks=(1000, 1000), **holes_and_board) -> Hand:
    """Heads-up, all-in on the flop 7c 2h 9h: seat 1 7s7d (a set) against seat 2 AhKh (a flush draw).
    The first run's turn and river are Qs 3c; `second_run` places the second run's cards."""
    holes = holes_and_board.get("holes", {1: "7s7d", 2: "AhKh"})
    board = holes_and_board.get("board", "7c2h9h Qs 3c")
    config = standard_config(
        "nlhe", seats_with(list(stacks)), button=1, stakes=Stakes(50, 100), options=TWICE
    )
    deck = stacked_deck(config, holes, [board])
    # 4 hole cards, then burn, flop, burn, turn, burn, river: the second run starts at 12.
    hand = Hand.deal(config, with_second_run(deck, 12, second_run or {}))
    return play(hand, "1 call", "2 check", "2 check", "1 bet 900", "2 call")


def test_everyone_all_in_before_the_river_is_asked_once_the_hands_are_face_up():
    hand = _flop_all_in()
    types = [event.type for event in hand.events]
    assert types.index("hands_tabled") < types.index("run_it_twice_offered")
    assert hand.phase == "run_it_twice"
    assert [len(board) for board in hand.boards] == [3]  # nothing dealt while they decide
    assert run_it_twice.state(hand)["asked"] == [2, 1]  # left of the button first
    for seat in (1, 2):
        actions = hand.legal_actions(seat)
        assert actions["your_turn"] and set(actions["actions"]) == {"run_twice", "run_once"}


def test_an_all_in_short_stack_is_asked_too_and_a_folded_player_is_not():
    hand = make_hand("nlhe", [1000, 300, 1000, 1000], holes={1: "AsAh", 2: "KsKh", 3: "QsQh"}, options=TWICE)
    # Button 1, blinds 2 and 3; seat 4 folds, seat 1 shoves, the short big blind... all in.
    play(hand, "4 fold", "1 raise 1000", "2 call", "3 call")
    assert run_it_twice.state(hand)["asked"] == [2, 3, 1]
    with pytest.raises(IllegalActionError, match="Only the players still in the hand"):
        hand.act(4, "run_twice")


def test_all_agreeing_deals_a_second_runout_after_the_first_from_the_deck_in_order():
    hand = _flop_all_in({0: "5d", 1: "Th", 2: "6d", 3: "Jh"})  # burn 5d, turn Th, burn 6d, river Jh
    asked_at = hand.next_card
    play(hand, "2 run_twice", "1 run_twice")
    assert hand.finished
    assert [[str(c) for c in board] for board in hand.boards] == [
        ["7c", "2h", "9h", "Qs", "3c"],
        ["7c", "2h", "9h", "Th", "Jh"],  # the flop is shared; its own turn and river
    ]
    assert asked_at == 8  # 4 hole cards, a burn and the flop
    assert [str(c) for c in hand.burned[-2:]] == ["5d", "6d"]  # each street of run 2 burns first
    assert hand.next_card == 16
    by_run = {award.board: award for award in hand.awards}
    assert by_run[0].shares == ((1, 1000),) and "Three of a kind" in by_run[0].hand
    assert by_run[1].shares == ((2, 1000),) and "Flush" in by_run[1].hand
    assert [s.stack for s in hand.seats] == [1000, 1000]
    assert hand.chips_on_table() == hand.chips_total


def test_one_refusal_runs_it_once_at_once():
    hand = _flop_all_in({1: "Th", 3: "Jh"})
    play(hand, "2 run_once")
    assert hand.finished
    assert len(hand.boards) == 1 and [str(c) for c in hand.boards[0]] == ["7c", "2h", "9h", "Qs", "3c"]
    assert [award.board for award in hand.awards] == [None]
    assert [s.stack for s in hand.seats] == [2000, 0]
    assert view(hand, "public")["run_it_twice"]["runs"] == 1


def test_the_question_refuses_everything_else_and_a_second_answer():
    hand = _flop_all_in()
    with pytest.raises(IllegalActionError, match="answer first"):
        hand.act(1, "check")
    play(hand, "1 run_twice")
    with pytest.raises(IllegalActionError, match="already answered"):
        hand.act(1, "run_once")
    assert hand.legal_actions(1)["your_turn"] is False and "seat 2" in hand.legal_actions(1)["reason"]
    assert hand.to_act == 2


def test_every_pot_and_side_pot_is_split_in_half_each_run_awarding_its_own_half():
    """Seat 1 folds its small blind of 51 (dead money), seat 2 is all-in for its big blind,
    seat 3 all-in for 301, seats 4 and 5 all-in on the flop: a main pot of 451 and a side
    pot of 603 (both odd) and a side pot of 1398. Run 1: the aces, kings and queens win the
    pots they can; run 2 (Jc Jh) gives seat 5 quad jacks and its half of every pot."""
    holes = {2: "AsAd", 3: "KsKd", 4: "QsQd", 5: "JsJd"}
    config = standard_config(
        "nlhe",
        seats_with([1000, 100, 301, 1000, 1000]),
        button=5,
        stakes=Stakes(small_blind=51, big_blind=100),
        options=TWICE,
    )
    # 10 hole cards, then 3 burns and the first run's 5 cards: the second run starts at 18.
    deck = with_second_run(stacked_deck(config, holes, ["2c7h8d 3c 4h"]), 18, {1: "Jc", 3: "Jh"})
    hand = Hand.deal(config, deck)
    play(hand, "3 raise 301", "4 call", "5 call", "1 fold", "4 bet 699", "5 call")
    assert run_it_twice.state(hand)["asked"] == [2, 3, 4, 5]
    play(hand, "2 run_twice", "3 run_twice", "4 run_twice", "5 run_twice")
    assert hand.finished
    won = {(award.pot, award.board): (award.amount, award.shares) for award in hand.awards}
    assert won == {
        (0, 0): (226, ((2, 226),)),  # 451: "the extra smallest unit goes to the first board"
        (0, 1): (225, ((5, 225),)),
        (1, 0): (302, ((3, 302),)),  # 603
        (1, 1): (301, ((5, 301),)),
        (2, 0): (699, ((4, 699),)),  # 1398
        (2, 1): (699, ((5, 699),)),
    }
    assert hand.chips_on_table() == hand.chips_total


def test_a_tie_within_one_run_splits_that_runs_half():
    """All-in preflop; the second run is a royal flush on the board: both play it and split
    that half ("tied hands share it equally"), the first run's half goes to the set."""
    config = standard_config(
        "nlhe", seats_with([1000, 1000]), button=1, stakes=Stakes(50, 100), options=TWICE
    )
    deck = stacked_deck(config, {1: "7s7d", 2: "2c3d"}, ["7c8d9h 2h 4c"])
    # 4 hole cards, 3 burns, 5 board cards: run 2 is burn, flop, burn, turn, burn, river from 12.
    hand = Hand.deal(config, with_second_run(deck, 12, {1: "Ts", 2: "Js", 3: "Qs", 5: "Ks", 7: "As"}))
    play(hand, "1 raise 1000", "2 call", "2 run_twice", "1 run_twice")
    assert [str(c) for c in hand.boards[1]] == ["Ts", "Js", "Qs", "Ks", "As"]
    second = next(award for award in hand.awards if award.board == 1)
    assert second.amount == 1000 and dict(second.shares) == {1: 500, 2: 500}
    assert [s.stack for s in hand.seats] == [1500, 500]


def test_the_option_off_deals_once_without_asking():
    hand = make_hand("nlhe", [1000, 1000], holes={1: "AsAh", 2: "KsKh"})
    play(hand, "1 raise 1000", "2 call")
    assert hand.finished and len(hand.boards) == 1
    assert not any(event.type == "run_it_twice_offered" for event in hand.events)


def test_nobody_is_asked_when_the_all_in_comes_on_the_river():
    hand = make_hand("nlhe", [1000, 1000], holes={1: "AsAh", 2: "KsKh"}, options=TWICE)
    play(hand, "1 call", "2 check", "2 check", "1 check", "2 check", "1 check", "2 bet 900", "1 call")
    assert hand.phase == "showdown" and run_it_twice.state(hand) is None


@pytest.mark.parametrize(
    ("game", "runs_twice"),
    [
        ("nlhe", True),
        ("flhe", True),
        ("short_deck", True),
        ("plo", True),
        ("bomb_pot", True),
        ("bomb_pot_double", False),  # already two boards: each pot is split between them
        ("blind_holdem", False),  # no bets: nobody is ever all-in
        ("crazy_blind_man", False),  # one board and every hand face up at the showdown
    ],
)
def test_which_games_can_be_run_twice(game, runs_twice):
    assert run_it_twice.allowed(GAMES[game]) is runs_twice


def test_a_deck_with_no_room_for_a_second_runout_is_run_once():
    """Pot-Limit Omaha with ten players: 40 hole cards leave 12, and two runouts from
    preflop need 16."""
    hand = make_hand("plo", [2] * 10, stakes=Stakes(1, 2), options=TWICE)
    play(hand, *(f"{seat} call" for seat in [4, 5, 6, 7, 8, 9, 10, 1, 2]))  # all in for the big blind
    assert hand.finished
    assert run_it_twice.state(hand) is None
    assert len(hand.boards) == 1


def test_a_hand_run_twice_replays_from_its_events_and_round_trips_as_json():
    hand = _flop_all_in({1: "Th", 3: "Jh"})
    play(hand, "2 run_twice", "1 run_twice")
    assert Hand.replay(hand.config, hand.deck, hand.events).to_json() == hand.to_json()
    assert Hand.from_json(hand.to_json()).to_json() == hand.to_json()


def test_the_views_show_both_runs_and_who_agreed_but_never_a_burn():
    hand = _flop_all_in({0: "5d", 1: "Th", 2: "6d", 3: "Jh"})
    play(hand, "2 run_twice")
    asking = view(hand, 1)["run_it_twice"]
    assert asking == {
        "asked": [2, 1],
        "answers": [{"seat": 2, "agreed": True}],
        "waiting_for": [1],
        "runs": None,
        "shared": 3,
    }
    play(hand, "1 run_twice")
    for viewer in ("public", "host", 1, 2):
        seen = view(hand, viewer)
        assert seen["boards"][1] == ["7c", "2h", "9h", "Th", "Jh"]
        assert {result["board"] for result in seen["results"]} == {0, 1}
        assert "5d" not in str(seen) and "6d" not in str(seen)
        history = str(visible_history(hand, viewer))
        assert "Jh" in history and "5d" not in history and "6d" not in history


def test_running_out_of_time_means_once():
    """The live table's question timer: one for everyone asked, not restarted by an answer;
    when it runs out the first player still to answer is taken to say once."""
    state = new_live_table(
        new_table(max_seats=6, stakes=Stakes(small_blind=1, big_blind=2)),
        LiveOptions(run_it_twice=True, run_it_twice_seconds=15),
    )
    for seat in (1, 2):
        sit = {"type": "sit", "seat": seat, "player": f"p{seat}", "stack": 100, "name": f"P{seat}"}
        state, _ = apply(state, "system", sit, now=0)
    state, _ = apply(state, "host", {"type": "start_hand", "seed": "ab" * 32}, now=100)
    assert state.hand.config.options == TWICE
    first = state.hand.to_act
    state, _ = apply(state, first, {"type": "act", "action": {"type": "raise", "to": 100}}, now=101)
    state, _ = apply(state, state.hand.to_act, {"type": "act", "action": {"type": "call"}}, now=102)
    assert state.hand.phase == "run_it_twice" and state.deadline == 117
    state, _ = apply(state, state.hand.to_act, {"type": "act", "action": {"type": "run_twice"}}, now=105)
    assert state.deadline == 117  # the same timer for everyone asked
    late = state.hand.to_act
    state, events = apply(state, "system", {"type": "timeout", "version": state.version}, now=118)
    assert events[0] == {"type": "table.timed_out", "seat": late, "action": "run_once"}
    assert state.hand.finished and len(state.hand.boards) == 1
    assert sum(s.stack for s in state.table.seats) == 200
