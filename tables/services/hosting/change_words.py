"""What one write to a table changed, in words, from the engine's events.

Each event the engine gave for the write says what happened (`table.set_stack` for seat 2,
`ruling_kill` for seat 3, `table.hand_finished` with the final stacks); the states before
and after the write give the names and the former values an event does not carry.

No card enters a line unless the reader may see it: the host usually plays, and the log, the
preview and the panel's message are read by the players too. Events carry cards nobody at
the table has seen (a replacement card, a burn, the whole run-out), so a card is named only
when it is in `shown`, the cards of the public view the line is written for (after a write:
the public view of the table after it; a preview: the public view before it); any other card
is written as ?? (`UNSEEN`). A player named like a card ("As") is a name, never a card.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from engine import live as engine_live
from engine import views as engine_views
from engine.games import GAMES
from engine.live import LiveTable
from tables.services.hosting.hand_change_words import Event, hand_changes

UNSEEN = "??"
NOTHING_VISIBLE = "Nothing visible changes."


@dataclass
class Write:
    """One write to a table as its words need it: the states around it, its events, and which
    cards the line's reader may see (worked out only when a line names a card)."""

    before: LiveTable
    after: LiveTable
    events: Sequence[Event]
    shown_in: Callable[[], Collection[str]] | None = None
    lines: list[str] = field(default_factory=list)

    @cached_property
    def shown(self) -> Collection[str]:
        if self.shown_in is not None:
            return self.shown_in()
        return public_cards(self.after)

    def card(self, card: object) -> str:
        """A card as the reader may see it: its face if shown to them, else ??."""
        text = str(card)
        return text if text in self.shown else UNSEEN

    def who(self, seat: int) -> str:
        """ "Seat 2 (Bob)": the name the table gives the seat, after the write or else before."""
        for state in (self.after, self.before):
            occupant = state.table.seat(seat)
            if occupant is not None:
                return f"Seat {seat} ({occupant.name or occupant.player})"
        hand = self.after.hand or self.before.hand
        if hand is not None and seat in hand.index:
            dealt = hand.seat(seat)
            return f"Seat {seat} ({dealt.name or dealt.player})"
        return f"Seat {seat} (?)"


def public_cards(state: LiveTable) -> set[str]:
    """The cards the public view of `state` shows (its card fields only)."""
    hand = engine_live.view(state, "public")["hand"]
    return engine_views.shown_cards(hand) if hand else set()


def describe(
    before: LiveTable,
    after: LiveTable,
    events: Sequence[Event],
    shown: Callable[[], Collection[str]] | None = None,
) -> list[str]:
    """The write's changes in words: the table's seats, the button and the dealer, then the
    hand being played. `shown` gives the cards the reader may see (by default those of the
    public view after the write)."""
    write = Write(before, after, events, shown)
    said: set[str] = set()
    for event in events:
        words = TABLE_WORDS.get(str(event.get("type", "")))
        if words is not None:
            for line in words(write, event):
                if line not in said:
                    said.add(line)
                    write.lines.append(line)
    if before.dealing != after.dealing:
        write.lines.append("Dealing resumes" if after.dealing else "Dealing stops after this hand")
    write.lines += hand_changes(write)
    return write.lines or [NOTHING_VISIBLE]


# Words for the table's own events (engine.live), by type ---------------------------------------


def _status(state: LiveTable, seat: int) -> str:
    occupant = state.table.seat(seat)
    return occupant.status.value.replace("_", " ") if occupant is not None else ""


def _status_change(write: Write, event: Event) -> list[str]:
    seat = event["seat"]
    was, now = _status(write.before, seat), _status(write.after, seat)
    return [f"{write.who(seat)}: {was} → {now}"] if was and now and was != now else []


def _sat(write: Write, event: Event) -> list[str]:
    return [f"{write.who(event['seat'])} sits down with {event['stack']} chips"]


def _stack_before(write: Write, seat: int) -> int:
    occupant = write.before.table.seat(seat)
    return occupant.stack if occupant is not None else 0


def _left(write: Write, event: Event) -> list[str]:
    return [f"{write.who(event['seat'])} leaves the table with {_stack_before(write, event['seat'])} chips"]


def _moved_seat(write: Write, event: Event) -> list[str]:
    occupant = write.before.table.seat(event["seat"])
    chips = f" with {occupant.stack} chips" if occupant is not None else ""
    return [f"{write.who(event['to'])} moves from seat {event['seat']} to seat {event['to']}{chips}"]


def _stack_set(write: Write, event: Event) -> list[str]:
    was = _stack_before(write, event["seat"])
    return [f"{write.who(event['seat'])}: stack {was} → {event['stack']} chips"]


def _button(write: Write, event: Event) -> list[str]:
    was, now = write.before.table.button, write.after.table.button
    if was == now:
        return []
    return [f"Button: seat {was} → seat {now}" if was else f"Button: not placed yet → seat {now}"]


def _final_stacks(write: Write, event: Event) -> list[str]:
    """A hand ends: each seat's chips back at the table, where they differ from before it."""
    lines = []
    for seat, stack in sorted((int(seat), stack) for seat, stack in event["final_stacks"].items()):
        occupant = write.before.table.seat(seat)
        if occupant is not None and occupant.stack != stack:
            lines.append(f"{write.who(seat)}: stack {occupant.stack} → {stack} chips")
    return lines


def _options(write: Write, event: Event) -> list[str]:
    was, now = write.before.options.to_json(), write.after.options.to_json()
    return [
        f"Option {key.replace('_', ' ')}: {was.get(key)} → {now[key]}"
        for key in now
        if was.get(key) != now[key]
    ]


def _game(write: Write, event: Event) -> list[str]:
    game = GAMES[event["game"]].name if event["game"] in GAMES else event["game"]
    return [f"From the next hand: {game}"]


def _cut_off(write: Write, event: Event) -> list[str]:
    return [
        *_button(write, event),
        f"Hand #{event['hand_number']}: waiting for {event['waiting_for']} phones' shuffle values",
    ]


def _dealt(write: Write, event: Event) -> list[str]:
    return [*_button(write, event), f"Hand #{event['hand_number']} is dealt"]


def _misdeal(write: Write, event: Event) -> list[str]:
    return [f"The next deal is hand #{event['hand_number']} again"]


def _proposed(write: Write, event: Event) -> list[str]:
    return [f"Waits for a second person's yes: {event['words']}"]


def _waiting_for_pledges(write: Write, event: Event) -> list[str]:
    return [f"The re-deal waits for {event['players']} phones' fresh pledges"]


TABLE_WORDS: dict[str, Callable[[Write, Event], list[str]]] = {
    "table.sit": _sat,
    "table.leave": _left,
    "table.sit_out": _status_change,
    "table.sit_in": _status_change,
    "table.change_seat": _moved_seat,
    "table.set_stack": _stack_set,
    "table.move_button": _button,
    "table.hand_finished": _final_stacks,
    "table.options": _options,
    "table.game": _game,
    "table.cut_off": _cut_off,
    "table.hand_started": _dealt,
    "table.misdeal": _misdeal,
    "table.ruling_proposed": _proposed,
    "table.waiting_for_pledges": _waiting_for_pledges,
}
