"""Which hands' seeds the night's close reveals.

docs/design.md, Shuffling: "The seeds, which give the whole deck and so every folded hand, are
revealed only when the night closes." A hand's seeds stay secret for good when its deck would
give one of its players a card the rules keep from them (a card taken in Crazy Blind Man);
that is the engine's decision (`engine.views.why_seeds_stay_secret`), and every page or
download that publishes a seed asks it here.
"""

from __future__ import annotations

from engine.hand import Hand as EngineHand
from engine.views import seeds_always_revealed, why_seeds_stay_secret
from tables.models import Night
from tables.models.live import Hand
from tables.services.hands.hand_replay import replayed_hand


def kept_secret_because(row: Hand, replayed: EngineHand | None = None) -> str | None:
    """Why this finished hand's seeds are never revealed, or None when the close reveals them.
    `replayed` is the hand replayed from `row`, when the caller has it already."""
    if not row.seed or seeds_always_revealed(row.game):
        return None  # no need to replay a hand of a game that never keeps a card for good
    return why_seeds_stay_secret(replayed if replayed is not None else replayed_hand(row))


def revealed_seed(row: Hand, night: Night, replayed: EngineHand | None = None) -> str | None:
    """A hand's server seed as its readers may have it: once the night is closed, and never for
    a hand whose deck stays secret for good."""
    if night.status != Night.Status.CLOSED or not row.seed:
        return None
    return row.seed if kept_secret_because(row, replayed) is None else None
