"""A host dealt in to the hand asks for a misdeal or an exposed card during the deal; it waits
for a second person's yes, a seated player on their phone or a co-host, and every step is in
the night's log.

House rules, At the Deal: "Some dealing errors void the hand and it's re-dealt from scratch."
and "That card is set aside and treated as a burn ... they take the card that would otherwise
have been the burn before the flop." Neither is a redraw the host may give himself.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from engine.live import HOST, view
from tables.errors import ActionRefused
from tables.live import apply_intent, load_state, player_actor
from tables.models import Player, Table
from tables.services.hosting import host_panel, host_rulings, second_yes
from tables.services.seating import joining, seating
from tables.tests.conftest import host_calls

pytestmark = pytest.mark.django_db


def _host_plays(table: Table, host: User) -> tuple[Player, Player, Player]:
    """The host joins his own night as a player (as the join page does for a signed-in user)."""
    me = joining.join_night(table.night, "Hostess", user=host)
    bob = joining.join_night(table.night, "Bob")
    cy = joining.join_night(table.night, "Cy")
    for number, player in enumerate((me, bob, cy), start=1):
        seating.move_player(player, table, number)
    apply_intent(table.pk, HOST, {"type": "start_hand"})
    return me, bob, cy


def _ask_for_a_misdeal(table: Table, host: User) -> None:
    shown = host_rulings.preview(table, host, "misdeal", {})
    host_rulings.apply_ruling(table, host, "misdeal", {}, "two cards flipped", shown.version)


def _answer(table: Table, player: Player, ruling_id: int, answer: str) -> None:
    """The player's phone answers, as its socket sends it."""
    apply_intent(
        table.pk, player_actor(player.pk), {"type": "answer_ruling", "id": ruling_id, "answer": answer}
    )


def test_the_misdeal_waits_logged_as_asked_and_a_seated_player_confirms_it(table: Table, host: User) -> None:
    _, bob, _ = _host_plays(table, host)
    dealt = load_state(table.pk)
    _ask_for_a_misdeal(table, host)
    state = load_state(table.pk)
    assert state.hand is not None and not state.hand.finished and state.commitment == dealt.commitment
    asked = host_calls().get(what__contains="Misdeal asked")
    assert "waits for a second person's yes" in asked.what and asked.who == host
    pending = view(state, 2)["pending_ruling"]
    assert pending["may_answer"] and not view(state, 1)["pending_ruling"]["may_answer"]
    apply_intent(
        table.pk, player_actor(bob.pk), {"type": "answer_ruling", "id": pending["id"], "answer": "yes"}
    )
    state = load_state(table.pk)
    assert state.hand.finished and state.table.redeal is not None
    confirmed = host_calls().get(what__contains="confirmed")
    assert confirmed.what.startswith("Main table: Bob (seat 2) confirmed hostess's ruling: Misdeal")
    assert confirmed.who_label == "Bob"


def test_the_host_cannot_confirm_it_himself_and_a_co_host_can(table: Table, host: User) -> None:
    _host_plays(table, host)
    _ask_for_a_misdeal(table, host)
    pending = second_yes.pending(table)
    assert pending is not None
    with pytest.raises(ActionRefused, match="A second person confirms"):
        second_yes.answer(table, host, pending["id"], True)
    assert not load_state(table.pk).hand.finished
    co = User.objects.create_user(username="co", password="x")
    host_panel.name_co_host(table.night, host, "co")
    second_yes.answer(table, co, pending["id"], True)
    assert load_state(table.pk).hand.finished
    assert host_calls().get(what__contains="confirmed").who == co


def test_a_refusal_drops_it_and_is_logged(table: Table, host: User) -> None:
    _, _, cy = _host_plays(table, host)
    _ask_for_a_misdeal(table, host)
    pending = second_yes.pending(table)
    apply_intent(
        table.pk, player_actor(cy.pk), {"type": "answer_ruling", "id": pending["id"], "answer": "no"}
    )
    assert not load_state(table.pk).hand.finished and second_yes.pending(table) is None
    assert host_calls().filter(what__contains="Cy (seat 3) refused hostess's ruling").count() == 1


def test_the_same_ruling_over_the_hosts_socket_waits_too(table: Table, host: User) -> None:
    _host_plays(table, host)
    version = load_state(table.pk).version
    host_panel.socket_command(table.pk, host, {"type": "misdeal", "reason": "flipped"}, "c1", version)
    assert not load_state(table.pk).hand.finished and second_yes.pending(table) is not None


def test_a_host_who_is_not_dealt_in_still_rules_at_once(table: Table, host: User) -> None:
    bob = joining.join_night(table.night, "Bob")
    cy = joining.join_night(table.night, "Cy")
    seating.move_player(bob, table, 1)
    seating.move_player(cy, table, 2)
    apply_intent(table.pk, HOST, {"type": "start_hand"})
    _ask_for_a_misdeal(table, host)
    assert load_state(table.pk).hand.finished and second_yes.pending(table) is None


def test_the_panel_shows_it_and_a_co_host_agrees_there(table: Table, host: User) -> None:
    _host_plays(table, host)
    _ask_for_a_misdeal(table, host)
    pending = second_yes.pending(table)
    host_page = Client()
    host_page.force_login(host)
    panel = host_page.get(reverse("host_panel", args=[table.night_id])).content.decode()
    assert f'data-pending-ruling="{pending["id"]}"' in panel
    assert "Withdraw" in panel and ">Agree<" not in panel  # the host who asked cannot agree
    User.objects.create_user(username="co", password="x")
    host_panel.name_co_host(table.night, host, "co")
    co_page = Client()
    co_page.force_login(User.objects.get(username="co"))
    assert ">Agree<" in co_page.get(reverse("host_panel", args=[table.night_id])).content.decode()
    url = reverse("host_ruling_answer", args=[table.night_id, table.pk])
    co_page.post(url, {"id": str(pending["id"]), "answer": "yes"})
    assert load_state(table.pk).hand.finished and second_yes.pending(table) is None
