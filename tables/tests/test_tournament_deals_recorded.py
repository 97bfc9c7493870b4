"""A deal the players agree is recorded: it ends the tournament, its amounts are money out in the
night's ledger, it is shown in the results and logged; the calculator starts from the stacks the
tables know (issue 16, "agreed deals"; issue 20, "fill them in")."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from engine.tournament import DealMethod
from tables.errors import ActionRefused
from tables.live import apply_intent, load_state
from tables.models import AuditEntry, Night, Seat, Table
from tables.models.ledger import EntryKind
from tables.models.tournaments import Tournament, TournamentAction, TournamentDeal
from tables.services.ledger import closing, ledger, night_totals, settle_up
from tables.services.seating import seating
from tables.services.tournament import tournament_clock, tournament_deals, tournament_results, tournaments
from tables.tests.tournament_helpers import make_tournament

pytestmark = pytest.mark.django_db

STACKS = (9000, 6000, 3000)


@pytest.fixture
def three_left(night: Night, host: User, make_table: Callable[..., Table]) -> tuple[Tournament, Table]:
    """Ann, Bea and Cal at the Kitchen with 9,000, 6,000 and 3,000 chips; Dan went out 4th.
    Pool 80 EUR: 40, 24 and 16 still to be paid."""
    table = make_table("Kitchen", max_seats=6)
    tournament, players = make_tournament(night, host, names=("Ann", "Bea", "Cal", "Dan"))
    for number, (player, stack) in enumerate(zip(players, STACKS, strict=False), 1):
        seating.move_player(player, table, number)
        apply_intent(table.pk, "host", {"type": "set_stack", "seat": number, "stack": stack})
    tournaments.record_busts(tournament.pk, host, [(tournament.entries.get(player=players[3]).pk, None)])
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.START)
    return tournament, table


def _entry(tournament: Tournament, name: str) -> int:
    return tournament.entries.get(player__display_name=name).pk


def test_the_calculator_fills_in_the_stacks_the_tables_know(
    three_left: tuple[Tournament, Table], host_client: Client
) -> None:
    """Issue 20: "The deal calculator makes the host retype stacks the app knows: fill them in"."""
    tournament, _ = three_left
    page = host_client.get(reverse("tournament_deal", args=[tournament.pk])).content.decode()
    for name, chips in zip(("Ann", "Bea", "Cal"), STACKS, strict=True):
        assert f'name="chips_{_entry(tournament, name)}" value="{chips}"' in page
    assert 'data-field="stacks-from-tables"' in page and 'data-deal="icm"' in page
    icm = tournament_deals.propose_deal(
        tournament,
        {_entry(tournament, n): c for n, c in zip(("Ann", "Bea", "Cal"), STACKS, strict=True)},
        DealMethod.ICM,
    ).as_dict()
    assert f'name="amount_{_entry(tournament, "Ann")}" value="{icm[str(_entry(tournament, "Ann"))]}"' in page


def test_a_recorded_deal_ends_the_tournament_and_pays_out_in_the_ledger(
    night: Night, host: User, three_left: tuple[Tournament, Table], host_client: Client
) -> None:
    tournament, table = three_left
    in_play = tournaments.field(tournament).chips_in_play
    amounts = {_entry(tournament, "Ann"): 36, _entry(tournament, "Bea"): 26, _entry(tournament, "Cal"): 18}
    response = host_client.post(
        reverse("tournament_deal_record", args=[tournament.pk]),
        {**{f"amount_{pk}": str(amount) for pk, amount in amounts.items()}, "why": "everyone agreed"},
    )
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    deal = TournamentDeal.objects.get(tournament=tournament)
    assert deal.method == "custom" and deal.pool == 80
    assert deal.stacks == {
        str(_entry(tournament, n)): c for n, c in zip(("Ann", "Bea", "Cal"), STACKS, strict=True)
    }
    # Placed by their chips when they agreed; Dan keeps his 4th place (not paid).
    rows = [
        (r.entry.player.display_name, r.label, r.prize, r.dealt)
        for r in tournament_results.results(tournament)
    ]
    assert rows == [
        ("Ann", "1st", 36, True),
        ("Bea", "2nd", 26, True),
        ("Cal", "3rd", 18, True),
        ("Dan", "4th", 0, False),
    ]
    # Their chips leave play with them: the tournament is over.
    assert load_state(table.pk).table.seats == () and not Seat.objects.filter(table=table).exists()
    assert tournaments.field(tournament).chips_in_play == in_play - sum(STACKS)
    paid = [
        (e.player.display_name, e.kind, e.money) for e in ledger.entries(night) if e.kind == EntryKind.DEAL
    ]
    assert paid == [("Ann", "deal", Decimal(36)), ("Bea", "deal", Decimal(26)), ("Cal", "deal", Decimal(18))]
    line = AuditEntry.objects.filter(night=night).last()
    assert line.what == (
        "Main event: Ends with a deal (Agreed amounts, 80 EUR): Ann 36 EUR, Bea 26 EUR, Cal 18 EUR"
    )
    assert line.why == "everyone agreed" and sorted(line.payload["ledger_entries"]) == sorted(
        e.pk for e in ledger.entries(night) if e.kind == EntryKind.DEAL
    )
    totals = night_totals.totals(night)
    assert totals.balanced and totals.tournament_paid_out == totals.tournament_paid_in == Decimal(80)
    assert settle_up.settle(night).balances == {"Ann": 1600, "Bea": 600, "Cal": -200, "Dan": -2000}
    page = host_client.get(reverse("tournament_detail", args=[tournament.pk])).content.decode()
    assert 'data-deal-recorded="custom"' in page and "9000 chips" in page
    closing.close_night(night, host)


def test_an_icm_deal_is_recorded_as_icm(
    night: Night, host: User, three_left: tuple[Tournament, Table]
) -> None:
    tournament, _ = three_left
    stacks = {_entry(tournament, n): c for n, c in zip(("Ann", "Bea", "Cal"), STACKS, strict=True)}
    icm = tournament_deals.propose_deal(tournament, stacks, DealMethod.ICM).as_dict()
    deal = tournament_deals.record_deal(tournament.pk, host, {int(k): v for k, v in icm.items()})
    assert deal.method == "icm" and sum(deal.amounts.values()) == 80


@pytest.mark.parametrize(
    ("amounts", "message"),
    [
        ((40, 24, 15), "add up to 79 EUR, but 80 EUR is still to be paid"),
        ((40, 24), "among every player still in"),
        ((50, 40, -10), "a whole amount, 0 or more"),
    ],
)
def test_a_deal_that_is_not_the_whole_of_what_is_left_is_refused_and_changes_nothing(
    night: Night, host: User, three_left: tuple[Tournament, Table], amounts: tuple[int, ...], message: str
) -> None:
    tournament, table = three_left
    before = (ledger.entries(night).count(), AuditEntry.objects.count(), load_state(table.pk).version)
    names = ("Ann", "Bea", "Cal")[: len(amounts)]
    with pytest.raises(ActionRefused, match=message):
        tournament_deals.record_deal(
            tournament.pk, host, {_entry(tournament, n): a for n, a in zip(names, amounts, strict=True)}
        )
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    assert (ledger.entries(night).count(), AuditEntry.objects.count(), load_state(table.pk).version) == before
    assert not TournamentDeal.objects.exists()


def test_a_deal_waits_for_the_hand_being_played(
    night: Night, host: User, three_left: tuple[Tournament, Table]
) -> None:
    tournament, table = three_left
    apply_intent(table.pk, "host", {"type": "start_hand"})
    amounts = {_entry(tournament, "Ann"): 40, _entry(tournament, "Bea"): 24, _entry(tournament, "Cal"): 16}
    with pytest.raises(
        ActionRefused, match="A hand is being played at Kitchen: record the deal when it ends"
    ):
        tournament_deals.record_deal(tournament.pk, host, amounts)
    assert not TournamentDeal.objects.exists()


def test_a_deal_is_not_undone_as_a_bust(
    night: Night, host: User, three_left: tuple[Tournament, Table]
) -> None:
    tournament, _ = three_left
    amounts = {_entry(tournament, "Ann"): 40, _entry(tournament, "Bea"): 24, _entry(tournament, "Cal"): 16}
    tournament_deals.record_deal(tournament.pk, host, amounts)
    with pytest.raises(ActionRefused, match="ended with a deal the players agreed"):
        tournaments.undo_last_bust(tournament.pk, host, "oops")
