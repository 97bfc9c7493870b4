"""A fresh install has no host: the first visit offers a one-time "create the host account" page."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

pytestmark = pytest.mark.django_db


def test_fresh_install_home_page_offers_host_account_creation(client: Client) -> None:
    response = client.get("/")
    assert response.status_code == 200
    assert b"Create the host account" in response.content
    assert b'href="/setup/"' in response.content


def test_login_page_sends_a_fresh_install_to_setup(client: Client) -> None:
    response = client.get("/login/")
    assert response.status_code == 302
    assert response["Location"] == "/setup/"


def test_setup_creates_the_first_host_as_staff_and_logs_them_in(client: Client) -> None:
    response = client.post(
        "/setup/",
        {"username": "sam", "password1": "a-long-host-password", "password2": "a-long-host-password"},
    )
    assert response.status_code == 302
    assert response["Location"] == "/host/"
    host = User.objects.get()
    assert host.username == "sam"
    assert host.is_staff and host.is_superuser
    assert client.get("/host/").status_code == 200
    assert client.get("/admin/").status_code == 200


def test_setup_works_only_once(client: Client, host: User) -> None:
    response = client.get("/setup/")
    assert response.status_code == 302
    assert response["Location"] == "/login/"
    client.post(
        "/setup/",
        {"username": "intruder", "password1": "a-long-host-password", "password2": "a-long-host-password"},
    )
    assert list(User.objects.values_list("username", flat=True)) == ["hostess"]


def test_setup_rejects_mismatched_passwords_and_creates_nobody(client: Client) -> None:
    response = client.post(
        "/setup/", {"username": "sam", "password1": "a-long-host-password", "password2": "something-else-1"}
    )
    assert response.status_code == 400
    assert b"password" in response.content.lower()
    assert not User.objects.exists()


def test_home_page_links_to_hosting_once_a_host_exists(client: Client, host: User) -> None:
    response = client.get("/")
    assert b"Host a night" in response.content
    assert b"Create the host account" not in response.content


@pytest.mark.parametrize(
    "path",
    ["/host/", "/host/nights/new/", "/host/nights/1/", "/host/nights/1/status.json"],
)
def test_host_pages_require_login(client: Client, host: User, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 302
    assert response["Location"].startswith("/login/?next=")


def test_host_logs_in_and_out_with_our_pages(client: Client, host: User) -> None:
    page = client.get("/login/")
    assert page.status_code == 200
    assert b"Host log in" in page.content
    response = client.post("/login/", {"username": "hostess", "password": "a-long-host-password"})
    assert response.status_code == 302
    assert client.get("/host/").status_code == 200
    client.post("/logout/")
    assert client.get("/host/").status_code == 302


def test_login_with_a_wrong_password_says_so(client: Client, host: User) -> None:
    response = client.post("/login/", {"username": "hostess", "password": "wrong"})
    assert response.status_code == 200
    assert b"correct username and password" in response.content
