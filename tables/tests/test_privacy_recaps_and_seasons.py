"""No recap or season page shows a card that was not shown, in every game, to any reader.

Issue 21: "Both respect the privacy rules: only cards that were shown, and for the night's
players only." docs/design.md, Visibility: "Views are not the only door. A refusal message, a
ruling preview, a log line, a download, a verify page or a CSV must never depend on a card
its reader may not see: the host usually plays."

Each game is played for a few hands with random legal decisions, the host sitting in seat 1,
and the night closed. A card was shown when the public's view of its hand showed it at some
step. Then every reader (the host, each player, a guest of a later night recognised as one of
them) opens the recap, every hand's replay in it and the season page: each hand's page may
show only that hand's shown cards, and the recap and season pages (the season's log too) no
card at all.
"""

from __future__ import annotations

import datetime
import random
import re

import pytest
from django.test import Client

from engine.games import GAMES
from tables.consumers import Identity
from tables.live import apply_intent, hand_deck, load_state
from tables.models import Night, Player, Table
from tables.models.live import Hand
from tables.services.ledger import closing
from tables.services.seasons import seasons
from tables.services.seating import joining, people
from tables.tests.conftest import new_night
from tables.tests.live_helpers import random_action
from tables.tests.test_privacy_every_game import (
    Seated,
    _cards,
    deal_game,
    seated_fixture,  # noqa: F401  (a fixture)
    seated_once_fixture,  # noqa: F401  (a fixture)
    start_hand,
)
from tables.tests.test_table_page import phone_of
from tables.views.table_page import replay_steps

pytestmark = pytest.mark.django_db

HANDS = 3
SYMBOLS = re.compile("[\u2660\u2665\u2666\u2663]")


def _play(table: Table, players: list[Player], rnd: random.Random) -> None:
    start_hand(table, players)
    table_id = table.pk
    for _ in range(300):
        state = load_state(table_id)
        if not state.hand_in_progress:
            return
        seat, action = random_action(state, rnd)
        apply_intent(table_id, "system", {"type": "act", "seat": seat, "action": action})
    raise AssertionError("The hand did not finish")


def _shown(row: Hand, night: Night) -> set[str]:
    """Every card the public saw at some step of the hand."""
    _, steps = replay_steps(row, Identity(None, False, night.pk))
    return set().union(*(_cards(step) for step in steps)) if steps else set()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_recap_or_season_page_shows_a_card_that_was_not_shown(game: str, seated: Seated) -> None:
    night, host = seated.night, seated.host
    table, players = deal_game(seated, game)
    rnd = random.Random(f"recap-{game}")
    for _ in range(HANDS):
        if sum(1 for s in load_state(table.pk).table.seats if s.stack > 0) < 2:
            break
        _play(table, players, rnd)
    closing.close_night(night, host)
    rows = list(Hand.objects.filter(table=table, status=Hand.Status.FINISHED))
    assert rows, "no hand was played"
    shown = {row.number: _shown(row, night) for row in rows}
    dealt = {row.number: {str(card) for card in hand_deck(row)} for row in rows}
    # The check can fail: somewhere a hand hid cards (folded, mucked, undealt).
    assert any(dealt[n] - shown[n] for n in dealt)

    later = new_night(host, name="Later", date=datetime.date(2026, 12, 11))
    returning = joining.join_night(later, "Bo again")
    # The guest played under a name like a card, stored before such names were refused; a claim
    # would name a person after it, so the host renamed them first.
    Player.objects.filter(pk=players[1].pk).update(display_name="Bo")
    people.confirm_claim(people.claim_name(returning, players[1].pk).pk, host)
    season = seasons.create_season(
        host,
        seasons.SeasonSettings("Winter", datetime.date(2026, 11, 1), datetime.date(2026, 12, 31)),
    )
    seasons.set_nights(season, [night.pk], host)

    host_client = Client()
    host_client.force_login(host)
    readers = {"host": host_client, "returning": phone_of(returning)}
    readers |= {player.display_name: phone_of(player) for player in players}
    for reader, client in readers.items():
        recap = client.get(f"/nights/{night.pk}/recap/")
        assert recap.status_code == 200, reader
        season_page = client.get(f"/seasons/{season.pk}/")
        assert season_page.status_code == 200, reader
        assert "Nights that count: took out Later" in season_page.content.decode()  # its log is scanned too
        for page in (recap.content.decode(), season_page.content.decode()):
            assert not _cards(page) and not SYMBOLS.search(page), f"{reader} sees a card on a summary page"
        for row in rows:
            page = client.get(f"/nights/{night.pk}/recap/hands/{table.pk}/{row.number}/").content.decode()
            seen = _cards(page)
            assert not seen - shown[row.number], (
                f"{reader} sees {seen - shown[row.number]} in hand {row.number}"
            )
            # Every card drawn on the page is named by a title the scan above read.
            assert len(SYMBOLS.findall(page)) == page.count('class="pc ')
