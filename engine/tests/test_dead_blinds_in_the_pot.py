"""A dead small blind is money in the pot, not a bigger share of it for the player who posted it.

"Blinds are part of a player's bet, unless the structure of a specific game or the situation
requires part or all of a particular blind to be "dead." Dead chips are not part of a player's
bet." (holdem-casino-rules.txt). "If you choose to post the total amount of the blinds, an amount
up to the size of the minimum opening bet is live, and the remainder is placed in the pot as
"dead money."" The pot is then won by the best hand: "The best hand takes the pot, and tied hands
share it equally." (crazy-blind-man.txt)
"""

from __future__ import annotations

from engine.cards import parse_cards
from engine.config import HandConfig, Post, PostKind, SeatInHand, Stakes
from engine.hand import Hand
from engine.pots import Pot, build_pots
from engine.tests.award_checks import assert_awards_follow_the_cards
from engine.tests.hand_helpers import seats_with, stacked_deck

STAKES = Stakes(small_blind=1, big_blind=2)


def _check_down(hand: Hand) -> Hand:
    """Everyone calls the big blind and checks to the end; in Crazy Blind Man each chooser takes
    the card `_JUNK` names from the player on their left."""
    for _ in range(200):
        if hand.finished:
            return hand
        seat = hand.to_act
        assert seat is not None, hand.phase
        if hand.phase == "removal":
            choices = hand.legal_actions(seat)["choices"]
            junk = next(c["index"] for c in choices if c["card"] in _JUNK)
            hand.act(seat, "remove", index=junk)
            continue
        actions = hand.legal_actions(seat)["actions"]
        name = next(a for a in ("check", "call", "show") if actions.get(a, {}).get("allowed"))
        hand.act(seat, name)
    raise AssertionError("the hand did not finish")


_JUNK = {"2h", "3h", "5s", "6s", "8d", "9d"}


def test_a_dead_small_blind_leaves_every_caller_in_the_main_pot() -> None:
    pots = build_pots({1: 3, 2: 2, 3: 2, 4: 2}, live={1, 2, 3, 4}, all_in=set(), dead_blinds={1: 1})
    assert pots == [Pot(9, (1, 2, 3, 4))]


def test_a_dead_small_blind_goes_to_the_main_pot_when_a_caller_is_all_in_for_less() -> None:
    # Seat 1: 2 live + 1 dead, then calls 10 in all; seat 2 all-in for 5; seat 3 calls 10.
    pots = build_pots({1: 11, 2: 5, 3: 10}, live={1, 2, 3}, all_in={2}, dead_blinds={1: 1})
    assert pots == [Pot(16, (1, 2, 3)), Pot(10, (1, 3))]


def test_a_player_all_in_for_a_dead_small_blind_alone_contests_the_dead_money_only() -> None:
    """ "placed in the pot as dead money": the pot everyone still in contests, the player whose
    only chip went in dead too; the live bets they never matched are not theirs to win."""
    pots = build_pots({1: 1, 2: 3, 3: 2}, live={1, 2, 3}, all_in={1}, dead_blinds={1: 1, 2: 1})
    assert pots == [Pot(2, (1, 2, 3)), Pot(4, (2, 3))]


def test_a_dead_small_blind_does_not_win_a_checked_down_pot_for_the_worse_hand() -> None:
    config = HandConfig(
        game="nlhe",
        seats=tuple(seats_with([100] * 4)),
        button=1,
        stakes=STAKES,
        posts=(
            Post(2, PostKind.SMALL_BLIND, 1, True),
            Post(3, PostKind.BIG_BLIND, 2, True),
            Post(4, PostKind.NEW_PLAYER_BLIND, 2, True),
            Post(4, PostKind.DEAD_SMALL_BLIND, 1, False),
        ),
        big_blind_seat=3,
    )
    holes = {1: "AsAd", 2: "7c2d", 3: "8c3d", 4: "9c4d"}
    hand = _check_down(Hand.deal(config, stacked_deck(config, holes, ["KhQh5s 6h 2s"])))
    assert [(a.pot, a.shares, a.hand) for a in hand.awards] == [(0, ((1, 9),), "Pair of aces")]
    assert_awards_follow_the_cards(hand)


def test_crazy_blind_man_pays_kings_full_not_the_button_who_posted_a_dead_small_blind() -> None:
    """The reported hand: six call 2, all remove a card, all check to the river; board Kh 4s Kc
    4c Qc; Ana 7h Ks ("Full house, kings full of fours"), Ben on the button 6d 3d, having posted
    a new player's blind of 2 and a dead small blind of 1. It was "Ben wins the pot (13)"."""
    names = ["Ana", "Ben", "Cy", "Di", "Eli", "Flo"]
    seats = tuple(SeatInHand(seat, name.lower(), 200, name) for seat, name in enumerate(names, start=1))
    config = HandConfig(
        game="crazy_blind_man",
        seats=seats,
        button=2,
        stakes=STAKES,
        posts=(
            Post(3, PostKind.SMALL_BLIND, 1, True),
            Post(4, PostKind.BIG_BLIND, 2, True),
            Post(2, PostKind.NEW_PLAYER_BLIND, 2, True),
            Post(2, PostKind.DEAD_SMALL_BLIND, 1, False),
        ),
        big_blind_seat=4,
    )
    holes = {1: "7hKs2h", 2: "6d3d3h", 3: "5h8s5s", 4: "9hTd6s", 5: "2s7d8d", 6: "Jh9s9d"}
    hand = _check_down(Hand.deal(config, stacked_deck(config, holes, ["Kh4sKc 4c Qc"])))
    assert hand.seat(1).hole == parse_cards("7hKs")
    assert [(a.shares, a.hand) for a in hand.awards] == [(((1, 13),), "Full house, kings full of fours")]
    assert_awards_follow_the_cards(hand)
