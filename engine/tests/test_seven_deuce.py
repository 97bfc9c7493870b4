"""The 7-2 game (engine.house.seven_deuce): "a player who wins a pot with seven-deuce, showing
it, collects a set bounty from every other player dealt in, paid out of their stacks"."""

import pytest

from engine.config import Stakes
from engine.errors import ConfigurationError
from engine.games import GAMES
from engine.hand import Hand
from engine.phh import hand_from_phh, hand_to_phh, loads
from engine.tests.hand_helpers import make_hand, play
from engine.views import view

BOARD = "7d2s9cKhQd"  # seven-deuce makes two pair


def hand_of(stacks, holes, board=BOARD, bounty=1, game="nlhe") -> Hand:
    stakes = Stakes(small_blind=50, big_blind=100) if game == "nlhe" else Stakes(small_bet=100, big_blind=100)
    return make_hand(
        game, stacks, button=1, stakes=stakes, holes=holes, boards=[board], options={"seven_deuce": bounty}
    )


def check_down(hand: Hand) -> Hand:
    while not hand.finished:
        seat = hand.to_act
        actions = hand.legal_actions(seat)["actions"]
        for name in ("check", "call", "show"):
            if actions.get(name, {}).get("allowed"):
                hand.act(seat, name)
                break
    return hand


def conserved(hand: Hand, total: int) -> None:
    assert sum(s.stack for s in hand.seats) == total == hand.chips_total


def test_a_shown_seven_deuce_that_wins_the_pot_collects_from_every_other_player():
    hand = check_down(hand_of([1000, 1000, 1000], {1: "7h2c", 2: "3c4d", 3: "5h8s"}))
    # Pot 300 to seat 1; then 100 (one big blind) from each of the two others.
    assert [s.stack for s in hand.seats] == [1200 + 200, 900 - 100, 900 - 100]
    assert view(hand, "public")["seven_deuce"] == {
        "winner": 1,
        "payments": [{"seat": 2, "chips": 100}, {"seat": 3, "chips": 100}],
    }
    assert hand.events[-1].type == "seven_deuce_paid"
    conserved(hand, 3000)


def test_a_winner_by_folds_is_asked_to_show_and_collects_only_by_showing():
    """ "showing it": with everyone else folded, the winner may show seven-deuce for the bounty."""
    hand = play(hand_of([1000, 1000, 1000], {1: "7h2c"}), "1 raise 300", "2 fold", "3 fold")
    assert hand.phase == "showdown" and hand.to_act == 1
    assert set(hand.legal_actions(1)["actions"]) == {"show", "muck"}
    hand.show(1)
    assert [s.stack for s in hand.seats] == [1150 + 100 + 100, 950 - 100, 900 - 100]
    conserved(hand, 3000)

    mucked = play(hand_of([1000, 1000, 1000], {1: "7h2c"}), "1 raise 300", "2 fold", "3 fold", "1 muck")
    assert [s.stack for s in mucked.seats] == [1150, 950, 900] and "seven_deuce" not in view(mucked, "public")


def test_every_winner_by_folds_is_asked_so_the_question_gives_nothing_away():
    hand = play(hand_of([1000, 1000, 1000], {1: "AhAc"}), "1 raise 300", "2 fold", "3 fold")
    assert hand.to_act == 1 and hand.phase == "showdown"
    hand.show(1)
    assert hand.finished and [s.stack for s in hand.seats] == [1150, 950, 900]


def test_without_the_option_a_winner_by_folds_wins_without_showing():
    """ "the last player wins without showing" """
    hand = play(hand_of([1000, 1000, 1000], {1: "7h2c"}, bounty=0), "1 raise 300", "2 fold", "3 fold")
    assert hand.finished and [s.stack for s in hand.seats] == [1150, 950, 900]


def test_a_side_pot_won_outright_counts():
    """Any pot they win, main or side: seat 2's kings take the main pot, seven-deuce the side pot."""
    hand = hand_of([1000, 200, 1000], {1: "7h2c", 2: "KsKd", 3: "3c4d"})
    play(hand, "1 call", "2 raise 200", "3 call", "1 call", "3 bet 100", "1 call")
    check_down(hand)
    assert hand.seat(2).won == 600 and hand.seat(1).won == 200
    assert [s.stack for s in hand.seats] == [900 + 100 + 100, 600 - 100, 700 - 100]
    conserved(hand, 2200)


def test_a_chopped_pot_does_not_count():
    """Decided: a share of a pot is not winning it with seven-deuce."""
    hand = check_down(hand_of([1000, 1000, 1000], {1: "7h2c", 2: "7s2d", 3: "3c4d"}))
    assert hand.seat(1).won == hand.seat(2).won == 150
    assert "seven_deuce" not in hand.extras and [s.stack for s in hand.seats] == [1050, 1050, 900]


def test_a_player_with_less_than_the_bounty_pays_what_they_have():
    hand = hand_of([1000, 1000, 400], {1: "7h2c"}, bounty=5)
    play(hand, "1 raise 300", "2 fold", "3 fold", "1 show")
    # Seat 3 has 300 left after the big blind: pays 300, not 500.
    assert [s.stack for s in hand.seats] == [1150 + 500 + 300, 950 - 500, 0]
    conserved(hand, 2400)


def test_the_bounty_is_paid_once_even_when_seven_deuce_wins_two_pots():
    hand = hand_of([1000, 200, 1000], {1: "7h2c", 2: "3d4h", 3: "5c6s"}, bounty=1)
    play(hand, "1 call", "2 raise 200", "3 call", "1 call", "3 bet 100", "1 call")
    check_down(hand)
    assert hand.seat(1).won == 800
    assert [e.type for e in hand.events].count("seven_deuce_paid") == 1
    assert [s.stack for s in hand.seats] == [1500 + 100, 0, 700 - 100]  # seat 2 has nothing left to pay
    conserved(hand, 2200)


def test_it_is_offered_in_no_limit_and_fixed_limit_holdem_only():
    offered = {key for key, game in GAMES.items() if any(o.key == "seven_deuce" for o in game.options)}
    assert offered == {"nlhe", "flhe"}
    assert GAMES["nlhe"].option("seven_deuce").default == 0  # off unless the host turns it on


def test_a_bounty_the_option_does_not_offer_is_refused_at_the_deal():
    with pytest.raises(ConfigurationError, match="7-2 bounty"):
        hand_of([1000, 1000], {1: "7h2c"}, bounty=4)


def test_fixed_limit_pays_in_big_blinds_too():
    hand = play(hand_of([1000, 1000, 1000], {1: "7h2c"}, game="flhe"), "1 raise 200", "2 fold", "3 fold")
    hand.show(1)
    assert hand.extras["seven_deuce"]["payments"] == [[2, 100], [3, 100]]


def test_the_bounty_round_trips_through_phh():
    """The file announces the game in `_options`, the reader pays the bounty again and checks it
    against `_seven_deuce` (each player's + or -, in player order)."""
    for hand in (
        check_down(hand_of([1000, 1000, 1000], {1: "7h2c", 2: "3c4d", 3: "5h8s"})),
        play(hand_of([1000, 1000, 400], {1: "7h2c"}, bounty=5), "1 raise 300", "2 fold", "3 fold", "1 show"),
    ):
        text = hand_to_phh(hand)
        fields = loads(text)
        assert fields["_options"] == {"seven_deuce": hand.config.options["seven_deuce"]}
        order = [s.seat for s in hand.clockwise_from_button()]
        assert sum(fields["_seven_deuce"]) == 0 and fields["_seven_deuce"][order.index(1)] > 0
        again = hand_from_phh(text)
        assert [s.stack for s in again.seats] == [s.stack for s in hand.seats]
    tampered = text.replace("_seven_deuce = [", "_seven_deuce = [1, ")
    with pytest.raises(Exception, match="_seven_deuce"):
        hand_from_phh(tampered)
