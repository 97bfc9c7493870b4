"""A stack that has been handed out does not change: which of a tournament's stacks (starting,
rebuy, add-on) its set-up may still change, and why not the others.

Chips in play are counted from these stacks (entries x starting stack + rebuys x rebuy stack +
add-ons x add-on stack - chips taken out of play, `engine.tournament.chips_bought`). Once a stack
is in someone's hands, a new figure in the set-up would change that count and not one chip at
the tables (docs/chips-and-money.md), so the edit is refused:

- the starting stack once an entrant has sat down with it (drawn, or seated by hand) or has been
  recorded out (with it, or with what they made of it). Before that, every entrant still sits
  down with whatever the set-up says, so a new figure is everyone's;
- the rebuy stack once a rebuy was recorded, and the add-on stack once an add-on was.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.tournament import RebuyRules, Structure
from tables.errors import ActionRefused
from tables.models import Seat
from tables.models.tournaments import Tournament


@dataclass(frozen=True, slots=True)
class StackLock:
    """A stack handed out: the set-up field that holds it, its figure, and who holds it."""

    field: str
    name: str
    chips: int
    held_by: str

    @property
    def note(self) -> str:
        """The short note beside the set-up field."""
        return f"Handed out: it stays {self.chips}."

    def refusal(self, asked: int) -> str:
        return (
            f"The {self.name} is handed out ({self.held_by}), so it stays {self.chips}: with "
            f"{asked}, the chips in play would no longer be what the players hold. Nothing was saved. "
            f"{REMEDIES[self.field]}"
        )


STACK_NAMES = {
    "starting_stack": "starting stack",
    "rebuy_stack": "rebuy stack",
    "add_on_stack": "add-on stack",
}
REMEDIES = {
    "starting_stack": "To make the tournament longer or shorter, change the blind levels instead.",
    "rebuy_stack": "Every rebuy gets the same fresh stack.",
    "add_on_stack": "Every add-on gets the same chips.",
}


def _count(number: int, word: str) -> str:
    return f"{number} {word}" if number == 1 else f"{number} {word}s"


def stack_locks(tournament: Tournament) -> dict[str, StackLock]:
    """The stacks of `tournament` already handed out, by set-up field."""
    entries = list(tournament.entries.all())
    starting = tournament.get_structure().starting_stack  # the figure chips in play count
    locks: dict[str, StackLock] = {}
    seated = Seat.objects.filter(player_id__in=[entry.player_id for entry in entries]).count()
    out = sum(1 for entry in entries if entry.is_out)
    if seated or out:
        held = []
        if seated:
            verb = "has" if seated == 1 else "have"
            held.append(f"{_count(seated, 'entrant')} {verb} sat down with {starting} chips")
        if out:
            held.append(f"{_count(out, 'entrant')} recorded out")
        locks["starting_stack"] = StackLock(
            "starting_stack", STACK_NAMES["starting_stack"], starting, ", ".join(held)
        )
    rules = tournament.get_rebuy_rules()
    for field, name, used, chips in (
        ("rebuy_stack", "rebuy", sum(entry.rebuys for entry in entries), rules.rebuy_stack),
        ("add_on_stack", "add-on", sum(entry.add_ons for entry in entries), rules.add_on_stack),
    ):
        if used:
            verb = "was" if used == 1 else "were"
            held_by = f"{_count(used, name)} of {chips} chips {verb} recorded"
            locks[field] = StackLock(field, STACK_NAMES[field], chips, held_by)
    return locks


def stack_lock_notes(tournament: Tournament) -> dict[str, str]:
    """The set-up page's note beside each stack handed out, by field."""
    return {field: lock.note for field, lock in stack_locks(tournament).items()}


def new_stacks(tournament: Tournament, structure: Structure, rules: RebuyRules) -> dict[str, tuple[int, int]]:
    """The stacks an edited set-up changes, by field: (now, asked)."""
    now = tournament.get_rebuy_rules()
    pairs = {
        "starting_stack": (tournament.get_structure().starting_stack, structure.starting_stack),
        "rebuy_stack": (now.rebuy_stack, rules.rebuy_stack),
        "add_on_stack": (now.add_on_stack, rules.add_on_stack),
    }
    return {field: pair for field, pair in pairs.items() if pair[0] != pair[1]}


def check_stacks_may_change(tournament: Tournament, structure: Structure, rules: RebuyRules) -> str:
    """Refuse an edit that changes a stack handed out; otherwise the words its log line adds
    about the stacks it changes ("" for none). Call with the tournament row locked."""
    changed = new_stacks(tournament, structure, rules)
    locks = stack_locks(tournament) if changed else {}
    for field, (_, asked) in changed.items():
        if field in locks:
            raise ActionRefused(locks[field].refusal(asked))
    return "; ".join(
        f"{STACK_NAMES[field]} {now} -> {asked} chips" for field, (now, asked) in changed.items()
    )
