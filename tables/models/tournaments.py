"""What a tournament stores: its set-up, the clock as times, its entries and a log of what the host did.

"Blind levels rise on a fixed timer, which is what the clock on the screen is running."
The clock is kept as times (the period it was set to, when that began, when it was
paused and for how long), never as a ticking counter: every screen reading it at the same
moment agrees and a restart changes nothing (docs/design.md). The structure, rebuy rules and
payout table are the engine's records as JSON; only `tables.services.tournament.tournaments` writes them.
"""

from __future__ import annotations

import datetime
import secrets

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower

from engine.tournament import Clock, PayoutPlan, RebuyRules, Structure


def new_clock_token() -> str:
    # The clock screen is public: an unguessable token, not the tournament's id, opens it.
    return secrets.token_urlsafe(12)


def freeze_out_rules() -> dict:
    return RebuyRules().to_json()


def _as_epoch(moment: datetime.datetime | None) -> float | None:
    return moment.timestamp() if moment is not None else None


def _as_datetime(epoch: float | None) -> datetime.datetime | None:
    if epoch is None:
        return None
    return datetime.datetime.fromtimestamp(epoch, tz=datetime.UTC)


class TournamentStatus(models.TextChoices):
    SETUP = "setup", "Not started"
    RUNNING = "running", "Running"
    FINISHED = "finished", "Finished"


class Tournament(models.Model):
    """A tournament within a night: buy-in, structure, rebuy rules, payouts and the clock."""

    Status = TournamentStatus

    night = models.ForeignKey("tables.Night", on_delete=models.CASCADE, related_name="tournaments")
    name = models.CharField(max_length=80)
    clock_token = models.CharField(max_length=32, unique=True, default=new_clock_token, editable=False)
    # Money, in whole units of the night's currency (the chips are counted apart).
    buy_in = models.PositiveIntegerField(default=20)
    rebuy_price = models.PositiveIntegerField(default=0)
    add_on_price = models.PositiveIntegerField(default=0)
    starting_stack = models.PositiveIntegerField(default=10_000)
    structure = models.JSONField(help_text="The engine's Structure: levels and breaks.")
    rebuy_rules = models.JSONField(default=freeze_out_rules)
    # The engine's PayoutPlan: brackets by number of entries, and the table the host fixed, if any
    # (a bare list of percentages, as stored before payouts followed the field, is a fixed table).
    payout_table = models.JSONField(default=list, help_text="Percentages of the prize pool, 1st first.")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.SETUP)
    # The clock, as times (see engine.tournament.clock.Clock).
    clock_period_index = models.PositiveSmallIntegerField(default=0)
    clock_period_started_at = models.DateTimeField(null=True, blank=True)
    clock_paused_at = models.DateTimeField(null=True, blank=True)
    clock_paused_seconds = models.FloatField(default=0.0)
    # The clock as it stood before the host's last level change, and until when (epoch seconds)
    # that change may be undone: {"clock": Clock.to_json(), "until": ..., "what": ...}.
    level_undo = models.JSONField(null=True, blank=True, default=None)
    # Bumped on every change, so a clock screen can tell the host touched the clock.
    version = models.PositiveIntegerField(default=0)
    # The moves drawn for the host to confirm, kept until confirmed or drawn again on purpose:
    # {"seating": the seating they were drawn for, "moves": [Move...]} (tournament_seating_plan).
    seating_plan = models.JSONField(default=dict, blank=True)
    # The last moves confirmed, so a wrong redraw can be undone before a hand is dealt:
    # {"moves": [...], "tables": {table id: hands dealt there then}}.
    last_moves = models.JSONField(default=dict, blank=True)
    # Moves the host confirmed that wait for a hand to end at the player's table, and apply
    # themselves when it does (tournament_pending_moves): [Move...].
    pending_moves = models.JSONField(default=list, blank=True)
    # When a server process last saw the clock (tournament_clock_gaps), and the clock time that
    # ran while none did, offered back to the host: {"from": epoch, "to": epoch, "seconds": s}.
    clock_seen_at = models.DateTimeField(null=True, blank=True)
    clock_gap = models.JSONField(null=True, blank=True, default=None)
    # The tables the host chose for it, in their order, each with its seats for the tournament:
    # [{"table": id, "seats": n}, ...]; empty: every open table dealing a game with blinds.
    tables = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                Lower("name"),
                "night",
                name="tournament_name_unique_per_night",
                violation_error_message="This night already has a tournament of that name.",
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=TournamentStatus.values), name="tournament_status_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(starting_stack__gte=1),
                name="tournament_starting_stack_positive",
                violation_error_message="Players start with at least 1 chip.",
            ),
            models.CheckConstraint(
                condition=models.Q(clock_paused_seconds__gte=0), name="tournament_paused_seconds_not_negative"
            ),
            models.CheckConstraint(
                condition=models.Q(clock_paused_at__isnull=True)
                | models.Q(clock_period_started_at__isnull=False),
                name="tournament_clock_paused_only_once_started",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_structure(self) -> Structure:
        return Structure.from_json(self.structure)

    def get_rebuy_rules(self) -> RebuyRules:
        return RebuyRules.from_json(self.rebuy_rules)

    def get_payouts(self) -> PayoutPlan:
        return PayoutPlan.from_json(self.payout_table)

    def get_clock(self) -> Clock:
        return Clock(
            period_index=self.clock_period_index,
            period_started_at=_as_epoch(self.clock_period_started_at),
            paused_at=_as_epoch(self.clock_paused_at),
            paused_seconds=self.clock_paused_seconds,
        )

    def set_clock(self, clock: Clock) -> None:
        self.clock_period_index = clock.period_index
        self.clock_period_started_at = _as_datetime(clock.period_started_at)
        self.clock_paused_at = _as_datetime(clock.paused_at)
        self.clock_paused_seconds = clock.paused_seconds

    CLOCK_FIELDS = (
        "clock_period_index",
        "clock_period_started_at",
        "clock_paused_at",
        "clock_paused_seconds",
        "level_undo",
        "clock_seen_at",
        "clock_gap",
    )

    def pending_level_undo(self, now: datetime.datetime) -> dict | None:
        """The host's last level change while it may still be undone, else None."""
        undo = self.level_undo
        if not undo or now.timestamp() > undo["until"]:
            return None
        return undo


class TournamentEntry(models.Model):
    """A player's entry: rebuys and add-ons bought, and where they finished once out for good.

    Players who bust in the same hand with equal stacks share places: `place` is the best
    of them and `shared_by` how many share it.
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey("tables.Player", on_delete=models.CASCADE, related_name="tournament_entries")
    rebuys = models.PositiveSmallIntegerField(default=0)
    add_ons = models.PositiveSmallIntegerField(default=0)
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    shared_by = models.PositiveSmallIntegerField(default=1)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Where they sat when they went out, and the chips the host's "Record who is out" took out of
    # play with them (0: they had lost their chips in a hand; no table: the stack they had not sat
    # down with yet): what undoing the bust gives back.
    out_table = models.ForeignKey(
        "tables.Table", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    out_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    out_chips = models.PositiveIntegerField(default=0)
    entered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["entered_at", "id"]
        verbose_name_plural = "tournament entries"
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"],
                name="tournament_entry_one_per_player",
                violation_error_message="This player is already entered in this tournament.",
            ),
            models.CheckConstraint(
                condition=models.Q(place__isnull=True) | models.Q(place__gte=1),
                name="tournament_entry_place_positive",
            ),
            models.CheckConstraint(
                condition=models.Q(shared_by__gte=1), name="tournament_entry_shared_by_positive"
            ),
            models.CheckConstraint(
                condition=models.Q(place__isnull=True, finished_at__isnull=True)
                | models.Q(place__isnull=False, finished_at__isnull=False),
                name="tournament_entry_place_with_finish_time",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.tournament}"

    @property
    def is_out(self) -> bool:
        return self.place is not None


class DealKind(models.TextChoices):
    CHIP_CHOP = "chip_chop", "Chip chop"
    ICM = "icm", "ICM"
    CUSTOM = "custom", "Agreed amounts"


class TournamentDeal(models.Model):
    """The deal the players still in agreed: the money still to be paid, split their way; it ends
    the tournament. `stacks` and `amounts` are by entry id (as text)."""

    Kind = DealKind

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="deal")
    method = models.CharField(max_length=10, choices=Kind.choices)
    stacks = models.JSONField(help_text="Each player's chips when they agreed, by entry id.")
    amounts = models.JSONField(help_text="What each player takes, by entry id.")
    pool = models.PositiveIntegerField(help_text="The money still to be paid that they split.")
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    recorded_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(method__in=DealKind.values), name="tournament_deal_method_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"Deal in {self.tournament}"

    def amount_of(self, entry_id: int) -> int | None:
        amount = self.amounts.get(str(entry_id))
        return int(amount) if amount is not None else None


class TournamentAction(models.TextChoices):
    CREATE = "create", "Created"
    EDIT = "edit", "Edited"
    REGISTER = "register", "Registered"
    START = "start", "Started the clock"
    PAUSE = "pause", "Paused"
    RESUME = "resume", "Resumed"
    NEXT_LEVEL = "next_level", "Next level"
    PREVIOUS_LEVEL = "previous_level", "Previous level"
    UNDO_LEVEL = "undo_level", "Undid a level change"
    ADD_TIME = "add_time", "Added time"
    REMOVE_TIME = "remove_time", "Removed time"
    REBUY = "rebuy", "Rebuy"
    ADD_ON = "add_on", "Add-on"
    BUST = "bust", "Bust"
    DRAW = "draw", "Seat draw"
    MOVE = "move", "Moved a player"
    FINISH = "finish", "Finished"


class TournamentLog(models.Model):
    """One clock or host operation: who did what, when. Append-only."""

    Action = TournamentAction

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="log")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    action = models.CharField(max_length=16, choices=Action.choices)
    detail = models.CharField(max_length=200, blank=True)
    at = models.DateTimeField()

    class Meta:
        ordering = ["at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(action__in=TournamentAction.values), name="tournament_log_action_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.at:%H:%M:%S} {self.get_action_display()} {self.detail}".strip()
