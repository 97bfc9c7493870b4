"""Blind Hold'em's staged reveal: each of 3.2(a), (b) and (c) is its own moment.

"To add suspense, the table may reveal the cards in stages instead": after each stage the
dealer waits for the table's pause ("stage_seconds") before dealing the next, so every phone
sees one stage at a time.
"""

import pytest

from engine.config import Stakes
from engine.errors import ConfigurationError, IllegalActionError
from engine.hand import Hand
from engine.house import blind_holdem
from engine.house.rulings import apply_ruling
from engine.phh import hand_from_phh, hand_to_phh
from engine.tests.hand_helpers import make_hand
from engine.views import view

HOLES = {1: "AsAd", 2: "KsKd", 3: "2c7d"}


def staged(**options: object) -> Hand:
    return make_hand(
        "blind_holdem",
        [100, 100, 100],
        button=1,
        stakes=Stakes(fixed_stake=10),
        holes=HOLES,
        boards=["Ac9h5s3d2h"],
        options={"reveal": "staged", **options},
    )


def first_cards_turned(hand: Hand) -> None:
    for seat in (2, 3, 1):  # in turn, from the left of the button
        hand.act(seat, "reveal", index=0)


def face_up(hand: Hand) -> dict[int, list[str]]:
    return {s["seat"]: s["face_up"] for s in view(hand, "public")["seats"]}


def test_stage_a_ends_with_every_first_card_up_and_no_turn_yet():
    """3.2(a) "the first three board cards (the flop) are dealt, then each player turns one
    hole card face up": when the last player turns theirs, the table sees that, and only that."""
    hand = staged()
    first_cards_turned(hand)
    assert [str(c) for c in hand.boards[0]] == ["Ac", "9h", "5s"]
    assert face_up(hand) == {1: ["As"], 2: ["Ks"], 3: ["2c"]}
    assert hand.phase == "reveal_pause" and not hand.finished
    assert blind_holdem.waiting_for_stage(hand) == blind_holdem.STAGE_B
    assert hand.events[-1].type == "reveal"  # the last player's card, nothing dealt after it


def test_stage_b_deals_the_turn_and_every_second_card_then_waits():
    """3.2(b) "the fourth board card (the turn) is dealt, then each player turns their second
    hole card face up"."""
    hand = staged()
    first_cards_turned(hand)
    events = blind_holdem.next_stage(hand)
    assert [e.type for e in events] == ["next_stage", "board", "second_cards_revealed"]
    assert [str(c) for c in hand.boards[0]] == ["Ac", "9h", "5s", "3d"]
    assert face_up(hand) == {1: ["As", "Ad"], 2: ["Ks", "Kd"], 3: ["2c", "7d"]}
    assert hand.phase == "reveal_pause" and not hand.finished
    assert blind_holdem.waiting_for_stage(hand) == blind_holdem.STAGE_C


def test_stage_c_deals_the_river_and_the_pot_goes_to_the_best_hand():
    """3.2(c) "the fifth board card (the river) is dealt." "The player with the best hand
    takes the whole pot." """
    hand = staged()
    first_cards_turned(hand)
    blind_holdem.next_stage(hand)
    events = blind_holdem.next_stage(hand)
    assert events[0].type == "next_stage" and events[1].type == "board"
    assert [str(c) for c in hand.boards[0]] == ["Ac", "9h", "5s", "3d", "2h"]
    assert hand.finished and hand.seat(1).stack == 120


def test_nothing_goes_on_to_the_next_stage_while_players_still_choose():
    hand = staged()
    hand.act(2, "reveal", index=0)
    with pytest.raises(IllegalActionError, match="No stage"):
        blind_holdem.next_stage(hand)
    assert hand.phase == "reveal"


def test_a_hand_revealed_all_at_once_has_no_stages():
    """ "Once the board is complete, every player turns their two hole cards face up." """
    hand = make_hand("blind_holdem", [100, 100], button=1, stakes=Stakes(fixed_stake=10))
    assert hand.finished
    assert not any(e.type == "next_stage" for e in hand.events)


def test_the_pause_between_stages_is_announced_with_the_reveal():
    assert blind_holdem.stage_seconds(staged()) == 3  # the default: a few seconds
    assert blind_holdem.stage_seconds(staged(stage_seconds=0)) == 0
    with pytest.raises(ConfigurationError, match="pause between stages"):
        staged(stage_seconds=7)
    with pytest.raises(ConfigurationError, match="pause between stages"):
        staged(stage_seconds=False)


def test_a_staged_hand_replays_from_its_events_at_every_stage():
    hand = staged()
    first_cards_turned(hand)
    blind_holdem.next_stage(hand)
    data = hand.to_json()
    assert Hand.replay(hand.config, hand.deck, hand.events).to_json() == data
    assert Hand.from_json(data).to_json() == data


def test_a_staged_hand_round_trips_through_phh():
    """A file records no pauses: its stages follow one another when read back."""
    hand = staged(stage_seconds=5)
    first_cards_turned(hand)
    blind_holdem.next_stage(hand)
    blind_holdem.next_stage(hand)
    again = hand_from_phh(hand_to_phh(hand))
    assert again.finished and [s.stack for s in again.seats] == [s.stack for s in hand.seats]


def test_every_view_says_which_stage_was_reached_and_which_comes_after_the_pause():
    """ "The dealer shall announce the method before the deal": every screen says where the
    staged reveal stands, the same for every viewer, so a phone can say what just happened and
    what comes next (the live table's deadline says when)."""
    hand = staged(stage_seconds=5)

    def stages() -> list[dict[str, object]]:
        return [view(hand, viewer)["staged_reveal"] for viewer in (1, 2, 3, "host", "public")]

    assert stages() == [{"stage": "a", "next_stage": None, "seconds": 5}] * 5  # players turning
    first_cards_turned(hand)
    assert stages() == [{"stage": "a", "next_stage": "b", "seconds": 5}] * 5
    blind_holdem.next_stage(hand)
    assert stages() == [{"stage": "b", "next_stage": "c", "seconds": 5}] * 5
    blind_holdem.next_stage(hand)
    assert hand.finished and stages() == [{"stage": "c", "next_stage": None, "seconds": 5}] * 5
    all_at_once = make_hand("blind_holdem", [100, 100], button=1, stakes=Stakes(fixed_stake=10))
    assert "staged_reveal" not in view(all_at_once, 1)


def test_each_seat_says_what_the_last_stage_did_for_it():
    """3.2(a) "each player turns one hole card face up"; 3.2(b) "each player turns their second
    hole card face up"; 3.2(c) "the fifth board card (the river) is dealt": a seat's last action
    follows the stages, not the first card it turned."""
    hand = staged()

    def words() -> dict[int, str]:
        return {s["seat"]: s["last_action"] for s in view(hand, "public")["seats"]}

    hand.act(2, "reveal", index=1)
    hand.act(3, "reveal", index=0)
    assert words() == {1: "post 10", 2: "turned second card", 3: "turned first card"}
    hand.act(1, "reveal", index=0)
    blind_holdem.next_stage(hand)
    assert words() == dict.fromkeys((1, 2, 3), "turned both cards")
    blind_holdem.next_stage(hand)  # the river: nothing more turned, both cards still up
    assert hand.finished and words() == dict.fromkeys((1, 2, 3), "turned both cards")


def test_a_seat_whose_card_the_host_turned_says_so():
    """The host's ruling "reveal_rest" turns each remaining player's first card."""
    hand = staged()
    hand.act(2, "reveal", index=1)
    apply_ruling(hand, {"type": "reveal_rest"}, "host-ann", "taking too long", "2026-11-29T22:30:00Z")
    seats = {s["seat"]: s["last_action"] for s in view(hand, "public")["seats"]}
    assert seats == {
        1: "first card turned by the host",
        2: "turned second card",
        3: "first card turned by the host",
    }
