"""The table page, its hand history endpoints and the shuffle check page."""

from __future__ import annotations

import pytest
from django.test import Client

from engine.cards import format_cards
from engine.config import SeatInHand, Stakes
from engine.events import HoleCardsDealt
from engine.forced_bets import standard_config
from engine.hand import Hand as EngineHand
from engine.phh.redact import hide_unseen_cards, phh_for_viewer
from engine.shuffle import commitment, shuffled_deck
from tables.identity import SESSION_KEY
from tables.live import apply_intent, load_state
from tables.models import Player, Table
from tables.tests.live_helpers import SEED, seat_players

pytestmark = pytest.mark.django_db


def phone_of(player: Player) -> Client:
    client = Client()
    session = client.session
    session[SESSION_KEY] = player.session_token
    session.save()
    return client


def play_a_hand_ended_by_folds(table: Table) -> None:
    apply_intent(table.pk, "host", {"type": "options", "auto_deal": False})
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED})
    while True:
        state = load_state(table.pk)
        assert state.hand is not None
        if state.hand.finished:
            return
        apply_intent(
            table.pk, "system", {"type": "act", "seat": state.hand.to_act, "action": {"type": "fold"}}
        )


def test_a_seated_player_gets_the_table_page_with_its_socket(table: Table) -> None:
    ann, _ = seat_players(table, ["Ann", "Bo"])
    page = phone_of(ann).get("/play/table/")
    assert page.status_code == 200
    assert f'data-socket-path="/ws/tables/{table.pk}/"'.encode() in page.content
    assert f'data-player-id="{ann.pk}"'.encode() in page.content


def test_someone_not_seated_is_sent_back_to_the_seat_page(table: Table) -> None:
    assert Client().get("/play/table/")["Location"] == "/play/"


def test_history_lists_finished_hands_and_replays_them_without_hidden_cards(table: Table) -> None:
    """Hands that end by folds show no cards: a player sees only their own hole cards."""
    ann, bo = seat_players(table, ["Ann", "Bo"])
    play_a_hand_ended_by_folds(table)
    phone = phone_of(ann)
    hands = phone.get(f"/tables/{table.pk}/hands.json").json()["hands"]
    assert [h["number"] for h in hands] == [1]
    # The seed would give every folded hand: it is revealed only when the night closes
    # (docs/design.md, Shuffling); until then the hand shows what was published at the deal.
    assert hands[0]["seed"] is None and hands[0]["commitment"] == commitment(bytes.fromhex(SEED))
    assert hands[0]["deck_root"]
    replay = phone.get(hands[0]["url"]).json()
    assert replay["steps"], "a step per event"
    # Events name who did what, never a card ("No view ever contains the deck ... or a burn card").
    assert all(
        set(step["event"]) <= {"type", "seat", "amount", "to", "street", "target"} for step in replay["steps"]
    )
    last = replay["steps"][-1]
    mine = next(s for s in last["seats"] if s["player"] == str(ann.pk))
    theirs = next(s for s in last["seats"] if s["player"] == str(bo.pk))
    assert mine["cards"] and theirs["cards"] is None
    assert all(
        s["seats"][[x["player"] for x in s["seats"]].index(str(bo.pk))]["cards"] is None
        for s in replay["steps"]
    )


def test_the_phh_download_writes_cards_the_viewer_never_saw_as_unknown(table: Table) -> None:
    ann, _bo = seat_players(table, ["Ann", "Bo"])
    play_a_hand_ended_by_folds(table)
    text = phone_of(ann).get(f"/tables/{table.pk}/hands/1.phh").content.decode()
    dealt = [line for line in text.splitlines() if '"d dh' in line]
    assert len(dealt) == 2
    assert sum("????" in line for line in dealt) == 1, text


def test_history_is_not_for_strangers_of_a_closed_night(table: Table) -> None:
    seat_players(table, ["Ann", "Bo"])
    play_a_hand_ended_by_folds(table)
    table.night.status = table.night.Status.CLOSED
    table.night.save(update_fields=["status"])
    assert Client().get(f"/tables/{table.pk}/hands.json").status_code == 404


def test_the_verify_page_checks_a_seed_against_its_commitment() -> None:
    good = Client().get("/verify/", {"seed": SEED, "commitment": commitment(bytes.fromhex(SEED))})
    assert b"The commitment matches this seed." in good.content
    bad = Client().get("/verify/", {"seed": SEED, "commitment": "0" * 64})
    assert b"does NOT match" in bad.content
    assert b"python -m engine.shuffle verify" in bad.content


def test_the_host_and_the_public_of_an_open_night_may_watch_a_table(
    table: Table, host_client: Client
) -> None:
    seat_players(table, ["Ann", "Bo"])
    assert b'data-role="host"' in host_client.get(f"/tables/{table.pk}/").content
    assert b'data-role="public"' in Client().get(f"/tables/{table.pk}/").content
    table.night.status = table.night.Status.CLOSED
    table.night.save(update_fields=["status"])
    assert Client().get(f"/tables/{table.pk}/").status_code == 403


def crazy_blind_man_to_showdown() -> EngineHand:
    """Three players check it down; each removal takes the first card offered."""
    seats = [SeatInHand(1, "1", 200, "Ann"), SeatInHand(2, "2", 200, "Bo"), SeatInHand(3, "3", 200, "Cy")]
    config = standard_config("crazy_blind_man", seats, button=3, stakes=Stakes(1, 2))
    hand = EngineHand.deal(config, shuffled_deck(bytes.fromhex(SEED)))
    while not hand.finished:
        seat = hand.to_act
        actions = hand.legal_actions(seat)["actions"]
        if "remove" in actions:
            hand.act(seat, "remove", index=0)
        else:
            name = next(n for n in ("check", "call", "show") if actions.get(n, {}).get("allowed"))
            hand.act(seat, name)
    return hand


def test_history_never_names_the_card_taken_from_the_viewer() -> None:
    """Crazy Blind Man: "No player may see the card that was taken from them", not even in history."""
    hand = crazy_blind_man_to_showdown()
    taken = {target: card for _, target, card in hand.extras["removal"]["done"]}
    dealt = dict(next(e for e in hand.events if isinstance(e, HoleCardsDealt)).hands)
    order = [s.seat for s in hand.clockwise_from_button()]
    lines = [f"d dh p{i} {format_cards(dealt[seat])}" for i, seat in enumerate(order, 1)]
    for viewer in (1, 2, 3):
        mine = hide_unseen_cards(lines, hand, viewer)[order.index(viewer)]
        assert taken[viewer] not in mine
        kept = [str(c) for c in hand.seat(viewer).hole]
        assert all(card in mine for card in kept), "my own two cards are known after the showdown"
    for viewer in (1, 2, 3):
        text = phh_for_viewer(hand, viewer)
        assert taken[viewer] not in text, "the download never names the card taken from its reader"
        others = [card for target, card in taken.items() if target != viewer]
        assert all(card in text for card in others), "the cards this reader took or saw taken are known"
