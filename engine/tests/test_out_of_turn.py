"""Acting out of turn: not allowed, but binding.

House Etiquette: "Act in turn: don't fold, bet, check, or reach for chips out of order.
Acting out of turn isn't allowed, but if you do, it's binding. If the action reaches you
unchanged, your bet stands as posted. And if a player whose turn it actually was bets
higher first, your chips are still committed; you just have to match the higher bet to
stay in the hand."
"""

import pytest

from engine.errors import IllegalActionError, RulingError
from engine.hand import Hand
from engine.house.rulings import apply_ruling
from engine.tests.hand_helpers import make_hand, play
from engine.views import view

AT = "2026-11-29T21:30:00Z"


def four_handed() -> Hand:
    """Button 1, blinds 50/100 from seats 2 and 3: seat 4 acts first, then 1, 2, 3."""
    return make_hand("nlhe", [1000] * 4, button=1)


def rule(hand: Hand, seat: int, decision: str) -> None:
    ruling = {"type": "out_of_turn", "seat": seat, "decision": decision}
    apply_ruling(hand, ruling, "host-ann", "bet out of turn", AT)


def test_the_phone_offers_acting_out_of_turn_as_a_separate_choice():
    """The seat that is not to act gets an explicit out-of-turn menu, not its normal actions."""
    hand = four_handed()
    options = hand.legal_actions(1)
    assert options["your_turn"] is False
    assert options["out_of_turn"]["allowed"] is True
    assert options["out_of_turn"]["actions"]["call"] == {"allowed": True, "amount": 100}
    assert options["out_of_turn"]["actions"]["raise"]["min_to"] == 200
    assert "out_of_turn" not in hand.legal_actions(4)


def test_an_out_of_turn_action_is_posted_for_everyone_to_see_and_does_not_move_the_turn():
    hand = four_handed()
    hand.act(1, "raise", 300, out_of_turn=True)
    assert hand.to_act == 4
    assert hand.seat(1).stack == 1000  # the chips go in when the turn reaches seat 1
    for viewer in (2, "public"):
        assert view(hand, viewer)["seats"][0]["out_of_turn"] == {"action": "raise", "to": 300}


def test_if_the_action_reaches_you_unchanged_your_bet_stands_as_posted():
    """ "If the action reaches you unchanged, your bet stands as posted." """
    hand = four_handed()
    hand.act(1, "raise", 300, out_of_turn=True)
    hand.act(4, "call")
    assert hand.seat(1).bet == 300 and hand.current_bet == 300
    assert hand.to_act == 2
    assert view(hand, 2)["seats"][0]["out_of_turn"] is None


def test_an_out_of_turn_fold_is_always_binding():
    """ "Verbal declarations are binding ... 'Fold' means fold": it stands even after a raise."""
    hand = four_handed()
    hand.act(1, "fold", out_of_turn=True)
    hand.act(4, "raise", 400)
    assert hand.seat(1).folded
    assert hand.to_act == 2


def test_when_the_player_in_turn_bets_higher_the_chips_stay_committed():
    """ "if a player whose turn it actually was bets higher first, your chips are still
    committed; you just have to match the higher bet to stay in the hand." """
    hand = four_handed()
    hand.act(1, "call", out_of_turn=True)
    hand.act(4, "raise", 300)
    s = hand.seat(1)
    assert (s.bet, s.stack, hand.to_act) == (100, 900, 1)
    actions = hand.legal_actions(1)["actions"]
    assert actions["call"] == {"allowed": True, "amount": 200, "all_in": False}
    assert actions["raise"]["allowed"] is False
    with pytest.raises(IllegalActionError):
        hand.act(1, "raise", 600)
    hand.act(1, "call")
    assert s.bet == 300


def test_after_a_higher_bet_the_reason_quotes_matching_it_to_stay_in():
    """ "your chips are still committed; you just have to match the higher bet to stay in the
    hand": that is why the raise is closed, not that a short all-in did not reopen it."""
    hand = four_handed()
    hand.act(1, "call", out_of_turn=True)
    hand.act(4, "raise", 300)
    reason = hand.legal_actions(1)["actions"]["raise"]["reason"]
    assert "you just have to match the higher bet to stay in the hand" in reason
    assert "reopened" not in reason
    with pytest.raises(IllegalActionError, match="match the higher bet"):
        hand.act(1, "raise", 600)
    hand.act(1, "call")
    assert hand.seat(1).bet == 300


def test_folding_after_the_raise_leaves_the_committed_chips_in_the_pot():
    hand = four_handed()
    hand.act(1, "call", out_of_turn=True)
    play(hand, "4 raise 300", "1 fold", "2 fold", "3 fold")
    assert hand.finished
    assert hand.seat(1).stack == 900
    assert hand.seat(4).stack == 1000 + 100 + 50 + 100
    assert hand.chips_on_table() == hand.chips_total


def test_an_out_of_turn_check_stands_only_if_the_action_is_unchanged():
    """An out-of-turn check stands only if the action reaches the player unchanged;
    otherwise they act normally."""
    hand = play(four_handed(), "4 call", "1 call", "2 call", "3 check")
    assert hand.to_act == 2
    hand.act(4, "check", out_of_turn=True)
    play(hand, "2 check", "3 check")
    assert hand.seat(4).last_action == "check" and hand.to_act == 1

    changed = play(four_handed(), "4 call", "1 call", "2 call", "3 check")
    changed.act(4, "check", out_of_turn=True)
    play(changed, "2 bet 200", "3 call")
    assert changed.to_act == 4
    assert changed.legal_actions(4)["actions"]["raise"]["allowed"] is True


def test_an_out_of_turn_check_that_lapses_says_so():
    """The check no longer counts once the bet changed ("otherwise they act normally"): the
    table sees that it lapsed, rather than the posted check silently disappearing."""
    hand = play(four_handed(), "4 call", "1 call", "2 call", "3 check")
    hand.act(4, "check", out_of_turn=True)
    play(hand, "2 bet 200", "3 call")
    assert hand.to_act == 4
    assert hand.seat(4).last_action == "out-of-turn check lapsed: the bet changed"
    assert view(hand, "public")["seats"][3]["last_action"] == "out-of-turn check lapsed: the bet changed"


def test_a_bet_that_the_rules_do_not_settle_pauses_the_hand_for_the_host():
    """An out-of-turn raise to 300, then the player in turn raises to 250: 300 is below the
    new minimum raise (400), and the house text does not say what happens. The host decides."""
    hand = four_handed()
    hand.act(1, "raise", 300, out_of_turn=True)
    hand.act(4, "raise", 250)
    assert hand.phase == "paused_for_ruling"
    paused = view(hand, "host")["paused"]
    assert paused["by"] == "rules"
    assert "raise to 300" in paused["message"] and "the bet is now 250" in paused["message"]
    with pytest.raises(IllegalActionError, match="paused"):
        hand.act(1, "call")
    with pytest.raises(RulingError, match="minimum raise is to 400"):
        rule(hand, 1, "stands")
    with pytest.raises(RulingError, match="Rule on seat 1"):
        apply_ruling(hand, {"type": "resume"}, "host-ann", "go on", AT)
    rule(hand, 1, "call")
    assert hand.seat(1).bet == 250 and hand.to_act == 2
    assert hand.phase == "betting"


def test_the_host_may_let_a_still_legal_bet_stand_or_withdraw_it():
    hand = four_handed()
    hand.act(1, "raise", 300, out_of_turn=True)
    hand.act(4, "raise", 200)
    assert hand.phase == "paused_for_ruling"
    rule(hand, 1, "stands")
    assert hand.seat(1).bet == 300 and hand.current_bet == 300

    withdrawn = four_handed()
    withdrawn.act(1, "raise", 300, out_of_turn=True)
    withdrawn.act(4, "raise", 200)
    rule(withdrawn, 1, "withdraw")
    assert withdrawn.to_act == 1 and withdrawn.seat(1).bet == 0
    assert withdrawn.legal_actions(1)["actions"]["raise"]["min_to"] == 300


def test_out_of_turn_is_refused_when_it_cannot_happen():
    hand = four_handed()
    hand.act(1, "fold", out_of_turn=True)
    with pytest.raises(IllegalActionError, match="binding"):
        hand.act(1, "call", out_of_turn=True)
    with pytest.raises(IllegalActionError, match="minimum raise"):
        hand.act(2, "raise", 150, out_of_turn=True)
    with pytest.raises(IllegalActionError, match="cannot check"):
        hand.act(2, "check", out_of_turn=True)
    before = hand.to_json()
    with pytest.raises(IllegalActionError):
        hand.act(3, "muck", out_of_turn=True)
    assert hand.to_json() == before


def test_out_of_turn_on_your_own_turn_is_just_your_action():
    hand = four_handed()
    hand.act(4, "call", out_of_turn=True)
    assert hand.seat(4).bet == 100 and hand.to_act == 1


def test_an_out_of_turn_hand_replays_and_round_trips():
    hand = four_handed()
    hand.act(1, "call", out_of_turn=True)
    hand.act(2, "raise", 400, out_of_turn=True)
    play(hand, "4 raise 300")
    data = hand.to_json()
    assert Hand.from_json(data).to_json() == data
    assert Hand.replay(hand.config, hand.deck, hand.events).to_json() == data
