"""A live table's fair shuffle: the seed committed before each deal, the phones' contributions,
the deck's position commitments and, once a hand is over, each viewer's openings.

DESIGN.md, "Shuffling": "Nobody chooses the deck, not even the host" and "Everyone can check,
nobody learns a hidden card." The algorithm itself is engine.shuffle's; this module says when
each part happens at a table:

- The next deal's server seed is drawn and its SHA-256 published (`next_commitment`) before
  that deal: at the table's creation, then at every deal for the one after it.
- Until the deal, each seated phone may send a 32-byte random value (intent ``contribute``,
  naming the commitment it saw). It is kept as its player's, not its seat's: seats change
  before the deal, and a player who sits down where another sat neither sees nor deals with
  that player's value. At the deal the values of the players dealt in are mixed in, published
  under the seat each was dealt; a phone that sent nothing is simply not included, and the
  server's part was fixed by its commitment before any value arrived.
- At the deal the table publishes the deck's Merkle root (`deck_root`).
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
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from engine.cards import Card
from engine.errors import IllegalActionError
from engine.shuffle import DeckCommitment, commitment, deck_root, deck_seed, new_seed, shuffled_deck
from engine.views import shown_cards

if TYPE_CHECKING:
    from engine.live.base import Actor, Intent, LiveTable, Result

HEX_SEED = re.compile(r"[0-9a-f]{64}")


def with_next_seed(state: LiveTable) -> LiveTable:
    """`state` with a server seed committed for its next deal (a new one if it has none)."""
    if state.next_seed is not None:
        return state
    seed = new_seed()
    return replace(state, next_seed=seed.hex(), next_commitment=commitment(seed))


@dataclass(frozen=True, slots=True)
class Shuffle:
    """One deal's deck, the table fields it sets, and what the deal publishes."""

    deck: tuple[Card, ...]
    fields: dict[str, Any]
    published: dict[str, Any]


def shuffle_for_deal(
    state: LiveTable, dealt: Mapping[str, int], short_deck: bool, given: bytes | None = None
) -> Shuffle:
    """The deck of the deal about to happen, from the committed server seed and the values of
    the players dealt in (`dealt`: player id -> seat). `given` (tests only) replaces the server
    seed; the next one is then derived from it, so a test's table stays the same from run to run."""
    if given is not None:
        server = given
    elif state.next_seed is not None:
        server = bytes.fromhex(state.next_seed)
    else:
        server = new_seed()  # a table stored before seeds were committed ahead of the deal
    # Published by seat: the hand's record names its players by the seats they were dealt.
    mine = sorted((dealt[player], value) for player, value in state.contributions.items() if player in dealt)
    included = {str(seat): value for seat, value in mine}
    mixed = deck_seed(server, [bytes.fromhex(value) for value in included.values()])
    deck = shuffled_deck(mixed, short_deck=short_deck)
    root = deck_root(mixed, deck)
    after = hashlib.sha256(b"next deal" + given).digest() if given is not None else new_seed()
    fields = {
        "seed": server.hex(),
        "commitment": commitment(server),
        "deck_seed": mixed.hex(),
        "deck_root": root,
        "next_seed": after.hex(),
        "next_commitment": commitment(after),
        "contributions": {},
    }
    published = {"commitment": commitment(server), "deck_root": root, "contributions": included}
    return Shuffle(deck, fields, published)


def contribute(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    """A seated phone's random value for the next deal, made in its browser: its player's."""
    value = intent.get("value")
    if not isinstance(value, str) or not HEX_SEED.fullmatch(value):
        raise IllegalActionError("A contribution is 64 lowercase hex digits (32 random bytes)")
    occupant = state.table.seat(int(actor))
    if occupant is None:
        raise IllegalActionError("Only a seated player contributes to the deck")
    if intent.get("commitment") != state.next_commitment or state.next_commitment is None:
        raise IllegalActionError("That was for an earlier deal: the next deal's commitment has changed")
    player = occupant.player
    if state.contributions.get(player) == value:
        return state, []
    contributions = {**state.contributions, player: value}
    event = {
        "type": "table.contribution",
        "seat": actor,
        "player": player,
        "commitment": state.next_commitment,
    }
    return replace(state, contributions=contributions), [event]


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
        # A seat number names who sits there now: their own value, never the seat's last player's.
        seated = isinstance(viewer, int) and not isinstance(viewer, bool)
        occupant = state.table.seat(viewer) if seated else None
        own = state.contributions.get(occupant.player) if occupant is not None else None
        return {
            "next_commitment": state.next_commitment,
            "your_contribution": own,
            "deck_root": state.deck_root,
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
