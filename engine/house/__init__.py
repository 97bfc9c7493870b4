"""House rules: what a home game adds to the core: host rulings (misdeal, exposed card,
awarding a pot...), acting out of turn, Blind Hold'em and Crazy Blind Man.

`home_game` holds what `engine.hand` asks them about a player's action.
"""
