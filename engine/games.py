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

from dataclasses import dataclass
from enum import StrEnum

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


class StepKind(StrEnum):
    POST = "post"
    DEAL_HOLE = "deal_hole"
    BURN = "burn"
    BOARD = "board"
    BETTING = "betting"
    SHOWDOWN = "showdown"


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
    min_players: int = 2
    max_players: int = 10

    @property
    def deck(self) -> tuple[Card, ...]:
        return SHORT_DECK if self.short_deck else STANDARD_DECK

    @property
    def procedure(self) -> tuple[Step, ...]:
        return _PROCEDURES[self.key] if self.key in _PROCEDURES else compile_procedure(self)

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


def _bomb(key: str, name: str, hole_cards: int, boards: int) -> GameDef:
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
    )


GAMES: dict[str, GameDef] = {
    game.key: game
    for game in (
        _holdem("nlhe", "No-Limit Hold'em", Structure.NO_LIMIT),
        _holdem("flhe", "Fixed-Limit Hold'em", Structure.FIXED_LIMIT),
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
        ),
        # PHH's "PO" variant: pot-limit Omaha with blinds (the other Omaha games are bomb pots).
        GameDef(
            key="plo",
            name="Pot-Limit Omaha",
            short_deck=False,
            hole_cards=4,
            boards=1,
            streets=holdem_streets(),
            structure=Structure.POT_LIMIT,
            forced_bets=ForcedBets.BLINDS,
            hand_rule=HandRule.OMAHA,
        ),
        _bomb("bomb_pot", "No-Limit Hold'em Bomb Pot", 2, 1),
        _bomb("bomb_pot_double", "No-Limit Hold'em Double Board Bomb Pot", 2, 2),
        _bomb("plo_bomb", "PLO Bomb Pot", 4, 1),
        _bomb("plo_bomb_double", "PLO Double Board Bomb Pot", 4, 2),
        _bomb("plo5_bomb", "PLO5 Bomb Pot", 5, 1),
        _bomb("plo5_bomb_double", "PLO5 Double Board Bomb Pot", 5, 2),
        _bomb("plo6_bomb", "PLO6 Bomb Pot", 6, 1),
        _bomb("plo6_bomb_double", "PLO6 Double Board Bomb Pot", 6, 2),
    )
}

_PROCEDURES: dict[str, tuple[Step, ...]] = {key: compile_procedure(game) for key, game in GAMES.items()}


def register_game(game: GameDef, procedure: tuple[Step, ...] | None = None) -> None:
    """Add (or replace) a game definition, e.g. a variant defined outside this module,
    with its own procedure when the compiled one (posts, deal, streets, showdown) does not fit."""
    GAMES[game.key] = game
    _PROCEDURES[game.key] = procedure if procedure is not None else compile_procedure(game)


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
