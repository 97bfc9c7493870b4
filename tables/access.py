"""Who may host a night: the one answer every page, socket and service asks.

A night is run by its host, by the users the host named co-hosts (`CoHost`), and by the
install's administrators (superusers), who may step in for any host. Only the host and the
administrators may name or remove co-hosts. Rights are checked on every request and every
socket command, so a co-host removed mid-night loses them at once.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q, QuerySet

from tables.errors import ActionRefused
from tables.models import Night

User = AbstractBaseUser | AnonymousUser


def hosted_nights(user: User | None) -> QuerySet[Night]:
    """Every night `user` may run: the one rule, as a query."""
    if user is None or not user.is_authenticated:
        return Night.objects.none()
    if user.is_superuser:
        return Night.objects.all()
    return Night.objects.filter(Q(host=user) | Q(co_hosts__user=user)).distinct()


def can_host(user: User | None, night: Night | int) -> bool:
    """May `user` run `night` (a night or its id) right now?"""
    night_id = night if isinstance(night, int) else night.pk
    return hosted_nights(user).filter(pk=night_id).exists()


def check_host(user: User | None, night: Night | int) -> None:
    """Refuse anyone who may not run the night; services call it before every command."""
    if not can_host(user, night):
        raise ActionRefused("Only the night's host (or someone they named) can do that.")


def owns_night(user: User | None, night: Night) -> bool:
    """The night's own host or an administrator: the only ones who may name co-hosts."""
    if user is None or not user.is_authenticated:
        return False
    return bool(user.is_superuser) or night.host_id == user.pk
