"""The night's recap: a page for each closed night, for the players of that night (and its host).

Who may open it: the night's host and co-hosts, a guest of that night (also from a phone that
has joined another night since: `identity.earlier_players`), and a guest the host recognised as
someone who played it (`people.played_in`). The link can be passed around
among them; anyone else is refused. What it shows is the public's view of every hand: cards
that were tabled, never a folded or mucked hand, not even the reader's own (a recap is shared).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from engine.cards import card_text, is_red
from tables.access import can_host
from tables.consumers import Identity
from tables.identity import current_player, earlier_players
from tables.models import Night
from tables.models.live import Hand
from tables.services.ledger.night_results import HandResult, NightResults, night_results
from tables.services.ledger.settle_up import format_minor
from tables.services.seating import people
from tables.services.tournament import tournament_results
from tables.views.charts import Line, line_chart
from tables.views.settle_up_phone import phone_context
from tables.views.table_page import replay_steps

BIGGEST_POTS = 5


def _get_night_for_reader(request: HttpRequest, night_id: int) -> Night:
    night = get_object_or_404(Night, pk=night_id)
    if can_host(request.user, night):
        return night
    if night.is_open:
        raise Http404("The recap opens when the night is closed.")
    # The guest this phone is, or one it was on an earlier night before joining another.
    readers = [current_player(request), *earlier_players(request)]
    if not any(people.played_in(reader, [night.pk]) for reader in readers):
        raise PermissionDenied("Only the players of this night can read its recap.")
    return night


def _stack_charts(results: NightResults) -> list[dict[str, Any]]:
    """One chart per table: each player's stack after every hand they were dealt in."""
    by_table: dict[int, list[HandResult]] = {}
    for hand in results.hands:
        by_table.setdefault(hand.table_id, []).append(hand)
    charts = []
    for hands in by_table.values():
        lines: dict[int, list[tuple[float, float]]] = {}
        for hand in hands:
            for player_id, start in hand.before.items():
                points = lines.setdefault(player_id, [(hand.number - 1, start)])
                points.append((hand.number, hand.after.get(player_id, 0)))
        names = {pk: row.name for pk, row in results.players.items()}
        drawn = [
            Line(names.get(pk, "?"), points)
            for pk, points in sorted(lines.items(), key=lambda i: names.get(i[0], ""))
        ]
        title = f"{hands[0].table_name}: stacks hand by hand"
        charts.append(
            {
                "table": hands[0].table_name,
                "svg": line_chart(drawn, x_label="Hand", y_label="Chips", title=title, from_zero=False),
            }
        )
    return charts


def _money(amount: int | None, currency: str) -> str:
    return "" if amount is None else format_minor(amount, currency)


@require_GET
def night_recap(request: HttpRequest, night_id: int) -> HttpResponse:
    night = _get_night_for_reader(request, night_id)
    results = night_results(night)
    names = {pk: row.name for pk, row in results.players.items()}
    pots = sorted(results.hands, key=lambda h: (-h.pot, h.started_at))[:BIGGEST_POTS]
    players = sorted(
        results.players.values(), key=lambda r: (-(r.money_net or 0), -r.net_chips, r.name.lower())
    )
    context = {
        "night": night,
        "charts": _stack_charts(results),
        "players": [
            {"row": row, "money": _money(row.money_net, night.currency)}
            for row in players
            if row.hands_played or row.money_net or row.finishes
        ],
        "pots": [
            {"hand": hand, "winners": ", ".join(names.get(pk, "?") for pk in hand.won)} for hand in pots
        ],
        "tournaments": [
            {"tournament": t, "results": tournament_results.results(t)}
            for t in night.tournaments.filter(status="finished")
        ],
        "transfers": [
            {"transfer": t, "amount": format_minor(t.amount, night.currency)}
            for t in (results.settlement.transfers if results.settlement else [])
        ],
        "refusal": results.refusal,
        "is_host": can_host(request.user, night),
        **phone_context(request, night),
    }
    return render(request, "tables/seasons/recap.html", context)


@require_GET
def recap_hand(request: HttpRequest, night_id: int, table_id: int, number: int) -> HttpResponse:
    """One hand of the recap, step by step, as the public saw it (the table page's replay)."""
    night = _get_night_for_reader(request, night_id)
    row = get_object_or_404(
        Hand.objects.select_related("table"),
        table_id=table_id,
        table__night=night,
        number=number,
        status=Hand.Status.FINISHED,
    )
    if not row.seed:
        raise Http404("That hand is not finished.")
    _, views = replay_steps(row, Identity(None, False, night.pk))  # the public's view: shown cards only
    steps = [_step(view) for view in views]
    context = {"night": night, "row": row, "steps": steps, "last": len(steps) - 1}
    return render(request, "tables/seasons/recap_hand.html", context)


def _card(text: str) -> dict[str, str]:
    shown = card_text(text)
    return {"rank": shown[:-1], "suit": shown[-1], "colour": "red" if is_red(text) else "black", "text": text}


def halves_sentence(results: list[dict[str, Any]], names: dict[int, str]) -> str:
    """A hi-lo hand's pots, half by half: "Ann wins the high, 45; Ben the low with 8-6-4-3-A, 45"
    (a high that took a pot with no low: "the whole pot, no low"). From the public results only."""
    parts = []
    for number, result in enumerate(results):
        winners = [names.get(w["seat"], f"Seat {w['seat']}") for w in result.get("winners") or ()]
        verb = "" if number else ("wins " if len(winners) == 1 else "win ")
        what = "the whole pot, no low" if result.get("scoop") else f"the {result.get('half')}"
        pot = f" of side pot {result['pot']}" if result.get("pot") else ""
        board = f" on board {result['board'] + 1}" if isinstance(result.get("board"), int) else ""
        how = f" with {result['hand']}" if result.get("half") == "low" and result.get("hand") else ""
        parts.append(f"{' and '.join(winners)} {verb}{what}{pot}{board}{how}, {result['amount']}")
    return "; ".join(parts)


def _said(view: dict[str, Any]) -> str:
    event = view.get("event") or {}
    names = {s["seat"]: s["name"] for s in view["seats"]}
    results = view.get("results") or []
    if event.get("type") == "pots_awarded" and any(result.get("half") for result in results):
        return halves_sentence(results, names)
    who = names.get(event.get("seat"), "")
    kind = str(event.get("type", "")).replace("_", " ")
    amount = event.get("amount") or event.get("to")
    return " ".join(part for part in (who, kind, str(amount) if amount else "") if part)


def _step(view: dict[str, Any]) -> dict[str, Any]:
    """What one step of the replay draws: the boards, each seat's chips and any tabled cards."""
    return {
        "said": _said(view),
        "street": view.get("street") or "",
        "pot": view["pot"] + view.get("bets_total", 0),
        "boards": [[_card(c) for c in board] for board in view["boards"]],
        "seats": [
            {
                "name": s["name"],
                "stack": s["stack"],
                "committed": s["committed"],
                "status": s["status"],
                "cards": [_card(c) for c in s["cards"]] if s["cards"] else [],
                "won": s["won"],
            }
            for s in view["seats"]
        ],
    }
