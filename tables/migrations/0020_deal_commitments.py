# Every deal's commitment, written at its cut-off and never changed (tables.models.commitments).

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tables', '0019_tables_closed_or_removed_default_buy_ins_and_tournament_tables'),
    ]

    operations = [
        migrations.CreateModel(
            name='DealCommitment',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('hand_number', models.PositiveIntegerField()),
                ('commitment', models.CharField(max_length=64)),
                ('cut_at', models.DateTimeField(auto_now_add=True)),
                ('table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='deal_commitments', to='tables.table')),
            ],
            options={
                'ordering': ['table', 'pk'],
                'constraints': [models.UniqueConstraint(fields=('table', 'commitment'), name='deal_commitment_once_per_table')],
            },
        ),
    ]
