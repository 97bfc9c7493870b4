"""Host rulings: each is an event with the host, a reason and the time, in the hand's history.

House rules, The Host's Call: "No rulebook covers every odd spot. If a question or dispute
comes up that isn't settled here, the host makes the call, and that ruling is final for
the night."
"""

import doctest

import pytest

import engine.house.events
from engine.config import Stakes
from engine.errors import IllegalActionError, RulingError
from engine.hand import Hand
from engine.house.rulings import apply_ruling
from engine.house.views import visible_history
from engine.tests.hand_helpers import make_hand, play
from engine.views import view

AT = "2026-11-29T22:00:00Z"


def rule(hand: Hand, ruling: dict, reason: str = "the host's call") -> list:
    return apply_ruling(hand, ruling, "host-ann", reason, AT)


def three_handed(**kwargs) -> Hand:
    """Button 1, blinds 50/100 from seats 2 and 3: seat 1 acts first."""
    return make_hand("nlhe", [1000, 1000, 1000], button=1, **kwargs)


def test_every_ruling_is_an_event_with_the_host_the_reason_and_the_time():
    """ "the host makes the call": who, why and when go into the hand's history."""
    hand = three_handed()
    rule(hand, {"type": "pause"}, "phone call")
    rule(hand, {"type": "resume"}, "back")
    history = visible_history(hand, "public")
    assert history[-2:] == [
        {"type": "ruling_pause", "host": "host-ann", "reason": "phone call", "at": AT},
        {"type": "ruling_resume", "host": "host-ann", "reason": "back", "at": AT},
    ]


def test_a_paused_hand_takes_no_action_until_it_is_resumed():
    hand = three_handed()
    rule(hand, {"type": "pause"}, "spilled drink")
    assert hand.phase == "paused"
    assert view(hand, 1)["paused"] == {"by": "host", "message": "spilled drink"}
    assert hand.legal_actions(1)["your_turn"] is False
    with pytest.raises(IllegalActionError, match="paused: spilled drink"):
        hand.act(1, "call")
    with pytest.raises(RulingError, match="already paused"):
        rule(hand, {"type": "pause"})
    rule(hand, {"type": "resume"})
    hand.act(1, "call")
    assert hand.seat(1).bet == 100


def test_undo_restores_exactly_the_state_before_the_last_action():
    """A mis-tap is taken back before the next card: the state is as if it never happened."""
    hand = play(three_handed(), "1 call")
    before = {k: v for k, v in hand.to_json().items() if k != "events"}
    hand.act(2, "fold")
    rule(hand, {"type": "undo"}, "mis-tap")
    after = {k: v for k, v in hand.to_json().items() if k != "events"}
    assert after == before
    assert hand.events[-1].type == "ruling_undo"
    rule(hand, {"type": "undo"}, "that too")
    assert hand.to_act == 1 and hand.seat(1).bet == 0


def test_undo_reaches_back_over_the_end_of_a_round_but_not_over_a_card():
    """ "undo the last player action before the next card is dealt" """
    hand = play(three_handed(), "1 call", "2 call", "3 check")
    assert len(hand.boards[0]) == 3
    with pytest.raises(RulingError, match="Too late"):
        rule(hand, {"type": "undo"})
    heads_up = make_hand("nlhe", [1000, 1000], button=1)
    play(heads_up, "1 call", "2 check", *["2 check", "1 check"] * 3)
    assert heads_up.phase == "showdown"
    rule(heads_up, {"type": "undo"})
    assert heads_up.phase == "betting" and heads_up.to_act == 1


def test_mucked_cards_are_never_brought_back_by_an_undo():
    """ "Mucked cards are dead, and there is no saving them, ever." """
    hand = make_hand("nlhe", [1000, 1000, 1000], button=1)
    play(hand, "1 call", "2 call", "3 check", *["2 check", "3 check", "1 check"] * 3, "2 show", "3 muck")
    with pytest.raises(RulingError, match="cannot be taken back"):
        rule(hand, {"type": "undo"})


def test_the_host_can_kill_a_hand_and_its_chips_stay_in_the_pot():
    """ "don't show your cards to anyone": the host may kill the hand of a player who did."""
    hand = play(three_handed(), "1 raise 300")
    rule(hand, {"type": "kill", "seat": 1}, "showed his cards to seat 2")
    assert hand.seat(1).folded and hand.seat(1).committed == 300
    assert hand.to_act == 2
    play(hand, "2 fold")
    assert hand.finished and hand.seat(3).stack == 1000 + 300 + 50
    assert hand.chips_on_table() == hand.chips_total


def test_killing_the_player_to_act_passes_the_turn_and_the_last_hand_cannot_be_killed():
    hand = three_handed()
    rule(hand, {"type": "kill", "seat": 1})
    assert hand.to_act == 2
    rule(hand, {"type": "fold_away", "seat": 2}, "left the room")
    assert hand.finished and hand.seat(3).stack == 1050
    heads_up = make_hand("nlhe", [1000, 1000], button=1)
    rule(heads_up, {"type": "fold_away", "seat": 2}, "away")
    assert heads_up.finished


def test_an_away_player_is_folded_by_the_host():
    hand = three_handed()
    rule(hand, {"type": "fold_away", "seat": 3}, "gone to the shop")
    assert hand.seat(3).folded and hand.seat(3).last_action == "folded (away)"
    assert hand.to_act == 1


def test_the_host_awards_the_whole_middle_to_named_players():
    """A dispute: the host splits the chips in the middle between two players."""
    hand = play(three_handed(), "1 call", "2 call", "3 raise 300")
    middle = hand.pot + sum(s.bet for s in hand.seats)
    assert middle == 500
    with pytest.raises(RulingError, match="add up to 400, but there are 500"):
        rule(hand, {"type": "award", "shares": {1: 200, 3: 200}})
    rule(hand, {"type": "award", "shares": {1: 250, 3: 250}}, "both claimed the pot")
    assert hand.finished
    assert [s.stack for s in hand.seats] == [900 + 250, 900, 700 + 250]
    assert hand.awards[-1].hand == "the host's ruling"


def test_the_host_awards_one_pot_at_the_showdown_and_the_rest_is_played_out():
    """A side pot awarded by the host; the main pot still goes to the best tabled hand."""
    hand = make_hand(
        "nlhe", [200, 1000, 1000], button=1, holes={1: "AsAd", 2: "KsKd", 3: "QsQd"}, boards=["2c7d9hJc3s"]
    )
    play(hand, "1 raise 200", "2 call", "3 call", *["2 check", "3 check"] * 3)
    assert hand.phase == "showdown"
    assert [(p.amount, p.eligible) for p in hand.pots] == [(600, (1, 2, 3))]
    rule(hand, {"type": "award", "pot": 0, "shares": {2: 300, 3: 300}}, "disputed")
    assert hand.finished
    assert [s.stack for s in hand.seats] == [0, 1100, 1100]


def test_a_pot_number_can_only_be_awarded_at_the_showdown():
    hand = three_handed()
    with pytest.raises(RulingError, match="at the showdown"):
        rule(hand, {"type": "award", "pot": 0, "shares": {1: 150}})


def test_stacks_and_the_button_change_between_hands_not_by_a_hand_ruling():
    hand = three_handed()
    with pytest.raises(RulingError, match="between hands"):
        rule(hand, {"type": "set_stack", "seat": 1, "stack": 5})
    with pytest.raises(RulingError, match="between hands"):
        rule(hand, {"type": "move_button", "seat": 2})


def test_a_refused_ruling_changes_nothing():
    hand = play(three_handed(), "1 call")
    before = hand.to_json()
    for ruling in (
        {"type": "kill", "seat": 9},
        {"type": "award", "shares": {1: -5}},
        {"type": "resume"},
        {"type": "bribe"},
        {"type": "exposed", "seat": 1, "card_number": 1, "during_deal": "yes"},
    ):
        with pytest.raises(RulingError):
            rule(hand, ruling)
    with pytest.raises(RulingError, match="names the host"):
        apply_ruling(hand, {"type": "pause"}, "", "why", AT)
    assert hand.to_json() == before


def test_a_hand_with_rulings_replays_and_round_trips():
    hand = make_hand("nlhe", [1000] * 4, button=1, stakes=Stakes(50, 100))
    play(hand, "4 call", "1 raise 300")
    rule(hand, {"type": "undo"})
    rule(hand, {"type": "pause"})
    rule(hand, {"type": "resume"})
    play(hand, "1 call")
    rule(hand, {"type": "kill", "seat": 4})
    data = hand.to_json()
    assert Hand.from_json(data).to_json() == data
    assert Hand.replay(hand.config, hand.deck, hand.events).to_json() == data


def test_the_event_plumbing_docstring_examples_hold():
    assert doctest.testmod(engine.house.events).failed == 0
