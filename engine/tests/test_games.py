"""Games are data: one definition per game, the procedure compiled from it."""

from engine.games import GAMES, HandRule, StepKind, Structure, cards_needed

SPEC_GAMES = {
    "nlhe",
    "flhe",
    "short_deck",
    "bomb_pot",
    "bomb_pot_double",
    "plo_bomb",
    "plo_bomb_double",
    "plo5_bomb",
    "plo5_bomb_double",
    "plo6_bomb",
    "plo6_bomb_double",
}


def test_every_holdem_game_has_a_definition():
    assert set(GAMES) >= SPEC_GAMES


def test_holdem_procedure_is_posts_deal_then_burn_board_and_betting_per_street():
    """ "Before the flop, the turn, and the river, the dealer "burns" the top card." """
    kinds = [(step.kind, step.street) for step in GAMES["nlhe"].procedure]
    assert kinds == [
        (StepKind.POST, 0),
        (StepKind.DEAL_HOLE, 0),
        (StepKind.BETTING, 0),
        (StepKind.BURN, 1),
        (StepKind.BOARD, 1),
        (StepKind.BETTING, 1),
        (StepKind.BURN, 2),
        (StepKind.BOARD, 2),
        (StepKind.BETTING, 2),
        (StepKind.BURN, 3),
        (StepKind.BOARD, 3),
        (StepKind.BETTING, 3),
        (StepKind.SHOWDOWN, 3),
    ]


def test_bomb_pots_have_no_betting_before_the_flop():
    """ "There is no betting before the flop." """
    for key in SPEC_GAMES - {"nlhe", "flhe", "short_deck"}:
        betting_streets = [s.street for s in GAMES[key].procedure if s.kind is StepKind.BETTING]
        assert betting_streets == [1, 2, 3], key


def test_omaha_bomb_pots_are_pot_limit_with_two_hole_cards_and_three_board_cards():
    for key, hole_cards in (("plo_bomb", 4), ("plo5_bomb", 5), ("plo6_bomb_double", 6)):
        game = GAMES[key]
        assert game.hole_cards == hole_cards
        assert (game.structure, game.hand_rule) == (Structure.POT_LIMIT, HandRule.OMAHA)


def test_double_board_games_deal_two_boards():
    two_boards = {key for key in SPEC_GAMES if GAMES[key].boards == 2}
    assert two_boards == {key for key in SPEC_GAMES if key.endswith("double")}
    assert cards_needed(GAMES["bomb_pot_double"], 2) == 4 + 10 + 3
