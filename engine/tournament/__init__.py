"""Tournament logic: blind structures, the clock, rebuys, standings, payouts, deals and seating
(the colour-up calculator is `engine.tournament.colour_up`).

Pure Python and deterministic apart from the seat draws (which use `secrets`). Every
record is a frozen dataclass with `to_json()` / `from_json()`; every refusal is a
`TournamentError` with a message a host can read. Times are passed in explicitly
(`now`), never read from the system.

>>> from engine.tournament import Clock, clock_state, start, stakes_at, template
>>> structure = template("turbo")
>>> clock = start(Clock(), now=0)
>>> stakes_at(clock_state(clock, structure, now=9 * 60)).big_blind
100
"""

from engine.errors import TournamentError
from engine.tournament.balancing import (
    Move,
    MoveReason,
    TableSeating,
    apply_moves,
    draw_seats,
    propose_moves,
)
from engine.tournament.clock import (
    Chime,
    ChimeKind,
    Clock,
    ClockReading,
    add_time,
    clock_state,
    go_to_period,
    hands_may_start,
    next_chime,
    next_level,
    pause,
    previous_level,
    remove_time,
    resume,
    stakes_at,
    start,
)
from engine.tournament.deals import Deal, DealMethod, chip_chop, icm_deal, icm_equities
from engine.tournament.payout_brackets import (
    PAYOUT_BRACKET_TEMPLATES,
    Bracket,
    PayoutBrackets,
    PayoutPlan,
    bracket_template,
)
from engine.tournament.payouts import (
    PAYOUT_TEMPLATES,
    PayoutTable,
    finishers_prizes,
    payout_amounts,
    payout_template,
    prize_pool,
    prizes_for,
)
from engine.tournament.rebuys import (
    FREEZE_OUT,
    Decision,
    RebuyRules,
    bust_is_final,
    can_add_on,
    can_rebuy,
    closes_rebuys,
    rebuy_window_open,
    window_text,
)
from engine.tournament.standings import (
    Bust,
    FieldSummary,
    Finish,
    chip_leaders,
    chips_bought,
    deal_places,
    field_summary,
    is_heads_up,
    ordinal,
    place_busts,
    winner,
)
from engine.tournament.structure import TEMPLATES, Break, Level, Structure, template

__all__ = [
    "FREEZE_OUT",
    "PAYOUT_BRACKET_TEMPLATES",
    "PAYOUT_TEMPLATES",
    "TEMPLATES",
    "Bracket",
    "Break",
    "Bust",
    "Chime",
    "ChimeKind",
    "Clock",
    "ClockReading",
    "Deal",
    "DealMethod",
    "Decision",
    "FieldSummary",
    "Finish",
    "Level",
    "Move",
    "MoveReason",
    "PayoutBrackets",
    "PayoutPlan",
    "PayoutTable",
    "RebuyRules",
    "Structure",
    "TableSeating",
    "TournamentError",
    "add_time",
    "apply_moves",
    "bracket_template",
    "bust_is_final",
    "can_add_on",
    "can_rebuy",
    "chip_chop",
    "chip_leaders",
    "chips_bought",
    "clock_state",
    "closes_rebuys",
    "deal_places",
    "draw_seats",
    "field_summary",
    "finishers_prizes",
    "go_to_period",
    "hands_may_start",
    "icm_deal",
    "icm_equities",
    "is_heads_up",
    "next_chime",
    "next_level",
    "ordinal",
    "pause",
    "payout_amounts",
    "payout_template",
    "place_busts",
    "previous_level",
    "prize_pool",
    "prizes_for",
    "propose_moves",
    "rebuy_window_open",
    "remove_time",
    "resume",
    "stakes_at",
    "start",
    "template",
    "window_text",
    "winner",
]
