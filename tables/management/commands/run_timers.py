"""Fire due table timers (action clocks, next deals) in a loop, without serving any socket."""

from __future__ import annotations

import asyncio

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
        asyncio.run(timers.run_forever(poll))
