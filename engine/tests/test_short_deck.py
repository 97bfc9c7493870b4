"""Short Deck Hold'em: 36 cards, its own ranking, no-limit with blinds."""

from engine.cards import SHORT_DECK
from engine.games import GAMES, Structure
from engine.tests.hand_helpers import make_hand, play


def test_the_deck_has_36_cards_six_through_ace():
    """ "The deck has 36 cards: 6, 7, 8, 9, 10, J, Q, K and A in each suit." """
    hand = make_hand("short_deck", [1000] * 3, button=1)
    assert len(hand.deck) == 36
    assert set(hand.deck) == set(SHORT_DECK)
    assert min(c.rank for s in hand.seats for c in s.hole) >= 6


def test_a_flush_beats_a_full_house():
    """ "A flush beats a full house." """
    hand = make_hand("short_deck", [1000] * 2, button=1, holes={1: "AhTh", 2: "Ks6s"}, boards=["6h7h9hKcKd"])
    play(hand, "1 call", "2 check", *["2 check", "1 check"] * 3, "2 show", "1 show")
    assert hand.awards[0].shares == ((1, 200),)
    assert hand.awards[0].hand.startswith("Flush")


def test_short_deck_betting_is_no_limit_with_blinds():
    """ "No limit, exactly as in No-Limit Hold'em: the smallest bet is one big blind" """
    assert GAMES["short_deck"].structure is Structure.NO_LIMIT
    hand = make_hand("short_deck", [1000] * 3, button=1)
    assert hand.seat(2).bet == 50 and hand.seat(3).bet == 100
    assert hand.legal_actions(1)["actions"]["raise"]["min_to"] == 200
