"""An identity moved to another device: its old browser's sockets at the table are told, and closed.

The move itself is a write to the player's row (tables.services.ledger.transfers); this is only
the message that follows it, after the commit, on the table's group: `{"type":
"table.identity_moved", "player": id}`. It carries no state, like a hint; each socket of that
player at the table (its session's token no longer points to them) sends its page the reason
and closes (tables.consumers). A lost message leaves a socket open until it next asks the
server anything: its next ping finds the identity gone and closes it the same way.
"""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from tables.live import group_name
from tables.models import Player

logger = logging.getLogger(__name__)

MOVED = "table.identity_moved"
# What the old phone's page says as its socket closes.
MOVED_MESSAGE = (
    "You now play on another device: the host's one-time link was used there. "
    "This phone is no longer at the table; if that was not you, tell the host."
)


def tell_after_commit(table_id: int, player_id: int) -> None:
    """Once the move commits, tell the table's sockets that `player_id` left this browser."""
    transaction.on_commit(lambda: _tell(table_id, player_id))


def _tell(table_id: int, player_id: int) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group_name(table_id), {"type": MOVED, "player": player_id})
    except Exception:  # the move is committed; the next ping of the old socket closes it
        logger.exception("Could not tell table %s that player %s moved", table_id, player_id)


def moved_away(player_id: int, token: str | None) -> bool:
    """Whether the session token a socket was opened with no longer names this player."""
    return not token or not Player.objects.filter(pk=player_id, session_token=token).exists()
