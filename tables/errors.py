"""The one refusal: raised by the write path and the services, understood by every caller as it is."""

from __future__ import annotations

from typing import Literal

# The error codes of the table protocol (docs/protocol.md), so a refusal reaches a socket unchanged.
RefusalCode = Literal["malformed", "stale_version", "illegal", "forbidden", "throttled", "not_found"]


class ActionRefused(Exception):
    """A request the state of the night or the table does not allow (table full, not your turn...).

    `message` is shown to the person as it is, so it is written for them; `code` is for programs
    (a socket sends it in its ``error`` message, and resyncs on ``stale_version``). Raising it
    means nothing was changed.

    >>> refused = ActionRefused("The table has moved on.", code="stale_version")
    >>> refused.code, str(refused)
    ('stale_version', 'The table has moved on.')
    """

    def __init__(self, message: str, code: RefusalCode = "illegal") -> None:
        super().__init__(message)
        self.message = message
        self.code: RefusalCode = code
