"""How each event changes a hand: every event type, the core's and the house rules', and the
function that applies it (`Hand.apply` looks it up here).

Events are facts: an applier changes the state and validates nothing. A new event needs a
line here, and only here: `Hand.apply` replays it, and `engine.event_types` reads it back
from a log by the `type` its class names.

>>> from engine.events import Folded
>>> APPLIERS[Folded].__module__
'engine.betting'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine import betting, dealer, showdown
from engine.events import (
    BetOrRaised,
    BoardDealt,
    Called,
    CardBurned,
    Checked,
    Event,
    Folded,
    HandsTabled,
    HoleCardsDealt,
    Mucked,
    PostsMade,
    PotsAwarded,
    RoundEnded,
    RoundStarted,
    ShowdownStarted,
    Showed,
)
from engine.house import (
    blind_holdem,
    crazy_blind_man,
    out_of_turn,
    rabbit_hunt,
    rulings,
    run_it_twice,
    seven_deuce,
)

if TYPE_CHECKING:
    from engine.hand import Hand

Applier = Callable[["Hand", Any], None]

APPLIERS: dict[type[Event], Applier] = {
    # Players
    Folded: betting.apply_fold,
    Checked: betting.apply_check,
    Called: betting.apply_call,
    BetOrRaised: betting.apply_bet_or_raise,
    Showed: showdown.apply_show,
    Mucked: showdown.apply_muck,
    # The dealer
    PostsMade: dealer.apply_posts,
    HoleCardsDealt: dealer.apply_hole_cards,
    CardBurned: dealer.apply_burn,
    BoardDealt: dealer.apply_board,
    RoundStarted: betting.apply_round_started,
    RoundEnded: dealer.apply_round_ended,
    HandsTabled: dealer.apply_hands_tabled,
    ShowdownStarted: showdown.apply_showdown_started,
    PotsAwarded: showdown.apply_pots_awarded,
    # Host rulings
    rulings.MisdealDeclared: rulings.apply_misdeal,
    rulings.CardExposed: rulings.apply_exposed,
    rulings.PotAwardedByHost: rulings.apply_award,
    rulings.HandKilled: rulings.apply_fold_out,
    rulings.AwayPlayerFolded: rulings.apply_fold_out,
    rulings.ActionUndone: rulings.apply_undo,
    rulings.HandPaused: rulings.apply_pause,
    rulings.HandResumed: rulings.apply_resume,
    # Acting out of turn
    out_of_turn.OutOfTurnPosted: out_of_turn.apply_posted,
    out_of_turn.OutOfTurnStood: out_of_turn.apply_stood,
    out_of_turn.OutOfTurnCommitted: out_of_turn.apply_committed,
    out_of_turn.OutOfTurnLapsed: out_of_turn.apply_lapsed,
    out_of_turn.PausedForRuling: out_of_turn.apply_paused,
    out_of_turn.OutOfTurnRuled: out_of_turn.apply_ruled,
    # Blind Hold'em
    blind_holdem.RevealStarted: blind_holdem.apply_reveal_started,
    blind_holdem.HoleCardRevealed: blind_holdem.apply_revealed,
    blind_holdem.RevealsForced: blind_holdem.apply_forced,
    blind_holdem.SecondCardsRevealed: blind_holdem.apply_second,
    blind_holdem.StageReached: blind_holdem.apply_next_stage,
    seven_deuce.SevenDeucePaid: seven_deuce.apply_paid,
    rabbit_hunt.RabbitHunted: rabbit_hunt.apply_hunted,
    # Crazy Blind Man
    crazy_blind_man.RemovalStarted: crazy_blind_man.apply_removal_started,
    crazy_blind_man.CardRemoved: crazy_blind_man.apply_removed,
    # Running it twice
    run_it_twice.RunItTwiceOffered: run_it_twice.apply_offered,
    run_it_twice.RunItTwiceAnswered: run_it_twice.apply_answered,
    run_it_twice.SecondRunoutDealt: run_it_twice.apply_second_runout,
}
"""Event type -> function(hand, event) that changes the hand as the event says."""
