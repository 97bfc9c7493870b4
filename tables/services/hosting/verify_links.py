"""A closed night's public verify link: the host gives it to anyone who should be able to check
the night's shuffle without having played it (a friend who left early on another phone, the
season's treasurer).

The link holds a secret of its own (`Night.verify_token`, 256 random bits), so it cannot be
guessed from the night's id or join code; the host makes it once the night is closed, and may
revoke it, after which it opens nothing (a new one is another secret). Its reader reads the
verify page as the public does: every hand's published record and, once the seeds are revealed,
its check; no hole card a hand did not table. The log says the link was made or revoked, never
the secret (the log is open to the night's players).
"""

from __future__ import annotations

import secrets

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from tables.errors import ActionRefused
from tables.models import Night
from tables.services.hosting import audit


def make_verify_link(night: Night, by: AbstractBaseUser | None, why: str = "") -> str:
    """The night's public verify link's secret, made now (replacing any earlier one)."""
    with transaction.atomic():
        locked = Night.objects.select_for_update().get(pk=night.pk)
        if locked.is_open:
            raise ActionRefused("The night's public check opens once the night is closed.")
        locked.verify_token = secrets.token_urlsafe(32)
        locked.save(update_fields=["verify_token"])
        audit.record(locked, by, "Made the night's public verify link", why, payload={"verify_link": "made"})
    night.verify_token = locked.verify_token
    return locked.verify_token


def revoke_verify_link(night: Night, by: AbstractBaseUser | None, why: str = "") -> None:
    """The night's public verify link opens nothing from now on."""
    with transaction.atomic():
        locked = Night.objects.select_for_update().get(pk=night.pk)
        if locked.verify_token is None:
            raise ActionRefused("The night has no public verify link to revoke.")
        locked.verify_token = None
        locked.save(update_fields=["verify_token"])
        audit.record(
            locked, by, "Revoked the night's public verify link", why, payload={"verify_link": "revoked"}
        )
    night.verify_token = None


def night_of_link(token: str) -> Night | None:
    """The closed night whose public verify link this is, or None."""
    if not token:
        return None
    night = Night.objects.filter(verify_token=token).first()
    return night if night is not None and not night.is_open else None
