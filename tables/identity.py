"""Which guest a browser is: a token in its session that points to a Player row.

There is no account and no cookie of our own: the session (30 days, kept across
browser restarts) holds the token. Replacing a player's token elsewhere (a
transfer to another device) makes this browser nobody again.

A phone that joins another night becomes that night's guest; the tokens it held before stay in
its session (`earlier_players`) for one thing only: reading the recaps of the nights it played.
A token since replaced (the guest moved to another phone) points to nobody, as above.
"""

from __future__ import annotations

from django.http import HttpRequest

from tables.models import Player

SESSION_KEY = "homegame_player_token"
EARLIER_KEY = "homegame_earlier_player_tokens"
# A phone joins a few nights a month: enough for a few seasons of them.
MAX_EARLIER_TOKENS = 100


def current_player(request: HttpRequest) -> Player | None:
    token = request.session.get(SESSION_KEY)
    if not token:
        return None
    return Player.objects.select_related("night").filter(session_token=token).first()


def earlier_players(request: HttpRequest) -> list[Player]:
    """The guests this browser was before it joined another night (still holding their token)."""
    tokens = [token for token in request.session.get(EARLIER_KEY, []) if isinstance(token, str) and token]
    if not tokens:
        return []
    return list(Player.objects.select_related("night").filter(session_token__in=tokens))


def bind_player(request: HttpRequest, player: Player) -> None:
    held = request.session.get(SESSION_KEY)
    earlier = [
        token for token in request.session.get(EARLIER_KEY, []) if token not in (held, player.session_token)
    ]
    if held and held != player.session_token:
        earlier.append(held)
    # A fresh session key on every identity change, like a login, so a session
    # id seen before the change is worth nothing after it.
    request.session.cycle_key()
    request.session[SESSION_KEY] = player.session_token
    request.session[EARLIER_KEY] = earlier[-MAX_EARLIER_TOKENS:]
