"""A database made before tournament money was in the ledger keeps every cent of it.

docs/chips-and-money.md: "each entry, rebuy and add-on is an entry into the prize pool when it
happens (`tournament_entry`, `tournament_rebuy`, `tournament_add_on`); when the tournament ends,
its whole pool is paid out as `prize` entries (by the payout table)". Before migration 0014 that
money was counted from the tournaments' entries; the migration after it writes it into the
ledger, so the night's totals, its settle-up and the figures of a night closed before the
upgrade stay as they were. The expected figures below are worked out by hand from the house's payout rules.
"""

from __future__ import annotations

import datetime
import importlib
from decimal import Decimal
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse

from engine.config import Stakes
from engine.live import new_live_table
from engine.table import new_table
from engine.table_state import stakes_for_game
from engine.tournament import template
from tables.models import Night
from tables.models.ledger import AuditEntry, LedgerEntry
from tables.services.ledger import closing, night_totals, settle_up

BEFORE = [("tables", "0013_people_and_seasons")]
THE_NEW_LEDGER = [("tables", "0014_tournament_money_in_the_ledger_deals_and_redraws")]
BACKFILL = "0016_tournament_money_of_earlier_nights_in_the_ledger"
MOMENT = datetime.datetime(2026, 11, 27, 21, 0, tzinfo=datetime.UTC)


def _migrate(targets: list[tuple[str, str]]) -> Any:
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def _to_the_newest() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


class OldNights:
    """Nights as the version before 0014 stored them: tournaments with entries, no ledger rows."""

    def __init__(self, apps: Any) -> None:
        self.apps = apps
        self.host = apps.get_model("auth", "User").objects.create(username="host")
        self.players: dict[str, Any] = {}

    def model(self, name: str) -> Any:
        return self.apps.get_model("tables", name)

    def night(self, name: str, code: str, **fields: Any) -> Any:
        return self.model("Night").objects.create(
            name=name, date=datetime.date(2026, 11, 27), join_code=code, host=self.host, **fields
        )

    def player(self, night: Any, name: str) -> Any:
        self.players[name] = self.model("Player").objects.create(
            night=night, display_name=name, status="approved", session_token=f"token-{name}"
        )
        return self.players[name]

    def tournament(self, night: Any, name: str, **fields: Any) -> Any:
        return self.model("Tournament").objects.create(
            night=night, name=name, structure=template("home-2h").to_json(), **fields
        )

    def enter(self, tournament: Any, name: str, **fields: Any) -> Any:
        return self.model("TournamentEntry").objects.create(
            tournament=tournament, player=self.players[name], **fields
        )

    def cash(self, night: Any, name: str, kind: str, chips: int, table: Any = None) -> None:
        self.model("LedgerEntry").objects.create(
            night=night,
            player=self.players[name],
            kind=kind,
            chips=chips,
            money=chips * night.chip_value,
            table=table,
        )

    def audit(self, night: Any, what: str, payload: dict[str, Any]) -> None:
        self.model("AuditEntry").objects.create(night=night, who_label="host", what=what, payload=payload)


def _build_old_nights(apps: Any) -> dict[str, Any]:
    old = OldNights(apps)
    # Friday: cash and a finished tournament; closed, then reopened before the upgrade.
    friday = old.night("Friday", "FRIDAY", chip_value=Decimal("0.10"))
    for name in ("Ann", "Bob", "Cy", "Dan", "Eve"):
        old.player(friday, name)
    table = old.model("Table").objects.create(night=friday, name="Cash", max_seats=9)
    stakes = Stakes(**stakes_for_game("nlhe", small_blind=1, big_blind=2))
    old.model("TableSnapshot").objects.create(
        table=table, state=new_live_table(new_table(max_seats=9, game="nlhe", stakes=stakes)).to_json()
    )
    old.cash(friday, "Dan", "buy_in", 100)
    old.cash(friday, "Eve", "buy_in", 100)
    old.cash(friday, "Dan", "cash_out", 150, table)  # Dan won 5.00 EUR from Eve at the cash table
    old.cash(friday, "Eve", "cash_out", 50, table)
    main = old.tournament(
        friday,
        "Main",
        buy_in=20,
        rebuy_price=15,
        add_on_price=13,
        payout_table=[50, 30, 20],
        status="finished",
    )
    ended = MOMENT + datetime.timedelta(hours=3)
    old.enter(main, "Ann", rebuys=1, add_ons=1, place=1, finished_at=ended)
    old.enter(main, "Bob", add_ons=1, place=2, finished_at=ended)
    # Dan and Cy (entered in that order) bust in one hand with equal stacks: they share 3rd-4th.
    out = MOMENT + datetime.timedelta(hours=2)
    old.enter(main, "Dan", rebuys=1, place=3, shared_by=2, finished_at=out)
    old.enter(main, "Cy", place=3, shared_by=2, finished_at=out)
    rebought = MOMENT + datetime.timedelta(minutes=40)
    old.model("TournamentLog").objects.create(tournament=main, action="rebuy", detail="Ann (1)", at=rebought)
    # What the older version wrote at close: each player's name, in, out, net (the figures below).
    at_close = [["Ann", "48", "69", "21"], ["Bob", "33", "40", "7"], ["Cy", "20", "13", "-7"]]
    at_close += [["Dan", "45", "29", "-16"], ["Eve", "10", "5", "-5"]]
    old.audit(
        friday,
        "Closed the night",
        {"night": "closed", "money_in": "156", "money_out": "156", "players": at_close},
    )
    old.audit(friday, "Reopened the night", {"night": "reopened"})

    # Saturday: a tournament still running, and one set up with nobody entered yet.
    saturday = old.night("Saturday", "SATDAY")
    for name in ("Fay", "Gus", "Hal"):
        old.player(saturday, name)
    turbo = old.tournament(saturday, "Turbo", buy_in=10, rebuy_price=5, payout_table=[100], status="running")
    old.enter(turbo, "Fay", rebuys=1)
    old.enter(turbo, "Gus")
    old.tournament(saturday, "Later", buy_in=50, payout_table=[100])

    # Sunday: cash only.
    sunday = old.night("Sunday", "SUNDAY")
    old.player(sunday, "Ivy")
    old.cash(sunday, "Ivy", "buy_in", 40)
    return {
        "friday": friday.pk,
        "saturday": saturday.pk,
        "sunday": sunday.pk,
        "rebought": rebought,
        "ended": ended,
    }


def _tournament_rows(night_id: int) -> list[tuple[str, str, Decimal]]:
    rows = LedgerEntry.objects.filter(night_id=night_id, tournament__isnull=False).select_related("player")
    return sorted((row.player.display_name, row.kind, row.money) for row in rows)


@pytest.mark.slow  # migrates the whole schema back and forth: `make test` and CI run it
@pytest.mark.django_db(transaction=True)
def test_tournaments_of_earlier_nights_keep_their_money_in_the_totals_and_settle_up(client: Client) -> None:
    made = _build_old_nights(_migrate(BEFORE))
    # Registered once the new version ran (0014), before this back-fill: its ledger entry is
    # already there and must not be written twice.
    new = _migrate(THE_NEW_LEDGER)
    hal = new.get_model("tables", "Player").objects.get(display_name="Hal")
    fresh = new.get_model("tables", "Tournament").objects.create(
        night_id=made["saturday"], name="Fresh", buy_in=10, structure=template("turbo").to_json()
    )
    new.get_model("tables", "TournamentEntry").objects.create(tournament=fresh, player=hal)
    new.get_model("tables", "LedgerEntry").objects.create(
        night_id=made["saturday"], player=hal, kind="tournament_entry", chips=0, money=10, tournament=fresh
    )
    _to_the_newest()

    friday = Night.objects.get(pk=made["friday"])
    saturday = Night.objects.get(pk=made["saturday"])
    # Pool 4 x 20 + 2 x 15 + 2 x 13 = 136: 50/30/20% is 68, 40.8, 27.2, rounded down 68, 40, 27 and
    # the spare 1 to 1st. Dan and Cy share 3rd-4th: 27 (4th pays nothing), 13 each and the odd
    # one to Dan, who entered first ("in the order they are listed").
    assert _tournament_rows(friday.pk) == sorted(
        [
            ("Ann", "tournament_entry", Decimal(20)),
            ("Bob", "tournament_entry", Decimal(20)),
            ("Cy", "tournament_entry", Decimal(20)),
            ("Dan", "tournament_entry", Decimal(20)),
            ("Ann", "tournament_rebuy", Decimal(15)),
            ("Dan", "tournament_rebuy", Decimal(15)),
            ("Ann", "tournament_add_on", Decimal(13)),
            ("Bob", "tournament_add_on", Decimal(13)),
            ("Ann", "prize", Decimal(69)),
            ("Bob", "prize", Decimal(40)),
            ("Cy", "prize", Decimal(13)),
            ("Dan", "prize", Decimal(14)),
        ]
    )
    # Net = prize - paid (+ cash): Ann 69 - 48, Bob 40 - 33, Cy 13 - 20, Dan 14 - 35 + 5, Eve -5.
    expected = {"Ann": 21, "Bob": 7, "Cy": -7, "Dan": -16, "Eve": -5}
    assert settle_up.balances_by_player(friday) == {name: Decimal(net) for name, net in expected.items()}
    assert settle_up.settle(friday).balances == {name: net * 100 for name, net in expected.items()}
    totals = night_totals.totals(friday)
    assert (totals.money_in, totals.money_out, totals.balanced) == (Decimal(156), Decimal(156), True)
    assert (totals.tournament_paid_in, totals.tournament_paid_out) == (Decimal(136), Decimal(136))
    # The figures at close stand: nobody's net changed, and nothing reads as written after reopening.
    first = closing.first_close(friday)
    assert first is not None and not any(player.changed for player in first.players)
    written = LedgerEntry.objects.filter(night=friday, tournament__isnull=False)
    assert all(row.recorded_at < first.reopened_after for row in written)
    assert all("by the upgrade" in row.reason and row.recorded_by is None for row in written)
    assert written.get(player__display_name="Ann", kind="tournament_rebuy").recorded_at == made["rebought"]
    assert {row.recorded_at for row in written.filter(kind="prize")} == {made["ended"]}
    # The ledger page says who wrote them, and no player asked for them.
    client.force_login(friday.host)
    page = client.get(reverse("ledger", args=[friday.pk])).content.decode()
    assert page.count("(written into the ledger by the upgrade)") == 12
    assert page.count("by the player") == 4  # the cash entries only

    # Saturday: Turbo's pool (10 + 10 + 5) is held while it runs; Fresh keeps its one entry.
    assert _tournament_rows(saturday.pk) == sorted(
        [
            ("Fay", "tournament_entry", Decimal(10)),
            ("Gus", "tournament_entry", Decimal(10)),
            ("Fay", "tournament_rebuy", Decimal(5)),
            ("Hal", "tournament_entry", Decimal(10)),
        ]
    )
    totals = night_totals.totals(saturday)
    assert (totals.money_in, totals.tournament_pools_held, totals.difference) == (Decimal(35), Decimal(35), 0)
    assert totals.tournaments_running == ("Fresh", "Turbo")
    assert settle_up.balances_by_player(saturday) == {}

    # One line in each touched night's open log, saying the upgrade wrote them; none elsewhere.
    lines = AuditEntry.objects.filter(payload__upgrade="tournament_money_written_by_the_upgrade")
    assert sorted(line.night_id for line in lines) == sorted([friday.pk, saturday.pk])
    assert all(line.who_label == "the upgrade" for line in lines)
    assert "Main" in lines.get(night=friday).what and "136 EUR paid out" in lines.get(night=friday).what
    assert "Turbo" in lines.get(night=saturday).what and "Fresh" not in lines.get(night=saturday).what
    assert not AuditEntry.objects.filter(night_id=made["sunday"]).exists()

    # Run again, it writes nothing: every tournament has its entries now.
    backfill = importlib.import_module(f"tables.migrations.{BACKFILL}")
    at_backfill = MigrationExecutor(connection).loader.project_state(("tables", BACKFILL)).apps
    count, audit_count = LedgerEntry.objects.count(), AuditEntry.objects.count()
    backfill.write_tournament_money_into_the_ledger(at_backfill, None)
    assert (LedgerEntry.objects.count(), AuditEntry.objects.count()) == (count, audit_count)


@pytest.mark.slow  # migrates the whole schema back and forth: `make test` and CI run it
@pytest.mark.django_db(transaction=True)
def test_going_back_takes_the_tournament_money_out_and_coming_forward_writes_it_again() -> None:
    made = _build_old_nights(_migrate(BEFORE))
    _to_the_newest()
    friday = Night.objects.get(pk=made["friday"])
    before = settle_up.balances_by_player(friday)

    _migrate(THE_NEW_LEDGER)
    assert not LedgerEntry.objects.filter(tournament__isnull=False).exists()
    assert LedgerEntry.objects.count() == 5  # the cash entries stay
    taken_out = AuditEntry.objects.filter(payload__upgrade="tournament_money_taken_out_by_the_downgrade")
    assert sorted(line.night_id for line in taken_out) == sorted([made["friday"], made["saturday"]])

    _to_the_newest()
    assert settle_up.balances_by_player(friday) == before
    assert LedgerEntry.objects.filter(night=friday, tournament__isnull=False).count() == 12
