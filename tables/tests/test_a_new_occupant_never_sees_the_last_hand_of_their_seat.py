"""A seat taken after a hand never shows its new occupant the cards its last occupant held.

docs/design.md, Visibility: "Normal games: own hole cards; others' only when tabled or exposed."
The finished hand stays on the table's screens until the next deal, and seats change between
hands: the player who sits down in a seat (or moves to it) is not the player who was dealt
its cards, and a folded hand stays secret from them like from anyone else. A player who moves
still sees that hand as the seat they had in it.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User
from django.utils import timezone

from engine.config import Stakes
from engine.house import crazy_blind_man
from engine.table import set_game
from tables.live import apply_intent, load_state
from tables.models import Player, Table
from tables.models.live import TableSnapshot
from tables.services.ledger import ledger
from tables.services.seating import joining, seating
from tables.tests.live_helpers import Phone, player_cookie, seat_players

CARD = re.compile(r'"([2-9TJQKA][cdhs])"')


def _hand_ended_by_folds(table: Table, host: User) -> tuple[list[Player], dict[int, set[str]]]:
    """Three players, everyone folds to the big blind: the cards of each folded seat."""
    players = seat_players(table, ["Ann", "Bo", "Cy"])
    for player in players:
        ledger.record_chips_in(player, "buy_in", 300, host)
    apply_intent(table.pk, "host", {"type": "options", "auto_deal": False})
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": "5e" * 32})
    while (state := load_state(table.pk)).hand_in_progress:
        apply_intent(
            table.pk, "system", {"type": "act", "seat": state.hand.to_act, "action": {"type": "fold"}}
        )
    folded = {s.seat: {str(c) for c in s.hole} for s in state.hand.seats if s.folded}
    return players, folded


def _newcomer_in_a_folded_seat(table: Table, host: User) -> tuple[Player, set[str]]:
    """The player of a folded seat moves to seat 7; a newcomer sits down in the seat left."""
    players, folded = _hand_ended_by_folds(table, host)
    seat, cards = next(iter(folded.items()))
    seating.move_player(players[seat - 1], table, 7)
    newcomer = joining.join_night(table.night, "Dee")
    ledger.record_chips_in(newcomer, "buy_in", 300, host)
    seating.move_player(newcomer, table, seat)
    return newcomer, cards


def _mover_to_a_folded_seat(table: Table, host: User) -> tuple[Player, set[str]]:
    """The player of one folded seat moves to seat 7; the player of another takes its seat."""
    players, folded = _hand_ended_by_folds(table, host)
    (left, cards), (other, _) = sorted(folded.items())[:2]
    seating.move_player(players[left - 1], table, 7)
    seating.move_player(players[other - 1], table, left)
    return players[other - 1], cards


async def _cards_on_their_phone_after_the_hand(table: Table, player: Player) -> set[str]:
    """Every card code the player's phone receives on connecting, the finished hand on show."""
    phone = Phone(table.pk, await database_sync_to_async(player_cookie)(player))
    connected, _ = await phone.connect()
    assert connected and phone.view is not None
    await phone.close()
    assert phone.view["hand"]["finished"]
    return set(CARD.findall(json.dumps(phone.view)))


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("arrival", [_newcomer_in_a_folded_seat, _mover_to_a_folded_seat])
async def test_a_folded_hand_stays_hidden_from_whoever_takes_its_seat_after_the_hand(
    table: Table, host: User, arrival: object
) -> None:
    player, folded_cards = await database_sync_to_async(arrival)(table, host)  # type: ignore[operator]
    seen = await _cards_on_their_phone_after_the_hand(table, player)
    assert not seen & folded_cards, f"the seat's new player sees {seen & folded_cards}, folded by another"


def _crazy_blind_man_won_after_the_removal(table: Table, host: User) -> tuple[Player, set[str]]:
    """Crazy Blind Man: everyone checks to the removal, each loses a card, then everyone folds
    to one player, who wins without a showdown and then takes a folded player's seat. Their own two
    cards and the card taken from them: never theirs to see."""
    players = seat_players(table, ["Ann", "Bo", "Cy"])
    for player in players:
        ledger.record_chips_in(player, "buy_in", 300, host)
    apply_intent(table.pk, "host", {"type": "options", "auto_deal": False})
    state = load_state(table.pk)
    game = replace(state, table=set_game(state.table, "crazy_blind_man", Stakes(small_blind=1, big_blind=2)))
    TableSnapshot.objects.filter(table=table).update(state=game.to_json(), updated_at=timezone.now())
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": "c4" * 32})
    while (state := load_state(table.pk)).hand_in_progress:
        hand = state.hand
        actions = hand.legal_actions(hand.to_act)["actions"]
        removal_done = crazy_blind_man.removal_complete(hand)
        wanted = ("fold",) if removal_done else ("check", "call", "remove")
        name = next(n for n in wanted if actions.get(n, {}).get("allowed"))
        action: dict[str, Any] = {"type": name, **({"index": 0} if name == "remove" else {})}
        apply_intent(table.pk, "system", {"type": "act", "seat": hand.to_act, "action": action})
    hand = state.hand
    [winner] = [s for s in hand.seats if not s.folded]
    assert not hand.showdown_order and crazy_blind_man.removal_complete(hand)
    never_seen = {str(c) for c in winner.hole} | {
        c for _, c in crazy_blind_man.removed_from(hand, winner.seat)
    }
    # The winner takes the seat of a player who folded and moved away.
    folded = next(s.seat for s in hand.seats if s.folded)
    seating.move_player(players[folded - 1], table, 7)
    seating.move_player(players[winner.seat - 1], table, folded)
    return players[winner.seat - 1], never_seen


@pytest.mark.django_db(transaction=True)
async def test_a_crazy_blind_man_player_who_changes_seats_still_never_sees_their_own_cards(
    table: Table, host: User
) -> None:
    """ "No player may see the card that was taken from them." and "A player shall not look at
    their own cards until the showdown."; a hand won without one never shows them."""
    player, never_seen = await database_sync_to_async(_crazy_blind_man_won_after_the_removal)(table, host)
    seen = await _cards_on_their_phone_after_the_hand(table, player)
    assert not seen & never_seen, f"a Crazy Blind Man player sees their own {seen & never_seen}"
