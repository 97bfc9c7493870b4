"""The shuffle check: a night's hands once it is closed, and any seed or opening by hand.

docs/design.md, Shuffling: each deal publishes the server seed's commitment and the deck's Merkle
root; after a hand each viewer's view carries the openings of the cards it saw; the seeds,
which give the whole deck and so every folded hand, are revealed only when the night closes.
This page never shows a seed before that, nor a deck it was not given the seed of. A hand whose
deck would give a player a card the rules keep from them for good (a card taken in Crazy Blind
Man: `engine.views.why_seeds_stay_secret`) keeps its seeds even then: its entry says why, and
checks instead the openings of the cards this reader saw in it against its root.

Each hand's commitment is also held to the one the server recorded at its cut-off and to the
ones the phones' values answered (`tables.services.hands.deal_commitments`), and the page hands
the phone that opens it what was published (`phone_check`), for its own record to be checked
against on the phone (static/js/verify-record.js).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from engine.games import GAMES
from engine.hand import Hand as EngineHand
from engine.live.fairness import openings_of_shown, pledge_of
from engine.shuffle import DeckCommitment, check_opening, verify
from engine.views import seeds_always_revealed
from tables.consumers import Identity
from tables.forms import whole_number
from tables.live import hand_deck_seed
from tables.models import Night, Table
from tables.models.live import Hand
from tables.services.hands import deck_rulings
from tables.services.hands.deal_commitments import commitment_checks, recorded_at_cut_off
from tables.services.hands.published_deals import deals_published, seats_published
from tables.services.hands.revealed_seeds import kept_secret_because
from tables.services.hosting import verify_links
from tables.views.history_access import history_reader
from tables.views.table_page import replay_steps

# A seed, a contribution, a commitment and a deck root are each 32 bytes written in lowercase hex.
SEED_HEX = re.compile(r"[0-9a-f]{64}")
ROOT_ERROR = "A deck root is 64 hexadecimal digits."


def _hex_field(query: Any, name: str) -> str | None:
    """The field `name` of the query, trimmed and lowercased, or None when it is not 64 hex digits
    (any other text, non-ASCII included, goes no further: the comparisons take ASCII only)."""
    value = query.get(name, "").strip().lower()
    return value if SEED_HEX.fullmatch(value) else None


def _reader_of(request: HttpRequest, table_id: str) -> tuple[Night, Identity] | None:
    """The night of `?table=` and who reads it, for someone who may see that table (as its
    history)."""
    if not table_id:
        return None
    try:
        table = Table.objects.select_related("night").get(pk=whole_number(table_id))
    except Table.DoesNotExist:
        raise Http404("No such table for you.") from None
    identity = history_reader(request, table)
    if identity is None:
        raise Http404("No such table for you.")
    return table.night, identity


def _openings_seen(row: Hand, hand: EngineHand, steps: list[dict[str, Any]]) -> dict[str, Any]:
    """For a hand whose deck stays secret: the cards this reader saw in it (`steps`, their views
    of the replayed `hand`), each opened and checked against the root, and the command that
    checks them all again."""
    if not row.deck_root:  # a hand stored before roots were published: nothing to open against
        return {"openings": [], "opening_command": ""}
    deck = DeckCommitment(hand_deck_seed(row), hand.deck)
    openings = openings_of_shown(deck, steps)
    command = f"python -m engine.shuffle verify --root {row.deck_root}"
    command += "".join(f" --opening '{json.dumps(opening, separators=(',', ':'))}'" for opening in openings)
    checked = [
        {"card": o["card"], "position": o["position"], "matches": check_opening(row.deck_root, o)}
        for o in openings
    ]
    return {"openings": checked, "opening_command": command if openings else ""}


def _night_hands(night: Night, identity: Identity) -> list[dict[str, Any]]:
    """Every finished hand of the night: what was published, and, once the night is closed,
    its seeds and whether they give exactly what was published (or, for a hand whose deck
    stays secret, why, and the openings of what this reader saw)."""
    closed = night.status == Night.Status.CLOSED
    rows = Hand.objects.filter(table__night=night, status=Hand.Status.FINISHED).select_related("table")
    rows = list(rows.order_by("table__name", "number"))
    deals = deals_published(rows)
    recorded = recorded_at_cut_off(rows)
    hands = []
    for row in rows:
        published = deals.get(row.pk, {})
        entry: dict[str, Any] = {
            "table": row.table.name,
            "table_id": row.table_id,
            "number": row.number,
            "commitment": row.commitment,
            "deck_root": row.deck_root,
            "contributions": row.contributions,
            "published": seats_published(row, published),
            **_values_against_pledges(row, published),
            **commitment_checks(row, published, recorded.get((row.table_id, row.number))),
        }
        # Only a game that may keep a card for good needs its hands replayed to ask.
        replay = replay_steps(row, identity) if closed and not seeds_always_revealed(row.game) else None
        secret = kept_secret_because(row, replay[0]) if replay else None
        if replay and secret is not None:
            entry.update(secret=secret, **_openings_seen(row, *replay))
        elif closed and row.seed:
            game = GAMES.get(row.game)
            short = bool(game and game.short_deck)
            values = list(row.contributions.values())
            matches, _ = verify(row.seed, row.commitment, short, values, row.deck_root or None)
            command = f"python -m engine.shuffle verify {row.seed} {row.commitment}"
            command += "".join(f" --contribution {value}" for value in values)
            command += f" --root {row.deck_root}" if row.deck_root else ""
            command += " --short-deck" if short else ""
            entry.update(seed=row.seed, short_deck=short, matches=matches, command=command)
        hands.append(entry)
    return hands


# What the phone's own record is checked against (static/js/verify-record.js): what was
# published of each hand, and the seed once this page reveals it.
PHONE_CHECK_FIELDS = ("table_id", "number", "commitment", "deck_root", "contributions", "seed", "short_deck")


def phone_check(hands: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{name: hand.get(name) for name in PHONE_CHECK_FIELDS} for hand in hands]


def _values_against_pledges(row: Hand, published: dict[str, Any]) -> dict[str, Any]:
    """Each phone's value against the pledge it made before the cut-off (docs/shuffle.md), and the
    seats whose value never came (dealt a dead hand). Nothing for a hand dealt before pledges."""
    pledges = published.get("pledges")
    if not pledges:
        return {}
    matched = all(pledges.get(seat) == pledge_of(value) for seat, value in row.contributions.items())
    return {
        "pledges": pledges,
        "values_match_pledges": matched and set(row.contributions) <= set(pledges),
        "no_value": published.get("no_value") or [],
    }


def _seed_check(query: Any) -> dict[str, Any] | None:
    seed = query.get("seed", "").strip().lower()
    if not seed:
        return None
    if not SEED_HEX.fullmatch(seed):
        return {"error": "A seed is 64 hexadecimal digits."}
    values = [v.strip().lower() for v in query.getlist("contribution") if v.strip()]
    if any(not SEED_HEX.fullmatch(v) for v in values):
        return {"error": "A phone's contribution is 64 hexadecimal digits."}
    commitment = _hex_field(query, "commitment")
    if commitment is None:
        return {"error": "A commitment is 64 hexadecimal digits."}
    root = _hex_field(query, "root")
    if query.get("root", "").strip() and root is None:
        return {"error": ROOT_ERROR}
    matches, deck = verify(seed, commitment, query.get("short_deck") == "1", values, root)
    return {"matches": matches, "deck": " ".join(str(c) for c in deck), "with_root": bool(root)}


def _opening_check(query: Any) -> dict[str, Any] | None:
    text = query.get("opening", "").strip()
    if not text:
        return None
    try:
        proof = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: brackets nested deeper than any opening
        return {"error": "An opening is the JSON the table gave you."}
    if not isinstance(proof, dict):
        return {"error": "An opening is the JSON the table gave you."}
    root = _hex_field(query, "root")
    if root is None:
        return {"error": ROOT_ERROR}
    return {"matches": check_opening(root, proof), "card": str(proof.get("card", ""))}


@require_GET
def verify_shuffle(request: HttpRequest) -> HttpResponse:
    """How to check the shuffle: a night's hands (seeds once it is closed), a seed, an opening."""
    return _verify_page(request, _reader_of(request, request.GET.get("table", "")))


@never_cache
@require_GET
def verify_night_link(request: HttpRequest, token: str) -> HttpResponse:
    """The closed night's public verify link (`verify_links`): its hands, read as the public."""
    night = verify_links.night_of_link(token)
    if night is None:
        raise Http404("No such night to check.")
    return _verify_page(request, (night, Identity(None, False, night.pk)))


def _verify_page(request: HttpRequest, reader: tuple[Night, Identity] | None) -> HttpResponse:
    night = reader[0] if reader else None
    hands = _night_hands(*reader) if reader else []
    doc = Path(settings.BASE_DIR) / "docs" / "shuffle.md"
    context = {
        "night": night,
        "night_closed": bool(night and night.status == Night.Status.CLOSED),
        "hands": hands,
        "phone_check": phone_check(hands),
        "commitment_problems": sum(
            1 for hand in hands if hand.get("commitment_as_recorded") is False or hand.get("answered_other")
        ),
        "kept_secret": sum(1 for hand in hands if "secret" in hand),
        # Misdeals, exposed cards and values held back, and every voided deck (revealed with the night).
        "deck_rulings": deck_rulings.night_record(night) if night else None,
        "query": request.GET,
        "contributions": request.GET.getlist("contribution"),
        "check": _seed_check(request.GET),
        "opening_check": _opening_check(request.GET),
        "algorithm": doc.read_text(encoding="utf-8") if doc.exists() else "",
    }
    return render(request, "tables/table_verify.html", context)
