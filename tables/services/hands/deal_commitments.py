"""Each deal's commitment as the server recorded it at the cut-off, and what the verify page
checks against it.

docs/shuffle.md, "Whoever runs the server": the server must not choose its seed after seeing the
phones' values. Three records say which commitment a deal was cut off with, written at
different moments: the append-only `DealCommitment` row (at the cut-off), the commitment each
phone's value named when it came (`answered`, published at the deal), and the commitment the
deal itself published. A seed swapped in the snapshot after some values came makes them differ,
and the verify page shows it to everyone. (Someone who rewrites every one of these rows can hide
it from this page; not from the phones, which keep their own record: static/js/table/deck-record.js.)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tables.live import Applied
from tables.models import DealCommitment
from tables.models.live import Hand


def record_cut_off(applied: Applied) -> None:
    """Write the commitment of a deal cut off by this write: one waiting for the phones' values
    (`table.cut_off`), or one dealt at once in the same write (a deal with no value to wait for)."""
    waited = applied.before is not None and applied.before.shuffling is not None
    for event in applied.events:
        at_cut_off = event["type"] == "table.cut_off"
        dealt_at_once = event["type"] == "table.hand_started" and not waited
        if (at_cut_off or dealt_at_once) and event.get("commitment"):
            # A drawn seed never repeats; a seed named by a test may, and the first row stands.
            DealCommitment.objects.get_or_create(
                table_id=applied.table_id,
                commitment=event["commitment"],
                defaults={"hand_number": event["hand_number"]},
            )


def recorded_at_cut_off(rows: Iterable[Hand]) -> dict[tuple[int, int], str]:
    """The commitment recorded at each hand's last cut-off, by (table, hand number): a hand
    dealt again (a misdeal, a deal no value reached) keeps its last deal."""
    rows = list(rows)
    recorded = DealCommitment.objects.filter(table_id__in={row.table_id for row in rows}).order_by("pk")
    last: dict[tuple[int, int], str] = {}
    for table_id, number, commitment in recorded.values_list("table_id", "hand_number", "commitment"):
        last[(table_id, number)] = commitment
    return last


def commitment_checks(row: Hand, published: Mapping[str, Any], recorded: str | None) -> dict[str, Any]:
    """What the verify page says of a hand's commitment: whether the one its deal published is
    the one recorded at its cut-off (None for a hand dealt before cut-offs were recorded), and
    the seats whose value answered another commitment."""
    answered = published.get("answered") or {}
    return {
        "cut_off_commitment": recorded,
        "commitment_as_recorded": None if recorded is None else recorded == row.commitment,
        "answered_other": [
            {"seat": seat, "commitment": commitment}
            for seat, commitment in sorted(answered.items(), key=lambda item: int(item[0]))
            if commitment != row.commitment
        ],
    }
