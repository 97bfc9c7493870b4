"""The view explains each showdown from the tabled hands only (engine.showdown_words).

House rules: "If two or more players remain after the final bet, cards are revealed and the best
five-card hand takes the pot." Casino rules: "To win, you have to table your hand ... A hand
that is never tabled cannot win the pot." A mucked hand is dead and unseen: it is never compared,
named or shown, in the words as in the cards.
"""

from __future__ import annotations

from engine.tests.hand_helpers import make_hand, play
from engine.tests.test_views import _all_card_texts
from engine.views import view

BOARD = "9s9h4d2c7h"


def _river_checked(holes: dict[int, str], stacks=(1000, 1000, 1000)):
    hand = make_hand("nlhe", list(stacks), button=1, holes=holes, boards=[BOARD])
    play(hand, "1 call", "2 call", "3 check")
    for _ in range(3):
        play(hand, "2 check", "3 check", "1 check")
    return hand


def test_a_kicker_that_decides_is_named_for_the_winner_and_for_each_loser():
    """Three nines each: the ace kicker beats the king kicker, and both are said."""
    hand = _river_checked({1: "Ac3d", 2: "9dKc", 3: "9cAd"})
    play(hand, "2 show", "3 show", "1 show")
    [result] = view(hand, "public")["results"]
    assert result["winners"] == [{"seat": 3, "amount": 300}]
    decided = result["decided"]
    assert decided["winner_words"] == "three nines, ace kicker"
    assert decided["winner_cards"] == {"3": ["9s", "9h", "9c", "Ad"]}
    bo, ann = decided["losers"]
    assert (bo["seat"], bo["words"], bo["plays"], bo["by_kicker"]) == (
        2,
        "three nines, king kicker",
        "ace kicker",
        True,
    )
    assert (ann["seat"], ann["words"], ann["by_kicker"]) == (1, "a pair of nines", False)
    assert ann["plays"] == "three nines"


def test_a_mucked_hand_is_never_compared_nor_its_cards_named():
    """Bo mucks his three nines, king kicker: the winner is named without a kicker against him,
    and no view holds Bo's cards anywhere, results included."""
    hand = _river_checked({1: "Ac3d", 2: "9dKc", 3: "9cAd"})
    play(hand, "2 muck", "3 show", "1 show")
    for viewer in (1, 3, "host", "public"):
        data = view(hand, viewer)
        decided = data["results"][0]["decided"]
        assert [loser["seat"] for loser in decided["losers"]] == [1]
        assert decided["winner_words"] == "three nines", "nothing closer than Ann's pair was tabled"
        assert not {"9d", "Kc"} & _all_card_texts(data)


def test_a_pot_won_without_a_showdown_is_not_explained():
    hand = make_hand("nlhe", [1000] * 3, button=1, boards=[BOARD])
    play(hand, "1 fold", "2 fold")
    assert view(hand, "public")["results"][0]["decided"] is None


def test_a_side_pot_says_what_won_it_and_the_main_pot_who_lost():
    """Seat 1 is all-in short: the main pot compares every tabled hand, the side pot (Bo and Cy
    only) names its winner's hand alone."""
    holes = {1: "AcAd", 2: "9dKc", 3: "9cQd"}
    hand = make_hand("nlhe", [100, 1000, 1000], button=1, holes=holes, boards=[BOARD])
    play(hand, "1 call", "2 call", "3 check", "2 bet 100", "3 call")
    for _ in range(2):
        play(hand, "2 check", "3 check")
    for seat in hand.showdown_order:
        play(hand, f"{seat} show")
    results = {r["pot"]: r for r in view(hand, "public")["results"]}
    side, main = results[1]["decided"], results[0]["decided"]
    assert side["losers"] == [] and side["winner_words"] == "three nines"
    assert main["winner_words"] == "three nines, king kicker"
    assert [loser["seat"] for loser in main["losers"]] == [3, 1]
