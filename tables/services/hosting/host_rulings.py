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
from engine import views as engine_views
from engine.errors import EngineError
from engine.live.rulings import INTENT_RULINGS
from tables import live
from tables.access import check_host
from tables.errors import ActionRefused
from tables.models import Table
from tables.services.hosting import audit, second_yes
from tables.services.hosting.change_words import UNSEEN, describe, public_cards
from tables.services.ledger import stack_rulings


@dataclass(frozen=True, slots=True)
class Field:
    name: str
    label: str
    kind: str = "seat"  # "seat", "chips", "which_card" (first, second...), "flag" (a checkbox) or "how"
    required: bool = True


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
    Ruling(
        "adjust_stack",
        "Adjust a stack",
        "set_stack",
        (
            SEAT,
            Field("stack", "New stack", "chips"),
            # Where the chips went (stack_rulings.HOW_CHOICES): a ruling never changes chips silently.
            Field("how", "Where the chips went", "how"),
            Field("other_seat", "Other player's seat", "seat", required=False),
        ),
    ),
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
        if spec.kind == "how":
            intent[spec.name] = stack_rulings.check_how(raw)
            continue
        if not raw and not spec.required:
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
    cash_box: str = ""  # what the host does at the cash box, for a ruling that changes chips


DEALER_CARRIES_ON = "Then the dealer carries on: the next cards, and what they bring, show once it is made."


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
    state = live.fresh_state(table.pk)
    # A stack ruling's chips go where the host said: a transfer is the engine's `move_chips`.
    made = stack_rulings.engine_intent(table, state, intent) if intent["type"] == "set_stack" else intent
    try:
        after, events, cut = engine_live.preview(state, engine_live.HOST, made, time.time())
    except EngineError as error:
        raise ActionRefused(str(error)) from None
    # Cards as the table sees them now: the ruling is not made yet.
    changes = describe(state, after, events, shown=lambda: public_cards(state))
    if any(STACK_TO.match(line.partition("): ")[2]) for line in changes):
        # The hand ends: stacks change at the table and in the hand, one seat on two lines.
        changes = bets_said_inside_stacks(one_line_per_seat(changes))
    if cut:
        # What the next cards bring is not told before they are dealt (engine.live.preview).
        changes.append(DEALER_CARRIES_ON)
    moved = sum(s.stack for s in after.table.seats) - sum(s.stack for s in state.table.seats)
    if intent["type"] == "set_stack":
        words = stack_rulings.preview_words(table, state, intent)
        if words.ledger:
            return Preview(BY_KEY[key], intent, state.version, [*changes, *words.ledger], words.cash_box)
    if moved:
        # Only ledger entries and hands should change the chips in play: say so before it happens.
        changes.append(
            f"Chips in play {'+' if moved > 0 else '−'}{abs(moved)} without a ledger entry: "
            "the night will not balance until the ledger is corrected."
        )
    return Preview(BY_KEY[key], intent, state.version, changes)


SEAT_LINE = re.compile(r"^(Seat \d+ \(.*\)): (.+)$")
STACK_TO = re.compile(r"^stack \d+ → (\d+) chips$")
BEHIND_TO = re.compile(r"^\d+ → (\d+) chips behind$")


def one_line_per_seat(changes: list[str]) -> list[str]:
    """`changes` with each seat's lines made one, where its first line was: an award (or any
    ruling that ends the hand) changes a seat's stack at the table and in the hand, and the
    preview would list the seat twice, the same stack twice. The hand's "chips behind" is left
    out when the table's stack says the same."""
    parts: dict[str, list[str]] = {}
    merged: list[str | None] = []  # None: the place of a seat's one line
    for line in changes:
        found = SEAT_LINE.match(line)
        if found is None:
            merged.append(line)
        elif found.group(1) in parts:
            parts[found.group(1)].append(found.group(2))
        else:
            parts[found.group(1)] = [found.group(2)]
            merged.append(None)
    seats = iter(parts.items())
    lines = []
    for line in merged:
        if line is not None:
            lines.append(line)
            continue
        who, said = next(seats)
        stacks = {m.group(1) for part in said if (m := STACK_TO.match(part))}
        kept = [part for part in said if not ((m := BEHIND_TO.match(part)) and m.group(1) in stacks)]
        lines.append(f"{who}: {', '.join(kept)}")
    return lines


BET_BESIDE_STACK = re.compile(r"(stack \d+ → \d+ chips), (bet \d+ → 0)\b")


def bets_said_inside_stacks(changes: list[str]) -> list[str]:
    """A seat's bet going into the pot is part of its stack's change at the table, not a second
    loss: "stack 158 → 148 chips, bet 10 → 0" is said "stack 158 → 148 chips, its bet 10 → 0
    included"."""
    return [BET_BESIDE_STACK.sub(r"\1, its \2 included", line) for line in changes]


def exposure_words(state: engine_live.LiveTable, seat: int) -> str:
    """The log's words for the card just ruled exposed at `seat`, named only once the public
    view shows it (face up for the rest of the hand, or dead and shown to all): a log line is
    read by everyone, and the host usually plays."""
    hand = state.hand
    ruled = [e for e in (hand.extras.get("exposed", []) if hand is not None else []) if e["seat"] == seat]
    if not ruled:
        return f"exposed a card of Seat {seat}"
    card, dead = ruled[-1]["card"], ruled[-1]["dead"]
    public = engine_live.view(state, "public")["hand"] or {}
    if card not in engine_views.shown_cards(public):
        return f"exposed a card of Seat {seat} (not shown to all)"
    return f"exposed Seat {seat}'s {card} ({'dead, ' if dead else ''}face up to all)"


def _exposure_logged(
    state: engine_live.LiveTable, intent: Mapping[str, Any], previewed: list[str]
) -> list[str]:
    """The exposed-card ruling's changes for its log line, once made: the card named where the
    public now sees it, instead of the preview's ??."""
    return [exposure_words(state, intent["seat"]), *(line for line in previewed if UNSEEN not in line)]


WAITS_FOR_A_SECOND_YES = (
    "waits for a second person's yes (you hold cards in this hand): a co-host on the panel, or a "
    "seated player on their phone"
)


def _log_proposed(
    table: Table, by: AbstractBaseUser | None, shown: Preview, intent: Mapping[str, Any], why: str
) -> None:
    """The ruling asked, not made: the line says what it would change once someone agrees."""
    would = "; ".join(line for line in shown.changes if line != DEALER_CARRIES_ON)
    audit.record(
        table.night,
        by,
        f"{table.name}: {shown.ruling.label} asked, {WAITS_FOR_A_SECOND_YES}: would: {would}",
        why,
        table=table,
        payload={"intent": dict(intent), "changes": shown.changes, "pending": True},
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
            entry = None
            if intent["type"] == "set_stack":
                # Through the ledger, so that the chips it adds or takes have their entry, whose
                # line (the ruling, the reason, the stack before and after) is the ruling's line.
                # Decided under the table's one lock, as the preview saw it (`version`).
                label = f"{table.name}: {shown.ruling.label}"
                done = stack_rulings.set_stack(
                    table.pk, {**intent, "reason": why}, by, expected_version=version, ruling=label
                )
                applied, entry = done.applied, done.entry
            else:
                signed = second_yes.signed(table, by, intent)
                applied = live.apply_intent(table.pk, engine_live.HOST, signed, expected_version=version)
            if any(event["type"] == "table.ruling_proposed" for event in applied.events):
                _log_proposed(table, by, shown, intent, why)
            elif entry is None:
                changes = shown.changes
                if intent["type"] == "exposed_card":
                    changes = _exposure_logged(
                        applied.state or live.load_state(table.pk), intent, shown.changes
                    )
                audit.record(
                    table.night,
                    by,
                    f"{table.name}: {shown.ruling.label}: {'; '.join(changes)}",
                    why,
                    table=table,
                    payload={"intent": intent, "changes": changes, "version": applied.version},
                )
    except ActionRefused as refused:
        _log_attempt(table, by, key, values, f"refused: {refused.message}")
        raise
    return applied.version
