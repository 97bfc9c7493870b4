"""Every event a hand's log may hold, by its type: the core's (engine.events) and the house
rules' (engine.house). A logged event is read back here, so a new event needs a line in
`EVENT_TYPES` as well as one in `engine.appliers.APPLIERS`.

>>> event_from_json({'type': 'fold', 'seat': 2})
Folded(seat=2)
>>> EVENT_TYPES["ruling_misdeal"].__module__
'engine.house.rulings'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

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

EVENT_TYPES: dict[str, type[Event]] = {
    # A player's decision
    "fold": Folded,
    "check": Checked,
    "call": Called,
    "bet_or_raise": BetOrRaised,
    "show": Showed,
    "muck": Mucked,
    # What the dealer does
    "posts": PostsMade,
    "hole_cards": HoleCardsDealt,
    "burn": CardBurned,
    "board": BoardDealt,
    "round_started": RoundStarted,
    "round_ended": RoundEnded,
    "hands_tabled": HandsTabled,
    "showdown_started": ShowdownStarted,
    "pots_awarded": PotsAwarded,
    # Blind Hold'em's reveals (engine.house.blind_holdem)
    "reveal_started": blind_holdem.RevealStarted,
    "reveal": blind_holdem.HoleCardRevealed,
    "second_cards_revealed": blind_holdem.SecondCardsRevealed,
    "ruling_reveal_rest": blind_holdem.RevealsForced,
    "next_stage": blind_holdem.StageReached,
    # Crazy Blind Man's removals (engine.house.crazy_blind_man)
    "removal_started": crazy_blind_man.RemovalStarted,
    "remove": crazy_blind_man.CardRemoved,
    # Acting out of turn (engine.house.out_of_turn)
    "out_of_turn": out_of_turn.OutOfTurnPosted,
    "out_of_turn_stood": out_of_turn.OutOfTurnStood,
    "out_of_turn_committed": out_of_turn.OutOfTurnCommitted,
    "out_of_turn_lapsed": out_of_turn.OutOfTurnLapsed,
    "paused_for_ruling": out_of_turn.PausedForRuling,
    "ruling_out_of_turn": out_of_turn.OutOfTurnRuled,
    # Running the board twice (engine.house.run_it_twice)
    "run_it_twice_offered": run_it_twice.RunItTwiceOffered,
    "run_it_twice_answer": run_it_twice.RunItTwiceAnswered,
    "second_runout": run_it_twice.SecondRunoutDealt,
    # After the hand (engine.house.rabbit_hunt, engine.house.seven_deuce)
    "rabbit_hunt": rabbit_hunt.RabbitHunted,
    "seven_deuce_paid": seven_deuce.SevenDeucePaid,
    # The host's rulings (engine.house.rulings)
    "ruling_misdeal": rulings.MisdealDeclared,
    "ruling_exposed": rulings.CardExposed,
    "ruling_award": rulings.PotAwardedByHost,
    "ruling_kill": rulings.HandKilled,
    "ruling_fold_away": rulings.AwayPlayerFolded,
    "ruling_undo": rulings.ActionUndone,
    "ruling_pause": rulings.HandPaused,
    "ruling_resume": rulings.HandResumed,
}


def event_from_json(data: Mapping[str, Any]) -> Event:
    """The event `Event.to_json` gave."""
    return EVENT_TYPES[data["type"]].from_json(data)
