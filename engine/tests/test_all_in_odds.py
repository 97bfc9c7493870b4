"""All-in odds in every view, from the board and hands face up when the hands were tabled.

Rule (engine.dealer): "When no more betting is possible because players are all-in, all live
hands are turned face up before the rest of the board is dealt."
"""

from __future__ import annotations

import json

from engine.cards import STANDARD_DECK, parse_cards
from engine.config import Stakes
from engine.evaluator import evaluate
from engine.hand import Hand
from engine.tests.hand_helpers import make_hand, play
from engine.views import view

VIEWERS = ("public", "host", 1, 2, 3)


def _turn_all_in() -> Hand:
    """Heads-up: 7s7d (seat 1) against AhKh (seat 2), all-in on the turn 7c 2h 9h Qs."""
    hand = make_hand("nlhe", [1000, 1000], holes={1: "7s7d", 2: "AhKh"}, boards=["7c2h9h Qs 3c"])
    return play(hand, "1 call", "2 check", "2 check", "1 check", "2 bet 900", "1 call")


def test_aces_against_kings_all_in_preflop_shows_about_82_to_18_in_the_view():
    """Aces against kings all-in before the flop: the television figure is about 82% to 18%."""
    hand = make_hand("nlhe", [1000, 1000], holes={1: "AsAh", 2: "KsKh"})
    play(hand, "1 raise 1000", "2 call")
    odds = view(hand, "public")["all_in_odds"]
    assert odds["street"] == "preflop" and odds["board"] == []
    aces, kings = odds["players"]
    assert (aces["seat"], kings["seat"]) == (1, 2)
    assert 0.81 < aces["share"] < 0.84
    assert 0.16 < kings["share"] < 0.19
    assert abs(aces["share"] + kings["share"] - 1) < 1e-3


def test_all_in_on_the_turn_counts_every_river_exactly():
    """The board as it stood when the hands were tabled (the turn), not the final river."""
    hand = _turn_all_in()
    public = view(hand, "public")
    assert len(public["boards"][0]) == 5  # the river has been run out since
    odds = public["all_in_odds"]
    assert odds["street"] == "turn"
    assert odds["board"] == ["7c", "2h", "9h", "Qs"]
    assert odds["exact"] is True
    board = parse_cards("7c2h9hQs")
    holes = {1: parse_cards("7s7d"), 2: parse_cards("AhKh")}
    known = set(board) | set(holes[1]) | set(holes[2])
    wins = {1: 0, 2: 0}
    rivers = [c for c in STANDARD_DECK if c not in known]
    for river in rivers:
        values = {seat: evaluate((*hole, *board, river)) for seat, hole in holes.items()}
        if values[1] != values[2]:
            wins[max(values, key=values.__getitem__)] += 1
    by_seat = {p["seat"]: p for p in odds["players"]}
    for seat in (1, 2):
        assert by_seat[seat]["win"] == round(wins[seat] / len(rivers), 4)
    assert wins == {1: 37, 2: 7}


def test_a_hand_won_by_folds_has_no_odds():
    hand = make_hand("nlhe", [1000, 1000, 1000], holes={1: "AsAh", 2: "KsKh"})
    play(hand, "1 raise 300", "2 fold", "3 fold")
    assert hand.finished
    assert "all_in_odds" not in view(hand, "public")


def test_a_showdown_without_an_all_in_has_no_odds():
    hand = make_hand("nlhe", [1000, 1000], holes={1: "AsAh", 2: "KsKh"})
    play(hand, "1 call", "2 check")
    for _ in range(3):
        play(hand, "2 check", "1 check")
    while not hand.finished:
        seat = hand.to_act
        play(hand, f"{seat} show")
    assert all("all_in_odds" not in view(hand, viewer) for viewer in ("public", 1, 2))


def test_a_player_all_in_for_less_while_others_can_still_bet_has_no_odds_yet():
    """Odds appear only once no more betting is possible and the hands are face up."""
    hand = make_hand("nlhe", [300, 1000, 1000], holes={1: "AsAh"})
    play(hand, "1 raise 300", "2 call", "3 call")
    assert not hand.finished
    assert all("all_in_odds" not in view(hand, viewer) for viewer in VIEWERS)


def test_odds_use_no_hidden_card_and_are_the_same_for_every_viewer():
    """A folded hand stays face down: it is neither a player in the odds nor a dead card."""
    hand = make_hand("nlhe", [1000, 1000, 1000], holes={1: "AsAh", 2: "2c7d", 3: "KsKh"})
    play(hand, "1 raise 1000", "2 fold", "3 call")
    views = {viewer: view(hand, viewer) for viewer in VIEWERS}
    first = views["public"]["all_in_odds"]
    assert [p["seat"] for p in first["players"]] == [1, 3]
    for viewer, data in views.items():
        assert data["all_in_odds"] == first
        seats = {s["seat"]: s for s in data["seats"]}
        for player in data["all_in_odds"]["players"]:
            assert seats[player["seat"]]["cards"] is not None, (viewer, player)
        board = data["boards"][0]
        assert data["all_in_odds"]["board"] == board[: len(data["all_in_odds"]["board"])]
    assert views["public"]["seats"][1]["cards"] is None
    assert "2c" not in json.dumps(views["public"]["all_in_odds"])


def test_omaha_and_short_deck_all_ins_get_odds_that_share_the_whole_pot():
    for game, holes in (("plo", {1: "AsAhKsKh", 2: "QdQcJdJc"}), ("short_deck", {1: "AsAh", 2: "KsKh"})):
        hand = make_hand(game, [1000, 1000], holes=holes)
        play(hand, f"1 raise {hand.legal_actions(1)['actions']['raise']['max_to']}", "2 call")
        if not hand.finished:  # pot limit: keep betting the pot until someone is all-in
            while hand.to_act is not None:
                seat = hand.to_act
                actions = hand.legal_actions(seat)["actions"]
                action = "raise" if actions.get("raise", {}).get("allowed") else "call"
                if actions.get("bet", {}).get("allowed"):
                    action = "bet"
                to = actions[action].get("max_to")
                play(hand, f"{seat} {action} {to}" if to else f"{seat} {action}")
        odds = view(hand, "public")["all_in_odds"]
        assert abs(sum(p["share"] for p in odds["players"]) - 1) < 1e-3, game


def test_a_double_board_bomb_pot_is_left_without_odds():
    """Double boards are skipped on purpose (engine.odds): each board would need its own odds."""
    hand = make_hand(
        "bomb_pot_double", [1000, 1000], stakes=Stakes(bomb_ante=100), holes={1: "AsAh", 2: "KsKh"}
    )
    while not hand.finished and hand.to_act is not None:
        seat = hand.to_act
        actions = hand.legal_actions(seat)["actions"]
        if actions.get("bet", {}).get("allowed"):
            play(hand, f"{seat} bet {actions['bet']['max_to']}")
        else:
            play(hand, f"{seat} call")
    assert any(e.type == "hands_tabled" for e in hand.events)
    assert "all_in_odds" not in view(hand, "public")


def test_json_round_trip_and_replay_keep_the_same_odds():
    hand = _turn_all_in()
    odds = view(hand, "public")["all_in_odds"]
    reloaded = Hand.from_json(json.loads(json.dumps(hand.to_json())))
    assert view(reloaded, "public")["all_in_odds"] == odds
    replayed = Hand.replay(hand.config, hand.deck, list(hand.events))
    assert view(replayed, 2)["all_in_odds"] == odds
    assert json.loads(json.dumps(odds)) == odds


def test_an_all_in_called_on_the_river_shows_no_odds_since_nothing_is_left_to_come():
    hand = make_hand("nlhe", [1000, 1000], holes={1: "7s7d", 2: "AhKh"}, boards=["7c2h9h Qs 3c"])
    play(hand, "1 call", "2 check", "2 check", "1 check", "2 check", "1 check", "2 bet 900", "1 call")
    assert hand.phase == "showdown"
    while not hand.finished:
        play(hand, f"{hand.to_act} show")
    assert all("all_in_odds" not in view(hand, viewer) for viewer in ("public", 1, 2))
