"""Moving a guest identity to another device with a one-time link.

Using the link gives the identity a new session token and binds it to the new
browser; the old browser's session still holds the old token, which no longer
points anywhere. So one identity is only ever in one browser, and its seat (there
is at most one) follows it: the sockets the old browser has open at the table are told and
closed as the move commits (`tables.live.identity_moves`), and its pages say where it went.

An identity dealt in to the hand being played does not move, neither when the link is made nor
when it is used: its cards are its player's, and a link the host holds must never open them on
another device.
"""

from __future__ import annotations

import secrets

from django.db import transaction

from tables import live
from tables.errors import ActionRefused
from tables.live import identity_moves
from tables.models import Player, Seat
from tables.services.seating.joining import new_session_token


def check_holds_no_cards(player: Player) -> None:
    """Refuse to move an identity dealt in to the hand being played at its table."""
    seat = Seat.objects.filter(player=player).first()
    if seat is None:
        return
    state = live.load_state(seat.table_id)
    hand = state.hand if state.hand_in_progress else None
    if hand is not None and any(s.player == str(player.pk) for s in hand.seats):
        raise ActionRefused(
            f"{player.display_name} holds cards in the hand being played: "
            "move them to another device once it is over."
        )


def create_transfer_link_token(player: Player) -> str:
    """A fresh one-time token for this player; any earlier one stops working."""
    if player.status in (Player.Status.REJECTED, Player.Status.LEFT):
        raise ActionRefused(f"{player.display_name} is no longer in this night.")
    check_holds_no_cards(player)
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
        check_holds_no_cards(player)
        player.session_token = new_session_token()
        player.transfer_token = None
        player.save(update_fields=["session_token", "transfer_token"])
        seat = Seat.objects.filter(player=player).first()
        if seat is not None:
            identity_moves.tell_after_commit(seat.table_id, player.pk)
    return player
