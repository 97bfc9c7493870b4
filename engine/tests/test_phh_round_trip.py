"""Random finished hands of every game -> PHH text -> replay gives the same finishing stacks."""

import random

import pytest

from engine.config import Stakes
from engine.forced_bets import standard_config
from engine.games import GAMES, ForcedBets, max_players_for_deck
from engine.hand import Hand
from engine.house import blind_holdem
from engine.phh import HandHistoryError, dumps, hand_from_phh, hand_to_phh, loads, replay
from engine.tests.hand_helpers import make_hand, seats_with

GAME_KEYS = sorted(GAMES)
HANDS_PER_GAME = 60


def random_finished_hand(rng: random.Random, game: str) -> Hand:
    """A hand of `game` with random seats, stakes and button, played to the end by random legal actions.
    Bets are sized near the edges of the legal range, so all-ins and side pots are common."""
    definition = GAMES[game]
    players = rng.randint(2, min(6, max_players_for_deck(definition)))
    seats = rng.sample(range(1, 10), players)
    stacks = {seat: rng.choice([rng.randint(1, 300), rng.randint(300, 3000)]) for seat in sorted(seats)}
    cap = rng.choice([0, 0, 0, 800])
    options = {}
    if definition.forced_bets is ForcedBets.FIXED_STAKE:  # Blind Hold'em: mostly the staged reveal
        stakes, straddle = Stakes(fixed_stake=rng.randint(1, 60)), False
        options["reveal"] = rng.choice(["staged", "staged", "all_at_once"])
    elif definition.forced_bets is ForcedBets.BOMB_ANTE:
        stakes, straddle = Stakes(bomb_ante=rng.randint(1, 60), cap=cap), False
    else:
        small = rng.randint(1, 50)
        stakes = Stakes(small_blind=small, big_blind=2 * small, ante=rng.choice([0, 0, 5]), cap=cap)
        straddle = players >= 3 and rng.random() < 0.3
    config = standard_config(
        game,
        seats_with(stacks),
        button=rng.randint(1, 9),
        stakes=stakes,
        straddle=straddle,
        cash_game=rng.random() < 0.5,
        hand_number=rng.randint(1, 500),
        options=options,
    )
    deck = list(definition.deck)
    rng.shuffle(deck)
    hand = Hand.deal(config, deck)
    while not hand.finished:
        if blind_holdem.waiting_for_stage(hand) is not None:  # the pause between stages
            blind_holdem.next_stage(hand)
            continue
        seat = hand.to_act
        options = hand.legal_actions(seat)["actions"]
        allowed = sorted(name for name, option in options.items() if option["allowed"])
        weights = [{"fold": 1, "check": 4, "call": 4, "show": 6, "muck": 1}.get(name, 3) for name in allowed]
        action = rng.choices(allowed, weights)[0]
        if action in ("remove", "reveal"):  # the home games' card choices
            hand.act(seat, action, index=rng.choice(options[action]["cards"]))
        elif action in ("bet", "raise"):
            low, high = options[action]["min_to"], options[action]["max_to"]
            hand.act(seat, action, rng.choice([low, high, rng.randint(low, high)]))
        else:
            hand.act(seat, action)
    return hand


@pytest.mark.parametrize("game", GAME_KEYS)
def test_random_hands_replay_from_their_history_to_the_same_finishing_stacks(game):
    rng = random.Random(f"phh-{game}")
    for _ in range(HANDS_PER_GAME):
        hand = random_finished_hand(rng, game)
        text = hand_to_phh(hand)
        expected = [s.stack for s in hand.clockwise_from_button()]
        assert replay(text) == expected, text
        assert loads(text)["finishing_stacks"] == expected


@pytest.mark.parametrize("game", GAME_KEYS)
def test_a_replayed_hand_has_the_same_cards_posts_and_awards(game):
    rng = random.Random(f"phh-same-{game}")
    for _ in range(HANDS_PER_GAME // 3):
        hand = random_finished_hand(rng, game)
        again = hand_from_phh(hand_to_phh(hand))
        assert again.finished
        assert again.config.game == hand.config.game
        assert again.config.button == hand.config.button
        assert again.config.posts == hand.config.posts
        assert [(s.seat, s.hole, s.stack) for s in again.seats] == [
            (s.seat, s.hole, s.stack) for s in hand.seats
        ]
        assert again.boards == hand.boards
        assert again.awards == hand.awards


@pytest.mark.parametrize("game", GAME_KEYS)
def test_loads_of_dumps_is_stable_for_written_hands(game):
    rng = random.Random(f"phh-stable-{game}")
    for _ in range(HANDS_PER_GAME // 3):
        text = hand_to_phh(random_finished_hand(rng, game))
        history = loads(text)
        assert dumps(history) == text
        assert loads(dumps(history)) == history


def test_only_a_finished_hand_is_written():
    hand = make_hand("nlhe", [1000, 1000, 1000])
    with pytest.raises(HandHistoryError, match="Only a finished hand can be written"):
        hand_to_phh(hand)
    assert hand.events and not hand.finished
