"""The host's phone while the tournament runs itself, at 390x844 and 360x740: a balancing move
waiting for its hand to end on the seating page, and the clock time a restart ran off offered
back in one tap on the tournament page.

Screenshots go to test-artifacts/screenshots/ (runs-itself-*.png).
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from tables.live import apply_intent
from tables.models.tournaments import Tournament, TournamentAction
from tables.services.hosting import hosting
from tables.services.seating import seating
from tables.services.tournament import tournament_clock, tournament_clock_gaps, tournament_seating
from tables.tests.browser import host_logged_in, save_screenshot
from tables.tests.tournament_helpers import make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SIZES = ((390, 844), (360, 740))


def _waiting_move_and_a_gap(host: User) -> Tournament:
    night = hosting.create_night(
        host,
        name="Friday game",
        date=datetime.date(2026, 11, 27),
        currency="EUR",
        chip_value=Decimal("0.10"),
        require_approval=False,
    )
    kitchen, lounge = (
        hosting.create_table(night, name=name, game="nlhe", max_seats=6, small_blind=1, big_blind=2)
        for name in ("Kitchen", "Lounge")
    )
    names = ("Ann", "Bea", "Cal", "Dan", "Eve", "Fay", "Gus")
    tournament, players = make_tournament(night, host, names=names)
    for number, player in enumerate(players[:6], 1):
        seating.move_player(player, kitchen, number)
    seating.move_player(players[6], lounge, 1)
    started = timezone.now() - datetime.timedelta(minutes=3)
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.START, now=started)
    apply_intent(kitchen.pk, "host", {"type": "start_hand"})
    moves = tournament_seating.planned_moves(tournament.pk, host)
    assert tournament_seating.confirm_moves(tournament.pk, host, list(moves))
    # The server saw the clock 40 s ago, then a new process came back 36 s later (this one,
    # which started before: its own looks at the clock find nothing more).
    seen = timezone.now().timestamp() - 40
    tournament_clock_gaps._last_beat = None
    tournament_clock_gaps.beat(now=seen, started_at=seen - 3600)
    tournament_clock_gaps._last_beat = None
    assert tournament_clock_gaps.beat(now=seen + 36, started_at=seen + 30) == 1
    return tournament


def _fits(page: Any, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_the_waiting_move_and_the_time_given_back_on_the_hosts_phone(live_server: Any, browser: Any) -> None:
    host = User.objects.create_superuser(username="hostess", password="a-long-host-password")
    tournament = _waiting_move_and_a_gap(host)
    for width, height in SIZES:
        page = host_logged_in(browser, live_server, {"viewport": {"width": width, "height": height}})
        page.goto(f"{live_server.url}/host/tournaments/{tournament.pk}/seating/")
        waiting = page.locator("#waiting-moves")
        waiting.wait_for()
        assert "when the hand at Kitchen ends" in waiting.inner_text()
        _fits(page, width)
        waiting.scroll_into_view_if_needed()
        save_screenshot(page, f"runs-itself-waiting-move-{width}")
        page.goto(f"{live_server.url}/host/tournaments/{tournament.pk}/")
        offer = page.locator("#clock-gap")
        offer.wait_for()
        assert "The clock ran 36 s" in offer.inner_text()
        _fits(page, width)
        offer.scroll_into_view_if_needed()
        save_screenshot(page, f"runs-itself-clock-gap-{width}")
        page.context.close()
    page = host_logged_in(browser, live_server, {"viewport": {"width": 360, "height": 740}})
    page.goto(f"{live_server.url}/host/tournaments/{tournament.pk}/")
    page.locator("[data-action=give-back]").click()
    page.locator(".message-success").wait_for()
    assert page.locator("#clock-gap").count() == 0
    assert "given back" in page.locator(".message-success").inner_text()
    save_screenshot(page, "runs-itself-clock-gap-given-back-360")
    tournament.refresh_from_db()
    assert tournament.clock_gap is None
