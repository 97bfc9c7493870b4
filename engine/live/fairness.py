"""A live table's fair shuffle: the phones' pledges, the cut-off, the server seed drawn at it,
the reveals, the deck's position commitments and, once a hand is over, each viewer's openings.

docs/shuffle.md, "Who can choose the deck": nobody, not even a host who also plays and can read
the server's database. The algorithm itself is engine.shuffle's; this module says when each
part happens at a table:

- Between hands each seated phone sends a **pledge**: the SHA-256 of a 32-byte random value it
  keeps to itself (intent ``shuffle_pledge``). A pledge is its player's, not its seat's, and may be
  replaced until the cut-off: it tells nothing of the value.
- The deal is the **cut-off** (`start_hand`). The pledges of the players dealt in who are at the
  table close; the server draws its seed *then*, after every pledge is fixed, and publishes its
  commitment. No pledge could be chosen to suit a seed that did not exist yet.
- Each phone whose pledge closed then **reveals** its value (intent ``shuffle_value``), naming
  the commitment it answers; a value that does not hash to its pledge, or that answers another
  commitment, is refused, and the commitment each value answered is kept and published. When
  every value is in, the cards are dealt from the server seed and the revealed values together,
  in the same step as the last reveal. After
  `REVEAL_SECONDS` the dealer deals with the values that came: a player whose value never came
  is dealt a dead hand (`dead_for_no_value`), so keeping a value back, after seeing the
  others', never deals its owner anything better.
- With no pledge to wait for, the cut-off deals at once, from the server seed alone.
- At the deal the table publishes the deck's Merkle root (`deck_root`), the pledges, the values
  and the commitment each value answered (`LiveTable.published`): each phone keeps what it was
  shown and checks every later publication against it (static/js/table/deck-record.js).
- Once the hand is over, each viewer's view carries the openings of the cards that viewer
  sees (the board, tabled and exposed cards for everyone, their own hole cards privately).
  The seeds stay secret: the app reveals them when the night closes, except those of a hand
  whose deck would give a player a card kept from them for good
  (`engine.views.seeds_may_be_revealed`). For such a hand `openings_of_shown` opens, after the
  night, the cards a viewer saw, from that viewer's views.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from engine.cards import Card
from engine.errors import IllegalActionError
from engine.shuffle import DeckCommitment, commitment, deck_root, deck_seed, new_seed, shuffled_deck
from engine.views import shown_cards

if TYPE_CHECKING:
    from engine.live.base import Actor, Intent, LiveTable, Result

HEX_32_BYTES = re.compile(r"[0-9a-f]{64}")
# How long the dealer waits for the pledged values after the cut-off. A phone sends its value
# the moment it sees the cut-off, so this is for a phone on a weak signal; a value that has not
# come by then deals its owner a dead hand.
REVEAL_SECONDS = 10.0


def pledge_of(value_hex: str) -> str:
    """The pledge of a value: the lowercase hex SHA-256 of its 32 bytes.

    >>> pledge_of("00" * 32)[:16]
    '66687aadf862bd77'
    """
    return hashlib.sha256(bytes.fromhex(value_hex)).hexdigest()


@dataclass(frozen=True, slots=True)
class Shuffling:
    """A deal between its cut-off and its cards: the hand to deal (`config`, as JSON), the server
    seed drawn at the cut-off (secret), the pledges closed at it (player -> pledge), the values
    revealed so far (player -> value) and the commitment each value answered (player ->
    commitment: a server seed swapped after some values came shows as two)."""

    config: dict[str, Any]
    seed: str
    pledges: dict[str, str]
    values: dict[str, str] = field(default_factory=dict)
    short_deck: bool = False
    redeal: bool = False
    deadline: float = 0.0
    answered: dict[str, str] = field(default_factory=dict)

    @property
    def complete(self) -> bool:
        return self.values.keys() >= self.pledges.keys()

    @property
    def commitment(self) -> str:
        """The commitment published at the cut-off: the SHA-256 of the server seed."""
        return commitment(bytes.fromhex(self.seed))

    def to_json(self) -> dict[str, Any]:
        return {
            "config": self.config,
            "seed": self.seed,
            "pledges": dict(self.pledges),
            "values": dict(self.values),
            "short_deck": self.short_deck,
            "redeal": self.redeal,
            "deadline": self.deadline,
            "answered": dict(self.answered),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Shuffling:
        return cls(
            config=dict(data["config"]),
            seed=data["seed"],
            pledges=dict(data.get("pledges") or {}),
            values=dict(data.get("values") or {}),
            short_deck=bool(data.get("short_deck")),
            redeal=bool(data.get("redeal")),
            deadline=float(data.get("deadline") or 0.0),
            answered=dict(data.get("answered") or {}),
        )


def cut_off(
    state: LiveTable,
    config: dict[str, Any],
    short_deck: bool,
    redeal: bool,
    now: float,
    given: bytes | None = None,
) -> Shuffling:
    """The deal's cut-off: the pledges of the players dealt in who are at the table close, and
    the server seed is drawn now, after all of them (`given`, tests only, names it instead)."""
    dealt = {seat["player"] for seat in config["seats"]}
    closed = {
        player: pledge
        for player, pledge in state.pledges.items()
        if player in dealt and player not in state.away
    }
    server = given if given is not None else new_seed()
    return Shuffling(config, server.hex(), closed, {}, short_deck, redeal, now + REVEAL_SECONDS, {})


@dataclass(frozen=True, slots=True)
class Shuffle:
    """One deal's deck, the table fields it sets, what the deal publishes, and the seats whose
    pledged value never came (dealt a dead hand)."""

    deck: tuple[Card, ...]
    fields: dict[str, Any]
    published: dict[str, Any]
    dead_seats: tuple[int, ...]


def shuffle_for_deal(shuffling: Shuffling) -> Shuffle:
    """The deck of a deal whose values are in (or whose time for them ran out)."""
    server = bytes.fromhex(shuffling.seed)
    seat_of = {seat["player"]: seat["seat"] for seat in shuffling.config["seats"]}

    # Published by seat: the hand's record names its players by the seats they were dealt.
    def by_seat(by_player: dict[str, str]) -> dict[str, str]:
        return {str(seat_of[p]): x for p, x in sorted(by_player.items(), key=lambda i: seat_of[i[0]])}

    included, pledged = by_seat(shuffling.values), by_seat(shuffling.pledges)
    answered = by_seat(shuffling.answered)
    dead = tuple(sorted(seat_of[p] for p in shuffling.pledges if p not in shuffling.values))
    mixed = deck_seed(server, [bytes.fromhex(value) for value in included.values()])
    deck = shuffled_deck(mixed, short_deck=shuffling.short_deck)
    root = deck_root(mixed, deck)
    published = {
        "commitment": commitment(server),
        "deck_root": root,
        "contributions": included,
        "pledges": pledged,
        "answered": answered,
        "no_value": list(dead),
    }
    fields = {
        "seed": server.hex(),
        "commitment": commitment(server),
        "deck_seed": mixed.hex(),
        "deck_root": root,
        "shuffling": None,
        # In every view until the next deal: what each phone holds the server to (the answered
        # commitments and the dead seats stay in the log and on the verify page).
        "published": {
            "hand_number": shuffling.config["hand_number"],
            **{name: published[name] for name in ("commitment", "deck_root", "contributions", "pledges")},
        },
        "pledged": tuple(sorted(shuffling.pledges)),
    }
    return Shuffle(deck, fields, published, dead)


def _seated_player(state: LiveTable, actor: Actor) -> str:
    occupant = state.table.seat(int(actor))
    if occupant is None:
        raise IllegalActionError("Only a seated player adds to the deck")
    return occupant.player


def _hex_32(intent: Intent, name: str) -> str:
    value = intent.get(name)
    if not isinstance(value, str) or not HEX_32_BYTES.fullmatch(value):
        raise IllegalActionError(f"A {name} is 64 lowercase hex digits (32 bytes)")
    return value


def pledge(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    """A seated phone's pledge for the next cut-off: the hash of a value it keeps to itself."""
    promised = _hex_32(intent, "pledge")
    player = _seated_player(state, actor)
    if state.pledges.get(player) == promised:
        return state, []
    # A copy of another phone's pledge could only be opened by a copy of its value, which adds
    # nothing to the deck: each phone's pledge is its own, for this deal and the one being shuffled.
    shuffled = state.shuffling.pledges if state.shuffling is not None else {}
    if any(
        other != player and used == promised for other, used in [*state.pledges.items(), *shuffled.items()]
    ):
        raise IllegalActionError("That pledge is already another seat's: pledge a value of your own")
    event = {"type": "table.shuffle_pledge", "seat": actor, "player": player, "pledge": promised}
    return replace(state, pledges={**state.pledges, player: promised}), [event]


def withdraw(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    """A phone takes its pledge back before the cut-off (it went to the background, where it
    could not send its value in time): the next deal neither waits for it nor deals that player a
    dead hand. Taking a pledge back before the seed exists tells nothing and chooses nothing."""
    player = _seated_player(state, actor)
    if player not in state.pledges:
        return state, []
    pledges = {other: pledge for other, pledge in state.pledges.items() if other != player}
    return replace(state, pledges=pledges), [
        {"type": "table.shuffle_withdrawn", "seat": actor, "player": player}
    ]


def accept_reveal(state: LiveTable, actor: Actor, intent: Intent) -> tuple[Shuffling, dict[str, Any]] | None:
    """The shuffling with this phone's value added, and the event saying so; None when the value
    was already in. Refused when nothing is being shuffled, when the player's pledge did not
    close at this cut-off, when the value is not the one pledged, or when it answers another
    commitment than this cut-off's (the phone was shown another: docs/shuffle.md)."""
    value = _hex_32(intent, "value")
    player = _seated_player(state, actor)
    shuffling = state.shuffling
    if shuffling is None:
        raise IllegalActionError("Nothing is being shuffled: a value is revealed when the deal begins")
    pledged = shuffling.pledges.get(player)
    if pledged is None:
        raise IllegalActionError("You made no pledge for this deal: your next value goes into the next one")
    answers = _hex_32(intent, "commitment")
    if pledge_of(value) != pledged:
        raise IllegalActionError("That value is not the one you pledged")
    if answers != shuffling.commitment:
        raise IllegalActionError(
            f"Your value answers the commitment {answers[:12]}, but this deal's commitment is "
            f"{shuffling.commitment[:12]}: nothing was added"
        )
    if player in shuffling.values:
        return None
    event = {
        "type": "table.shuffle_value",
        "seat": actor,
        "player": player,
        "value": value,
        "commitment": answers,
    }
    values = {**shuffling.values, player: value}
    return replace(shuffling, values=values, answered={**shuffling.answered, player: answers}), event


def cards_in(hand_view: Mapping[str, Any], found: set[str]) -> set[str]:
    """The cards a hand view shows, added to `found`: read from the fields that hold cards
    (`engine.views.CARD_FIELDS`), never from a name or any other text that reads like one."""
    found.update(shown_cards(hand_view))
    return found


def openings_of_shown(deck: DeckCommitment, views: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Openings of exactly the cards these hand views show in their card fields (each once, in
    deck order): what a viewer saw, and nothing else, proved against the deck's root."""
    shown: set[str] = set()
    for hand_view in views:
        cards_in(hand_view, shown)
    positions = {str(c): i for i, c in enumerate(deck.deck)}
    return [deck.opening(position) for position in sorted(positions[c] for c in shown if c in positions)]


class Openings:
    """The fairness part of each viewer's view of one state (worked out once per state)."""

    def __init__(self, state: LiveTable) -> None:
        self.state = state
        self._commitment: DeckCommitment | None = None

    def view(self, viewer: Any, hand_view: Mapping[str, Any] | None) -> dict[str, Any]:
        state = self.state
        # A seat number names who sits there now: their own pledge, never the seat's last player's.
        seated = isinstance(viewer, int) and not isinstance(viewer, bool)
        occupant = state.table.seat(viewer) if seated else None
        player = occupant.player if occupant is not None else None
        shuffling = state.shuffling
        return {
            "shuffling": shuffling is not None,
            "shuffle_commitment": shuffling.commitment if shuffling else None,
            "shuffle_hand_number": shuffling.config["hand_number"] if shuffling else None,
            "your_pledge": state.pledges.get(player) if player is not None else None,
            # The pledge this viewer's phone must now open with its value, until it has.
            "reveal_due": (
                shuffling.pledges.get(player)
                if shuffling is not None and player is not None and player not in shuffling.values
                else None
            ),
            "deck_root": state.deck_root,
            # What the last deal published, for the phone to check against what it was shown.
            "deal": state.published,
            "openings": self._openings(hand_view),
        }

    def _openings(self, hand_view: Mapping[str, Any] | None) -> list[dict[str, Any]]:
        """Openings of exactly the cards this viewer's view shows, once the hand is over."""
        hand = self.state.hand
        if hand is None or not hand.finished or hand_view is None or self.state.deck_seed is None:
            return []
        if self._commitment is None:
            self._commitment = DeckCommitment(bytes.fromhex(self.state.deck_seed), hand.deck)
        return openings_of_shown(self._commitment, [hand_view])
