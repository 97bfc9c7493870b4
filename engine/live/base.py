"""The records of a live table and the names every intent module shares: who acts (a seat,
the host or the system), the table as stored, and what an intent handler returns.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.errors import EngineError
from engine.hand import Hand
from engine.live import fairness
from engine.records import as_dict
from engine.table_state import TableState

Actor = int | str
HOST = "host"
SYSTEM = "system"


class StaleIntentError(EngineError):
    """An intent made for an earlier state of the table (a timeout someone already answered)."""


class ForbiddenError(EngineError):
    """The actor may not send this intent (a player acting for another seat, a player dealing)."""


@dataclass(frozen=True, slots=True)
class LiveOptions:
    """Table options the live layer itself uses. `action_seconds` 0 means no action clock."""

    action_seconds: int = 0
    deal_delay: float = 5.0  # seconds between the end of a hand and the next deal
    auto_deal: bool = True  # keep dealing once the host has dealt the first hand
    bomb_pot_every: int = 0  # every Nth hand is a bomb pot; 0: never
    bomb_pot_game: str = "bomb_pot"  # which bomb pot (single or double board, Hold'em or PLO)
    bomb_ante: int = 0  # each player's ante in it; 0: one big blind
    # Offer to run the board twice when everyone is all-in before the river (engine.house.run_it_twice),
    # and how long the players have to answer (a short timer of its own, even with no action clock).
    run_it_twice: bool = False
    run_it_twice_seconds: int = 15
    # Game options announced before each deal (Blind Hold'em's reveal, the 7-2 bounty...), as the
    # host chose them, kept across a switch of game: each hand is dealt with those its game has.
    game_options: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return as_dict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LiveOptions:
        return cls(**data)


@dataclass(frozen=True)
class LiveTable:
    """One table as the app stores it.

    `seed` is the current (or last) hand's server seed and `deck_seed` the seed its deck came
    from (hex, engine.shuffle.deck_seed): secret, never in a view; the app stores them with
    the hand and reveals them when the night closes. `commitment` is the server seed's
    SHA-256 and `deck_root` the Merkle root over the deck's positions, both published at the
    deal. `pledges` are the phones' pledges for the next cut-off by player id, so a pledge
    stays its player's when seats change before the deal; `shuffling` is a deal between its
    cut-off and its cards, waiting for the pledged values
    (engine.live.fairness). `published` is what the last deal published (its hand number,
    commitment, root, and the pledges and values by seat), shown to every viewer until the next
    deal. `revealed` is the last finished hand's
    {hand_number, commitment, deck_root}: never a seed. `deadline` is when the player to act
    runs out of time; `next_deal_at` when the next hand is dealt automatically; both are
    epoch seconds or None. `rabbit_until` is when the rabbit window after the last hand ends
    (epoch seconds; None when that hand had no rabbit): whatever moves the next deal keeps it
    no earlier. `dealing` says the host has started the game (auto-deal is on).
    `away` lists players with no open connection: they keep their seat and chips.
    `changed_at` is the last version that changed anything a decision depends on: a
    presence change alone does not make a player's pending action stale. `auto_muck` lists the
    players who want their beaten hands mucked at the showdown (engine.live.player_settings).
    `pledged` lists the players whose pledge closed at the current hand's cut-off, and
    `redeal_wait` {players, until} the fresh pledges a misdeal's re-deal waits for
    (engine.live.redeal); `pending_ruling` is a host's ruling waiting for a second person's yes
    (engine.live.second_yes).
    """

    table: TableState
    hand: Hand | None = None
    seed: str | None = None
    commitment: str | None = None
    revealed: dict[str, Any] | None = None
    deck_seed: str | None = None
    deck_root: str | None = None
    published: dict[str, Any] | None = None
    pledges: dict[str, str] = field(default_factory=dict)
    shuffling: fairness.Shuffling | None = None
    options: LiveOptions = field(default_factory=LiveOptions)
    dealing: bool = False
    deadline: float | None = None
    next_deal_at: float | None = None
    rabbit_until: float | None = None
    away: tuple[str, ...] = ()
    auto_muck: tuple[str, ...] = ()  # players who want their beaten hands mucked at the showdown
    pledged: tuple[str, ...] = ()
    redeal_wait: dict[str, Any] | None = None
    pending_ruling: dict[str, Any] | None = None
    version: int = 0
    changed_at: int = 0

    @property
    def hand_in_progress(self) -> bool:
        """A hand is being played, or its deck shuffled (its cut-off made, its cards not dealt)."""
        return self.shuffling is not None or (self.hand is not None and not self.hand.finished)

    @property
    def due_at(self) -> float | None:
        """The earliest stored deadline: when a timer process should look at this table."""
        times = [t for t in (self.deadline, self.next_deal_at) if t is not None]
        return min(times) if times else None

    def seat_of(self, player: str) -> int | None:
        s = self.table.seat_of(player)
        return s.seat if s else None

    def to_json(self) -> dict[str, Any]:
        return {
            "table": self.table.to_json(),
            "hand": self.hand.to_json() if self.hand else None,
            "seed": self.seed,
            "commitment": self.commitment,
            "revealed": self.revealed,
            "deck_seed": self.deck_seed,
            "deck_root": self.deck_root,
            "published": self.published,
            "pledges": dict(self.pledges),
            "shuffling": self.shuffling.to_json() if self.shuffling else None,
            "options": self.options.to_json(),
            "dealing": self.dealing,
            "deadline": self.deadline,
            "next_deal_at": self.next_deal_at,
            "rabbit_until": self.rabbit_until,
            "away": list(self.away),
            "auto_muck": list(self.auto_muck),
            "pledged": list(self.pledged),
            "redeal_wait": self.redeal_wait,
            "pending_ruling": self.pending_ruling,
            "version": self.version,
            "changed_at": self.changed_at,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LiveTable:
        table = TableState.from_json(data["table"])
        hand = None
        if data.get("hand"):
            # The hand being played is stored twice, as the table's current hand and as the
            # hand's own config: read once, it is one record, as when the hand was dealt.
            same = table.current_hand is not None and data["hand"]["config"] == data["table"]["current_hand"]
            hand = Hand.from_json(data["hand"], config=table.current_hand if same else None)
        return cls(
            table=table,
            hand=hand,
            seed=data.get("seed"),
            commitment=data.get("commitment"),
            revealed=data.get("revealed"),
            deck_seed=data.get("deck_seed"),
            deck_root=data.get("deck_root"),
            published=data.get("published"),
            # A table stored before pledges (with a seed drawn ahead and plain values) reads back
            # with neither: its next deal draws its seed at the cut-off like any other.
            pledges=dict(data.get("pledges") or {}),
            shuffling=fairness.Shuffling.from_json(data["shuffling"]) if data.get("shuffling") else None,
            options=LiveOptions.from_json(data.get("options", {})),
            dealing=data.get("dealing", False),
            deadline=data.get("deadline"),
            next_deal_at=data.get("next_deal_at"),
            rabbit_until=data.get("rabbit_until"),
            away=tuple(data.get("away", ())),
            auto_muck=tuple(data.get("auto_muck", ())),
            pledged=tuple(data.get("pledged", ())),
            redeal_wait=data.get("redeal_wait"),
            pending_ruling=data.get("pending_ruling"),
            version=data.get("version", 0),
            changed_at=data.get("changed_at", 0),
        )


def new_live_table(table: TableState, options: LiveOptions | None = None) -> LiveTable:
    """A table between hands, its first deal not yet cut off."""
    return LiveTable(table=table, options=options or LiveOptions())


Events = list[dict[str, Any]]
Intent = Mapping[str, Any]
Result = tuple[LiveTable, Events]
Handler = Callable[[LiveTable, Actor, Intent, float], Result]


@dataclass(frozen=True, slots=True)
class IntentKind:
    handler: Handler
    roles: frozenset[str]  # "player", "host", "system"
    changes_hand: bool = False  # restart the action clock after it
    # Shown to everyone, but changes no decision (presence); one that deals a hand (the last
    # value of a shuffle) is not passive after all.
    passive: bool = False
    # Answered whatever version its sender saw: it decides nothing at the table, and its own
    # checks refuse it when it no longer fits (a shuffle value for another deal).
    any_version: bool = False


def role_of(actor: Actor) -> str:
    if isinstance(actor, int) and not isinstance(actor, bool):
        return "player"
    if actor in (HOST, SYSTEM):
        return str(actor)
    raise ForbiddenError(f"Unknown actor {actor!r}")
