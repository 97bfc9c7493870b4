"""The games a table can play, and what each allows.

Later games (Blind Hold'em, Crazy Blind Man, short deck...) add a choice here and
their seat limits; the engine decides everything about how they are played.
"""

from __future__ import annotations

from django.db import models


class Game(models.TextChoices):
    NO_LIMIT_HOLDEM = "nlhe", "No-Limit Hold'em"


# House rules: "Play with 2 to 10 players." Blind Hold'em will allow up to 23.
MIN_SEATS = 2
MAX_SEATS_BY_GAME: dict[str, int] = {Game.NO_LIMIT_HOLDEM: 10}
# The largest table any game allows; the database refuses anything bigger.
MAX_SEATS_ANY_GAME = 23


def max_seats_for(game: str) -> int:
    """How many seats a table of this game may have at most.

    >>> max_seats_for("nlhe")
    10
    """
    return MAX_SEATS_BY_GAME[game]
