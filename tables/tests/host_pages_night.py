"""The night through the host pages, its plumbing: the nights and tables set up through the
forms, and the host's POST with what must hold of it (see test_night_through_the_host_pages.py,
whose machine mixes these in, and its module docstring for the checks).

`host_post` POSTs as the host, then checks the log lines the POST wrote or, refused, that nothing
changed (`Everything`: the services' night figures, chip requests, tournaments), and that the page
the host lands on says why and names no hidden hole card.
"""

from __future__ import annotations

import html
import os
import re
from dataclasses import dataclass
from typing import Any

from django.contrib.messages import get_messages
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse

from tables.live import load_state
from tables.models import Night, Player, Table
from tables.models.ledger import AuditEntry, ChipRequest
from tables.models.tournaments import Tournament
from tables.services.ledger import ledger
from tables.tests.night_house_rules import NightFigures, night_figures

SEATS = 6


@dataclass(frozen=True)
class Outcome:
    """What a host POST came to: refused (with what the page said) or done."""

    refused: bool
    errors: list[str]
    response: HttpResponse


@dataclass(frozen=True)
class Everything:
    """All a refused POST must leave as it was: the services' night figures, and the chip
    requests and tournament clocks and seatings the pages also change."""

    figures: NightFigures
    requests: tuple[tuple[Any, ...], ...]
    tournaments: tuple[tuple[Any, ...], ...]


def whole(text: str) -> int | None:
    """The chips the ledger takes for `text` (1 to its maximum), or None if it must refuse it."""
    text = text.strip()
    if not re.fullmatch(r"-?\d+", text):
        return None
    chips = int(text)
    return chips if 1 <= chips <= ledger.MAX_CHIPS_PER_ENTRY else None


def card_words(card: str) -> list[str]:
    """A card as the engine writes it ("Th") and as a page draws it ("10♥")."""
    rank, suit = card[:-1], card[-1]
    glyph = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}[suit]
    return [card, f"{'10' if rank == 'T' else rank}{glyph}"]


def without_random_tokens(body: str) -> str:
    """The page less what is random on every load (CSRF tokens, links with tokens, QR drawings),
    where two characters like "Ah" could pass for a card by chance."""
    body = re.sub(r"<svg.*?</svg>", "", body, flags=re.DOTALL)
    return re.sub(r'\b(value|href|src|action|data-[a-z-]+)="[^"]*"', "", body)


class HostPosts:
    """Mixed into the night's machine, which has the host's client, the nights and their tables,
    and another host's player."""

    host: Any
    client: Client
    cash: Night
    tour_night: Night
    cash_tables: list[Table]
    tour_tables: list[Table]
    strangers_player: Player

    # Set-up through the forms ------------------------------------------------------------------

    def _night_from_the_form(self, name: str, chip_value: str, approval: bool) -> Night:
        data = {"name": name, "date": "2026-11-27", "currency": "EUR", "chip_value": chip_value}
        response = self.client.post(
            reverse("night_create"), {**data, **({"require_approval": "on"} if approval else {})}
        )
        assert response.status_code == 302, response.content.decode()[:2000]
        return Night.objects.get(host=self.host, name=name)

    def _table_from_the_form(self, night: Night, name: str) -> Table:
        data = {"name": name, "game": "nlhe", "max_seats": str(SEATS), "small_blind": "1", "big_blind": "2"}
        response = self.client.post(reverse("table_create", args=[night.pk]), data)
        assert response.status_code == 302, response.content.decode()[:2000]
        return Table.objects.get(night=night, name=name)

    # The host's POST and what must hold of it --------------------------------------------------

    def everything(self) -> Everything:
        nights = [self.cash, self.tour_night, self.strangers_player.night]
        return Everything(
            night_figures(nights, [*self.cash_tables, *self.tour_tables]),
            tuple(ChipRequest.objects.order_by("pk").values_list("pk", "status", "entry_id")),
            tuple(
                Tournament.objects.filter(night__in=nights)
                .order_by("pk")
                .values_list(
                    "pk",
                    "status",
                    "version",
                    "clock_period_index",
                    "clock_period_started_at",
                    "clock_paused_at",
                    "last_moves",
                    "payout_table",
                    "name",
                )
            ),
        )

    def host_post(self, url: str, data: dict[str, Any], lines: int = 1) -> Outcome:
        """POST as the host; check the log lines it wrote or, refused, that nothing changed; then
        look at the page the host lands on."""
        before = self.everything()
        last = AuditEntry.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
        hidden = self.hidden_cards()
        response = self.client.post(url, data)
        errors = [str(m) for m in get_messages(response.wsgi_request) if m.level_tag == "error"]
        form_errors = [
            str(error)
            for context in (response.context or [])
            for form in [context.get("form"), context.get("table_form")]
            if form is not None and hasattr(form, "errors")
            for error in form.errors.values()
        ]
        refused = bool(errors or form_errors) or response.status_code >= 400
        if os.environ.get("NIGHT_PRINT"):
            print("POST", url, data, "->", response.status_code, errors or form_errors)
        written = list(AuditEntry.objects.filter(pk__gt=last).order_by("pk"))
        if refused:
            after = self.everything()
            assert after == before, (
                f"POST {url} {data} refused ({errors or form_errors or response.status_code}) but "
                f"changed {before.figures.differences(after.figures)} "
                f"{'requests' if after.requests != before.requests else ''}"
                f"{'tournaments' if after.tournaments != before.tournaments else ''}"
            )
            # A ruling refused is logged as an attempt, on purpose (host_rulings): nothing else.
            assert all("ruling" in line.payload for line in written), [line.what for line in written]
            assert response.status_code in (302, 400, 403, 404), response.status_code
        elif "confirm=next" not in response.get("Location", ""):
            # A long edit is one action written over several lines, "(1 of 3)", "(2 of 3)", ...
            actions = [line for line in written if not re.search(r"\((?:[2-9]|\d\d+) of \d+\)", line.what)]
            assert len(actions) == lines, (url, data, lines, [line.what for line in written])
        page = self.client.get(response["Location"]) if response.status_code == 302 else response
        assert page.status_code < 500
        body = page.content.decode()
        if response.status_code == 302:
            assert page.status_code == 200, (response["Location"], page.status_code)
            for error in errors:
                assert html.escape(error) in body, f"the page does not say {error!r}"
        self.assert_no_hidden_card(body, hidden | self.hidden_cards(), url)
        return Outcome(refused, errors or form_errors, response)

    def hidden_cards(self) -> set[str]:
        """Hole cards of hands in progress that nobody has shown."""
        hidden: set[str] = set()
        for table in [*self.cash_tables, *self.tour_tables]:
            state = load_state(table.pk)
            if state.hand_in_progress and state.hand is not None:
                hidden |= {str(c) for s in state.hand.seats if not s.shown for c in s.hole}
        return hidden

    @staticmethod
    def assert_no_hidden_card(body: str, hidden: set[str], url: str) -> None:
        text = without_random_tokens(body)
        for card in hidden:
            for word in card_words(card):
                assert not re.search(rf"(?<![0-9A-Za-z]){re.escape(word)}(?![0-9A-Za-z])", text), (
                    f"the page after POST {url} names the hidden card {word}"
                )
