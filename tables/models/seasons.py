"""Beyond one night: the people of a host's group, their claims to a name from a past night, seasons.

A `Player` lives in one night. A `Person` is someone of the host's group across nights; a
night's player becomes one only when the host confirms it (`PersonLink`), after the guest
claimed a name from a previous night (`NameClaim`) or the host linked them. Nothing links two
players to one person on its own: two guests called "Ann" stay two people until the host says
otherwise. A season groups some of a host's nights and says how they are scored
(`engine.season`); what its host did to it is in the season's own open log.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from engine.season import SCORING_NAMES, PointRules, Scoring
from tables.models.ledger import HostCallLine
from tables.models.night import MAX_NAME_LENGTH


class Person(models.Model):
    """Someone of a host's group, across nights. Named after the player it was first made for."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="people")
    name = models.CharField(max_length=MAX_NAME_LENGTH)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        constraints = [models.CheckConstraint(condition=~models.Q(name=""), name="person_name_not_empty")]

    def __str__(self) -> str:
        return self.name


class PersonLink(models.Model):
    """A night's player is this person: confirmed by the host. One person plays once a night."""

    player = models.OneToOneField("tables.Player", on_delete=models.CASCADE, related_name="person_link")
    person = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="links")
    # The player's night, kept here so the database itself refuses one person twice in a night.
    night = models.ForeignKey("tables.Night", on_delete=models.CASCADE, related_name="person_links")
    linked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    linked_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["person", "night"], name="personlink_one_player_per_night"),
        ]

    def __str__(self) -> str:
        return f"{self.player} is {self.person}"


class ClaimStatus(models.TextChoices):
    PENDING = "pending", "Waiting for the host"
    CONFIRMED = "confirmed", "Confirmed"
    REJECTED = "rejected", "Rejected"


class NameClaim(models.Model):
    """A guest says "I am the Ann of a previous night"; the host confirms or rejects it."""

    Status = ClaimStatus

    player = models.ForeignKey("tables.Player", on_delete=models.CASCADE, related_name="name_claims")
    claimed = models.ForeignKey("tables.Player", on_delete=models.CASCADE, related_name="claimed_by")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    # Made by the phone, not the guest: it played as `claimed` on an earlier night of the host's.
    same_phone = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["player"],
                condition=models.Q(status=ClaimStatus.PENDING),
                name="nameclaim_one_pending_per_player",
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=ClaimStatus.values), name="nameclaim_status_valid"
            ),
            models.CheckConstraint(
                condition=~models.Q(player=models.F("claimed")), name="nameclaim_not_oneself"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} claims to be {self.claimed} ({self.status})"


def scoring_choices() -> list[tuple[str, str]]:
    return [(scoring.value, name) for scoring, name in SCORING_NAMES.items()]


class Season(models.Model):
    """Some of a host's nights, scored together."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=80)
    starts_on = models.DateField()
    ends_on = models.DateField()
    nights = models.ManyToManyField("tables.Night", blank=True, related_name="seasons")
    # The engine's presets, by name: the engine adds one, the form offers it, with no migration.
    scoring = models.CharField(max_length=16, choices=scoring_choices, default=Scoring.PLACES_BEATEN.value)
    fixed_points = models.JSONField(default=list, blank=True, help_text="Points by place, 1st first.")
    knockout_points = models.DecimalField(max_digits=6, decimal_places=2, default=0)
    attendance_points = models.DecimalField(max_digits=6, decimal_places=2, default=0)
    best_of = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Count only each player's best N nights; empty: every night."
    )
    show_on_clock = models.BooleanField(
        default=False, help_text="Show the standings on the clock screen during breaks."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_on", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(ends_on__gte=models.F("starts_on")), name="season_dates_in_order"
            ),
            models.CheckConstraint(
                condition=models.Q(best_of__isnull=True) | models.Q(best_of__gte=1),
                name="season_best_of_positive",
            ),
            models.CheckConstraint(
                condition=models.Q(knockout_points__gte=0, attendance_points__gte=0),
                name="season_points_not_negative",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def point_rules(self) -> PointRules:
        return PointRules(
            scoring=Scoring(self.scoring),
            fixed_points=tuple(float(p) for p in self.fixed_points),
            knockout_points=float(self.knockout_points),
            attendance_points=float(self.attendance_points),
            best_of=self.best_of,
        )


class SeasonAuditEntry(HostCallLine):
    """One call the host made about a season (made it, changed its scoring, chose its nights).

    A season is not a night: its calls change the standings of every night it counts, and a
    season may count no night yet, so they go in the season's own log, shown on its page to
    the same readers as its standings."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="audit_entries")

    class Meta(HostCallLine.Meta):
        verbose_name_plural = "season audit entries"


class PersonMerge(models.Model):
    """The host said two people of their group are one ("same person as"): every player of
    `merged` became `into`'s. Kept so the host can undo it exactly: the links it moved go back,
    and the people and links it made for players nobody had recognised yet are taken away."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    # Where the host said it: that season's log has the line (and the line of its undo).
    season = models.ForeignKey(Season, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    # Null once an undo took away a person the merge had made: the names below still say who.
    merged = models.ForeignKey(
        Person, on_delete=models.SET_NULL, null=True, blank=True, related_name="merged_away"
    )
    into = models.ForeignKey(
        Person, on_delete=models.SET_NULL, null=True, blank=True, related_name="merged_into"
    )
    merged_name = models.CharField(max_length=120, help_text="The name shown before, for the log.")
    into_name = models.CharField(max_length=120)
    moved_links = models.JSONField(default=list, help_text="The links that went from merged to into.")
    created_people = models.JSONField(default=list, help_text="People made for unrecognised players.")
    made_at = models.DateTimeField(auto_now_add=True)
    undone_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["made_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(merged=models.F("into")), name="personmerge_not_oneself"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.merged_name} is {self.into_name}"


class SeasonPayment(models.Model):
    """Money that changed hands to settle a season: a transfer marked paid, or cash paid to the
    bank (the host's cash box) or by it. A side with no player is the bank. Each person's net
    stays what the nights say; a payment only changes what is still owed. Marking it unpaid
    keeps the row (`undone_at`), as the log keeps both lines."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="payments")
    # A player of the season's nights stands for their person, so a payment follows the people
    # the host recognises, links and unlinks.
    payer = models.ForeignKey(
        "tables.Player", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    payee = models.ForeignKey(
        "tables.Player", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    amount = models.PositiveBigIntegerField(help_text="In the currency's minor unit (cents).")
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    recorded_at = models.DateTimeField(auto_now_add=True)
    undone_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["recorded_at", "id"]
        constraints = [
            models.CheckConstraint(condition=models.Q(amount__gt=0), name="seasonpayment_amount_positive"),
            models.CheckConstraint(
                condition=models.Q(payer__isnull=False) | models.Q(payee__isnull=False),
                name="seasonpayment_not_bank_to_bank",
            ),
            models.CheckConstraint(
                condition=~models.Q(payer=models.F("payee")), name="seasonpayment_not_to_oneself"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.payer or 'the bank'} paid {self.payee or 'the bank'} {self.amount}"
