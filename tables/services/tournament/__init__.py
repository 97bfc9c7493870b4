"""A tournament played at the night's tables: set-up, the draw and its moves, the clock, play at
the live tables, busts, rebuys and add-ons, deals, its money and results."""
