"""All-in odds in Omaha hi-lo: each tabled player's chance to scoop, to take part of the pot, and
the part of it they can expect, counted as the showdown pays it (engine.hi_lo).

"the pot is split between the best high hand and the best low hand"; "If no hand qualifies for
low, the high hand wins the whole pot. One player may win both halves. Tied hands split their
half" (rules/beyond-holdem.md).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.cards import STANDARD_DECK, parse_cards
from engine.config import Stakes
from engine.errors import ConfigurationError
from engine.hi_lo_equity import hi_lo_equity
from engine.tests.hand_helpers import make_hand, play
from engine.views import view

HOLES = {1: "Ac2dKsKh", 2: "QcQdJsTs"}
TURN = "3h5c9dQh"


def _all_in_hand():
    """Stacks of 60: the pot raised before the flop (30 each), the flop checked, and all in on the
    turn, tabled with the river to come."""
    hand = make_hand("plo8", [60, 60], button=1, stakes=Stakes(5, 10), holes=HOLES, boards=[TURN])
    return play(hand, "1 raise 30", "2 call", "2 check", "1 check", "2 bet 30", "1 call")


def test_the_odds_on_the_turn_are_the_showdown_averaged_over_every_river():
    """Every river card dealt in turn and paid by the showdown: each player's average part of the
    pot, scoops and partial wins are the odds."""
    odds = hi_lo_equity([parse_cards(h) for h in HOLES.values()], parse_cards(TURN))
    assert odds.exact and odds.runouts == 40
    known = set(parse_cards("".join(HOLES.values()) + TURN))
    shares = {1: Fraction(0), 2: Fraction(0)}
    scoops = {1: 0, 2: 0}
    rivers = [str(c) for c in STANDARD_DECK if c not in known]
    for river in rivers:
        board = [TURN + river]
        hand = make_hand("plo8", [1000, 1000], button=1, stakes=Stakes(5, 10), holes=HOLES, boards=board)
        play(hand, "1 call", "2 check", *["2 check", "1 check"] * 3)
        while not hand.finished:
            hand.show(hand.to_act)
        for seat in (1, 2):
            part = Fraction(sum(a for award in hand.awards for s, a in award.shares if s == seat), 20)
            shares[seat] += part
            scoops[seat] += part == 1
    for index, seat in enumerate((1, 2)):
        player = odds.players[index]
        assert player.share == pytest.approx(float(shares[seat] / len(rivers)))
        assert player.scoop == pytest.approx(scoops[seat] / len(rivers))
    assert (odds.players[0].scoop, odds.players[0].split) == (0.1, 0.3)  # a 4: the wheel; a 6, 7 or 8: a low


def test_a_hi_lo_all_in_shows_every_viewer_scoop_and_split_odds():
    """Once the hands are tabled all-in, every viewer reads the same hi-lo odds."""
    hand = _all_in_hand()
    odds = view(hand, "public")["all_in_odds"]
    assert odds["hi_lo"] is True and odds["street"] == "turn" and odds["exact"] is True
    assert odds["players"] == [
        {"seat": 1, "scoop": 0.1, "split": 0.3, "share": 0.25},
        {"seat": 2, "scoop": 0.6, "split": 0.3, "share": 0.75},
    ]
    assert view(hand, 1)["all_in_odds"] == odds == view(hand, 2)["all_in_odds"]


def test_before_the_flop_a_seeded_sample_gives_the_same_odds_each_time_and_shares_sum_to_one():
    holes = [parse_cards("Ac2dKsKh"), parse_cards("QcQdJsTs"), parse_cards("3c4d8h8s")]
    first, again = hi_lo_equity(holes), hi_lo_equity(holes)
    assert first == again and not first.exact
    assert sum(p.share for p in first.players) == pytest.approx(1)


def test_a_spot_that_cannot_be_dealt_is_refused():
    with pytest.raises(ConfigurationError, match="2 to 10 Omaha hands"):
        hi_lo_equity([parse_cards("AsKs")], ())
