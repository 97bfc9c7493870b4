"""A seat has at most one card ruled exposed during the deal: the ruling sets a card aside as
the burn; it is not a redraw.

House rules, At the Deal: "That card is set aside and treated as a burn, and the deal simply
carries on as if it hadn't happened ... once the deal is finished, they take the card that
would otherwise have been the burn before the flop." There is one such burn; a second ruling
on the same seat would hand it the next card of the deck, and the next.
"""

import pytest

from engine.errors import RulingError
from engine.house.rulings import apply_ruling
from engine.tests.test_exposed_cards import AT, expose, holes, three_handed


def test_a_second_exposed_card_ruling_on_the_same_seat_is_refused_and_changes_nothing():
    hand = three_handed()
    expose(hand, 3, 1)
    before = (holes(hand), hand.next_card, list(hand.burned), len(hand.events))
    again = {"type": "exposed", "seat": 3, "card_number": 1, "during_deal": True}
    with pytest.raises(RulingError, match="one exposed-card ruling per seat per deal"):
        apply_ruling(hand, again, "host-ann", "flipped again", AT)
    with pytest.raises(RulingError, match="one exposed-card ruling per seat per deal"):
        apply_ruling(hand, {**again, "card_number": 2}, "host-ann", "the other one too", AT)
    assert (holes(hand), hand.next_card, list(hand.burned), len(hand.events)) == before


def test_another_seat_may_still_have_its_exposed_card_replaced():
    hand = three_handed()
    expose(hand, 3, 1)
    expose(hand, 1, 2)
    assert holes(hand) == {1: "4c9c", 2: "2c5c", 3: "8c6c"}
