"""The live table page (players, the host, spectators), its hand history and the shuffle check.

The page itself is a shell: everything on it arrives over the table websocket
(docs/protocol.md). The hand history endpoints replay finished hands through the engine
and show each step as the engine's view for this viewer, so a history never shows more
than the table did: your own cards, and hands that were tabled.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseForbidden, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from engine import views as engine_views
from engine.games import GAMES
from engine.hand import Hand as EngineHand
from engine.phh import HandHistoryError
from engine.phh.redact import phh_for_viewer
from tables.consumers import Identity, identify
from tables.identity import current_player
from tables.models import Seat, Table
from tables.models.live import Hand
from tables.services.hands.hand_replay import hand_writes, new_hand, replayed_hand
from tables.services.hands.published_deals import deals_published
from tables.services.hands.revealed_seeds import revealed_seed
from tables.services.hosting import hosting
from tables.views.history_access import history_reader
from tables.views.links import socket_path

HISTORY_HANDS = 20


def _identity(request: HttpRequest, table_id: int) -> Identity | None:
    """Who the browser is at this table, by the same rule as the table websocket."""
    return identify({"user": request.user, "session": request.session}, table_id)


def _page(request: HttpRequest, table: Table, identity: Identity) -> HttpResponse:
    context = {
        "table": table,
        "now_dealing": hosting.now_dealing(table),
        "night": table.night,
        "player_id": str(identity.player_id) if identity.player_id is not None else "",
        "role": "player" if identity.player_id is not None else ("host" if identity.is_host else "public"),
        "socket_path": socket_path(table.pk),
        "hands_url": reverse("table_hands", args=[table.pk]),
        "verify_url": reverse("verify_shuffle"),
        # The night's hands: what each deal published, every hand checked once the night closes.
        "night_verify_url": f"{reverse('verify_shuffle')}?table={table.pk}",
        "night_history_url": reverse("table_night_phh", args=[table.pk]),
        "night_summary_url": reverse("table_night_summary", args=[table.pk]),
    }
    return render(request, "tables/table.html", context)


@require_GET
def player_table(request: HttpRequest) -> HttpResponse:
    """The seated player's table (their seat decides which); anyone else goes back to /play/."""
    player = current_player(request)
    seat = Seat.objects.select_related("table__night").filter(player=player).first() if player else None
    if seat is None:
        return redirect("play")
    identity = _identity(request, seat.table_id)
    if identity is None:
        return redirect("play")
    return _page(request, seat.table, identity)


@require_GET
def table_page(request: HttpRequest, table_id: int) -> HttpResponse:
    """A table for whoever may watch it: its seated players, the host, the public of an open night."""
    table = get_object_or_404(Table.objects.select_related("night"), pk=table_id)
    identity = _identity(request, table.pk)
    if identity is None:
        return HttpResponseForbidden("You cannot watch this table.")
    return _page(request, table, identity)


# Hand history -----------------------------------------------------------------------------------


def viewer_in(hand: EngineHand, identity: Identity) -> engine_views.Viewer:
    """The seat this player had in that hand (seats change between hands), else host or public."""
    if identity.player_id is not None:
        for s in hand.seats:
            if s.player == str(identity.player_id):
                return s.seat
    return engine_views.HOST if identity.is_host else engine_views.PUBLIC


# The fields of an event a replay may name. Cards never: hole cards, burns and a Crazy Blind
# Man removal carry them, and what a viewer may see of cards is the view's business.
EVENT_FIELDS = ("type", "seat", "amount", "to", "street", "target")


def _public_event(data: dict[str, Any]) -> dict[str, Any]:
    return {key: data[key] for key in EVENT_FIELDS if key in data}


def replay_steps(row: Hand, identity: Identity) -> tuple[EngineHand, list[dict[str, Any]]]:
    """The finished hand, and its views for this viewer after each event, in order.

    Several events of one write (a deal and the dealer's kill of a hand dealt dead) were never
    seen apart at the table: a step inside a write that shows a card the table's frame after
    that write did not show is left out, so a history never shows more than the live views."""
    hand = new_hand(row)
    steps: list[dict[str, Any]] = []
    for write in hand_writes(row):
        within: list[dict[str, Any]] = []
        for event in write:
            hand.apply(event)
            if event.type in ("posts", "burn", "round_started"):
                continue  # nothing a player would step through
            step = engine_views.view(hand, viewer_in(hand, identity))
            step["legal_actions"] = None
            step["event"] = _public_event(event.to_json())
            within.append(step)
        framed = engine_views.shown_cards(engine_views.view(hand, viewer_in(hand, identity)))
        steps += [step for step in within if engine_views.shown_cards(step) <= framed]
    return hand, steps


def _finished_hand(table_id: int, number: int) -> Hand:
    row = Hand.objects.filter(table_id=table_id, number=number, status=Hand.Status.FINISHED).first()
    if row is None or not row.seed:
        raise Http404("That hand is not finished, or never was.")
    return row


def allowed_identity(request: HttpRequest, table_id: int) -> Identity:
    """Who reads this table's finished hands (`history_access.history_reader`), else 404."""
    table = Table.objects.select_related("night").filter(pk=table_id).first()
    identity = history_reader(request, table) if table is not None else None
    if identity is None:
        raise Http404("No such table for you.")
    return identity


@never_cache
@require_GET
def table_hands(request: HttpRequest, table_id: int) -> JsonResponse:
    """The last finished hands at this table: number, game, commitment, deck root, each seat's
    pledge and value as the deal published them, and the seed once the night is closed (never a
    seed the engine keeps secret for good)."""
    allowed_identity(request, table_id)
    table = get_object_or_404(Table.objects.select_related("night"), pk=table_id)
    finished = Hand.objects.filter(table_id=table_id, status=Hand.Status.FINISHED)
    rows = list(finished.order_by("-number")[:HISTORY_HANDS])
    deals = deals_published(rows)
    hands = [
        {
            "number": row.number,
            "game": row.game,
            "game_name": GAMES[row.game].name if row.game in GAMES else row.game,
            "finished_at": row.finished_at.isoformat() if row.finished_at else None,
            "commitment": row.commitment,
            "deck_root": row.deck_root,
            "contributions": row.contributions,
            "pledges": deals.get(row.pk, {}).get("pledges") or {},
            "seed": revealed_seed(row, table.night),
            "url": reverse("table_hand", args=[table_id, row.number]),
            "phh_url": reverse("table_hand_phh", args=[table_id, row.number]),
        }
        for row in rows
    ]
    return JsonResponse({"hands": hands})


@never_cache
@require_GET
def table_hand(request: HttpRequest, table_id: int, number: int) -> JsonResponse:
    """One finished hand as a step-through replay of this viewer's views."""
    identity = allowed_identity(request, table_id)
    row = _finished_hand(table_id, number)
    hand, steps = replay_steps(row, identity)
    return JsonResponse(
        {
            "number": row.number,
            "game": row.game,
            "commitment": row.commitment,
            "deck_root": row.deck_root,
            "seed": revealed_seed(row, row.table.night, hand),
            "steps": steps,
        }
    )


@never_cache
@require_GET
def table_hand_phh(request: HttpRequest, table_id: int, number: int) -> HttpResponse:
    """One finished hand as a PHH file (cards this viewer never saw are unknown: "??")."""
    identity = allowed_identity(request, table_id)
    row = _finished_hand(table_id, number)
    hand = replayed_hand(row)
    try:
        text = phh_for_viewer(hand, viewer_in(hand, identity))
    except HandHistoryError as error:
        return HttpResponse(f"This hand has no PHH form: {error}", status=404, content_type="text/plain")
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="table-{table_id}-hand-{number}.phh"'
    return response
