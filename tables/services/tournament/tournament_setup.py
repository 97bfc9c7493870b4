"""Tournament set-up: a new tournament, edits of its set-up, and the players entered in it.

Every decision is the engine's (`engine.tournament`); this module stores the result. Each write
locks the tournament row (`tournaments.lock_tournament`) in a transaction, logs who did what and
when, and bumps `Tournament.version`. A refusal raises `ActionRefused` and changes nothing.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from engine.tournament import PayoutPlan, PayoutTable, RebuyRules, Structure, TournamentError, template
from engine.tournament.payout_brackets import DEFAULT_BRACKET_TEMPLATE
from tables.errors import ActionRefused
from tables.models import Night, Player
from tables.models.ledger import EntryKind
from tables.models.tournaments import Tournament, TournamentAction, TournamentEntry
from tables.services.ledger import ledger
from tables.services.tournament import tournament_money
from tables.services.tournament.setup_changes import describe_changes, setup_values
from tables.services.tournament.tournament_stack_locks import check_stacks_may_change
from tables.services.tournament.tournaments import check_not_over, finish_label, lock_tournament, log_action

# One line of the tournament's own log holds 200 characters: a long edit takes several lines.
LOG_LINE = 180


def create_tournament(
    night: Night,
    actor: AbstractBaseUser | None,
    *,
    name: str,
    template_key: str,
    buy_in: int,
    payout_template: str = DEFAULT_BRACKET_TEMPLATE,
    now: datetime.datetime | None = None,
) -> Tournament:
    """A new tournament from a shipped structure (a copy: editing it never changes the template),
    its payouts following the number of entries by the brackets of `payout_template`."""
    now = now if now is not None else timezone.now()
    name = " ".join(name.split())
    if not name:
        raise ActionRefused("Give the tournament a name.")
    try:
        structure = template(template_key)
        payouts = PayoutPlan.from_template(payout_template)
    except TournamentError as error:
        raise ActionRefused(str(error)) from None
    tournament = Tournament(
        night=night,
        name=name,
        buy_in=buy_in,
        starting_stack=structure.starting_stack,
        structure=structure.to_json(),
        rebuy_rules=RebuyRules().to_json(),
        payout_table=payouts.to_json(),
    )
    try:
        with transaction.atomic():
            tournament.save()
            log_action(
                tournament,
                actor,
                TournamentAction.CREATE,
                f"from the {structure.name} structure, payouts by the {payout_template} brackets",
                now,
            )
    except IntegrityError:
        raise ActionRefused(f"This night already has a tournament called {name!r}.") from None
    return tournament


def update_tournament(
    tournament_id: int,
    actor: AbstractBaseUser | None,
    *,
    name: str,
    buy_in: int,
    rebuy_price: int,
    add_on_price: int,
    structure: Structure,
    rules: RebuyRules,
    payouts: PayoutPlan | PayoutTable,
    now: datetime.datetime | None = None,
) -> Tournament:
    """Save an edited set-up. The clock keeps its times; it may not point past the new structure.
    A stack already handed out stays as it is (`tournament_stack_locks`): changing it is refused,
    and nothing of the edit is saved. A payout table given alone is fixed: it pays whatever the
    field; a plan follows the field by its brackets unless it has a fixed table.

    The log says every value the edit changed, old → new (`setup_changes`)."""
    now = now if now is not None else timezone.now()
    try:
        rules.check_against(structure)
    except TournamentError as error:
        raise ActionRefused(str(error)) from None
    _check_stacks_within_limit(structure, rules)
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        check_not_over(tournament)
        if tournament.clock_period_index >= len(structure.periods):
            raise ActionRefused(
                f"The clock is on period {tournament.clock_period_index + 1}: keep at least that many."
            )
        if tournament.night.tournaments.exclude(pk=tournament.pk).filter(name__iexact=name).exists():
            raise ActionRefused(f"This night already has a tournament called {name!r}.")
        check_stacks_may_change(tournament, structure, rules)
        if isinstance(payouts, PayoutTable):
            payouts = PayoutPlan(
                tournament.get_payouts().brackets, tournament.get_payouts().template, payouts
            )
        prices = (tournament.buy_in, tournament.rebuy_price, tournament.add_on_price)
        before = setup_values(tournament)
        tournament.name = name
        tournament.buy_in = buy_in
        tournament.rebuy_price = rebuy_price
        tournament.add_on_price = add_on_price
        tournament.starting_stack = structure.starting_stack
        tournament.structure = structure.to_json()
        tournament.rebuy_rules = rules.to_json()
        tournament.payout_table = payouts.to_json()
        tournament.version += 1
        tournament.save()
        repriced = tournament_money.Paid()
        if prices != (buy_in, rebuy_price, add_on_price):
            repriced = tournament_money.reprice(tournament, actor)  # what was paid follows the new prices
        changes = describe_changes(before, setup_values(tournament)) or ["nothing changed"]
        lines = _log_lines(changes)
        for number, detail in enumerate(lines, start=1):
            last = number == len(lines)
            label = TournamentAction.EDIT.label + (f" ({number} of {len(lines)})" if len(lines) > 1 else "")
            log_action(
                tournament,
                actor,
                TournamentAction.EDIT,
                detail,
                now,
                payload={"changes": changes, **repriced.payload} if number == 1 else {"continues": True},
                night_line=repriced.then(f"{label}: {detail}") if last else f"{label}: {detail}",
            )
    return tournament


def fix_payouts(
    tournament_id: int, actor: AbstractBaseUser | None, now: datetime.datetime | None = None
) -> Tournament:
    """The host fixes the payouts in force now (the table of today's bracket): from here on they pay
    whatever the field does, until the host edits them again."""
    now = now if now is not None else timezone.now()
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        check_not_over(tournament)
        plan = tournament.get_payouts()
        if not plan.follows_the_field:
            raise ActionRefused("The payouts are fixed already: edit the set-up to change them.")
        before = setup_values(tournament)
        tournament.payout_table = plan.fixed_at(tournament.entries.count()).to_json()
        tournament.version += 1
        tournament.save(update_fields=["payout_table", "version"])
        changes = describe_changes(before, setup_values(tournament))
        detail = "; ".join(changes)
        log_action(tournament, actor, TournamentAction.EDIT, detail, now, payload={"changes": changes})
    return tournament


def _log_lines(changes: list[str]) -> list[str]:
    """The changes, joined with "; " into lines that each fit one line of the tournament's log."""
    lines: list[str] = []
    for change in changes:
        change = change if len(change) <= LOG_LINE else change[: LOG_LINE - 1] + "…"
        if lines and len(lines[-1]) + 2 + len(change) <= LOG_LINE:
            lines[-1] += f"; {change}"
        else:
            lines.append(change)
    return lines


def _check_stacks_within_limit(structure: Structure, rules: RebuyRules) -> None:
    """A tournament's stacks are chips handed to a seat: at most what any stack may be given."""
    stacks = {
        "starting stack": structure.starting_stack,
        "rebuy stack": rules.rebuy_stack,
        "add-on stack": rules.add_on_stack,
    }
    for name, chips in stacks.items():
        if chips > ledger.MAX_CHIPS_PER_ENTRY:
            raise ActionRefused(
                f"The {name} ({chips:,}) is too large: "
                f"a stack is at most {ledger.MAX_CHIPS_PER_ENTRY:,} chips."
            )


def register_players(
    tournament_id: int,
    actor: AbstractBaseUser | None,
    players: Sequence[Player],
    now: datetime.datetime | None = None,
) -> list[TournamentEntry]:
    """Enter players of the night who were let in; players already entered are left as they are.

    A player entered after others are out for good will finish above them: the places of the
    players out move down by one for each entry (said in the line), so the next player out takes
    the place above them, never one of theirs."""
    now = now if now is not None else timezone.now()
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        check_not_over(tournament)
        entered = set(tournament.entries.values_list("player_id", flat=True))
        created = []
        for player in players:
            if player.night_id != tournament.night_id or player.status != Player.Status.APPROVED:
                raise ActionRefused(f"{player.display_name} is not a player of this night.")
            if player.pk not in entered:
                _check_holds_no_cash_chips(player)
                created.append(TournamentEntry.objects.create(tournament=tournament, player=player))
                entered.add(player.pk)
        if not created:
            raise ActionRefused("Everyone chosen is already entered.")
        moved = []
        for out in tournament.entries.select_related("player").filter(place__isnull=False):
            out.place += len(created)
            out.save(update_fields=["place"])
            moved.append(finish_label(out))
        tournament.version += 1
        tournament.save(update_fields=["version"])
        names = ", ".join(entry.player.display_name for entry in created)
        paid = tournament_money.pay_in(tournament, created, EntryKind.TOURNAMENT_ENTRY, actor)
        currency = tournament.night.currency
        line = f"Entered {names}: buy-in {tournament.buy_in} {currency} each into the prize pool"
        if moved:
            line += f"; the players out finish below them now: {', '.join(moved)}"
        log_action(
            tournament, actor, TournamentAction.REGISTER, names, now, payload=paid.payload, night_line=line
        )
    return created


def _check_holds_no_cash_chips(player: Player) -> None:
    """Cash chips never become tournament chips: entered, a player's cash stack would leave the
    night's count (and could not be cashed out), or be played at a tournament table."""
    held = ledger.cash_chips_held(player)
    if held:
        raise ActionRefused(
            f"{player.display_name} still holds {held} cash chips: cash them out before they enter "
            "(tournament chips are not cash chips)."
        )
