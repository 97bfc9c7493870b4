"""The one error the app's services raise for a request they refuse."""


class ActionRefused(Exception):
    """A request the state of the night does not allow (table full, night closed...).

    The message is shown to the person as it is, so it is written for them.
    Raising it means nothing was changed.
    """
