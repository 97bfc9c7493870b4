"""Live tables over real websockets: latency from an action to every seat's new view.

    python benchmarks/realtime.py [--tables 1] [--seats 6] [--seconds 10]
    python benchmarks/realtime.py --tables 20 --seconds 20

Starts Daphne on 127.0.0.1 (Redis as the channel layer when REDIS_URL is set; the
database is a fresh SQLite file unless DATABASE_URL is set), seats bots at N tables and
lets them play as fast as they can: the player to act sends an action, and the clock
stops when every seat at that table has received the view with the new version. Prints
p50/p95/p99 of that latency, actions per second, database queries per action (counted
in this process on the same write path and views), and Daphne's memory, next to a raw
websocket echo round trip through the same server in the same run.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import pstats
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import websockets

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DAPHNE = Path(sys.executable).with_name("daphne")
ECHOES = 500
# The server closes a socket that sends more than 20 messages a second sustained (a bucket of
# 40: tables/consumers.py). A bot heads-up at a fast table would pass that, so each bot keeps
# just under it; the pause comes before the clock starts, so it never counts as latency.
MESSAGES_PER_SECOND = 19.0

SETUP = """
import datetime, json, sys
from decimal import Decimal
from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore
from django.test import Client
from tables.identity import SESSION_KEY
from tables.live import apply_intent
from tables.services.hosting import hosting
from tables.services.seating import joining, seating

tables_wanted, seats = int(sys.argv[1]), int(sys.argv[2])
host = User.objects.create_superuser(username="bench-" + sys.argv[3], password="a-long-host-password")
night = hosting.create_night(host, name="Bench", date=datetime.date(2026, 11, 27), currency="EUR",
                             chip_value=Decimal("0.1"), require_approval=False)
client = Client()
client.force_login(host)
out = {"host": "sessionid=" + client.cookies["sessionid"].value, "tables": []}
for t in range(tables_wanted):
    table = hosting.create_table(
        night, name=f"T{t}", game="nlhe", max_seats=max(seats, 2), small_blind=1, big_blind=2
    )
    cookies = []
    for n in range(1, seats + 1):
        player = joining.join_night(night, f"b{t}-{n}")
        seating.move_player(player, table, n)
        session = SessionStore()
        session[SESSION_KEY] = player.session_token
        session.create()
        cookies.append("sessionid=" + session.session_key)
    apply_intent(table.pk, "host", {"type": "options", "action_seconds": 0, "auto_deal": False})
    out["tables"].append({"id": table.pk, "players": cookies})
print(json.dumps(out))
"""


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def spread(seconds: list[float]) -> str:
    ms = [x * 1000 for x in seconds]
    p50, p95, p99 = (percentile(ms, p) for p in (50, 95, 99))
    return f"p50 {p50:6.2f} ms   p95 {p95:6.2f} ms   p99 {p99:6.2f} ms   (n={len(ms)})"


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used: a figure that other load on the machine
    disturbs far less than latency does."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def services_cpu() -> dict[str, float]:
    """CPU used so far by the database and Redis, when this run uses them and they run on this
    machine (all their processes), so that a run shows where its cores went besides Daphne."""
    services: dict[str, str] = {}
    if os.environ.get("DATABASE_URL", "").startswith("postgres"):
        services["postgres"] = "PostgreSQL"
    if os.environ.get("REDIS_URL"):
        services["redis-server"] = "Redis"
    used: dict[str, float] = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        with contextlib.suppress(OSError):
            with open(f"/proc/{pid}/comm") as comm:
                name = services.get(comm.read().strip())
            if name:
                used[name] = used.get(name, 0.0) + cpu_seconds(int(pid))
    return used


class Bot:
    """One websocket client keeping the newest view; acks and errors go to a queue."""

    def __init__(self, url: str, cookie: str) -> None:
        self.url, self.cookie = url, cookie
        self.version = -1
        self.view: dict[str, Any] = {}
        self.changed = asyncio.Event()
        self.replies: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.next_send_at = 0.0

    async def start(self) -> None:
        headers = {"Origin": "http://" + urlsplit(self.url).netloc, "Cookie": self.cookie}
        self.socket = await websockets.connect(self.url, additional_headers=headers, max_size=2**22)
        self.reader = asyncio.create_task(self._read())
        await self.at_least(0)

    async def _read(self) -> None:
        async for text in self.socket:
            message = json.loads(text)
            if message["type"] == "view":
                if message["version"] > self.version:
                    self.version, self.view = message["version"], message["view"]
                    self.changed.set()
            else:
                await self.replies.put(message)

    async def at_least(self, version: int) -> None:
        while self.version < version:
            self.changed.clear()
            await self.changed.wait()

    async def pace(self) -> None:
        """Wait, if need be, so this bot never sends faster than the server allows."""
        now = time.monotonic()
        if self.next_send_at > now:
            await asyncio.sleep(self.next_send_at - now)
        self.next_send_at = max(now, self.next_send_at) + 1 / MESSAGES_PER_SECOND

    async def send(self, kind: str, body: dict[str, Any]) -> dict[str, Any]:
        key = "action" if kind == "act" else "command"
        message = {"type": kind, "client_id": uuid.uuid4().hex, "version": self.version, key: body}
        await self.socket.send(json.dumps(message))
        return await self.replies.get()


def choose(actions: dict[str, Any], rnd: random.Random) -> dict[str, Any]:
    allowed = [name for name, info in actions.items() if info.get("allowed")]
    weights = {"check": 5, "call": 5, "fold": 2, "bet": 1, "raise": 1, "show": 5, "muck": 1}
    name = rnd.choices(allowed, [weights.get(a, 1) for a in allowed])[0]
    if name in ("bet", "raise"):
        return {"type": name, "to": actions[name]["min_to"]}
    return {"type": name}


async def seat_bots(url: str, host_cookie: str, cookies: list[str]) -> tuple[list[Bot], Bot]:
    seats = [Bot(url, cookie) for cookie in cookies]
    host = Bot(url, host_cookie)
    for bot in [*seats, host]:
        await bot.start()
    return seats, host


async def play_table(seats: list[Bot], host: Bot, until: float, seed: int) -> list[float]:
    """The player to act acts; timed until every seat has the new version. The host bot deals."""
    rnd = random.Random(seed)
    latencies: list[float] = []
    while time.monotonic() < until:
        await host.at_least(max(bot.version for bot in seats))
        hand = host.view.get("hand")
        if hand is None or hand["finished"]:
            await host.pace()
            reply = await host.send("host", {"type": "deal"})
            if reply["type"] == "ack":
                await asyncio.gather(*(bot.at_least(reply["version"]) for bot in seats))
            continue
        bot = seats[hand["to_act"] - 1]
        await bot.at_least(host.version)
        legal = bot.view["hand"]["legal_actions"]
        if not legal or not legal.get("your_turn"):
            await asyncio.sleep(0.001)
            continue
        await bot.pace()
        started = time.perf_counter()
        reply = await bot.send("act", choose(legal["actions"], rnd))
        if reply["type"] != "ack":
            continue
        await asyncio.gather(*(seat.at_least(reply["version"]) for seat in seats))
        latencies.append(time.perf_counter() - started)
    for bot in [*seats, host]:
        await bot.socket.close()
    return latencies


async def echo(port: int, count: int) -> list[float]:
    times = []
    async with websockets.connect(
        f"ws://127.0.0.1:{port}/ws/echo/", additional_headers={"Origin": f"http://127.0.0.1:{port}"}
    ) as ws:
        payload = json.dumps({"type": "act", "client_id": "x" * 32, "version": 1, "action": {"type": "call"}})
        for _ in range(count):
            started = time.perf_counter()
            await ws.send(payload)
            await ws.recv()
            times.append(time.perf_counter() - started)
    return times


def queries_per_action(env: dict[str, str], table_ids: list[int]) -> str:
    """Queries of the write path, and of reading a new version for the views, counted in a
    fresh process. A write starts from the state the process committed last (no read of the
    snapshot's JSON) unless another process wrote since; likewise, the process that applied a
    change serves its views from that state, and any other reads the snapshot once per version."""
    script = """
import random
from django.db import connection
from django.test.utils import CaptureQueriesContext
from tables import live
from tables.live import apply_intent, fresh_state, load_state, player_actor
from tables.models.live import TableSnapshot
import sys

def act(table_id, as_if_another_process_wrote):
    # Queries of one action in the middle of a hand: ending one also updates the hand's row.
    while True:
        state = load_state(table_id)
        if not state.hand_in_progress:
            apply_intent(table_id, "host", {"type": "start_hand"})
            state = load_state(table_id)
        if as_if_another_process_wrote:
            live._recent.pop(table_id, None)
        player = int(state.table.seat(state.hand.to_act).player)
        legal = state.hand.legal_actions(state.hand.to_act)["actions"]
        name = next(a for a in ("check", "call", "show", "muck", "fold") if legal.get(a, {}).get("allowed"))
        usual = {"type": "act", "action": {"type": name}}
        client_id = "q-" + str(random.random())[2:]
        with CaptureQueriesContext(connection) as write:
            apply_intent(table_id, player_actor(player), usual, client_id, state.version)
        if load_state(table_id).hand_in_progress:
            return len(write.captured_queries)

ids = [int(x) for x in sys.argv[1:]]
table_id = TableSnapshot.objects.filter(table_id__in=ids).order_by("-version").first().table_id
cold = act(table_id, True)
warm = act(table_id, False)
with CaptureQueriesContext(connection) as read:
    fresh_state(table_id)
print(warm, cold, len(read.captured_queries))
"""
    done = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()\n" + script, *map(str, table_ids)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    warm, cold, read = (int(x) for x in done.stdout.split()[-3:])
    return (
        f"{warm} in the write path ({cold} when another process wrote last, "
        "one more to start or end a hand); "
        f"views: 0 in the process that wrote, {read} per version in any other"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1)
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--servers", type=int, default=1, help="Daphne processes sharing the port")
    parser.add_argument("--profile", action="store_true", help="profile Daphne's event loop thread")
    args = parser.parse_args()

    workdir = Path(tempfile.mkdtemp(prefix="homegame-bench-"))
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "homegame.settings",
        # As deployed: with DEBUG on, Django would also keep and format every query.
        "DEBUG": "0",
        "SECRET_KEY": uuid.uuid4().hex * 2,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "0",
        "HOMEGAME_BENCHMARK_ECHO": "1",
    }
    env.setdefault("DATABASE_URL", f"sqlite:///{workdir / 'db.sqlite3'}")
    env["REDIS_PREFIX"] = f"bench-{uuid.uuid4().hex[:8]}"
    env["LOG_LEVEL"] = "WARNING"
    subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True)
    setup = subprocess.run(
        [
            sys.executable,
            "-c",
            "import django; django.setup()\n" + SETUP,
            str(args.tables),
            str(args.seats),
            uuid.uuid4().hex[:8],
        ],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    ids = json.loads(setup.stdout.strip().splitlines()[-1])

    # Several servers share one listening socket, as behind a process manager: the kernel hands
    # each new connection to one of them, so a table's seats are spread over the processes.
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1024)
    port = listener.getsockname()[1]
    command = [str(DAPHNE), "--fd", str(listener.fileno()), "homegame.asgi:application"]
    profile = workdir / "daphne.prof"
    if args.profile:
        command = [sys.executable, "-m", "cProfile", "-o", str(profile), *command]
    servers = [
        subprocess.Popen(
            command,
            cwd=ROOT,
            env=env,
            pass_fds=(listener.fileno(),),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(args.servers)
    ]
    listener.close()  # the servers hold it now

    def cpu() -> float:
        return sum(cpu_seconds(server.pid) for server in servers)

    def rss() -> str:
        return " + ".join(f"{rss_mb(server.pid):.0f}" for server in servers)

    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.2):
                break
            time.sleep(0.1)
        time.sleep(1)  # every server has started, not only the first to accept
        rss_idle = rss()

        async def run() -> tuple[list[float], float, list[list[float]], float, float, dict[str, float]]:
            await echo(port, 100)  # the first connection loads the app: not part of a round trip
            echo_cpu = cpu()
            echo_times = await echo(port, ECHOES)
            echo_cpu = cpu() - echo_cpu
            tables = []
            for t in ids["tables"]:  # connect everyone first: the clock measures play only
                url = f"ws://127.0.0.1:{port}/ws/tables/{t['id']}/"
                tables.append(await seat_bots(url, ids["host"], t["players"]))
            await asyncio.sleep(1)
            cpu_before, services_before, bots_before = cpu(), services_cpu(), time.process_time()
            started = time.monotonic()
            until = started + args.seconds
            results = await asyncio.gather(
                *(play_table(seats, host, until, i) for i, (seats, host) in enumerate(tables))
            )
            elapsed = time.monotonic() - started
            others = {name: used - services_before.get(name, 0.0) for name, used in services_cpu().items()}
            others["the bots"] = time.process_time() - bots_before
            return echo_times, echo_cpu, results, elapsed, cpu() - cpu_before, others

        echo_times, echo_cpu, per_table, elapsed, used, others = asyncio.run(run())
        rss_busy = rss()
    finally:
        for server in servers:
            if args.profile:
                server.send_signal(signal.SIGINT)  # Daphne stops cleanly, so the profile is written
            else:
                server.kill()
            server.wait()
    if args.profile and args.servers == 1:
        pstats.Stats(str(profile)).sort_stats("tottime").print_stats(25)
    latencies = [x for table in per_table for x in table]
    layer = "Redis" if os.environ.get("REDIS_URL") else "in-memory"
    database = "PostgreSQL" if os.environ.get("DATABASE_URL", "").startswith("postgres") else "SQLite"
    table_ids = [table["id"] for table in ids["tables"]]
    processes = f"{args.servers} Daphne processes" if args.servers > 1 else "Daphne"
    print(
        f"{processes}, {database}, {layer} channel layer; "
        f"{args.tables} table(s) of {args.seats}, {elapsed:.1f} s"
    )
    print(f"  raw websocket echo:      {spread(echo_times)}")
    if latencies:
        print(f"  action -> every seat:    {spread(latencies)}")
    print(f"  actions per second:      {len(latencies) / elapsed:.1f} ({len(latencies)} actions)")
    if latencies:
        per_action = used / len(latencies)
        # The same server's CPU for one echo round trip, measured in the same run: the ratio
        # says what an action costs on any machine, however fast or busy.
        echoes = per_action / (echo_cpu / ECHOES) if echo_cpu > 0 else float("nan")
        print(
            f"  Daphne CPU per action:   {per_action * 1000:.1f} ms (all its threads), "
            f"as much as {echoes:.0f} raw echo round trips"
        )
        # A table waits for its last action's views before the next, so one Daphne process
        # working flat out makes each action wait about (tables x its CPU per action).
        rest = ", ".join(
            f"{name} {seconds / len(latencies) * 1000:.2f} ms" for name, seconds in others.items()
        )
        print(f"  other CPU per action:    {rest}; {os.cpu_count()} cores")
    print(f"  queries per action:      {queries_per_action(env, table_ids)}")
    print(f"  Daphne RSS:              {rss_idle} MB idle, {rss_busy} MB after the run")


if __name__ == "__main__":
    main()
