"""Host rulings from the panel: one tap plus a reason, a confirmation that shows what will
change, and the engine's own reason when it refuses.

A ruling is a host intent of the engine (engine.live.INTENTS; engine.house.rulings adds the ones
about a hand in progress). The preview applies the intent to the committed state in memory,
without saving, and compares the public views before and after, so the host sees exactly
what the ruling will do and no hidden card. Applying goes through the one write path; a
table that has moved on since the preview refuses it as stale.
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from engine import live as engine_live
from engine.errors import EngineError
from engine.live.rulings import INTENT_RULINGS
from tables import live
from tables.access import check_host
from tables.errors import ActionRefused
from tables.models import Player, Table
from tables.services import audit, ledger, play


@dataclass(frozen=True, slots=True)
class Field:
    name: str
    label: str
    kind: str = "seat"  # "seat", "chips", "which_card" (first, second...) or "flag" (a checkbox)


@dataclass(frozen=True, slots=True)
class Ruling:
    key: str
    label: str
    intent: str  # the engine intent's type
    fields: tuple[Field, ...] = ()


SEAT = Field("seat", "Seat")
RULINGS: tuple[Ruling, ...] = (
    Ruling("misdeal", "Misdeal", "misdeal"),
    Ruling(
        "exposed_card",
        "Exposed card",
        "exposed_card",
        # Which of the seat's cards, never its face: the host usually plays, and an answer
        # that depended on a named face would tell him a hidden card.
        (
            SEAT,
            Field("card_number", "Which card", "which_card"),
            Field("during_deal", "During the deal", "flag"),
        ),
    ),
    Ruling("award_pot", "Award the pot", "award_pot", (Field("seat", "To seat"),)),
    Ruling("kill_hand", "Kill a hand", "kill_hand", (SEAT,)),
    Ruling("undo", "Undo the last action", "undo"),
    Ruling("fold_away", "Fold an away player", "fold_away", (SEAT,)),
    Ruling("adjust_stack", "Adjust a stack", "set_stack", (SEAT, Field("stack", "New stack", "chips"))),
    Ruling("move_button", "Move the button", "move_button", (Field("seat", "Button to seat"),)),
    Ruling("pause_hand", "Pause the hand", "pause_hand"),
    Ruling("resume_hand", "Resume the hand", "resume_hand"),
    Ruling("pause", "Stop dealing after this hand", "pause"),
)
BY_KEY = {ruling.key: ruling for ruling in RULINGS}
# Rulings about the hand being played (engine.live.rulings): they carry the reason into the hand.
HAND_RULINGS = set(INTENT_RULINGS)


def available() -> list[Ruling]:
    """The rulings the engine offers now (the rest appear when the engine adds them)."""
    return [ruling for ruling in RULINGS if ruling.intent in engine_live.INTENTS]


def missing() -> list[Ruling]:
    return [ruling for ruling in RULINGS if ruling.intent not in engine_live.INTENTS]


def build_intent(key: str, values: Mapping[str, str]) -> dict[str, Any]:
    """The engine intent of a ruling from the panel's form, or ActionRefused saying what is missing."""
    ruling = BY_KEY.get(key)
    if ruling is None or ruling.intent not in engine_live.INTENTS:
        raise ActionRefused("This ruling is not available.")
    intent: dict[str, Any] = {"type": ruling.intent}
    for spec in ruling.fields:
        raw = str(values.get(spec.name, "")).strip()
        if spec.kind == "flag":
            intent[spec.name] = raw.lower() in ("on", "1", "true", "yes")
            continue
        if not raw:
            raise ActionRefused(f"{ruling.label}: choose the {spec.label.lower()}.")
        try:
            intent[spec.name] = int(raw)
        except ValueError:
            raise ActionRefused(f"{ruling.label}: the {spec.label.lower()} is a whole number.") from None
    return intent


@dataclass(frozen=True, slots=True)
class Preview:
    """What a ruling will change, for the confirmation; `version` is the state it was made from."""

    ruling: Ruling
    intent: dict[str, Any]
    version: int
    changes: list[str]


def _names(view: Mapping[str, Any]) -> dict[int, str]:
    return {s["seat"]: s["name"] or s["player"] for s in view["table"]["seats"]}


def _hand_changes(old: Mapping[str, Any], new: Mapping[str, Any], names: Mapping[int, str]) -> list[str]:
    """What changes in the hand being played, seat by seat, then the middle."""
    changes = []
    old_in = {s["seat"]: s for s in old["seats"]}
    for s in new["seats"]:
        was = old_in.get(s["seat"])
        if was is None:
            continue
        who = f"Seat {s['seat']} ({names.get(s['seat'], '?')})"
        if was["status"] != s["status"]:
            changes.append(f"{who}: {was['status'].replace('_', ' ')} → {s['status'].replace('_', ' ')}")
        if was["bet"] != s["bet"]:
            changes.append(f"{who}: bet {was['bet']} → {s['bet']}")
        if was["stack"] != s["stack"]:
            changes.append(f"{who}: {was['stack']} → {s['stack']} chips behind")
        if was.get("cards") != s.get("cards") and s.get("cards"):
            changes.append(f"{who}: shows {' '.join(s['cards'])}")
        shown_before, shown_after = was.get("face_up") or [], s.get("face_up") or []
        if shown_before != shown_after and shown_after:
            changes.append(f"{who}: face up {' '.join(map(str, shown_after))}")
    dead = [d for d in new.get("dead_cards") or [] if d not in (old.get("dead_cards") or [])]
    changes += [
        f"Seat {d['seat']} ({names.get(d['seat'], '?')}): {d['card']} is dead, shown to all" for d in dead
    ]
    if old["boards"] != new["boards"]:
        changes.append("Board: " + " | ".join(" ".join(board) for board in new["boards"]))
    if old["pot"] != new["pot"]:
        changes.append(f"Pot: {old['pot']} → {new['pot']}")
    if old.get("phase") != new.get("phase") and not new["finished"]:
        changes.append(f"The hand is {new.get('phase')}")
    if not old["finished"] and new["finished"]:
        changes.append(f"Hand #{new['hand_number']} ends")
    if old["hand_number"] != new["hand_number"]:
        changes.append(f"Hand #{new['hand_number']} is dealt")
    if old.get("to_act") != new.get("to_act") and not new["finished"] and new.get("to_act"):
        changes.append(f"To act: seat {new['to_act']} ({names.get(new['to_act'], '?')})")
    return changes


def describe_changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    """The differences between two public views, in words."""
    changes = []
    names = _names(before) | _names(after)
    old_seats = {s["seat"]: s for s in before["table"]["seats"]}
    new_seats = {s["seat"]: s for s in after["table"]["seats"]}
    for seat in sorted(set(old_seats) | set(new_seats)):
        old, new = old_seats.get(seat), new_seats.get(seat)
        who = f"Seat {seat} ({names.get(seat, '?')})"
        if old and new and old["stack"] != new["stack"]:
            changes.append(f"{who}: stack {old['stack']} → {new['stack']} chips")
        if old and new and old["status"] != new["status"]:
            changes.append(f"{who}: {old['status'].replace('_', ' ')} → {new['status'].replace('_', ' ')}")
        if old and not new:
            changes.append(f"{who} leaves the table")
    if before["table"]["button"] != after["table"]["button"]:
        changes.append(f"Button: seat {before['table']['button']} → seat {after['table']['button']}")
    if before["table"]["dealing"] != after["table"]["dealing"]:
        changes.append("Dealing resumes" if after["table"]["dealing"] else "Dealing stops after this hand")
    old_hand, new_hand = before.get("hand"), after.get("hand")
    if old_hand and new_hand:
        changes += _hand_changes(old_hand, new_hand, names)
    elif old_hand and not new_hand:
        changes.append(f"Hand #{old_hand['hand_number']} is called off")
    return changes or ["Nothing visible changes."]


CARD = re.compile(r"[2-9TJQKA][cdhs]")
UNSEEN = "??"


def _hide_unseen_cards(value: Any, seen: set[str]) -> Any:
    """`value` with every card nobody could see in `seen` written as ??.

    A preview is not the ruling: until it is made, a card it would turn up (an exposed
    card, a board dealt because the action closed) stays hidden, or previewing and
    cancelling would let the host, who usually plays, read cards."""
    if isinstance(value, str):
        return UNSEEN if CARD.fullmatch(value) and value not in seen else value
    if isinstance(value, list | tuple):
        return [_hide_unseen_cards(item, seen) for item in value]
    if isinstance(value, Mapping):
        return {key: _hide_unseen_cards(item, seen) for key, item in value.items()}
    return value


def _cards_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value} if CARD.fullmatch(value) else set()
    if isinstance(value, list | tuple):
        return set().union(*(_cards_in(item) for item in value)) if value else set()
    if isinstance(value, Mapping):
        return set().union(*(_cards_in(item) for item in value.values())) if value else set()
    return set()


def preview(table: Table, by: AbstractBaseUser | None, key: str, values: Mapping[str, str]) -> Preview:
    """What the ruling would do now, or ActionRefused with the engine's reason. Either way
    the attempt is in the open log."""
    check_host(by, table.night)
    try:
        shown = _preview(table, key, values)
    except ActionRefused as refused:
        _log_attempt(table, by, key, values, f"refused: {refused}")
        raise
    _log_attempt(table, by, key, values, "previewed", shown.changes)
    return shown


def _log_attempt(
    table: Table,
    by: AbstractBaseUser | None,
    key: str,
    values: Mapping[str, str],
    outcome: str,
    changes: list[str] | None = None,
) -> None:
    """A ruling looked at or refused: logged on its own, since no change carries it."""
    ruling = BY_KEY.get(key)
    label = ruling.label if ruling else "Unknown ruling"
    fields = {spec.name: str(values.get(spec.name, "")) for spec in ruling.fields} if ruling else {}
    payload: dict[str, Any] = {"ruling": key if ruling else "", "values": fields}
    if changes is not None:
        payload["changes"] = changes
    with transaction.atomic():
        audit.record(table.night, by, f"{table.name}: {label} {outcome}", table=table, payload=payload)


def _preview(table: Table, key: str, values: Mapping[str, str]) -> Preview:
    intent = build_intent(key, values)
    state = live.load_state(table.pk)
    try:
        after, _ = engine_live.apply(state, engine_live.HOST, intent, time.time())
    except EngineError as error:
        raise ActionRefused(str(error)) from None
    before_view = engine_live.view(state, "public")
    seen = _cards_in(before_view["hand"])
    after_view = {**engine_live.view(after, "public")}
    after_view["hand"] = _hide_unseen_cards(after_view["hand"], seen)
    changes = describe_changes(before_view, after_view)
    moved = sum(s.stack for s in after.table.seats) - sum(s.stack for s in state.table.seats)
    if intent["type"] == "set_stack":
        line = _ledger_line(table, state, intent)
        if line:
            return Preview(BY_KEY[key], intent, state.version, [*changes, line])
    if moved:
        # Only ledger entries and hands should change the chips in play: say so before it happens.
        changes.append(
            f"Chips in play {'+' if moved > 0 else '−'}{abs(moved)} without a ledger entry: "
            "the night will not balance until the ledger is corrected."
        )
    return Preview(BY_KEY[key], intent, state.version, changes)


def _seated_player(table: Table, state: engine_live.LiveTable, seat: int) -> Player:
    occupant = state.table.occupant(seat) if isinstance(seat, int) else None
    player = None
    if occupant is not None and occupant.player.isdigit():
        player = Player.objects.filter(pk=int(occupant.player), night_id=table.night_id).first()
    if player is None:
        raise ActionRefused(f"Nobody sits in seat {seat} at {table.name}.")
    return player


def _ledger_line(table: Table, state: engine_live.LiveTable, intent: Mapping[str, Any]) -> str:
    """The ledger line a stack adjustment writes, for the preview ("" when the ledger never saw
    the player). Refused, as the adjustment would be, when chips would come from nowhere."""
    player = _seated_player(table, state, intent["seat"])
    target, difference = ledger.stack_adjustment(player, intent["stack"])
    if target is None:
        return ""
    money = ledger.format_money(ledger.money_for(table.night, difference), table.night.currency)
    return (
        f"Ledger: a correction of {difference:+d} chips ({money}) to {player.display_name}'s "
        f"{target.get_kind_display().lower()} #{target.pk}"
    )


def apply_ruling(
    table: Table, by: AbstractBaseUser | None, key: str, values: Mapping[str, str], why: str, version: int
) -> int:
    """Make the ruling, as previewed at `version`; logged with its reason and what it changed."""
    check_host(by, table.night)
    if not why.strip():
        raise ActionRefused("Give a reason: every ruling is in the open log.")
    try:
        shown = _preview(table, key, values)
    except ActionRefused as refused:
        _log_attempt(table, by, key, values, f"refused: {refused}")
        raise
    if shown.version != version:
        _log_attempt(table, by, key, values, "refused: the table had moved on")
        raise ActionRefused("The table has moved on since you looked: check the ruling again.")
    intent = dict(shown.intent)
    if intent["type"] in HAND_RULINGS:
        # The hand's own history records the host's reason with the ruling.
        intent.update(reason=why.strip(), host=audit.who_label(by))
    try:
        with transaction.atomic():
            if intent["type"] == "set_stack":
                # Through the ledger, so that the chips it adds or takes have their entry.
                player = _seated_player(table, live.load_state(table.pk), intent["seat"])
                # The ruling's own line below carries the reason; the entry names the ruling.
                ledger.adjust_stack(player, intent["stack"], by, f"{shown.ruling.label} at {table.name}")
                applied = live.Applied(live.current_version(table.pk))
            else:
                applied = play.apply_intent(table.pk, engine_live.HOST, intent, expected_version=version)
            audit.record(
                table.night,
                by,
                f"{table.name}: {shown.ruling.label}",
                why,
                table=table,
                payload={"intent": intent, "changes": shown.changes, "version": applied.version},
            )
    except ActionRefused as refused:
        _log_attempt(table, by, key, values, f"refused: {refused.message}")
        raise
    return applied.version
