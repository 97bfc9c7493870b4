"""The import graph keeps the layers of docs/design.md: lower layers never import higher ones,
and no module imports itself back through others.

docs/design.md ("Layers"): "`engine/` imports nothing from Django or `tables/`", and
("Where things live"): "Lower layers never import higher ones: the write path
(`tables/live/`) does not call services; services call the write path."

The graph is read from the source with `ast` (nothing is imported) and counts every
import, at module level and inside functions: an import moved into a function to dodge
a circle is still the same circle. An import under `if TYPE_CHECKING:` never runs, so
it closes no circle, but it still counts for the layers. Each failure lists exactly
the offending edges, with the lines that make them.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "tables", "homegame")

# Each module's layer, by the longest matching prefix: a module may import its own
# layer and those below, never one above.
ENGINE, MODELS, WRITE_PATH, SERVICES, VIEWS = range(5)
LAYER_NAMES = {
    ENGINE: "engine",
    MODELS: "tables models",
    WRITE_PATH: "tables write path",
    SERVICES: "tables services",
    VIEWS: "views and consumers",
}
LAYERS = {
    "engine": ENGINE,
    # The models and the small helpers they (and everything above) store with.
    "tables": MODELS,
    "tables.models": MODELS,
    "tables.errors": MODELS,
    "tables.fast_json": MODELS,
    "tables.join_codes": MODELS,
    "tables.live": WRITE_PATH,
    "tables.services": SERVICES,
    "tables.views": VIEWS,
    # The app's wiring (Django calls its ready() last): it may connect any layer to another.
    "tables.apps": VIEWS,
    "tables.consumers": VIEWS,
    "tables.routing": VIEWS,
    "tables.urls": VIEWS,
    "tables.forms": VIEWS,
    "tables.admin": VIEWS,
    "tables.identity": VIEWS,
    "tables.management": VIEWS,
    "homegame": VIEWS,
}

# The web framework and its transports: what the engine must never need.
FRAMEWORK_ROOTS = {"django", "channels", "channels_redis", "daphne", "asgiref", "psycopg", "redis"}


@dataclass(frozen=True)
class Edge:
    importer: str
    imported: str
    path: str
    line: int
    in_function: bool
    for_type_hints: bool = False

    @property
    def pair(self) -> tuple[str, str]:
        return (self.importer, self.imported)


def project_modules(root: Path = PROJECT_ROOT) -> dict[str, Path]:
    """Every module of the project's packages by dotted name (tests and migrations left out)."""
    modules = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if "tests" in parts or "migrations" in parts:
                continue
            modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return modules


def import_edges(modules: dict[str, Path], root: Path = PROJECT_ROOT) -> list[Edge]:
    """Every import of one project module by another, and of a framework by the engine."""
    edges = []
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        tree = ast.parse(path.read_text(), filename=str(path))
        for node, in_function, for_type_hints in _imports(tree):
            for target in _imported_modules(name, is_package, node, modules):
                if target != name:
                    relative = str(path.relative_to(root))
                    edges.append(Edge(name, target, relative, node.lineno, in_function, for_type_hints))
    return edges


def layer_of(module: str) -> int | None:
    parts = module.split(".")
    for end in range(len(parts), 0, -1):
        layer = LAYERS.get(".".join(parts[:end]))
        if layer is not None:
            return layer
    return None


def upward_edges(edges: Iterable[Edge]) -> list[Edge]:
    """Edges from a module to a higher layer (a framework counts as above the engine)."""
    found = []
    for edge in edges:
        importer_layer = layer_of(edge.importer)
        if importer_layer is None:
            continue
        if edge.imported in FRAMEWORK_ROOTS:
            if importer_layer == ENGINE:
                found.append(edge)
            continue
        imported_layer = layer_of(edge.imported)
        if imported_layer is not None and imported_layer > importer_layer:
            found.append(edge)
    return found


def circular_edges(edges: Iterable[Edge]) -> list[list[Edge]]:
    """The edges of each import circle: those inside a strongly connected component.

    An import under `if TYPE_CHECKING:` never runs, so it cannot close a circle (it
    still counts for the layers: a lower layer should not know a higher one's types).
    """
    edges = [e for e in edges if e.imported not in FRAMEWORK_ROOTS and not e.for_type_hints]
    graph: dict[str, set[str]] = {}
    for edge in edges:
        graph.setdefault(edge.importer, set()).add(edge.imported)
        graph.setdefault(edge.imported, set())
    circles = []
    for component in _strongly_connected(graph):
        if len(component) > 1:
            circles.append([e for e in edges if e.importer in component and e.imported in component])
    return sorted(circles, key=lambda circle: min(e.importer for e in circle))


def describe(edges: Iterable[Edge]) -> str:
    """One line per edge, with every line of source that makes it."""
    where: dict[tuple[str, str], list[str]] = {}
    for edge in sorted(edges, key=lambda e: (e.pair, e.line)):
        note = f"{edge.path}:{edge.line}"
        note += " (in a function)" if edge.in_function else ""
        note += " (for type hints)" if edge.for_type_hints else ""
        where.setdefault(edge.pair, []).append(note)
    return "\n".join(f"  {a} -> {b}    {', '.join(notes)}" for (a, b), notes in where.items())


@functools.cache
def project_edges() -> tuple[Edge, ...]:
    return tuple(import_edges(project_modules()))


def test_the_engine_imports_no_framework_and_nothing_of_the_app() -> None:
    offending = [e for e in upward_edges(project_edges()) if layer_of(e.importer) == ENGINE]
    if offending:
        pytest.fail("engine/ imports the framework or the app:\n" + describe(offending), pytrace=False)


def test_the_write_path_imports_no_service_and_no_view() -> None:
    offending = [
        edge
        for edge in project_edges()
        if layer_of(edge.importer) == WRITE_PATH and layer_of(edge.imported) in (SERVICES, VIEWS)
    ]
    if offending:
        pytest.fail("tables/live/ (the write path) imports upward:\n" + describe(offending), pytrace=False)


def test_no_module_imports_a_higher_layer() -> None:
    offending = upward_edges(project_edges())
    order = " < ".join(LAYER_NAMES[layer] for layer in sorted(LAYER_NAMES))
    if offending:
        pytest.fail(
            f"imports from a lower to a higher layer ({order}):\n{describe(offending)}", pytrace=False
        )


def test_there_is_no_import_circle() -> None:
    circles = circular_edges(project_edges())
    listing = "\n\n".join(describe(circle) for circle in circles)
    if circles:
        pytest.fail(f"{len(circles)} import circle(s); the edges in each:\n{listing}", pytrace=False)


def test_every_module_has_a_layer() -> None:
    assert [name for name in project_modules() if layer_of(name) is None] == []


def private_names_imported(modules: dict[str, Path], root: Path = PROJECT_ROOT) -> list[str]:
    """`from x import _name`: a name its module keeps to itself, used elsewhere all the same."""
    found = []
    for path in modules.values():
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.ImportFrom) and node.module != "__future__":
                for alias in node.names:
                    if alias.name.startswith("_") and not alias.name.startswith("__"):
                        found.append(f"{path.relative_to(root)}:{node.lineno} imports {alias.name}")
    return found


def test_no_module_uses_another_modules_private_name() -> None:
    """A rule two modules share has one public home (as `engine.tournament.standings.ordinal`)."""
    assert private_names_imported(project_modules()) == []


def test_a_private_name_imported_is_named(tmp_path: Path) -> None:
    modules = _toy_project(
        tmp_path,
        {"engine/a.py": "def _hidden():\n    pass\n", "engine/b.py": "from engine.a import _hidden\n"},
    )
    assert private_names_imported(modules, tmp_path) == ["engine/b.py:1 imports _hidden"]


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("import django.db\n", {("engine.a", "django")}),
        ("from tables.live import apply_intent\n", {("engine.a", "tables.live")}),
        ("def f():\n    from tables.services import ledger\n", {("engine.a", "tables.services.ledger")}),
        ("from . import b\n", {("engine.a", "engine.b")}),
        ("from .b import thing\n", {("engine.a", "engine.b")}),
        (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import engine.b\n",
            {("engine.a", "engine.b")},
        ),
        ("import json\nfrom collections import deque\n", set()),
    ],
)
def test_the_graph_sees_every_kind_of_import(tmp_path: Path, source: str, expected: set) -> None:
    others = {"engine/b.py": "", "tables/live/__init__.py": "", "tables/services/ledger.py": ""}
    modules = _toy_project(tmp_path, {**others, "engine/a.py": source})
    assert {edge.pair for edge in import_edges(modules, tmp_path)} == expected


def test_the_checks_name_an_upward_import_and_a_circle(tmp_path: Path) -> None:
    modules = _toy_project(
        tmp_path,
        {
            "engine/a.py": "def later():\n    from engine import b\n",
            "engine/b.py": "import engine.a\n",
            "tables/live/__init__.py": "from tables.services import ledger\n",
            "tables/services/ledger.py": "from tables.live import write\n",
        },
    )
    edges = import_edges(modules, tmp_path)
    assert {e.pair for e in upward_edges(edges)} == {("tables.live", "tables.services.ledger")}
    assert [{e.pair for e in circle} for circle in circular_edges(edges)] == [
        {("engine.a", "engine.b"), ("engine.b", "engine.a")},
        {("tables.live", "tables.services.ledger"), ("tables.services.ledger", "tables.live")},
    ]
    assert "engine/a.py:2 (in a function)" in describe(circular_edges(edges)[0])


def test_an_import_for_type_hints_only_closes_no_circle(tmp_path: Path) -> None:
    modules = _toy_project(
        tmp_path,
        {
            "engine/a.py": "import engine.b\n",
            "engine/b.py": "import typing\nif typing.TYPE_CHECKING:\n    from engine.a import A\n",
        },
    )
    edges = import_edges(modules, tmp_path)
    assert {e.pair for e in edges} == {("engine.a", "engine.b"), ("engine.b", "engine.a")}
    assert circular_edges(edges) == []


def _toy_project(root: Path, files: dict[str, str]) -> dict[str, Path]:
    for relative, source in files.items():
        path = root / relative
        for folder in [path.parent, *path.parent.parents]:
            if folder == root:
                break
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "__init__.py").touch()
        path.write_text(source)
    return project_modules(root)


def _imports(tree: ast.AST) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool, bool]]:
    """Each import statement, whether it sits in a function, and whether only for type hints."""

    def walk(node: ast.AST, in_function: bool, for_type_hints: bool) -> Iterator:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom):
                yield child, in_function, for_type_hints
            elif isinstance(child, ast.If) and _is_type_checking(child.test):
                yield from walk(ast.Module(body=child.body, type_ignores=[]), in_function, True)
                yield from walk(ast.Module(body=child.orelse, type_ignores=[]), in_function, for_type_hints)
            else:
                inside = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
                yield from walk(child, inside, for_type_hints)

    return walk(tree, False, False)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imported_modules(
    importer: str, is_package: bool, node: ast.Import | ast.ImportFrom, modules: dict[str, Path]
) -> set[str]:
    """The project modules (or framework roots) one import statement loads by name."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        if node.level:
            package = importer.split(".") if is_package else importer.split(".")[:-1]
            base = ".".join(
                package[: len(package) - (node.level - 1)] + ([node.module] if node.module else [])
            )
        else:
            base = node.module or ""
        # `from package import name` loads the submodule `name` when there is one.
        names = [
            f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names
        ]
    found = set()
    for dotted in names:
        module = _project_module(dotted, modules)
        if module is not None:
            found.add(module)
        elif dotted.split(".")[0] in FRAMEWORK_ROOTS:
            found.add(dotted.split(".")[0])
    return found


def _project_module(dotted: str, modules: dict[str, Path]) -> str | None:
    while dotted:
        if dotted in modules:
            return dotted
        dotted = dotted.rpartition(".")[0]
    return None


def _strongly_connected(graph: dict[str, set[str]]) -> list[set[str]]:
    """Tarjan's algorithm, iterative so that a long chain of imports cannot overflow the stack."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == node:
                            break
                    components.append(component)
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return components
