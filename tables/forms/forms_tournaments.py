"""Forms for setting up a tournament: the structure as rows, rebuy rules, payout percentages.

The forms only read numbers; whether they make a tournament is the engine's call, and its
`TournamentError` message (say, "Level 2: the big blind (40) is smaller than the small
blind (50).") is shown to the host as it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from django import forms

from engine.tournament import (
    TEMPLATES,
    Break,
    Level,
    PayoutTable,
    RebuyRules,
    Structure,
    TournamentError,
)
from tables.models.tournaments import Tournament
from tables.services.ledger.ledger import MAX_CHIPS_PER_ENTRY

NUMBER = {"inputmode": "numeric", "min": "0"}
# More than any home game's money, minutes or levels, and small enough for every database column.
# Stacks have the ledger's limit, the same in every path (MAX_CHIPS_PER_ENTRY).
MAX_AMOUNT = 1_000_000_000


class AmountField(forms.IntegerField):
    """A whole amount of chips, money, minutes or levels, from 0 (or `min_value`) to MAX_AMOUNT."""

    def __init__(self, **kwargs: object) -> None:
        kwargs.setdefault("max_value", MAX_AMOUNT)
        kwargs.setdefault("widget", forms.NumberInput(NUMBER))
        super().__init__(**kwargs)  # type: ignore[arg-type]


class TournamentCreateForm(forms.Form):
    name = forms.CharField(max_length=80, initial="Tournament")
    template_key = forms.ChoiceField(
        label="Blind structure",
        choices=[(key, structure.name) for key, structure in TEMPLATES.items()],
        help_text="A copy you can edit afterwards.",
    )
    buy_in = AmountField(label="Buy-in (money)", min_value=0, initial=20)


class TournamentSettingsForm(forms.Form):
    name = forms.CharField(max_length=80)
    buy_in = AmountField(label="Buy-in (money)", min_value=0)
    starting_stack = AmountField(label="Starting stack (chips)", max_value=MAX_CHIPS_PER_ENTRY)
    max_rebuys = AmountField(
        label="Rebuys per player",
        initial=0,
        help_text="0 for a freeze-out.",
    )
    rebuy_until_level = AmountField(label="Rebuys allowed until the end of level", initial=0)
    rebuy_price = AmountField(label="Rebuy price (money)", min_value=0)
    rebuy_stack = AmountField(label="Rebuy stack (chips)", initial=0, max_value=MAX_CHIPS_PER_ENTRY)
    add_on = forms.BooleanField(label="Add-on at the first break", required=False)
    add_on_price = AmountField(label="Add-on price (money)", min_value=0)
    add_on_stack = AmountField(label="Add-on stack (chips)", initial=0, max_value=MAX_CHIPS_PER_ENTRY)
    payouts = forms.CharField(
        label="Payouts (% of the pool, 1st first)",
        help_text="For example 50, 30, 20. They must add up to 100.",
    )

    @classmethod
    def for_tournament(cls, tournament: Tournament) -> TournamentSettingsForm:
        rules = tournament.get_rebuy_rules()
        return cls(
            initial={
                "name": tournament.name,
                "buy_in": tournament.buy_in,
                "starting_stack": tournament.starting_stack,
                **rules.to_json(),
                "rebuy_price": tournament.rebuy_price,
                "add_on_price": tournament.add_on_price,
                "payouts": ", ".join(str(p) for p in tournament.get_payout_table().to_json()),
            }
        )

    def show_locks(self, notes: dict[str, str]) -> TournamentSettingsForm:
        """Mark the stacks already handed out (`services.tournament_stack_locks`): read-only, with
        a short note why. The service refuses a change anyway; this only says so first."""
        for name, note in notes.items():
            self.fields[name].help_text = note
            self.fields[name].widget.attrs["readonly"] = True
        return self

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError("Give the tournament a name.")
        return name

    def clean_payouts(self) -> PayoutTable:
        parts = [
            part.strip().rstrip("%") for part in self.cleaned_data["payouts"].replace(";", ",").split(",")
        ]
        try:
            percentages = tuple(Decimal(part) for part in parts if part)
            return PayoutTable(percentages)
        except InvalidOperation:
            raise forms.ValidationError("Write the payouts as numbers separated by commas.") from None
        except TournamentError as error:
            raise forms.ValidationError(str(error)) from None


class PeriodForm(forms.Form):
    """One row of the structure: a level (blinds, ante, minutes) or a break (minutes, note)."""

    kind = forms.ChoiceField(choices=[("level", "Level"), ("break", "Break")], initial="level")
    small_blind = AmountField(label="SB", required=False)
    big_blind = AmountField(label="BB", required=False)
    ante = AmountField(label="Ante", required=False)
    minutes = AmountField(label="Min", required=False)
    note = forms.CharField(label="Note", required=False, max_length=60)

    def period(self) -> Level | Break | None:
        """The row as a level or break, or None for a blank row (left out)."""
        data = self.cleaned_data
        if data.get("DELETE") or all(
            data.get(name) in (None, "") for name in ("small_blind", "big_blind", "minutes")
        ):
            return None
        minutes = data.get("minutes")
        if data.get("kind") == "break":
            return Break(minutes=0 if minutes is None else minutes, note=data.get("note", ""))
        return Level(
            small_blind=data.get("small_blind") or 0,
            big_blind=data.get("big_blind") or 0,
            ante=data.get("ante") or 0,
            minutes=0 if minutes is None else minutes,
        )


PeriodFormSet = forms.formset_factory(PeriodForm, extra=2, can_delete=True)


def period_rows(structure: Structure) -> list[dict]:
    """The structure as initial data for the rows."""
    rows = []
    for period in structure.periods:
        row = period.to_json()
        rows.append({key: value for key, value in row.items() if key != "kind"} | {"kind": row["kind"]})
    return rows


@dataclass(frozen=True)
class Setup:
    """A complete, valid set-up, ready for `services.tournament_setup.update_tournament`."""

    name: str
    buy_in: int
    rebuy_price: int
    add_on_price: int
    structure: Structure
    rules: RebuyRules
    payouts: PayoutTable


def clean_setup(form: TournamentSettingsForm, rows: forms.BaseFormSet, structure_name: str) -> Setup | None:
    """The set-up the forms describe, or None with the engine's message added to `form`."""
    if not (form.is_valid() and rows.is_valid()):
        return None
    data = form.cleaned_data
    periods = [period for row in rows.forms if (period := row.period()) is not None]
    try:
        structure = Structure(
            name=structure_name, starting_stack=data["starting_stack"], periods=tuple(periods)
        )
        rules = RebuyRules(
            max_rebuys=data["max_rebuys"],
            rebuy_until_level=data["rebuy_until_level"],
            rebuy_stack=data["rebuy_stack"],
            add_on=data["add_on"],
            add_on_stack=data["add_on_stack"],
        )
        rules.check_against(structure)
    except TournamentError as error:
        form.add_error(None, str(error))
        return None
    return Setup(
        name=data["name"],
        buy_in=data["buy_in"],
        rebuy_price=data["rebuy_price"],
        add_on_price=data["add_on_price"],
        structure=structure,
        rules=rules,
        payouts=data["payouts"],
    )
