"""Misdeals: a host ruling that voids the hand and gives every chip back.

House rules, At the Deal: "Some dealing errors void the hand and it's re-dealt from
scratch. Common misdeals: a player dealt the wrong number of cards, cards dealt to an
empty or out-of-hand seat, or the deal starting in the wrong seat. ... Once there's been
real action (a bet or a fold), the hand usually stands and play continues."
"""

import pytest

from engine.cards import STANDARD_DECK
from engine.config import Stakes
from engine.errors import RulingError
from engine.hand import Hand
from engine.house.rulings import apply_ruling, is_void
from engine.tests.hand_helpers import make_hand, play
from engine.views import view

AT = "2026-11-29T21:04:00Z"


def misdeal(hand: Hand, reason: str = "Bo had left and was dealt in") -> list:
    return apply_ruling(hand, {"type": "misdeal"}, "host-ann", reason, AT)


def test_a_misdeal_voids_the_hand_and_every_posted_chip_goes_back():
    """ "Some dealing errors void the hand and it's re-dealt from scratch." """
    hand = make_hand("nlhe", [1000, 800, 600], button=1, stakes=Stakes(50, 100, ante=10))
    assert [s.stack for s in hand.seats] == [990, 740, 490]
    events = misdeal(hand)
    assert hand.finished and is_void(hand)
    assert [s.stack for s in hand.seats] == [1000, 800, 600]
    assert hand.pot == 0 and all(s.bet == 0 and s.committed == 0 for s in hand.seats)
    assert hand.chips_on_table() == hand.chips_total
    assert events[0].to_json() == {
        "type": "ruling_misdeal",
        "host": "host-ann",
        "reason": "Bo had left and was dealt in",
        "at": AT,
        "returned": [[1, 10], [2, 60], [3, 110]],
    }
    assert view(hand, "public")["void"] == "Bo had left and was dealt in"


def test_the_re_deal_uses_the_same_button_and_blinds_with_a_new_deck():
    """ "re-dealt from scratch": same HandConfig (button, blinds), a new shuffle."""
    hand = make_hand("nlhe", [1000] * 3, button=2)
    misdeal(hand, "the deal started in the wrong seat")
    again = Hand.deal(hand.config, tuple(reversed(STANDARD_DECK)))
    assert again.config.button == 2
    assert [(p.seat, p.amount) for p in again.config.posts] == [(3, 50), (1, 100)]
    assert [s.hole for s in again.seats] != [s.hole for s in hand.seats]


@pytest.mark.parametrize("action", ["1 fold", "1 call", "1 raise 300"])
def test_once_there_has_been_a_bet_or_a_fold_the_hand_stands(action):
    """ "Once there's been real action (a bet or a fold), the hand usually stands and play continues." """
    hand = play(make_hand("nlhe", [1000] * 3, button=1), action)
    before = hand.to_json()
    with pytest.raises(RulingError, match="the hand stands"):
        misdeal(hand)
    assert hand.to_json() == before


def test_a_check_is_not_real_action():
    """Only "a bet or a fold" makes the hand stand: checks around leave a misdeal possible."""
    hand = make_hand("bomb_pot", [1000] * 3, button=1, stakes=Stakes(bomb_ante=20))
    play(hand, "2 check", "3 check")
    misdeal(hand, "seat 1 was dealt three cards")
    assert [s.stack for s in hand.seats] == [1000] * 3


def test_an_action_taken_back_by_the_host_no_longer_counts():
    """An undone mis-tap is as if it never happened, so the hand can still be a misdeal."""
    hand = play(make_hand("nlhe", [1000] * 3, button=1), "1 fold")
    apply_ruling(hand, {"type": "undo"}, "host-ann", "mis-tap", AT)
    misdeal(hand)
    assert is_void(hand) and [s.stack for s in hand.seats] == [1000] * 3


def test_a_blind_holdem_misdeal_returns_every_stake():
    """Blind Hold'em has no betting, so a misdeal returns the fixed stakes."""
    hand = make_hand(
        "blind_holdem", [500] * 4, button=1, stakes=Stakes(fixed_stake=25), options={"reveal": "staged"}
    )
    assert hand.pot == 100
    misdeal(hand, "a player was dealt three cards")
    assert [s.stack for s in hand.seats] == [500] * 4 and hand.pot == 0


def test_a_misdeal_needs_a_reason_and_a_live_hand():
    hand = make_hand("nlhe", [1000] * 2, button=1)
    with pytest.raises(RulingError, match="reason"):
        apply_ruling(hand, {"type": "misdeal"}, "host-ann", " ", AT)
    misdeal(hand)
    with pytest.raises(RulingError, match="over"):
        misdeal(hand)


def test_a_void_hand_replays_and_round_trips():
    hand = make_hand("nlhe", [1000] * 3, button=1)
    misdeal(hand)
    data = hand.to_json()
    assert Hand.from_json(data).to_json() == data
    assert Hand.replay(hand.config, hand.deck, hand.events).to_json() == data
