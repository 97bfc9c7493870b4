"""Moving a guest identity to another device with a one-time link.

Using the link gives the identity a new session token and binds it to the new
browser; the old browser's session still holds the old token, which no longer
points anywhere. So one identity is only ever in one browser, and its seat (there
is at most one) follows it.
"""

from __future__ import annotations

import secrets

from django.db import transaction

from tables.errors import ActionRefused
from tables.models import Player
from tables.services.seating.joining import new_session_token


def create_transfer_link_token(player: Player) -> str:
    """A fresh one-time token for this player; any earlier one stops working."""
    if player.status in (Player.Status.REJECTED, Player.Status.LEFT):
        raise ActionRefused(f"{player.display_name} is no longer in this night.")
    player.transfer_token = secrets.token_urlsafe(32)
    player.save(update_fields=["transfer_token"])
    return player.transfer_token


def find_transfer(token: str) -> Player | None:
    if not token:
        return None
    return Player.objects.select_related("night").filter(transfer_token=token).first()


def take_over_identity(token: str) -> Player:
    """Use a transfer token: the caller binds the returned player to its session."""
    with transaction.atomic():
        player = Player.objects.select_for_update().filter(transfer_token=token).first() if token else None
        if player is None:
            raise ActionRefused("This link has already been used or replaced. Ask the host for a new one.")
        player.session_token = new_session_token()
        player.transfer_token = None
        player.save(update_fields=["session_token", "transfer_token"])
    return player
