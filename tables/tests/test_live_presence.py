"""Presence: "A disconnected player stays seated, shown as away"; rows of dead sockets stop counting."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from tables.live import load_state
from tables.live import presence as live_presence
from tables.models.live import TableConnection
from tables.tests.live_helpers import seat_players

pytestmark = pytest.mark.django_db


def test_a_socket_that_stopped_pinging_no_longer_counts_and_is_swept(table):
    ann, bo = seat_players(table, ["Ann", "Bo"])
    live_presence.connected(table.pk, ann, "ann-phone")
    live_presence.connected(table.pk, bo, "bo-phone-of-a-dead-process")
    assert load_state(table.pk).away == ()
    long_ago = timezone.now() - live_presence.STALE_AFTER - datetime.timedelta(seconds=1)
    TableConnection.objects.filter(channel_name="bo-phone-of-a-dead-process").update(seen_at=long_ago)
    live_presence.refresh(table.pk)
    assert load_state(table.pk).away == (str(bo.pk),)
    assert list(TableConnection.objects.values_list("channel_name", flat=True)) == ["ann-phone"]
    assert [s.stack for s in load_state(table.pk).table.seats] == [200, 200]


def test_a_ping_from_a_swept_socket_makes_the_player_present_again(table):
    [ann] = seat_players(table, ["Ann"])
    live_presence.refresh(table.pk)
    assert load_state(table.pk).away == (str(ann.pk),)
    live_presence.seen(table.pk, ann.pk, "ann-phone")
    assert load_state(table.pk).away == ()
