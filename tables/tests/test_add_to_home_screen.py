"""Add to home screen: a web app manifest and icons, so the table opens full screen like an app."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

pytestmark = pytest.mark.django_db


def test_the_manifest_opens_the_seat_page_full_screen_with_its_icons() -> None:
    response = Client().get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = response.json()
    assert (manifest["display"], manifest["start_url"]) == ("standalone", "/play/")
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        name = icon["src"].split("/static/", 1)[1]
        assert (Path(settings.BASE_DIR) / "static" / name).is_file(), f"{name} is missing"


def test_the_table_and_the_seat_page_link_the_manifest(table) -> None:
    from tables.tests.live_helpers import seat_players
    from tables.tests.test_table_page import phone_of

    ann, _ = seat_players(table, ["Ann", "Bo"])
    phone = phone_of(ann)
    for url in ("/play/table/", "/play/"):
        assert b'rel="manifest" href="/manifest.webmanifest"' in phone.get(url).content
