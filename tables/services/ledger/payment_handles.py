"""Settling up from the phone: each player's payment handle, and the transfers marked paid.

A payment handle is how others pay a player: an https link the phone opens (PayPal.me, Revolut,
Venmo, Lydia) or plain text (a bank transfer reference, a phone number). Only an https link is
ever made a link or a QR code; anything else is shown as the text it is, escaped by the page.

Each player sees the transfers of the settle-up (`settle_up.settle`) they pay or receive: for
one they pay, the payee's handle (a tap-to-pay link and its QR code, or the text); for either,
its paid mark, which either of the two may set or take back. Each mark is a line in the open log.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.db import transaction
from django.utils import timezone

from tables.errors import ActionRefused
from tables.models import AuditEntry, Night, Player, TransferPaid
from tables.services.ledger import settle_up

MAX_HANDLE = 200
# A scheme at the start ("http:", "javascript:", "data:"): a link, and only https is one we open.
SCHEME = re.compile(r"^\s*([a-z][a-z0-9+.-]*):(//)?", re.IGNORECASE)
LINK_SCHEMES = {"http", "https", "javascript", "data", "vbscript", "file", "ftp", "mailto", "tel", "intent"}


def clean_handle(text: str) -> str:
    """The handle as it is kept, or ActionRefused saying why not: an https link with a host and
    no spaces, or plain text of one line (empty: no handle)."""
    handle = " ".join(str(text).split())
    if len(handle) > MAX_HANDLE:
        raise ActionRefused(f"A payment handle is at most {MAX_HANDLE} characters.")
    if any(ord(c) < 32 or ord(c) == 127 for c in str(text).strip("\n\r\t ")):
        raise ActionRefused("A payment handle is one line of text.")
    found = SCHEME.match(handle)
    if found is None:
        return handle  # plain text, e.g. "IBAN DE89 3704 0044 0532 0130 00"
    scheme = found.group(1).lower()
    if scheme == "https":
        parts = urlsplit(handle)
        if not parts.netloc or " " in handle or any(c in handle for c in "<>\"'`"):
            raise ActionRefused("That link is not a web address: write it as https://site/you.")
        return handle
    if scheme in LINK_SCHEMES or found.group(2):
        raise ActionRefused(
            "Only https:// links open from the settle-up: write the link with https://, or plain text "
            "(an account or phone number)."
        )
    return handle  # "IBAN: DE89 ...": text with a colon, not a link


def is_link(handle: str) -> bool:
    return handle.lower().startswith("https://")


def set_handle(player: Player, text: str) -> str:
    """Keep the player's payment handle (refused, keeping the old one, if it is not valid)."""
    handle = clean_handle(text)
    player.payment_handle = handle
    player.save(update_fields=["payment_handle"])
    return handle


@dataclass(frozen=True, slots=True)
class MyTransfer:
    """One transfer of the settle-up as one of its two people sees it."""

    key: str  # names the transfer in a form: payer, payee and amount
    payer: str
    payee: str
    amount: str  # "12.50 EUR"
    i_pay: bool
    handle: str  # the payee's handle, for the payer ("" otherwise, or when they have none)
    link: str  # the handle when it is an https link: the page makes it a button and a QR code
    paid: bool


def _player_ids(night: Night) -> dict[str, int | None]:
    """Payee name -> player id, the bank's name -> None."""
    ids: dict[str, int | None] = {name: pk for pk, name in settle_up.payee_names(night).items()}
    ids[settle_up.bank_name(night)] = None
    return ids


def _key(payer: int | None, payee: int | None, amount: int) -> str:
    return f"{payer or 'bank'}-{payee or 'bank'}-{amount}"


def _marks(night: Night) -> set[str]:
    rows = TransferPaid.objects.filter(night=night, undone_at__isnull=True)
    return {_key(row.payer_id, row.payee_id, row.amount) for row in rows}


def my_transfers(night: Night, player: Player | None) -> list[MyTransfer]:
    """The settle-up's transfers `player` pays or receives (none when the ledger does not
    balance, or for someone who is no player of the night)."""
    if player is None or player.night_id != night.pk:
        return []
    try:
        settlement = settle_up.settle(night)
    except ActionRefused:
        return []
    ids = _player_ids(night)
    marks = _marks(night)
    handles = dict(night.players.values_list("pk", "payment_handle"))
    mine = []
    for transfer in settlement.transfers:
        payer, payee = ids.get(transfer.payer), ids.get(transfer.payee)
        if player.pk not in (payer, payee):
            continue
        i_pay = payer == player.pk
        handle = handles.get(payee, "") if i_pay and payee is not None else ""
        link = handle if is_link(handle) else ""
        key = _key(payer, payee, transfer.amount)
        mine.append(
            MyTransfer(
                key=key,
                payer=transfer.payer,
                payee=transfer.payee,
                amount=settle_up.format_minor(transfer.amount, night.currency),
                i_pay=i_pay,
                handle=handle,
                link=link,
                paid=key in marks,
            )
        )
    return mine


def mark_paid(night: Night, player: Player, key: str, paid: bool) -> MyTransfer:
    """Mark one of the player's transfers paid (or not paid after all): refused for a transfer
    that is not theirs, or not in tonight's settle-up any more."""
    found = next((t for t in my_transfers(night, player) if t.key == key), None)
    if found is None:
        raise ActionRefused("That transfer is not one of yours in tonight's settle-up (it may have changed).")
    if found.paid == paid:
        return found
    payer, payee, amount = key.split("-")
    ids = {
        "payer_id": None if payer == "bank" else int(payer),
        "payee_id": None if payee == "bank" else int(payee),
    }
    name = settle_up.payee_names(night)[player.pk]
    words = f"{found.payer} pays {found.payee} {found.amount}"
    with transaction.atomic():
        if paid:
            TransferPaid.objects.create(night=night, amount=int(amount), marked_by=name, **ids)
        else:
            TransferPaid.objects.filter(
                night=night, amount=int(amount), undone_at__isnull=True, **ids
            ).update(undone_at=timezone.now())
        # A player's mark, not the host's call: the log names the player who made it.
        AuditEntry.objects.create(
            night=night,
            who_label=name,
            what=f"Settle-up: {words}, marked {'paid' if paid else 'not paid'}",
            payload={"transfer_paid": key, "paid": paid},
        )
    return next(t for t in my_transfers(night, player) if t.key == key)
