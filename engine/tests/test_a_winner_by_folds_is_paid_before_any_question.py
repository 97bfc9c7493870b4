"""A player who wins because everyone folded is paid at once, never asked to show or muck first.

House rules: "If everyone folds to a bet, the last player standing wins without showing."
Variants text: "If everyone else folds, you win the pot without showing your cards."

With the 7-2 bounty on, the winner may still show seven-deuce for the bounty, but only after
the pot is theirs: the question no longer holds the pot up.
"""

from __future__ import annotations

from engine.config import Stakes
from engine.hand import Hand
from engine.tests.hand_helpers import make_hand, play
from engine.views import view


def _hand(bounty: int) -> Hand:
    stakes = Stakes(small_blind=50, big_blind=100)
    return make_hand(
        "nlhe",
        [1000, 1000, 1000],
        button=1,
        stakes=stakes,
        holes={1: "7h2c"},
        boards=["7d2s9cKhQd"],
        options={"seven_deuce": bounty},
    )


def test_without_the_bounty_the_pot_moves_at_once_and_nobody_is_asked():
    hand = play(_hand(0), "1 raise 300", "2 fold", "3 fold")
    assert hand.finished and hand.to_act is None
    assert [s.stack for s in hand.seats] == [1150, 950, 900]


def test_with_the_bounty_the_pot_is_paid_before_the_winner_is_asked_to_show():
    hand = play(_hand(1), "1 raise 300", "2 fold", "3 fold")
    # The pot is already the winner's while they decide.
    assert hand.seat(1).won == 250 and hand.pot == 0 and not hand.pots  # 300 less 200 uncalled
    assert [s.stack for s in hand.seats] == [1150, 950, 900]
    assert hand.to_act == 1 and set(hand.legal_actions(1)["actions"]) == {"show", "muck"}
    for viewer in (1, 2, 3, "public"):
        assert view(hand, viewer)["pot"] == 0
    # Nothing about the cards leaks while the question is open.
    assert view(hand, 2)["seats"][0]["cards"] is None
    hand.show(1)
    assert hand.finished
    assert [s.stack for s in hand.seats] == [1150 + 200, 950 - 100, 900 - 100]


def test_mucking_after_being_paid_keeps_the_pot_and_pays_no_bounty():
    hand = play(_hand(1), "1 raise 300", "2 fold", "3 fold", "1 muck")
    assert hand.finished and [s.stack for s in hand.seats] == [1150, 950, 900]
    assert "seven_deuce" not in hand.extras
