"""A second person's yes for a ruling that voids or replaces cards, when its host holds cards.

House rules, At the Deal: a misdeal voids the hand "and it's re-dealt from scratch"; an exposed
hole card "is set aside and treated as a burn ... they take the card that would otherwise have
been the burn before the flop". Neither gives the host a free redraw, yet a host who plays and
can read the live deck would know what each one brings him. So when the host holds cards in
the hand, such a ruling waits for someone else to agree (docs/shuffle.md, "Rulings cannot
re-roll the deck"):

- The app names the host's own players in the ruling's intent (`holders`, player ids) and the
  user who made it (`user`). When one of those players is dealt in to the hand, the ruling is
  checked as it would be made, then kept as the table's `pending_ruling` instead of made.
- A seated player other than the host's own (intent ``answer_ruling`` from their phone), or a
  co-host (the same intent from the host's side, naming another `user`), answers it: "yes"
  makes the ruling then, checked again against the hand as it stands; "no" drops it. The host
  who asked may drop it too, never confirm it.
- It lasts `SECOND_YES_SECONDS`, and only for the deal it was asked in: a later answer is
  refused and changes nothing.

A ruling's words name a seat and which of its cards, never a card's face: what is pending is
shown to everyone at the table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from engine.errors import IllegalActionError
from engine.live.base import HOST, Actor, LiveTable, Result

# Long enough to find the phone and read the question; short enough that the hand is still
# where the ruling found it.
SECOND_YES_SECONDS = 120.0
# Fields the app adds to a host's ruling to say who made it; the ruling itself never reads them.
SIGNATURE = ("holders", "user")

Rule = Callable[[LiveTable, Actor, Mapping[str, Any], float], Result]


def _ruling_type(intent: Mapping[str, Any]) -> str:
    if intent.get("type") == "ruling":
        ruling = intent.get("ruling")
        return str(ruling.get("type", "")) if isinstance(ruling, Mapping) else ""
    return {"misdeal": "misdeal", "exposed_card": "exposed"}.get(str(intent.get("type")), "")


def _fields(intent: Mapping[str, Any]) -> Mapping[str, Any]:
    ruling = intent.get("ruling") if intent.get("type") == "ruling" else intent
    return ruling if isinstance(ruling, Mapping) else {}


def voids_or_replaces_cards(intent: Mapping[str, Any]) -> bool:
    """A misdeal (the deck is voided) or a card exposed during the deal (it is replaced)."""
    kind = _ruling_type(intent)
    return kind == "misdeal" or (kind == "exposed" and _fields(intent).get("during_deal") is True)


def host_holds_cards(state: LiveTable, intent: Mapping[str, Any]) -> bool:
    """One of the players the app names as the ruling host's own is dealt in to this hand."""
    holders = intent.get("holders")
    if state.hand is None or not isinstance(holders, list | tuple):
        return False
    dealt = {seat.player for seat in state.hand.config.seats}
    return any(str(holder) in dealt for holder in holders)


def needed(state: LiveTable, actor: Actor, intent: Mapping[str, Any]) -> bool:
    return actor == HOST and voids_or_replaces_cards(intent) and host_holds_cards(state, intent)


def words(intent: Mapping[str, Any]) -> str:
    """What the ruling is, in words everyone may read (a seat and which card, never a face)."""
    if _ruling_type(intent) == "misdeal":
        return "Misdeal: void this deal and deal it again"
    fields = _fields(intent)
    seat, number = fields.get("seat"), fields.get("card_number")
    return f"Exposed card during the deal: seat {seat}'s card {number} replaced"


def current(state: LiveTable) -> dict[str, Any] | None:
    """The ruling waiting for a yes in this deal, or None (none, or its deal is over)."""
    pending = state.pending_ruling
    hand = state.hand
    if pending is None or hand is None or hand.finished or pending["commitment"] != state.commitment:
        return None
    return pending


def propose(state: LiveTable, intent: Mapping[str, Any], now: float, rule: Rule) -> Result:
    """Keep the ruling for a second person's yes, once it is checked as it would be made."""
    waiting = current(state)
    if waiting is not None and waiting["expires_at"] > now:
        raise IllegalActionError(f"A ruling already waits for a second yes: {waiting['words']}")
    rule(state, HOST, unsigned(intent), now)  # refused now, as it would be, or fit to be made
    assert state.hand is not None
    dealt = {seat.player for seat in state.hand.config.seats}
    holders = [str(holder) for holder in intent.get("holders", ()) if str(holder) in dealt]
    pending = {
        "id": state.version + 1,
        "intent": unsigned(intent),
        "words": words(intent),
        "reason": str(intent.get("reason") or ""),
        "host": str(intent.get("host") or HOST),
        "holders": holders,
        "user": str(intent.get("user") or ""),
        "hand_number": state.hand.config.hand_number,
        "commitment": state.commitment,
        "expires_at": now + SECOND_YES_SECONDS,
    }
    event = {
        "type": "table.ruling_proposed",
        "id": pending["id"],
        "words": pending["words"],
        "host": pending["host"],
        "hand_number": pending["hand_number"],
        "expires_at": pending["expires_at"],
    }
    return replace(state, pending_ruling=pending), [event]


def unsigned(intent: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in intent.items() if key not in SIGNATURE}


def _answerer(
    state: LiveTable, actor: Actor, intent: Mapping[str, Any], pending: dict[str, Any]
) -> dict[str, Any]:
    """Who answers, as the log names them; refused for whoever may not confirm."""
    if actor == HOST:
        user = str(intent.get("user") or "")
        if not user:
            raise IllegalActionError("Say which co-host answers")
        return {"user": user, "by": str(intent.get("by") or HOST), "own": user == pending["user"]}
    occupant = state.table.seat(actor) if isinstance(actor, int) else None
    if occupant is None:
        raise IllegalActionError("Only a seated player answers a ruling from their phone")
    return {"seat": actor, "by": occupant.name, "own": occupant.player in pending["holders"]}


def answer(state: LiveTable, actor: Actor, intent: Mapping[str, Any], now: float, rule: Rule) -> Result:
    """A yes makes the pending ruling (checked again now); a no drops it."""
    pending = current(state)
    if pending is None or pending["id"] != intent.get("id"):
        raise IllegalActionError("That ruling is no longer waiting for an answer")
    if pending["expires_at"] <= now:
        raise IllegalActionError("That ruling waited too long for a second yes: the host may ask again")
    yes = intent.get("answer")
    if yes not in ("yes", "no"):
        raise IllegalActionError("Answer yes or no")
    who = _answerer(state, actor, intent, pending)
    own = who.pop("own")
    noted = {"type": f"table.ruling_{'confirmed' if yes == 'yes' else 'declined'}", "id": pending["id"]}
    noted.update(words=pending["words"], host=pending["host"], **who)
    cleared = replace(state, pending_ruling=None)
    if yes == "no":
        return cleared, [noted]
    if own:
        raise IllegalActionError("A second person confirms this ruling: a co-host, or another seated player")
    new, events = rule(cleared, HOST, pending["intent"], now)
    return new, [noted, *events]


def view(state: LiveTable, viewer: Any) -> dict[str, Any] | None:
    """What is pending, for a viewer at the table: whether this viewer may answer it (a seated
    player other than the host's own; the host's side answers from the host's panel)."""
    pending = current(state)
    if pending is None:
        return None
    seated = isinstance(viewer, int) and not isinstance(viewer, bool)
    occupant = state.table.seat(viewer) if seated else None
    return {
        "id": pending["id"],
        "words": pending["words"],
        "reason": pending["reason"],
        "host": pending["host"],
        "expires_at": pending["expires_at"],
        "may_answer": occupant is not None and occupant.player not in pending["holders"],
    }
