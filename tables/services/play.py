"""The write path for anything that can end a hand, with what the night records of a hand it ends.

A player's action, a timeout, a deal (every player all in from the blinds ends the hand at
once), a host's command or ruling: each goes through the one write path
(`tables.live.apply_intent`), which says when its write ended a hand. A hand ended at a
tournament's table places its busted players (`tournament_play.hand_played`), in the same
transaction as the write (handed to it as `also`), so the hand and its busts commit together
or not at all.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tables import live
from tables.errors import ActionRefused
from tables.live.tournament import tournament_at
from tables.models import Player
from tables.models.ledger import CASH, LedgerEntry
from tables.services import tournament_play


def apply_intent(
    table_id: int,
    actor: str,
    intent: Mapping[str, Any],
    client_id: str = "",
    expected_version: int | None = None,
    now: float | None = None,
) -> live.Applied:
    """`tables.live.apply_intent`, then, in the same transaction, the checks of a deal and the
    busts of the hand it ended, if any; a refusal of either changes nothing."""

    def what_it_means(applied: live.Applied) -> None:
        if intent.get("type") == "start_hand":
            check_bought_chips_play_only_bought_chips(table_id, dealt=applied.finished is not None)
        if applied.finished is not None:
            tournament_play.hand_played(applied.finished)

    return live.apply_intent(table_id, actor, intent, client_id, expected_version, now, also=what_it_means)


def check_bought_chips_play_only_bought_chips(table_id: int, dealt: bool = False) -> None:
    """Refuse a cash hand just dealt that seats a stack no buy-in backs beside bought chips.

    A guest seated before their buy-in has the table's default stack, which their first buy-in
    replaces: had it won or lost bought chips first, that replacement would make or destroy them.
    Guests with no buy-in yet may play among themselves (nothing bought is at stake). Call inside
    the deal's transaction: the refusal undoes the deal. `dealt`: the deal's hand is over already
    (everyone all in from the blinds); else a hand in progress is the one just dealt, and none
    means the dealer found too few players and dealt nothing. A deal waiting for the phones'
    values is checked at its cut-off, before any card is dealt."""
    state = live.load_state(table_id)
    if state.shuffling is not None:  # cut off, its cards waiting for the phones' values
        dealt_in = [seat["player"] for seat in state.shuffling.config["seats"]]
    elif state.hand is not None and (dealt or state.hand_in_progress):
        dealt_in = [seat.player for seat in state.hand.seats]
    else:
        return
    if tournament_at(table_id) is not None:
        return  # a tournament's chips, bought with its entries
    players = {int(player) for player in dealt_in if player.isdigit()}
    bought = set(
        LedgerEntry.objects.filter(CASH, player_id__in=players).values_list("player_id", flat=True).distinct()
    )
    if not bought or bought == players:
        return
    guests = (
        Player.objects.filter(pk__in=players - bought).order_by("pk").values_list("display_name", flat=True)
    )
    names = ", ".join(guests)
    raise ActionRefused(
        f"{names} {'has' if len(guests) == 1 else 'have'} no buy-in yet: a stack no buy-in backs "
        "cannot win or lose bought chips. Record it before the next deal, or sit them out."
    )
