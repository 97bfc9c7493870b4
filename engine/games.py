"""Game definitions: each game is data, not a subclass.

A `GameDef` says which deck is used, how many hole cards and boards there are,
what happens on each street (burn or not, board cards, betting or not), which
forced bets start the pot, the betting structure and how hands are ranked.
`GameDef.procedure` flattens that into the list of steps the hand plays through
(`engine.hand` walks it with a small table-driven loop).

>>> GAMES["flhe"].structure
<Structure.FIXED_LIMIT: 'fixed_limit'>
>>> cards_needed(GAMES["nlhe"], 10)
28
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from engine.cards import SHORT_DECK, STANDARD_DECK, Card


class Structure(StrEnum):
    """How much a player may bet."""

    NO_LIMIT = "no_limit"
    FIXED_LIMIT = "fixed_limit"
    POT_LIMIT = "pot_limit"
    NO_BETTING = "no_betting"


class ForcedBets(StrEnum):
    """Which forced bets a game starts with (the amounts come in `HandConfig.posts`)."""

    BLINDS = "blinds"  # small and big blind, optional straddle and antes
    BOMB_ANTE = "bomb_ante"  # every player the same ante, no blinds
    FIXED_STAKE = "fixed_stake"  # Blind Hold'em: everyone's stake


class HandRule(StrEnum):
    """How a player's hand is made from hole cards and a board."""

    ANY_FIVE = "any_five"  # Hold'em: best five of hole + board
    OMAHA = "omaha"  # exactly two hole cards and three board cards


class HandType(StrEnum):
    """A kind of hand a pot is played for; a game lists the ones that share each pot."""

    HIGH = "high"  # the best poker hand (engine.evaluator)
    LOW_EIGHT = "low"  # eight or better, aces low (engine.low)


class StepKind(StrEnum):
    """What the dealer does at one step (engine.dealer.STEP_HANDLERS says how, for each kind)."""

    POST = "post"
    DEAL_HOLE = "deal_hole"
    BURN = "burn"
    BOARD = "board"
    BETTING = "betting"
    SHOWDOWN = "showdown"
    # Blind Hold'em (engine.house.blind_holdem)
    BLIND_BOARD = "blind_board"  # a board step that first waits for the staged reveal
    COLLECT_STAKES = "collect_stakes"
    BLIND_SHOWDOWN = "blind_showdown"
    # Crazy Blind Man (engine.house.crazy_blind_man)
    REMOVAL = "removal"
    FACE_UP_SHOWDOWN = "crazy_showdown"  # every surviving hand turned up: nobody mucks unseen cards


@dataclass(frozen=True, slots=True)
class Street:
    """One street: a burn if `burn`, `board_cards` to each board, then a betting round if `betting`."""

    name: str
    board_cards: int
    burn: bool
    betting: bool


@dataclass(frozen=True, slots=True)
class Step:
    """One entry of a game's procedure. `street` is the street index; `count` how many cards."""

    kind: StepKind
    street: int
    count: int = 0


@dataclass(frozen=True, slots=True)
class GameOption:
    """An option announced before the deal: the values a host may choose, the first the default."""

    key: str
    label: str
    choices: tuple[tuple[str | bool | int, str], ...]  # (value, what the host reads)

    @property
    def default(self) -> str | bool | int:
        return self.choices[0][0]

    @property
    def values(self) -> tuple[str | bool | int, ...]:
        return tuple(value for value, _ in self.choices)


@dataclass(frozen=True, slots=True)
class GameDef:
    key: str
    name: str
    short_deck: bool
    hole_cards: int
    boards: int
    streets: tuple[Street, ...]
    structure: Structure
    forced_bets: ForcedBets
    ranking: str = "standard"  # "standard" | "short_deck" (engine.evaluator)
    hand_rule: HandRule = HandRule.ANY_FIVE
    # The hands that share each pot: high alone, or high and an eight-or-better low (hi-lo).
    hand_types: tuple[HandType, ...] = (HandType.HIGH,)
    min_players: int = 2
    max_players: int = 10
    options: tuple[GameOption, ...] = ()  # announced before each deal (`HandConfig.options`)
    steps: tuple[Step, ...] = ()  # the procedure, when the compiled one does not fit
    procedure: tuple[Step, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Made once: a hand looks up its current step at every dealer step.
        object.__setattr__(self, "procedure", self.steps or compile_procedure(self))

    @property
    def deck(self) -> tuple[Card, ...]:
        return SHORT_DECK if self.short_deck else STANDARD_DECK

    def players_refusal(self, players: int) -> str | None:
        """Why a hand of this game cannot be dealt to `players` players (None: it can).

        >>> GAMES["nlhe"].players_refusal(1)
        "No-Limit Hold'em needs 2 to 10 players, not 1"
        """
        if self.min_players <= players <= self.max_players:
            return None
        return f"{self.name} needs {self.min_players} to {self.max_players} players, not {players}"

    def option(self, key: str) -> GameOption:
        """The announced option `key` (KeyError if this game has none by that name)."""
        for option in self.options:
            if option.key == key:
                return option
        raise KeyError(key)

    def announced(self, options: Mapping[str, Any], key: str) -> Any:
        """The value announced for option `key`, or its default."""
        return options.get(key, self.option(key).default)

    def dealt_options(self, chosen: Mapping[str, Any]) -> dict[str, Any]:
        """The options of a table's `chosen` (kept across its games) that this game has: the ones
        its hands are dealt with.

        >>> GAMES["crazy_blind_man"].dealt_options({"seven_deuce": 5, "rabbit_hunt": True})
        {'rabbit_hunt': True}
        """
        declared = {option.key for option in self.options}
        return {key: value for key, value in chosen.items() if key in declared}

    def options_off(self, chosen: Mapping[str, Any]) -> dict[str, Any]:
        """The options of `chosen` this game cannot have that are on (not their default): off in
        its hands, kept for the next game that has them.

        >>> GAMES["crazy_blind_man"].options_off({"seven_deuce": 5, "rabbit_hunt": True})
        {'seven_deuce': 5}
        >>> GAMES["nlhe"].options_off({"seven_deuce": 5, "reveal": "all_at_once"})
        {}
        """
        declared = {option.key for option in self.options}
        off = {}
        for key, value in chosen.items():
            option = option_named(key)
            if key not in declared and option is not None and value != option.default:
                off[key] = value
        return off

    @property
    def hi_lo(self) -> bool:
        """Whether each pot is split between the best high hand and the best low."""
        return HandType.LOW_EIGHT in self.hand_types

    @property
    def burns(self) -> int:
        return sum(1 for street in self.streets if street.burn)

    @property
    def board_size(self) -> int:
        return sum(street.board_cards for street in self.streets)


def compile_procedure(game: GameDef) -> tuple[Step, ...]:
    """The steps of one hand: posts, the deal, then per street burn/board/betting, then showdown."""
    steps = [Step(StepKind.POST, 0), Step(StepKind.DEAL_HOLE, 0, game.hole_cards)]
    for index, street in enumerate(game.streets):
        if street.burn:
            steps.append(Step(StepKind.BURN, index, 1))
        if street.board_cards:
            steps.append(Step(StepKind.BOARD, index, street.board_cards))
        if street.betting and game.structure is not Structure.NO_BETTING:
            steps.append(Step(StepKind.BETTING, index))
    steps.append(Step(StepKind.SHOWDOWN, len(game.streets) - 1))
    return tuple(steps)


# House options for the Hold'em games (engine.house.rabbit_hunt, engine.house.seven_deuce).
RABBIT_HUNT = GameOption("rabbit_hunt", "Rabbit hunt", ((False, "Off"), (True, "On")))
SEVEN_DEUCE = GameOption(
    "seven_deuce",
    "7-2 bounty",
    ((0, "Off"), (1, "1 big blind"), (2, "2 big blinds"), (3, "3 big blinds"), (5, "5 big blinds")),
)


def holdem_streets(*, burn: bool = True, preflop_betting: bool = True) -> tuple[Street, ...]:
    """Preflop, flop (3), turn (1), river (1)."""
    return (
        Street("preflop", 0, False, preflop_betting),
        Street("flop", 3, burn, True),
        Street("turn", 1, burn, True),
        Street("river", 1, burn, True),
    )


def _holdem(key: str, name: str, structure: Structure, **extra: object) -> GameDef:
    return GameDef(
        key=key,
        name=name,
        short_deck=False,
        hole_cards=2,
        boards=1,
        streets=holdem_streets(),
        structure=structure,
        forced_bets=ForcedBets.BLINDS,
        **extra,  # type: ignore[arg-type]
    )


def _omaha(key: str, name: str, structure: Structure, hole_cards: int = 4, *, hi_lo: bool = False) -> GameDef:
    """Omaha with blinds: "A hand uses exactly two hole cards and exactly three board cards";
    hi-lo: "the pot is split between the best high hand and the best low hand"."""
    return GameDef(
        key=key,
        name=name,
        short_deck=False,
        hole_cards=hole_cards,
        boards=1,
        streets=holdem_streets(),
        structure=structure,
        forced_bets=ForcedBets.BLINDS,
        hand_rule=HandRule.OMAHA,
        hand_types=(HandType.HIGH, HandType.LOW_EIGHT) if hi_lo else (HandType.HIGH,),
        options=(RABBIT_HUNT,),
    )


def _bomb(key: str, name: str, hole_cards: int, boards: int, *, hi_lo: bool = False) -> GameDef:
    omaha = hole_cards > 2
    return GameDef(
        key=key,
        name=name,
        short_deck=False,
        hole_cards=hole_cards,
        boards=boards,
        streets=holdem_streets(preflop_betting=False),
        structure=Structure.POT_LIMIT if omaha else Structure.NO_LIMIT,
        forced_bets=ForcedBets.BOMB_ANTE,
        hand_rule=HandRule.OMAHA if omaha else HandRule.ANY_FIVE,
        hand_types=(HandType.HIGH, HandType.LOW_EIGHT) if hi_lo else (HandType.HIGH,),
    )


def _with_removal(game: GameDef) -> GameDef:
    """Crazy Blind Man: the Hold'em steps with the removal right after the flop's board cards,
    and a showdown with every hand face up."""
    steps = list(compile_procedure(game))
    flop = next(i for i, step in enumerate(steps) if step.kind is StepKind.BOARD and step.street == 1)
    steps.insert(flop + 1, Step(StepKind.REMOVAL, 1))
    # "At the showdown, each surviving player places their two cards face up on the table."
    showdown_at = next(i for i, step in enumerate(steps) if step.kind is StepKind.SHOWDOWN)
    steps[showdown_at] = Step(StepKind.FACE_UP_SHOWDOWN, steps[showdown_at].street)
    return replace(game, steps=tuple(steps))


def _crazy_blind_man(key: str, name: str, structure: Structure) -> GameDef:
    """ "Each player holds their three cards against their forehead" (engine.house.crazy_blind_man)."""
    return _with_removal(
        GameDef(
            key=key,
            name=name,
            short_deck=False,
            hole_cards=3,
            boards=1,
            streets=holdem_streets(),
            structure=structure,
            forced_bets=ForcedBets.BLINDS,
            # "Each active player removes a card from the nearest active player on their left."
            options=(
                GameOption("removal", "Removal", (("nearest_active", "From the nearest player left"),)),
                RABBIT_HUNT,
            ),
        )
    )


# Blind Hold'em (engine.house.blind_holdem): "There are no blinds, antes, bets, calls or raises
# beyond this stake." "A single deck is enough for up to 23 players" (no burns).
BLIND_HOLDEM = GameDef(
    key="blind_holdem",
    name="Blind Hold'em",
    short_deck=False,
    hole_cards=2,
    boards=1,
    streets=holdem_streets(burn=False, preflop_betting=False),
    structure=Structure.NO_BETTING,
    forced_bets=ForcedBets.FIXED_STAKE,
    min_players=2,
    max_players=23,
    options=(
        GameOption("reveal", "Reveal", (("all_at_once", "All at once"), ("staged", "In stages"))),
        GameOption("look_at_own_cards", "Players see their own cards", ((True, "Yes"), (False, "No"))),
        # Staged reveal: each stage is its own moment, with this pause before the next one.
        GameOption(
            "stage_seconds",
            "Pause between stages",
            ((3, "3 seconds"), (0, "No pause"), (2, "2 seconds"), (5, "5 seconds"), (10, "10 seconds")),
        ),
    ),
    steps=(
        Step(StepKind.POST, 0),
        Step(StepKind.DEAL_HOLE, 0, 2),
        Step(StepKind.BLIND_BOARD, 1, 3),
        Step(StepKind.BLIND_BOARD, 2, 1),
        Step(StepKind.BLIND_BOARD, 3, 1),
        Step(StepKind.COLLECT_STAKES, 3),
        Step(StepKind.BLIND_SHOWDOWN, 3),
    ),
)


GAMES: dict[str, GameDef] = {
    game.key: game
    for game in (
        _holdem("nlhe", "No-Limit Hold'em", Structure.NO_LIMIT, options=(RABBIT_HUNT, SEVEN_DEUCE)),
        _holdem("flhe", "Fixed-Limit Hold'em", Structure.FIXED_LIMIT, options=(RABBIT_HUNT, SEVEN_DEUCE)),
        GameDef(
            key="short_deck",
            name="Short Deck Hold'em",
            short_deck=True,
            hole_cards=2,
            boards=1,
            streets=holdem_streets(),
            structure=Structure.NO_LIMIT,
            forced_bets=ForcedBets.BLINDS,
            ranking="short_deck",
            options=(RABBIT_HUNT,),
        ),
        # PHH's "PO" variant: pot-limit Omaha with blinds; "FO/8" is fixed-limit Omaha hi-lo.
        _omaha("plo", "Pot-Limit Omaha", Structure.POT_LIMIT),
        _omaha("plo5", "Pot-Limit Omaha, 5 cards", Structure.POT_LIMIT, 5),
        _omaha("plo6", "Pot-Limit Omaha, 6 cards", Structure.POT_LIMIT, 6),
        _omaha("plo8", "Pot-Limit Omaha Hi-Lo", Structure.POT_LIMIT, hi_lo=True),
        _omaha("flo8", "Fixed-Limit Omaha Hi-Lo", Structure.FIXED_LIMIT, hi_lo=True),
        _bomb("bomb_pot", "No-Limit Hold'em Bomb Pot", 2, 1),
        _bomb("bomb_pot_double", "No-Limit Hold'em Double Board Bomb Pot", 2, 2),
        _bomb("plo_bomb", "PLO Bomb Pot", 4, 1),
        _bomb("plo_bomb_double", "PLO Double Board Bomb Pot", 4, 2),
        _bomb("plo5_bomb", "PLO5 Bomb Pot", 5, 1),
        _bomb("plo5_bomb_double", "PLO5 Double Board Bomb Pot", 5, 2),
        _bomb("plo6_bomb", "PLO6 Bomb Pot", 6, 1),
        _bomb("plo6_bomb_double", "PLO6 Double Board Bomb Pot", 6, 2),
        _bomb("plo8_bomb", "PLO Hi-Lo Bomb Pot", 4, 1, hi_lo=True),
        _bomb("plo8_bomb_double", "PLO Hi-Lo Double Board Bomb Pot", 4, 2, hi_lo=True),
        BLIND_HOLDEM,
        _crazy_blind_man("crazy_blind_man", "Crazy Blind Man", Structure.NO_LIMIT),
        _crazy_blind_man("crazy_blind_man_fl", "Fixed-Limit Crazy Blind Man", Structure.FIXED_LIMIT),
    )
}
"""Every game a table can deal, by key."""


def option_named(key: str) -> GameOption | None:
    """The announced option called `key`, whichever game declares it (None: no game does)."""
    for game in GAMES.values():
        for option in game.options:
            if option.key == key:
                return option
    return None


def cards_needed(game: GameDef, players: int) -> int:
    """Cards one hand uses: hole cards, every board, one burn per burning street."""
    return players * game.hole_cards + game.boards * game.board_size + game.burns


def deck_is_enough(game: GameDef, players: int) -> bool:
    """Whether one deck serves a hand of `game` for `players` players."""
    return cards_needed(game, players) <= len(game.deck)


def max_players_for_deck(game: GameDef) -> int:
    """The most players one deck can serve (never more than the game allows)."""
    spare = len(game.deck) - game.boards * game.board_size - game.burns
    return min(game.max_players, spare // game.hole_cards)
