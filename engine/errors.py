"""The engine's exceptions. Every message is one a player or host can read."""


class EngineError(ValueError):
    """Base class: the request was refused and nothing changed."""


class InvalidCardError(EngineError):
    """Text that does not name a card, or a card given twice where a set is required."""


class IllegalActionError(EngineError):
    """A player or dealer operation that the rules do not allow right now."""


class RulingError(EngineError):
    """A host ruling that would break a rule of the engine."""


class ConfigurationError(EngineError):
    """A hand or table set-up that cannot be played (too many players for the deck, bad stakes...)."""


class TournamentError(EngineError):
    """A tournament set-up or clock, rebuy, payout, deal or seating request that cannot be done."""


class TableError(EngineError):
    """A between-hands table request that the rules refuse: a taken seat, a bad stack, a move
    of the button that would skip a blind..."""
