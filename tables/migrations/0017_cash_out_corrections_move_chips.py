"""A correction of a cash-out now moves the chips it names; the ones written before stay money only.

Until this migration a correction of a cash-out changed the money paid and moved no chip, so a
night with one showed the difference in its totals until another correction explained it. Now
such a correction says the cash-out took more or fewer chips, and those chips go back to (or
come from) what the player holds (tables.services.ledger.ledger.correct). The corrections written
before are marked `money_only`, so they keep meaning what they meant: the figures of every
night, closed or open, stay what they were.
"""

from __future__ import annotations

from django.db import migrations, models


def mark_earlier_cash_out_corrections(apps, schema_editor) -> None:
    entry = apps.get_model("tables", "LedgerEntry")
    entry.objects.filter(kind="correction", corrects__kind="cash_out").update(money_only=True)


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0016_tournament_money_of_earlier_nights_in_the_ledger"),
    ]

    operations = [
        migrations.AddField(
            model_name="ledgerentry",
            name="money_only",
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(mark_earlier_cash_out_corrections, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="ledgerentry",
            constraint=models.CheckConstraint(
                condition=models.Q(("money_only", False), ("kind", "correction"), _connector="OR"),
                name="ledger_only_a_correction_is_money_only",
            ),
        ),
    ]
