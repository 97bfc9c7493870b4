"""Heads-up blinds: "In heads-up play, the small blind is on the button." One function says
who posts which blind (`engine.forced_bets.blind_seats`); the usual forced bets, the table's
button procedure and PHH replay all ask it, so they cannot disagree."""

from __future__ import annotations

import pytest

from engine.config import Stakes
from engine.forced_bets import blind_seats, standard_posts
from engine.games import GAMES
from engine.phh.replay import standard_posts as phh_posts
from engine.table import move_button
from engine.tests.table_helpers import play, posts, table_with


def test_heads_up_the_button_posts_the_small_blind_and_the_other_player_the_big_blind():
    """ "In heads-up play, the small blind is on the button." """
    assert blind_seats([5, 1], button=1) == (1, 5)
    assert blind_seats([1, 5], button=5) == (5, 1)


def test_with_three_or_more_the_two_players_left_of_the_button_post_the_blinds():
    """ "Small Blind: one seat left of the button ... Big Blind: two seats left." """
    assert blind_seats([2, 5, 1], button=1) == (2, 5)
    assert blind_seats([7, 2, 5, 6], button=6) == (7, 2)


def test_a_dead_button_heads_up_leaves_the_blinds_to_the_players_in_order():
    assert blind_seats([2, 5], button=1) == (2, 5)


@pytest.mark.parametrize("heads_up_button", [2, 6])
def test_forced_bets_the_table_and_phh_replay_agree_heads_up(heads_up_button):
    other = 8 - heads_up_button
    small, big = blind_seats([other, heads_up_button], button=heads_up_button)
    usual, big_seat, _ = standard_posts("nlhe", [2, 6], heads_up_button, Stakes(1, 2))
    assert [(p.seat, p.kind.value) for p in usual] == [(small, "small_blind"), (big, "big_blind")]
    assert big_seat == big
    _, config = play(move_button(table_with([2, 6]), heads_up_button))
    assert posts(config) == [(small, "small_blind"), (big, "big_blind")]
    # PHH lists the players from the left of the button: p1 the other player, p2 the button;
    # "the antes, blinds, and straddles are reverse-assigned for heads-up situations".
    replayed, replayed_big, _ = phh_posts(GAMES["nlhe"], [other, heads_up_button], [0, 0], [1, 2])
    assert [(p.seat, p.kind.value) for p in replayed] == [(small, "small_blind"), (big, "big_blind")]
    assert replayed_big == big
