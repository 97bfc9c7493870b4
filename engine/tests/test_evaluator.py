"""Hand values: engine.evaluator against the rule texts and an independent slow ranker."""

from __future__ import annotations

import doctest
import random
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine.evaluator
from conftest import examples
from engine.cards import SHORT_DECK, STANDARD_DECK, card, parse_cards
from engine.errors import ConfigurationError, EngineError, InvalidCardError
from engine.evaluator import HandCategory, HandValue, Ranking, evaluate, evaluate_omaha
from engine.tests.reference_hands import reference_key, reference_omaha_key


def value(text: str, ranking: str = "standard") -> HandValue:
    return evaluate(parse_cards(text), ranking)


def test_categories_rank_from_royal_flush_down_to_high_card():
    """house rules / crazy-blind-man.txt: "Hand rankings, high to low: royal flush · straight
    flush · four of a kind · full house · flush · straight · three of a kind · two pair ·
    one pair · high card." """
    hands = ["AsKsQsJsTs", "9h8h7h6h5h", "7c7d7h7sKd", "5c5d5hKsKd", "Ad9d7d4d2d",
             "Tc9d8h7s6c", "QcQdQh7s2c", "JcJd4h4s9c", "8c8d4h5s9c", "AcQd9h5s3c"]  # fmt: skip
    values = [value(h) for h in hands]
    assert values == sorted(values, reverse=True)
    assert len(set(values)) == len(values)
    assert [v.category for v in values] == [
        HandCategory.ROYAL_FLUSH, HandCategory.STRAIGHT_FLUSH, HandCategory.FOUR_OF_A_KIND,
        HandCategory.FULL_HOUSE, HandCategory.FLUSH, HandCategory.STRAIGHT,
        HandCategory.THREE_OF_A_KIND, HandCategory.TWO_PAIR, HandCategory.PAIR, HandCategory.HIGH_CARD,
    ]  # fmt: skip


def test_suits_never_break_a_tie():
    """holdem-variants-nl-fl-shortdeck-bombpot.txt: "Suits never break a tie. Equal hands split the pot." """
    assert value("AsKdQh9c2s") == value("AhKcQd9s2h")
    assert value("AsKsQs9s2s") == value("AhKhQh9h2h")
    assert hash(value("AsKsQs9s2s7d8d")) == hash(value("AhKhQh9h2h7c8c"))


def test_the_wheel_is_the_lowest_straight():
    wheel = value("As2d3c4h5s")
    assert wheel.category is HandCategory.STRAIGHT
    assert value("2d3c4h5s6s") > wheel > value("AsAd3c4h5s")
    assert wheel.description == "Straight, five high"
    assert [str(c) for c in wheel.cards] == ["5s", "4h", "3c", "2d", "As"]
    assert value("KsAd2c3h4s").category is HandCategory.HIGH_CARD  # no wrap-around


def test_short_deck_flush_beats_full_house_but_straight_still_beats_trips():
    """Short Deck: "A flush beats a full house." "A straight still beats three of a kind." """
    flush, full_house = "AsJs9s8s6s", "KsKhKd7c7s"
    assert value(flush, "short_deck") > value(full_house, "short_deck")
    assert value(flush) < value(full_house)
    assert value("TsJd9c8h7s", "short_deck") > value("AsAdAc8h7s", "short_deck")


def test_short_deck_ace_plays_low_only_in_a_six_to_nine_straight():
    """Short Deck: "The ace plays low in one straight only: A-6-7-8-9, the lowest straight." """
    low = value("As6d7c8h9s", "short_deck")
    assert low.category is HandCategory.STRAIGHT
    assert low.description == "Straight, nine high"
    assert value("6d7c8h9sTs", "short_deck") > low > value("AsAd7c8h9s", "short_deck")
    assert value("As6d7c8h9s").category is HandCategory.HIGH_CARD  # not in the standard game
    assert value("As6s7s8s9s", "short_deck").category is HandCategory.STRAIGHT_FLUSH


def test_best_five_of_seven_and_descriptions():
    best = value("KsKhKd7c7s2d3h")
    assert best.description == str(best) == "Full house, kings full of sevens"
    assert [str(c) for c in best.cards] == ["Ks", "Kh", "Kd", "7s", "7c"]
    assert value("JdJc4h9sAc2d").description == "Pair of jacks"
    assert value("JdJc4h4sAc2d").description == "Two pair, jacks and fours"
    assert value("Ac2d7h9sKd").description == "High card, ace"
    assert value("6c6d6h6sKd").description == "Four of a kind, sixes"
    assert value("AsKsQsJsTs9s8s").description == "Royal flush"
    assert value("9s8s7s6s5s").description == "Straight flush, nine high"
    assert value("Ad9d7d4d2d3c").description == "Flush, ace high"
    assert value("QcQdQh7s2c").description == "Three of a kind, queens"


def test_six_and_seven_card_hands_match_a_brute_force_ranker():
    rng = random.Random(20261129)
    for ranking, deck in ((Ranking.STANDARD, STANDARD_DECK), (Ranking.SHORT_DECK, SHORT_DECK)):
        short = ranking is Ranking.SHORT_DECK
        samples = [rng.sample(deck, rng.choice((5, 6, 7))) for _ in range(1500)]
        # Add many flushes and paired boards, which random hands rarely give.
        samples += [rng.sample([c for c in deck if c.suit in "sh"], 7) for _ in range(300)]
        samples += [rng.sample([c for c in deck if c.rank in (9, 10, 11, 12)], 7) for _ in range(200)]
        ours = sorted((reference_key(hand, short), evaluate(hand, ranking), hand) for hand in samples)
        for (ref_a, a, hand_a), (ref_b, b, hand_b) in pairwise(ours):
            assert (ref_a < ref_b) == (a < b) and (ref_a == ref_b) == (a == b), (hand_a, hand_b)
        for ref, ours_value, hand in ours[:: len(ours) // 40]:
            assert reference_key(ours_value.cards, short) == ref, hand
            assert set(ours_value.cards) <= set(hand)


def test_omaha_uses_exactly_two_hole_cards_and_three_board_cards():
    # Four spades on the board and one in the hand is no flush in Omaha.
    hand = evaluate_omaha(parse_cards("AsKdQhJc"), parse_cards("2s3s4s5s9d"))
    assert hand.category is not HandCategory.FLUSH
    assert evaluate(parse_cards("As2s3s4s5s")).category is HandCategory.STRAIGHT_FLUSH
    # Four aces in the hand are only a pair of aces.
    assert evaluate_omaha(parse_cards("AsAdAhAc"), parse_cards("2s7d9c")).description == "Pair of aces"
    used = evaluate_omaha(parse_cards("AsKsQhJh6c"), parse_cards("Ts9s2s3d4c")).cards
    assert len(set(used) & set(parse_cards("AsKsQhJh6c"))) == 2


def test_omaha_matches_a_brute_force_ranker():
    rng = random.Random(7)
    for ranking, deck in ((Ranking.STANDARD, STANDARD_DECK), (Ranking.SHORT_DECK, SHORT_DECK)):
        short = ranking is Ranking.SHORT_DECK
        results = []
        for _ in range(150):
            hole_size, board_size = rng.choice((4, 5, 6)), rng.choice((3, 4, 5))
            cards = rng.sample(deck, hole_size + board_size)
            hole, board = cards[:hole_size], cards[hole_size:]
            found = evaluate_omaha(hole, board, ranking)
            ref = reference_omaha_key(hole, board, short)
            assert reference_key(found.cards, short) == ref
            results.append((ref, found))
        results.sort()
        for (ref_a, a), (ref_b, b) in pairwise(results):
            assert (ref_a < ref_b) == (a < b)


def test_a_hand_value_behaves_like_a_number():
    a, b = value("AsAdKc7h2s"), value("AhAcKd7s2h")
    assert a == b and not a < b and max([a, value("2c3d4h5s7c")]) is a
    low = value("2c3d4h5s7c")
    assert sorted([a, low]) == [low, a]
    assert isinstance(a, int) and {a: "seat 1"}[b] == "seat 1"
    assert f"{a}" == "Pair of aces"
    assert evaluate(list(parse_cards("AsAdKc7h2s"))) == evaluate(c for c in parse_cards("AsAdKc7h2s")) == a
    assert a.ranking is Ranking.STANDARD and value("AsAdKc7h9s", "short_deck").ranking is Ranking.SHORT_DECK


def test_it_refuses_bad_hands_with_a_clear_error():
    with pytest.raises(InvalidCardError, match="5, 6 or 7"):
        value("AsKsQs")
    with pytest.raises(InvalidCardError, match="5, 6 or 7"):
        evaluate(parse_cards("AsKsQsJsTs9s8s7s"))
    with pytest.raises(InvalidCardError, match="As appears twice"):
        evaluate(parse_cards("AsKsQsJsAs", distinct=False))
    with pytest.raises(InvalidCardError, match="Short deck has no"):
        value("AsKsQsJs2s", "short_deck")
    with pytest.raises(ConfigurationError, match="Unknown hand ranking 'lowball'"):
        value("AsKsQsJs2s", "lowball")
    with pytest.raises(InvalidCardError, match="not cards"):
        evaluate(["As", "Ks", "Qs", "Js", "2s"])  # type: ignore[list-item]
    with pytest.raises(InvalidCardError, match="4, 5 or 6 hole cards"):
        evaluate_omaha(parse_cards("AsKs"), parse_cards("2c3c4c"))
    with pytest.raises(InvalidCardError, match="3, 4 or 5 cards"):
        evaluate_omaha(parse_cards("AsKsQsJs"), parse_cards("2c3c"))
    with pytest.raises(EngineError, match="appears twice"):
        evaluate_omaha(parse_cards("AsKsQsJs"), parse_cards("2c3cAs"))
    with pytest.raises(InvalidCardError, match="Short deck has no"):
        evaluate_omaha(parse_cards("AsKsQsJs"), parse_cards("2c7c8c"), Ranking.SHORT_DECK)


def test_the_examples_in_the_module_docstring_hold():
    result = doctest.testmod(engine.evaluator)
    assert result.attempted > 0 and result.failed == 0


SUIT_SWAPS = [dict(zip("cdhs", order, strict=True)) for order in ("dchs", "hsdc", "sdch")]


@settings(max_examples=examples(300), deadline=None)
@given(
    hand=st.lists(st.sampled_from(STANDARD_DECK), min_size=5, max_size=6, unique=True),
    extra=st.sampled_from(STANDARD_DECK),
    swap=st.sampled_from(SUIT_SWAPS),
)
def test_order_and_suit_names_never_change_a_value_and_more_cards_never_lower_it(hand, extra, swap):
    """ "Suits never break a tie": renaming the suits gives an equal hand."""
    found = evaluate(hand)
    assert evaluate(reversed(hand)) == found
    assert evaluate(card(f"{str(c)[0]}{swap[c.suit]}") for c in hand) == found
    if extra not in hand:
        assert evaluate([*hand, extra]) >= found


@settings(max_examples=examples(200), deadline=None)
@given(cards=st.lists(st.sampled_from(STANDARD_DECK), min_size=7, max_size=7, unique=True))
def test_an_omaha_hand_is_never_better_than_the_best_five_of_all_its_cards(cards):
    omaha = evaluate_omaha(cards[:4], cards[4:])
    assert omaha <= evaluate(cards)
    assert len(set(omaha.cards) & set(cards[:4])) == 2
