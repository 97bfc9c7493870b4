"""Settling up: who pays whom, with the fewest transfers, in the night's currency."""

from __future__ import annotations

import doctest
import itertools
import random
from collections.abc import Callable
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples
from tables.errors import ActionRefused
from tables.models import Night, Player, Table
from tables.services.ledger import ledger, settle_up
from tables.services.ledger.settle_up import Transfer, fewest_transfers, format_minor, settle, to_minor
from tables.tests.ledger_helpers import money_only_correction, play_hand, stacks
from tables.tests.live_helpers import seat_players


def _settles(balances: dict[str, int], transfers: list[Transfer]) -> bool:
    left = dict(balances)
    for t in transfers:
        assert t.amount > 0
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    return all(amount == 0 for amount in left.values())


def _minimum_by_brute_force(balances: dict[str, int]) -> int:
    """Players with a balance minus the most zero-sum groups they split into."""
    names = [name for name, amount in balances.items() if amount]

    def groups(rest: list[str]) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        top = 0
        for size in range(len(others) + 1):
            for chosen in itertools.combinations(others, size):
                if balances[first] + sum(balances[n] for n in chosen) == 0:
                    remaining = [n for n in others if n not in chosen]
                    top = max(top, 1 + groups(remaining))
        return top

    return len(names) - groups(names)


def test_one_winner_is_paid_by_each_loser() -> None:
    transfers = fewest_transfers({"ann": 500, "bob": -300, "cy": -200})
    assert transfers == [Transfer("bob", "ann", 300), Transfer("cy", "ann", 200)]


def test_pairs_that_cancel_are_settled_within_the_pair() -> None:
    """Greedy would pay 50 from bob to ann first and need 4 transfers; the fewest is 3."""
    balances = {"ann": 60, "bob": -50, "cy": 40, "dee": -40, "eve": -10}
    transfers = fewest_transfers(balances)
    assert _settles(balances, transfers)
    assert len(transfers) == 3
    assert Transfer("dee", "cy", 40) in transfers


def test_balances_that_do_not_add_up_are_refused() -> None:
    with pytest.raises(ValueError):
        fewest_transfers({"ann": 10, "bob": -5})


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(st.integers(min_value=-40, max_value=40), min_size=1, max_size=7))
def test_transfers_settle_every_balance_with_the_fewest_transfers(amounts: list[int]) -> None:
    balances = {f"p{i}": amount for i, amount in enumerate(amounts)}
    balances["last"] = -sum(amounts)
    transfers = fewest_transfers(balances)
    assert _settles(balances, transfers)
    assert len(transfers) == _minimum_by_brute_force(balances)


def test_the_docstring_examples_hold() -> None:
    failures, attempted = doctest.testmod(settle_up)
    assert attempted > 0 and failures == 0


def test_minor_units_are_exact() -> None:
    assert to_minor(Decimal("12.345"), "EUR") == 1234  # half to even
    assert to_minor(Decimal("0.10") * 3, "EUR") == 30
    assert format_minor(-1250, "EUR") == "-12.50 EUR"
    assert format_minor(500, "JPY") == "500 JPY"


@pytest.mark.django_db
def test_a_night_settles_what_each_player_took_away_minus_what_they_put_in(
    night: Night, table: Table, host: User
) -> None:
    players = seat_players(table, ["Ann", "Bob", "Cy"])
    for player in players:
        ledger.record_chips_in(player, "buy_in", 200, host)  # 20.00 EUR at 0.10 a chip
    ledger.record_chips_in(players[1], "rebuy", 100, host)
    rnd = random.Random(7)
    while sorted(stacks(table.pk).values()) == [200, 200, 300]:
        play_hand(table.pk, rnd)
    for player in players:
        ledger.cash_out(player, host)
    result = settle(night)
    net = {
        p.display_name: sum(
            (e.money if e.kind == "cash_out" else -e.money for e in p.ledger_entries.all()), Decimal(0)
        )
        for p in players
    }
    assert result.currency == "EUR"
    assert result.balances == {name: to_minor(amount, "EUR") for name, amount in net.items()}
    assert any(result.balances.values())
    assert _settles(result.balances, result.transfers)
    assert len(result.transfers) <= 2


@pytest.mark.django_db
def test_chips_still_on_a_table_count_at_chip_value(night: Night, table: Table, host: User) -> None:
    ann, bob = seat_players(table, ["Ann", "Bob"])
    ledger.record_chips_in(ann, "buy_in", 100, host)
    ledger.record_chips_in(bob, "buy_in", 300, host)
    ledger.cash_out(ann, host)
    result = settle(night)
    assert result.balances == {"Ann": 0, "Bob": 0}
    assert result.transfers == []


@pytest.mark.django_db
def test_an_unbalanced_night_is_not_settled(
    night: Night, host: User, make_player: Callable[..., Player]
) -> None:
    ann = make_player("Ann")
    ledger.record_chips_in(ann, "buy_in", 200, host)
    cash_out = ledger.cash_out(ann, host)
    money_only_correction(cash_out, 50)  # paid out 50 chips too many, before the upgrade
    with pytest.raises(ActionRefused, match="does not balance"):
        settle(night)
