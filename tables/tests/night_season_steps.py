"""The whole-night test's season: both nights count in it by their date, the host says two of its
people are one ("same person as") and undoes it, marks transfers paid, records cash with the bank
and marks payments unpaid (see test_night_conserves_chips.py, whose machine mixes these in).

None of these moves a chip or a cent of any night: each night's ledger, log, seats and stacks and
each player's balance stay as they were; the season's totals (money, cash, points) stay, its
settle-up's balances and what is still owed each add up to 0, a payment changes no one's net, and
every link, undo and payment has its line in the season's log.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from decimal import Decimal
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import invariant, precondition, rule

from tables.errors import ActionRefused
from tables.models import Night, Person, PersonLink, PersonMerge, Season, SeasonAuditEntry, SeasonPayment
from tables.services.ledger import settle_up
from tables.services.seasons import season_payments, seasons
from tables.services.seating import person_links


def _people() -> tuple[Any, ...]:
    return (
        tuple(PersonLink.objects.order_by("pk").values_list("pk", "player_id", "person_id", "night_id")),
        tuple(Person.objects.order_by("pk").values_list("pk", "name")),
    )


class SeasonSteps:
    """Mixed into the night's machine, which has the host, both nights and `season`, made before
    them so that each night joined it by its date."""

    host: Any
    cash: Night
    tour_night: Night
    season: Season
    last_refusal: ActionRefused | None
    # (link id, the people before it): an undo of the newest link gives them back exactly.
    links_made: list[tuple[int, tuple[Any, ...]]]

    # The machine's own (tables/tests/night_house_rules.py): a refusal changes nothing of a night.
    refused_changes_nothing: Callable[[], contextlib.AbstractContextManager[None]]

    def _season_totals(self) -> tuple[Any, ...]:
        """What no link, undo or payment may change: each night's balances by player, and the
        season's sums of money, cash and points."""
        table = seasons.season_table(self.season)
        rows = [row.standing for row in table.rows]
        nights = tuple(
            tuple(sorted(settle_up.balances_by_player(night).items()))
            for night in (self.cash, self.tour_night)
        )
        if not table.unbalanced:
            assert sum(s.money_net for s in rows) == 0, [(r.name, r.standing.money_net) for r in table.rows]
        return (
            nights,
            tuple(table.unbalanced),
            sum(s.money_net for s in rows),
            sum(s.cash_net for s in rows),
            round(sum(s.points for s in rows), 6),
        )

    @contextlib.contextmanager
    def _season_unchanged(self, kind: str) -> Iterator[None]:
        """The action runs inside; after it, no total has moved and, if it was done, its line is
        the season log's newest (one line); if refused, the season's log has no new line."""
        totals, lines = self._season_totals(), SeasonAuditEntry.objects.filter(season=self.season).count()
        with self.refused_changes_nothing():
            yield
        assert self._season_totals() == totals
        added = SeasonAuditEntry.objects.filter(season=self.season).count() - lines
        assert added == (0 if self.last_refusal is not None else 1), (kind, added, self.last_refusal)
        if self.last_refusal is None:
            newest = SeasonAuditEntry.objects.filter(season=self.season).latest("id")
            assert kind in newest.payload, (kind, newest.payload)

    def _keys(self) -> list[str]:
        return sorted(person_links.season_people(self.season))

    def _owed(self) -> season_payments.StillOwed | None:
        try:
            owed = season_payments.still_owed(seasons.season_table(self.season))
        except ActionRefused:
            return None  # a night that does not balance yet: nothing to settle
        assert sum(owed.remaining.values()) == 0, owed.remaining
        return owed

    # Rules -----------------------------------------------------------------------------------

    @precondition(lambda self: len(self._keys()) >= 2)
    @rule(first=st.integers(0, 20), second=st.integers(0, 20))
    def same_person_as(self, first: int, second: int) -> None:
        """The host says one of the season's people is another: refused for one person twice and
        for two players of one night."""
        keys = self._keys()
        merged, into = keys[first % len(keys)], keys[second % len(keys)]
        before = _people()
        rows = {row.standing.person: row.standing for row in seasons.season_table(self.season).rows}
        with self._season_unchanged("person_merge"):
            link = person_links.link_people(self.season, merged, into, self.host, "same phone")
        if self.last_refusal is not None:
            assert _people() == before
            return
        self.links_made.append((link.pk, before))
        after = {row.standing.person: row.standing for row in seasons.season_table(self.season).rows}
        assert merged not in after  # one row now, under the person both are
        if f"person:{link.into_id}" in after:
            total = sum(rows[k].money_net for k in (merged, into) if k in rows)
            assert after[f"person:{link.into_id}"].money_net == total

    @precondition(lambda self: PersonMerge.objects.filter(undone_at__isnull=True).exists())
    @rule(which=st.integers(0, 5))
    def undo_same_person(self, which: int) -> None:
        """An undo of the newest link gives back exactly the people before it; an older one a
        later link builds on is refused."""
        active = list(PersonMerge.objects.filter(undone_at__isnull=True).order_by("pk"))
        link = active[which % len(active)]
        with self._season_unchanged("person_merge"):
            person_links.undo_link(self.season, link.pk, self.host, "two people after all")
        if self.last_refusal is None and self.links_made and self.links_made[-1][0] == link.pk:
            assert _people() == self.links_made.pop()[1]
        elif self.last_refusal is None:
            self.links_made = [(pk, people) for pk, people in self.links_made if pk != link.pk]

    @rule(which=st.integers(0, 10))
    def mark_a_transfer_paid(self, which: int) -> None:
        owed = self._owed()
        if owed is None or not owed.transfers:
            return
        transfer = owed.transfers[which % len(owed.transfers)]
        with self._season_unchanged("season_payment"):
            season_payments.mark_transfer_paid(
                self.season, transfer.payer, transfer.payee, transfer.amount, self.host
            )
        after = self._owed()
        assert self.last_refusal is None and after is not None, self.last_refusal
        assert after.nets == owed.nets
        assert after.remaining[transfer.payer] == owed.remaining[transfer.payer] + transfer.amount

    @rule(who=st.integers(0, 20), cents=st.integers(1, 5000))
    def cash_with_the_bank(self, who: int, cents: int) -> None:
        """Cash paid in to the bank or out of it: refused above what the person still owes or is
        owed, or for someone settled."""
        owed = self._owed()
        if owed is None:
            return
        people = sorted(key for key in owed.remaining if key != season_payments.BANK)
        if not people:
            return
        person = people[who % len(people)]
        with self._season_unchanged("season_payment"):
            season_payments.cash_with_the_bank(self.season, person, str(Decimal(cents) / 100), self.host)
        after = self._owed()
        assert after is not None and after.nets == owed.nets
        if self.last_refusal is None:
            assert abs(after.remaining[person]) == abs(owed.remaining[person]) - cents
        else:
            assert after.remaining == owed.remaining

    @precondition(lambda self: SeasonPayment.objects.filter(undone_at__isnull=True).exists())
    @rule(which=st.integers(0, 10))
    def mark_a_payment_unpaid(self, which: int) -> None:
        payments = list(SeasonPayment.objects.filter(undone_at__isnull=True).order_by("pk"))
        payment = payments[which % len(payments)]
        with self._season_unchanged("season_payment"):
            season_payments.mark_unpaid(self.season, payment.pk, self.host, "not paid after all")
        assert self.last_refusal is None, self.last_refusal

    # Invariants ------------------------------------------------------------------------------

    @invariant()
    def both_nights_count_in_the_season_of_their_date(self) -> None:
        assert set(self.season.nights.all()) == {self.cash, self.tour_night}

    @invariant()
    def every_link_and_payment_has_its_lines_in_the_seasons_log(self) -> None:
        said: dict[tuple[str, int], int] = {}
        for payload in SeasonAuditEntry.objects.filter(season=self.season).values_list("payload", flat=True):
            for kind in ("person_merge", "season_payment"):
                if kind in payload:
                    said[kind, payload[kind]] = said.get((kind, payload[kind]), 0) + 1
        for kind, model in (("person_merge", PersonMerge), ("season_payment", SeasonPayment)):
            for pk, undone in model.objects.filter(season=self.season).values_list("pk", "undone_at"):
                assert said.get((kind, pk)) == (1 if undone is None else 2), (kind, pk, said)
