"""Blind Hold'em: a fixed stake, no betting, the board, and a reveal all at once or in stages."""

import pytest

from engine.cards import STANDARD_DECK
from engine.config import Stakes
from engine.errors import ConfigurationError, IllegalActionError, RulingError
from engine.forced_bets import standard_config
from engine.games import GAMES, cards_needed
from engine.hand import Hand
from engine.house import blind_holdem
from engine.house.rulings import apply_ruling
from engine.phh import hand_from_phh, hand_to_phh
from engine.tests.hand_helpers import make_hand, seats_with
from engine.views import view

STAKE = Stakes(fixed_stake=10)
AT = "2026-11-29T22:30:00Z"


def blind(stacks, holes=None, board="", **options) -> Hand:
    boards = [board] if board else []
    return make_hand(
        "blind_holdem", stacks, button=1, stakes=STAKE, holes=holes, boards=boards, options=options
    )


def test_every_player_puts_in_the_same_stake_and_nothing_else():
    """ "Before the deal, every player puts the same agreed fixed stake into the pot. There
    are no blinds, antes, bets, calls or raises beyond this stake." """
    hand = blind([100, 100, 100], reveal="staged")
    assert [(p.kind.value, p.amount) for p in hand.config.posts] == [("fixed_stake", 10)] * 3
    assert hand.pot == 30 and [s.stack for s in hand.seats] == [90, 90, 90]
    for action in ("fold", "check", "call", "bet", "raise"):
        with pytest.raises(IllegalActionError):
            hand.act(hand.to_act, action, 20)


def test_a_hand_dealt_all_at_once_plays_itself_to_the_end():
    """ "Every player stays in until the end. There is no option to fold." "Once the board
    is complete, every player turns their two hole cards face up." "The player with the
    best hand takes the whole pot." """
    hand = blind([100, 100, 100], holes={1: "AsAd", 2: "KsKd", 3: "2c7d"}, board="Ac9h5s3d2h")
    assert hand.finished
    assert all(s.shown for s in hand.seats)
    assert [s.stack for s in hand.seats] == [120, 90, 90]
    assert hand.awards[0].hand == "Three of a kind, aces"


def test_hole_cards_are_dealt_one_at_a_time_clockwise_and_no_card_is_burned():
    """ "The dealer deals two cards face down to each player, one at a time, clockwise." """
    config = standard_config("blind_holdem", seats_with([100] * 3), button=2, stakes=STAKE)
    hand = Hand.deal(config, STANDARD_DECK)
    deck = STANDARD_DECK
    assert hand.seat(3).hole == (deck[0], deck[3])
    assert hand.seat(1).hole == (deck[1], deck[4])
    assert hand.seat(2).hole == (deck[2], deck[5])
    assert hand.boards[0] == list(deck[6:11]) and hand.burned == []


def test_twenty_three_players_play_from_one_deck():
    """ "Each player needs two cards and the board needs five, so a single deck is enough
    for up to 23 players." """
    assert cards_needed(GAMES["blind_holdem"], 23) == 51
    hand = make_hand("blind_holdem", [50] * 23, button=1, stakes=STAKE)
    assert hand.finished and sum(s.stack for s in hand.seats) == 23 * 50
    with pytest.raises(ConfigurationError, match="2 to 23 players"):
        Hand(standard_config("blind_holdem", seats_with([50] * 24), button=1, stakes=STAKE), STANDARD_DECK)


def test_ties_share_the_pot_equally_and_suits_never_break_a_tie():
    """ "If two or more players tie for the best hand, they share the pot equally. Suits
    never break a tie." """
    hand = blind([100, 100, 100], holes={1: "AhKh", 2: "AdKd", 3: "2c3c"}, board="AsKs9h7c4d")
    assert [s.stack for s in hand.seats] == [105, 105, 90]


def test_a_short_stack_plays_for_what_it_could_stake():
    hand = blind([4, 100, 100], holes={1: "AsAd", 2: "KsKd", 3: "2c7d"}, board="Ac9h5s3d2h")
    assert [s.stack for s in hand.seats] == [12, 102, 90]  # main pot 12, side pot 12
    assert hand.chips_on_table() == hand.chips_total


def test_the_staged_reveal_follows_3_2():
    """3.2(a) "the flop is dealt, then each player turns one hole card face up"; 3.2(b) "the
    turn is dealt, then each player turns their second hole card face up"; 3.2(c) "the river is dealt." """
    hand = blind(
        [100, 100, 100], holes={1: "AsAd", 2: "KsKd", 3: "2c7d"}, board="Ac9h5s3d2h", reveal="staged"
    )
    assert len(hand.boards[0]) == 3 and hand.phase == "reveal"
    assert hand.to_act == 2  # in turn, from the left of the button
    assert hand.legal_actions(2)["actions"] == {"reveal": {"allowed": True, "cards": [0, 1]}}
    with pytest.raises(IllegalActionError, match="waiting for seat 2"):
        hand.act(3, "reveal", index=0)
    hand.act(2, "reveal", index=1)
    assert view(hand, "public")["seats"][1]["face_up"] == ["Kd"]
    assert view(hand, "public")["seats"][1]["cards"] is None
    hand.act(3, "reveal", index=0)
    hand.act(1, "reveal", index=0)
    # Each stage is its own moment (engine/tests/test_blind_holdem_stages.py): the table goes on.
    next_stage(hand)
    next_stage(hand)
    assert hand.finished
    assert [str(c) for c in hand.boards[0]] == ["Ac", "9h", "5s", "3d", "2h"]
    reveals = [e.type for e in hand.events if e.type in ("board", "reveal", "second_cards_revealed")]
    assert reveals == ["board", "reveal", "reveal", "reveal", "board", "second_cards_revealed", "board"]


def next_stage(hand: Hand) -> None:
    blind_holdem.next_stage(hand)


def test_the_host_can_turn_the_rest_automatically():
    hand = blind([100, 100, 100], reveal="staged")
    hand.act(2, "reveal", index=1)
    events = apply_ruling(hand, {"type": "reveal_rest"}, "host-ann", "taking too long", AT)
    assert events[0].to_json()["cards"] == [[3, 0], [1, 0]]
    assert hand.phase == "reveal_pause"
    next_stage(hand)
    next_stage(hand)
    assert hand.finished
    with pytest.raises(RulingError):
        apply_ruling(hand, {"type": "reveal_rest"}, "host-ann", "again", AT)


def test_whether_players_see_their_own_cards_first_is_a_table_option():
    hand = blind([100, 100], holes={1: "AsAd"}, reveal="staged")
    assert view(hand, 1)["your_cards"] == ["As", "Ad"]
    covered = blind([100, 100], holes={1: "AsAd"}, reveal="staged", look_at_own_cards=False)
    assert view(covered, 1)["your_cards"] is None
    assert view(covered, 1)["seats"][0]["cards"] is None
    covered.act(2, "reveal", index=0)
    assert view(covered, 1)["seats"][1]["face_up"] == [str(covered.seat(2).hole[0])]
    assert view(covered, 1)["your_cards"] is None


def test_the_reveal_method_must_be_announced_as_one_of_the_two():
    """ "The dealer shall announce the method before the deal." """
    with pytest.raises(ConfigurationError, match="reveal"):
        blind([100, 100], reveal="slowly")


def test_a_staged_hand_replays_and_round_trips():
    hand = blind([100, 100, 100], reveal="staged")
    hand.act(2, "reveal", index=1)
    data = hand.to_json()
    assert Hand.from_json(data).to_json() == data
    assert Hand.replay(hand.config, hand.deck, hand.events).to_json() == data


def test_a_hand_dealt_all_at_once_round_trips_through_a_phh_file():
    """PHH writes the game as the user field `_game`; replaying it gives the same stacks."""
    hand = blind([100, 60, 100], holes={1: "AsAd", 2: "KsKd", 3: "2c7d"}, board="Ac9h5s3d2h")
    text = hand_to_phh(hand)
    assert '_game = "blind_holdem"' in text
    assert [s.stack for s in hand_from_phh(text).seats] == [s.stack for s in hand.seats]
