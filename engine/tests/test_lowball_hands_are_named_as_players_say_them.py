"""The words for the lowball games' hands and for a draw (engine.lowball_words).

Issue: "the words for hands ("7-5 low", "a three-card badugi")"; the rules: "Lowest hand wins,
deuce to seven: aces are high, straights and flushes count against you"; "a three-card hand
loses to any four-card badugi"; "standing pat is drawing none" (rules/beyond-holdem.md).
"""

from __future__ import annotations

import pytest

from engine.badugi import badugi
from engine.cards import parse_cards
from engine.lowball import ace_five_low, deuce_seven_low
from engine.lowball_words import ace_five_words, badugi_words, deuce_seven_words, draw_words


@pytest.mark.parametrize(
    ("cards", "label", "sentence"),
    [
        ("7c5d4h3s2c", "7-5 low", "a 7-5 low"),
        ("8c6d4h3s2c", "8-6 low", "an 8-6 low"),
        ("KcQdJh9s8c", "K-Q low", "a K-Q low"),
        ("Ac5d4h3s2c", "A-5 low", "an A-5 low"),  # "aces are high": no straight
        ("Tc7d4h3s2c", "10-7 low", "a 10-7 low"),
        ("3c3d7h8s9c", "Pair of threes", "a pair of threes"),
        ("8c7d6h5s4c", "Straight, eight high", "a straight, eight high"),
        ("8h6h4h3h2h", "Flush, eight high", "a flush, eight high"),
    ],
)
def test_a_deuce_to_seven_hand_is_named_by_its_two_top_cards_unless_something_counts_against_it(
    cards, label, sentence
):
    value = deuce_seven_low(parse_cards(cards))
    assert deuce_seven_words(value) == label
    assert deuce_seven_words(value, in_a_sentence=True) == sentence


@pytest.mark.parametrize(
    ("cards", "label", "sentence"),
    [
        ("8c6d4h3sAcKdKh", "8-6-4-3-A", "8-6-4-3-A"),
        ("5h4h3h2hAh", "5-4-3-2-A", "5-4-3-2-A"),  # "straights and flushes ignored"
        ("2c2d8h6sKd", "Pair of twos, K-8-6", "a pair of twos, K-8-6"),
        ("AcAd2h2s3c", "Two pair, twos and aces", "two pair, twos and aces"),
        ("KcKdKh2s3c", "Three of a kind, kings", "three kings"),
    ],
)
def test_a_razz_hand_is_named_by_all_its_cards_or_by_what_pairs(cards, label, sentence):
    value = ace_five_low(parse_cards(cards))
    assert ace_five_words(value) == label
    assert ace_five_words(value, in_a_sentence=True) == sentence


@pytest.mark.parametrize(
    ("cards", "label", "sentence"),
    [
        ("4c3d2hAs", "Four-card badugi, 4-3-2-A", "a four-card badugi, 4-3-2-A"),
        ("5c3dAhAs", "Three-card badugi, 5-3-A", "a three-card badugi, 5-3-A"),
        ("Kc2cAhAs", "Two-card badugi, 2-A", "a two-card badugi, 2-A"),
        ("5c6c7c8c", "One-card badugi, 5", "a one-card badugi, 5"),
    ],
)
def test_a_badugi_is_named_by_its_size_then_its_cards(cards, label, sentence):
    value = badugi(parse_cards(cards))
    assert badugi_words(value) == label
    assert badugi_words(value, in_a_sentence=True) == sentence


def test_a_draw_is_told_by_its_count_and_none_is_standing_pat():
    """ "standing pat is drawing none" """
    assert [draw_words(n) for n in range(6)] == [
        "stands pat", "draws one", "draws two", "draws three", "draws four", "draws five",
    ]  # fmt: skip
    with pytest.raises(ValueError, match="none to five"):
        draw_words(6)
