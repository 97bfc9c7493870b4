"""Who may read a table's finished hands (its history, its downloads and the verify page).

While the night is open the rule is the live table's own (`tables.consumers.identify`): its
seated players, the host, the public of an open night. Once the night is closed every hand of
it can be checked by everyone who played it, seated or not (a player who cashed out or busted
and left), each as they saw it: a hand they were dealt in from their seat, any other hand as the
public saw it. The night's public verify link (`verify_link`) opens the verify page to anyone
the host gives it, as the public.
"""

from __future__ import annotations

from django.http import HttpRequest

from tables.consumers import Identity, identify
from tables.identity import current_player, earlier_players
from tables.models import Night, Table
from tables.services.seating.people import PLAYED


def history_reader(request: HttpRequest, table: Table) -> Identity | None:
    """Who this browser reads `table`'s hands as, or None for someone who may not."""
    identity = identify({"user": request.user, "session": request.session}, table.pk)
    if identity is not None:
        return identity
    return played_the_closed_night(request, table.night)


def played_the_closed_night(request: HttpRequest, night: Night) -> Identity | None:
    """The guest this phone is (or was, before it joined another night) in `night`, once the
    night is closed, if they played it."""
    if night.is_open:
        return None
    for player in [current_player(request), *earlier_players(request)]:
        if player is not None and player.night_id == night.pk and player.status in PLAYED:
            return Identity(player.pk, False, night.pk)
    return None
