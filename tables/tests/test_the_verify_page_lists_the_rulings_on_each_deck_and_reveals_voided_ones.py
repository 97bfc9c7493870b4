"""The verify page lists each hand's misdeals and exposed cards (who called them, who held the
seat), names whoever held a value back and counts it per player, and reveals every voided deck
with the night, as the played ones are; while the night is open it names no card.

House rules, At the Deal: "Some dealing errors void the hand and it's re-dealt from scratch."
and "That card is set aside and treated as a burn". docs/design.md, Shuffling: "The seeds,
which give the whole deck and so every folded hand, are revealed only when the night closes."
"""

from __future__ import annotations

import re

import pytest
from django.test import Client

from engine.live.fairness import REVEAL_SECONDS, pledge_of
from tables.live import apply_intent, load_state, player_actor
from tables.models import Night, Player, Table
from tables.models.live import HandEvent
from tables.tests.live_helpers import seat_players
from tables.tests.test_table_page import phone_of

pytestmark = pytest.mark.django_db

SUITS = re.compile("[♠♥♦♣]")
ANN, BO = "a1" * 32, "b0" * 32


def _section(page: str) -> str:
    return page.split('id="deck-rulings"', 1)[1].split("</section>", 1)[0]


def _fold_to_the_end(table: Table) -> None:
    while not load_state(table.pk).hand.finished:
        seat = load_state(table.pk).hand.to_act
        apply_intent(table.pk, "system", {"type": "act", "seat": seat, "action": {"type": "fold"}})


def _pledge(table: Table, values: dict[Player, str]) -> None:
    for player, value in values.items():
        intent = {"type": "shuffle_pledge", "pledge": pledge_of(value)}
        apply_intent(table.pk, player_actor(player.pk), intent)


def _time_runs_out(table: Table, version: int, now: float) -> None:
    apply_intent(table.pk, "system", {"type": "timeout", "version": version}, now=now)


def _a_night_of_rulings(table: Table) -> tuple[Player, Player, str]:
    """Hand 1: a card of Bo's exposed during the deal, then a misdeal; its re-deal played.
    Hand 2: neither phone sends its value, the deal is void; its re-deal: Bo's value never
    comes, he is dealt a dead hand. Returns the players and the misdealt deck's seed."""
    ann, bo = seat_players(table, ["Ann", "Bo"])
    apply_intent(table.pk, "host", {"type": "options", "auto_deal": False})
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": "11" * 32})
    apply_intent(table.pk, "host", {"type": "exposed_card", "seat": 2, "card_number": 1, "during_deal": True})
    apply_intent(table.pk, "host", {"type": "misdeal", "reason": "Bo's cards dealt face up"})
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": "22" * 32})
    _fold_to_the_end(table)
    for player, value in ((ann, ANN), (bo, BO)):
        apply_intent(
            table.pk, player_actor(player.pk), {"type": "shuffle_pledge", "pledge": pledge_of(value)}
        )
    cut = apply_intent(table.pk, "host", {"type": "start_hand"}, now=1000.0)
    apply_intent(table.pk, "system", {"type": "timeout", "version": cut.version}, now=1000.0 + REVEAL_SECONDS)
    for player, value in ((ann, "a2" * 32), (bo, "b2" * 32)):
        apply_intent(
            table.pk, player_actor(player.pk), {"type": "shuffle_pledge", "pledge": pledge_of(value)}
        )
    cut = apply_intent(table.pk, "host", {"type": "start_hand"}, now=2000.0)
    apply_intent(
        table.pk,
        player_actor(ann.pk),
        {
            "type": "shuffle_value",
            "value": "a2" * 32,
            "commitment": load_state(table.pk).shuffling.commitment,
        },
        now=2001.0,
    )
    apply_intent(
        table.pk, "system", {"type": "timeout", "version": cut.version + 1}, now=2000.0 + REVEAL_SECONDS
    )
    _fold_to_the_end(table)
    misdealt = HandEvent.objects.filter(kind="table.hand_finished").order_by("seq").first()
    return ann, bo, misdealt.payload["seed"]


def test_while_open_the_page_says_who_called_and_who_withheld_and_names_no_card(table: Table) -> None:
    ann, _, misdealt_seed = _a_night_of_rulings(table)
    section = _section(phone_of(ann).get("/verify/", {"table": table.pk}).content.decode())
    assert "Misdeal called by host (Bo&#x27;s cards dealt face up)" in section
    assert "Seat 2 (Bo): a card exposed during the deal, set aside as the burn; called by host" in section
    assert "No value came from any phone (Ann, Bo)" in section
    assert "Bo's value did not come: dealt a dead hand." in section
    assert 'data-withheld-by="Bo">Bo: 2 times' in section and 'data-withheld-by="Ann">Ann: 1 time<' in section
    no_values_seed = HandEvent.objects.get(kind="table.no_values").payload["seed"]
    assert misdealt_seed not in section and no_values_seed not in section
    assert not SUITS.search(section)  # no card named while the night is open


def test_once_closed_every_voided_deck_is_revealed_checked_and_shows_who_held_what(table: Table) -> None:
    ann, _, misdealt_seed = _a_night_of_rulings(table)
    Night.objects.filter(pk=table.night_id).update(status=Night.Status.CLOSED)
    section = _section(phone_of(ann).get("/verify/", {"table": table.pk}).content.decode())
    assert misdealt_seed in section
    assert "the voided deck's seed, contributions and deck match what its deal published" in section
    exposed = HandEvent.objects.get(kind="ruling_exposed").payload
    assert "exposed during the deal, set aside as the burn and replaced by" in section
    dealt = next(e for e in HandEvent.objects.filter(kind="hole_cards").order_by("seq")).payload["hands"]
    assert exposed["card"] in {card for _, cards in dealt for card in cards}
    assert 'data-held="1">Ann ' in section and 'data-held="2">Bo ' in section
    no_values_seed = HandEvent.objects.get(kind="table.no_values").payload["seed"]
    assert no_values_seed in section and "its seed matches the commitment published at its cut-off" in section


def test_a_reader_of_another_night_gets_nothing(table: Table, make_night, make_table) -> None:
    _a_night_of_rulings(table)
    other = make_table(name="Elsewhere", target=make_night())
    (stranger,) = seat_players(other, ["Stranger"])
    page = phone_of(stranger).get("/verify/", {"table": table.pk})
    assert page.status_code == 404  # another night's player: no such table for them


def test_the_page_says_so_when_there_was_no_ruling(table: Table) -> None:
    (ann,) = seat_players(table, ["Ann"])
    page = Client().get("/verify/").content.decode()
    assert 'id="deck-rulings"' not in page  # no night asked for: nothing of any night
    page = phone_of(ann).get("/verify/", {"table": table.pk}).content.decode()
    assert "No misdeal, exposed card or withheld value so far." in _section(page)
