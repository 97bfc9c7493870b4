"""A hand dealt dead because its phone's value never came shows its cards in no history.

docs/shuffle.md: "a player whose value never came is dealt a dead hand". docs/design.md,
Visibility: "a download, a verify page or a CSV must never depend on a card its reader may not
see". In Crazy Blind Man every player sees the others' cards, but the deal and the dealer's kill
of a dead hand are one write, so no live frame ever showed the dead seat active with its cards:
the hand's history and, once the night is closed, its verify entry must not either.
"""

from __future__ import annotations

import re
import time
from dataclasses import replace
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from engine.config import Stakes
from engine.live import LiveTable
from engine.live.fairness import REVEAL_SECONDS, pledge_of
from engine.table import set_game
from tables.live import apply_intent, load_state, player_actor
from tables.models import Night, Player, Table
from tables.models.live import Hand, TableSnapshot
from tables.services.hands.hand_replay import replayed_hand
from tables.services.ledger import closing
from tables.tests.live_helpers import seat_guest
from tables.tests.test_table_page import phone_of

pytestmark = pytest.mark.django_db

VALUES = ["a1" * 32, "b2" * 32, "c3" * 32]
DEAD = 3  # Cy's phone never sends its value


def _passive(state: LiveTable) -> tuple[int, dict[str, Any]]:
    hand = state.hand
    assert hand is not None and hand.to_act is not None
    actions = hand.legal_actions(hand.to_act)["actions"]
    for name in ("check", "call", "remove", "show"):
        if actions.get(name, {}).get("allowed"):
            action: dict[str, Any] = {"type": name}
            if name == "remove":
                action["index"] = actions[name]["cards"][0]
            return hand.to_act, action
    raise AssertionError(f"no passive action in {sorted(actions)}")


def _play_with_a_dead_hand(table: Table, players: list[Player]) -> Hand:
    """Crazy Blind Man with three pledges; Cy's value never comes, so the dealer deals Cy dead."""
    state = load_state(table.pk)
    stakes = Stakes(small_blind=1, big_blind=2)
    state = replace(state, table=set_game(state.table, "crazy_blind_man", stakes))
    TableSnapshot.objects.filter(table=table).update(state=state.to_json(), updated_at=timezone.now())
    apply_intent(table.pk, "host", {"type": "options", "auto_deal": False})
    for player, value in zip(players, VALUES, strict=True):
        apply_intent(
            table.pk, player_actor(player.pk), {"type": "shuffle_pledge", "pledge": pledge_of(value)}
        )
    now = time.time()
    apply_intent(table.pk, "host", {"type": "start_hand"}, now=now)
    shown = load_state(table.pk).shuffling.commitment  # each value names the cut-off it answers
    for player, value in zip(players[:2], VALUES[:2], strict=True):
        sent = {"type": "shuffle_value", "value": value, "commitment": shown}
        apply_intent(table.pk, player_actor(player.pk), sent)
    timeout = {"type": "timeout", "version": load_state(table.pk).version}
    apply_intent(table.pk, "system", timeout, now=now + REVEAL_SECONDS + 1)
    state = load_state(table.pk)
    assert state.hand is not None and not state.hand.seat(DEAD).live, "Cy is dealt a dead hand"
    while (state := load_state(table.pk)).hand_in_progress:
        seat, action = _passive(state)
        apply_intent(table.pk, "system", {"type": "act", "seat": seat, "action": action})
    return Hand.objects.get(table=table)


@pytest.fixture
def dead_hand(table: Table) -> tuple[Table, list[Player], Hand, set[str]]:
    players = [seat_guest(table, name, number, 200) for number, name in enumerate(["Ann", "Bo", "Cy"], 1)]
    row = _play_with_a_dead_hand(table, players)
    dead_cards = {str(card) for card in replayed_hand(row).seat(DEAD).hole}
    assert len(dead_cards) == 3
    return table, players, row, dead_cards


def test_no_history_step_shows_the_dead_seat_active_or_its_cards(
    dead_hand: tuple[Table, list[Player], Hand, set[str]],
) -> None:
    table, players, row, dead_cards = dead_hand
    for reader in players[:2]:
        steps = phone_of(reader).get(f"/tables/{table.pk}/hands/{row.number}.json").json()["steps"]
        assert steps
        for step in steps:
            [dead] = [s for s in step["seats"] if s["seat"] == DEAD]
            shown = {card for card in dead["cards"] or [] if card}
            assert not shown & dead_cards, f"{reader} sees the dead hand's cards at {step['event']}"
            assert dead["status"] == "folded", f"{reader} sees the dead seat in play at {step['event']}"


def test_the_verify_page_opens_no_card_of_the_dead_hand_once_the_night_is_closed(
    dead_hand: tuple[Table, list[Player], Hand, set[str]], host: User, night: Night
) -> None:
    table, players, _, dead_cards = dead_hand
    closing.close_night(night, host)
    for reader in players[:2]:
        page = phone_of(reader).get("/verify/", {"table": table.pk}).content.decode()
        opened = set(re.findall(r'data-opened="([2-9TJQKA][cdhs])"', page))
        assert opened, "the hand's entry opens the cards this reader saw"
        assert not opened & dead_cards, f"the verify page opens the dead hand's cards to {reader}"


def test_the_deal_s_pledges_are_published_with_its_values(
    dead_hand: tuple[Table, list[Player], Hand, set[str]],
) -> None:
    """docs/shuffle.md: "The deal publishes the commitment, every pledge and value under the seat
    its player was dealt": each seat's pledge is listed, the dead seat's with no value."""
    table, players, _, _ = dead_hand
    pledged = {str(seat): pledge_of(value) for seat, value in enumerate(VALUES, 1)}
    ann = phone_of(players[0])
    [listed] = ann.get(f"/tables/{table.pk}/hands.json").json()["hands"]
    assert listed["pledges"] == pledged
    assert listed["contributions"] == {"1": VALUES[0], "2": VALUES[1]}
    page = ann.get("/verify/", {"table": table.pk}).content.decode()
    for seat, pledge in pledged.items():
        assert re.search(rf'data-seat="{seat}">Seat {seat}: pledge <code>{pledge}</code>', page)
    assert f"<code>{VALUES[2]}</code>" not in page  # Cy's value never came: it is nowhere
    assert re.search(rf'data-seat="{DEAD}">Seat {DEAD}: pledge <code>\w+</code>, value none came', page)
