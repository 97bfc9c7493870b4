"""The timer runner: fires due table timers (action clocks, next deals, the shuffle values'
deadline, a tournament's waits for the end of a break) in a loop, without serving any socket.

`make run` and docker-compose.yml start it beside the web server (tables.live.timers)."""

from __future__ import annotations

import asyncio
import contextlib

from django.core.management.base import BaseCommand, CommandParser

from tables.live import timers


class Command(BaseCommand):
    help = "Fire every table's due action clock and next deal, polling the database."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--once", action="store_true", help="fire what is due now, then exit")
        parser.add_argument("--poll", type=float, default=timers.POLL_SECONDS, help="seconds between polls")

    def handle(self, *args: object, once: bool = False, poll: float = 0.25, **options: object) -> None:
        if once:
            self.stdout.write(f"{timers.fire_due()} timer(s) fired")
            return
        if poll <= 0:
            self.stderr.write("--poll must be more than 0 seconds.")
            raise SystemExit(2)
        self.stdout.write(f"Table timers: firing what is due every {poll:g} s.")
        self.stdout.flush()
        # Ctrl-C ends the loop between two polls' writes at worst: every deadline is stored.
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(timers.run_forever(poll))
