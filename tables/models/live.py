"""What a live table stores: its current engine snapshot, its hands, and the append-only event log.

The event log is the truth and the snapshot a cache of it (docs/design.md, "The one write
path"): replaying a hand's events from its config and its seeds gives the hand
again. Only `tables.live.apply_intent` writes these rows.
"""

from __future__ import annotations

from django.db import models

from tables.fast_json import FastJSONEncoder


class TableSnapshot(models.Model):
    """The engine's `LiveTable` for one table, as JSON, at `version`.

    `due_at` copies the earliest stored deadline (action clock, next deal) out of the
    JSON so a timer process can find due tables with one indexed query. `version` and
    `updated_at` together name one write: a server process that made or read that write
    starts the next one from the state it holds (tables.live.Committed), so anything that
    rewrites this row outside the write path must set a new `updated_at` (`QuerySet.update`
    does not do it by itself).
    """

    table = models.OneToOneField("tables.Table", on_delete=models.CASCADE, related_name="snapshot")
    state = models.JSONField(encoder=FastJSONEncoder)
    version = models.PositiveIntegerField(default=0)
    due_at = models.DateTimeField(null=True, blank=True, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.table} at version {self.version}"


class HandStatus(models.TextChoices):
    PLAYING = "playing", "Playing"
    FINISHED = "finished", "Finished"


class Hand(models.Model):
    """One hand as dealt: its game and stakes as played, the button, and its fair shuffle:
    the server seed's commitment, the deck's Merkle root and the phones' contributions
    (published at the deal), and the server seed (stored once the hand is over, shown to
    nobody until the night closes: it gives the whole deck, and so every folded hand; never
    shown when the deck would give a player a card the rules keep from them for good, such as
    a card taken in Crazy Blind Man: `tables.services.hands.revealed_seeds`)."""

    Status = HandStatus

    table = models.ForeignKey("tables.Table", on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    game = models.CharField(max_length=32)
    stakes = models.JSONField()
    button = models.PositiveSmallIntegerField()
    config = models.JSONField(help_text="The engine's HandConfig: who was dealt in, with what, posting what.")
    commitment = models.CharField(max_length=64)
    seed = models.CharField(max_length=64, blank=True, help_text="Revealed when the night closes.")
    deck_root = models.CharField(max_length=64, blank=True)
    contributions = models.JSONField(
        default=dict, blank=True, help_text="Seat -> a phone's random value (hex)."
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PLAYING)
    started_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="hand_number_unique_per_table"),
            models.CheckConstraint(
                condition=models.Q(status__in=HandStatus.values), name="hand_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} hand #{self.number}"


class HandEvent(models.Model):
    """One entry of a table's append-only log. `seq` counts up per table across hands.

    Each applied intent writes a row of kind "intent" (who asked for what, with the client's
    action id and the version it produced), then the engine's events: the hand's own events
    (kinds as in engine.events) and table events (kinds starting "table.").
    """

    table = models.ForeignKey("tables.Table", on_delete=models.CASCADE, related_name="events")
    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="events", null=True, blank=True)
    seq = models.PositiveIntegerField()
    version = models.PositiveIntegerField(help_text="The table's version once this intent was applied.")
    actor = models.CharField(max_length=16)
    kind = models.CharField(max_length=40)
    payload = models.JSONField(encoder=FastJSONEncoder)
    client_action_id = models.CharField(max_length=64, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seq"], name="handevent_seq_unique_per_table"),
            models.UniqueConstraint(fields=["hand", "seq"], name="handevent_seq_unique_per_hand"),
            # Client ids belong to whoever sent them: another player's id is never yours.
            models.UniqueConstraint(
                fields=["table", "actor", "client_action_id"],
                condition=~models.Q(client_action_id=""),
                name="handevent_client_action_once_per_actor",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table_id}#{self.seq} {self.kind}"


class TableConnection(models.Model):
    """An open websocket of a seated player: a player with none is shown as away.

    `seen_at` is refreshed by pings, so rows left by a process that died stop counting.
    """

    table = models.ForeignKey("tables.Table", on_delete=models.CASCADE, related_name="connections")
    player = models.ForeignKey("tables.Player", on_delete=models.CASCADE, related_name="connections")
    channel_name = models.CharField(max_length=200, unique=True)
    seen_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.player_id} at {self.table_id}"
