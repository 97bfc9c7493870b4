"""Guests joining a night, and the host letting them in or not."""

from __future__ import annotations

import secrets

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from engine.cards import reads_as_cards
from engine.live import SYSTEM, LiveTable
from tables import live
from tables.errors import ActionRefused
from tables.live.tournament import tournament_still_playing
from tables.models import MAX_NAME_LENGTH, Night, Player
from tables.models.live import TableSnapshot
from tables.services.ledger import ledger


def new_session_token() -> str:
    return secrets.token_urlsafe(32)


def clean_display_name(raw: str) -> str:
    """The name as it will be shown, or ActionRefused saying what is wrong with it. Every way a
    player's name is set goes through here."""
    name = " ".join(raw.split())
    if not name:
        raise ActionRefused("Enter a name so the table knows who you are.")
    if len(name) > MAX_NAME_LENGTH:
        raise ActionRefused(f"Keep your name under {MAX_NAME_LENGTH + 1} characters.")
    check_not_a_card(name)
    return name


def check_not_a_card(name: str) -> None:
    """Refuse a name that reads as cards ("As", "7h 2c"): on a screen full of cards it would be
    taken for one."""
    if reads_as_cards(name):
        raise ActionRefused(
            f"“{name}” reads as a card, and at the table it would be taken for one. Pick another name."
        )


def name_is_taken(night: Night, name: str) -> bool:
    return night.players.filter(display_name__iexact=name, status__in=Player.ACTIVE_STATUSES).exists()


def join_night(night: Night, raw_name: str, user: AbstractBaseUser | None = None) -> Player:
    """A guest joins with a display name: approved at once, or pending if the host approves."""
    name = clean_display_name(raw_name)
    if not night.is_open:
        raise ActionRefused("This night is closed: ask the host.")
    if name_is_taken(night, name):
        raise ActionRefused(f"Someone here is already called {name}. Pick another name.")
    status = Player.Status.PENDING if night.require_approval else Player.Status.APPROVED
    player = Player(
        night=night,
        display_name=name,
        status=status,
        session_token=new_session_token(),
        user=user if user is not None and user.is_authenticated else None,
        decided_at=None if night.require_approval else timezone.now(),
    )
    try:
        with transaction.atomic():
            player.save()
    except IntegrityError:
        # Two phones chose the same name at the same moment: the index decided.
        raise ActionRefused(f"Someone here is already called {name}. Pick another name.") from None
    return player


def _decide(player: Player, status: Player.Status) -> None:
    if player.status != Player.Status.PENDING:
        raise ActionRefused(f"{player.display_name} is not waiting for approval.")
    player.status = status
    player.decided_at = timezone.now()
    player.save(update_fields=["status", "decided_at"])


def approve_player(player: Player) -> None:
    _decide(player, Player.Status.APPROVED)


def reject_player(player: Player) -> None:
    _decide(player, Player.Status.REJECTED)


def remove_player(player: Player) -> None:
    """The guest has left the night: free their seat and their name, and leave the live table
    (at once between hands; dealt in to a hand, when it ends)."""
    with transaction.atomic():
        check_holds_no_chips(player)
        _leave_live_tables(player.pk, player.night_id)  # and their seat records with them
        player.status = Player.Status.LEFT
        player.transfer_token = None
        player.save(update_fields=["status", "transfer_token"])


def _leave_live_tables(player_id: int, night_id: int) -> None:
    """Every live table of the night that seats the player learns they left, through the write
    path, with a `leave` intent. Between hands they leave at once; dealt in to a hand, the
    engine marks them leaving and they go when it ends. Call inside the removal's transaction."""
    for snapshot in TableSnapshot.objects.filter(table__night_id=night_id).only("table_id", "state"):
        found = LiveTable.from_json(snapshot.state).table.seat_of(str(player_id))
        if found is None or found.leaving:
            continue
        live.apply_intent(snapshot.table_id, SYSTEM, {"type": "leave", "seat": found.seat})


def check_holds_no_chips(player: Player) -> None:
    """Refuse to let a player go while chips of theirs are in play: they would vanish with them.

    A tournament entrant still in keeps their chips until they bust; a cash player takes theirs
    away with a cash-out. Chips no buy-in backs (a table's default stack, or a tournament's
    chips a winner was left with before its end took them out of play) leave with them.
    """
    name = player.display_name
    playing = tournament_still_playing(player.pk)
    if playing is not None:
        raise ActionRefused(
            f"{name} is still in {playing.name}: record them out first "
            "(their chips leave play with them, in the open log)."
        )
    held = ledger.cash_chips_held(player)  # tournament money moves no chips
    if held:
        raise ActionRefused(f"{name} still has {held} chips: cash them out first.")
