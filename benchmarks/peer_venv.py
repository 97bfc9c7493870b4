"""The libraries we compare against (treys, PokerKit) live only in benchmarks/.venv.

They are never dependencies of the app: a script that needs one calls
`rerun_inside_benchmark_venv`, which makes that virtualenv on first use, installs the
pinned peer there, and runs the script again inside it.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import venv
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
