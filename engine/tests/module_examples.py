"""Find and run the `>>>` examples of every module of a package.

docs/design.md asks for "short docstrings with `>>>` examples" (as python-chess has): an
example that no test runs drifts from the code it shows, so each package's tests run
every module's examples through these helpers instead of naming modules one by one.
"""

from __future__ import annotations

import doctest
import importlib
import io
import re
from pathlib import Path
from types import ModuleType

# A line of a docstring example: indentation, then the prompt and a space (or nothing).
_EXAMPLE_LINE = re.compile(r"^\s*>>>( |$)", re.MULTILINE)

# Folders that hold no module of the package itself.
_NOT_MODULES = {"tests", "migrations", "__pycache__"}


def module_names(package: ModuleType) -> list[str]:
    """Every module of `package` found on disk, sub-packages included, tests left out.

    Walking the files rather than `pkgutil` also finds a folder that lost its
    `__init__.py`, whose modules would otherwise silently drop out of the run.
    """
    root = Path(package.__file__).resolve().parent
    names = []
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if _NOT_MODULES.intersection(parts) or parts[-1] == "__main__":
            continue
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names.append(".".join((package.__name__, *parts)))
    return names


def written_examples(module_name: str) -> int:
    """How many `>>>` prompts the module's source has (each starts one example)."""
    module = importlib.import_module(module_name)
    return len(_EXAMPLE_LINE.findall(Path(module.__file__).read_text()))


def run_examples(module_name: str) -> tuple[int, int, str]:
    """Run the module's examples as `doctest.testmod` would: (failed, attempted, report)."""
    module = importlib.import_module(module_name)
    report = io.StringIO()
    runner = doctest.DocTestRunner(verbose=False)
    for test in doctest.DocTestFinder().find(module):
        runner.run(test, out=report.write)
    results = runner.summarize(verbose=False)
    return results.failed, results.attempted, report.getvalue()
