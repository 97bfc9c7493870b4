"""All-in odds (engine.equity) against known values and an independent brute-force count."""

from __future__ import annotations

import doctest
from fractions import Fraction
from itertools import combinations

import pytest

import engine.equity
from engine.cards import SHORT_DECK, STANDARD_DECK, Card, parse_cards
from engine.equity import MONTE_CARLO_SAMPLES, _count_holdem, all_in_equity
from engine.errors import ConfigurationError, InvalidCardError
from engine.evaluator import tables_for
from engine.evaluator_tables import CARD_KEYS
from engine.tests.reference_hands import reference_key, reference_omaha_key


def brute_force(holes, board, dead=(), short_deck=False):
    """Exact (win, tie, share) per player, by the slow reference ranker over every runout."""
    deck = SHORT_DECK if short_deck else STANDARD_DECK
    known = {*board, *dead, *(c for hole in holes for c in hole)}
    stub = [c for c in deck if c not in known]
    wins = [0] * len(holes)
    ties = [0] * len(holes)
    shares = [Fraction(0)] * len(holes)
    runouts = list(combinations(stub, 5 - len(board)))
    for more in runouts:
        full = (*board, *more)
        if len(holes[0]) == 2:
            keys = [reference_key((*hole, *full), short_deck) for hole in holes]
        else:
            keys = [reference_omaha_key(hole, full, short_deck) for hole in holes]
        best = max(keys)
        winners = [i for i, key in enumerate(keys) if key == best]
        for i in winners:
            if len(winners) == 1:
                wins[i] += 1
            else:
                ties[i] += 1
            shares[i] += Fraction(1, len(winners))
    n = len(runouts)
    return [(Fraction(w, n), Fraction(t, n), s / n) for w, t, s in zip(wins, ties, shares, strict=True)]


def as_fractions(result):
    return [
        (Fraction(p.win).limit_denominator(10**6), Fraction(p.tie).limit_denominator(10**6), p.share)
        for p in result.players
    ]


def assert_matches_brute_force(holes, board, dead=(), ranking="standard"):
    result = all_in_equity(holes, board, dead, ranking)
    expected = brute_force(holes, board, dead, short_deck=ranking == "short_deck")
    assert result.exact
    for found, wanted in zip(as_fractions(result), expected, strict=True):
        assert found[:2] == wanted[:2]  # win and tie, as exact fractions of the runouts
        assert found[2] == pytest.approx(float(wanted[2]), abs=1e-12)


def cards(*texts: str) -> list[tuple[Card, ...]]:
    return [parse_cards(text) for text in texts]


def test_aces_against_kings_before_the_flop_are_about_82_to_18():
    aces, kings = all_in_equity(cards("AsAh", "KdKc")).players
    assert 0.80 < aces.share < 0.84
    assert 0.16 < kings.share < 0.20
    assert aces.share + kings.share == pytest.approx(1)
    assert 0 < aces.tie == kings.tie < 0.01


def test_a_set_against_a_flush_draw_on_the_turn_counts_every_river():
    result = all_in_equity(cards("7s7d", "AhKh"), parse_cards("7c2h9hQs"))
    assert (result.exact, result.runouts) == (True, 44)
    assert_matches_brute_force(cards("7s7d", "AhKh"), parse_cards("7c2h9hQs"))


def test_three_players_on_the_flop_are_counted_exactly():
    assert_matches_brute_force(cards("AsAh", "KdKc", "QhJh"), parse_cards("2c7h9h"))


def test_dead_cards_cannot_come():
    holes, board = cards("7s7d", "AhKh"), parse_cards("7c2h9hQs")
    live = all_in_equity(holes, board).players[1].win
    dead = parse_cards("3h4h5h")
    assert all_in_equity(holes, board, dead).players[1].win < live
    assert_matches_brute_force(holes, board, dead)


def test_omaha_counts_exactly_two_hole_cards():
    """One heart in the hand and four on the board make no flush in Omaha."""
    holes, board = cards("AhKdKc2s", "QsQdJc9c"), parse_cards("3h7h9hTh")
    assert_matches_brute_force(holes, board)
    assert_matches_brute_force(cards("AsAhKdKc", "QhJhTc9c", "8s8d6c5c"), parse_cards("2c7h9h"))


def test_short_deck_odds_use_its_ranking_and_deck():
    """Short Deck: "A flush beats a full house." """
    holes, board = cards("AhKh", "TsTd"), parse_cards("6h7hTc8s")
    assert_matches_brute_force(holes, board, ranking="short_deck")
    assert all_in_equity(holes, board, ranking="short_deck").runouts == 36 - 8


def test_when_the_board_plays_everyone_splits():
    result = all_in_equity(cards("2c3d", "4h5s", "7c8d"), parse_cards("AsKsQsJsTs"))
    assert result.runouts == 1
    assert [(p.win, p.tie, p.share) for p in result.players] == [(0, 1, pytest.approx(1 / 3))] * 3


def test_the_monte_carlo_is_repeatable_and_seeded():
    first = all_in_equity(cards("AsKd", "7c7h", "QhJh"))
    assert not first.exact and first.runouts == MONTE_CARLO_SAMPLES
    assert all_in_equity(cards("AsKd", "7c7h", "QhJh")) == first
    other = all_in_equity(cards("AsKd", "7c7h", "QhJh"), seed=1)
    assert other != first
    for a, b in zip(first.players, other.players, strict=True):
        assert abs(a.share - b.share) < 0.015


def test_it_counts_every_runout_when_that_is_no_more_work_than_sampling():
    """Eight short-deck players leave 20 cards: 15,504 boards, fewer than a sample."""
    holes = cards("AsAh", "KsKh", "QsQh", "JsJh", "TsTh", "9s9h", "8s8h", "7s7h")
    result = all_in_equity(holes, ranking="short_deck")
    assert result.exact and result.runouts == 15504
    assert sum(p.share for p in result.players) == pytest.approx(1)


@pytest.mark.slow
def test_the_monte_carlo_is_within_half_a_point_of_the_exact_count():
    holes = cards("AsAh", "KdKc")
    sampled = all_in_equity(holes).players
    known = {c.index for hole in holes for c in hole}
    stub = [CARD_KEYS[c.index] for c in STANDARD_DECK if c.index not in known]
    every_board = [sum(board) for board in combinations(stub, 5)]
    holdem = [CARD_KEYS[a.index] + CARD_KEYS[b.index] for a, b in holes]
    wins, ties, shares = _count_holdem(holdem, every_board, tables_for("standard"))
    for player, estimate in enumerate(sampled):
        assert abs(estimate.win - wins[player] / len(every_board)) < 0.005
        assert abs(estimate.tie - ties[player] / len(every_board)) < 0.005
        assert abs(estimate.share - shares[player] / len(every_board)) < 0.005


def test_it_refuses_spots_that_cannot_be():
    with pytest.raises(ConfigurationError, match="2 to 10 players"):
        all_in_equity(cards("AsAh"))
    with pytest.raises(ConfigurationError, match="0, 3, 4 or 5 cards"):
        all_in_equity(cards("AsAh", "KdKc"), parse_cards("2c3c"))
    with pytest.raises(ConfigurationError, match="2 hole cards"):
        all_in_equity(cards("AsAh", "KdKcQd"))
    with pytest.raises(InvalidCardError, match="As appears twice"):
        all_in_equity(cards("AsAh", "KdKc"), parse_cards("As2c3c"))
    with pytest.raises(InvalidCardError, match="2c is not in the 36-card deck"):
        all_in_equity(cards("AsAh", "KdKc"), parse_cards("2c7c8c"), ranking="short_deck")
    with pytest.raises(ConfigurationError, match="cards are left"):
        all_in_equity(cards("AsAhKsKh", "AdAcKdKc"), dead=SHORT_DECK[:25], ranking="short_deck")


def test_the_examples_in_the_module_docstring_hold():
    result = doctest.testmod(engine.equity)
    assert result.attempted > 0 and result.failed == 0
