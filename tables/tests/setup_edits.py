"""What the tests of editing a tournament's set-up share: an edit that changes only what it is
told, and everything a refused edit must leave as it was."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tables.errors import ActionRefused
from tables.live import load_state
from tables.live import tournament as live_tournament
from tables.models import Seat, Table
from tables.models.ledger import AuditEntry, LedgerEntry
from tables.models.tournaments import Tournament
from tables.services.tournament import tournament_money, tournament_setup, tournaments


def edit_setup(
    tournament_id: int,
    host: User | None,
    *,
    starting_stack: int | None = None,
    rebuy_stack: int | None = None,
    add_on_stack: int | None = None,
    now: datetime.datetime | None = None,
    **changes: Any,
) -> Tournament:
    """The host saves the set-up as it is, with `changes` (name, buy_in, prices, ...) and the
    stacks given."""
    tournament = Tournament.objects.get(pk=tournament_id)
    structure = tournament.get_structure()
    if starting_stack is not None:
        structure = replace(structure, starting_stack=starting_stack)
    rules = tournament.get_rebuy_rules()
    if rebuy_stack is not None:
        rules = replace(rules, rebuy_stack=rebuy_stack)
    if add_on_stack is not None:
        rules = replace(rules, add_on_stack=add_on_stack)
    values: dict[str, Any] = {
        "name": tournament.name,
        "buy_in": tournament.buy_in,
        "rebuy_price": tournament.rebuy_price,
        "add_on_price": tournament.add_on_price,
        "structure": structure,
        "rules": rules,
        "payouts": tournament.get_payouts(),
    }
    return tournament_setup.update_tournament(tournament_id, host, now=now, **{**values, **changes})


@dataclass(frozen=True)
class TournamentFigures:
    """Everything a refused set-up edit must leave as it was."""

    setup: tuple[Any, ...]
    ledger: tuple[Any, ...]
    log_lines: int
    tournament_log: int
    stacks: tuple[Any, ...]
    chips_in_play: int


def figures(tournament: Tournament, tables: list[Table]) -> TournamentFigures:
    row = Tournament.objects.get(pk=tournament.pk)
    return TournamentFigures(
        setup=(
            row.name,
            row.buy_in,
            row.rebuy_price,
            row.add_on_price,
            row.starting_stack,
            row.structure,
            row.rebuy_rules,
            row.payout_table,
            row.version,
        ),
        ledger=tuple(LedgerEntry.objects.order_by("pk").values_list("pk", "kind", "money", "corrects_id")),
        log_lines=AuditEntry.objects.count(),
        tournament_log=row.log.count(),
        stacks=tuple(
            (t.pk, tuple((s.player, s.stack) for s in load_state(t.pk).table.seats)) for t in tables
        ),
        chips_in_play=tournaments.field(row).chips_in_play,
    )


def refused_edit(tournament: Tournament, host: User, tables: list[Table], *, locked: str, **edit: Any) -> str:
    """The host saves the set-up with `edit` (as `edit_setup` takes it): refused with `locked`,
    it says nothing was saved and leaves every figure as it was. The refusal's words."""
    before = figures(tournament, tables)
    with pytest.raises(ActionRefused, match=locked) as refused:
        edit_setup(tournament.pk, host, **edit)
    assert "Nothing was saved" in str(refused.value)
    assert figures(tournament, tables) == before
    return str(refused.value)


def check_the_set_up_page_refuses(
    client: Client,
    tournament: Tournament,
    tables: list[Table],
    data: dict[str, Any],
    *,
    stays: int,
    locked: str,
) -> None:
    """The set-up page says the stack handed out stays `stays`; the form posted with `data` is
    refused with `locked` and leaves every figure as it was."""
    url = reverse("tournament_edit", args=[tournament.pk])
    assert f"Handed out: it stays {stays}." in client.get(url).content.decode()
    before = figures(tournament, tables)
    response = client.post(url, data)
    assert response.status_code == 400
    assert locked in response.content.decode()
    assert figures(tournament, tables) == before


def chips_held(tournament: Tournament, tables: list[Table]) -> int:
    """The chips somebody holds: the tournament's stacks at the tables, and what each entrant
    still in who has not sat down yet will sit down with."""
    row = Tournament.objects.get(pk=tournament.pk)
    at_tables = sum(seat.stack for table in tables for seat in load_state(table.pk).table.seats)
    seated = set(Seat.objects.values_list("player_id", flat=True))
    to_sit_down = sum(
        live_tournament.chips_before_sitting(entry)
        for entry in row.entries.select_related("tournament").filter(place__isnull=True)
        if entry.player_id not in seated
    )
    return at_tables + to_sit_down


def chips_in_play(tournament: Tournament) -> int:
    """As the tournament page and the clock say."""
    return tournaments.field(Tournament.objects.get(pk=tournament.pk)).chips_in_play


def pool_in_ledger(tournament: Tournament) -> Decimal:
    return tournament_money.pool_in_ledger(Tournament.objects.get(pk=tournament.pk))
