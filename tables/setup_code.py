"""Who may create the install's first host account: the computer Homegame runs on, or anyone
who has the setup code the server printed when it started.

On a fresh install the first visit creates the host account, which administers everything.
Anyone on the same Wi-Fi could make that first visit, so from any address but this computer's
own (loopback) the setup page asks for a code. The code is derived from the install's secret
key (an HMAC: it cannot be worked out without the key, and it is the same every start), and is
printed by `make run` and by the Docker image next to the addresses. Once a host account exists
the setup page only sends people to the log-in, so the code opens nothing any more. With the
development key, which anyone can read in the settings, there is no code: setup works from this
computer only.
"""

from __future__ import annotations

import hmac
import ipaddress

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import DatabaseError
from django.http import HttpRequest
from django.utils.crypto import salted_hmac

from tables.join_codes import ALPHABET, normalise_join_code

LENGTH = 8  # 31^8: some 40 bits, against 5 tries per address every 5 minutes (rate_limits)
WRONG = "That is not the setup code. It is printed where Homegame was started, next to its addresses."
NO_CODE = (
    "Create the host account on the computer running Homegame (open this page there), "
    "or start Homegame with a secret key (make run does) to be given a setup code."
)


def setup_code() -> str | None:
    """The code, such as "K7PQ-2MXA", or None with the development key.

    >>> from django.test import override_settings
    >>> with override_settings(SECRET_KEY="a-key-kept-on-this-laptop-only-" * 2):
    ...     code = setup_code()
    >>> len(code), code[4]
    (9, '-')
    """
    if settings.SECRET_KEY.startswith("django-insecure-"):
        return None
    digest = salted_hmac("homegame.setup_code", "the first host account", algorithm="sha256").digest()
    number = int.from_bytes(digest, "big")
    letters = []
    for _ in range(LENGTH):
        number, index = divmod(number, len(ALPHABET))
        letters.append(ALPHABET[index])
    return "".join(letters[:4]) + "-" + "".join(letters[4:])


def matches(typed: str) -> bool:
    """Whether `typed` is the code, whatever its case, spaces and dashes."""
    code = setup_code()
    if code is None:
        return False
    wanted = normalise_join_code(code)
    given = normalise_join_code(typed)
    return given.isascii() and hmac.compare_digest(given, wanted)


# Headers a proxy adds: a loopback request that carries one came through a proxy on this
# computer, from anywhere (a proxy the server was not told to trust, so the address it names is
# not the client's either: tables.rate_limits counts the server's own).
FORWARDED_HEADERS = ("HTTP_FORWARDED", "HTTP_X_FORWARDED_FOR", "HTTP_X_REAL_IP", "HTTP_X_FORWARDED_HOST")


def from_this_computer(request: HttpRequest) -> bool:
    """Whether the request came from the computer the server runs on (a loopback address, not
    passed on by a proxy)."""
    if any(request.META.get(header) for header in FORWARDED_HEADERS):
        return False
    try:
        address = ipaddress.ip_address(request.META.get("REMOTE_ADDR", ""))
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_loopback


def notice() -> str:
    """The line printed where the server starts (`make run`, the Docker image): the code, until a
    host account exists; nothing after, or with no code."""
    code = setup_code()
    try:
        if code is None or get_user_model().objects.exists():
            return ""
    except DatabaseError:  # not migrated yet: no host either
        pass
    return f"  First visit from a phone or another computer? The setup code is {code}\n"
