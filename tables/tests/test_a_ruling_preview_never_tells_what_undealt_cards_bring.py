"""A ruling's preview stops before any card nobody has seen: it never tells who would win.

docs/design.md, Visibility: "A refusal message, a ruling preview, a log line, a download, a verify
page or a CSV must never depend on a card its reader may not see: the host usually plays."

Two players are all-in and a third is still to act. Killing the third hand closes the action:
the dealer would table both hands, run out the board and pay the winner. A preview that showed
the stacks after all that would tell the host (who usually plays) who wins with cards still in
the deck. The same public situation is dealt at two tables whose decks give different
winners; the preview (and the log line it writes) must read the same at both.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User

from engine import live as engine_live
from tables.live import apply_intent, load_state
from tables.models import Night, Table
from tables.models.ledger import AuditEntry
from tables.services.hosting import host_rulings, hosting
from tables.tests.live_helpers import seat_players

# Decks where the all-in goes to seat 2 at one table and to seat 1 at the other.
SEEDS = ("5e" * 32, "11" * 32)


def _two_all_in_and_one_to_act(make_night: Callable[..., Night], seed: str) -> Table:
    night = make_night()
    table = hosting.create_table(
        night, name="Main table", game="nlhe", max_seats=9, small_blind=1, big_blind=2
    )
    seat_players(table, ["Ann", "Bob", "Cy"])
    apply_intent(table.pk, "host", {"type": "options", "auto_deal": False})
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": seed})
    hand = load_state(table.pk).hand
    raise_to = hand.legal_actions(hand.to_act)["actions"]["raise"]["max_to"]
    raise_all_in = {"type": "raise", "to": raise_to}
    apply_intent(table.pk, "system", {"type": "act", "seat": hand.to_act, "action": raise_all_in})
    hand = load_state(table.pk).hand
    apply_intent(table.pk, "system", {"type": "act", "seat": hand.to_act, "action": {"type": "call"}})
    assert load_state(table.pk).hand.to_act == 3
    return table


@pytest.mark.django_db
def test_a_ruling_preview_does_not_tell_who_wins_with_cards_still_in_the_deck(
    make_night: Callable[..., Night], host: User
) -> None:
    tables = [_two_all_in_and_one_to_act(make_night, seed) for seed in SEEDS]
    winners = []
    for table in tables:
        state = load_state(table.pk)
        # What would happen: the whole deck decides, and it differs between the two tables.
        after, _ = engine_live.apply(state, "host", {"type": "kill_hand", "seat": 3}, 0.0)
        winners.append(max(after.hand.seats, key=lambda s: s.stack).seat)
    assert winners[0] != winners[1]

    previews = [host_rulings.preview(table, host, "kill_hand", {"seat": "3"}).changes for table in tables]
    assert previews[0] == previews[1], previews
    logged = [list(AuditEntry.objects.filter(table=table).values_list("what", "payload")) for table in tables]
    assert logged[0] == logged[1]
    # The preview still says what the ruling itself does.
    assert "Seat 3 (Cy): active → folded" in previews[0]
