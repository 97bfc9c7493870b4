"""What a hand is built from: who is dealt in, the button, the stakes and the forced bets.

This is the contract between the table (which decides, between hands, who plays
and who posts what: `engine.table`) and the hand (which plays it out:
`engine.hand`). Everything here is a frozen record that serialises to JSON.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.records import as_dict


class PostKind(StrEnum):
    """Why a forced bet is posted. `Post.live` says whether it counts as part of the bet."""

    SMALL_BLIND = "small_blind"
    BIG_BLIND = "big_blind"
    STRADDLE = "straddle"
    ANTE = "ante"
    BOMB_ANTE = "bomb_ante"
    FIXED_STAKE = "fixed_stake"
    # A new or returning player who posts a big blind out of position, or a cash player whose
    # round skipped its big blind (posted on the button): live, like a big blind.
    NEW_PLAYER_BLIND = "new_player_blind"
    # The small blind a returning player missed, or a cash player's round skipped: dead money,
    # not part of their bet.
    DEAD_SMALL_BLIND = "dead_small_blind"


@dataclass(frozen=True, slots=True)
class Post:
    """One forced bet. Live chips count toward the seat's bet in the first betting
    round; dead chips go straight to the pot ("Dead chips are not part of a player's bet")."""

    seat: int
    kind: PostKind
    amount: int
    live: bool


@dataclass(frozen=True, slots=True)
class SeatInHand:
    """A player dealt in: seat number (1..max seats), the app's player id, chips in front of them."""

    seat: int
    player: str
    stack: int
    name: str = ""


@dataclass(frozen=True, slots=True)
class Stakes:
    """The amounts a hand is played for. Zero means "not used by this game"."""

    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    straddle: int = 0  # exactly 2 big blinds when the table allows it and the player posts it
    bomb_ante: int = 0  # bomb pots: every player's ante; also the smallest bet unless min_bet says otherwise
    fixed_stake: int = 0  # Blind Hold'em: everyone's stake, the only money that goes in
    small_bet: int = 0  # fixed-limit: preflop and flop (defaults to the big blind)
    big_bet: int = 0  # fixed-limit: turn and river (defaults to twice the small bet)
    min_bet: int = 0  # overrides the smallest bet (bomb pots); 0 = the game's default
    cap: int = 0  # capped tables: most a player can put in during one hand; 0 = no cap

    @property
    def unit(self) -> int:
        """What a stack is counted in: the big blind, or what stands for one in a game without
        blinds (a bomb pot's ante, Blind Hold'em's fixed stake).

        >>> Stakes(small_blind=1, big_blind=2).unit, Stakes(bomb_ante=5).unit, Stakes(fixed_stake=3).unit
        (2, 5, 3)
        """
        return self.big_blind or self.bomb_ante or self.fixed_stake


@dataclass(frozen=True, slots=True)
class HandConfig:
    """Everything needed to deal a hand, apart from the deck.

    `seats` are the players dealt in, in ascending seat order (clockwise).
    `button` is a seat number; it may be a seat nobody is dealt in from (a dead button).
    `posts` are the forced bets in the order they are posted; `big_blind_seat` and
    `straddle_seat` say whose post fixes the preflop order ("The player to the left
    of the blinds initiates action"; "the straddler gets to act last pre-flop").
    `options` holds game options announced before the deal (for example Blind
    Hold'em's reveal method); each game documents its keys.
    """

    game: str
    seats: tuple[SeatInHand, ...]
    button: int
    stakes: Stakes
    posts: tuple[Post, ...]
    big_blind_seat: int | None = None
    straddle_seat: int | None = None
    cash_game: bool = False  # a table's hands say True; only cash games lift the heads-up cap
    max_seats: int = 10
    hand_number: int = 1
    options: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return as_dict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HandConfig:
        return cls(
            game=data["game"],
            seats=tuple(SeatInHand(**s) for s in data["seats"]),
            button=data["button"],
            stakes=Stakes(**data["stakes"]),
            posts=tuple(Post(p["seat"], PostKind(p["kind"]), p["amount"], p["live"]) for p in data["posts"]),
            big_blind_seat=data.get("big_blind_seat"),
            straddle_seat=data.get("straddle_seat"),
            cash_game=data.get("cash_game", False),
            max_seats=data.get("max_seats", 10),
            hand_number=data.get("hand_number", 1),
            options=dict(data.get("options", {})),
        )
