"""Settings for Homegame.

Everything that differs between a laptop and a deployment comes from the
environment, read through the small typed helpers below. With no environment at
all the app runs on SQLite and the in-memory channel layer, so a fresh checkout
works with nothing else installed.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from homegame.lan import lan_address

BASE_DIR = Path(__file__).resolve().parent.parent


def env_str(name: str, default: str) -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    lowered = raw.strip().lower()
    if lowered in ("1", "true", "yes", "on"):
        return True
    if lowered in ("0", "false", "no", "off"):
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (1/0, true/false), not {raw!r}")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {raw!r}") from None


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)


def _key_from_file(path: Path) -> str:
    """The key kept in `path`, made on first use: one key per install, never in git."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        # A key file made readable by others before (by hand, or by an older version): narrowed.
        if path.stat().st_mode & 0o077:
            path.chmod(0o600)
    else:
        with os.fdopen(descriptor, "w") as made:
            made.write(secrets.token_urlsafe(50))
    key = path.read_text().strip()
    if not key:
        raise ImproperlyConfigured(f"SECRET_KEY_FILE {path} is empty: delete it to make a new key.")
    return key


def _secret_key() -> str:
    key = env_str("SECRET_KEY", "")
    if not key and env_str("SECRET_KEY_FILE", ""):
        key = _key_from_file(BASE_DIR / env_str("SECRET_KEY_FILE", ""))
    # A fixed key is fine for a developer's laptop; anything else sets its own (check --deploy
    # refuses the insecure prefix).
    return key or "django-insecure-homegame-development-only-key"


SECRET_KEY = _secret_key()
if not DEBUG and SECRET_KEY.startswith("django-insecure-"):
    raise ImproperlyConfigured("Set SECRET_KEY when DEBUG is off.")

# The address phones should use in join links and QR codes, e.g. http://192.168.1.20:8000.
# Empty: the address the host's browser used.
PUBLIC_URL = env_str("PUBLIC_URL", "")


def _default_hosts() -> list[str]:
    """This computer by name and by its LAN address, and the host of PUBLIC_URL."""
    hosts = ["localhost", "127.0.0.1", "[::1]", lan_address()]
    public = urlsplit(PUBLIC_URL).hostname
    return [*hosts, public] if public else hosts


ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", _default_hosts())
if "*" in ALLOWED_HOSTS:
    raise ImproperlyConfigured(
        "ALLOWED_HOSTS=* would answer any Host a page can send: list the names and addresses."
    )
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    # daphne first, so that `runserver` serves ASGI (websockets included).
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "tables",
]

MIDDLEWARE = [
    "homegame.https_port.HttpsPortRedirectMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "homegame.content_security.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "homegame.urls"
ASGI_APPLICATION = "homegame.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]


def _database_from_env() -> dict:
    url = os.environ.get("DATABASE_URL", "").strip() or f"sqlite:///{BASE_DIR / 'db.sqlite3'}"
    try:
        config = dict(dj_database_url.parse(url, conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 0)))
    except ValueError as error:
        raise ImproperlyConfigured(f"DATABASE_URL is not a valid database URL: {error}") from None
    if config["ENGINE"] == "django.db.backends.sqlite3" and not os.environ.get("DATABASE_CONN_MAX_AGE"):
        # An SQLite connection is an open file: keeping it costs nothing, while reopening it
        # for every call of a table socket cost about a fifth of each action.
        config["CONN_MAX_AGE"] = None
    if config["ENGINE"] == "django.db.backends.sqlite3":
        # A transaction that reads first and writes later cannot wait for the write lock: SQLite
        # fails it at once with "database is locked" when a table's timer writes meanwhile.
        # Taking the lock at the start lets it wait its turn (up to the timeout) instead.
        options = config.setdefault("OPTIONS", {})
        options.setdefault("transaction_mode", "IMMEDIATE")
        options.setdefault("timeout", 20)
    pool_size = env_int("DATABASE_POOL_SIZE", 16)
    if config["ENGINE"] == "django.db.backends.postgresql" and pool_size > 0:
        # Table sockets make many short database calls, each on a thread that would otherwise
        # open (and PostgreSQL fork) a new connection every time: a pool keeps them open.
        if config["CONN_MAX_AGE"]:
            raise ImproperlyConfigured(
                "Set DATABASE_POOL_SIZE=0 to use DATABASE_CONN_MAX_AGE instead of a pool."
            )
        options = config.setdefault("OPTIONS", {})
        options["pool"] = {"min_size": min(2, pool_size), "max_size": pool_size, "timeout": 10}
    return config


DATABASES = {"default": _database_from_env()}
# Threads that run the table sockets' database calls on PostgreSQL (tables.live.threads). More
# threads overlap more round trips but fight over the one interpreter lock: 2 did best here.
TABLE_DATABASE_THREADS = env_int("TABLE_DATABASE_THREADS", 2)
# Whether a web server process fires table timers while it serves table sockets. `make run` and
# docker-compose.yml set 0: their timer runner (`manage.py run_timers`) fires them all.
TIMERS_IN_WEB = env_bool("TIMERS_IN_WEB", True)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"


def _channel_layers_from_env() -> dict:
    url = os.environ.get("REDIS_URL", "").strip()
    if not url:
        return {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    if not url.startswith(("redis://", "rediss://", "unix://")):
        raise ImproperlyConfigured(f"REDIS_URL must start with redis://, rediss:// or unix://, not {url!r}")
    return {
        "default": {
            # Pub/sub: a hint is published once and each server process hands it to its own
            # sockets, instead of one Redis list entry per socket. Hints may be lost (clients
            # resync), which is all pub/sub can promise.
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [url], "prefix": env_str("REDIS_PREFIX", "homegame")},
        }
    }


CHANNEL_LAYERS = _channel_layers_from_env()

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# Read from the environment, not from settings.DEBUG (which the test runner turns off):
# without collectstatic, WhiteNoise looks files up on each request instead of warning.
WHITENOISE_AUTOREFRESH = DEBUG

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "host_home"
LOGOUT_REDIRECT_URL = "home"

# A player's identity lives in the session: keep it for a long night and beyond.
SESSION_COOKIE_AGE = env_int("SESSION_COOKIE_AGE", 60 * 60 * 24 * 30)
# Closing the browser between hands must not lose the seat.
SESSION_EXPIRE_AT_BROWSER_CLOSE = False

# TLS switches: on when the site is reached over https (`make run`'s own certificate, a TLS proxy
# in front, or an https PUBLIC_URL or trusted origin); off with HTTPS=0, so that phones on a
# kitchen Wi-Fi reaching the laptop over plain http are not sent to an https that is not there.
BEHIND_PROXY = env_bool("BEHIND_PROXY", False)
# The peers (addresses or networks, comma-separated) whose X-Forwarded-For and X-Forwarded-Proto
# name the client and its scheme (homegame.proxies); from anyone else those headers are dropped.
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES", [])
# `make run`'s self-signed certificate (homegame.certificate), when it serves https itself; its
# fingerprint is shown on the clock screen. HTTPS_PORT: the port it serves https on, while the
# plain http port only sends each visitor there (homegame.https_port).
TLS_CERTIFICATE = env_str("TLS_CERTIFICATE", "")
HTTPS_PORT = env_int("HTTPS_PORT", 0) if TLS_CERTIFICATE else 0
HTTPS = env_bool(
    "HTTPS",
    bool(TLS_CERTIFICATE)
    or BEHIND_PROXY
    or any(url.startswith("https://") for url in [PUBLIC_URL, *CSRF_TRUSTED_ORIGINS]),
)
# With an https port of its own, the redirect changes the port too (homegame.https_port), which
# Django's own redirect cannot.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", HTTPS and not HTTPS_PORT)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", HTTPS)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", HTTPS)
# HSTS only with a certificate a browser trusts (a proxy's or a tunnel's): browsers ignore it on
# a self-signed one, and if one kept it, a phone could never again click past the warning
# when the laptop's certificate is made anew. Never preloaded: a host must be able to go
# back to plain http, or move the domain elsewhere, without stranding anyone's browser.
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000 if HTTPS and not TLS_CERTIFICATE else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", HTTPS)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
SECURE_PROXY_SSL_HEADER = (
    ("HTTP_X_FORWARDED_PROTO", "https") if BEHIND_PROXY and not TRUSTED_PROXIES else None
)
if PUBLIC_URL.startswith(("https://", "http://")) and urlsplit(PUBLIC_URL).hostname:
    # Forms posted from the public address (a tunnel's or a proxy's name) are this site's own,
    # whatever Host the tunnel hands on.
    _public = urlsplit(PUBLIC_URL)
    _public_origin = f"{_public.scheme}://{_public.netloc}"
    if _public_origin not in CSRF_TRUSTED_ORIGINS:
        CSRF_TRUSTED_ORIGINS = [*CSRF_TRUSTED_ORIGINS, _public_origin]
SILENCED_SYSTEM_CHECKS = [] if SECURE_HSTS_PRELOAD or not SECURE_HSTS_SECONDS else ["security.W021"]
if not HTTPS:
    # Served over plain http on the LAN, where there is no https to redirect to, to pin with
    # HSTS or to keep cookies to: these deployment checks do not apply.
    SILENCED_SYSTEM_CHECKS = ["security.W004", "security.W008", "security.W012", "security.W016"]
elif TLS_CERTIFICATE:
    # `make run`'s https: no HSTS on a self-signed certificate (above), and, with an https port
    # of its own, the redirect is homegame.https_port's.
    SILENCED_SYSTEM_CHECKS = ["security.W004", *(["security.W008"] if HTTPS_PORT else [])]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}
