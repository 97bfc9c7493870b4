"""The short cuts on a live table's per-action path give exactly what the plain code gives.

- `records.as_dict` equals `dataclasses.asdict` for every record it serves (tuples stay
  tuples, enums stay enums), and its dict shares no list or dict with the record.
- `Hand.copy()` equals `Hand.from_json(hand.to_json())`, attribute by attribute and type by
  type, and shares nothing mutable with the hand it copies (frozen records are shared, as
  states share them).
- `LiveTable.from_json` reads the hand's config once when the table stores it twice.
- `cards_of`, the per-view seat extras, the all-in odds short cut and the cached hand values
  agree with the code they stand in for.

Checked on random home-game hands (the stateful machine of test_home_game_stateful, with
rulings and out-of-turn actions) and on random live tables.
"""

from __future__ import annotations

import doctest
import json
import random
from collections.abc import Callable
from dataclasses import asdict, fields, is_dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import invariant

from conftest import examples
from engine import live, odds, records, showdown
from engine.cards import STANDARD_DECK, card, cards_of
from engine.config import HandConfig, Post, PostKind, SeatInHand, Stakes
from engine.errors import EngineError
from engine.evaluator import evaluate, evaluate_omaha
from engine.events import HandsTabled
from engine.games import HandRule
from engine.hand import Hand
from engine.house import views as home_views
from engine.house.rulings import apply_ruling
from engine.live import LiveOptions, LiveTable
from engine.table import new_table
from engine.table_state import SeatState, SeatStatus, TableOptions
from engine.tests.hand_helpers import make_hand
from engine.tests.test_home_game_stateful import HomeGameMachine


def identical(a: Any, b: Any) -> bool:
    """Equal, with the same types and key order all the way down (a tuple is not a list here)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(identical(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return list(a) == list(b) and all(identical(a[key], b[key]) for key in a)
    if is_dataclass(a):
        return all(identical(getattr(a, f.name), getattr(b, f.name)) for f in fields(a))
    return a == b


def mutables(value: Any, *, into_frozen: bool = True) -> set[int]:
    """The ids of every list, dict, set or mutable record reachable from `value`."""
    found: set[int] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, list | dict | set) or (
            is_dataclass(item) and not type(item).__dataclass_params__.frozen  # type: ignore[attr-defined]
        ):
            found.add(id(item))
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple | set):
            stack.extend(item)
        elif is_dataclass(item) and (into_frozen or not type(item).__dataclass_params__.frozen):  # type: ignore[attr-defined]
            stack.extend(getattr(item, f.name) for f in fields(item))
    return found


def check_as_dict(record: Any) -> None:
    fast = records.as_dict(record)
    assert identical(fast, asdict(record))
    assert json.dumps(fast) == json.dumps(asdict(record))
    assert not mutables(fast) & mutables(record)


def check_copy(hand: Hand) -> None:
    copied, loaded = hand.copy(), Hand.from_json(hand.to_json())
    for name in Hand.__slots__:
        assert identical(getattr(copied, name), getattr(loaded, name)), name
    # What a ruling or action may change in the copy is its own, never the original's.
    for name in Hand.__slots__:
        mine, theirs = getattr(copied, name), getattr(hand, name)
        assert not mutables(mine, into_frozen=False) & mutables(theirs, into_frozen=False), name


def check_views_parts(hand: Hand) -> None:
    assert identical(
        home_views.all_seat_extras(hand), {s.seat: home_views.seat_extras(hand, s) for s in hand.seats}
    )
    # all_in_odds gives none while fewer than two hands are shown: every hand it counts is shown.
    tabled = next((event for event in hand.events if isinstance(event, HandsTabled)), None)
    if tabled is not None:
        assert all(hand.seat(seat).shown for seat in odds._face_up_seats(hand, tabled.seats))
    for s in hand.seats:
        for index, board in enumerate(hand.boards):
            try:
                cached = showdown.hand_value(hand, s.seat, index)
            except EngineError:
                continue
            if hand.game.hand_rule is HandRule.OMAHA:
                fresh = evaluate_omaha(s.hole, board, hand.game.ranking)
            else:
                fresh = evaluate((*s.hole, *board), hand.game.ranking)
            assert cached == fresh and cached.description == fresh.description


class FastPathsMachine(HomeGameMachine):
    @invariant()
    def fast_paths_agree(self) -> None:
        hand = self.hand
        check_copy(hand)
        check_as_dict(hand.config)
        check_views_parts(hand)


TestFastPathsOnHomeGames = FastPathsMachine.TestCase
TestFastPathsOnHomeGames.settings = settings(
    max_examples=examples(30),
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def test_as_dict_equals_asdict_for_every_record_it_serves() -> None:
    options = {"reveal": "staged", "nested": {"list": [1, [2, 3]], "tuple": (4, 5)}}
    config = HandConfig(
        game="nlhe",
        seats=(SeatInHand(1, "a", 100, "Ann"), SeatInHand(3, "b", 50)),
        button=1,
        stakes=Stakes(small_blind=1, big_blind=2, ante=1),
        posts=(Post(1, PostKind.SMALL_BLIND, 1, True), Post(3, PostKind.ANTE, 1, False)),
        big_blind_seat=3,
        options=options,
    )
    for record in (
        config,
        config.stakes,
        config.posts[0],
        config.seats[0],
        SeatState(2, "c", 80, "Cy", SeatStatus.SITTING_OUT, missed_big_blind=True),
        TableOptions(straddle_allowed=False),
        LiveOptions(action_seconds=30, deal_delay=2.5, game_options=options),
    ):
        check_as_dict(record)
    assert records.non_zero(config.stakes) == {k: v for k, v in asdict(config.stakes).items() if v}


def test_records_doctest() -> None:
    assert doctest.testmod(records).failed == 0


def _random_live_tables(sessions: int, steps: int) -> list[LiveTable]:
    """Live tables met while random players play random hands (checks, calls, bets, folds)."""
    seen: list[LiveTable] = []
    for number in range(sessions):
        rnd = random.Random(number)
        state = live.new_live_table(new_table(max_seats=6, stakes=Stakes(small_blind=1, big_blind=2)))
        for seat in range(1, rnd.randint(2, 6) + 1):
            sit = {"type": "sit", "seat": seat, "player": f"p{seat}", "stack": rnd.randint(10, 300)}
            state, _ = live.apply(state, "system", sit, now=0)
        for _ in range(steps):
            hand = state.hand
            if hand is None or hand.finished:
                intent: dict[str, Any] = {"type": "start_hand", "seed": f"{rnd.getrandbits(256):064x}"}
                actor: live.Actor = "host"
            else:
                actor = hand.to_act if hand.to_act is not None else rnd.choice(hand.seat_numbers)
                menu = hand.legal_actions(actor)["actions"]
                name = rnd.choice([n for n, option in menu.items() if option["allowed"]] or ["fold"])
                action: dict[str, Any] = {"type": name}
                if "min_to" in menu.get(name, {}):
                    action["to"] = rnd.randint(menu[name]["min_to"], menu[name]["max_to"])
                intent = {"type": "act", "action": action}
            try:
                state, _ = live.apply(state, actor, intent, now=0)
            except EngineError:
                break
            seen.append(state)
    return seen


@pytest.fixture(scope="module")
def live_tables() -> list[LiveTable]:
    return _random_live_tables(sessions=12, steps=40)


def test_live_table_records_convert_as_asdict_does(live_tables: list[LiveTable]) -> None:
    for state in live_tables[::5]:
        check_as_dict(state.options)
        check_as_dict(state.table.stakes)
        check_as_dict(state.table.options)
        for seat in state.table.seats:
            check_as_dict(seat)
        if state.table.current_hand is not None:
            check_as_dict(state.table.current_hand)
        if state.hand is not None:
            check_copy(state.hand)


def test_a_stored_live_table_reads_back_the_same_and_its_hand_config_once(
    live_tables: list[LiveTable],
) -> None:
    for state in live_tables:
        stored = json.loads(json.dumps(state.to_json()))
        loaded = LiveTable.from_json(stored)
        assert json.dumps(loaded.to_json()) == json.dumps(stored)
        if loaded.hand is not None and loaded.table.current_hand is not None:
            assert loaded.hand.config is loaded.table.current_hand


def test_a_table_whose_stored_configs_differ_reads_each_its_own(live_tables: list[LiveTable]) -> None:
    state = next(s for s in live_tables if s.hand_in_progress)
    stored = json.loads(json.dumps(state.to_json()))
    stored["table"]["current_hand"]["hand_number"] += 1
    loaded = LiveTable.from_json(stored)
    assert loaded.hand is not None and loaded.table.current_hand is not None
    assert loaded.hand.config.hand_number + 1 == loaded.table.current_hand.hand_number


@pytest.mark.parametrize(
    "texts", [[str(c) for c in STANDARD_DECK], ["as", "KD", "tC"], [], ["Ah", "2s", "ah"]]
)
def test_cards_of_reads_every_spelling_card_reads(texts: list[str]) -> None:
    assert cards_of(texts) == tuple(card(text) for text in texts)


def _error(read: Callable[[], object]) -> tuple[type[Exception], str]:
    try:
        read()
    except Exception as error:
        return type(error), str(error)
    raise AssertionError("read without an error")


@pytest.mark.parametrize("texts", [["As", "Xx"], ["As", ""], ["Ten"], ["As", ["A", "s"]], [None]])
def test_cards_of_refuses_what_card_refuses(texts: list[Any]) -> None:
    assert _error(lambda: cards_of(texts)) == _error(lambda: tuple(card(text) for text in texts))


def test_seat_extras_read_once_per_view_match_each_seats_own() -> None:
    """With a pending out-of-turn raise and cards exposed live and dead, as without them."""
    hand = make_hand("nlhe", [1000] * 4, button=1)  # seat 4 acts first
    check_views_parts(hand)
    dead = {"type": "exposed", "seat": 3, "card_number": 2, "during_deal": True}
    apply_ruling(hand, dead, "host", "flipped in the deal", "2026-11-29T21:30:00Z")
    hand.act(1, "raise", 300, out_of_turn=True)
    exposed = {"type": "exposed", "seat": 2, "card_number": 1, "during_deal": False}
    first = str(hand.seat(2).hole[0])
    apply_ruling(hand, exposed, "host", "flipped", "2026-11-29T21:30:00Z")
    extras = home_views.all_seat_extras(hand)
    assert extras[1]["out_of_turn"] == {"action": "raise", "to": 300}
    assert extras[2]["face_up"] == [first]
    check_views_parts(hand)
    check_copy(hand)
