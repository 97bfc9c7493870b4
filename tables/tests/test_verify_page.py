"""The verify page: what each deal published while the night is open, every hand checked once
it is closed (docs/design.md, Shuffling: "The seeds, which give the whole deck and so every folded
hand, are revealed only when the night closes.")."""

from __future__ import annotations

import hashlib
import json

import pytest
from django.test import Client

from engine.live import view
from engine.live.fairness import pledge_of
from engine.shuffle import deck_seed, shuffled_deck
from tables.live import apply_intent, load_state, player_actor
from tables.models import Night, Player, Table
from tables.models.live import Hand
from tables.tests.live_helpers import seat_players
from tables.tests.test_table_page import phone_of

pytestmark = pytest.mark.django_db

PHONE = "c0" * 32


def _play_hands(table: Table, ann: Player, count: int) -> None:
    apply_intent(table.pk, "host", {"type": "options", "auto_deal": False})
    for _ in range(count):
        apply_intent(table.pk, player_actor(ann.pk), {"type": "shuffle_pledge", "pledge": pledge_of(PHONE)})
        apply_intent(table.pk, "host", {"type": "start_hand"})
        shown = load_state(table.pk).shuffling.commitment  # the value names the cut-off it answers
        value = {"type": "shuffle_value", "value": PHONE, "commitment": shown}
        apply_intent(table.pk, player_actor(ann.pk), value)
        while not load_state(table.pk).hand.finished:
            seat = load_state(table.pk).hand.to_act
            apply_intent(table.pk, "system", {"type": "act", "seat": seat, "action": {"type": "fold"}})


def test_while_the_night_is_open_no_seed_and_no_deck_is_shown(table: Table) -> None:
    ann, _ = seat_players(table, ["Ann", "Bo"])
    _play_hands(table, ann, 2)
    seeds = list(Hand.objects.values_list("seed", flat=True))
    assert all(seeds)
    phone = phone_of(ann)
    page = phone.get("/verify/", {"table": table.pk}).content.decode()
    assert "The seeds are revealed when the night closes" in page
    for row in Hand.objects.all():
        assert row.seed not in page and row.commitment in page and row.deck_root in page
    hands = phone.get(f"/tables/{table.pk}/hands.json").json()["hands"]
    assert [h["seed"] for h in hands] == [None, None]
    assert not any(seed in str(hands) for seed in seeds)


def test_once_the_night_is_closed_every_hand_is_checked_with_its_seed_and_contributions(table: Table) -> None:
    ann, _ = seat_players(table, ["Ann", "Bo"])
    _play_hands(table, ann, 2)
    Night.objects.filter(pk=table.night_id).update(status=Night.Status.CLOSED)
    page = phone_of(ann).get("/verify/", {"table": table.pk}).content.decode()
    assert page.count("seed, contributions and deck match what was published") == 2
    for row in Hand.objects.all():
        assert row.contributions == {"1": PHONE}
        assert row.seed in page and f"--contribution {PHONE}" in page
        # The deck the hand was dealt from is the server seed mixed with Ann's value.
        mixed = deck_seed(bytes.fromhex(row.seed), [bytes.fromhex(PHONE)])
        assert row.config and shuffled_deck(mixed) != shuffled_deck(bytes.fromhex(row.seed))
        assert hashlib.sha256(bytes.fromhex(row.seed)).hexdigest() == row.commitment
    hands = phone_of(ann).get(f"/tables/{table.pk}/hands.json").json()["hands"]
    assert {h["seed"] for h in hands} == set(Hand.objects.values_list("seed", flat=True))
    assert all(h["contributions"] == {"1": PHONE} for h in hands)


def test_a_table_nobody_may_watch_has_no_hands_to_show(table: Table) -> None:
    assert Client().get("/verify/", {"table": table.pk + 100}).status_code == 404
    assert Client().get("/verify/", {"table": "abc"}).status_code == 404


def test_an_opening_from_the_table_is_checked_against_the_root(table: Table) -> None:
    ann, _ = seat_players(table, ["Ann", "Bo"])
    _play_hands(table, ann, 1)
    state = load_state(table.pk)
    opening = view(state, 1)["fairness"]["openings"][0]
    root = state.revealed["deck_root"]
    good = Client().get("/verify/", {"root": root, "opening": json.dumps(opening)}).content.decode()
    assert f"{opening['card']} was in that place of the deck committed at the deal." in good
    forged = {**opening, "card": "As" if opening["card"] != "As" else "Ks"}
    bad = Client().get("/verify/", {"root": root, "opening": json.dumps(forged)}).content.decode()
    assert "does NOT match the root" in bad
