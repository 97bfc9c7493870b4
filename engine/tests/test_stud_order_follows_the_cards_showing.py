"""Who brings in, who acts first, when the big bet may come on fourth street, and the common card
in the stud games (engine.stud_order), each from a sentence of rules/beyond-holdem.md."""

from __future__ import annotations

import pytest

from engine.cards import parse_cards
from engine.errors import ConfigurationError, InvalidCardError
from engine.stud_order import (
    StudGame,
    big_bet_allowed_on_fourth_street,
    bring_in_seat,
    first_to_act,
    seventh_street,
)

STUD, STUD8, RAZZ = StudGame.STUD, StudGame.STUD_HI_LO, StudGame.RAZZ


def up(**seats: str) -> dict[int, tuple]:
    return {int(seat[1:]): parse_cards(cards) for seat, cards in seats.items()}


def test_the_lowest_up_card_brings_in_in_stud_and_stud_hi_lo():
    """ "The lowest up card must bring in" (stud hi-lo: "as stud"); an ace is high in stud"""
    cards = up(s1="9h", s2="3s", s3="Ac", s4="Kd")
    assert bring_in_seat(cards, STUD) == 2
    assert bring_in_seat(cards, STUD8) == 2
    assert bring_in_seat(up(s1="Ac", s2="Kd"), STUD) == 2


@pytest.mark.parametrize(("lower", "higher"), [("2c", "2d"), ("2d", "2h"), ("2h", "2s")])
def test_between_equal_ranks_the_lower_suit_brings_in(lower, higher):
    """ "between equal ranks the lower suit brings in, suits ranking clubs (lowest), diamonds,
    hearts, spades (highest)" """
    assert bring_in_seat(up(s1=higher, s2=lower), STUD) == 2
    assert bring_in_seat(up(s1=lower, s2=higher), STUD) == 1


def test_in_razz_the_highest_up_card_brings_in_a_king_highest_an_ace_lowest():
    """ "The highest up card brings in (a king is the highest, an ace the lowest)" """
    assert bring_in_seat(up(s1="Qh", s2="Kc", s3="7d"), RAZZ) == 2
    assert bring_in_seat(up(s1="Ah", s2="2c"), RAZZ) == 2


def test_in_razz_between_equal_ranks_the_higher_suit_brings_in():
    """ "between equal ranks the higher suit brings in" """
    assert bring_in_seat(up(s1="Ks", s2="Kc", s3="Kh"), RAZZ) == 1
    assert bring_in_seat(up(s1="Kd", s2="Kc"), RAZZ) == 1


def test_from_fourth_street_the_best_hand_showing_acts_first():
    """ "From fourth street on, the player whose face-up cards make the best poker hand acts
    first" """
    showing = up(s1="AcKd", s2="3h3s", s3="Qc9d")
    assert first_to_act(showing, button=3, game=STUD) == 2  # a pair of threes beats ace-king
    assert first_to_act(showing, button=3, game=STUD8) == 2
    assert first_to_act(up(s1="AcKd", s2="AhQs"), button=1, game=STUD) == 1
    later = up(s1="9c9d4h4s", s2="KcKdKhQs", s5="AcAd2h3s")
    assert first_to_act(later, button=1, game=STUD) == 2  # trips beat two pair and a pair


def test_between_equal_hands_showing_the_one_nearest_the_dealer_s_left_acts_first():
    """ "between equal hands showing, the one nearest the dealer's left acts first" (suits do not
    break this tie)"""
    showing = up(s1="KsQs", s4="KcQc", s6="KdQd")
    assert first_to_act(showing, button=4, game=STUD) == 6
    assert first_to_act(showing, button=6, game=STUD) == 1
    assert first_to_act(showing, button=1, game=STUD) == 4
    assert first_to_act(up(s2="7c5d", s5="7h5s"), button=3, game=RAZZ) == 5


def test_in_razz_the_lowest_hand_showing_acts_first():
    """ "From fourth street on, the lowest hand showing acts first" (aces low, pairs count)"""
    assert first_to_act(up(s1="Kc2d", s2="Qh Js", s3="7c6d"), button=3, game=RAZZ) == 3
    assert first_to_act(up(s1="AcAd", s2="Kh Qs"), button=2, game=RAZZ) == 2  # a pair is high
    assert first_to_act(up(s1="7c4d3h2s", s2="7dAc2c3s"), button=2, game=RAZZ) == 2
    assert first_to_act(up(s1="8c"), button=1, game=RAZZ) == 1


def test_an_open_pair_on_fourth_street_allows_the_big_bet_in_stud_only():
    """ "On fourth street, if any player shows an open pair, any player may bet or raise the big
    bet"; stud hi-lo: "the open-pair rule does not apply"; Razz: "No open-pair rule." """
    paired = up(s1="9c9d", s2="Ks2c")
    assert big_bet_allowed_on_fourth_street(paired, STUD)
    assert not big_bet_allowed_on_fourth_street(paired, STUD8)
    assert not big_bet_allowed_on_fourth_street(paired, RAZZ)
    assert not big_bet_allowed_on_fourth_street(up(s1="9c8d", s2="Ks2c"), STUD)


def test_with_eight_players_a_short_deck_deals_seventh_street_as_one_common_card():
    """ "With eight players the deck may run short for seventh street: then one card is dealt face
    up in the middle as a common card for everyone." Eight players have had six cards each (48):
    without burns four are left, with a burn before each of the four streets none."""
    assert seventh_street(cards_left=4, players_in=8, burns=False).common
    assert not seventh_street(cards_left=4, players_in=4, burns=False).common
    assert not seventh_street(cards_left=5, players_in=4, burns=True).common
    assert seventh_street(cards_left=4, players_in=4, burns=True) == seventh_street(2, 8, True)
    assert seventh_street(cards_left=4, players_in=4, burns=True).burn


def test_a_burn_that_would_leave_no_common_card_is_left_out():
    """The rule says nothing of the burn when the deck runs short: the common card everyone
    plays comes first (the house's reading)."""
    street = seventh_street(cards_left=1, players_in=8, burns=True)
    assert street.common and not street.burn
    with pytest.raises(ConfigurationError, match="not even a common card"):
        seventh_street(cards_left=0, players_in=8, burns=True)


def test_bad_up_cards_are_refused():
    with pytest.raises(InvalidCardError, match="not one"):
        bring_in_seat(up(s1="9c9d"), STUD)
    with pytest.raises(InvalidCardError, match="two seats"):
        bring_in_seat({1: parse_cards("9c"), 2: parse_cards("9c")}, STUD)
    with pytest.raises(InvalidCardError, match="at most four"):
        first_to_act(up(s1="2c3c4c5c6c"), button=1, game=STUD)
    with pytest.raises(ConfigurationError):
        first_to_act({}, button=1, game=STUD)
