from typing import Any

from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "tables"
    verbose_name = "Nights and tables"

    def ready(self) -> None:
        from django.conf import settings
        from django.db.backends.signals import connection_created

        from homegame.private_files import keep_sqlite_private, sqlite_file

        # Before any connection opens (Django opens them lazily): a missing SQLite file is made
        # owner-only here rather than by SQLite, which would make it readable by every account.
        for database in settings.DATABASES.values():
            path = sqlite_file(database)
            if path is not None:
                keep_sqlite_private(path)
        connection_created.connect(_keep_sqlite_private, dispatch_uid="tables.keep_sqlite_private")
        # What each change to a table means for the night, run by the write path.
        from tables.live import consequences
        from tables.services.consequences import AFTER_EVENT, BEFORE_INTENT

        consequences.install(AFTER_EVENT, BEFORE_INTENT)
        # The timers' loop notes that this server runs the tournament clocks (loaded now: the
        # module keeps when this process started).
        from tables.live import timers
        from tables.services.tournament import tournament_clock_gaps

        timers.install((tournament_clock_gaps.beat,))


def _keep_sqlite_private(sender: Any, connection: Any, **kwargs: Any) -> None:
    """Each SQLite file a connection opens, and its journal files, stay owner-only: the database
    holds every table's deck seed (homegame.private_files)."""
    from homegame.private_files import keep_sqlite_private, sqlite_file

    path = sqlite_file(connection.settings_dict)
    if path is not None:
        keep_sqlite_private(path)
