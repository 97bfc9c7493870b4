"""The host sets the time between hands; the results stay readable that long; the windows to ask
for the rabbit and to answer "Run it twice?" are long enough for a kitchen table.

House rules: "The Host's Call: No rulebook covers every odd spot... the host makes the call".
The pause between hands is the host's to choose (2 to 120 seconds) on the table settings; a
finished hand stays on every screen until the next deal ("A finished hand stays until the next
deal", docs/protocol.md). A rabbit may be asked for at least 15 seconds after a hand that ended
early, and everyone all-in has at least 10 seconds to answer "Run it twice?".
"""

from __future__ import annotations

import time

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from engine.live.dealing import RABBIT_WINDOW_SECONDS
from tables.errors import ActionRefused
from tables.live import apply_intent, load_state, player_actor
from tables.models import Table
from tables.services.hosting import host_panel, table_settings
from tables.tests.live_helpers import seat_players

pytestmark = pytest.mark.django_db


def test_the_settings_form_offers_the_time_between_hands_and_saves_it(
    table: Table, host: User, host_client: Client
) -> None:
    page = host_client.get(reverse("host_panel", args=[table.night.pk])).content.decode()
    assert 'name="deal_delay"' in page and 'min="2"' in page and 'max="120"' in page
    assert 'name="run_it_twice_seconds"' in page
    url = reverse("host_table_action", args=[table.night.pk, table.pk, "settings"])
    form = {
        "game": "nlhe",
        "small_blind": "1",
        "big_blind": "2",
        "deal_delay": "30",
        "run_it_twice_seconds": "20",
    }
    host_client.post(url, form)
    options = load_state(table.pk).options
    assert (options.deal_delay, options.run_it_twice_seconds) == (30, 20)
    assert table_settings.settings_for(table).deal_delay == 30


def test_the_results_stay_on_screen_for_the_time_the_host_chose(table: Table, host: User) -> None:
    seat_players(table, ["Ann", "Bob", "Cy"])
    table_settings.save_settings(table, host, game="nlhe", small_blind=1, big_blind=2, deal_delay=45)
    host_panel.table_command(table, host, "deal")
    state = load_state(table.pk)
    while state.hand_in_progress:
        assert state.hand is not None
        ended = time.time()
        player = state.table.occupant(state.hand.to_act).player
        apply_intent(table.pk, player_actor(int(player)), {"type": "act", "action": {"type": "fold"}})
        state = load_state(table.pk)
    assert state.hand is not None and state.hand.finished, "the finished hand is still shown"
    assert state.next_deal_at is not None
    # The pause starts when the hand ends: 45 seconds from then, not the 5 of before.
    assert ended + 45 <= state.next_deal_at <= time.time() + 45


@pytest.mark.parametrize(
    ("values", "reason"),
    [
        ({"deal_delay": 1}, "2 to 120 seconds"),
        ({"deal_delay": 600}, "2 to 120 seconds"),
        ({"run_it_twice_seconds": 5}, "10 to 120 seconds"),
    ],
)
def test_times_too_short_or_too_long_are_refused_and_change_nothing(
    table: Table, host: User, values: dict, reason: str
) -> None:
    before = load_state(table.pk)
    with pytest.raises(ActionRefused, match=reason):
        table_settings.save_settings(table, host, game="nlhe", small_blind=1, big_blind=2, **values)
    after = load_state(table.pk)
    assert after.options == before.options and after.version == before.version


def test_the_rabbit_window_is_at_least_fifteen_seconds() -> None:
    assert RABBIT_WINDOW_SECONDS >= 15
