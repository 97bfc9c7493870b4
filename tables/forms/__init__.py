"""Forms for every page that takes input: they say clearly what is wrong and change nothing."""

from __future__ import annotations

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.http import HttpRequest

from tables import rate_limits, setup_code
from tables.errors import ActionRefused
from tables.join_codes import LENGTH, looks_like_join_code, normalise_join_code
from tables.models import MAX_NAME_LENGTH, Night, Player, Table
from tables.models.night import game_choices
from tables.services.hosting import hosting
from tables.services.ledger.ledger import MAX_CHIPS_PER_ENTRY
from tables.services.seating.joining import clean_display_name, name_is_taken


def whole_number(raw: object) -> int:
    """A row id a form sent back, or 0 (which names no row) for anything that is not one."""
    text = raw.strip() if isinstance(raw, str) else ""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 18 else 0


class LimitedAuthenticationForm(AuthenticationForm):
    """The host's log-in: a few wrong passwords per address and session, then a wait."""

    def clean(self) -> dict:
        guesser = rate_limits.request_keys(self.request) if self.request is not None else []
        if rate_limits.blocked(rate_limits.PASSWORDS, guesser):
            raise forms.ValidationError(rate_limits.PASSWORDS.message, code="throttled")
        try:
            return super().clean()
        except forms.ValidationError:
            rate_limits.count(rate_limits.PASSWORDS, guesser)
            raise


class LimitedAdminAuthenticationForm(LimitedAuthenticationForm, AdminAuthenticationForm):
    """The admin's log-in, counted with the host's: one password guessed two ways is one."""


class HostSetupForm(UserCreationForm):
    """The install's first host account: from another computer than the server's own, only with
    the setup code it printed (tables.setup_code), a few wrong codes per address, then a wait."""

    setup_code = forms.CharField(
        label="Setup code",
        max_length=40,
        required=False,
        help_text="Printed where Homegame was started, next to its addresses (e.g. K7PQ-2MXA).",
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
        ),
    )
    field_order = ["setup_code", "username", "password1", "password2"]

    def __init__(self, *args: object, request: HttpRequest, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.request = request
        if setup_code.from_this_computer(request):
            del self.fields["setup_code"]

    def clean(self) -> dict:
        if "setup_code" in self.fields:
            guesser = rate_limits.request_keys(self.request)
            if rate_limits.blocked(rate_limits.PASSWORDS, guesser):
                raise forms.ValidationError(rate_limits.PASSWORDS.message, code="throttled")
            if setup_code.setup_code() is None:
                raise forms.ValidationError(setup_code.NO_CODE, code="no_setup_code")
            if not setup_code.matches(self.cleaned_data.get("setup_code") or ""):
                rate_limits.count(rate_limits.PASSWORDS, guesser)
                self.add_error("setup_code", setup_code.WRONG)
        return super().clean()


class JoinCodeForm(forms.Form):
    code = forms.CharField(
        label="Join code",
        max_length=20,
        widget=forms.TextInput(
            attrs={
                "autocomplete": "off",
                "autocapitalize": "characters",
                "spellcheck": "false",
                "placeholder": "K7PQ2M",
                "class": "code-input",
            }
        ),
    )

    def clean_code(self) -> str:
        code = normalise_join_code(self.cleaned_data["code"])
        if not looks_like_join_code(code) or not Night.objects.filter(join_code=code).exists():
            raise forms.ValidationError(
                f"No night has the code {code or '(empty)'}. "
                f"Check the {LENGTH} characters on the host's screen."
            )
        return code


class DisplayNameForm(forms.Form):
    # One longer than allowed, so the too-long message comes from us, not the browser.
    display_name = forms.CharField(
        label="Your name at the table",
        max_length=200,
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "nickname", "maxlength": MAX_NAME_LENGTH + 1}),
    )

    def __init__(self, *args: object, night: Night, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.night = night

    def clean_display_name(self) -> str:
        try:
            name = clean_display_name(self.cleaned_data.get("display_name", ""))
        except ActionRefused as refusal:
            raise forms.ValidationError(str(refusal)) from None
        if name_is_taken(self.night, name):
            raise forms.ValidationError(f"Someone here is already called {name}. Pick another name.")
        return name

    def clean(self) -> dict:
        if not self.night.is_open:
            raise forms.ValidationError("This night is closed: ask the host.")
        return super().clean()


class PlayerAdminForm(forms.ModelForm):
    """A player as the admin edits them: their name follows the rules of joining."""

    class Meta:
        model = Player
        fields = ["display_name"]  # the admin adds the others it shows (PlayerAdmin)

    def clean_display_name(self) -> str:
        try:
            return clean_display_name(self.cleaned_data.get("display_name", ""))
        except ActionRefused as refusal:
            raise forms.ValidationError(str(refusal)) from None


class NightForm(forms.ModelForm):
    join_seasons = forms.BooleanField(
        required=False,
        initial=True,
        label="Count it in my season of its date",
        help_text="A season whose dates hold the night's date counts it (its edit page can take it out).",
    )

    class Meta:
        model = Night
        fields = ["name", "date", "currency", "chip_value", "require_approval"]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}

    def clean_chip_value(self) -> object:
        value = self.cleaned_data["chip_value"]
        if value <= 0:
            raise forms.ValidationError("A chip must be worth more than nothing.")
        return value


# A blind has the one largest figure of chips every path shares.
BLIND = {"max_value": f"A blind is at most {MAX_CHIPS_PER_ENTRY:,} chips."}


class TableForm(forms.ModelForm):
    # The game and stakes are not the table row's: they go into its live state (create_table).
    game = forms.ChoiceField(choices=game_choices, initial="nlhe")
    small_blind = forms.IntegerField(
        min_value=0, max_value=MAX_CHIPS_PER_ENTRY, initial=1, error_messages=BLIND
    )
    big_blind = forms.IntegerField(
        min_value=0, max_value=MAX_CHIPS_PER_ENTRY, initial=2, error_messages=BLIND
    )
    field_order = ["name", "game", "max_seats", "small_blind", "big_blind"]

    class Meta:
        model = Table
        fields = ["name", "max_seats"]
        labels = {"max_seats": "Seats"}

    def __init__(self, *args: object, night: Night, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.night = night

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if self.night.tables.filter(name__iexact=name).exists():
            raise forms.ValidationError(f"This night already has a table called {name}.")
        return name

    def clean(self) -> dict:
        cleaned = super().clean()
        game, seats = cleaned.get("game"), cleaned.get("max_seats")
        if game is not None and seats is not None:
            try:
                hosting.check_seats(game, seats)
            except ActionRefused as refusal:
                self.add_error("max_seats", str(refusal))
        small, big = cleaned.get("small_blind"), cleaned.get("big_blind")
        if small is not None and small < 1:
            self.add_error("small_blind", "The small blind is at least 1 chip.")
        elif small is not None and big is not None and big < small:
            self.add_error("big_blind", "The big blind must be at least the small blind.")
        return cleaned

    def validate_constraints(self, exclude: object = None) -> None:
        # The clean methods above say the same things in words a host understands.
        return


class MoveSeatForm(forms.Form):
    """Pick a free seat: choices look like "<table id>:<seat number>"."""

    destination = forms.ChoiceField(
        label="Move to", error_messages={"invalid_choice": "That seat is no longer free: pick another."}
    )

    def __init__(self, *args: object, night: Night, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.night = night
        self.fields["destination"].choices = free_seat_choices(night)

    def clean_destination(self) -> tuple[Table, int]:
        table_id, number = self.cleaned_data["destination"].split(":")
        return self.night.tables.get(pk=int(table_id)), int(number)


def free_seat_choices(night: Night) -> list[tuple[str, str]]:
    choices = []
    for table in night.tables.prefetch_related("seats"):
        taken = {seat.number for seat in table.seats.all()}
        for number in range(1, table.max_seats + 1):
            if number not in taken:
                choices.append((f"{table.pk}:{number}", f"{table.name} · seat {number}"))
    return choices
