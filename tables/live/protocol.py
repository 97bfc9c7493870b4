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
MAX_NESTED_FIELDS = 12  # set_game's stakes: every amount of engine.config.Stakes
MAX_STRING = 64
MAX_NUMBER = 10**12


class ProtocolError(ValueError):
    """A message that is not well formed; `message` says what is wrong. `client_id` is the
    message's own id when that much was valid, so the client can drop the intent."""

    def __init__(self, message: str, client_id: str = "") -> None:
        super().__init__(message)
        self.client_id = client_id


@dataclass(frozen=True, slots=True)
class Field:
    """One field an action may carry: its type, whether it must be there, and its words."""

    kind: type
    required: bool = False
    choices: tuple[str, ...] = ()


EARLY = Field(bool)  # out_of_turn: a binding action before one's turn, only when true
# The fields each player action takes (engine.hand.Hand.act and engine.live.seating); an action
# not named here takes none, and the hand decides whether it exists.
ACTION_FIELDS: dict[str, dict[str, Field]] = {
    "fold": {"out_of_turn": EARLY},
    "check": {"out_of_turn": EARLY},
    "call": {"out_of_turn": EARLY},
    "bet": {"to": Field(int, required=True), "out_of_turn": EARLY},
    "raise": {"to": Field(int, required=True), "out_of_turn": EARLY},
    "remove": {"index": Field(int, required=True)},
    "reveal": {"index": Field(int, required=True)},
    # The answers of a player asked to run it twice (engine.house.run_it_twice): no fields.
    "run_twice": {},
    "run_once": {},
    "sit_in": {"entry": Field(str, choices=("post", "wait_for_big_blind"))},
    # "Straddle next hand" (engine.live.seating.straddle): on asks, off takes it back.
    "straddle": {"on": Field(bool, required=True)},
    # "Auto-muck beaten hands" (engine.live.player_settings.auto_muck): the player's own setting.
    "auto_muck": {"on": Field(bool, required=True)},
    # A phone's pledge for the next deal's shuffle, and its value once the deal is cut off
    # (engine.live.fairness).
    "shuffle_pledge": {"pledge": Field(str, required=True)},
    "shuffle_withdraw": {},
    # The value names the cut-off's commitment it answers: one it was not shown is refused.
    "shuffle_value": {"value": Field(str, required=True), "commitment": Field(str, required=True)},
    # A seated player's answer to a host's ruling waiting for a second yes (engine.live.second_yes).
    "answer_ruling": {
        "id": Field(int, required=True),
        "answer": Field(str, required=True, choices=("yes", "no")),
    },
}
# Host commands whose fields include an object of small scalars (set_game's stakes and options).
NESTED_FIELDS = {"stakes", "options"}


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
        try:
            return _intent(kind, client_id, data)
        except ProtocolError as error:
            raise ProtocolError(str(error), client_id) from None
    raise ProtocolError("type is one of act, host, resync, ping.")


def _intent(kind: str, client_id: str, data: dict[str, Any]) -> ClientMessage:
    unknown = set(data) - {"type", "client_id", "version", "action" if kind == "act" else "command"}
    if unknown:
        raise ProtocolError(f"{kind} does not take {', '.join(sorted(map(str, unknown)))}.")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or not 0 <= version <= MAX_NUMBER:
        raise ProtocolError("version is the whole number of the table version you saw.")
    if kind == "act":
        return ClientMessage(kind, client_id, version, _action(data.get("action")))
    return ClientMessage(
        kind, client_id, version, _small_object(data.get("command"), "command", NESTED_FIELDS)
    )


def _action(value: object) -> dict[str, Any]:
    """A player action whose every field has the type the action takes."""
    action = _small_object(value, "action")
    fields = ACTION_FIELDS.get(action["type"], {})
    for key, item in action.items():
        if key == "type":
            continue
        field = fields.get(key)
        if field is None:
            raise ProtocolError(f"{action['type']} does not take {key}.")
        if not isinstance(item, field.kind) or (field.kind is int and isinstance(item, bool)):
            wanted = {bool: "true or false", int: "a whole number", str: "a word"}[field.kind]
            raise ProtocolError(f"{action['type']}.{key} is {wanted}.")
        if field.choices and item not in field.choices:
            raise ProtocolError(f"{action['type']}.{key} is one of {', '.join(field.choices)}.")
    missing = [key for key, field in fields.items() if field.required and key not in action]
    if missing:
        raise ProtocolError(f"{action['type']} needs {', '.join(missing)}.")
    return action


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and abs(value) <= 2**53


def _small_object(
    value: object, what: str, nested: set[str] | frozenset[str] = frozenset()
) -> dict[str, Any]:
    """An object with a `type` name and a few scalar fields (numbers, short strings, booleans);
    the fields named in `nested` may also be an object of such scalars."""
    if not isinstance(value, dict):
        raise ProtocolError(f"{what} is an object with a type.")
    kind = value.get("type")
    if not isinstance(kind, str) or not NAME.fullmatch(kind):
        raise ProtocolError(f"{what}.type is a lowercase name.")
    for key, item in value.items():
        if key in nested and isinstance(item, dict):
            _scalars(item, f"{what}.{key}", MAX_NESTED_FIELDS)
    _scalars({k: v for k, v in value.items() if not (k in nested and isinstance(v, dict))}, what, MAX_FIELDS)
    if len(value) > MAX_FIELDS:
        raise ProtocolError(f"{what} has too many fields.")
    return dict(value)


def _scalars(value: dict[Any, Any], what: str, most: int) -> None:
    if len(value) > most:
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
