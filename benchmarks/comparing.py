"""What the scripts that compare us with a peer library share.

The peers (treys, PokerKit) live only in benchmarks/.venv; they are never dependencies of
the app: a script that needs one calls `rerun_inside_benchmark_venv`, which makes that
virtualenv on first use, installs the pinned peer there, and runs the script again inside
it. `best_times` times both sides in turn, so that a busy machine slows them alike.
"""

from __future__ import annotations

import gc
import importlib.util
import os
import subprocess
import sys
import time
import venv
from collections.abc import Callable
from pathlib import Path

BENCH_VENV = Path(__file__).resolve().parent / ".venv"


def rerun_inside_benchmark_venv(package: str, version: str, script: str) -> None:
    """Return at once when `package` imports; otherwise install it in benchmarks/.venv and exec
    `script` again there with the same arguments (this call then never returns)."""
    if importlib.util.find_spec(package) is not None:
        return
    python = BENCH_VENV / "bin" / "python"
    if os.environ.get("HOMEGAME_BENCH_REEXEC"):
        sys.exit(f"{package} is still missing in {BENCH_VENV}; try: {python} -m pip install {package}")
    if not python.exists():
        print(f"Creating {BENCH_VENV} (once)...", file=sys.stderr)
        venv.create(BENCH_VENV, with_pip=True)
    print(f"Installing {package}=={version} into {BENCH_VENV} (once)...", file=sys.stderr)
    subprocess.run([python, "-m", "pip", "install", "-q", f"{package}=={version}"], check=True)
    env = {**os.environ, "HOMEGAME_BENCH_REEXEC": "1"}
    os.execve(python, [str(python), script, *sys.argv[1:]], env)


def best_times(
    runs: dict[str, Callable[[], object]], rounds: int, *, collect_garbage: bool = False
) -> dict[str, float]:
    """Best time of each run over `rounds` rounds, the runs taking turns so that all see the
    same machine load. Like `timeit`, the cyclic garbage collector is paused while timing
    unless `collect_garbage` (whose cost depends on everything else on the heap)."""
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(rounds):
        for name, run in runs.items():
            gc.collect()
            if not collect_garbage:
                gc.disable()
            try:
                start = time.perf_counter()
                run()
                best[name] = min(best[name], time.perf_counter() - start)
            finally:
                gc.enable()
    return best
