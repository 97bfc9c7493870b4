"""The night through the host pages, its tournament: set up, entered, drawn and started on its
pages, then late entries, busts (several at once), rebuys and add-ons, the last bust undone, the
clock and the seating page (see test_night_through_the_host_pages.py, whose machine mixes these
in, and its module docstring for what each POST must keep).
"""

from __future__ import annotations

import json
from typing import Any

from django.test import Client
from django.urls import reverse
from hypothesis import strategies as st
from hypothesis.stateful import initialize, precondition, rule

from tables.models import Night, Player, Seat, Table
from tables.models.tournaments import Tournament
from tables.tests.conftest import join_from_phone
from tables.tests.host_action_lines import form_data
from tables.tests.host_pages_night import SEATS, Outcome

ENTRANTS = 7  # two tables of six: the draw seats everyone, one bust later the final table
STARTING_STACK = 300
REBUY_STACK = 300
ADD_ON_STACK = 200


class TournamentFromTheHostPages:
    """Mixed into the night's machine, which has the host's client and POST (HostPosts), the
    tournament's night and tables, the guests' phones and another host's player."""

    client: Client
    tour_night: Night
    tour_tables: list[Table]
    tournament: Tournament | None
    stacks: dict[str, int]
    phones: dict[int, Client]
    strangers_player: Player

    @initialize(
        seat_by_hand=st.booleans(),
        first_stack=st.sampled_from([STARTING_STACK, 200, 500]),
    )
    def host_sets_up_the_tournament(self, seat_by_hand: bool, first_stack: int) -> None:
        """Created, set up, entered, drawn and started on its pages."""
        night = self.tour_night
        data = {"name": "Main event", "template_key": "home-2h", "buy_in": "20"}
        self.host_post(reverse("tournament_create", args=[night.pk]), data)
        self.tournament = Tournament.objects.get(night=night)
        edit = reverse("tournament_edit", args=[self.tournament.pk])
        page = self.client.get(edit)
        rows = page.context["rows"]
        setup = form_data(page.context["form"], rows.management_form, *rows.forms)
        setup |= {
            "starting_stack": str(first_stack),
            "max_rebuys": "1",
            "rebuy_until_level": "1",
            "rebuy_price": "20",
            "rebuy_stack": str(REBUY_STACK),
            "add_on": "on",
            "add_on_price": "10",
            "add_on_stack": str(ADD_ON_STACK),
            "payouts": "60, 40",
        }
        outcome = self.host_post(edit, setup)
        assert not outcome.refused, outcome.errors
        self.stacks["starting_stack"] = first_stack
        players = [self._tournament_guest(f"E{i}") for i in range(ENTRANTS)]
        self._register(players)
        # The host ticks the tournament's two tables; the Start deals at both (played on by
        # `players_finish_every_hand`).
        ticked = {f"table_{t.pk}": "on" for t in self.tour_tables} | {
            f"seats_{t.pk}": str(SEATS) for t in self.tour_tables
        }
        outcome = self.host_post(reverse("tournament_draw", args=[self.tournament.pk]), ticked)
        assert not outcome.refused, outcome.errors
        outcome = self.host_post(reverse("tournament_clock", args=[self.tournament.pk, "start"]), {})
        assert not outcome.refused, outcome.errors
        late = self._tournament_guest("Late")
        self._register([late])
        if seat_by_hand:
            table = self.tour_tables[1]
            free = [n for n in range(1, SEATS + 1) if not Seat.objects.filter(table=table, number=n).exists()]
            url = reverse("host_player_action", args=[night.pk, late.pk, "move"])
            self.host_post(url, {"table": str(table.pk), "seat": str(free[0]), "why": ""})

    def _tournament_guest(self, name: str) -> Player:
        self.phones[0] = join_from_phone(self.tour_night, name)
        return Player.objects.get(night=self.tour_night, display_name=name)

    def _register(self, players: list[Player], extra: list[str] = []) -> Outcome:  # noqa: B006
        assert self.tournament is not None
        ids = [str(player.pk) for player in players] + extra
        return self.host_post(reverse("tournament_register", args=[self.tournament.pk]), {"player": ids})

    def _entries(self) -> list[Any]:
        assert self.tournament is not None
        return list(self.tournament.entries.select_related("player").order_by("pk"))

    @precondition(lambda self: self.tournament is not None and len(self._entries()) < ENTRANTS + 4)
    @rule(junk=st.sampled_from([[], ["stranger"], ["x"], ["again"]]))
    def host_enters_a_late_player(self, junk: list[str]) -> None:
        assert self.tournament is not None
        late = self._tournament_guest(f"Late{len(self._entries())}")
        extra = [
            {"stranger": str(self.strangers_player.pk), "x": "x", "again": str(self._entries()[0].player_id)}[
                j
            ]
            for j in junk
        ]
        outcome = self._register([late], extra)
        if junk == ["stranger"]:
            assert (
                outcome.refused or not self.tournament.entries.filter(player=self.strangers_player).exists()
            )

    @precondition(lambda self: self.tournament is not None)
    @rule(
        whos=st.lists(st.integers(0, 12), min_size=0, max_size=3, unique=True),
        chips=st.lists(
            st.integers(1, 900).map(str) | st.sampled_from(["", "lots", "-4"]), min_size=3, max_size=3
        ),
    )
    def host_records_who_is_out(self, whos: list[int], chips: list[str]) -> None:
        """ "Record who is out": one player, or several out in one hand with their chips."""
        assert self.tournament is not None
        entries = self._entries()
        chosen = list(dict.fromkeys(entries[who % len(entries)].pk for who in whos))
        data: dict[str, Any] = {"entry": [str(pk) for pk in chosen]}
        data |= {f"chips_{pk}": typed for pk, typed in zip(chosen, chips, strict=False)}
        outcome = self.host_post(
            reverse("tournament_busts", args=[self.tournament.pk]), data, lines=len(chosen)
        )
        if not chosen:
            assert outcome.refused

    @precondition(lambda self: self.tournament is not None)
    @rule(who=st.integers(0, 12), add_on=st.booleans())
    def host_records_a_rebuy_or_add_on(self, who: int, add_on: bool) -> None:
        assert self.tournament is not None
        entries = self._entries()
        entry = entries[who % len(entries)]
        name = "tournament_add_on" if add_on else "tournament_rebuy"
        self.host_post(reverse(name, args=[self.tournament.pk, entry.pk]), {})

    @precondition(lambda self: self.tournament is not None)
    @rule(why=st.sampled_from(["", "wrong player"]))
    def host_undoes_the_last_bust(self, why: str) -> None:
        assert self.tournament is not None
        outcome = self.host_post(reverse("tournament_undo_bust", args=[self.tournament.pk]), {"why": why})
        if not why:
            assert outcome.refused

    @precondition(lambda self: self.tournament is not None)
    @rule(
        button=st.sampled_from(["next", "next", "pause", "resume", "previous", "add-minute", "rewind"]),
        confirmed=st.booleans(),
    )
    def host_runs_the_clock(self, button: str, confirmed: bool) -> None:
        assert self.tournament is not None
        url = reverse("tournament_clock", args=[self.tournament.pk, button])
        outcome = self.host_post(url, {"confirmed": "1"} if confirmed else {})
        if button == "rewind":
            assert outcome.refused

    @precondition(lambda self: self.tournament is not None)
    @rule(action=st.sampled_from(["again", "again-no-reason", "confirm", "confirm-one", "undo", "junk"]))
    def host_works_the_seating(self, action: str) -> None:
        """The seating page: draw the moves again, confirm them (all, or one), undo the last."""
        assert self.tournament is not None
        pk = self.tournament.pk
        if action.startswith("again"):
            why = "" if action == "again-no-reason" else "seen by a player"
            outcome = self.host_post(reverse("tournament_draw_again", args=[pk]), {"why": why})
            if not why:
                assert outcome.refused
        elif action.startswith("confirm") or action == "junk":
            page = self.client.get(reverse("tournament_seating", args=[pk]))
            moves = [] if action == "junk" else [m for _, _, m in page.context["moves"]]
            if action == "confirm":
                moves = [page.context["all_moves"]] if page.context["moves"] else []
            if not moves and action != "junk":
                return
            posted = "[{]" if action == "junk" else moves[0]
            lines = 0 if action == "junk" else len(json.loads(posted))
            outcome = self.host_post(reverse("tournament_moves", args=[pk]), {"moves": posted}, lines=lines)
            if action == "junk":
                assert outcome.refused
        else:
            self.host_post(reverse("tournament_undo_moves", args=[pk]), {"why": "wrong redraw"})

    @precondition(lambda self: self.tournament is not None)
    @rule(who=st.integers(0, 12), table=st.integers(0, 1), seat=st.integers(1, SEATS))
    def host_seats_an_entrant_by_hand(self, who: int, table: int, seat: int) -> None:
        entries = self._entries()
        player = entries[who % len(entries)].player
        url = reverse("host_player_action", args=[self.tour_night.pk, player.pk, "move"])
        self.host_post(url, {"table": str(self.tour_tables[table].pk), "seat": str(seat), "why": ""})
