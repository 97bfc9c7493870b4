"""The open record of the host's calls: every ruling, seating change and ledger entry of a night
in the night's log, and every change to a season (its settings, its nights) in the season's.

"The host's call is final, and open": players read the same log the host writes.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Max, QuerySet

from tables.models import Night, Season, SeasonAuditEntry, Table
from tables.models.ledger import AuditEntry

MAX_WHAT = 500

# Each host command a table's socket accepts, as the log says it (the changes it made follow).
COMMAND_WORDS = {
    "start_hand": "dealt the next hand",
    "pause": "paused dealing after this hand",
    "sit": "seated a player",
    "leave": "took a player off the table",
    "sit_out": "sat a player out",
    "sit_in": "sat a player back in",
    "change_seat": "moved a player to another seat",
    "set_stack": "set a stack",
    "move_button": "moved the button",
    "options": "changed the table's options",
    "set_game": "changed the game from the next hand",
    "misdeal": "called a misdeal",
    "exposed_card": "ruled on an exposed card",
    "award_pot": "awarded the pot",
    "kill_hand": "killed a hand",
    "fold_away": "folded an away player",
    "undo": "undid the last action",
    "pause_hand": "paused the hand",
    "resume_hand": "resumed the hand",
    "settle_out_of_turn": "settled an action out of turn",
    "reveal_rest": "revealed the rest of the board",
    "ruling": "made a ruling",
    "answer_ruling": "answered a ruling waiting for a second yes",
}


def who_label(user: AbstractBaseUser | None) -> str:
    """How the log names whoever acted: their user name, or the dealer (the app itself)."""
    if user is None or not user.is_authenticated:
        return "the dealer"
    return user.get_username()


def _line(
    user: AbstractBaseUser | None, what: str, why: str, payload: dict[str, Any] | None
) -> dict[str, Any]:
    """The fields every line has, whichever log it goes in: who, what exactly and why."""
    return {
        "who": user if user is not None and user.is_authenticated else None,
        "who_label": who_label(user),
        "what": what[:MAX_WHAT],
        "why": why.strip()[:300],
        "payload": payload or {},
    }


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
    return AuditEntry.objects.create(night=night, table=table, **_line(user, what, why, payload))


def record_season(
    season: Season,
    user: AbstractBaseUser | None,
    what: str,
    why: str = "",
    *,
    payload: dict[str, Any] | None = None,
) -> SeasonAuditEntry:
    """Append one line to the season's log, inside the transaction of the change it describes."""
    return SeasonAuditEntry.objects.create(season=season, **_line(user, what, why, payload))


def record_table_command(
    table_id: int,
    user: AbstractBaseUser | None,
    intent: dict[str, Any],
    refused: str = "",
    changes: list[str] | None = None,
) -> AuditEntry:
    """A host command sent over a table's socket, in a sentence: what it was and what it changed
    at the table (`changes`, from the public views before and after), or why it was refused."""
    table = Table.objects.select_related("night").get(pk=table_id)
    kind = str(intent.get("type", ""))
    words = COMMAND_WORDS.get(kind, kind.replace("_", " "))
    if refused:
        what = f"{table.name}: refused: {words} ({refused})"
    else:
        what = f"{table.name}: {words}" + (f": {'; '.join(changes)}" if changes else "")
    why = str(intent.get("reason", ""))
    payload = {**intent, "refused": refused} if refused else dict(intent)
    if changes:
        payload["changes"] = changes
    return record(table.night, user, what, why, table=table, payload=payload)


def entries(night: Night) -> QuerySet[AuditEntry]:
    """The night's log, newest first (what a reader wants to see first)."""
    return AuditEntry.objects.filter(night=night).select_related("table").order_by("-when", "-id")


def season_entries(season: Season) -> QuerySet[SeasonAuditEntry]:
    """The season's log, newest first."""
    return SeasonAuditEntry.objects.filter(season=season).order_by("-when", "-id")


def newest_id(night: Night) -> int:
    """The id of the night's newest line (0 for none): where a command's own lines start after."""
    return AuditEntry.objects.filter(night=night).aggregate(newest=Max("id"))["newest"] or 0


def written_since(night: Night, after_id: int, user: AbstractBaseUser | None) -> list[str]:
    """What `user` wrote in the night's log after line `after_id`, oldest first: every host
    command writes its own complete line, so this is what the command just did, in words."""
    lines = AuditEntry.objects.filter(night=night, pk__gt=after_id, who_label=who_label(user))
    return list(lines.order_by("id").values_list("what", flat=True))
