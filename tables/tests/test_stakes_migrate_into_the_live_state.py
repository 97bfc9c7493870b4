"""A database made before the stakes were stored once keeps every table's stakes.

Migration 0011 removes the game and stakes of `Table` (and `TableSettings`); before it does,
a table with no live state gets one dealing them, and a table a tournament plays at keeps
them as the cash game it goes back to when the tournament ends.
"""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from engine.config import Stakes
from engine.live import LiveTable
from engine.table_state import CashGame, GameMode

BEFORE = [("tables", "0010_tournament_level_undo")]
AFTER = [("tables", "0012_stakes_stored_once_in_the_live_state")]


@pytest.mark.slow  # migrates the whole schema back and forth: `make test` and CI run it
@pytest.mark.django_db(transaction=True)
def test_every_tables_stakes_reach_its_live_state() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    host = old.get_model("auth", "User").objects.create(username="host")
    night = old.get_model("tables", "Night").objects.create(
        name="Friday", date=datetime.date(2026, 11, 27), join_code="ABCDEF", host=host
    )
    Table = old.get_model("tables", "Table")
    fresh = Table.objects.create(
        night=night, name="Fresh", game="plo", max_seats=6, small_blind=5, big_blind=10
    )
    playing = Table.objects.create(
        night=night, name="Main", game="nlhe", max_seats=9, small_blind=2, big_blind=4
    )
    at_the_levels = {
        "max_seats": 9,
        "mode": "tournament",
        "game": "nlhe",
        "stakes": {"small_blind": 25, "big_blind": 50},
    }
    old.get_model("tables", "TableSnapshot").objects.create(
        table=playing, state={"table": at_the_levels}, version=7
    )

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    snapshots = new.get_model("tables", "TableSnapshot").objects
    opened = LiveTable.from_json(snapshots.get(table_id=fresh.pk).state)
    assert (opened.table.game, opened.table.stakes, opened.version) == ("plo", Stakes(5, 10), 0)
    kept = LiveTable.from_json(snapshots.get(table_id=playing.pk).state)
    assert kept.table.mode is GameMode.TOURNAMENT and kept.table.stakes == Stakes(25, 50)
    assert kept.table.own_game == CashGame("nlhe", Stakes(2, 4))

    # Back again, the columns hold them as before.
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    back = executor.loader.project_state(BEFORE).apps.get_model("tables", "Table").objects
    assert (back.get(pk=playing.pk).game, back.get(pk=playing.pk).big_blind) == ("nlhe", 4)
    assert (back.get(pk=fresh.pk).game, back.get(pk=fresh.pk).small_blind) == ("plo", 5)
    MigrationExecutor(connection).migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
