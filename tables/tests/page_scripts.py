"""Running a page's own ES module under Node.js, without a browser or a DOM: a test feeds it the
engine's JSON on stdin and reads what the module's functions return."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

from conftest import require_service

STATIC_JS = Path(__file__).resolve().parents[2] / "static" / "js"


def run_page_script(module: str, script: str, given: Any) -> Any:
    """Run `script` (an ES module that imports the page module at `process.argv[1]`) with
    `module`, a path under static/js, given `given` as JSON on stdin; what it prints, as JSON."""
    node = shutil.which("node")
    require_service(node is not None, "Node.js is not installed")
    done = subprocess.run(
        [node, "--input-type=module", "-e", script, (STATIC_JS / module).as_uri()],  # type: ignore[list-item]
        input=json.dumps(given),
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    return json.loads(done.stdout)
