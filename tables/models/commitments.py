"""The server's own record of every deal's commitment, written at its cut-off and never changed.

docs/shuffle.md, "Whoever runs the server": the commitment a table shows at the cut-off is the
one its deal must come from. The snapshot holds the shuffling seed and can be rewritten; this
record is only ever added to, so the verify page can hold each hand's published commitment to
the one written when its deal was cut off. The app never updates or deletes a row (both raise);
someone who edits the database can, which is why the phones keep their own record too.
"""

from __future__ import annotations

from typing import Any, NoReturn

from django.db import models

APPEND_ONLY = "A deal's commitment is recorded once, at its cut-off, and never changed."


class AppendOnlyQuerySet(models.QuerySet["DealCommitment"]):
    def update(self, **kwargs: Any) -> NoReturn:
        raise TypeError(APPEND_ONLY)

    def delete(self) -> NoReturn:
        raise TypeError(APPEND_ONLY)


class DealCommitment(models.Model):
    """One cut-off: the table, the hand it deals (a misdeal's re-deal and a deal voided for want
    of values each have their own cut-off, so a hand number may have several), and the SHA-256
    of the server seed drawn at it."""

    table = models.ForeignKey("tables.Table", on_delete=models.CASCADE, related_name="deal_commitments")
    hand_number = models.PositiveIntegerField()
    commitment = models.CharField(max_length=64)
    cut_at = models.DateTimeField(auto_now_add=True)

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        ordering = ["table", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["table", "commitment"], name="deal_commitment_once_per_table"),
        ]

    def __str__(self) -> str:
        return f"{self.table_id} hand #{self.hand_number}: {self.commitment[:12]}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            raise TypeError(APPEND_ONLY)
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError(APPEND_ONLY)
