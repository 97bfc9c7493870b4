"""Whether the night's close may publish a hand's seeds (`engine.views.seeds_may_be_revealed`).

The seeds give the whole deck. docs/design.md, Shuffling: they are "revealed only when the night
closes", which is fine for folded hands. Crazy Blind Man: "The removed card is discarded. No
player may see the card that was taken from them." and "B never learns which card was taken."
The deck would name it: once a card was taken, the hand's seeds stay secret for good.
"""

from engine.games import GAMES
from engine.hand import Hand
from engine.house.crazy_blind_man import removed_from
from engine.house.views import visible_history
from engine.tests.hand_helpers import make_hand, play
from engine.views import seeds_always_revealed, seeds_may_be_revealed, view, why_seeds_stay_secret

HOLES = {1: "AsQsJs", 2: "2c4c7c", 3: "KhKd2s"}
BOARD = ["Ks8d3c 5h 6h"]


def crazy_blind_man() -> Hand:
    """Button 1: seat 2 posts the small blind, seat 3 the big blind, seat 1 acts first."""
    return make_hand("crazy_blind_man", [1000] * 3, button=1, holes=HOLES, boards=BOARD)


def test_a_crazy_blind_man_hand_played_through_the_removal_keeps_its_seeds():
    hand = play(crazy_blind_man(), "1 call", "2 call", "3 check")
    hand.act(2, "remove", index=0)
    hand.act(3, "remove", index=0)
    hand.act(1, "remove", index=0)
    play(
        hand,
        "2 check",
        "3 check",
        "1 check",
        "2 check",
        "3 check",
        "1 check",
        "2 check",
        "3 check",
        "1 check",
    )
    assert hand.finished
    assert not seeds_may_be_revealed(hand)
    assert "No player may see the card that was taken from them" in why_seeds_stay_secret(hand)
    # The views agree: the card taken from each player is in none of that player's views.
    for seat in (1, 2, 3):
        [(_, taken)] = removed_from(hand, seat)
        assert taken not in str(view(hand, seat)) and taken not in str(visible_history(hand, seat))


def test_one_card_taken_is_enough_to_keep_the_seeds():
    hand = play(crazy_blind_man(), "1 call", "2 call", "3 check")
    assert seeds_may_be_revealed(hand)  # the removal has begun, but nothing is taken yet
    hand.act(2, "remove", index=0)
    assert not seeds_may_be_revealed(hand)


def test_a_crazy_blind_man_hand_over_before_the_removal_reveals_its_seeds_like_any_other():
    hand = play(crazy_blind_man(), "1 fold", "2 fold")
    assert hand.finished and hand.extras.get("removal") is None
    assert seeds_may_be_revealed(hand) and why_seeds_stay_secret(hand) is None


def test_a_no_limit_hand_reveals_its_seeds_folded_hands_and_all():
    hand = play(make_hand("nlhe", [1000] * 3, button=1), "1 fold", "2 fold")
    assert hand.finished and seeds_may_be_revealed(hand)


def test_only_crazy_blind_man_hands_need_a_look_before_their_seeds_are_revealed():
    """A caller with only a game's key may skip the replay for every other game."""
    assert not seeds_always_revealed("crazy_blind_man") and not seeds_always_revealed("crazy_blind_man_fl")
    assert all(seeds_always_revealed(key) for key in GAMES if not key.startswith("crazy_blind_man"))
