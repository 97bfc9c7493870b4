"""What each viewer may see of a hand: the one place private information leaves the engine.

A viewer is a seat number (a player), "host", or "public" (None works too).
Players see their own hole cards; everyone sees tabled hands. The host's view of a
live hand hides hole cards exactly like the public one, since the host usually plays.
No view ever contains the deck, the seed, or a burn card. `seeds_may_be_revealed(hand)` says
whether the night's close may publish a hand's seeds (not when they would give a player a card
the views keep from them for good: a card taken in Crazy Blind Man).

Shape: {"viewer": {"seat", "role"}, "hand_number", "game", "game_name", "phase", "street",
"button", "stakes": {non-zero Stakes fields}, "posts": [{"seat", "kind", "amount"}] (who posted
which blind, straddle or ante), "seats": [{"seat", "player", "name", "stack",
"bet", "committed", "status" (active|folded|all_in|mucked), "last_action", "card_count",
"cards" (list or None when hidden), "shown", "hand" (descriptions per board once tabled; hi-lo:
"<high>; low <low>" or "<high>; no low"),
"is_turn", "won"}], "boards": [[cards]], "pot" (collected), "pots": [{"amount", "eligible"}],
"bets_total", "to_act", "current_bet", "showdown_order", "results": [{"pot", "board", "amount",
"winners": [{"seat", "amount"}], "hand", "half" and "scoop" (hi-lo games only: "high" | "low";
a high half that took the whole pot because no low qualified), "decided" (what decided it, from
tabled hands only: see `engine.showdown_words`)}], "finished", "your_cards" (seat viewers),
"legal_actions" (seat viewers: see `Hand.legal_actions`), "all_in_odds" (only once hands are tabled
all-in: see `engine.odds`)}.

>>> from engine.cards import STANDARD_DECK
>>> from engine.config import SeatInHand, Stakes
>>> from engine.forced_bets import standard_config
>>> from engine.hand import Hand
>>> seats = [SeatInHand(1, "a", 1000, "Ann"), SeatInHand(2, "b", 1000, "Bo")]
>>> hand = Hand.deal(standard_config("nlhe", seats, button=1, stakes=Stakes(5, 10)), STANDARD_DECK)
>>> view(hand, "public")["seats"][0]["cards"] is None
True
>>> view(hand, 1)["seats"][0]["cards"]
['2d', '2s']
>>> view(hand, "public")["posts"]
[{'seat': 1, 'kind': 'small_blind', 'amount': 5}, {'seat': 2, 'kind': 'big_blind', 'amount': 10}]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from engine import odds
from engine.betting import STREET_NAMES
from engine.errors import EngineError
from engine.events import PostsMade
from engine.hi_lo import low_value
from engine.house import views as home_views
from engine.records import non_zero
from engine.showdown import hand_value
from engine.showdown_words import explain

if TYPE_CHECKING:
    from engine.hand import Hand, SeatState

Viewer = int | str | None
PUBLIC = "public"
HOST = "host"


def can_see_hole_cards(hand: Hand, s: SeatState, viewer: Viewer) -> bool:
    """Own cards, and any hand tabled at showdown (or turned up when all-in). Never a mucked hand."""
    if s.mucked and viewer != s.seat:
        return False
    return s.shown or (isinstance(viewer, int) and viewer == s.seat)


def _status(s: SeatState) -> str:
    if s.folded:
        return "folded"
    if s.mucked:
        return "mucked"
    if s.all_in:
        return "all_in"
    return "active"


def _tabled_hand(hand: Hand, s: SeatState) -> list[str] | None:
    """What a tabled hand makes on each board, once every board has its flop."""
    if not s.shown or s.mucked or not all(len(board) >= 3 for board in hand.boards):
        return None
    try:
        highs = [hand_value(hand, s.seat, index).description for index in range(len(hand.boards))]
    except EngineError:  # a variant whose cards do not make a hand yet
        return None
    if not hand.game.hi_lo:
        return highs
    lows = [low_value(hand, s.seat, index) for index in range(len(hand.boards))]
    low_words = [f"low {low.description}" if low else "no low" for low in lows]
    return [f"{high}; {low}" for high, low in zip(highs, low_words, strict=True)]


def _seat_view(hand: Hand, s: SeatState, visible: bool, extras: dict[str, Any]) -> dict[str, Any]:
    return {
        "seat": s.seat,
        "player": s.player,
        "name": s.name,
        "stack": s.stack,
        "bet": s.bet,
        "committed": s.committed,
        "status": _status(s),
        "last_action": s.last_action,
        "card_count": len(s.hole),
        "cards": [str(c) for c in s.hole] if visible else None,
        "shown": s.shown,
        "hand": _tabled_hand(hand, s) if visible else None,
        "is_turn": hand.to_act == s.seat,
        "won": s.won,
        **extras,
    }


# Where a view (as `view` builds it, with `engine.house.views.hand_extras`) holds cards, and
# nowhere else: "*" is each item of a list. A name, a message or any other text is never a card,
# however it reads (a guest may be called "As"). A field that comes to hold cards is listed here
# as it is added, or the doors that read a view's cards (the openings, the ruling previews) will
# not know of it.
CARD_FIELDS: tuple[tuple[str, ...], ...] = (
    ("seats", "*", "cards", "*"),  # the hole cards this viewer sees
    ("seats", "*", "face_up", "*"),  # exposed live, or turned up in stages
    ("boards", "*", "*"),  # every board, both runs of a hand run twice
    ("your_cards", "*"),
    ("dead_cards", "*", "card"),  # exposed during the deal
    ("removed", "*", "card"),  # Crazy Blind Man: None for the player it was taken from
    ("rabbit", "boards", "*", "*"),
    ("all_in_odds", "board", "*"),
)


def shown_cards(hand_view: Mapping[str, Any]) -> set[str]:
    """The cards a view shows, read from its CARD_FIELDS only.

    >>> sorted(shown_cards({"seats": [{"name": "As", "cards": ["Kd", "Qh"]}], "boards": [["2c"]]}))
    ['2c', 'Kd', 'Qh']
    """
    found: set[str] = set()
    for path in CARD_FIELDS:
        found.update(_cards_at(hand_view, path))
    return found


def with_cards_replaced(hand_view: Mapping[str, Any], change: Callable[[str], str]) -> dict[str, Any]:
    """A copy of the view with each card of its CARD_FIELDS written as `change` says (the
    rest is shared with `hand_view`, not copied)."""
    copied: dict[str, Any] = dict(hand_view)
    for path in CARD_FIELDS:
        copied = _replaced_at(copied, path, change)
    return copied


def _cards_at(value: Any, path: tuple[str, ...]) -> Iterator[str]:
    if not path:
        if isinstance(value, str):
            yield value
        return
    step, rest = path[0], path[1:]
    if step == "*":
        for item in value if isinstance(value, list | tuple) else ():
            yield from _cards_at(item, rest)
    elif isinstance(value, Mapping) and step in value:
        yield from _cards_at(value[step], rest)


def _replaced_at(value: Any, path: tuple[str, ...], change: Callable[[str], str]) -> Any:
    if not path:
        return change(value) if isinstance(value, str) else value
    step, rest = path[0], path[1:]
    if step == "*":
        if not isinstance(value, list | tuple):
            return value
        return [_replaced_at(item, rest, change) for item in value]
    if isinstance(value, Mapping) and step in value:
        return {**value, step: _replaced_at(value[step], rest, change)}
    return value


def _posts(hand: Hand) -> list[dict[str, Any]]:
    """Who posted which forced bet this hand, as posted (a short stack posts what it has):
    [{seat, kind, amount}], kind one of engine.config.PostKind (small_blind, big_blind,
    straddle, ante, ...). Empty before the posts."""
    for event in hand.events:
        if isinstance(event, PostsMade):
            return [{"seat": p.seat, "kind": p.kind.value, "amount": p.amount} for p in event.posts]
    return []


def why_seeds_stay_secret(hand: Hand) -> str | None:
    """Why this finished hand's seeds may never be revealed, not even once the night is closed;
    None when they may. The seeds give the whole deck: every folded hand, which is fine once
    the night is over (docs/design.md, Shuffling), but also any card a rule says one of the hand's
    players must never learn, which these views never show that player. Every door that
    publishes a seed asks this first."""
    return home_views.kept_for_good(hand)


def seeds_may_be_revealed(hand: Hand) -> bool:
    return why_seeds_stay_secret(hand) is None


def seeds_always_revealed(game: str) -> bool:
    """Whether every hand of this game may have its seeds revealed: then a caller holding only
    the game's key need not replay a hand to ask `why_seeds_stay_secret`."""
    return not home_views.may_keep_cards_for_good(game)


def view(hand: Hand, viewer: Viewer) -> dict[str, Any]:
    """A JSON-able dict of what `viewer` may see of `hand`."""
    return HandProjector(hand).view(viewer)


class HandProjector:
    """The views of one hand, as it stands, for any number of viewers.

    What viewers see alike is worked out once: the hand's public facts, and each seat's
    entry once for each way it can be seen (cards hidden or shown). Each view is still
    decided for its own viewer, by the same rules as `view`; views of one projector share
    those parts, so treat them as read-only. The hand must not change meanwhile.
    """

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self._shared: dict[str, Any] | None = None
        self._seat_extras: dict[int, dict[str, Any]] | None = None
        self._entries: dict[tuple[int, bool], dict[str, Any]] = {}

    def view(self, viewer: Viewer) -> dict[str, Any]:
        hand = self.hand
        if viewer is None:
            viewer = PUBLIC
        is_seat = isinstance(viewer, int) and not isinstance(viewer, bool) and viewer in hand.index
        shared = self._shared_part()
        data: dict[str, Any] = {
            "viewer": {"seat": viewer if is_seat else None, "role": "seat" if is_seat else str(viewer)},
            **shared["head"],
            "seats": [self._entry(s, viewer) for s in hand.seats],
            **shared["tail"],
            **home_views.hand_extras(hand, viewer),
        }
        if is_seat:
            s = hand.seats[hand.index[viewer]]  # type: ignore[index]
            data["your_cards"] = home_views.own_cards(hand, s.seat)
            data["legal_actions"] = hand.legal_actions(s.seat)
        if shared["all_in_odds"] is not None:
            data["all_in_odds"] = shared["all_in_odds"]
        return data

    def _entry(self, s: SeatState, viewer: Viewer) -> dict[str, Any]:
        hand = self.hand
        visible = home_views.hole_cards_visible(hand, s, viewer, can_see_hole_cards(hand, s, viewer))
        entry = self._entries.get((s.seat, visible))
        if entry is None:
            if self._seat_extras is None:
                self._seat_extras = home_views.all_seat_extras(hand)
            entry = self._entries[s.seat, visible] = _seat_view(hand, s, visible, self._seat_extras[s.seat])
        return entry

    def _shared_part(self) -> dict[str, Any]:
        if self._shared is None:
            hand = self.hand
            config = hand.config
            street = STREET_NAMES[hand.street] if 0 <= hand.street < len(STREET_NAMES) else None
            # Keys in the order of a view (head, then seats, then tail), so its JSON reads alike.
            head = {
                "hand_number": config.hand_number,
                "game": config.game,
                "game_name": hand.game.name,
                "phase": hand.phase,
                "street": street,
                "button": config.button,
                "stakes": non_zero(config.stakes),
                "posts": _posts(hand),
            }
            tail = {
                "boards": [[str(c) for c in board] for board in hand.boards],
                "pot": hand.pot,
                "pots": [pot.to_json() for pot in hand.pots],
                "bets_total": sum(s.bet for s in hand.seats),
                "to_act": hand.to_act,
                "current_bet": hand.current_bet,
                "showdown_order": list(hand.showdown_order),
                "results": [{**award.to_json(), "decided": explain(hand, award)} for award in hand.awards],
                "finished": hand.finished,
                "your_cards": None,
                "legal_actions": None,
            }
            # Tabled cards only: the same for every viewer.
            self._shared = {"head": head, "tail": tail, "all_in_odds": odds.all_in_odds(hand)}
        return self._shared
