"""Shared set-up for the season and recap tests: two closed nights of real hands, one returning guest."""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass
from decimal import Decimal

from django.contrib.auth.models import User

from tables.live import apply_intent, load_state
from tables.models import Night, Player, Season, Table
from tables.models.tournaments import Tournament
from tables.services.hosting import hosting
from tables.services.ledger import closing, ledger
from tables.services.seasons import seasons
from tables.services.seating import people, seating
from tables.services.tournament import tournaments
from tables.tests.live_helpers import seat_players
from tables.tests.tournament_helpers import make_tournament


@dataclass
class TwoNights:
    first: Night
    second: Night
    tables: list[Table]
    players: dict[str, Player]  # "Ann1", "Bo1", "Cy1", "Ann2", "Bo2", "Di2"
    tournament: Tournament
    season: Season


def night_in_november(host: User, name: str, day: int) -> Night:
    """A night of the host's on `day` November 2026, in euros, guests in without approval."""
    return hosting.create_night(
        host,
        name=name,
        date=datetime.date(2026, 11, day),
        currency="EUR",
        chip_value=Decimal("0.10"),
        require_approval=False,
    )


def _play(night: Night, host: User, names: list[str], hands: int, seed: str) -> tuple[Table, list[Player]]:
    table = hosting.create_table(
        night, name="Main table", game="nlhe", max_seats=9, small_blind=1, big_blind=2
    )
    players = seat_players(table, names)
    return table, _play_at(table, host, players, hands, seed)


def _play_at(
    table: Table, host: User, players: list[Player], hands: int, seed: str, *, buy_in: bool = True
) -> list[Player]:
    for player in players if buy_in else ():
        ledger.record_chips_in(player, "buy_in", 300, host)
    apply_intent(table.pk, "host", {"type": "options", "auto_deal": False})
    rnd = random.Random(seed)
    for _ in range(hands):
        if sum(1 for seat in load_state(table.pk).table.seats if seat.stack > 0) < 2:
            break  # someone has all the chips: the table is done for the night
        _play_calmly(table.pk, rnd)
    return players


def _play_calmly(table_id: int, rnd: random.Random) -> None:
    """One hand of small bets, calls and folds, so a night lasts more than one all-in."""
    apply_intent(table_id, "host", {"type": "start_hand"})
    for _ in range(200):
        state = load_state(table_id)
        if not state.hand_in_progress:
            return
        seat = state.hand.to_act
        actions = state.hand.legal_actions(seat)["actions"]
        allowed = [name for name, info in actions.items() if info.get("allowed")]
        name = rnd.choice([n for n in allowed if n in ("check", "call", "fold", "bet", "raise")] or allowed)
        if name == "fold" and "check" in allowed:
            name = "check"
        action = {"type": name}
        if name in ("bet", "raise"):
            action["to"] = actions[name]["min_to"]
        player = state.table.occupant(seat).player
        apply_intent(table_id, f"player:{player}", {"type": "act", "action": action})
    raise AssertionError("The hand did not finish")


def two_nights(host: User, hands: int = 6) -> TwoNights:
    """Night one: Ann, Bo and Cy play cash and a tournament (Ann wins it). Night two: Ann comes
    back and is recognised; a new Bo (not recognised) and Di play cash."""
    first = night_in_november(host, "First Friday", 13)
    # The tournament first (its busts were recorded by the host), then a cash game.
    tournament, (ann1, bo1, cy1) = make_tournament(first, host, names=("Ann", "Bo", "Cy"), payouts=(70, 30))
    tournaments.record_busts(tournament.pk, host, [(tournament.entries.get(player=cy1).pk, None)])
    tournaments.record_busts(tournament.pk, host, [(tournament.entries.get(player=bo1).pk, None)])
    table1 = hosting.create_table(
        first, name="Main table", game="nlhe", max_seats=9, small_blind=1, big_blind=2
    )
    for number, player in enumerate((ann1, bo1, cy1), start=1):
        ledger.record_chips_in(player, "buy_in", 300, host)  # chips in hand, then a seat
        seating.move_player(player, table1, number)
    _play_at(table1, host, [ann1, bo1, cy1], hands, "first", buy_in=False)
    closing.close_night(first, host)
    second = night_in_november(host, "Second Friday", 27)
    table2, (ann2, bo2, di2) = _play(second, host, ["Ann", "Bo", "Di"], hands, "second")
    people.confirm_claim(people.claim_name(ann2, ann1.pk).pk, host)
    closing.close_night(second, host)
    season = seasons.create_season(
        host,
        seasons.SeasonSettings(
            name="Autumn",
            starts_on=datetime.date(2026, 9, 1),
            ends_on=datetime.date(2026, 12, 31),
            scoring="card_room",
            attendance_points=Decimal(1),
        ),
    )
    seasons.set_nights(season, [first.pk, second.pk], host)
    tournament.refresh_from_db()
    players = {"Ann1": ann1, "Bo1": bo1, "Cy1": cy1, "Ann2": ann2, "Bo2": bo2, "Di2": di2}
    return TwoNights(first, second, [table1, table2], players, tournament, season)
