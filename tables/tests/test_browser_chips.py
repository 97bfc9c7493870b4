"""In a real headless Chromium, the host's tools keep every chip and cent: the final-table redraw
keeps the stacks, a wrong bust is undone, the tournament reaches the night's ledger, and two
guests with one name are two payees (docs/chips-and-money.md)."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.contrib.auth.models import User

from engine.live import HOST
from tables.live import apply_intent, load_state
from tables.models import AuditEntry, Night, Table
from tables.models.ledger import EntryKind
from tables.services.hosting import hosting
from tables.services.ledger import ledger
from tables.services.seating import joining, seating
from tables.services.tournament import tournaments
from tables.tests.browser import create_host, host_logged_in, save_screenshot
from tables.tests.tournament_helpers import make_tournament, seven_at_two_tables

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ("Ann", "Bea", "Cal", "Dan", "Eve", "Fay", "Gus")


def _night() -> tuple[User, Night, list[Table]]:
    host = create_host()
    night = hosting.create_night(
        host,
        name="Friday game",
        date=datetime.date(2026, 11, 27),
        currency="EUR",
        chip_value=Decimal("0.10"),
        require_approval=False,
    )
    tables = [
        hosting.create_table(night, name=name, game="nlhe", max_seats=6, small_blind=1, big_blind=2)
        for name in ("Kitchen", "Lounge")
    ]
    return host, night, tables


def test_the_final_table_redraw_keeps_stacks_and_a_wrong_bust_is_undone(
    live_server: object, browser: object
) -> None:
    host_user, night, (kitchen, lounge) = _night()
    tournament, players = seven_at_two_tables(night, host_user, [kitchen, lounge])
    host = host_logged_in(browser, live_server)
    page = f"{live_server.url}/host/tournaments/{tournament.pk}/"

    # A wrong bust: Ann, who has 9,100 chips, is recorded out; the log says where her chips went.
    host.goto(page)
    row = host.locator('[data-entry="Ann"]')
    row.locator("input[type=checkbox]").check()
    host.get_by_role("button", name="Record who is out").click()
    host.locator(".message-success").filter(has_text="Ann is out in").wait_for()
    assert load_state(kitchen.pk).table.seat_of(str(players[0].pk)) is None
    save_screenshot(host, "chips-wrong-bust")
    host.fill("#undo-bust-form input[name=why]", "wrong player")
    host.get_by_role("button", name="Undo the last bust").click()
    host.locator(".message-success").filter(has_text="Undid the bust of Ann").wait_for()
    host.locator('[data-entry="Ann"]').wait_for()
    save_screenshot(host, "chips-bust-undone")
    assert load_state(kitchen.pk).table.seat_of(str(players[0].pk)).stack == 9100
    assert AuditEntry.objects.filter(what__contains="Undid the bust of Ann", why="wrong player").exists()

    # Gus never came: out, and the six left make the final table.
    gus = tournament.entries.get(player=players[6])
    tournaments.record_busts(tournament.pk, host_user, [(gus.pk, None)])
    before = {s.player: s.stack for t in (kitchen, lounge) for s in load_state(t.pk).table.seats}
    host.goto(f"{page}seating/")
    confirm = host.get_by_role("button", name="Confirm all")
    save_screenshot(host, "chips-final-table-proposal")
    confirm.click()
    host.locator(".message-success").wait_for()
    after = {s.player: s.stack for t in (kitchen, lounge) for s in load_state(t.pk).table.seats}
    assert after == before
    save_screenshot(host, "chips-final-table-drawn")


def test_the_tournament_and_two_guests_with_one_name_reach_the_ledger(
    live_server: object, browser: object
) -> None:
    host_user, night, (kitchen, _) = _night()
    tournament, (ann, bea) = make_tournament(night, host_user, names=("Ann", "Bea"), payouts=(100,))
    seating.move_player(ann, kitchen, 1)
    seating.move_player(bea, kitchen, 2)
    tournaments.record_busts(tournament.pk, host_user, [(tournament.entries.get(player=bea).pk, None)])
    # Bob buys in, cashes out and goes home; a new Bob joins and buys in.
    first = joining.join_night(night, "Bob")
    ledger.record_chips_in(first, EntryKind.BUY_IN, 100, host_user)
    ledger.cash_out(first, host_user)
    joining.remove_player(first)
    second = joining.join_night(night, "Bob")
    ledger.record_chips_in(second, EntryKind.BUY_IN, 50, host_user)
    host = host_logged_in(browser, live_server)
    host.goto(f"{live_server.url}/host/nights/{night.pk}/ledger/")
    money = host.locator('[data-field="tournament-money"]')
    assert "40.00 EUR in (entries, rebuys, add-ons), 40.00 EUR paid out in prizes" in money.inner_text()
    assert host.locator("[data-transfer]").first.inner_text().startswith("Bea pays Ann")
    assert host.locator(".entry-main", has_text="Bob (2)").count() == 1
    save_screenshot(host, "chips-ledger-tournament-and-same-names")


def _three_left(host_user: User, night: Night, kitchen: Table) -> object:
    """Ann, Bea and Cal at the Kitchen with 9,000, 6,000 and 3,000 chips; Dan went out 4th."""
    tournament, players = make_tournament(night, host_user, names=("Ann", "Bea", "Cal", "Dan"))
    for number, (player, stack) in enumerate(zip(players, (9000, 6000, 3000), strict=False), 1):
        seating.move_player(player, kitchen, number)
        apply_intent(kitchen.pk, HOST, {"type": "set_stack", "seat": number, "stack": stack})
    tournaments.record_busts(tournament.pk, host_user, [(tournament.entries.get(player=players[3]).pk, None)])
    return tournament


def test_a_deal_is_worked_out_from_the_tables_stacks_and_recorded_into_the_ledger(
    live_server: object, browser: object
) -> None:
    host_user, night, (kitchen, _) = _night()
    tournament = _three_left(host_user, night, kitchen)
    host = host_logged_in(browser, live_server)
    host.goto(f"{live_server.url}/host/tournaments/{tournament.pk}/deal/")
    ann = tournament.entries.get(player__display_name="Ann")
    assert host.locator(f"input[name=chips_{ann.pk}]").input_value() == "9000"  # filled in, not retyped
    icm = host.locator('[data-deal="icm"]')
    icm.wait_for()
    save_screenshot(host, "deal-calculator-filled-in")
    icm.locator("input[name=why]").fill("everyone agreed")
    icm.get_by_role("button", name="Record this deal").click()
    host.locator(".message-success").filter(has_text="The deal is recorded").wait_for()
    host.locator("[data-deal-recorded=icm]").scroll_into_view_if_needed()
    save_screenshot(host, "deal-recorded-in-the-results")
    tournament.refresh_from_db()
    assert tournament.status == tournament.Status.FINISHED and tournament.deal.method == "icm"
    host.goto(f"{live_server.url}/host/nights/{night.pk}/ledger/")
    assert host.locator(".entry-main", has_text="Deal share").count() == 3
    assert host.locator("[data-transfer]").count() >= 1
    save_screenshot(host, "deal-in-the-ledger")
    assert AuditEntry.objects.filter(
        what__startswith="Main event: Ends with a deal (ICM", why="everyone agreed"
    ).exists()


def test_a_wrong_redraw_is_undone_before_the_next_hand(live_server: object, browser: object) -> None:
    host_user, night, (kitchen, lounge) = _night()
    tournament, players = seven_at_two_tables(night, host_user, [kitchen, lounge])
    tournaments.record_busts(tournament.pk, host_user, [(tournament.entries.get(player=players[6]).pk, None)])

    def where() -> dict[str, tuple[int, int, int]]:
        return {
            s.player: (t.pk, s.seat, s.stack) for t in (kitchen, lounge) for s in load_state(t.pk).table.seats
        }

    before = where()
    host = host_logged_in(browser, live_server)
    host.goto(f"{live_server.url}/host/tournaments/{tournament.pk}/seating/")
    drawn = host.locator(".move-row").all_inner_texts()
    host.reload()
    assert host.locator(".move-row").all_inner_texts() == drawn  # drawn once, kept on a reload
    host.get_by_role("button", name="Confirm all").click()
    host.locator("#last-moves").wait_for()
    assert where() != before
    host.locator("#last-moves").scroll_into_view_if_needed()
    save_screenshot(host, "redraw-confirmed-with-undo")
    host.fill("#undo-moves-form input[name=why]", "wrong redraw")
    host.get_by_role("button", name="Undo these moves").click()
    host.locator(".message-success").filter(
        has_text="Undid the last moves, everyone back with their chips"
    ).wait_for()
    assert where() == before
    save_screenshot(host, "redraw-undone")
    assert AuditEntry.objects.filter(what__contains="Undid the last moves", why="wrong redraw").exists()
