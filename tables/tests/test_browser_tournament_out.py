"""A busted tournament player's phone, at 390x844 and 360x740: "You are out — Rebuy (price,
chips)" while the rebuy window is open, then the finishing place once out for good.

"Rebuys. If the night allows them, busting isn't the end while you still have a rebuy left...
Once your rebuys are used up, or the rebuy window closes, the next time you bust is for good."

Screenshots go to test-artifacts/screenshots/ (tournament-out-*.png).
"""

from __future__ import annotations

from typing import Any

import pytest

from tables.tests.test_browser_showdown_words import RESULTS_CLEAR_OF_THE_DOCK
from tables.tests.test_browser_table import WAIT_MS, Phone

pytestmark = [pytest.mark.browser]
THIS = "tables.tests.test_browser_tournament_out"
SIZES = ((390, 844), (360, 740))


def arrange_busted_heads_up() -> dict[str, Any]:
    """A tournament with rebuys (10 EUR for 7,000 chips, two each, until level 1) heads-up at one
    table; one all-in hand leaves a player with no chips. Run inside the server."""
    import datetime
    from decimal import Decimal

    from django.contrib.auth.models import User
    from django.contrib.sessions.backends.db import SessionStore

    from tables.identity import SESSION_KEY
    from tables.services.hosting import hosting
    from tables.services.tournament import tournament_play
    from tables.tests.test_tournament_rebuy_offers import REBUYS, _busted_heads_up

    host = User.objects.create_superuser(username="hostess", password="a-long-host-password")
    night = hosting.create_night(
        host,
        name="Friday game",
        date=datetime.date(2026, 11, 27),
        currency="EUR",
        chip_value=Decimal("0.10"),
        require_approval=False,
    )
    table = hosting.create_table(night, name="Kitchen", game="nlhe", max_seats=6, small_blind=1, big_blind=2)
    tournament = _busted_heads_up(night, host, table, REBUYS)
    tournament.rebuy_price = 10
    tournament.save(update_fields=["rebuy_price"])
    (offer,) = tournament_play.rebuy_offers(tournament)
    session = SessionStore()
    session[SESSION_KEY] = offer.player.session_token
    session.create()
    return {"tournament": tournament.pk, "entry": offer.pk, "session": session.session_key}


def out_for_good(tournament: int, entry: int) -> None:
    """The host answers the offer with "out for good"."""
    from tables.services.tournament import tournaments

    tournaments.record_busts(tournament, None, [(entry, None)])


def _shoot(phone: Phone, selector: str, name: str) -> None:
    for width, height in SIZES:
        phone.page.set_viewport_size({"width": width, "height": height})
        screen = phone.page.locator(selector)
        screen.scroll_into_view_if_needed()
        assert screen.is_visible()
        assert phone.page.evaluate("document.documentElement.scrollWidth") <= width
        phone.page.locator("#results").scroll_into_view_if_needed()
        assert phone.page.evaluate(RESULTS_CLEAR_OF_THE_DOCK), f"the results hide under the dock at {width}"
        phone.shot(f"{name}-{width}")
    phone.page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})


def test_a_busted_tournament_player_is_offered_the_rebuy_then_told_their_place(
    daphne_server: Any, browser: Any
) -> None:
    arranged = daphne_server.call(f"{THIS}:arrange_busted_heads_up")
    phone = Phone(browser, daphne_server, arranged["session"], "busted")

    rebuy = phone.page.locator("[data-field=tournament-rebuy]")
    rebuy.wait_for(timeout=WAIT_MS)
    text = rebuy.inner_text()
    assert "You are out of chips" in text
    assert "Rebuy (10 EUR, 7,000 chips)" in text
    assert "2 rebuys left, until the end of level 1" in text
    # The screen takes my place at the bottom, and the last hand's results stay above it.
    assert phone.page.locator("#me").is_hidden()
    _shoot(phone, "[data-field=tournament-rebuy]", "tournament-out-rebuy")

    daphne_server.call(f"{THIS}:out_for_good", tournament=arranged["tournament"], entry=arranged["entry"])
    place = phone.page.locator("[data-field=tournament-place]")
    place.wait_for(timeout=WAIT_MS)
    assert "You finished 2nd" in place.inner_text()
    assert "You won" in place.inner_text()
    assert phone.page.locator("[data-field=tournament-rebuy]").count() == 0
    assert phone.page.locator("#toast").is_hidden(), "nothing refused: a player out sends nothing"
    _shoot(phone, "[data-field=tournament-place]", "tournament-out-place")
    assert phone.errors == []


def arrange_winner_of_a_heads_up() -> dict[str, Any]:
    """As `arrange_busted_heads_up`, with the session of the player still in (the winner to be)."""
    from django.contrib.sessions.backends.db import SessionStore

    from tables.identity import SESSION_KEY
    from tables.models.tournaments import TournamentEntry

    arranged = arrange_busted_heads_up()
    entries = TournamentEntry.objects.filter(tournament_id=arranged["tournament"])
    session = SessionStore()
    session[SESSION_KEY] = entries.exclude(pk=arranged["entry"]).get().player.session_token
    session.create()
    return arranged | {"session": session.session_key}


def test_the_winner_is_told_they_won_when_the_tournament_ends(daphne_server: Any, browser: Any) -> None:
    """The last bust takes the winner off the table with the tournament's chips: their phone
    loses its seat as a busted player's does, and says they won, not that they are out."""
    arranged = daphne_server.call(f"{THIS}:arrange_winner_of_a_heads_up")
    phone = Phone(browser, daphne_server, arranged["session"], "winner")
    phone.page.locator("#me").wait_for(timeout=WAIT_MS)
    daphne_server.call(f"{THIS}:out_for_good", tournament=arranged["tournament"], entry=arranged["entry"])
    won = phone.page.locator("[data-field=tournament-place]")
    won.wait_for(timeout=WAIT_MS)
    assert "You won Main event" in won.inner_text()
    assert "1st of 2 players. You won" in won.inner_text() and "out for good" not in won.inner_text()
    assert phone.page.locator("#me").is_hidden()
    _shoot(phone, "[data-field=tournament-place]", "tournament-out-winner")
    assert phone.errors == []
