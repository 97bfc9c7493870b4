"""The write path for anything that can end a hand, with what the night records of a hand it ends.

A player's action, a timeout, a deal (every player all in from the blinds ends the hand at
once), a host's command or ruling: each goes through the one write path
(`tables.live.apply_intent`), which says when its write ended a hand. A hand ended at a
tournament's table places its busted players (`tournament_play.hand_played`), in the same
transaction as the write, so the hand and its busts commit together or not at all.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction

from tables import live
from tables.services import tournament_play


def apply_intent(
    table_id: int,
    actor: str,
    intent: Mapping[str, Any],
    client_id: str = "",
    expected_version: int | None = None,
    now: float | None = None,
) -> live.Applied:
    """`tables.live.apply_intent`, then the busts of the hand it ended, if any; a refusal of
    either changes nothing."""
    with transaction.atomic():
        applied = live.apply_intent(table_id, actor, intent, client_id, expected_version, now)
        if applied.finished is not None:
            tournament_play.hand_played(applied.finished)
    return applied
