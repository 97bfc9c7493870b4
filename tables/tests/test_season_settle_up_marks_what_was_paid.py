"""Settling a season for real: transfers and cash with the bank marked paid, what is still owed.

The issue: "Settling up for real: mark a transfer or a cash payment to the bank as paid, see what
is still owed, across nights of a season." A payment never changes anybody's net; what is still
owed always adds up to 0.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tables.errors import ActionRefused
from tables.models import SeasonAuditEntry, SeasonPayment
from tables.services.seasons import season_payments, seasons
from tables.services.seating import person_links
from tables.tests.season_fixtures import (  # noqa: F401  (fixtures)
    host_fixture,
    nights_fixture,
    nights_made_once_fixture,
)
from tables.tests.season_helpers import TwoNights
from tables.tests.test_table_page import phone_of

pytestmark = pytest.mark.django_db


def _owed(nights: TwoNights) -> season_payments.StillOwed:
    owed = season_payments.still_owed(seasons.season_table(nights.season))
    assert sum(owed.remaining.values()) == 0, owed.remaining
    return owed


def _state() -> tuple[int, int]:
    return SeasonPayment.objects.filter(undone_at__isnull=True).count(), SeasonAuditEntry.objects.count()


def test_nothing_paid_yet_owes_the_seasons_settle_up(nights: TwoNights) -> None:
    owed = _owed(nights)
    settlement = seasons.season_settlement(seasons.season_table(nights.season))
    assert [(owed.names[t.payer], owed.names[t.payee], t.amount) for t in owed.transfers] == [
        (t.payer, t.payee, t.amount) for t in settlement.transfers
    ]
    assert owed.transfers and not owed.paid


def test_a_transfer_marked_paid_is_owed_no_more_and_no_net_changes(nights: TwoNights, host: User) -> None:
    before = _owed(nights)
    first = before.transfers[0]
    season_payments.mark_transfer_paid(nights.season, first.payer, first.payee, first.amount, host)
    after = _owed(nights)
    assert first not in after.transfers
    assert after.nets == before.nets
    assert (
        after.remaining[first.payer] == 0
        or after.remaining[first.payer] == before.remaining[first.payer] + first.amount
    )
    assert [p.amount for p in after.paid] == [before.words(first.amount)]


def test_marked_unpaid_the_transfer_is_owed_again(nights: TwoNights, host: User) -> None:
    before = _owed(nights)
    first = before.transfers[0]
    payment = season_payments.mark_transfer_paid(nights.season, first.payer, first.payee, first.amount, host)
    season_payments.mark_unpaid(nights.season, payment.pk, host, "the transfer bounced")
    after = _owed(nights)
    assert after.transfers == before.transfers and after.remaining == before.remaining and not after.paid
    with pytest.raises(ActionRefused, match="already marked unpaid"):
        season_payments.mark_unpaid(nights.season, payment.pk, host)


def test_a_transfer_marked_twice_is_refused_and_changes_nothing(nights: TwoNights, host: User) -> None:
    first = _owed(nights).transfers[0]
    season_payments.mark_transfer_paid(nights.season, first.payer, first.payee, first.amount, host)
    before = _state()
    with pytest.raises(ActionRefused, match="not owed any more"):
        season_payments.mark_transfer_paid(nights.season, first.payer, first.payee, first.amount, host)
    assert _state() == before


def test_cash_paid_to_the_bank_leaves_the_bank_owing_the_winners(nights: TwoNights, host: User) -> None:
    owed = _owed(nights)
    loser = min(owed.remaining, key=lambda key: owed.remaining[key])
    debt = -owed.remaining[loser]
    season_payments.cash_with_the_bank(nights.season, loser, owed.words(debt).split()[0], host)
    after = _owed(nights)
    assert after.remaining[loser] == 0
    assert after.remaining[season_payments.BANK] == -debt
    assert sum(t.amount for t in after.transfers if t.payer == season_payments.BANK) == debt
    assert after.paid[0].payee == "the bank" and after.nets == owed.nets


def test_the_bank_pays_a_winner_in_cash(nights: TwoNights, host: User) -> None:
    owed = _owed(nights)
    winner = max(owed.remaining, key=lambda key: owed.remaining[key])
    season_payments.cash_with_the_bank(nights.season, winner, "0.10", host)
    after = _owed(nights)
    assert after.remaining[winner] == owed.remaining[winner] - 10
    assert after.remaining[season_payments.BANK] == 10  # the losers now owe the bank what it paid


@pytest.mark.parametrize(
    ("amount", "words"),
    [
        ("lots", "Type an amount"),
        ("-1", "above 0"),
        ("0.001", "is not an amount in EUR"),
        ("99999", "not 99999.00"),
    ],
)
def test_cash_with_the_bank_that_cannot_be_right_is_refused(
    nights: TwoNights, host: User, amount: str, words: str
) -> None:
    owed = _owed(nights)
    loser = min(owed.remaining, key=lambda key: owed.remaining[key])
    before = _state()
    with pytest.raises(ActionRefused, match=words):
        season_payments.cash_with_the_bank(nights.season, loser, amount, host)
    assert _state() == before


def test_each_payment_and_unpayment_is_one_line_in_the_seasons_log(nights: TwoNights, host: User) -> None:
    owed = _owed(nights)
    first = owed.transfers[0]
    lines = SeasonAuditEntry.objects.filter(season=nights.season).count()
    payment = season_payments.mark_transfer_paid(
        nights.season, first.payer, first.payee, first.amount, host, "cash"
    )
    paid = f"{owed.names[first.payer]} paid {owed.names[first.payee]} {owed.words(first.amount)}"
    line = SeasonAuditEntry.objects.filter(season=nights.season).latest("id")
    assert (line.what, line.why, line.who) == (f"Paid: {paid}", "cash", host)
    season_payments.mark_unpaid(nights.season, payment.pk, host)
    line = SeasonAuditEntry.objects.filter(season=nights.season).latest("id")
    assert line.what == f"Not paid after all: {paid}; owed again"
    assert SeasonAuditEntry.objects.filter(season=nights.season).count() == lines + 2


def test_only_the_seasons_host_marks_payments(nights: TwoNights) -> None:
    first = _owed(nights).transfers[0]
    someone = User.objects.create_user("another-host", password="x")
    with pytest.raises(ActionRefused, match="Only the season's host"):
        season_payments.mark_transfer_paid(nights.season, first.payer, first.payee, first.amount, someone)
    assert not SeasonPayment.objects.exists()


def test_a_payment_follows_its_person_through_a_link_and_its_undo(nights: TwoNights, host: User) -> None:
    """Bo of the 27th paid before the host saw he is Bo of the 13th: the payment is Bo's."""
    table = seasons.season_table(nights.season)
    key = {name: key for key, name in table.names.items()}
    owed = _owed(nights)
    bo27, bo13 = key["Bo (27 Nov)"], key["Bo (13 Nov)"]
    who = bo27 if owed.remaining[bo27] else bo13  # whichever Bo has money to settle
    assert owed.remaining[who]
    season_payments.cash_with_the_bank(nights.season, who, "0.10", host)
    paid = _owed(nights)
    link = person_links.link_people(nights.season, bo27, bo13, host)
    linked = _owed(nights)
    bo = next(k for k, name in linked.names.items() if name == "Bo")
    assert linked.remaining[bo] == paid.remaining[bo27] + paid.remaining[bo13]
    assert [p.payer for p in linked.paid] in (["Bo"], ["The bank"])
    assert linked.remaining[season_payments.BANK] == paid.remaining[season_payments.BANK]
    person_links.undo_link(nights.season, link.pk, host)
    assert _owed(nights).remaining == paid.remaining


def test_the_host_marks_paid_and_unpaid_from_the_season_page(nights: TwoNights, host: User) -> None:
    client = Client()
    client.force_login(host)
    first = _owed(nights).transfers[0]
    response = client.post(
        reverse("season_mark_paid", args=[nights.season.pk]),
        {"payer": first.payer, "payee": first.payee, "amount": str(first.amount)},
        follow=True,
    )
    text = response.content.decode()
    assert "Paid: " in text and 'id="season-paid"' in text and "Not paid" in text
    payment = SeasonPayment.objects.get()
    response = client.post(reverse("season_mark_unpaid", args=[nights.season.pk, payment.pk]), follow=True)
    assert "Not paid after all" in response.content.decode()
    response = client.post(
        reverse("season_mark_paid", args=[nights.season.pk]),
        {"payer": first.payer, "payee": first.payee, "amount": "nonsense"},
        follow=True,
    )
    assert "not owed any more" in response.content.decode()


def test_a_guest_reads_what_is_still_owed_but_marks_nothing(nights: TwoNights) -> None:
    phone = phone_of(nights.players["Di2"])
    text = phone.get(reverse("season_page", args=[nights.season.pk])).content.decode()
    assert 'id="season-transfers"' in text and "season_mark_paid" not in text and 'name="payer"' not in text


def test_a_payment_of_a_night_taken_out_since_still_counts_and_is_named(
    nights: TwoNights, host: User
) -> None:
    """Di, who played only the second night, paid; then the host takes that night out of the
    season: what she paid is still owed back to her, by her name, and everything adds up to 0."""
    owed = _owed(nights)
    di = next(key for key, name in owed.names.items() if name == "Di")
    assert owed.remaining[di], "Di has something to settle"
    season_payments.cash_with_the_bank(nights.season, di, "0.10", host)
    seasons.set_nights(nights.season, [nights.first.pk], host, "the second night was a friendly")
    after = _owed(nights)
    assert di not in after.nets and after.names[di] == "Di"
    assert after.remaining[di] == (10 if owed.remaining[di] < 0 else -10)


def test_the_nights_settle_up_leads_to_its_seasons(nights: TwoNights, host: User) -> None:
    client = Client()
    client.force_login(host)
    text = client.get(reverse("ledger", args=[nights.second.pk])).content.decode()
    assert f'href="/seasons/{nights.season.pk}/#season-settle-up"' in text
    assert "see what is still owed over the season Autumn" in text
