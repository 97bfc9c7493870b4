"""Crazy Blind Man: forehead cards, the removal after the flop, then Hold'em with two cards."""

import pytest

from engine.config import Stakes
from engine.errors import ConfigurationError, IllegalActionError, RulingError
from engine.games import GAMES, Structure
from engine.hand import Hand
from engine.house.rulings import apply_ruling
from engine.house.views import visible_history
from engine.tests.hand_helpers import make_hand, play
from engine.views import view

HOLES = {1: "AsQsJs", 2: "2c4c7c", 3: "KhKd2s"}
BOARD = ["Ks8d3c 5h 6h"]


def three_handed(**kwargs) -> Hand:
    """Button 1: seat 2 posts the small blind, seat 3 the big blind, seat 1 acts first."""
    return make_hand("crazy_blind_man", [1000] * 3, button=1, holes=HOLES, boards=BOARD, **kwargs)


def seat_cards(data: dict) -> dict[int, list[str] | None]:
    return {s["seat"]: s["cards"] for s in data["seats"]}


def test_everyone_sees_every_other_players_cards_but_never_their_own():
    """ "Every player can then see all the other players' cards but not their own. A player
    shall not look at their own cards until the showdown." """
    hand = three_handed()
    assert seat_cards(view(hand, 1)) == {1: None, 2: ["2c", "4c", "7c"], 3: ["Kh", "Kd", "2s"]}
    assert view(hand, 1)["your_cards"] is None
    assert seat_cards(view(hand, 3)) == {1: ["As", "Qs", "Js"], 2: ["2c", "4c", "7c"], 3: None}
    for shared_screen in ("host", "public"):
        assert seat_cards(view(hand, shared_screen)) == {1: None, 2: None, 3: None}


def test_the_hand_goes_through_the_six_stages_in_order():
    """Stage 1 betting with three cards; 2 the flop; 3 the removal; 4 second betting round;
    5 the turn and the third round; 6 the river, the final round and the showdown."""
    hand = three_handed()
    phases = [(hand.phase, len(hand.boards[0]))]
    play(hand, "1 call", "2 call", "3 check")
    phases.append((hand.phase, len(hand.boards[0])))
    hand.act(2, "remove", index=0)
    hand.act(3, "remove", index=0)
    hand.act(1, "remove", index=0)
    phases.append((hand.phase, len(hand.boards[0])))
    play(hand, "2 check", "3 check", "1 check")
    phases.append((hand.phase, len(hand.boards[0])))
    play(hand, "2 check", "3 check", "1 check")
    phases.append((hand.phase, len(hand.boards[0])))
    play(hand, "2 check", "3 check", "1 check")
    phases.append((hand.phase, len(hand.boards[0])))
    assert phases == [
        ("betting", 0),
        ("removal", 3),
        ("betting", 3),
        ("betting", 4),
        ("betting", 5),
        ("complete", 5),  # the showdown turns every hand up and awards the pot at once
    ]
    assert all(len(s.hole) == 2 for s in hand.seats)


def test_the_removal_starts_with_the_small_blind_taking_from_the_big_blind_and_goes_clockwise():
    """ "The removals are made in turn, starting with the small blind taking a card from the
    big blind and continuing clockwise, until every player still in the hand has lost one card." """
    hand = play(three_handed(), "1 call", "2 call", "3 check")
    assert hand.extras["removal"]["pairs"] == [[2, 3], [3, 1], [1, 2]]
    assert hand.to_act == 2
    assert hand.legal_actions(2)["actions"] == {
        "remove": {"allowed": True, "from_seat": 3, "cards": [0, 1, 2]}
    }
    with pytest.raises(IllegalActionError, match="waiting for P2"):
        hand.act(1, "remove", index=0)
    with pytest.raises(IllegalActionError, match="0 to 2"):
        hand.act(2, "remove", index=3)


def test_a_player_who_folded_is_skipped_and_gives_no_card():
    """ "each active player removes a card from the nearest active player on their left" """
    hand = make_hand("crazy_blind_man", [1000] * 4, button=1)
    play(hand, "4 call", "1 fold", "2 call", "3 check")
    assert hand.extras["removal"]["pairs"] == [[2, 3], [3, 4], [4, 2]]


def test_when_the_small_blind_has_folded_the_removal_starts_with_the_next_player_still_in():
    """Interpretation: the removal starts with the first active player clockwise from the small blind."""
    hand = make_hand("crazy_blind_man", [1000] * 4, button=1)
    play(hand, "4 call", "1 call", "2 fold", "3 check")
    assert hand.extras["removal"]["pairs"] == [[3, 4], [4, 1], [1, 3]]


def test_heads_up_the_small_blind_takes_from_the_big_blind_then_the_big_blind_from_the_small_blind():
    hand = make_hand("crazy_blind_man", [1000] * 2, button=1)
    play(hand, "1 call", "2 check")
    assert hand.extras["removal"]["pairs"] == [[1, 2], [2, 1]]


def test_the_removed_card_is_never_shown_to_the_player_it_was_taken_from():
    """ "The removed card is discarded. No player may see the card that was taken from them." """
    hand = play(three_handed(), "1 call", "2 call", "3 check")
    hand.act(2, "remove", index=0)  # the Kh, from seat 3: the pagat example's king
    hand.act(3, "remove", index=0)
    hand.act(1, "remove", index=0)
    assert [str(c) for c in hand.seat(3).hole] == ["Kd", "2s"]
    assert view(hand, 3)["removed"][0] == {"by": 2, "from": 3, "card": None}
    assert view(hand, 1)["removed"][0] == {"by": 2, "from": 3, "card": "Kh"}
    assert view(hand, "public")["removed"][0]["card"] is None
    play(hand, *["2 check", "3 check", "1 check"] * 3)
    assert hand.finished
    for viewer in (3, "public", "host"):
        assert "Kh" not in str(view(hand, viewer))
        assert "Kh" not in str(visible_history(hand, viewer))
    assert view(hand, 3)["your_cards"] == ["Kd", "2s"]
    assert "Kh" in str(visible_history(hand, 1))


def test_the_pagat_example_three_kings_become_a_pair():
    """ "A removes the K♥. B is left with K♦2♠ and, with the king of spades on the flop, now
    has only a pair of kings." """
    hand = play(three_handed(), "1 call", "2 call", "3 check")
    hand.act(2, "remove", index=0)
    hand.act(3, "remove", index=2)
    hand.act(1, "remove", index=1)
    play(hand, *["2 check", "3 check", "1 check"] * 3)
    assert view(hand, 3)["your_cards"] == ["Kd", "2s"]
    assert seat_cards(view(hand, "public"))[3] == ["Kd", "2s"]
    assert view(hand, "public")["seats"][2]["hand"] == ["Pair of kings"]


def test_all_in_hands_are_not_turned_up_for_their_owners_before_the_removal():
    hand = make_hand("crazy_blind_man", [300, 300], button=1, holes={1: "AsQsJs", 2: "KhKd2s"}, boards=BOARD)
    play(hand, "1 raise 300", "2 call")
    assert hand.phase == "removal"
    assert view(hand, 1)["your_cards"] is None
    assert seat_cards(view(hand, "public")) == {1: None, 2: None}
    hand.act(1, "remove", index=0)
    hand.act(2, "remove", index=0)
    assert hand.finished
    assert view(hand, 1)["your_cards"] == ["Qs", "Js"]


def test_no_limit_by_default_and_fixed_limit_as_its_own_game():
    assert GAMES["crazy_blind_man"].structure is Structure.NO_LIMIT
    assert GAMES["crazy_blind_man_fl"].structure is Structure.FIXED_LIMIT
    hand = make_hand("crazy_blind_man_fl", [1000] * 3, button=1, stakes=Stakes(50, 100))
    assert hand.legal_actions(1)["actions"]["raise"]["max_to"] == 200


def test_only_the_nearest_active_removal_is_offered():
    with pytest.raises(ConfigurationError, match="nearest active"):
        three_handed(options={"removal": "from_the_dealer"})


def test_a_hand_in_the_removal_replays_and_round_trips():
    hand = play(three_handed(), "1 call", "2 call", "3 check")
    hand.act(2, "remove", index=1)
    data = hand.to_json()
    assert Hand.from_json(data).to_json() == data
    assert Hand.replay(hand.config, hand.deck, hand.events).to_json() == data


def test_a_card_cannot_be_ruled_face_up_later_in_crazy_blind_man():
    """Every other player already sees it, and its owner must not: "No player may see the
    card that was taken from them" would be broken if that card were later removed."""
    hand = three_handed()
    ruling = {"type": "exposed", "seat": 3, "card_number": 1, "during_deal": False}
    with pytest.raises(RulingError, match="already see this card"):
        apply_ruling(hand, ruling, "host-ann", "flashed", "2026-11-29T22:00:00Z")


def test_at_the_showdown_every_surviving_hand_is_turned_up_and_the_best_hand_wins():
    """ "At the showdown, each surviving player places their two cards face up on the table."
    "The best hand takes the pot": nobody is asked to show or muck a hand they cannot see."""
    hand = play(three_handed(), "1 call", "2 call", "3 check")
    for seat in (2, 3, 1):
        hand.act(seat, "remove", index=0)  # seat 2 keeps 4c7c: a straight it cannot see
    play(hand, *["2 check", "3 check", "1 check"] * 2, "2 check", "3 check", "1 fold")
    assert hand.finished
    assert [(s.seat, s.shown, s.mucked) for s in hand.seats] == [
        (1, False, False),
        (2, True, False),
        (3, True, False),
    ]
    assert hand.seat(2).won == 300
    public = view(hand, "public")
    assert seat_cards(public)[2] == ["4c", "7c"] and seat_cards(public)[3] == ["Kd", "2s"]
    assert seat_cards(public)[1] is None  # a folded hand is not turned up


def test_the_chooser_is_told_which_card_each_removal_index_takes():
    """The removal is by index into the target's cards; the chooser sees those cards, so the
    choice names them (index i takes that card), as the chooser's own view shows them."""
    hand = play(three_handed(), "1 call", "2 call", "3 check")
    options = hand.legal_actions(2)
    assert options["choices"] == [
        {"index": 0, "card": "Kh"},
        {"index": 1, "card": "Kd"},
        {"index": 2, "card": "2s"},
    ]
    assert [c["card"] for c in options["choices"]] == seat_cards(view(hand, 2))[3]
    assert "choices" not in hand.legal_actions(3)  # not the chooser: nothing about seat 3's own cards
    assert "choices" not in view(hand, 3)["legal_actions"]


def test_everyone_is_told_by_name_who_is_removing_a_card_from_whom():
    """ "The removals are made in turn": every screen says whose turn it is to remove and from
    whom, by name, and each seat that removed a card says from whom, never which card."""
    hand = play(three_handed(), "1 call", "2 call", "3 check")
    for viewer in (1, 2, 3, "public", "host"):
        assert view(hand, viewer)["removing"] == {"by": 2, "from": 3}
    assert hand.legal_actions(1)["reason"] == "Waiting for P2 to remove a card from P3"
    hand.act(2, "remove", index=0)  # the Kh, from seat 3
    assert view(hand, "public")["removing"] == {"by": 3, "from": 1}
    assert hand.seat(2).last_action == "took a card from P3"
    for viewer in (3, "public"):
        data = view(hand, viewer)
        assert "Kh" not in str(data), "the words name players, never the card"
    hand.act(3, "remove", index=0)
    hand.act(1, "remove", index=0)
    assert view(hand, 1)["removing"] is None
