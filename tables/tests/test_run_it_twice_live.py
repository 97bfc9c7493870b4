"""Run it twice on a live table: the host's option, the players' answers and the question's
timer, all through the one write path (docs/design.md), the log replaying to the snapshot."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tables.errors import ActionRefused
from tables.live import apply_intent, load_state, player_actor, replay_hand, timers
from tables.models import AuditEntry, Table
from tables.models.live import Hand, HandEvent
from tables.services.hosting import table_settings
from tables.services.ledger import ledger
from tables.tests.live_helpers import seat_players

pytestmark = pytest.mark.django_db


def _all_in_preflop(table: Table, host: User, now: float = 1000) -> list:
    """Three players, the host's run-it-twice option on, everyone all-in before the flop."""
    players = seat_players(table, ["Ann", "Bo", "Cy"])
    for player in players:
        ledger.record_chips_in(player, "buy_in", 300, host)
    table_settings.save_settings(
        table, host, "Home game rules", small_blind=1, big_blind=2, run_it_twice=True
    )
    apply_intent(table.pk, "host", {"type": "options", "auto_deal": False, "run_it_twice": True})
    apply_intent(table.pk, "host", {"type": "start_hand"}, now=now)
    while (state := load_state(table.pk)).hand.phase == "betting":
        seat = state.hand.to_act
        legal = state.hand.legal_actions(seat)["actions"]
        action = (
            {"type": "raise", "to": legal["raise"]["max_to"]}
            if legal["raise"]["allowed"]
            else {"type": "call"}
        )
        apply_intent(table.pk, _actor(players, seat), {"type": "act", "action": action}, now=now + 1)
    return players


def _actor(players: list, seat: int) -> str:
    return player_actor(players[seat - 1].pk)


def test_the_hosts_option_is_logged_and_reaches_the_next_deal(table: Table, host: User) -> None:
    _all_in_preflop(table, host)
    assert load_state(table.pk).options.run_it_twice is True
    assert AuditEntry.objects.filter(night=table.night, what__contains="run it twice").exists()
    assert load_state(table.pk).hand.config.options == {"run_it_twice": True}


def test_answers_through_the_write_path_run_it_twice_and_the_log_replays(table: Table, host: User) -> None:
    players = _all_in_preflop(table, host)
    state = load_state(table.pk)
    assert state.hand.phase == "run_it_twice" and state.deadline == 1001 + 15
    asked = list(state.hand.extras["run_it_twice"]["asked"])
    with pytest.raises(ActionRefused) as refused:
        apply_intent(table.pk, _actor(players, asked[0]), {"type": "act", "action": {"type": "fold"}})
    assert refused.value.code == "illegal" and "answer first" in refused.value.message
    for seat in asked:
        apply_intent(table.pk, _actor(players, seat), {"type": "act", "action": {"type": "run_twice"}})
    state = load_state(table.pk)
    assert not state.hand_in_progress and len(state.hand.boards) == 2
    assert {award.board for award in state.hand.awards} == {0, 1}
    assert sum(s.stack for s in state.table.seats) == 3 * 300
    hand = Hand.objects.get(table=table)
    assert replay_hand(hand).to_json() == state.hand.to_json()
    logged = list(HandEvent.objects.filter(table=table).values_list("kind", flat=True))
    assert logged.count("run_it_twice_answer") == 3 and "second_runout" in logged


def test_the_timer_running_out_means_once(table: Table, host: User) -> None:
    players = _all_in_preflop(table, host)
    first = load_state(table.pk).hand.to_act
    apply_intent(table.pk, _actor(players, first), {"type": "act", "action": {"type": "run_twice"}}, now=1005)
    assert timers.fire_due(now=1015) == 0
    assert timers.fire_due(now=1017) == 1
    state = load_state(table.pk)
    assert not state.hand_in_progress and len(state.hand.boards) == 1
    answers = state.hand.extras["run_it_twice"]["answers"]
    assert answers[0] == [first, True] and answers[1][1] is False
