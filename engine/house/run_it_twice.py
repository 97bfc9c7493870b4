"""Run it twice: with everyone all-in before the river, the rest of the board may be dealt twice.

A host option per table (`HandConfig.options["run_it_twice"]`, off unless the table turns it
on). When no more betting is possible and the board is not complete, the live hands are
turned face up as always ("all live hands are turned face up before the rest of the board
is dealt"), then every player still in the hand with cards is asked, an all-in short stack
included: `Hand.act(seat, "run_twice")` or `Hand.act(seat, "run_once")`. One "once" (or the
question's timer running out: the live table's timeout answers "run_once" for the first
player who has not answered) settles it: the board is dealt once, as usual. If every one of
them says "twice", two runouts are dealt and every pot, side pots included, is split in
half: one half to the best hand on each run, "the extra smallest unit goes to the first
board" (the double-board rule, which `engine.showdown.award` already applies to a second
board), and a tie within one run splits that run's half as any split pot.

How the second runout is dealt. The first runout is dealt exactly as a hand run once: a
burn before the turn, the turn, a burn before the river, the river (and the flop first when
the all-in was preflop). The second runout then comes off the same committed deck, from the
next card on, street by street with its own burns: "Before the flop, the turn, and the
river, the dealer burns the top card", so each street of each run has its burn, as a
dealer running it twice at a table does. Nothing is re-shuffled and no card is skipped, so
every card of both runs is at a deck position committed at the deal (docs/shuffle.md) and
opened after the hand like any other board card. The cards already on the board when the
question was asked are shared by both runs.

Games: the ones with one board dealt by the usual Hold'em procedure and betting (No-Limit,
Fixed-Limit, Short Deck, Pot-Limit Omaha, single-board bomb pots). Not a double-board bomb
pot: it already splits every pot between two boards, and the rule text for it says nothing
of running each board again. Not Blind Hold'em: "There are no blinds, antes, bets, calls or
raises", so nobody is ever all-in and the board is always dealt in full. Not Crazy Blind
Man: its text plays every hand to one board and a face-up showdown, and players are asked
to decide holding cards they have never seen. A hand whose deck cannot hold a second runout
(Short Deck with many players) is run once without asking.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine.cards import Card
from engine.errors import IllegalActionError
from engine.events import BoardDealt, Event, HandsTabled
from engine.games import GameDef, Structure
from engine.house.events import HouseEvent
from engine.seating import clockwise_after

if TYPE_CHECKING:
    from engine.hand import Hand

OPTION = "run_it_twice"  # the HandConfig.options key, and the hand's extras key
TWICE = "run_twice"
ONCE = "run_once"
ANSWERS = {TWICE: True, ONCE: False}


def allowed(game: GameDef) -> bool:
    """Whether `game` can be run twice (see the module's text for which and why)."""
    return game.boards == 1 and not game.steps and game.structure is not Structure.NO_BETTING


def enabled(hand: Hand) -> bool:
    return hand.config.options.get(OPTION) is True and allowed(hand.game)


def state(hand: Hand) -> dict[str, Any] | None:
    """{"asked": [seats], "answers": [[seat, agreed]], "shared": board cards dealt before the
    question, "runs": None while asking, then 1 or 2}, once the question was asked."""
    return hand.extras.get(OPTION)


def asking(hand: Hand) -> bool:
    found = state(hand)
    return found is not None and found["runs"] is None and not hand.finished


def runs(hand: Hand) -> int:
    """How many runouts the hand has (1 unless everyone agreed to two)."""
    found = state(hand)
    return 2 if found is not None and found["runs"] == 2 else 1


def _streets_to_come(game: GameDef, shared: int) -> list[tuple[bool, int]]:
    """(burn, board cards) of each street still to come after `shared` board cards."""
    streets, dealt = [], 0
    for street in game.streets:
        if street.board_cards and dealt >= shared:
            streets.append((street.burn, street.board_cards))
        dealt += street.board_cards
    return streets


# Events --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RunItTwiceOffered(HouseEvent):
    """Everyone is all-in before the river: `seats` (every live hand) are asked, in this order."""

    type: ClassVar[str] = "run_it_twice_offered"
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RunItTwiceAnswered(HouseEvent):
    """`seat` agreed to run it twice (`agreed`), or asked for one runout."""

    type: ClassVar[str] = "run_it_twice_answer"
    by_player: ClassVar[bool] = True
    seat: int
    agreed: bool


@dataclass(frozen=True, slots=True)
class SecondRunoutDealt(HouseEvent):
    """The second runout, after the first: a burn before each street (`burns`, never shown)
    and the new board cards (`cards`), which follow the board's first `shared` cards."""

    type: ClassVar[str] = "second_runout"
    card_fields: ClassVar[frozenset[str]] = frozenset({"burns", "cards"})
    burns: tuple[Card, ...]
    cards: tuple[Card, ...]


# The dealer ----------------------------------------------------------------------------------


def offer(hand: Hand) -> Event | None:
    """The question, when the dealer is about to deal the rest of the board to hands that can
    no longer bet (the caller checked that), or None: the option is off, already asked, the
    board is complete, or the deck has no room for a second runout."""
    if not enabled(hand) or state(hand) is not None or _runout_started(hand):
        return None
    live = [hand.seats[i] for i in clockwise_after(hand.seat_numbers, hand.config.button)]
    asked = tuple(s.seat for s in live if s.live and s.hole)
    shared = len(hand.boards[0])
    to_come = _streets_to_come(hand.game, shared)
    if len(asked) < 2 or not to_come:
        return None
    one_run = sum(int(burn) + cards for burn, cards in to_come)
    # An exposed card set aside serves as a burn: counting it as a deck card would only ask less often.
    if len(hand.deck) - hand.next_card < 2 * one_run:
        return None
    return RunItTwiceOffered(asked)


def _runout_started(hand: Hand) -> bool:
    """Whether board cards were dealt since the hands were turned up: the question comes
    before the rest of the board or never (a deck too short to ask then is not asked later)."""
    for event in reversed(hand.events):
        if isinstance(event, HandsTabled):
            return False
        if isinstance(event, BoardDealt):
            return True
    return False


def second_runout(hand: Hand) -> Event | None:
    """At the showdown, once the first runout is out: the second one, if everyone agreed."""
    found = state(hand)
    if found is None or found["runs"] != 2 or len(hand.boards) > 1:
        return None
    position = hand.next_card
    burns: list[Card] = []
    cards: list[Card] = []
    for burn, count in _streets_to_come(hand.game, found["shared"]):
        if burn:
            burns.append(hand.deck[position])
            position += 1
        cards.extend(hand.deck[position : position + count])
        position += count
    return SecondRunoutDealt(tuple(burns), tuple(cards))


def second_run_streets(hand: Hand, event: SecondRunoutDealt) -> list[tuple[Card, ...]]:
    """The second runout's cards street by street (the turn, then the river...)."""
    shared = len(hand.boards[0]) - len(event.cards)
    streets, position = [], 0
    for _, count in _streets_to_come(hand.game, shared):
        streets.append(event.cards[position : position + count])
        position += count
    return streets


def second_run_layout(game: GameDef, cards: int) -> list[tuple[bool, int]] | None:
    """(burn, board cards) of each street of a second runout of `cards` cards, or None when
    no runout of `game` deals that many (a second runout starts at a street)."""
    streets = _streets_to_come(game, game.board_size - cards)
    return streets if sum(count for _, count in streets) == cards else None


# Player action -------------------------------------------------------------------------------


def waiting_for(hand: Hand) -> list[int]:
    """Seats asked that have not answered yet, in the order asked."""
    found = state(hand) or {"asked": [], "answers": []}
    answered = {seat for seat, _ in found["answers"]}
    return [seat for seat in found["asked"] if seat not in answered and hand.seat(seat).live]


def verify_answer(hand: Hand, seat: int) -> None:
    if hand.finished:
        raise IllegalActionError("The hand is over")
    hand.seat(seat)
    if not asking(hand):
        raise IllegalActionError("Nobody is being asked to run it twice now")
    if seat not in waiting_for(hand):
        found = state(hand) or {"asked": []}
        if seat in found["asked"]:
            raise IllegalActionError("You have already answered")
        raise IllegalActionError("Only the players still in the hand decide whether to run it twice")


def answer(hand: Hand, seat: int, action: str) -> list[Event]:
    """ "run_twice" or "run_once" from a seat being asked."""
    verify_answer(hand, seat)
    return hand.record(RunItTwiceAnswered(seat, ANSWERS[action]))


def refuse_other_actions(hand: Hand, action: str) -> None:
    """While the question is open the hand waits for its answers and nothing else."""
    if asking(hand) and action not in ANSWERS:
        raise IllegalActionError("Everyone is all-in: answer first, run it twice or once")


def legal_actions(hand: Hand, seat: int) -> dict[str, Any] | None:
    """The question's choices while it is open; None outside it."""
    if not asking(hand):
        return None
    try:
        verify_answer(hand, seat)
    except IllegalActionError as error:
        waiting = ", ".join(f"seat {s}" for s in waiting_for(hand))
        return {"your_turn": False, "reason": f"{error}: waiting for {waiting}", "actions": {}}
    return {
        "your_turn": True,
        "reason": "",
        "actions": {TWICE: {"allowed": True}, ONCE: {"allowed": True}},
    }


def view(hand: Hand) -> dict[str, Any] | None:
    """What every viewer sees of it: who is asked, who answered what, and how many runs."""
    found = state(hand)
    if found is None:
        return None
    return {
        "asked": list(found["asked"]),
        "answers": [{"seat": seat, "agreed": agreed} for seat, agreed in found["answers"]],
        "waiting_for": waiting_for(hand) if asking(hand) else [],
        "runs": found["runs"],
        "shared": found["shared"],
    }


# Appliers ------------------------------------------------------------------------------------


def apply_offered(hand: Hand, event: RunItTwiceOffered) -> None:
    hand.extras[OPTION] = {
        "asked": list(event.seats),
        "answers": [],
        "shared": len(hand.boards[0]),
        "runs": None,
    }
    hand.to_act = event.seats[0] if event.seats else None


def apply_answered(hand: Hand, event: RunItTwiceAnswered) -> None:
    found = hand.extras[OPTION]
    found["answers"].append([event.seat, event.agreed])
    hand.seat(event.seat).last_action = "run it twice" if event.agreed else "run it once"
    waiting = waiting_for(hand)
    if not event.agreed:
        found["runs"] = 1  # "a decline ... means once"
    elif not waiting:
        found["runs"] = 2
    hand.to_act = waiting[0] if found["runs"] is None else None


def apply_second_runout(hand: Hand, event: SecondRunoutDealt) -> None:
    shared = hand.extras[OPTION]["shared"]
    hand.burned.extend(event.burns)
    hand.boards.append([*hand.boards[0][:shared], *event.cards])
    hand.next_card += len(event.burns) + len(event.cards)
