"""A second person's yes for a host's ruling that voids or replaces cards while the host plays.

The engine decides (`engine.live.second_yes`): a misdeal or a card exposed during the deal,
asked by a host dealt in to the hand, waits for someone else's yes. The app tells it who
asked: every host ruling carries the asking user's own players in this night (`holders`) and
the user (`user`), whichever door it came through (the panel or the host's socket). The
answer comes from a seated player's phone (an intent of their own) or from a co-host's panel
(`answer`), and every answer is in the night's log, with what it changed (`log_answer`, run
for the answer's events in the write's own transaction).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from engine import live as engine_live
from engine.live.rulings import INTENT_RULINGS
from engine.live.second_yes import current
from tables import live
from tables.access import check_host
from tables.live import Applied
from tables.models import Player, Table
from tables.models.ledger import AuditEntry
from tables.services.hosting import audit
from tables.services.hosting.change_words import describe

SIGNED = frozenset({*INTENT_RULINGS, "ruling"})
ANSWERS = ("table.ruling_confirmed", "table.ruling_declined")


def signed(table: Table, by: AbstractBaseUser | None, intent: Mapping[str, Any]) -> dict[str, Any]:
    """The host's ruling with who asked it: the user and their own players in this night."""
    if by is None or not by.is_authenticated:
        return dict(intent)
    if intent.get("type") == "answer_ruling":  # a co-host's answer over the host's socket
        return {**intent, "user": str(by.pk), "by": audit.who_label(by)}
    if intent.get("type") not in SIGNED:
        return dict(intent)
    players = Player.objects.filter(night_id=table.night_id, user=by).values_list("pk", flat=True)
    return {**intent, "holders": [str(pk) for pk in players], "user": str(by.pk)}


def pending(table: Table, state: engine_live.LiveTable | None = None) -> dict[str, Any] | None:
    """The ruling waiting for a yes at this table (as `state` has it, or as committed), or None."""
    waiting = current(state if state is not None else live.fresh_state(table.pk))
    if waiting is None:
        return None
    return {key: waiting[key] for key in ("id", "words", "reason", "host", "expires_at", "user")}


def answer(table: Table, by: AbstractBaseUser | None, ruling_id: int, yes: bool) -> int:
    """A co-host's yes or no from the panel (the host who asked may only say no)."""
    check_host(by, table.night)
    assert by is not None
    intent = {
        "type": "answer_ruling",
        "id": ruling_id,
        "answer": "yes" if yes else "no",
        "user": str(by.pk),
        "by": audit.who_label(by),
    }
    with transaction.atomic():
        return live.apply_intent(table.pk, engine_live.HOST, intent).version


def _answer_words(event: Mapping[str, Any]) -> str:
    who = f"{event['by']} (seat {event['seat']})" if "seat" in event else str(event["by"])
    verb = "confirmed" if event["type"] == "table.ruling_confirmed" else "refused"
    return f"{who} {verb} {event['host']}'s ruling: {event['words']}"


def log_answer(applied: Applied) -> None:
    """The answer's line in the night's log: who answered, and what the ruling then changed."""
    table = Table.objects.select_related("night").get(pk=applied.table_id)
    for event in applied.events:
        if event["type"] not in ANSWERS:
            continue
        changes: list[str] = []
        made = event["type"] == "table.ruling_confirmed"
        if made and applied.before is not None and applied.state is not None:
            changes = describe(applied.before, applied.state, list(applied.events))
        what = f"{table.name}: {_answer_words(event)}" + (f": {'; '.join(changes)}" if changes else "")
        user = None
        if str(event.get("user", "")).isdigit():
            user = get_user_model().objects.filter(pk=int(event["user"])).first()
        AuditEntry.objects.create(
            night=table.night,
            table=table,
            who=user,
            who_label=audit.who_label(user) if user is not None else str(event["by"]),
            what=what[: audit.MAX_WHAT],
            why="",
            payload={"answer": dict(event), "changes": changes},
        )
