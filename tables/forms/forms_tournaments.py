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
    PAYOUT_BRACKET_TEMPLATES,
    TEMPLATES,
    Break,
    Level,
    PayoutBrackets,
    PayoutPlan,
    PayoutTable,
    RebuyRules,
    Structure,
    TournamentError,
)
from engine.tournament.payout_brackets import DEFAULT_BRACKET_TEMPLATE
from tables.models.tournaments import Tournament
from tables.services.ledger.ledger import MAX_CHIPS_PER_ENTRY

NUMBER = {"inputmode": "numeric", "min": "0"}
# More than any home game's money, minutes or levels, and small enough for every database column.
# Stacks have the ledger's limit, the same in every path (MAX_CHIPS_PER_ENTRY).
MAX_AMOUNT = 1_000_000_000
PAYOUT_TEMPLATE_CHOICES = [(key, words) for key, (words, _) in PAYOUT_BRACKET_TEMPLATES.items()]


def parse_percentages(text: str) -> PayoutTable:
    """ "50, 30, 20" (or "50%; 30%; 20%") as a payout table, or the engine's reason it is none."""
    parts = [part.strip().rstrip("%").strip() for part in text.replace(";", ",").split(",")]
    try:
        return PayoutTable(tuple(Decimal(part) for part in parts if part))
    except InvalidOperation:
        raise forms.ValidationError("Write the payouts as numbers separated by commas.") from None
    except TournamentError as error:
        raise forms.ValidationError(str(error)) from None


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
    payout_template = forms.ChoiceField(
        label="Payouts",
        choices=PAYOUT_TEMPLATE_CHOICES,
        initial=DEFAULT_BRACKET_TEMPLATE,
        required=False,
        help_text="Brackets by number of entries: the places paid follow the field. Editable afterwards.",
    )

    def clean_payout_template(self) -> str:
        return self.cleaned_data["payout_template"] or DEFAULT_BRACKET_TEMPLATE


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
    payout_template = forms.ChoiceField(
        label="Payout template",
        choices=PAYOUT_TEMPLATE_CHOICES,
        required=False,
        help_text="Choosing one fills the brackets below; edit them as you like.",
    )
    payouts = forms.CharField(
        label="Fixed payouts (% of the pool, 1st first)",
        required=False,
        help_text="Blank: the payouts follow the brackets as players enter. "
        "For example 50, 30, 20 pays that whatever the field. They must add up to 100.",
    )

    PAYOUT_FIELDS = ("payout_template", "payouts")

    def setup_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name not in self.PAYOUT_FIELDS]

    def payout_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.PAYOUT_FIELDS]

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
                "payout_template": tournament.get_payouts().template,
                "payouts": _fixed_text(tournament.get_payouts()),
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

    def clean_payouts(self) -> PayoutTable | None:
        text = self.cleaned_data["payouts"]
        return parse_percentages(text) if text.strip() else None

    def clean(self) -> dict[str, object]:
        """Refuse an add-on the set-up both offers and does not: a price or stack saved with the
        box unticked counted in the pool line while no Add-on button ever came."""
        data = super().clean() or {}
        price, stack = data.get("add_on_price"), data.get("add_on_stack")
        if data.get("add_on"):
            if stack == 0:
                self.add_error("add_on_stack", "An add-on gives chips: give its stack, or untick the add-on.")
        elif price or stack:
            self.add_error(
                "add_on",
                f"The add-on has a price ({price or 0}) and a stack ({stack or 0} chips) but is not "
                "ticked: tick “Add-on at the first break” to offer it, or set both to 0.",
            )
        return data


def _fixed_text(plan: PayoutPlan) -> str:
    return ", ".join(str(p) for p in plan.fixed.to_json()) if plan.fixed is not None else ""


class BracketForm(forms.Form):
    """One payout bracket: the largest field it is for (blank on the last: every bigger field) and
    what it pays."""

    up_to = AmountField(label="Up to entries", required=False, min_value=2)
    pays = forms.CharField(label="Pays (%, 1st first)", required=False, max_length=200)

    def row(self) -> tuple[int | None, str] | None:
        """The bracket as (largest field, percentages as typed), or None for a blank row (left out)."""
        data = self.cleaned_data
        if data.get("up_to") is None and not (data.get("pays") or "").strip():
            return None
        return data.get("up_to"), data.get("pays") or ""


BracketFormSet = forms.formset_factory(BracketForm, extra=2)
# Rows enough for any template, so picking one on the page fills it in place.
BRACKET_ROWS = 2 + max(len(brackets.brackets) for _, brackets in PAYOUT_BRACKET_TEMPLATES.values())


def bracket_formset(plan: PayoutPlan) -> forms.BaseFormSet:
    """The plan's brackets as rows, with blank rows up to BRACKET_ROWS (at least two)."""
    initial = bracket_rows(plan)
    rows = forms.formset_factory(BracketForm, extra=max(2, BRACKET_ROWS - len(initial)))
    return rows(initial=initial, prefix="brackets")


def bracket_rows(plan: PayoutPlan) -> list[dict]:
    """The plan's brackets as initial data for the rows."""
    return [
        {"up_to": b.last, "pays": ", ".join(str(p) for p in b.table.to_json())}
        for b in plan.brackets.brackets
    ]


def payout_templates_json() -> list[dict]:
    """The templates as rows, for the page's script that fills the rows when the host picks one."""
    return [
        {"key": key, "rows": bracket_rows(PayoutPlan(brackets, key))}
        for key, (_, brackets) in PAYOUT_BRACKET_TEMPLATES.items()
    ]


def clean_payouts(
    form: TournamentSettingsForm, rows: forms.BaseFormSet, current: PayoutPlan
) -> PayoutPlan | None:
    """The payouts the form describes, or None with the reason added to `form`.

    Picking another template without touching the rows (no script ran to fill them) takes the
    template's brackets; rows edited are the host's own brackets."""
    data = form.cleaned_data
    key = data.get("payout_template") or current.template
    rows_typed = [row for bracket in rows.forms if (row := bracket.row()) is not None]
    try:
        tables = []
        for number, (_, pays) in enumerate(rows_typed, start=1):
            try:
                tables.append(parse_percentages(pays))
            except forms.ValidationError as error:
                raise TournamentError(f"Bracket {number}: {' '.join(error.messages)}") from None
        brackets = PayoutBrackets.build(
            [(up_to, table) for (up_to, _), table in zip(rows_typed, tables, strict=True)]
        )
    except TournamentError as error:
        form.add_error(None, str(error))
        return None
    if key != current.template and brackets == current.brackets and key in PAYOUT_BRACKET_TEMPLATES:
        brackets = PAYOUT_BRACKET_TEMPLATES[key][1]
    return PayoutPlan(brackets, key, data.get("payouts"))


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
    payouts: PayoutPlan


def clean_setup(
    form: TournamentSettingsForm,
    rows: forms.BaseFormSet,
    structure_name: str,
    brackets: forms.BaseFormSet | None = None,
    current: PayoutPlan | None = None,
) -> Setup | None:
    """The set-up the forms describe, or None with the engine's message added to `form`. Without
    bracket rows posted the brackets stay as they are (`current`)."""
    if not (form.is_valid() and rows.is_valid() and (brackets is None or brackets.is_valid())):
        return None
    data = form.cleaned_data
    current = current or PayoutPlan.from_template(DEFAULT_BRACKET_TEMPLATE)
    if brackets is None:
        payouts = PayoutPlan(current.brackets, current.template, data.get("payouts"))
    elif (payouts := clean_payouts(form, brackets, current)) is None:
        return None
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
        payouts=payouts,
    )
