"""The live table page on phones, in a real headless Chromium against a real Daphne.

Three phones (390x844) join a No-Limit table and play a whole hand through the page to a
showdown with a side pot. Every step, each phone's page and every websocket frame it
received are checked for hidden cards of other players. One phone goes offline mid-hand
and comes back. Screenshots go to test-artifacts/screenshots/.
"""

from __future__ import annotations

import contextlib
import json
import re
import sqlite3
import time
from dataclasses import replace
from typing import Any

import pytest

from engine.live import LiveTable
from engine.views import view as engine_view
from tables.tests.browser import PHONE, save_screenshot

SEED = "7a" * 32
WAIT_MS = 10_000
HERE = "tables.tests.test_browser_table"

pytestmark = [pytest.mark.browser]


# Arranging the table (run inside the server's database by DaphneServer.call) ------------------


def arrange_table(
    names: list[str],
    stacks: list[int],
    seed: str,
    game: str = "nlhe",
    action_seconds: int = 0,
    options: dict[str, Any] | None = None,
    seed_for: str = "",
) -> dict[str, Any]:
    """A night, a table with these players seated 1, 2, 3... with these stacks, the action
    clock given (0: none), no automatic next deal, any other table `options`, and the first
    hand dealt from `seed`; or, with `seed_for` ("module:function" of the table's state before
    the deal), from the seed that function chooses."""
    import datetime
    import importlib
    from decimal import Decimal

    from django.contrib.auth.models import User
    from django.contrib.sessions.backends.db import SessionStore
    from django.utils import timezone

    from engine.config import Stakes
    from engine.table import set_game
    from tables.identity import SESSION_KEY
    from tables.live import apply_intent, load_state
    from tables.models.live import TableSnapshot
    from tables.services.hosting import hosting
    from tables.services.seating import joining, seating

    host = User.objects.create_superuser(username="hostess", password="a-long-host-password")
    night = hosting.create_night(
        host,
        name="Friday game",
        date=datetime.date(2026, 11, 27),
        currency="EUR",
        chip_value=Decimal("0.10"),
        require_approval=False,
    )
    table = hosting.create_table(night, name="Kitchen", game="nlhe", max_seats=9, small_blind=1, big_blind=2)
    players = [joining.join_night(night, name) for name in names]
    for number, player in enumerate(players, start=1):
        seating.move_player(player, table, number)
    for number, stack in enumerate(stacks, start=1):
        apply_intent(table.pk, "host", {"type": "set_stack", "seat": number, "stack": stack})
    table_options = {"action_seconds": action_seconds, "auto_deal": False, **(options or {})}
    apply_intent(table.pk, "host", {"type": "options", **table_options})
    if game != "nlhe":
        # Test arrangement only: the table plays another game from its next hand.
        state = load_state(table.pk)
        stakes = Stakes(small_blind=1, big_blind=2, bomb_ante=10) if "bomb" in game else state.table.stakes
        state = replace(state, table=set_game(state.table, game, stakes))
        # A new write time, as every write has: a process keeps using the state it holds for
        # the version and time it wrote (tables.live.Committed).
        rewritten = {"state": state.to_json(), "updated_at": timezone.now()}
        TableSnapshot.objects.filter(table=table).update(**rewritten)
    if seed_for:
        module, name = seed_for.split(":")
        seed = getattr(importlib.import_module(module), name)(load_state(table.pk))
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": seed})
    sessions = []
    for player in players:
        session = SessionStore()
        session[SESSION_KEY] = player.session_token
        session.create()
        sessions.append(session.session_key)
    return {"table": table.pk, "sessions": sessions}


def apply_when_free(table: int, actor: str, intent: dict[str, Any]) -> None:
    """An intent sent from a test's own process (DaphneServer.call) while the server writes too:
    SQLite lets one writer at a time, and on a loaded machine the phones' own writes (their
    contributions to the deck, their presence) can outlast its wait. Tried again, as a client
    would; the write path makes a refused attempt change nothing."""
    from django.db import OperationalError

    from tables.live import apply_intent

    for attempt in range(10):
        try:
            apply_intent(table, actor, intent)
            return
        except OperationalError as error:
            if "locked" not in str(error) or attempt == 9:
                raise
            time.sleep(0.3)


def deal_and_wait(table: int, seed: str | None = None) -> LiveTable:
    """The host deals, and once the phones' pledged values for the shuffle have come and dealt
    the cards (docs/shuffle.md), the table with its new hand (run inside the server by
    DaphneServer.call)."""
    from tables.errors import ActionRefused
    from tables.live import load_state

    deal = {"type": "start_hand", **({"seed": seed} if seed else {})}
    before = load_state(table).commitment
    apply_when_free(table, "host", deal)
    deadline = time.monotonic() + WAIT_MS / 1000
    while True:
        state = load_state(table)
        if state.shuffling is None and state.commitment != before and state.hand is not None:
            return state  # a new seed's cards are on the table
        if state.shuffling is None:
            # None of the phones' values came in time: that deal was void, and the table still
            # shows the hand before it (docs/shuffle.md). Dealt again, as the host would.
            with contextlib.suppress(ActionRefused):
                apply_when_free(table, "host", deal)
        assert time.monotonic() < deadline, "the phones' values never dealt the cards"
        time.sleep(0.05)


# Reading the server's state from the test ------------------------------------------------------


def committed(server: Any, table_id: int) -> LiveTable:
    with sqlite3.connect(server.database) as db:
        row = db.execute("select state from tables_tablesnapshot where table_id = ?", (table_id,)).fetchone()
    return LiveTable.from_json(json.loads(row[0]))


def _text(payload: str | bytes) -> str:
    return payload if isinstance(payload, str) else payload.decode()


class Phone:
    """One player's phone: a browser context with the player's session, and every frame it got."""

    def __init__(self, browser: Any, server: Any, session_key: str, name: str) -> None:
        self.name = name
        self.context = browser.new_context(**PHONE)
        host = server.url.split("//")[1].split(":")[0]
        self.context.add_cookies([{"name": "sessionid", "value": session_key, "domain": host, "path": "/"}])
        self.page = self.context.new_page()
        self.frames: list[str] = []
        self.errors: list[str] = []
        self.sent: list[str] = []
        self.page.on("websocket", self._watch)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(f"{server.url}/play/")
        self.page.wait_for_url("**/play/table/")

    def _watch(self, socket: Any) -> None:
        socket.on("framereceived", lambda payload: self.frames.append(_text(payload)))
        socket.on("framesent", lambda payload: self.sent.append(_text(payload)))

    def version(self) -> int:
        return int(self.page.evaluate("document.body.dataset.version || -1"))

    def wait_version(self, version: int, timeout_ms: int = WAIT_MS) -> None:
        self.page.wait_for_function(
            "v => Number(document.body.dataset.version || -1) >= v", arg=version, timeout=timeout_ms
        )

    def shot(self, name: str) -> None:
        save_screenshot(self.page, name, full_page=False)


def open_phones(browser: Any, server: Any, arranged: dict[str, Any], names: list[str]) -> list[Phone]:
    pairs = zip(arranged["sessions"], names, strict=True)
    phones = [Phone(browser, server, key, name) for key, name in pairs]
    version = committed(server, arranged["table"]).version
    for phone in phones:
        phone.wait_version(version)
    return phones


def wait_until_quiet(server: Any, table_id: int, phones: list[Phone], quiet_seconds: float = 1.5) -> None:
    """Wait until the table's version has stood still for `quiet_seconds` (every phone's deck
    contribution applied) and every phone shows it: a view drawn by a test after this is not
    redrawn by a late real one."""
    version, since = committed(server, table_id).version, time.monotonic()
    deadline = since + WAIT_MS / 1000
    while time.monotonic() - since < quiet_seconds:
        assert time.monotonic() < deadline, "the table never went quiet"
        time.sleep(0.1)
        now = committed(server, table_id).version
        if now != version:
            version, since = now, time.monotonic()
    for phone in phones:
        phone.wait_version(version)


# Privacy ---------------------------------------------------------------------------------------


def hidden_cards_for(state: LiveTable, seat: int) -> set[str]:
    """Hole cards of the other players that the table has not turned face up."""
    hand = state.hand
    assert hand is not None
    return {str(c) for s in hand.seats if s.seat != seat and not s.shown for c in s.hole}


def assert_page_private(phone: Phone, state: LiveTable, seat: int) -> None:
    """ "Players see their own hole cards; others' only when tabled or exposed." """
    shown = set(phone.page.eval_on_selector_all("[data-card]", "cards => cards.map(c => c.dataset.card)"))
    labels = phone.page.evaluate(SPOKEN_TEXT)
    leaked = shown & hidden_cards_for(state, seat)
    assert not leaked, f"{phone.name} shows {leaked}"
    for code in hidden_cards_for(state, seat):
        assert spoken_name(code) not in labels, f"{phone.name} names {code}"


RANK_WORDS = dict(
    zip(
        "23456789TJQKA",
        [
            "Two",
            "Three",
            "Four",
            "Five",
            "Six",
            "Seven",
            "Eight",
            "Nine",
            "Ten",
            "Jack",
            "Queen",
            "King",
            "Ace",
        ],
        strict=True,
    )
)
SUIT_WORDS = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
# Everything a screen reader would say: the visible text and every label.
SPOKEN_TEXT = """document.body.innerText + ' ' + [...document.querySelectorAll('[aria-label]')]
    .map(e => e.getAttribute('aria-label')).join(' ')"""


def spoken_name(code: str) -> str:
    return f"{RANK_WORDS[code[0]]} of {SUIT_WORDS[code[1]]}"


def assert_frames_private(phone: Phone, hole_by_seat: dict[int, set[str]], seat: int) -> None:
    """No frame ever carried another player's hole card before that player's hand was tabled."""
    for text in phone.frames:
        message = json.loads(text)
        if message.get("type") != "view" or not message["view"].get("hand"):
            continue
        shown = {s["seat"] for s in message["view"]["hand"]["seats"] if s.get("shown")}
        for other, cards in hole_by_seat.items():
            if other == seat or other in shown:
                continue
            for code in cards:
                assert f'"{code}"' not in text, f"{phone.name} received {code} of seat {other}"


# Playing through the page ----------------------------------------------------------------------


def tap(phone: Phone, selector: str) -> None:
    phone.page.locator(selector).first.tap()


def wait_my_turn(phone: Phone) -> None:
    phone.page.wait_for_function("() => document.body.dataset.myTurn === 'true'", timeout=WAIT_MS)


def play_step(phone: Phone, state: LiveTable, seat: int, plan: dict[str, Any]) -> None:
    """Take this seat's planned decision through its page, using the buttons a player would."""
    hand = state.hand
    assert hand is not None
    wait_my_turn(phone)
    actions = hand.legal_actions(seat)["actions"]
    wanted = plan.get((hand.street, seat))
    if "show" in actions:
        tap(phone, "[data-action=show]")
    elif wanted == "all-in":
        word = "raise" if actions.get("raise", {}).get("allowed") else "bet"
        tap(phone, "[data-action=size]")
        tap(phone, ".act-quick:text-is('All-in')")
        tap(phone, f"[data-action={word}]")
    elif isinstance(wanted, int):
        word = "raise" if actions.get("raise", {}).get("allowed") else "bet"
        tap(phone, "[data-action=size]")
        phone.page.fill(".act-exact", str(wanted))
        phone.page.locator(".act-exact").press("Tab")
        tap(phone, f"[data-action={word}]")
    elif actions.get("call", {}).get("allowed"):
        tap(phone, "[data-action=call]")
    else:
        tap(phone, "[data-action=check]")


def wait_for_next_action(server: Any, table_id: int, state: LiveTable, seconds: float = 10) -> LiveTable:
    """The committed state once the hand has moved on from `state` (presence changes do not count)."""
    assert state.hand is not None
    seen = len(state.hand.events)
    deadline = time.monotonic() + seconds
    while True:
        new = committed(server, table_id)
        if new.hand is not None and len(new.hand.events) > seen:
            return new
        assert time.monotonic() < deadline, "the action never reached the server"
        time.sleep(0.05)


def play_until_over(server: Any, table_id: int, phones: list[Phone], plan: dict[str, Any]) -> LiveTable:
    state = committed(server, table_id)
    for _ in range(40):
        hand = state.hand
        assert hand is not None
        if hand.finished:
            return state
        seat = hand.to_act
        assert seat is not None, f"nobody to act in phase {hand.phase}"
        play_step(phones[seat - 1], state, seat, plan)
        state = wait_for_next_action(server, table_id, state)
        for number, phone in enumerate(phones, start=1):
            phone.wait_version(state.version)
            assert_page_private(phone, state, number)
            if len(state.hand.pots) > 1 and not state.hand.finished:
                # Side pots are listed with who can win each.
                assert phone.page.locator(".side-pots li").count() == len(state.hand.pots)
        if len(state.hand.pots) > 1 and not state.hand.finished:
            phones[1].shot("table-nlhe-side-pot")
    raise AssertionError("the hand did not end")


def test_three_phones_play_a_hand_to_a_showdown_with_a_side_pot(daphne_server: Any, browser: Any) -> None:
    """Side pots: "chips that nobody can call" and all-in players win only what they matched.
    Each phone shows who won which pot, with what, and the new stacks."""
    names = ["Ann", "Bo", "Cy"]
    arranged = daphne_server.call(f"{HERE}:arrange_table", names=names, stacks=[60, 200, 200], seed=SEED)
    table_id = arranged["table"]
    phones = open_phones(browser, daphne_server, arranged, names)
    start = committed(daphne_server, table_id)
    assert start.hand is not None
    hole = {s.seat: {str(c) for c in s.hole} for s in start.hand.seats}
    phones[0].shot("table-nlhe")
    # "Each hand publishes a SHA-256 commitment of its seed before the deal."
    assert start.commitment is not None
    assert start.commitment[:12] in phones[0].page.locator("#fairness").inner_text()
    # Ann (short) moves all-in preflop, the others call; Bo bets 20 on the flop, Cy calls; then checks.
    plan = {(0, 1): "all-in", (1, 2): 20}  # (street: 0 preflop, 1 flop; seat)
    final = play_until_over(daphne_server, table_id, phones, plan)
    hand = final.hand
    assert hand is not None and hand.finished
    assert {award.pot for award in hand.awards} == {0, 1}, "a main pot and a side pot"
    # What each pot was won with, as the engine words it for people (engine.showdown_words).
    words = [r["decided"]["winner_words"] for r in engine_view(hand, "public")["results"]]
    for number, phone in enumerate(phones, start=1):
        results = phone.page.locator("#results").inner_text()
        for award, winner_words in zip(hand.awards, words, strict=True):
            for seat, _amount in award.shares:
                who = "You" if seat == number else names[seat - 1]
                assert who in results
            assert f"({award.amount:,})" in results
            assert f"with {winner_words}." in results
        assert "main pot" in results and "side pot" in results
        # The hand is over: the middle shows the pots it awarded, not an emptied "Pot 0".
        pot_shown = phone.page.locator(".pot .pot-total strong").inner_text()
        assert pot_shown == f"{sum(award.amount for award in hand.awards):,}"
        page_text = phone.page.locator("body").inner_text()
        for seat_view in engine_view(hand, number)["seats"]:
            if seat_view["hand"]:  # what each tabled hand makes, as the engine words it
                assert seat_view["hand"][0] in page_text
        for s in final.table.seats:
            if s.seat == number:
                assert phone.page.locator(".my-stack strong").inner_text() == f"{s.stack:,}"
            else:
                tile = phone.page.locator(f".seat[data-seat='{s.seat}'] .seat-stack")
                assert tile.inner_text() == f"{s.stack:,}"
        assert_frames_private(phone, hole, number)
        assert phone.errors == []
    phones[1].shot("table-nlhe-results")

    # docs/design.md, Shuffling: "After the hand each viewer gets the openings of what they may see
    # (shown cards for all, own hole cards privately)": each phone checks every card it saw
    # against the deck root on the spot. The seed itself waits for the end of the night.
    for number, phone in enumerate(phones, start=1):
        checks = phone.page.locator("#card-checks")
        checks.wait_for()
        seen = {str(c) for c in hand.boards[0]} | hole[number]
        ok = set(
            phone.page.locator("#card-checks .opening-ok").evaluate_all("els => els.map(e => e.dataset.card)")
        )
        assert seen <= ok and phone.page.locator("#card-checks .opening-bad").count() == 0
        assert "every card you saw was in the deck committed at the deal" in checks.inner_text()
        # Its pledge for the next deal (the hash of a value made in the browser), sent and shown back.
        sent = [json.loads(frame) for frame in phone.sent if '"shuffle_pledge"' in frame]
        assert sent and re.fullmatch(r"[0-9a-f]{64}", sent[-1]["action"]["pledge"])
        phone.page.locator(".contribution").wait_for()
        assert sent[-1]["action"]["pledge"][:12] in phone.page.locator(".contribution").inner_text()
    phones[2].shot("table-nlhe-card-checks")
    href = phones[2].page.locator("#fairness a").last.get_attribute("href")
    check = phones[2].context.new_page()
    check.goto(f"{daphne_server.url}{href}")
    assert "The seeds are revealed when the night closes" in check.locator("body").inner_text()
    assert final.revealed and final.revealed["deck_root"] in check.locator("body").inner_text()
    check.close()

    # The hand's history: step through it from the start, and download it as PHH.
    ann = phones[0]
    tap(ann, "#history-open")
    ann.page.locator(".history-hand").first.tap()
    ann.page.locator(".replay-step").wait_for()
    tap(ann, ".replay-controls button:text-is('Start')")
    assert ann.page.locator(".replay-counter").inner_text().startswith("Step 1 of")
    tap(ann, ".replay-controls button:has-text('Next')")
    assert ann.page.locator(".replay-counter").inner_text().startswith("Step 2 of")
    ann.shot("table-history")
    href = ann.page.locator("a:text-is('Download PHH')").get_attribute("href")
    phh = ann.page.request.get(f"{daphne_server.url}{href}")
    assert phh.ok and "d dh p1" in phh.text()

    # On a laptop the same page uses the width: the felt on the left, my place on the right.
    bo = phones[1]
    tap(bo, "#four-colour")
    assert "four-colour" in bo.page.evaluate("document.body.className")
    bo.page.set_viewport_size({"width": 1280, "height": 800})
    assert bo.page.evaluate("document.documentElement.scrollWidth") <= 1280
    bo.shot("table-nlhe-laptop")
