"""Antes: "Some tables also use an ante." Posted by every player dealt in, dead money."""

from engine.config import PostKind, Stakes
from engine.tests.hand_helpers import make_hand, play

STAKES = Stakes(small_blind=50, big_blind=100, ante=10)


def test_every_player_dealt_in_posts_the_ante():
    hand = make_hand("nlhe", [1000] * 4, button=1, stakes=STAKES)
    antes = [p for p in hand.config.posts if p.kind is PostKind.ANTE]
    assert sorted(p.seat for p in antes) == [1, 2, 3, 4]
    assert all(not p.live and p.amount == 10 for p in antes)
    assert hand.pot == 40


def test_antes_are_dead_money_not_part_of_the_bet():
    """ "Dead chips are not part of a player's bet." """
    hand = make_hand("nlhe", [1000] * 3, button=1, stakes=STAKES)
    assert hand.seat(3).bet == 100  # big blind only
    assert hand.legal_actions(1)["actions"]["call"]["amount"] == 100


def test_the_winner_takes_the_antes():
    hand = make_hand("nlhe", [1000] * 3, button=1, stakes=STAKES)
    play(hand, "1 fold", "2 fold")
    assert hand.finished
    assert hand.seat(3).stack == 1000 - 10 + 30 + 50
