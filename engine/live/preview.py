"""What a host may be told in advance about a ruling: the ruling, and the dealer's steps after
it up to the first card nobody has seen.

docs/design.md, Visibility: "A refusal message, a ruling preview, a log line ... must never depend on
a card its reader may not see: the host usually plays." A ruling can close the action, and the
dealer then carries on: it deals the next street, tables all-in hands, runs the board out and
pays the pots. Showing the state after all that (even with the new cards written as "??") would
tell the host who wins with cards still in the deck. So the preview stops where the first of
those cards would be shown to the table, and says that the dealer carries on from there.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine import views
from engine.live.base import LiveTable


def _public_cards(hand: Any) -> set[str]:
    """The cards the table sees, from the view's card fields: a player named like a card
    (a guest called "Kd") is not the king of diamonds on the board."""
    return views.shown_cards(views.view(hand, views.PUBLIC))


def until_unseen_cards(before: LiveTable, after: LiveTable) -> tuple[LiveTable, bool]:
    """`after` (the state a ruling leaves `before` in), cut short before the first dealer step
    that would show the table a card it has not seen; and whether it was cut. The ruling's own
    event always counts (an exposed card is the ruling itself)."""
    old, new = before.hand, after.hand
    if old is None or new is None or new.config.hand_number != old.config.hand_number:
        return after, False
    start = len(old.events)
    if len(new.events) <= start + 1:
        return after, False
    hand = type(new).replay(new.config, new.deck, new.events[: start + 1])
    seen = _public_cards(hand)
    for event in new.events[start + 1 :]:
        step = hand.copy()
        step.apply(event)
        if _public_cards(step) - seen:
            # The table is as it was: stacks go back to it only when the hand is over.
            return replace(before, hand=hand), True
        hand = step
    return after, False
