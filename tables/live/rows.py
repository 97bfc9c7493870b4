"""The three statements every action at a live table runs: lock the snapshot row, append the
log's rows, save the snapshot.

Through the ORM each of these cost several times the CPU of the statement itself (building
the query, then the model instances), and an action is little else; so they are written out
here once, from the models' own table and column names, with values prepared by the models'
own fields. Everything else about these tables goes through the ORM.
"""

from __future__ import annotations

import datetime
import functools
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import Field
from django.utils import timezone

from tables.models.live import HandEvent, TableSnapshot

EVENT_COLUMNS = (
    "table",
    "hand",
    "seq",
    "version",
    "actor",
    "kind",
    "payload",
    "client_action_id",
    "created_at",
)


@dataclass(slots=True)
class SnapshotRow:
    """A locked snapshot row's bookkeeping; its JSON is read only when asked (`state`)."""

    pk: int
    table_id: int
    version: int
    updated_at: datetime.datetime

    def state(self) -> dict[str, Any]:
        return TableSnapshot.objects.filter(pk=self.pk).values_list("state", flat=True).get()


@dataclass(frozen=True, slots=True)
class EventRow:
    """One entry of a table's log, as `append` writes it (tables.models.live.HandEvent)."""

    table_id: int
    hand_id: int | None
    seq: int
    version: int
    actor: str
    kind: str
    payload: dict[str, Any]
    client_action_id: str = ""


def _field(model: Any, name: str) -> Field:
    return model._meta.get_field(name)


@functools.cache
def _statements(vendor: str) -> dict[str, str]:
    """The SQL for this kind of database (quoting, and row locks where it has them)."""
    quote = connection.ops.quote_name
    snapshots = quote(TableSnapshot._meta.db_table)
    names = ("table", "state", "version", "due_at", "updated_at")
    column = {name: quote(_field(TableSnapshot, name).column) for name in names}
    locking = " FOR UPDATE" if connection.features.has_select_for_update else ""
    events = quote(HandEvent._meta.db_table)
    event_columns = ", ".join(quote(_field(HandEvent, name).column) for name in EVENT_COLUMNS)
    return {
        "lock": f"SELECT id, {column['version']}, {column['updated_at']} FROM {snapshots} "
        f"WHERE {column['table']} = %s{locking}",
        "save": f"UPDATE {snapshots} SET {column['state']} = %s, {column['version']} = %s, "
        f"{column['due_at']} = %s, {column['updated_at']} = %s WHERE id = %s",
        "append": f"INSERT INTO {events} ({event_columns}) VALUES ",
        "append_row": "(" + ", ".join(["%s"] * len(EVENT_COLUMNS)) + ")",
    }


def _to_db(model: Any, name: str, value: Any) -> Any:
    return _field(model, name).get_db_prep_save(value, connection)


def _from_db(model: Any, name: str, value: Any) -> Any:
    """A value read by hand, converted as the ORM converts it (SQLite returns text for times)."""
    column = _field(model, name).get_col(model._meta.db_table)
    for convert in [*connection.ops.get_db_converters(column), *column.get_db_converters(connection)]:
        value = convert(value, column, connection)
    return value


def lock_snapshot(table_id: int) -> SnapshotRow | None:
    """The table's snapshot row, locked until the transaction ends; None if it has none yet."""
    with connection.cursor() as cursor:
        cursor.execute(_statements(connection.vendor)["lock"], [table_id])
        found = cursor.fetchone()
    if found is None:
        return None
    pk, version, updated_at = found
    return SnapshotRow(pk, table_id, version, _from_db(TableSnapshot, "updated_at", updated_at))


def save_snapshot(
    row: SnapshotRow, state: dict[str, Any], version: int, due_at: datetime.datetime | None
) -> None:
    """Write the row's new state and version; `row` then names the write (its updated_at)."""
    now = timezone.now()
    params = [
        _to_db(TableSnapshot, "state", state),
        version,
        _to_db(TableSnapshot, "due_at", due_at),
        _to_db(TableSnapshot, "updated_at", now),
        row.pk,
    ]
    with connection.cursor() as cursor:
        cursor.execute(_statements(connection.vendor)["save"], params)
    # What the row now holds, as reading it back would give it (the database's precision).
    row.version, row.updated_at = version, now


def append(rows: list[EventRow]) -> None:
    """Add entries to the log in one statement."""
    statements = _statements(connection.vendor)
    now = _to_db(HandEvent, "created_at", timezone.now())
    params: list[Any] = []
    for row in rows:
        payload = _to_db(HandEvent, "payload", row.payload)
        params += [row.table_id, row.hand_id, row.seq, row.version, row.actor, row.kind, payload]
        params += [row.client_action_id, now]
    with connection.cursor() as cursor:
        cursor.execute(statements["append"] + ", ".join([statements["append_row"]] * len(rows)), params)
