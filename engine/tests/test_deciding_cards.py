"""What decided a showdown, named for people (engine.deciding_cards).

House rules: "If two or more players remain after the final bet, cards are revealed and the
best five-card hand takes the pot. Ties split the pot equally." and "You may use any combination
of your two hole cards and the five community cards, including all five community cards (playing
the board)." The rule texts speak of the best five cards, not of kickers: a kicker is one of the
five, and it decides only when every higher card of the two fives is equal.
"""

from __future__ import annotations

import itertools
import random

import pytest

from engine.cards import STANDARD_DECK, parse_cards
from engine.deciding_cards import decide, hand_words
from engine.evaluator import HandCategory, evaluate


def _value(cards: str):
    return evaluate(parse_cards(cards))


def _codes(cards) -> list[str]:
    return [str(c) for c in cards]


def test_same_three_of_a_kind_is_decided_by_the_kicker_and_says_so():
    """The issue's own example: "Alice wins with three nines, ace kicker"; the loser reads
    "three nines, king kicker", and Alice's ace kicker plays."""
    board = "9s9h4d2c7h"
    alice, bob = _value(board + "9dAc"), _value(board + "9cKd")
    d = decide(alice, bob)
    assert d.winner_words == "three nines, ace kicker"
    assert d.loser_words == "three nines, king kicker"
    assert d.plays == "ace kicker" and d.by_kicker
    assert _codes(d.winner_cards) == ["9s", "9h", "9d", "Ac"]
    assert _codes(d.loser_cards) == ["9s", "9h", "9c", "Kd"]


def test_a_second_kicker_names_the_kickers_down_to_the_one_that_decided():
    """ "the best five-card hand takes the pot": with the pair and the first kicker equal, the
    next card of the five decides."""
    board = "JsJh8d3c2h"
    d = decide(_value(board + "AcQd"), _value(board + "AdTc"))
    assert d.winner_words == "a pair of jacks, ace-queen kickers"
    assert d.loser_words == "a pair of jacks, ace-ten kickers"
    assert d.plays == "queen kicker"
    assert sorted(_codes(d.winner_cards)) == sorted(["Js", "Jh", "Ac", "Qd"])


def test_a_higher_kind_needs_no_kicker():
    d = decide(_value("9s9h9dAc4s2h3c"), _value("KsKh9dAc4s2h3c"))
    assert (d.winner_words, d.loser_words, d.by_kicker) == ("three nines", "a pair of kings", False)
    assert d.plays == "three nines"
    assert _codes(d.winner_cards) == ["9s", "9h", "9d"]
    assert _codes(d.loser_cards) == ["Ks", "Kh"]


def test_higher_trips_of_the_same_kind_need_no_kicker():
    d = decide(_value("9s9h9dAc4s"), _value("7s7h7dAd4c"))
    assert (d.winner_words, d.loser_words, d.by_kicker) == ("three nines", "three sevens", False)


def test_two_pair_decided_by_the_second_pair_then_by_the_fifth_card():
    second_pair = decide(_value("KsKh9s9hAc"), _value("KdKc7s7hAd"))
    assert second_pair.winner_words == "two pair, kings and nines"
    assert not second_pair.by_kicker
    fifth = decide(_value("KsKh9s9hAc"), _value("KdKc9d9cQd"))
    assert fifth.winner_words == "two pair, kings and nines, ace kicker"
    assert fifth.plays == "ace kicker"
    assert len(fifth.winner_cards) == 5


def test_flushes_and_high_cards_are_compared_card_by_card():
    flush = decide(_value("AhKh9h5h2h"), _value("AsKs8s5s2s"))
    assert flush.winner_words == "a flush, ace-king-nine high"
    assert flush.loser_words == "a flush, ace-king-eight high"
    assert flush.plays == "nine" and flush.by_kicker
    assert _codes(flush.winner_cards) == ["Ah", "Kh", "9h"]
    high = decide(_value("AhQd9c5s2h"), _value("KsQh9d5c2s"))
    assert (high.winner_words, high.loser_words, high.plays) == ("ace high", "king high", "ace high")


def test_a_straight_is_named_by_its_top_card_and_all_five_play():
    d = decide(_value("9s8h7d6c5s"), _value("8d7s6h5d4c"))
    assert (d.winner_words, d.loser_words) == ("a straight, nine high", "a straight, eight high")
    assert len(d.winner_cards) == 5
    wheel = _value("5s4h3d2cAs")
    assert hand_words(wheel) == "a straight, five high"


def test_four_of_a_kind_kicker_and_full_houses():
    quads = decide(_value("9s9h9d9cAs"), _value("9s9h9d9cKs"))
    assert quads.winner_words == "four nines, ace kicker"
    full = decide(_value("KsKhKd7c7s"), _value("QsQhQd7d7h"))
    assert full.winner_words == "a full house, kings full of sevens"


def test_a_tie_or_a_worse_hand_is_refused():
    """ "Ties split the pot equally": nothing decided between equal hands."""
    with pytest.raises(ValueError):
        decide(_value("9s9h9dAc4s"), _value("9c9h9dAd4c"))
    with pytest.raises(ValueError):
        decide(_value("7s7h7dAd4c"), _value("9s9h9dAc4s"))


def test_every_decision_names_cards_of_the_best_five_and_tells_the_hands_apart():
    """Over random pairs of seven-card hands: the cards named are among each hand's best five,
    the winner's words differ from the loser's, and a kicker is named only when the kinds and
    their ranks are equal."""
    rng = random.Random(19)
    checked = 0
    for _ in range(3000):
        cards = rng.sample(STANDARD_DECK, 9)
        board = cards[:5]
        a, b = evaluate([*board, *cards[5:7]]), evaluate([*board, *cards[7:9]])
        if a == b:
            continue
        winner, loser = max(a, b), min(a, b)
        d = decide(winner, loser)
        assert set(d.winner_cards) <= set(winner.cards) and d.winner_cards
        assert set(d.loser_cards) <= set(loser.cards) and d.loser_cards
        assert d.winner_words != d.loser_words
        if winner.category is not loser.category:
            assert not d.by_kicker
        checked += 1
    assert checked > 2500


def test_every_kind_has_words():
    seen = set()
    for five in itertools.islice(itertools.combinations(STANDARD_DECK, 5), 0, None, 997):
        value = evaluate(five)
        assert hand_words(value)
        seen.add(value.category)
    assert HandCategory.PAIR in seen and HandCategory.HIGH_CARD in seen
