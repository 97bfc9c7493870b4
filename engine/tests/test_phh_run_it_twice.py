"""A hand run twice as a PHH hand history: written, read, replayed and redacted.

PHH (and PokerKit, its reference reader) writes multiple runouts as dealing actions: the
second runout's `d db` actions follow the first runout's, street by street. The answers to
the question have no PHH notation; they go in `_home_actions` ("N pX run_twice").
"""

from __future__ import annotations

import random

import pytest

from engine.cards import parse_cards
from engine.config import Stakes
from engine.forced_bets import standard_config
from engine.games import GAMES
from engine.hand import Hand
from engine.house import run_it_twice
from engine.phh import dumps, hand_from_phh, hand_to_phh, loads, replay
from engine.phh.redact import history_for
from engine.tests.hand_helpers import play, seats_with, stacked_deck

TWICE = {"run_it_twice": True}


def _flop_all_in(*answers: str) -> Hand:
    """Heads-up all-in on the flop 7c 2h 9h (7s7d against AhKh); run 1: Qs 3c; run 2: Th Jh."""
    config = standard_config(
        "nlhe", seats_with([1000, 1000]), button=1, stakes=Stakes(50, 100), options=TWICE
    )
    deck = list(stacked_deck(config, {1: "7s7d", 2: "AhKh"}, ["7c2h9h Qs 3c"]))
    for position, text in ((13, "Th"), (15, "Jh")):  # run 2: burn at 12, turn at 13, burn, river
        wanted = parse_cards(text)[0]
        here = deck.index(wanted)
        deck[here], deck[position] = deck[position], deck[here]
    hand = Hand.deal(config, deck)
    return play(hand, "1 call", "2 check", "2 check", "1 bet 900", "2 call", *answers)


def test_the_second_runout_is_written_as_dealing_actions_after_the_first():
    hand = _flop_all_in("2 run_twice", "1 run_twice")
    history = loads(hand_to_phh(hand))
    boards = [action for action in history["actions"] if action.startswith("d db")]
    assert boards == ["d db 7c2h9h", "d db Qs", "d db 3c", "d db Th", "d db Jh"]
    assert history["_options"] == TWICE
    # p1 is the big blind (seat 2) heads-up, p2 the button (seat 1).
    assert [entry.split(" ", 1)[1] for entry in history["_home_actions"]] == ["p1 run_twice", "p2 run_twice"]
    assert history["finishing_stacks"] == [1000, 1000]


@pytest.mark.parametrize(
    "answers", [("2 run_twice", "1 run_twice"), ("2 run_twice", "1 run_once"), ("2 run_once",)]
)
def test_a_hand_run_twice_or_not_round_trips(answers):
    hand = _flop_all_in(*answers)
    text = hand_to_phh(hand)
    again = hand_from_phh(text)
    assert again.finished
    assert [s.stack for s in again.seats] == [s.stack for s in hand.seats]
    assert again.boards == hand.boards
    assert [award.to_json() for award in again.awards] == [award.to_json() for award in hand.awards]
    assert run_it_twice.state(again)["answers"] == run_it_twice.state(hand)["answers"]
    assert hand_to_phh(again) == text


def test_a_file_that_deals_a_second_runout_without_answers_was_agreed():
    """A file written elsewhere records the runouts and not who agreed: dealing a second
    runout means everyone did."""
    history = loads(hand_to_phh(_flop_all_in("2 run_twice", "1 run_twice")))
    del history["_home_actions"], history["_options"]
    hand = hand_from_phh(dumps(history))
    assert [str(c) for c in hand.boards[1]] == ["7c", "2h", "9h", "Th", "Jh"]
    assert replay(dumps(history)) == [1000, 1000]


def test_each_viewers_redacted_file_replays_and_names_no_burn():
    hand = _flop_all_in("2 run_twice", "1 run_twice")
    burns = {str(c) for c in hand.burned}
    for viewer in ("public", "host", 1, 2):
        text = dumps(history_for(hand, viewer))
        assert replay(text) == [1000, 1000]
        assert not any(burn in line for burn in burns for line in loads(text)["actions"])


@pytest.mark.parametrize("game", ["nlhe", "flhe", "short_deck", "plo"])
def test_random_hands_run_twice_round_trip(game):
    rng = random.Random(f"run it twice {game}")
    ran_twice = 0
    for _ in range(40):
        players = rng.randint(2, 5)
        stacks = [rng.choice([rng.randint(3, 40), rng.randint(40, 400)]) for _ in range(players)]
        config = standard_config(
            game, seats_with(stacks), button=rng.randint(1, players), stakes=Stakes(1, 2), options=TWICE
        )
        deck = list(GAMES[game].deck)
        rng.shuffle(deck)
        hand = Hand.deal(config, deck)
        while not hand.finished:
            seat = hand.to_act
            options = hand.legal_actions(seat)["actions"]
            allowed = sorted(name for name, option in options.items() if option["allowed"])
            weights = [{"fold": 1, "run_once": 1, "run_twice": 6}.get(name, 3) for name in allowed]
            action = rng.choices(allowed, weights)[0]
            if action in ("bet", "raise"):
                hand.act(seat, action, options[action]["max_to"])  # all-ins, so runouts come often
            else:
                hand.act(seat, action)
        ran_twice += len(hand.boards) == 2
        assert hand.chips_on_table() == hand.chips_total
        again = hand_from_phh(hand_to_phh(hand))
        assert [s.stack for s in again.seats] == [s.stack for s in hand.seats]
        assert again.boards == hand.boards
    assert ran_twice >= 3
