"""Which guest a browser is: a token in its session that points to a Player row.

There is no account and no cookie of our own: the session (30 days, kept across
browser restarts) holds the token. Replacing a player's token elsewhere (a
transfer to another device) makes this browser nobody again.
"""

from __future__ import annotations

from django.http import HttpRequest

from tables.models import Player

SESSION_KEY = "homegame_player_token"


def current_player(request: HttpRequest) -> Player | None:
    token = request.session.get(SESSION_KEY)
    if not token:
        return None
    return Player.objects.select_related("night").filter(session_token=token).first()


def bind_player(request: HttpRequest, player: Player) -> None:
    # A fresh session key on every identity change, like a login, so a session
    # id seen before the change is worth nothing after it.
    request.session.cycle_key()
    request.session[SESSION_KEY] = player.session_token
