"""Edits made in /admin/ go in the night's log like the host pages' own: the admin is a door to
a night's names, tables and co-hosts, and the people at the table read the log to see who changed
what."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db import transaction
from django.db.models import Model
from django.forms import ModelForm
from django.http import HttpRequest

from tables.models import Night
from tables.services.hosting import audit


def night_of(obj: Model) -> Night | None:
    """The night an edited row belongs to: the row itself, or its `night`."""
    if isinstance(obj, Night):
        return obj
    night = getattr(obj, "night", None)
    return night if isinstance(night, Night) else None


def changes_said(form: ModelForm) -> str:
    """'name “Friday” → “Friday game”, …' for each field the form changed (never a field the
    admin does not show, so no secret token)."""
    said = []
    for name in form.changed_data:
        before = form.initial.get(name)
        after = form.cleaned_data.get(name)
        said.append(f"{name} “{before}” → “{after}”")
    return ", ".join(said)


class LoggedInTheNight(admin.ModelAdmin):
    """A ModelAdmin whose every save and delete writes one line in the night's log, in the same
    transaction as the change."""

    def save_model(self, request: HttpRequest, obj: Any, form: ModelForm, change: bool) -> None:
        with transaction.atomic():
            super().save_model(request, obj, form, change)
            night = night_of(obj)
            if night is None:
                return
            kind = obj._meta.verbose_name
            what = (
                f"edited {kind} {obj} in the admin: {changes_said(form) or 'nothing changed'}"
                if change
                else f"added {kind} {obj} in the admin"
            )
            audit.record(night, request.user, what, "admin")

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        with transaction.atomic():
            night = night_of(obj)
            label = f"removed {obj._meta.verbose_name} {obj} in the admin"
            super().delete_model(request, obj)
            if night is not None:
                audit.record(night, request.user, label, "admin")

    def delete_queryset(self, request: HttpRequest, queryset: Any) -> None:
        # The list page's "delete selected" deletes without delete_model: one line per row.
        with transaction.atomic():
            for obj in list(queryset):
                self.delete_model(request, obj)
