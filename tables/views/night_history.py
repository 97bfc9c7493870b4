"""The whole night's hands for one viewer: a PHH file of every hand they may see, and their summary.

Who sees what is the table page's rule (`tables.consumers.identify`, as the per-hand history):
a seated player gets every finished hand of the night they were dealt in, and every hand at the
table they sit at now, each as they saw it; the host gets every hand of the night as the host
view shows it (no card nobody tabled); the public of an open night gets this table's hands. Every
hand goes through the engine's redaction (`engine.phh.redact`): a card this viewer never saw is
"??" in the file.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from engine.config import HandConfig
from engine.hand import Hand as EngineHand
from engine.phh import HandHistoryError
from engine.phh.format import dumps_all
from engine.phh.redact import history_for
from tables.consumers import Identity
from tables.identity import current_player
from tables.models import Player
from tables.models.live import Hand
from tables.views.table_page import allowed_identity, replayed_hand, viewer_in


def _night_rows(identity: Identity, table_id: int) -> Iterator[Hand]:
    """The finished hands this identity may see, in the order they were played."""
    rows = Hand.objects.filter(status=Hand.Status.FINISHED).exclude(seed="").select_related("table")
    if identity.player_id is None and not identity.is_host:
        rows = rows.filter(table_id=table_id)  # the public: this table's hands, as its page shows them
    else:
        rows = rows.filter(table__night_id=identity.night_id)
    player = str(identity.player_id) if identity.player_id is not None else None
    for row in rows.order_by("started_at", "table_id", "number"):
        # A player sees another table's hand only if they were dealt in to it.
        if player is None or row.table_id == table_id or _dealt_in(row, player):
            yield row


def _dealt_in(row: Hand, player: str) -> bool:
    return any(s.player == player for s in HandConfig.from_json(row.config).seats)


def _seat_of(hand: EngineHand, identity: Identity) -> int | None:
    viewer = viewer_in(hand, identity)
    return viewer if isinstance(viewer, int) else None


def _players_rows(player: Player) -> Iterator[Hand]:
    """Every finished hand of the player's night they were dealt in, at any table: theirs to
    download whether they still sit, cashed out, or the night is over."""
    rows = Hand.objects.filter(status=Hand.Status.FINISHED, table__night_id=player.night_id).exclude(seed="")
    for row in rows.select_related("table").order_by("started_at", "table_id", "number"):
        if _dealt_in(row, str(player.pk)):
            yield row


@never_cache
@require_GET
def night_phh(request: HttpRequest, table_id: int) -> HttpResponse:
    """Every hand of the night this viewer may see, as one PHH file (".phhs": a table per hand)."""
    identity = allowed_identity(request, table_id)
    return _phh_file(_night_rows(identity, table_id), identity)


@never_cache
@require_GET
def player_night_phh(request: HttpRequest) -> HttpResponse:
    """The guest's own whole night: every hand they were dealt in, as their seat saw it."""
    player = current_player(request)
    if player is None:
        raise Http404("You are not in a night.")
    identity = Identity(player.pk, False, player.night_id)
    return _phh_file(_players_rows(player), identity)


def _phh_file(rows: Iterable[Hand], identity: Identity) -> HttpResponse:
    histories: dict[str, dict] = {}
    skipped: list[str] = []
    for row in rows:
        hand = replayed_hand(row)
        name = f"table{row.table_id}_hand{row.number}"
        try:
            history = history_for(hand, viewer_in(hand, identity))
        except HandHistoryError as error:
            skipped.append(f"# {row.table.name}, hand {row.number}: no PHH form ({error})")
            continue
        histories[name] = {
            **history,
            "table": row.table_id,
            "hand": row.number,
            "_table_name": row.table.name,
        }
    header = [f"# {len(histories)} hands", *skipped]
    text = "\n".join(header) + "\n\n" + dumps_all(histories)
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="night-{identity.night_id}.phhs"'
    return response


@never_cache
@require_GET
def night_summary(request: HttpRequest, table_id: int) -> JsonResponse:
    """A seated player's own night: hands played, hands won (a share of any pot), net chips."""
    identity = allowed_identity(request, table_id)
    if identity.player_id is None:
        return JsonResponse({"summary": "", "hands_played": 0, "hands_won": 0, "net": 0})
    played = won = net = 0
    player = str(identity.player_id)
    for row in _night_rows(identity, table_id):
        if not _dealt_in(row, player):
            continue
        hand = replayed_hand(row)
        seat = _seat_of(hand, identity)
        if seat is None:
            continue
        s = hand.seat(seat)
        started = next(c.stack for c in hand.config.seats if c.seat == seat)
        played += 1
        won += s.won > 0
        net += s.stack - started
    sign = "+" if net > 0 else ""
    summary = f"Tonight: {played} hands played, {won} won, net {sign}{net} chips."
    return JsonResponse({"summary": summary, "hands_played": played, "hands_won": won, "net": net})
