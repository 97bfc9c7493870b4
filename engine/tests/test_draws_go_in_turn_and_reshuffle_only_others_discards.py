"""The draw of the draw games (engine.draw): in turn from the button's left, as many cards as
thrown, the stub made again from the discards when it runs out, and only the count told.

"A draw: in turn, from the first player left of the button still in, each player discards none
to five cards face down and is dealt as many replacements; standing pat is drawing none. If the
stub runs out, the discards (not those of the player drawing now) are shuffled to make a new
stub." (rules/beyond-holdem.md). The issue: "the phone shows how many each player drew, to
everyone".
"""

from __future__ import annotations

import pytest

from engine.cards import STANDARD_DECK, parse_cards
from engine.draw import DrawDeck, draw, draw_order, draw_round
from engine.errors import ConfigurationError, IllegalActionError


def same_order(cards):
    return tuple(cards)


def test_players_draw_in_turn_from_the_first_player_left_of_the_button_still_in():
    """ "in turn, from the first player left of the button still in" """
    assert draw_order([1, 2, 4, 6], button=2) == (4, 6, 1, 2)
    assert draw_order([1, 2, 4, 6], button=3) == (4, 6, 1, 2)  # the button's seat folded
    assert draw_order([1, 2, 4, 6], button=6) == (1, 2, 4, 6)
    assert draw_order([3, 5], button=5) == (3, 5)  # heads-up: the button draws last


def test_each_player_is_dealt_as_many_replacements_as_thrown_in_turn_from_the_stub():
    """ "each player discards none to five cards face down and is dealt as many replacements" """
    hands = {1: parse_cards("AsKsQsJs9s"), 3: parse_cards("2c3c4c5c7d")}
    deck = DrawDeck(stub=parse_cards("2h3h4h5h6h7h8h"))
    new, deck_after, records = draw_round(hands, {1: parse_cards("AsKs"), 3: ()}, 3, deck, same_order)
    assert [r.seat for r in records] == [1, 3]
    assert new[1] == parse_cards("QsJs9s2h3h")
    assert new[3] == hands[3]
    assert deck_after == DrawDeck(stub=parse_cards("4h5h6h7h8h"), discards=parse_cards("AsKs"))


def test_standing_pat_is_drawing_none():
    """ "standing pat is drawing none" """
    hand, deck, record = draw(2, parse_cards("7c5d4h3s2c"), (), DrawDeck(stub=parse_cards("Kd")), same_order)
    assert record.stood_pat and record.count == 0
    assert hand == parse_cards("7c5d4h3s2c") and deck.stub == parse_cards("Kd")


def test_five_cards_may_go_but_not_six_nor_cards_not_held():
    """ "none to five cards" """
    deck = DrawDeck(stub=tuple(STANDARD_DECK[:10]))
    hand = parse_cards("AsKsQsJs9s")
    assert draw(1, hand, hand, deck, same_order)[2].count == 5
    with pytest.raises(IllegalActionError, match="in your hand"):
        draw(1, hand, parse_cards("8s"), deck, same_order)
    with pytest.raises(IllegalActionError, match="twice"):
        draw(1, hand, parse_cards("AsAs", distinct=False), deck, same_order)
    with pytest.raises(IllegalActionError, match="none to five"):
        draw(1, parse_cards("AsKsQsJs9s8s"), parse_cards("AsKsQsJs9s8s"), deck, same_order)


def test_when_the_stub_runs_out_the_discards_but_not_the_drawing_player_s_make_a_new_stub():
    """ "If the stub runs out, the discards (not those of the player drawing now) are shuffled to
    make a new stub." The player takes the stub's last cards first, then the new stub's."""
    shuffled_with = []

    def reverse(cards):
        shuffled_with.append(tuple(cards))
        return tuple(reversed(cards))

    deck = DrawDeck(stub=parse_cards("2h"), discards=parse_cards("KdQdJd"))
    hand, after, record = draw(4, parse_cards("AsKsQs9c8c"), parse_cards("AsKsQs"), deck, reverse)
    assert shuffled_with == [parse_cards("KdQdJd")]  # the player's own three are not among them
    assert record.received == parse_cards("2hJdQd") and record.reshuffled
    assert hand == parse_cards("9c8c2hJdQd")
    assert after == DrawDeck(stub=parse_cards("Kd"), discards=parse_cards("AsKsQs"))


def test_a_stub_that_holds_enough_is_not_reshuffled():
    deck = DrawDeck(stub=parse_cards("2h3h"), discards=parse_cards("Kd"))
    _, after, record = draw(1, parse_cards("AsKsQs9c8c"), parse_cards("AsKs"), deck, lambda cards: 1 / 0)
    assert not record.reshuffled and after.stub == () and after.discards == parse_cards("KdAsKs")


def test_a_draw_that_cannot_be_dealt_is_refused():
    deck = DrawDeck(stub=parse_cards("2h"), discards=parse_cards("Kd"))
    with pytest.raises(ConfigurationError, match="Only 2 cards"):
        draw(1, parse_cards("AsKsQs9c8c"), parse_cards("AsKsQs"), deck, same_order)
    with pytest.raises(ConfigurationError, match="exactly the discards"):
        draw(1, parse_cards("AsKsQs9c8c"), parse_cards("AsKs"), deck, lambda cards: parse_cards("Qd"))


def test_everyone_learns_how_many_each_player_drew_and_only_the_player_which():
    """ "the phone shows how many each player drew, to everyone"; discards are "face down" """
    hands = {1: parse_cards("AsKsQsJs9s"), 2: parse_cards("2c3c4c5c7d")}
    deck = DrawDeck(stub=parse_cards("2h3h4h5h"))
    _, _, records = draw_round(hands, {1: parse_cards("As"), 2: parse_cards("7d")}, 2, deck, same_order)
    assert [r.seen_by(None) for r in records] == [{"seat": 1, "drew": 1}, {"seat": 2, "drew": 1}]
    assert records[0].seen_by(2) == {"seat": 1, "drew": 1}
    assert records[0].seen_by(1) == {"seat": 1, "drew": 1, "thrown": ["As"], "received": ["2h"]}


def test_only_players_still_in_draw():
    with pytest.raises(IllegalActionError, match="still in"):
        draw_round({1: parse_cards("AsKsQsJs9s")}, {2: ()}, 1, DrawDeck(stub=()), same_order)


def test_three_draws_at_a_full_table_keep_every_card_once_and_never_give_back_one_s_own_throw():
    """Triple draw at eight seats runs the stub out: no card is ever in two places, and nobody is
    dealt a card they are throwing in the same draw."""
    import random

    rng = random.Random(3)
    reshuffles = 0
    for _ in range(200):
        cards = list(STANDARD_DECK)
        rng.shuffle(cards)
        hands = {seat: tuple(cards[seat * 5 : seat * 5 + 5]) for seat in range(8)}
        deck = DrawDeck(stub=tuple(cards[40:]))
        for _round in range(3):
            throws = {seat: tuple(rng.sample(hand, rng.randint(0, 5))) for seat, hand in hands.items()}
            hands, deck, records = draw_round(
                hands, throws, rng.randrange(8), deck, lambda c: rng.sample(c, len(c))
            )
            for record in records:
                assert not set(record.thrown) & set(record.received)
                reshuffles += record.reshuffled
            every = [c for hand in hands.values() for c in hand] + list(deck.stub) + list(deck.discards)
            assert sorted(every) == sorted(STANDARD_DECK)
    assert reshuffles > 100
