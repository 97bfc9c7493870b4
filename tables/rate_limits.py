"""Limits on guessing: join codes, host and admin passwords, and reconnecting right after the
table socket closed a connection for flooding (4429); and limits on flooding: players joining a
night, and table sockets opened, per session and per address.

Attempts are counted per client address and per session in Django's cache (the local-memory
cache of each server process: no other service), in fixed windows. Once either count is over
the limit, the next attempt is refused with a message that says how long to wait, even one
that would have been right.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest


@dataclass(frozen=True, slots=True)
class Limit:
    name: str
    attempts: int  # allowed in one window
    seconds: int  # the window
    message: str


JOIN_CODES = Limit(
    "join_code", 10, 60, "Too many join codes tried from this phone. Wait a minute, then try the code again."
)
PASSWORDS = Limit("password", 5, 300, "Too many wrong passwords. Wait 5 minutes, then try again.")
# A socket closed for flooding may not come back for a while (socket.js backs off meanwhile).
RECONNECTS = Limit("reconnect", 0, 10, "Too many messages: wait 10 seconds before reconnecting.")


# Flooding a night with players, counted per address (a join gives the phone a new session key):
# a table of friends joins from a few addresses, or all from one behind a tunnel or proxy (a full
# table, twice over).
JOINS_PER_ADDRESS = Limit("join_address", 20, 60, "Too many players joined from this address. Wait a minute.")
# Table sockets opened: a phone reconnects a few times a minute at worst (socket.js backs off);
# one address may serve a whole table behind a proxy, and the realtime benchmark's players.
CONNECTS_PER_SESSION = Limit(
    "connect_session", 20, 10, "Too many reconnects: wait 10 seconds before reconnecting."
)
CONNECTS_PER_ADDRESS = Limit(
    "connect_address", 400, 10, "Too many connections from this address: wait 10 seconds."
)


def split(keys: list[str]) -> tuple[list[str], list[str]]:
    """(the address keys, the session keys) of `keys`."""
    return [k for k in keys if k.startswith("address:")], [k for k in keys if k.startswith("session:")]


def flooding(per_session: Limit | None, per_address: Limit, keys: list[str]) -> str | None:
    """The message of whichever of the two limits `keys` used up, or None; counts this attempt
    when neither is (`per_session` None: the address alone counts)."""
    addresses, sessions = split(keys)
    limits = [(per_address, addresses)] + ([(per_session, sessions)] if per_session is not None else [])
    for limit, limited in limits:
        if limited and blocked(limit, limited):
            return limit.message
    for limit, limited in limits:
        count(limit, limited)
    return None


async def aflooding(per_session: Limit, per_address: Limit, keys: list[str]) -> str | None:
    """`flooding`, from the event loop."""
    addresses, sessions = split(keys)
    for limit, limited in ((per_session, sessions), (per_address, addresses)):
        if limited and await ablocked(limit, limited):
            return limit.message
    await acount(per_session, sessions)
    await acount(per_address, addresses)
    return None


def request_keys(request: HttpRequest) -> list[str]:
    """Who is trying, for an HTTP request: its address and, when it has one, its session."""
    session = getattr(request, "session", None)
    return client_keys(request.META.get("REMOTE_ADDR", ""), session.session_key if session else None)


def scope_keys(scope: dict[str, Any]) -> list[str]:
    """Who is trying, for a websocket."""
    client = scope.get("client") or ("", 0)
    session = scope.get("session")
    return client_keys(str(client[0]), session.session_key if session is not None else None)


def client_keys(address: str, session_key: str | None) -> list[str]:
    keys = [f"address:{address}"] if address else []
    return [*keys, f"session:{session_key}"] if session_key else keys


def _cache_key(limit: Limit, key: str) -> str:
    return f"limit:{limit.name}:{int(time.time() // limit.seconds)}:{key}"


def blocked(limit: Limit, keys: list[str]) -> bool:
    """Whether `keys` used up their attempts in the current window."""
    counts = cache.get_many([_cache_key(limit, key) for key in keys])
    return any(count >= limit.attempts for count in counts.values())


def count(limit: Limit, keys: list[str]) -> None:
    """One more attempt by each of `keys` in the current window."""
    for key in keys:
        name = _cache_key(limit, key)
        if not cache.add(name, 1, timeout=limit.seconds):
            try:
                cache.incr(name)
            except ValueError:  # expired in between
                cache.set(name, 1, timeout=limit.seconds)


async def ablocked(limit: Limit, keys: list[str]) -> bool:
    counts = await cache.aget_many([_cache_key(limit, key) for key in keys])
    return any(count >= limit.attempts for count in counts.values())


async def acount(limit: Limit, keys: list[str]) -> None:
    for key in keys:
        name = _cache_key(limit, key)
        if not await cache.aadd(name, 1, timeout=limit.seconds):
            try:
                await cache.aincr(name)
            except ValueError:
                await cache.aset(name, 1, timeout=limit.seconds)
