"""A player stored under a name like a card is a name to every door, never a card.

Names like cards are refused now (test_a_name_that_reads_as_a_card_is_refused.py), but a night
from before may have stored one: these players are renamed in the database, as such a night
would have them. docs/design.md, Visibility: "A refusal message, a ruling preview, a log line, a
download, a verify page or a CSV must never depend on a card its reader may not see: the host
usually plays." Crazy Blind Man: "No player may see the card that was taken from them."
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from engine.house import crazy_blind_man
from engine.table import set_game
from tables.live import apply_intent, load_state
from tables.models import Night, Player, Table
from tables.models.live import Hand, TableSnapshot
from tables.services.hands.hand_replay import replayed_hand
from tables.services.hosting import host_rulings, hosting
from tables.services.ledger import closing, ledger
from tables.tests.test_a_card_taken_in_crazy_blind_man_stays_unknown_after_the_night_closes import (
    _passive,
    _verify_entry,
)
from tables.tests.test_privacy_every_game import _stakes, seat_as_stored
from tables.tests.test_table_page import phone_of

pytestmark = pytest.mark.django_db

SEED = "3d" * 32


def _seated_as_stored(table: Table, names: list[str]) -> list[Player]:
    """`seat_as_stored`, each with a buy-in of 300 (so the night can close)."""
    players = seat_as_stored(table, names)
    for player in players:
        ledger.record_chips_in(player, "buy_in", 300, None)
    return players


def _table(night: Night, name: str) -> Table:
    return hosting.create_table(night, name=name, game="nlhe", max_seats=9, small_blind=1, big_blind=2)


def _game(table: Table, game: str) -> None:
    state = load_state(table.pk)
    state = replace(state, table=set_game(state.table, game, _stakes(game)))
    TableSnapshot.objects.filter(table=table).update(state=state.to_json(), updated_at=timezone.now())


def test_the_exposed_card_preview_does_not_show_a_card_a_player_is_named_after(
    make_night: Callable[..., Night], host: User
) -> None:
    """The host previews "exposed card, seat 2, first card" mid-hand: the face stays ?? until the
    ruling is made, even when seat 3 is called by that card's name."""
    night = make_night()
    first = _table(night, "First")
    _seated_as_stored(first, ["Ann", "Bob", "Cy"])
    apply_intent(first.pk, "host", {"type": "start_hand", "seed": SEED})
    face = str(load_state(first.pk).hand.seat(2).hole[0])

    table = _table(night, "Second")
    _seated_as_stored(table, ["Di", "Ed", face])
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED})
    assert str(load_state(table.pk).hand.seat(2).hole[0]) == face  # the same deck
    values = {"seat": "2", "card_number": "1"}
    changes = host_rulings.preview(table, host, "exposed_card", values).changes
    [line] = [line for line in changes if line.startswith("Seat 2")]
    assert face not in line and "??" in line, line


def _play(table: Table) -> Hand:
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED})
    while (state := load_state(table.pk)).hand_in_progress:
        seat, action = _passive(state)
        apply_intent(table.pk, "system", {"type": "act", "seat": seat, "action": action})
    return Hand.objects.get(table=table, number=state.hand.config.hand_number)


def _taken(row: Hand) -> dict[int, str]:
    hand = replayed_hand(row)
    return {seat: text for seat in (1, 2, 3) for _, text in crazy_blind_man.removed_from(hand, seat)}


@pytest.mark.parametrize("game", crazy_blind_man.KEYS)
def test_the_verify_page_opens_no_card_taken_from_a_player_named_after_it(
    make_night: Callable[..., Night], host: User, game: str
) -> None:
    """Once the night is closed, a Crazy Blind Man hand's verify entry opens the cards its reader
    saw: never the card taken from them, even when they or another player are called by it."""
    first = _table(make_night(), "First")  # a night of its own: the verify page lists a night
    _seated_as_stored(first, ["Ann", "Bob", "Cy"])
    _game(first, game)
    taken = _taken(_play(first))
    assert len(taken) == 3

    night = make_night()
    table = _table(night, "Second")
    players = _seated_as_stored(table, [taken[1], taken[2], taken[3]])
    _game(table, game)
    row = _play(table)
    assert _taken(row) == taken  # the same deck, the same removals
    closing.close_night(night, host)
    for seat, player in enumerate(players, start=1):
        page = phone_of(player).get("/verify/", {"table": table.pk}).content.decode()
        entry = _verify_entry(page, row)
        opened = _opened_cards(entry)
        assert opened, "the entry opens the cards this player saw"
        assert taken[seat] not in opened, f"seat {seat} is given the card taken from them"


def _opened_cards(entry: str) -> set[str]:
    """The cards of the openings the verify entry lists (each in its --opening JSON)."""
    found: set[str] = set()
    for text in re.findall(r"--opening '(\{.*?\})'", html.unescape(entry)):
        proof: dict[str, Any] = json.loads(text)
        found.add(proof["card"])
    return found
