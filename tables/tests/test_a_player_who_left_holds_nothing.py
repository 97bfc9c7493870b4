"""A player who lost their stack and has left the night holds nothing.

"Chips are bought, sit on a seat, move between seats only through hands or host rulings, and
leave through a cash-out or a tournament finish" (docs/chips-and-money.md). A buy-in taken to a
table is on the table: lost there in a hand (or voided off it), it is gone from the player, and
"Has left" must not bring it back as chips in their hand (the night would then never balance,
and the settle-up would pay the winner from nobody).
"""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import User

from tables.errors import ActionRefused
from tables.models import Player, Table
from tables.services.hosting import host_panel
from tables.services.ledger import closing, ledger, night_totals, settle_up
from tables.services.seating import joining, seating
from tables.tests.ledger_helpers import play_hand, stacks

pytestmark = pytest.mark.django_db


def _two_bought_in(table: Table, host: User) -> list[Player]:
    players = [joining.join_night(table.night, name) for name in ("Ann", "Bo")]
    for number, player in enumerate(players, start=1):
        ledger.record_chips_in(player, "buy_in", 130, host)
        seating.move_player(player, table, number)
    return players


def _left(player: Player, host: User) -> Player:
    host_panel.decide_player(Player.objects.get(pk=player.pk), host, "remove")
    return Player.objects.get(pk=player.pk)


def test_a_player_who_lost_every_chip_and_left_holds_none_and_the_night_balances(
    table: Table, host: User
) -> None:
    _two_bought_in(table, host)
    rnd = random.Random(1)
    while 0 not in stacks(table.pk).values():
        play_hand(table.pk, rnd)
    loser = Player.objects.get(pk=int(next(p for p, chips in stacks(table.pk).items() if chips == 0)))
    loser = _left(loser, host)
    assert ledger.chips_in_hand(loser) == 0
    totals = night_totals.totals(table.night)
    assert totals.balanced and totals.chips_in_hand == 0, totals
    assert sum(settle_up.balances_by_player(table.night).values()) == 0
    winner = Player.objects.exclude(pk=loser.pk).get(night=table.night)
    ledger.cash_out(winner, host)
    closing.close_night(table.night, host)


def test_a_voided_buy_in_does_not_come_back_when_its_player_leaves(table: Table, host: User) -> None:
    ann, _ = _two_bought_in(table, host)
    ledger.void(ledger.entries(table.night).filter(player=ann).get(), host, "recorded twice")
    ann = _left(ann, host)
    assert ledger.chips_in_hand(ann) == 0
    assert night_totals.totals(table.night).balanced


def test_chips_for_a_player_who_has_left_are_refused(table: Table, host: User) -> None:
    ann, _ = _two_bought_in(table, host)
    ledger.cash_out(ann, host)
    ann = _left(ann, host)
    buy_in = ledger.entries(table.night).filter(player=ann, kind="buy_in").get()
    before = list(ledger.entries(table.night).values_list("pk", "chips"))
    with pytest.raises(ActionRefused, match="has left the night"):
        ledger.record_chips_in(ann, "rebuy", 50, host)
    with pytest.raises(ActionRefused, match="has left the night"):
        ledger.correct(buy_in, 20, host, "counted again")
    assert list(ledger.entries(table.night).values_list("pk", "chips")) == before
    assert night_totals.totals(table.night).balanced
