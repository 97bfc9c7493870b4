import pytest

from engine.cards import SHORT_DECK, STANDARD_DECK, Card, card, format_cards, parse_cards
from engine.errors import EngineError, InvalidCardError


def test_it_parses_text_and_lists_to_the_same_cards():
    assert parse_cards("AsKd7h") == parse_cards(["As", "Kd", "7h"])
    assert [str(c) for c in parse_cards("AsKd7h")] == ["As", "Kd", "7h"]


def test_parsed_cards_are_the_one_instance_per_card():
    assert parse_cards("As")[0] is card("As")


def test_it_rejects_text_that_is_not_a_card():
    with pytest.raises(InvalidCardError, match="'1x' is not a card"):
        parse_cards("1x")
    assert issubclass(InvalidCardError, EngineError)


def test_it_rejects_a_card_given_twice():
    with pytest.raises(InvalidCardError, match="As appears twice"):
        parse_cards("AsKdAs")
    assert parse_cards("AsAs", distinct=False) == (card("As"), card("As"))


def test_decks_have_52_and_36_distinct_cards():
    assert len(set(STANDARD_DECK)) == 52
    assert len(set(SHORT_DECK)) == 36
    assert min(c.rank for c in SHORT_DECK) == 6


def test_card_text_round_trips():
    assert format_cards(parse_cards("Tc2dAh")) == "Tc2dAh"
    assert isinstance(card("td"), Card) and str(card("td")) == "Td"
