"""Every ruling on a night's decks, for the verify page: misdeals, exposed cards and values
held back, who called or held each, and every voided deck, revealed with the night.

docs/shuffle.md, "Rulings cannot re-roll the deck": a host who plays and reads the live deck
would gain by calling misdeals or exposed cards until a deal suits him, and a player by holding
a value back. Each is bounded by the engine; this puts every one where the whole night can see
a pattern. Read from the table's log (`HandEvent`): a hand's row holds each of its deals in turn
(a misdeal's re-deal is the same hand), from its ``table.hand_started`` to its
``table.hand_finished``; a deal no phone sent a value for is a ``table.no_values`` of the table.

What it shows while the night is open is what the table showed everyone: who called what, on
which seat, who held that seat, who withheld. No card is named until the night is closed and
the deck's seeds are revealed, the voided ones as the played ones (never a deck whose seeds
`engine.views.why_seeds_stay_secret` keeps for good).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.cards import card_text
from engine.config import HandConfig
from engine.event_types import event_from_json
from engine.games import GAMES
from engine.hand import Hand as EngineHand
from engine.shuffle import deck_seed, seed_from_hex, shuffled_deck, verify
from engine.views import seeds_always_revealed, why_seeds_stay_secret
from tables.models import Night
from tables.models.live import HandEvent

GAME_KEPT_SECRET = "A deck of this game may hold a card a player must never learn."


@dataclass
class Deal:
    """One deal of a hand, as its log has it."""

    table: str
    number: int
    config: dict[str, Any]
    started: dict[str, Any]
    events: list[dict[str, Any]] = field(default_factory=list)
    finished: dict[str, Any] | None = None
    confirmed: list[dict[str, Any]] = field(default_factory=list)

    @property
    def void(self) -> bool:
        return any(event["type"] == "ruling_misdeal" for event in self.events)


def _deals(night: Night) -> tuple[list[Deal], list[tuple[str, dict[str, Any]]]]:
    """The night's deals in order, and its deals no phone sent a value for."""
    rows = (
        HandEvent.objects.filter(table__night=night)
        .exclude(kind="intent")
        .filter(hand__isnull=False)
        .order_by("table__name", "hand__number", "seq")
        .values_list("table__name", "hand__number", "hand__config", "kind", "payload")
    )
    deals: list[Deal] = []
    current: Deal | None = None
    for table, number, config, kind, payload in rows.iterator():
        if kind == "table.hand_started":
            current = Deal(table, number, config, payload)
            deals.append(current)
        elif current is None or (current.table, current.number) != (table, number):
            continue  # events of a hand stored before its start was logged
        elif kind == "table.hand_finished":
            current.finished = payload
        elif kind == "table.ruling_confirmed":
            current.confirmed.append(payload)
        elif not kind.startswith("table."):
            current.events.append(payload)
    voids = HandEvent.objects.filter(table__night=night, kind="table.no_values").order_by(
        "table__name", "seq"
    )
    return deals, list(voids.values_list("table__name", "payload"))


def _names(night: Night) -> dict[str, str]:
    return {str(pk): name for pk, name in night.players.values_list("pk", "display_name")}


def _seat_names(config: Mapping[str, Any], names: Mapping[str, str]) -> dict[int, str]:
    return {seat["seat"]: names.get(str(seat["player"]), f"seat {seat['seat']}") for seat in config["seats"]}


def _replayed(deal: Deal) -> EngineHand | None:
    """The deal replayed from its revealed seeds and its own events; None when it cannot be."""
    if deal.finished is None or not deal.finished.get("seed"):
        return None
    game = GAMES.get(deal.config.get("game", ""))
    values = [seed_from_hex(v) for v in (deal.started.get("contributions") or {}).values()]
    deck = shuffled_deck(
        deck_seed(seed_from_hex(deal.finished["seed"]), values), short_deck=bool(game and game.short_deck)
    )
    try:
        hand = EngineHand(HandConfig.from_json(deal.config), list(deck))
        for event in deal.events:
            hand.apply(event_from_json(event))
    except Exception:  # a deal the engine of today cannot replay keeps its cards unnamed
        return None
    return hand


def _secret(deal: Deal, hand: EngineHand | None) -> str | None:
    """Why this deal's seeds stay secret, or None when the closed night reveals them."""
    if seeds_always_revealed(deal.config.get("game", "")):
        return None
    if hand is None:
        return GAME_KEPT_SECRET
    return why_seeds_stay_secret(hand)


def _cards(cards: Iterable[Any]) -> str:
    return " ".join(card_text(str(card)) for card in cards)


def _who_confirmed(deal: Deal) -> str:
    return ", ".join(str(answer["by"]) for answer in deal.confirmed)


def _exposures(deal: Deal, seats: Mapping[int, str], named: bool) -> list[dict[str, Any]]:
    found = []
    for event in deal.events:
        if event["type"] != "ruling_exposed":
            continue
        entry = {
            "seat": event["seat"],
            "held_by": seats.get(event["seat"], f"seat {event['seat']}"),
            "during_deal": event["during_deal"],
            "called_by": event["host"],
            "reason": event["reason"],
        }
        if named:
            entry["card"] = card_text(event["card"])
            entry["replacement"] = card_text(event["replacement"]) if event.get("replacement") else ""
        found.append(entry)
    return found


def _deal_entry(deal: Deal, names: Mapping[str, str], closed: bool) -> dict[str, Any]:
    seats = _seat_names(deal.config, names)
    hand = _replayed(deal) if closed else None
    secret = _secret(deal, hand) if closed else None
    named = closed and secret is None and hand is not None
    entry: dict[str, Any] = {
        "table": deal.table,
        "number": deal.number,
        "void": deal.void,
        "commitment": deal.started.get("commitment", ""),
        "deck_root": deal.started.get("deck_root", ""),
        "exposed": _exposures(deal, seats, named),
        "withheld": [seats.get(int(seat), f"seat {seat}") for seat in deal.started.get("no_value") or []],
        "confirmed_by": _who_confirmed(deal),
    }
    misdeal = next((e for e in deal.events if e["type"] == "ruling_misdeal"), None)
    if misdeal is not None:
        entry.update(called_by=misdeal["host"], reason=misdeal["reason"])
    if deal.void and closed:
        entry["secret"] = secret
        if named and deal.finished is not None:
            entry.update(_seed_check(deal, hand, seats))
    return entry


def _seed_check(deal: Deal, hand: EngineHand | None, seats: Mapping[int, str]) -> dict[str, Any]:
    """A voided deck revealed: its seed checked against what its deal published, and who held what."""
    assert deal.finished is not None and hand is not None
    game = GAMES.get(deal.config.get("game", ""))
    short = bool(game and game.short_deck)
    seed, commitment = deal.finished["seed"], deal.started.get("commitment", "")
    values = list((deal.started.get("contributions") or {}).values())
    root = deal.started.get("deck_root") or None
    matches, _ = verify(seed, commitment, short, values, root)
    command = f"python -m engine.shuffle verify {seed} {commitment}"
    command += "".join(f" --contribution {value}" for value in values)
    command += f" --root {root}" if root else ""
    command += " --short-deck" if short else ""
    held = [
        {"seat": s.seat, "name": seats.get(s.seat, ""), "cards": _cards(s.hole)} for s in hand.seats if s.hole
    ]
    return {"seed": seed, "matches": matches, "command": command, "held": held}


def _no_values_entry(
    table: str, event: Mapping[str, Any], names: Mapping[str, str], closed: bool
) -> dict[str, Any]:
    seated = event.get("players", {}).items()
    players = {int(seat): names.get(str(player), f"seat {seat}") for seat, player in seated}
    entry: dict[str, Any] = {
        "table": table,
        "number": event["hand_number"],
        "commitment": event.get("commitment", ""),
        "withheld": [players.get(seat, f"seat {seat}") for seat in event.get("withheld", [])],
    }
    if closed and event.get("seed"):
        # No card of it was dealt: nothing in it is kept from anyone.
        matches, _ = verify(event["seed"], entry["commitment"], bool(event.get("short_deck")))
        entry.update(
            seed=event["seed"],
            matches=matches,
            command=f"python -m engine.shuffle verify {event['seed']} {entry['commitment']}",
        )
    return entry


def night_record(night: Night) -> dict[str, Any]:
    """The night's rulings on its decks: each hand's misdeals and exposed cards (who called
    them, who held the seat, who confirmed), the deals no value came for, and how often each
    player held a value back."""
    closed = night.status == Night.Status.CLOSED
    names = _names(night)
    deals, no_values = _deals(night)
    hands = [_deal_entry(deal, names, closed) for deal in deals]
    ruled = [h for h in hands if h["void"] or h["exposed"] or h["withheld"]]
    voids = [_no_values_entry(table, event, names, closed) for table, event in no_values]
    counts: Counter[str] = Counter()
    for entry in [*hands, *voids]:
        counts.update(entry["withheld"])
    return {
        "deals": ruled,
        "no_values": voids,
        "withheld_counts": sorted(counts.items(), key=lambda item: (-item[1], item[0])),
    }
