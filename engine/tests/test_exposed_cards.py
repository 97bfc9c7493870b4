"""Exposed hole cards: during the deal (replaced) and later in the hand (live, face up).

House rules, At the Deal: "If a card is accidentally flipped face-up as it's dealt so
everyone can see it, we don't re-deal. That card is set aside and treated as a burn, and
the deal simply carries on as if it hadn't happened, so everyone else still gets the
exact card they were meant to get. The player who was supposed to receive the exposed
card is made whole at the end: once the deal is finished, they take the card that would
otherwise have been the burn before the flop."
"""

import pytest

from engine.cards import STANDARD_DECK, parse_cards
from engine.config import Stakes
from engine.errors import RulingError
from engine.forced_bets import standard_config
from engine.hand import Hand
from engine.house.rulings import apply_ruling
from engine.tests.hand_helpers import make_hand, play, seats_with
from engine.views import view

AT = "2026-11-29T21:10:00Z"
# Dealt from the left of the button (seat 1): seats 2, 3, 1, 2, 3, 1; then the burns and the board.
TOP = parse_cards("2c 3c 4c 5c 6c 7c  8c  9c Tc Jc  Qc  Kc  Ac  2d  3d 4d")
DECK = (*TOP, *(c for c in STANDARD_DECK if c not in TOP))


def three_handed(game: str = "nlhe", **stakes: int) -> Hand:
    config = standard_config(
        game,
        seats_with([1000] * 3),
        button=1,
        stakes=Stakes(**(stakes or {"small_blind": 50, "big_blind": 100})),
    )
    return Hand.deal(config, DECK)


def expose(hand: Hand, seat: int, card_number: int, during_deal: bool = True) -> None:
    ruling = {"type": "exposed", "seat": seat, "card_number": card_number, "during_deal": during_deal}
    apply_ruling(hand, ruling, "host-ann", "flipped as it was dealt", AT)


def holes(hand: Hand) -> dict[int, str]:
    return {s.seat: "".join(str(c) for c in s.hole) for s in hand.seats}


def test_the_exposed_card_is_replaced_by_the_card_that_would_have_been_the_burn():
    """ "once the deal is finished, they take the card that would otherwise have been the
    burn before the flop"; everyone else keeps "the exact card they were meant to get"."""
    hand = three_handed()
    assert holes(hand) == {1: "4c7c", 2: "2c5c", 3: "3c6c"}
    expose(hand, 3, 1)
    assert holes(hand) == {1: "4c7c", 2: "2c5c", 3: "8c6c"}
    play(hand, "1 call", "2 call", "3 check")
    # "That card is set aside and treated as a burn": it is the burn before the flop, so
    # the flop is the three cards right after the replacement, with no second burn.
    assert [str(c) for c in hand.burned] == ["3c"]
    assert [str(c) for c in hand.boards[0]] == ["9c", "Tc", "Jc"]
    play(hand, "2 check", "3 check", "1 check", "2 check", "3 check", "1 check")
    assert [str(c) for c in hand.boards[0]] == ["9c", "Tc", "Jc", "Kc", "2d"]
    assert [str(c) for c in hand.burned] == ["3c", "Qc", "Ac"]


def test_everyone_sees_the_exposed_card_as_dead():
    """ "That card is set aside and treated as a burn" — face up, so everyone sees it."""
    hand = three_handed()
    expose(hand, 2, 2)
    for viewer in (1, 2, 3, "host", "public"):
        assert view(hand, viewer)["dead_cards"] == [{"seat": 2, "card": "5c"}]
    assert view(hand, 2)["your_cards"] == ["2c", "8c"]
    assert view(hand, 1)["seats"][1]["cards"] is None


def test_a_game_without_burns_gives_the_first_board_card_instead():
    """Blind Hold'em deals no burns, so the card that replaces it is the next one: the board shifts by one."""
    config = standard_config("blind_holdem", seats_with([100] * 3), button=1, stakes=Stakes(fixed_stake=10))
    # Dealt all at once, the hand runs to its end by itself: take just its stakes and deal.
    dealt = Hand(config, DECK)
    for event in Hand.deal(config, DECK).events[:2]:
        dealt.apply(event)
    expose(dealt, 1, 2)
    assert holes(dealt) == {1: "4c8c", 2: "2c5c", 3: "3c6c"}
    assert [str(c) for c in dealt.boards[0]] == ["9c", "Tc", "Jc", "Qc", "Kc"]


def test_once_play_has_started_a_card_cannot_be_ruled_exposed_during_the_deal():
    hand = play(three_handed(), "1 call")
    before = hand.to_json()
    with pytest.raises(RulingError, match="stays live"):
        expose(hand, 3, 1)
    assert hand.to_json() == before


def test_a_card_flashed_later_stays_live_and_is_face_up_for_everyone():
    """A card seen later in the hand is not replaced: the host may rule it exposed, and it is shown."""
    hand = play(three_handed(), "1 call", "2 call", "3 check")
    expose(hand, 2, 2, during_deal=False)
    assert holes(hand)[2] == "2c5c"
    for viewer in (1, 3, "host", "public"):
        seat_two = view(hand, viewer)["seats"][1]
        assert seat_two["face_up"] == ["5c"] and seat_two["cards"] is None
    assert view(hand, "public")["dead_cards"] == []


def test_a_ruling_names_which_of_the_seats_cards_never_its_face():
    """The host usually plays: naming faces and reading the refusals ("Seat 1 does not hold
    Ah") would tell him any hidden card, so the ruling takes the card's number in the hand."""
    hand = three_handed()
    before = hand.to_json()
    with pytest.raises(RulingError, match="not its face"):
        apply_ruling(hand, {"type": "exposed", "seat": 1, "card": "4c"}, "host-ann", "flipped", AT)
    for wrong in (0, 3, "1", True, None):
        with pytest.raises(RulingError, match="card number 1 to 2"):
            expose(hand, 1, wrong)  # type: ignore[arg-type]
    assert hand.to_json() == before


def test_an_exposed_card_hand_replays_and_round_trips():
    hand = make_hand("nlhe", [1000] * 3, button=1)
    expose(hand, 1, 2)
    play(hand, "1 call", "2 call", "3 check")
    data = hand.to_json()
    assert Hand.from_json(data).to_json() == data
    assert Hand.replay(hand.config, hand.deck, hand.events).to_json() == data
