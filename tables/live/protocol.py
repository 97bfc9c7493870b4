"""Parsing the table websocket's client messages (docs/protocol.md): shapes and sizes only.

Whether an action is allowed is the engine's question; this module only refuses what is
not a well-formed message, with a message a person can read.

>>> parse('{"type": "ping", "t": 5}')
ClientMessage(type='ping', client_id='', version=None, body={'t': 5})
>>> parse('{"type": "act", "client_id": "a1", "version": 3, "action": {"type": "raise", "to": 40}}').body
{'type': 'raise', 'to': 40}
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

MAX_MESSAGE_CHARS = 2048
CLIENT_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")
# Fields an action or host command may carry besides its type: small scalars only.
MAX_FIELDS = 8
MAX_STRING = 64
MAX_NUMBER = 10**12


class ProtocolError(ValueError):
    """A message that is not well formed; `message` says what is wrong."""


@dataclass(frozen=True, slots=True)
class ClientMessage:
    type: str
    client_id: str = ""
    version: int | None = None
    body: dict[str, Any] = field(default_factory=dict)


def parse(text: str | None) -> ClientMessage:
    """One client message, or ProtocolError."""
    if not isinstance(text, str):
        raise ProtocolError("Messages are JSON text.")
    if len(text) > MAX_MESSAGE_CHARS:
        raise ProtocolError(f"Messages are at most {MAX_MESSAGE_CHARS} characters.")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("That is not JSON.") from None
    if not isinstance(data, dict):
        raise ProtocolError("A message is a JSON object.")
    kind = data.get("type")
    if kind == "ping":
        t = data.get("t", 0)
        if not _is_number(t):
            raise ProtocolError("ping needs a number t.")
        return ClientMessage("ping", body={"t": t})
    if kind == "resync":
        return ClientMessage("resync")
    if kind in ("act", "host"):
        client_id = data.get("client_id")
        if not isinstance(client_id, str) or not CLIENT_ID.fullmatch(client_id):
            raise ProtocolError("client_id is 1 to 64 letters, digits, - or _.")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or not 0 <= version <= MAX_NUMBER:
            raise ProtocolError("version is the whole number of the table version you saw.")
        body = data.get("action" if kind == "act" else "command")
        return ClientMessage(
            kind, client_id, version, _small_object(body, "action" if kind == "act" else "command")
        )
    raise ProtocolError("type is one of act, host, resync, ping.")


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and abs(value) <= 2**53


def _small_object(value: object, what: str) -> dict[str, Any]:
    """An object with a `type` name and a few scalar fields (numbers, short strings, booleans)."""
    if not isinstance(value, dict):
        raise ProtocolError(f"{what} is an object with a type.")
    kind = value.get("type")
    if not isinstance(kind, str) or not NAME.fullmatch(kind):
        raise ProtocolError(f"{what}.type is a lowercase name.")
    if len(value) > MAX_FIELDS:
        raise ProtocolError(f"{what} has too many fields.")
    for key, item in value.items():
        if not isinstance(key, str) or not NAME.fullmatch(key):
            raise ProtocolError(f"{what} field names are lowercase names.")
        if isinstance(item, str):
            if len(item) > MAX_STRING:
                raise ProtocolError(f"{what}.{key} is too long.")
        elif isinstance(item, bool) or item is None:
            continue
        elif isinstance(item, int | float):
            if not _is_number(item) or abs(item) > MAX_NUMBER or item != item:
                raise ProtocolError(f"{what}.{key} is out of range.")
        else:
            raise ProtocolError(f"{what}.{key} must be a number, a short text or true/false.")
    return dict(value)
