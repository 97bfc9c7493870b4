"""Host accounts, nights and tables."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction

from engine.config import Stakes
from engine.games import GAMES, max_players_for_deck
from engine.records import non_zero
from engine.table_state import stakes_for_game
from tables import live
from tables.errors import ActionRefused
from tables.join_codes import new_join_code
from tables.models import Night, Player, Table
from tables.services.hosting import audit
from tables.services.ledger import transfers
from tables.services.ledger.ledger import MAX_CHIPS_PER_ENTRY
from tables.services.ledger.money_words import format_money
from tables.services.seasons import seasons


def host_exists() -> bool:
    return get_user_model().objects.exists()


def create_first_host(username: str, password: str) -> AbstractBaseUser:
    """Create the install's first host. Refused once any account exists."""
    with transaction.atomic():
        if host_exists():
            raise ActionRefused("The host account already exists: log in instead.")
        # The first host administers the install; later hosts are added in the admin.
        return get_user_model().objects.create_superuser(username=username, password=password)


def create_night(
    host: AbstractBaseUser,
    *,
    name: str,
    date: datetime.date,
    currency: str,
    chip_value: Decimal,
    require_approval: bool,
    join_seasons: bool = True,
) -> Night:
    """Create an open night with a fresh join code. It counts in the host's seasons whose dates
    hold its date (`seasons.join_seasons_of_its_date`) unless the host unticked that."""
    # 31^6 codes: a clash is very rare, but a unique index is the only real check.
    for _ in range(10):
        night = Night(
            host=host,
            name=name,
            date=date,
            currency=currency,
            chip_value=chip_value,
            require_approval=require_approval,
            join_code=new_join_code(),
        )
        try:
            with transaction.atomic():
                night.save()
                approval = "players wait for approval" if require_approval else "players join at once"
                audit.record(
                    night,
                    host,
                    f"Opened {name} on {date:%Y-%m-%d}: one chip is {format_money(chip_value, currency)}, "
                    f"{approval}",
                    payload={"setup": "night", "chip_value": str(chip_value), "currency": currency},
                )
                joined = seasons.join_seasons_of_its_date(night, host) if join_seasons else []
                if joined:
                    names = ", ".join(season.name for season in joined)
                    audit.record(
                        night,
                        host,
                        f"Counts in the season {names}: its date is within the season's dates",
                        payload={"seasons": [season.pk for season in joined]},
                    )
            return night
        except IntegrityError:
            if not Night.objects.filter(join_code=night.join_code).exists():
                raise
    raise ActionRefused("Could not find a free join code; please try again.")


def set_night_status(
    night: Night, status: Night.Status, by: AbstractBaseUser | None = None, why: str = ""
) -> None:
    """Open or close a night. A closed night accepts no new players. (Closing with the ledger's
    check is tables.services.ledger.closing.close_night.)"""
    with transaction.atomic():
        night.status = status
        night.save(update_fields=["status"])
        audit.record(night, by, f"Set the night {night.get_status_display().lower()}", why)


def archive_night(night: Night, by: AbstractBaseUser | None, archived: bool, why: str = "") -> None:
    """Hide a night from the host's list (a test night, a mistake), or bring it back. Nothing
    is deleted: its ledger and its log stay, and the archive lists it."""
    if night.archived == archived:
        raise ActionRefused(f"{night.name} is {'already' if archived else 'not'} archived.")
    with transaction.atomic():
        night.archived = archived
        night.save(update_fields=["archived"])
        what = "Archived the night" if archived else "Brought the night back from the archive"
        audit.record(night, by, what, why)


def transfer_link(player: Player, by: AbstractBaseUser | None, why: str = "") -> str:
    """A one-time "continue on another device" link for a player; logged (it moves an identity)."""
    with transaction.atomic():
        token = transfers.create_transfer_link_token(player)
        what = f"Made a one-time link for {player.display_name} to continue on another device"
        audit.record(player.night, by, what, why, payload={"player": player.pk})
    return token


def check_seats(game: str, max_seats: int) -> None:
    """Refuse a table of more seats than its game can deal to (or fewer than it needs): the game's
    own limit and what one deck can serve (engine.games)."""
    found = GAMES.get(game)
    if found is None:
        raise ActionRefused("Choose a game from the list.")
    fewest, most = found.min_players, max_players_for_deck(found)
    if not fewest <= max_seats <= most:
        raise ActionRefused(f"{found.name} is played with {fewest} to {most} seats.")


def create_table(
    night: Night,
    *,
    name: str,
    game: str,
    max_seats: int,
    small_blind: int,
    big_blind: int,
    by: AbstractBaseUser | None = None,
) -> Table:
    """Add a table to a night, checking the limits of its game, with its live state: the one
    place its game and stakes are kept (the host's settings change them later)."""
    check_seats(game, max_seats)
    if small_blind < 1 or big_blind < small_blind:
        raise ActionRefused("The big blind must be at least the small blind, and both at least 1 chip.")
    check_stake_figures({"small_blind": small_blind, "big_blind": big_blind})
    if night.tables.filter(name__iexact=name).exists():
        raise ActionRefused(f"This night already has a table called {name!r}.")
    stakes = Stakes(**stakes_for_game(game, small_blind=small_blind, big_blind=big_blind))
    table = Table(night=night, name=name, max_seats=max_seats)
    try:
        with transaction.atomic():
            table.save()
            live.open_table(table, game, stakes)
            game_name = GAMES[game].name
            what = f"Added {name}: {game_name}, {max_seats} seats, blinds {small_blind}/{big_blind}"
            audit.record(night, by, what, table=table, payload={"setup": "table"})
    except IntegrityError:
        raise ActionRefused(f"This night already has a table called {name!r}.") from None
    return table


def check_stake_figures(figures: Mapping[str, int]) -> None:
    """Each figure of chips a host types for a table (a blind, an ante, a cap) is at most the one
    largest figure of chips every path shares (ledger.MAX_CHIPS_PER_ENTRY).

    >>> check_stake_figures({"big_blind": 10_000_001})
    Traceback (most recent call last):
    ...
    tables.errors.ActionRefused: The big blind is at most 10,000,000 chips.
    """
    for name, value in figures.items():
        if value > MAX_CHIPS_PER_ENTRY:
            raise ActionRefused(f"The {name.replace('_', ' ')} is at most {MAX_CHIPS_PER_ENTRY:,} chips.")


def stakes_words(stakes: Mapping[str, int]) -> str:
    """Stakes in words, blinds first (zero amounts are left out by the engine's views).

    >>> stakes_words({"small_blind": 1, "big_blind": 2, "ante": 1})
    'blinds 1/2, ante 1'
    >>> stakes_words({"fixed_stake": 5})
    'fixed stake 5'
    """
    stakes = dict(stakes)
    parts = []
    if "small_blind" in stakes or "big_blind" in stakes:
        parts.append(f"blinds {stakes.pop('small_blind', 0)}/{stakes.pop('big_blind', 0)}")
    parts += [f"{name.replace('_', ' ')} {amount}" for name, amount in stakes.items()]
    return ", ".join(parts)


def now_dealing(table: Table) -> str:
    """The game and stakes the live table deals next, as its snapshot says (where the host's
    settings and the tournament's levels land): "No-Limit Hold'em, blinds 1/2"."""
    dealt = live.load_state(table.pk).table
    game = GAMES[dealt.game].name if dealt.game in GAMES else dealt.game
    return f"{game}, {stakes_words(non_zero(dealt.stakes))}"
