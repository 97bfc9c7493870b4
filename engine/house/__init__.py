"""House rules: what a home game adds to the core: host rulings (misdeal, exposed card,
awarding a pot...), acting out of turn, Blind Hold'em and Crazy Blind Man.

`hooks` wires them into `engine.hand`.
"""
