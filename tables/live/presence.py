"""Who is connected to a table: a seated player with no open socket is shown as away.

Each open websocket of a seated player is a `TableConnection` row. A player is marked away
a few seconds after their last socket closed, not at once, so a flapping connection costs the
table no versions. Pings refresh its
`seen_at`, so rows left behind by a process that died stop counting after `STALE_AFTER`
(and are swept at the table's next presence change). A change in who is away goes
through the one write path like any other change, computed under the table's lock so
that connects and disconnects cannot race.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.utils import timezone

from engine.live import LiveTable
from tables.live import Applied, apply_intent
from tables.models import Player
from tables.models.live import TableConnection

STALE_AFTER = datetime.timedelta(seconds=45)
# A player is marked away only once their last socket has stayed closed this long: a phone
# that drops and reconnects (a lift, a Wi-Fi hand-over, a page reload) costs no version.
AWAY_AFTER_SECONDS = 3.0


def connected(table_id: int, player: Player, channel_name: str) -> Applied:
    TableConnection.objects.update_or_create(
        channel_name=channel_name,
        defaults={"table_id": table_id, "player": player, "seen_at": timezone.now()},
    )
    return refresh(table_id)


def disconnected(channel_name: str) -> None:
    """A socket closed. Whether its player is now away is decided later (`refresh` after
    AWAY_AFTER_SECONDS, see tables.consumers), when a reconnect may have made it moot."""
    TableConnection.objects.filter(channel_name=channel_name).delete()


def seen(table_id: int, player: Player | int, channel_name: str) -> None:
    """A ping: this socket is alive. A socket whose row was swept as stale counts again."""
    if not TableConnection.objects.filter(channel_name=channel_name).update(seen_at=timezone.now()):
        player_id = player if isinstance(player, int) else player.pk
        connected(table_id, Player(pk=player_id), channel_name)


def refresh(table_id: int) -> Applied:
    """Record who is away now (a no-op, with no new version, when nothing changed)."""

    def who_is_away(state: LiveTable) -> dict[str, Any]:
        # Under the table's lock, so that connects and disconnects cannot race.
        fresh = timezone.now() - STALE_AFTER
        # Rows of sockets that stopped pinging (a process that died, a phone asleep) go.
        TableConnection.objects.filter(table_id=table_id, seen_at__lt=fresh).delete()
        here = {
            str(player_id)
            for player_id in TableConnection.objects.filter(
                table_id=table_id, seen_at__gte=fresh
            ).values_list("player_id", flat=True)
        }
        return {
            "type": "presence",
            "away": sorted(s.player for s in state.table.seats if s.player not in here),
        }

    return apply_intent(table_id, "system", who_is_away, now=timezone.now().timestamp())
