"""The write path is the bottom of the app, and no two modules of the app import each other.

docs/design.md: "Lower layers never import higher ones: the write path (`tables/live/`) does not
call services; services call the write path."
"""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parents[1]
ROOT = APP.parent
# What the write path stands on inside the app: the rows it writes, and the one refusal.
BELOW_THE_WRITE_PATH = ("tables.models", "tables.errors", "tables.live")


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _app_modules() -> dict[str, Path]:
    return {
        _module_name(path): path
        for path in APP.rglob("*.py")
        if "tests" not in path.relative_to(APP).parts and "migrations" not in path.relative_to(APP).parts
    }


def _imports(path: Path, known: dict[str, Path]) -> set[str]:
    """The app modules `path` imports anywhere in it (in functions too), by their full names."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the package this module is in, or one above it
                parents = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parents, base] if base else parents)
            for alias in node.names:
                # `from tables import live` imports the module tables.live; `from tables.live import
                # apply_intent` imports tables.live.
                submodule = f"{base}.{alias.name}"
                found.add(submodule if submodule in known else base)
    return {imported for imported in found if imported in known and imported != name}


def _graph() -> dict[str, set[str]]:
    known = _app_modules()
    return {name: _imports(path, known) for name, path in known.items()}


def test_the_write_path_imports_nothing_above_it() -> None:
    graph = _graph()
    write_path = [name for name in graph if name == "tables.live" or name.startswith("tables.live.")]
    assert "tables.live" in write_path and len(write_path) > 3
    upward = {
        (module, imported)
        for module in write_path
        for imported in graph[module]
        if not imported.startswith(BELOW_THE_WRITE_PATH)
    }
    assert upward == set()


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Groups of modules that import each other (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for imported in sorted(graph[module]):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return groups


def test_no_modules_of_the_app_import_each_other() -> None:
    assert _cycles(_graph()) == []


def test_the_cycle_check_finds_a_circle() -> None:
    """The check itself can fail: a circle of three is found, a chain is not."""
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []
