"""Dealing: order, burns, and whether one deck serves the hand."""

import pytest

from engine.cards import STANDARD_DECK, parse_cards
from engine.config import Stakes
from engine.errors import ConfigurationError
from engine.forced_bets import standard_config
from engine.games import GAMES, cards_needed, deck_is_enough, max_players_for_deck
from engine.hand import Hand
from engine.tests.hand_helpers import make_hand, play, seats_with


def test_cards_are_dealt_one_at_a_time_clockwise_from_left_of_the_button():
    """ "The dealer button ... is last to receive cards on the initial deal." """
    config = standard_config("nlhe", seats_with([500] * 3), button=2, stakes=Stakes(5, 10))
    deck = parse_cards("2c3c4c5c6c7c") + tuple(c for c in STANDARD_DECK if str(c)[1] != "c" or c.rank > 7)
    hand = Hand.deal(config, deck)
    holes = {s.seat: "".join(str(c) for c in s.hole) for s in hand.seats}
    assert holes == {3: "2c5c", 1: "3c6c", 2: "4c7c"}


def test_a_card_is_burned_before_the_flop_the_turn_and_the_river():
    """ "Before the flop, the turn, and the river, the dealer "burns" the top card." """
    hand = make_hand("nlhe", [1000, 1000], button=1)
    deck = hand.deck
    play(hand, "1 call", "2 check", "2 check", "1 check", "2 check", "1 check")
    # 4 hole cards, burn, flop, burn, turn, burn, river.
    assert hand.burned == [deck[4], deck[8], deck[10]]
    assert hand.boards == [[*deck[5:8], deck[9], deck[11]]]


def test_a_hand_the_deck_cannot_serve_is_refused_before_it_starts():
    stakes = Stakes(bomb_ante=10)
    config = standard_config("plo6_bomb_double", seats_with([500] * 7), button=1, stakes=stakes)
    with pytest.raises(ConfigurationError, match="needs 55 cards, but the deck has 52"):
        Hand(config, STANDARD_DECK)


def test_deck_capacity_helper():
    assert cards_needed(GAMES["nlhe"], 10) == 20 + 5 + 3
    assert deck_is_enough(GAMES["nlhe"], 10)
    assert not deck_is_enough(GAMES["plo6_bomb_double"], 7)
    assert max_players_for_deck(GAMES["plo6_bomb_double"]) == 6
    assert max_players_for_deck(GAMES["short_deck"]) == 10  # 36 - 8 = 28 cards, 14 hands, but 10 seats


def test_a_deck_from_another_game_is_refused():
    config = standard_config("short_deck", seats_with([500] * 2), button=1, stakes=Stakes(5, 10))
    with pytest.raises(ConfigurationError, match="36-card deck"):
        Hand(config, STANDARD_DECK)


def test_a_player_without_chips_cannot_be_dealt_in():
    config = standard_config("nlhe", seats_with([500, 0, 500]), button=1, stakes=Stakes(5, 10))
    with pytest.raises(ConfigurationError, match="Seat 2 has no chips"):
        Hand(config, STANDARD_DECK)


def test_a_game_can_refuse_options_it_does_not_know():
    from engine import dealer

    def only_known(config):
        if config.options.get("reveal") not in (None, "all_at_once"):
            raise ConfigurationError("Announce the reveal: all at once")

    dealer.OPTION_CHECKS["nlhe"] = only_known
    try:
        config = standard_config(
            "nlhe", seats_with([500] * 2), button=1, stakes=Stakes(5, 10), options={"reveal": "sideways"}
        )
        with pytest.raises(ConfigurationError, match="Announce the reveal"):
            Hand(config, STANDARD_DECK)
    finally:
        del dealer.OPTION_CHECKS["nlhe"]
