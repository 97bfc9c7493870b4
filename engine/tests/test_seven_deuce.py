"""The 7-2 game (engine.house.seven_deuce): "a player who wins a pot with seven-deuce, showing
it, collects a set bounty from every other player dealt in, paid out of their stacks"."""

import pytest

from engine.config import Stakes
from engine.errors import ConfigurationError
from engine.forced_bets import standard_config
from engine.games import GAMES
from engine.hand import Hand
from engine.house import run_it_twice
from engine.phh import hand_from_phh, hand_to_phh, loads
from engine.tests.hand_helpers import make_hand, play, seats_with, stacked_deck, with_second_run
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
        "big_blinds": 1,
        "bounty": 100,
        "payments": [{"seat": 2, "chips": 100}, {"seat": 3, "chips": 100}],
        "collected": 200,
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


def run_twice_against_kings(second_run: str, first_run: str = "7d2s9c 3h 4d") -> Hand:
    """Seat 1 (7h2c) and seat 2 (KsKd) all-in preflop for 500, seat 3 folds its big blind; both
    agree to run it twice. The first run (by default 7d 2s 9c 3h 4d: seven-deuce two pair) and
    the second are each "flop turn river"."""
    config = standard_config(
        "nlhe",
        seats_with([500, 500, 1000]),
        button=1,
        stakes=Stakes(small_blind=50, big_blind=100),
        options={"seven_deuce": 1, "run_it_twice": True},
    )
    deck = stacked_deck(config, {1: "7h2c", 2: "KsKd"}, [first_run])
    # 6 hole cards, then burn, flop, burn, turn, burn, river: the second runout starts at 14.
    flop, turn, river = second_run.split()
    placed = {1: flop[0:2], 2: flop[2:4], 3: flop[4:6], 5: turn, 7: river}
    hand = play(Hand.deal(config, with_second_run(deck, 14, placed)), "1 raise 500", "2 call", "3 fold")
    assert hand.phase == "run_it_twice"
    while run_it_twice.asking(hand):
        hand.act(hand.to_act, "run_twice")
    assert hand.finished and len(hand.boards) == 2
    return hand


def test_with_run_it_twice_each_runs_half_is_its_own_pot_and_the_bounty_is_paid_once():
    """Run it twice: "each half of every pot" goes to its own run's best hand, so each run's half
    is a pot of its own: seven-deuce winning one half outright collects the bounty ("It is paid
    once per hand"), winning both halves collects it once, and winning neither collects nothing."""
    one_half = run_twice_against_kings("AhQs8d 5c Jh")  # run 2: the kings win
    assert [(a.board, a.shares) for a in one_half.awards] == [(0, ((1, 550),)), (1, ((2, 550),))]
    # Pot 1100 (seat 3's folded big blind is in it): 550 each run; then 100 from seat 2 and seat 3.
    assert [s.stack for s in one_half.seats] == [550 + 200, 550 - 100, 900 - 100]
    assert view(one_half, "public")["seven_deuce"]["payments"] == [
        {"seat": 2, "chips": 100},
        {"seat": 3, "chips": 100},
    ]
    conserved(one_half, 2000)

    both = run_twice_against_kings("7s2dAh Qs 8d")  # run 2: seven-deuce again
    assert {a.shares for a in both.awards} == {((1, 550),)}
    assert [e.type for e in both.events].count("seven_deuce_paid") == 1
    assert [s.stack for s in both.seats] == [1100 + 100, 0, 900 - 100]  # seat 2 has nothing left to pay
    conserved(both, 2000)

    neither = run_twice_against_kings("AdQc8h 5s Jc", first_run="AhQs8d 5c Jh")
    assert {a.shares for a in neither.awards} == {((2, 550),)}
    assert "seven_deuce" not in neither.extras and [s.stack for s in neither.seats] == [0, 1100, 900]


def test_a_chopped_half_of_a_run_twice_pot_does_not_count():
    """ "A chopped pot does not count", and each run's half is a pot: run 2 is a royal flush on
    the board, which both play, so they split that half. Seven-deuce winning run 1's half
    outright still collects; chopping run 2's half and losing run 1's collects nothing."""
    hand = run_twice_against_kings("TsJsQs Ks As")
    assert [(a.board, dict(a.shares)) for a in hand.awards] == [(0, {1: 550}), (1, {1: 275, 2: 275})]
    assert [s.stack for s in hand.seats] == [550 + 275 + 200, 275 - 100, 900 - 100]
    conserved(hand, 2000)

    chopped_only = run_twice_against_kings("TsJsQs Ks As", first_run="AhQh8d 5c Jh")
    assert [(a.board, dict(a.shares)) for a in chopped_only.awards] == [(0, {2: 550}), (1, {1: 275, 2: 275})]
    assert "seven_deuce" not in chopped_only.extras
    assert [s.stack for s in chopped_only.seats] == [275, 825, 900]
