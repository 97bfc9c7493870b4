"""Settle-up people can pay from: each player's payment handle, a tap-to-pay link or QR code for
who pays them, and a paid mark on the phones of the two people concerned.

Issue 39, item 4: "Each player may keep a payment handle (PayPal.me, Revolut, Venmo, Lydia, a
bank transfer reference: plain text or a link the phone opens); the settle-up shows each
transfer with a tap-to-pay link or QR and its paid mark, on the phones of the two people
concerned." Only https links or plain text are kept, and a handle is always escaped.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables.errors import ActionRefused
from tables.models import AuditEntry, Player, Table, TransferPaid
from tables.models.ledger import EntryKind
from tables.services.hosting import host_rulings
from tables.services.ledger import closing, ledger, payment_handles
from tables.tests.live_helpers import player_cookie, seat_players

pytestmark = pytest.mark.django_db


def _phone(player: Player) -> Client:
    client = Client()
    client.cookies["sessionid"] = player_cookie(player).split("=", 1)[1]
    return client


@pytest.fixture
def settled(table: Table, host: User) -> tuple[Player, Player, Player]:
    """Ann won 100 chips (10.00 EUR) from Bob; Cy came out even; the night is closed."""
    ann, bob, cy = seat_players(table, ["Ann", "Bob", "Cy"])
    for player in (ann, bob, cy):
        ledger.record_chips_in(player, EntryKind.BUY_IN, 200, host)
    values = {"seat": "1", "stack": "300", "how": "transfer", "other_seat": "2"}
    shown = host_rulings.preview(table, host, "adjust_stack", values)
    host_rulings.apply_ruling(table, host, "adjust_stack", values, "pot to the wrong seat", shown.version)
    closing.close_night(table.night, host)
    return ann, bob, cy


@pytest.mark.parametrize(
    "handle",
    [
        "https://paypal.me/ann",
        "https://revolut.me/ann?amount=10",
        "IBAN DE89 3704 0044 0532 0130 00",
        "IBAN: DE89 3704 0044 0532 0130 00",
        "Lydia 06 12 34 56 78",
        "",
    ],
)
def test_an_https_link_or_plain_text_is_a_payment_handle(handle: str) -> None:
    assert payment_handles.clean_handle(f"  {handle} ") == handle


@pytest.mark.parametrize(
    "handle",
    [
        "http://paypal.me/ann",
        "javascript:alert(1)",
        "JavaScript:alert(1)",
        "data:text/html,<script>alert(1)</script>",
        "ftp://files.example/ann",
        "https://",
        'https://paypal.me/ann"onmouseover="alert(1)',
        "x" * 201,
    ],
)
def test_any_other_link_is_refused(handle: str) -> None:
    with pytest.raises(ActionRefused):
        payment_handles.clean_handle(handle)


def test_the_payer_sees_a_tap_to_pay_link_and_its_qr_code(settled: tuple[Player, Player, Player]) -> None:
    ann, bob, cy = settled
    response = _phone(ann).post(
        f"/nights/{ann.night_id}/settle-up/handle/", {"handle": "https://paypal.me/ann"}
    )
    assert response.status_code == 302
    page = _phone(bob).get(f"/nights/{ann.night_id}/recap/").content.decode()
    mine = page[page.index('id="settle-up-mine"') : page.index('id="recap-transfers"')]
    assert "You pay <strong>Ann</strong>" in mine and "10.00 EUR" in mine
    assert 'href="https://paypal.me/ann" target="_blank" rel="noopener noreferrer"' in mine
    assert "<svg" in mine and "QR code of https://paypal.me/ann" in mine
    # The payee sees the transfer coming, not a link to pay themself; Cy, not concerned, sees neither.
    ann_page = _phone(ann).get(f"/nights/{ann.night_id}/recap/").content.decode()
    assert "<strong>Bob</strong> pays you" in ann_page and 'href="https://paypal.me/ann"' not in ann_page
    cy_page = _phone(cy).get(f"/nights/{ann.night_id}/recap/").content.decode()
    assert "paypal.me/ann" not in cy_page and "You owe nobody, and nobody owes you." in cy_page


def test_a_plain_text_handle_is_shown_as_text_escaped(settled: tuple[Player, Player, Player]) -> None:
    ann, bob, _ = settled
    payment_handles.set_handle(ann, "IBAN <b>DE89</b> & co")
    page = _phone(bob).get(f"/nights/{ann.night_id}/recap/").content.decode()
    assert "Pay to: <strong>IBAN &lt;b&gt;DE89&lt;/b&gt; &amp; co</strong>" in page
    assert "<b>DE89</b>" not in page


def test_a_refused_handle_keeps_the_one_before(settled: tuple[Player, Player, Player]) -> None:
    ann, _, _ = settled
    payment_handles.set_handle(ann, "https://paypal.me/ann")
    response = _phone(ann).post(
        f"/nights/{ann.night_id}/settle-up/handle/", {"handle": "javascript:alert(1)"}, follow=True
    )
    assert "Only https:// links open from the settle-up" in response.content.decode()
    ann.refresh_from_db()
    assert ann.payment_handle == "https://paypal.me/ann"


def test_either_of_the_two_marks_it_paid_and_both_phones_show_it(
    settled: tuple[Player, Player, Player],
) -> None:
    ann, bob, cy = settled
    (transfer,) = payment_handles.my_transfers(ann.night, bob)
    assert not transfer.paid
    url = f"/nights/{ann.night_id}/settle-up/paid/"
    _phone(bob).post(url, {"transfer": transfer.key, "paid": "1"})
    for phone in (ann, bob):
        page = _phone(phone).get(f"/nights/{ann.night_id}/recap/").content.decode()
        assert '<span class="badge paid-badge">Paid</span>' in page
    line = AuditEntry.objects.get(payload__transfer_paid=transfer.key)
    assert (line.who_label, line.what) == ("Bob", "Settle-up: Bob pays Ann 10.00 EUR, marked paid")
    # Someone not concerned cannot mark it; the payee can take the mark back.
    with pytest.raises(ActionRefused, match="not one of yours"):
        payment_handles.mark_paid(ann.night, cy, transfer.key, False)
    assert not payment_handles.mark_paid(ann.night, ann, transfer.key, False).paid
    assert TransferPaid.objects.filter(undone_at__isnull=True).count() == 0
    assert TransferPaid.objects.count() == 1  # the mark taken back stays, undone


def test_a_phone_of_no_player_of_the_night_marks_nothing(settled: tuple[Player, Player, Player]) -> None:
    ann, bob, _ = settled
    (transfer,) = payment_handles.my_transfers(ann.night, bob)
    response = Client().post(
        f"/nights/{ann.night_id}/settle-up/paid/", {"transfer": transfer.key, "paid": "1"}
    )
    assert response.status_code == 302
    assert not TransferPaid.objects.exists()
