"""The night's open record of the host's calls: every ruling, seating change and ledger entry.

"The host's call is final, and open": players read the same log the host writes.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import QuerySet

from tables.models import Night, Table
from tables.models.ledger import AuditEntry


def who_label(user: AbstractBaseUser | None) -> str:
    """How the log names whoever acted: their user name, or the dealer (the app itself)."""
    if user is None or not user.is_authenticated:
        return "the dealer"
    return user.get_username()


def record(
    night: Night,
    user: AbstractBaseUser | None,
    what: str,
    why: str = "",
    *,
    table: Table | None = None,
    payload: dict[str, Any] | None = None,
) -> AuditEntry:
    """Append one entry. Call it inside the transaction of the change it describes, so a
    refused change leaves no entry behind."""
    return AuditEntry.objects.create(
        night=night,
        who=user if user is not None and user.is_authenticated else None,
        who_label=who_label(user),
        what=what[:200],
        why=why.strip()[:300],
        table=table,
        payload=payload or {},
    )


def record_table_command(
    table_id: int, user: AbstractBaseUser | None, intent: dict[str, Any], refused: str = ""
) -> AuditEntry:
    """A host command sent over a table's socket (the panel logs its own commands itself);
    `refused` is the reason it was not made, for a ruling attempt that was refused."""
    table = Table.objects.select_related("night").get(pk=table_id)
    details = ", ".join(
        f"{key} {value}" for key, value in intent.items() if key not in ("type", "reason", "host")
    )
    what = str(intent["type"]).replace("_", " ") + (" refused" if refused else "")
    what += (f" ({details})" if details else "") + (f": {refused}" if refused else "")
    why = str(intent.get("reason", ""))
    payload = {**intent, "refused": refused} if refused else dict(intent)
    return record(
        table.night, user, f"{table.name}: {what}, from the table", why, table=table, payload=payload
    )


def entries(night: Night) -> QuerySet[AuditEntry]:
    """The night's log, newest first (what a reader wants to see first)."""
    return AuditEntry.objects.filter(night=night).select_related("table").order_by("-when", "-id")
