"""axe-core on every page a guest or a host sees, other than the live table (which has its own
test): WCAG 2.1 A and AA and axe's best practices, in a real headless Chromium, failing on any
serious or critical violation.

The pages are visited as people reach them: the join flow on a phone, the host's pages after the
actions that leave a message on them, the tournament forms with and without errors, the clock
screen running.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import timezone

from engine.tournament import RebuyRules
from tables.live import apply_intent, hints_held, load_state
from tables.models import Table
from tables.models.tournaments import Tournament, TournamentAction
from tables.services.hosting import hosting
from tables.services.ledger import ledger
from tables.services.seating import joining, seating
from tables.services.tournament import tournament_clock
from tables.tests.axe import AxeChecks
from tables.tests.browser import HOST_PASSWORD, HOST_USERNAME, PHONE, create_host
from tables.tests.tournament_helpers import make_tournament

SEED = "7a" * 32
LIVE_TIMEOUT_MS = 12_000

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _no_socket_hints() -> Iterator[None]:
    """No table socket is open here: table writes made from this thread keep their hints."""
    with hints_held():
        yield


def _night_with_a_hand_on_the_flop(host: User) -> tuple[Any, Table, Tournament]:
    """A night with a table whose hand has reached the flop, and a running tournament."""
    night = hosting.create_night(
        host,
        name="Friday game",
        date=datetime.date(2026, 11, 27),
        currency="EUR",
        chip_value=Decimal("0.10"),
        require_approval=False,
    )
    table = hosting.create_table(night, name="Kitchen", game="nlhe", max_seats=9, small_blind=1, big_blind=2)
    for number, name in enumerate(("Ann", "Bo", "Cy"), start=1):
        player = joining.join_night(night, name)
        seating.move_player(player, table, number)
        ledger.record_chips_in(player, "buy_in", 200, host)
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED})
    for _ in range(3):  # everyone calls or checks to the flop
        state = load_state(table.pk)
        seat = state.hand.to_act
        player = state.table.occupant(seat).player
        legal = state.hand.legal_actions(seat)["actions"]
        action = "call" if legal.get("call", {}).get("allowed") else "check"
        apply_intent(table.pk, f"player:{player}", {"type": "act", "action": {"type": action}})
    rules = RebuyRules(max_rebuys=1, rebuy_until_level=4, rebuy_stack=10_000, add_on=True, add_on_stack=5_000)
    tournament, _ = make_tournament(
        night, host, names=("Dan", "Eve", "Fay"), rules=rules, rebuy_price=20, add_on_price=10
    )
    started = timezone.now() - datetime.timedelta(minutes=3)
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.START, now=started)
    tournament.refresh_from_db()
    return night, table, tournament


def test_every_guest_page_passes_axe(live_server: Any, browser: Any) -> None:
    host = create_host()
    night, _, _ = _night_with_a_hand_on_the_flop(host)
    pages = AxeChecks()
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{live_server.url}/")
    pages.check(phone, "home")
    phone.goto(f"{live_server.url}/join/{night.join_code}/")
    pages.check(phone, "join")
    phone.click("button[type=submit]")  # no name: the form says what is missing
    pages.check(phone, "join-error")
    phone.fill("input[name=display_name]", "Gus")
    phone.click("button[type=submit]")
    phone.wait_for_url(f"{live_server.url}/play/")
    pages.check(phone, "seat-page-waiting")
    phone.goto(f"{live_server.url}/verify/")
    pages.check(phone, "verify")
    phone.goto(f"{live_server.url}/continue/not-a-token/")
    pages.check(phone, "continue-unknown")
    pages.assert_clean()


def test_every_host_page_passes_axe_after_the_actions_that_change_it(live_server: Any, browser: Any) -> None:
    host = create_host()
    night, _, tournament = _night_with_a_hand_on_the_flop(host)
    pages = AxeChecks()
    page = browser.new_context(**PHONE).new_page()
    page.goto(f"{live_server.url}/login/")
    pages.check(page, "login")
    page.fill("input[name=username]", HOST_USERNAME)
    page.fill("input[name=password]", HOST_PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"{live_server.url}/host/")
    pages.check(page, "host-nights")
    page.goto(f"{live_server.url}/host/nights/new/")
    pages.check(page, "night-new")
    page.goto(f"{live_server.url}/host/nights/{night.pk}/")
    pages.check(page, "night")
    page.get_by_role("button", name="Add the table").click()  # empty: the form's errors
    pages.check(page, "night-table-form-errors")

    panel = f"{live_server.url}/host/nights/{night.pk}/panel/"
    page.goto(panel)
    pages.check(page, "host-panel")
    page.get_by_role("button", name="Pause").first.click()  # an action: a message on the panel
    page.locator(".message").first.wait_for()
    pages.check(page, "host-panel-after-an-action")
    box = page.locator("details[data-rulings]").first
    box.locator("summary").click()
    box.locator("input[value=pause_hand]").check()
    box.get_by_role("button", name="Check what changes").click()  # the ruling's preview page
    page.wait_for_url("**/panel/ruling/")
    pages.check(page, "host-ruling-preview")
    page.goto(f"{live_server.url}/host/nights/{night.pk}/ledger/")
    pages.check(page, "ledger")
    page.goto(live_server.url + reverse("audit_log", args=[night.pk]))
    pages.check(page, "audit-log")

    page.goto(f"{live_server.url}/host/nights/{night.pk}/tournaments/new/")
    pages.check(page, "tournament-new")
    base = f"{live_server.url}/host/tournaments/{tournament.pk}/"
    for name, path in (("detail", ""), ("edit", "edit/"), ("deal", "deal/"), ("seating", "seating/")):
        page.goto(base + path)
        pages.check(page, f"tournament-{name}")
    page.goto(base + "edit/")
    page.fill("input[name=name]", "")
    page.locator("form button[type=submit]").last.click()  # a refused form: an error on a field
    pages.check(page, "tournament-edit-errors")
    page.fill("input[name=name]", "Main event")
    page.fill("input[name=periods-0-minutes]", "1" + "0" * 12)  # and one in a row of the structure
    page.locator("form button[type=submit]").last.click()
    assert page.locator(".period-row.field-invalid").count() == 1
    pages.check(page, "tournament-edit-row-errors")
    page.goto(base)
    page.get_by_role("button", name="Pause").first.click()
    page.locator(".message").first.wait_for()
    pages.check(page, "tournament-detail-after-an-action")

    screen = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    screen.goto(f"{live_server.url}/clock/{tournament.clock_token}/")
    screen.locator('[data-field="time-left"]').wait_for()
    pages.check(screen, "clock")
    pages.assert_clean()
