"""What one write changed in the hand being played, in words, from the hand's events.

The hand's events (engine.events and the house rules' rulings) name the seats they touch; the
hand before and after the write give each touched seat's former and new status, bet and chips
behind, the pot, the phase and who is to act. A deal's events belong to the new hand: they are
said as "Hand #N is dealt" (by the table's words), not one by one.

Cards only as `Write.card` gives them: the face where the reader may see it, else ??.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from engine.hand import Hand, SeatState
from engine.live import LiveTable

Event = Mapping[str, Any]


class Write(Protocol):
    """The write being worded (`change_words.Write`): the states around it, its events, and how
    the reader may see a card and name a seat."""

    before: LiveTable
    after: LiveTable
    events: Sequence[Event]

    def card(self, card: object) -> str: ...

    def who(self, seat: int) -> str: ...


# Events that touch every seat of the hand (what they change is not one seat's): an undo,
# a misdeal, bets gathered into the pot, pots paid.
WHOLE_HAND = frozenset({"ruling_undo", "ruling_misdeal", "round_ended", "pots_awarded", "ruling_award"})
# Events that put cards on the board(s).
BOARD_EVENTS = frozenset({"board", "second_runout", "ruling_reveal_rest"})


def hand_changes(write: Write) -> list[str]:
    """The lines about the hand being played (none when the write did not touch it)."""
    old, new = write.before.hand, write.after.hand
    events = _hand_events(write.events)
    if old is None or new is None or old.config.hand_number != new.config.hand_number or not events:
        return []
    if old.finished and not _reopened(events):
        return []
    lines: list[str] = []
    for seat in _touched_seats(events, new):
        lines += _seat_lines(write, seat, old, new, events)
    lines += _exposed(write, events)
    lines += _halves(write, events)
    if any(event["type"] in BOARD_EVENTS for event in events):
        lines.append("Board: " + " | ".join(" ".join(map(write.card, board)) for board in new.boards))
    if old.pot != new.pot:
        lines.append(f"Pot: {old.pot} → {new.pot}")
    if old.phase != new.phase and not new.finished:
        lines.append(f"The hand is {new.phase}")
    if not old.finished and new.finished:
        lines.append(f"Hand #{new.config.hand_number} ends")
    if old.to_act != new.to_act and not new.finished and new.to_act:
        lines.append(f"To act: {write.who(new.to_act).replace('Seat', 'seat', 1)}")
    return lines


def _hand_events(events: Iterable[Event]) -> list[Event]:
    """The events of the hand on show: a write that deals a new hand words none of its events."""
    found: list[Event] = []
    for event in events:
        kind = str(event.get("type", ""))
        if kind == "table.hand_started":
            return []
        if not kind.startswith("table."):
            found.append(event)
    return found


def _reopened(events: list[Event]) -> bool:
    # An undo can take a finished hand's last action back.
    return any(event["type"] == "ruling_undo" for event in events)


def _seats_of(event: Event, hand: Hand) -> Iterable[int]:
    """The seats one event is about."""
    if event["type"] in WHOLE_HAND:
        return hand.index
    seats: list[int] = []
    for key in ("seat", "winner"):
        if isinstance(event.get(key), int):
            seats.append(event[key])
    seats += [s for s in event.get("seats") or () if isinstance(s, int)]
    seats += [int(s) for s in (event.get("shares") or {})]
    seats += [post["seat"] for post in event.get("posts") or () if isinstance(post, Mapping)]
    return seats


def _touched_seats(events: list[Event], hand: Hand) -> list[int]:
    touched = {seat for event in events for seat in _seats_of(event, hand)}
    return [s.seat for s in hand.seats if s.seat in touched]


def _status(s: SeatState) -> str:
    """A seat's state in the hand, as every view says it (engine.views)."""
    if s.folded:
        return "folded"
    if s.mucked:
        return "mucked"
    return "all in" if s.all_in else "active"


def _seat_lines(write: Write, seat: int, old: Hand, new: Hand, events: list[Event]) -> list[str]:
    if seat not in old.index or seat not in new.index:
        return []
    was, now = old.seat(seat), new.seat(seat)
    who = write.who(seat)
    lines = []
    if _status(was) != _status(now):
        lines.append(f"{who}: {_status(was)} → {_status(now)}")
    if was.bet != now.bet:
        lines.append(f"{who}: bet {was.bet} → {now.bet}")
    if was.stack != now.stack:
        lines.append(f"{who}: {was.stack} → {now.stack} chips behind")
    if now.shown and not was.shown and not now.mucked and _shows(events, seat):
        lines.append(f"{who}: shows {' '.join(map(write.card, now.hole))}")
    return lines


def _shows(events: list[Event], seat: int) -> bool:
    return any(
        (event["type"] == "show" and event.get("seat") == seat)
        or (event["type"] == "hands_tabled" and seat in (event.get("seats") or ()))
        for event in events
    )


def _exposed(write: Write, events: list[Event]) -> list[str]:
    """A card ruled exposed: dead and shown to all during the deal, else face up for the rest of
    the hand. Named only where the reader may see it."""
    lines = []
    for event in events:
        if event["type"] != "ruling_exposed":
            continue
        who, card = write.who(event["seat"]), write.card(_card_text(event.get("card")))
        if event.get("during_deal"):
            lines.append(f"{who}: {card} is dead, shown to all")
        else:
            lines.append(f"{who}: face up {card}")
    return lines


def _halves(write: Write, events: list[Event]) -> list[str]:
    """Hi-lo pots, one line a half: "Main pot, high: Seat 1 (Ann) 45 with a flush, ace high". The
    hand's words are those every viewer's results show (the tabled hands')."""
    lines = []
    for event in events:
        if event["type"] != "pots_awarded":
            continue
        awards = [award for award in event.get("awards") or () if isinstance(award, Mapping)]
        pots = 1 + max((award.get("pot") or 0 for award in awards), default=0)
        for award in awards:
            if not award.get("half"):
                continue
            pot = "Pot" if pots == 1 else ("Main pot" if not award.get("pot") else f"Side pot {award['pot']}")
            board = f", board {award['board'] + 1}" if isinstance(award.get("board"), int) else ""
            half = "high, no low: the whole pot" if award.get("scoop") else award["half"]
            winners = ", ".join(f"{write.who(w['seat'])} {w['amount']}" for w in award.get("winners") or ())
            how = f" with {award['hand']}" if award.get("hand") else ""
            lines.append(f"{pot}{board}, {half}: {winners}{how}")
    return lines


def _card_text(card: Any) -> str:
    return str(card) if card is not None else ""
