"""A refusal names the figures it is about as every page says them.

Money the host types for an entry is refused unless it buys whole chips; the refusal said the
amount and the chip's value as raw decimals ("one chip is 1E+1 JPY" for a chip of 10 yen), and
refused money of 0 or below as "not a whole number of chips" (-5 EUR is -50 chips, whole).
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

import pytest
from django.test import Client

from tables.errors import ActionRefused
from tables.models import Night
from tables.models.ledger import AuditEntry, LedgerEntry
from tables.services.ledger import ledger
from tables.services.seating import joining

pytestmark = pytest.mark.django_db


def _refusal(night: Night, money: str) -> str:
    with pytest.raises(ActionRefused) as refused:
        ledger.chips_for_money(night, Decimal(money))
    return str(refused.value)


def test_a_chip_of_ten_yen_is_said_ten_yen(make_night: Callable[..., Night]) -> None:
    night = make_night(currency="JPY", chip_value=Decimal("10"))
    assert _refusal(night, "15") == "15 JPY is not a whole number of chips (one chip is 10 JPY)."
    assert ledger.chips_for_money(night, Decimal("20")) == 2


def test_money_typed_as_a_power_of_ten_is_said_as_money(make_night: Callable[..., Night]) -> None:
    night = make_night(chip_value=Decimal("0.30"))
    assert _refusal(night, "1e1") == "10.00 EUR is not a whole number of chips (one chip is 0.30 EUR)."


def test_no_money_or_less_is_refused_as_such_not_as_part_chips(night: Night) -> None:
    for money in ("0", "-5"):
        said = _refusal(night, money)
        assert said == "Enter an amount of money above 0 EUR."
        assert "whole number" not in said


def test_the_ledger_page_shows_the_chip_value_as_money(
    make_night: Callable[..., Night], host_client: Client
) -> None:
    night = make_night(currency="JPY", chip_value=Decimal("10"))
    ann = joining.join_night(night, "Ann")
    url = f"/host/nights/{night.pk}/ledger/entries/"
    page = host_client.post(url, {"player": ann.pk, "kind": "buy_in", "money": "1005"}, follow=True)
    assert "1005 JPY is not a whole number of chips (one chip is 10 JPY)." in page.content.decode()
    assert not LedgerEntry.objects.exists()


def test_the_log_line_opening_a_night_says_its_chip_as_money(make_night: Callable[..., Night]) -> None:
    night = make_night(currency="JPY", chip_value=Decimal("10"))
    opened = AuditEntry.objects.filter(night=night, what__startswith="Opened ").get()
    assert "one chip is 10 JPY," in opened.what
