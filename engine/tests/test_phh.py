"""PHH hand histories made by hand (engine/tests/phh/*.phh), replayed through the engine.

Each file's finishing_stacks were worked out by hand in its header comment, not by
this engine. Modified copies check that a file breaking a rule is refused, naming
the action.
"""

from pathlib import Path

import pytest

from engine.cards import format_cards
from engine.house import blind_holdem
from engine.house.rulings import apply_ruling
from engine.phh import HandHistoryError, dumps, hand_from_phh, hand_to_phh, loads, replay

FILES = Path(__file__).resolve().parent / "phh"


def _text(name: str) -> str:
    return (FILES / name).read_text()


def _replace_action(text: str, old: str, new: str) -> str:
    assert f'"{old}"' in text
    return text.replace(f'"{old}"', f'"{new}"', 1)


@pytest.mark.parametrize("path", sorted(FILES.glob("*.phh")), ids=lambda path: path.stem)
def test_each_hand_made_file_replays_to_its_hand_computed_finishing_stacks(path):
    text = path.read_text()
    assert replay(text) == loads(text)["finishing_stacks"]


def test_three_all_ins_of_different_sizes_make_a_main_pot_and_two_side_pots():
    """ "When a player is all-in for less than the bets around them, they can only win the
    chips they actually matched. Everything above that goes into a side pot, contested only
    by the players who put it in." """
    hand = hand_from_phh(_text("three_all_ins.phh"))
    assert [(award.amount, award.shares) for award in hand.awards] == [
        (2000, ((3, 2000),)),
        (1500, ((2, 1500),)),
        (2000, ((1, 2000),)),
    ]
    assert replay(_text("three_all_ins.phh")) == [2000, 1500, 2000, 1000]


def test_a_split_pot_gives_the_odd_chip_to_the_first_winner_left_of_the_button():
    """ "Ties split the pot equally." The chip that cannot be split goes to the first
    winner left of the button (engine.pots), who is p2 here since p1 folded."""
    assert replay(_text("odd_chip_split.phh")) == [995, 1003, 1002]


def test_a_short_all_in_does_not_reopen_the_betting_in_a_replayed_file():
    """ "You can always go all-in even if it's short of a full raise, but that undersized
    all-in doesn't reopen the betting for players who have already acted." """
    text = _text("short_all_in_does_not_reopen.phh")
    assert replay(text) == [1350, 1050, 1950]
    reraise = text.replace('"p1 cc",  # only a call', '"p1 cbr 800",  # only a call')
    assert reraise != text
    with pytest.raises(HandHistoryError, match=r"Action 11 \('p1 cbr 800'\): The betting was not reopened"):
        replay(reraise)


def test_the_straddler_acts_last_before_the_flop():
    """ "It plays as a third, larger blind, and in return the straddler gets to act last pre-flop." """
    text = _text("straddle.phh")
    assert replay(text) == [950, 800, 1450, 800]
    straddler_first = text.replace('  "p4 cc",\n', "", 1)
    with pytest.raises(HandHistoryError, match="It is not your turn"):
        replay(straddler_first)


def test_a_raise_over_a_straddle_must_grow_the_bet_by_the_straddle():
    """ "A raise has to grow the bet by at least as much as the last bet or raise" (the straddle: 200)."""
    small_raise = _replace_action(_text("straddle.phh"), "p3 cbr 600", "p3 cbr 300")
    with pytest.raises(HandHistoryError, match="The minimum raise is to 400"):
        replay(small_raise)


def test_heads_up_the_forced_bets_are_reversed_and_the_button_acts_first():
    """ "Heads-up, the button posts the small blind and acts first before the flop." PHH:
    "the antes, blinds, and straddles are reverse-assigned for heads-up situations"."""
    hand = hand_from_phh(_text("heads_up.phh"))
    p1, p2 = hand.seat(1), hand.seat(2)
    assert hand.config.button == 2
    assert [(p.seat, p.kind.value, p.amount) for p in hand.config.posts] == [
        (1, "ante", 100),
        (2, "small_blind", 50),
        (1, "big_blind", 100),
    ]
    assert (p1.stack, p2.stack) == (1600, 0)


def test_fixed_limit_allows_a_bet_and_four_raises_and_no_more():
    """ "Each betting round allows a bet and up to four raises. Before the flop, the big
    blind counts as the bet." """
    text = _text("fixed_limit_caps.phh")
    assert replay(text) == [1400, 800, 800]
    sixth_bet = _replace_action(text, "p3 cc", "p3 cbr 120")  # on the flop, after p2's 100
    with pytest.raises(HandHistoryError, match="The betting is capped"):
        replay(sixth_bet)


def test_a_double_board_bomb_pot_is_read_from_its_user_fields():
    """ "At showdown the pot is split in half. Each half goes to the best hand on its board." """
    hand = hand_from_phh(_text("bomb_pot_double_board.phh"))
    assert hand.config.game == "bomb_pot_double"
    assert [[str(c) for c in board] for board in hand.boards] == [
        ["Ac", "Qd", "7h", "8s", "2d"],
        ["Kc", "Jd", "6h", "5s", "4d"],
    ]
    assert [s.stack for s in hand.seats] == [1050, 1050, 900]


def test_pot_limit_omaha_refuses_a_raise_bigger_than_the_pot():
    """Pot-limit: "the largest raise is to the size of the pot after calling" (engine.betting)."""
    text = _text("pot_limit_omaha.phh")
    assert replay(text) == [1950, 1650, 2400]
    with pytest.raises(HandHistoryError, match="the most you can raise to is 350"):
        replay(_replace_action(text, "p3 cbr 350", "p3 cbr 351"))


def test_short_deck_ranks_a_flush_above_a_full_house():
    """ "A flush beats a full house." (Short Deck)"""
    hand = hand_from_phh(_text("short_deck_flush_beats_full_house.phh"))
    assert hand.config.game == "short_deck"
    assert [s.stack for s in hand.seats] == [1220, 890, 890]
    assert "flush" in hand.awards[0].hand.lower()


def test_a_card_below_six_is_refused_in_short_deck():
    low_card = _replace_action(_text("short_deck_flush_beats_full_house.phh"), "d db Td", "d db 5d")
    with pytest.raises(HandHistoryError, match=r"Action 15 \('d db 5d'\): 5d is not in the short deck"):
        replay(low_card)


def test_chips_that_are_not_whole_numbers_are_refused():
    fractional = _text("heads_up.phh").replace(
        "starting_stacks = [1000, 600]", "starting_stacks = [1000.5, 600]"
    )
    with pytest.raises(
        HandHistoryError, match=r"starting_stacks must be a whole number, 0 or more, not 1000\.5"
    ):
        replay(fractional)


def test_unknown_hole_cards_and_burns_are_filled_with_cards_nobody_holds():
    hand = hand_from_phh(_text("straddle.phh"))
    dealt = [c for s in hand.seats for c in s.hole]
    assert len(set(dealt)) == 8
    assert {"9s", "9h", "Ac", "Kc"} <= {str(c) for c in dealt}


def test_a_board_dealt_while_a_player_still_has_to_act_is_refused():
    early_flop = _text("odd_chip_split.phh").replace('  "p2 cc",\n  "d db QsJhTd",', '  "d db QsJhTd",', 1)
    with pytest.raises(HandHistoryError, match="the board is dealt before the betting round is over"):
        replay(early_flop)


def test_a_card_dealt_twice_is_refused():
    twice = _replace_action(_text("three_all_ins.phh"), "d db 4s", "d db As")
    with pytest.raises(HandHistoryError, match="As is dealt twice"):
        replay(twice)


def test_a_variant_this_engine_does_not_play_is_refused_by_name():
    stud = _text("heads_up.phh").replace('variant = "NT"', 'variant = "F7S"')
    with pytest.raises(HandHistoryError, match="Variant 'F7S' is not supported"):
        loads(stud)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("antes", "[0, 0, 0]", "antes must have one entry per player"),
        ("min_bet", '"big"', "min_bet must be a number"),
        ("starting_stacks", "[1000]", "at least two players"),
    ],
)
def test_malformed_fields_are_refused_with_the_field_named(field, value, message):
    lines = [
        f"{field} = {value}" if line.startswith(f"{field} =") else line
        for line in _text("heads_up.phh").splitlines()
    ]
    with pytest.raises(HandHistoryError, match=message):
        loads("\n".join(lines))


def test_text_that_is_not_toml_is_refused():
    with pytest.raises(HandHistoryError, match="This is not a PHH file"):
        loads("variant = NT")


def test_loads_of_dumps_gives_the_same_fields_for_every_hand_made_file():
    for path in FILES.glob("*.phh"):
        history = loads(path.read_text())
        assert loads(dumps(history)) == history, path.name
        assert dumps(loads(dumps(history))) == dumps(history), path.name


def test_strings_with_quotes_and_control_characters_survive_dumps():
    history = loads(_text("odd_chip_split.phh"))
    history["players"] = ['Ann "the rock"', "Bob\\Bill", "Cy\tdel\x7f é"]
    assert loads(dumps(history))["players"] == history["players"]


# The home games' own actions (_home_actions) --------------------------------------------------


def test_a_crazy_blind_man_removal_is_replayed_from_home_actions():
    """ "Each player is left holding two cards": the removed card is discarded, never shown."""
    hand = hand_from_phh(_text("crazy_blind_man_removal.phh"))
    assert [format_cards(s.hole) for s in hand.seats] == ["AdQc", "Kd3h", "7c4s"]
    assert {str(c) for c in hand.burned} >= {"Ks", "7h", "As"}


def test_a_removal_out_of_turn_is_refused_naming_the_entry():
    """ "starting with the small blind taking a card from the big blind": p1 (seat 1) goes first."""
    history = loads(_text("crazy_blind_man_removal.phh"))
    first, second, third = history["_home_actions"]
    history["_home_actions"] = [second, first, third]
    with pytest.raises(HandHistoryError, match=r"'7 p2 remove p3 7h'.*waiting for seat 1"):
        replay(dumps(history))


def test_a_removal_of_a_card_the_player_does_not_hold_is_refused():
    text = _text("crazy_blind_man_removal.phh").replace('"7 p1 remove p2 Ks"', '"7 p1 remove p2 Kc"')
    with pytest.raises(HandHistoryError, match="Kc is removed from p2, who does not hold it"):
        replay(text)


def test_a_crazy_blind_man_file_without_its_removals_is_refused():
    history = loads(_text("crazy_blind_man_removal.phh"))
    del history["_home_actions"]
    with pytest.raises(HandHistoryError, match=r"'p1 sm AdQc'\): p1 shows 2 cards but holds 3"):
        replay(dumps(history))


@pytest.mark.parametrize(
    "entry, message",
    [
        ("p1 remove p2 Ks", "index of the action"),
        ("7 p4 remove p2 Ks", "p1 to p3"),
        ("7 p1 take p2 Ks", "is not 'N pX remove pY Card'"),
        ("7 p1 remove p2 Zz", "Zz"),
    ],
)
def test_malformed_home_actions_are_refused_naming_the_entry(entry, message):
    text = _text("crazy_blind_man_removal.phh").replace('"7 p1 remove p2 Ks"', f'"{entry}"')
    with pytest.raises(HandHistoryError, match=message):
        replay(text)


def test_a_staged_blind_holdem_reveal_is_replayed_from_home_actions():
    """3.2(a) "each player turns one hole card face up"; 3.2(b) "each player turns their second
    hole card face up": the first choices are in the file, the second cards follow from them."""
    hand = hand_from_phh(_text("blind_holdem_staged_reveal.phh"))
    assert hand.extras["revealed"][:3] == [[1, 1], [2, 0], [3, 1]]
    assert sorted(hand.extras["revealed"][3:]) == [[1, 0], [2, 1], [3, 0]]
    assert all(s.shown for s in hand.seats)


def test_a_hand_with_a_host_ruling_is_refused_when_written():
    """Host rulings are not written as hand histories; the error says so."""
    history = loads(_text("blind_holdem_staged_reveal.phh"))
    del history["_home_actions"]
    history["actions"] = history["actions"][:4]  # the hole cards and the flop
    hand = hand_from_phh(dumps(history))
    apply_ruling(hand, {"type": "reveal_rest"}, "Host", "a player left", "2026-01-01T20:00:00")
    blind_holdem.next_stage(hand)
    blind_holdem.next_stage(hand)
    assert hand.finished
    with pytest.raises(HandHistoryError, match="host ruling"):
        hand_to_phh(hand)


def test_a_removal_from_a_player_other_than_the_nearest_on_the_left_is_refused():
    """ "each player chooses one of the three cards held by the player on their left": p1 takes
    from p2, not p3."""
    text = _text("crazy_blind_man_removal.phh").replace('"7 p1 remove p2 Ks"', '"7 p1 remove p3 7c"')
    text = _replace_action(text, "p2 sm Kd3h", "p2 sm KsKd3h")
    with pytest.raises(HandHistoryError, match=r"'7 p1 remove p3 7c': the card is removed from p2's hand"):
        replay(text)


def test_a_home_action_placed_after_the_last_action_is_refused():
    text = _text("blind_holdem_staged_reveal.phh").replace('"4 p3 reveal 1"', '"7 p3 reveal 1"')
    with pytest.raises(HandHistoryError, match="'7 p3 reveal 1' comes after the last action"):
        replay(text)
