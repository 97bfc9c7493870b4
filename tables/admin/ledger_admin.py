"""The admin shows the ledger and the log read-only: entries are fixed by corrections, never edited."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from tables.admin.night_log import LoggedInTheNight
from tables.models.ledger import AuditEntry, ChipRequest, CoHost, LedgerEntry


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(LedgerEntry)
class LedgerEntryAdmin(ReadOnlyAdmin):
    list_display = ["recorded_at", "night", "player", "kind", "chips", "money", "recorded_by", "reason"]
    list_filter = ["kind"]
    search_fields = ["player__display_name", "night__name", "reason"]
    list_select_related = ["night", "player", "recorded_by"]


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ["when", "night", "who_label", "what", "why"]
    search_fields = ["what", "why", "who_label", "night__name"]
    list_select_related = ["night"]


@admin.register(ChipRequest)
class ChipRequestAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "night", "player", "kind", "chips", "status"]
    list_filter = ["status"]


@admin.register(CoHost)
class CoHostAdmin(LoggedInTheNight):
    list_display = ["night", "user", "added_at"]
