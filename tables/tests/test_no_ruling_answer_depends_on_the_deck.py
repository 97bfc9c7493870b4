"""No ruling the host panel offers answers differently for a different deck, in any game.

docs/design.md, Visibility: "A refusal message, a ruling preview, a log line, a download, a verify
page or a CSV must never depend on a card its reader may not see: the host usually plays."

The same hand is played at two tables whose decks differ, with the same decisions at both
(every decision of these games is open to any deck). At every step, every ruling is
previewed or refused for every seat at both tables: with card faces written as "??", the
answers must be the same, so no answer can tell the host anything about a card he has not
seen (a hole card, a card still in the deck, or who a runout would favour).
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User

from engine.games import GAMES
from tables.errors import ActionRefused
from tables.live import apply_intent, load_state
from tables.models import Table
from tables.services.hosting import host_rulings
from tables.tests.conftest import new_host, new_night
from tables.tests.live_helpers import random_action
from tables.tests.made_once import made_once_for_the_module
from tables.tests.test_privacy_every_game import (
    Seated,
    deal_game,
    seat_the_host_and_two_guests,
    start_hand,
)

pytestmark = pytest.mark.django_db

CARD = re.compile(r"(?<![0-9A-Za-z])[2-9TJQKA][cdhs](?![0-9A-Za-z])")
SEEDS = ("5e" * 32, "11" * 32)


@pytest.fixture(scope="module", name="two_decks_once")
def two_decks_once_fixture(django_db_setup: None, django_db_blocker: Any) -> Iterator[list[Seated]]:
    # A seated table at each of two nights, made once for the module: each test deals its game
    # at both, and is rolled back after it (tables/tests/made_once.py).
    with made_once_for_the_module(django_db_blocker):
        host = new_host()
        yield [seat_the_host_and_two_guests(new_night(host, name=f"Deck {seed[:2]}"), host) for seed in SEEDS]


@pytest.fixture(name="two_decks")
def two_decks_fixture(two_decks_once: list[Seated], db: None) -> list[Seated]:
    return copy.deepcopy(two_decks_once)


def _answers(table: Table, host: User) -> str:
    """Every ruling's preview or refusal for every seat, card faces hidden."""
    answers: list[object] = []
    for ruling in host_rulings.available():
        for seat in ("1", "2", "3"):
            values = {"seat": seat, "stack": "50", "card_number": "1", "during_deal": "on"}
            try:
                answers.append(host_rulings.preview(table, host, ruling.key, values).changes)
            except ActionRefused as refused:
                answers.append(str(refused))
    return CARD.sub("??", repr(answers))


@pytest.mark.parametrize("game", sorted(GAMES))
# The second random line of play of each game is the same check again, and half this file's
# time: `make test` and CI run it, `make test-fast` the first line of every game.
@pytest.mark.parametrize("decisions", [1, pytest.param(5, marks=pytest.mark.slow)])
def test_no_ruling_answer_depends_on_the_deck(game: str, decisions: int, two_decks: list[Seated]) -> None:
    host = two_decks[0].host
    tables = []
    for seated, seed in zip(two_decks, SEEDS, strict=True):
        table, players = deal_game(seated, game)
        start_hand(table, players, seed)
        tables.append(table)
    rnd = random.Random(decisions)
    step = 0
    while all(load_state(table.pk).hand_in_progress for table in tables):
        first, second = (_answers(table, host) for table in tables)
        assert first == second, f"step {step}: {first} != {second}"
        seat, action = random_action(load_state(tables[0].pk), rnd)
        for table in tables:
            apply_intent(table.pk, "system", {"type": "act", "seat": seat, "action": action})
        step += 1
