"""docs/design.md: "`engine/` imports nothing from Django or `tables/`. A test enforces it." """

import ast
from pathlib import Path

ENGINE_DIR = Path(__file__).resolve().parent.parent
FORBIDDEN_ROOTS = {"django", "channels", "tables", "homegame", "daphne", "random"}


def _imported_roots(source: Path) -> set[str]:
    tree = ast.parse(source.read_text(), filename=str(source))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_engine_imports_nothing_from_django_or_the_app():
    offenders = {
        str(path.relative_to(ENGINE_DIR)): sorted(_imported_roots(path) & FORBIDDEN_ROOTS)
        for path in ENGINE_DIR.rglob("*.py")
        if "tests" not in path.relative_to(ENGINE_DIR).parts
    }
    offenders = {name: roots for name, roots in offenders.items() if roots}
    assert offenders == {}


def test_the_check_itself_sees_a_django_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("from django.db import models\nimport random\n")
    assert _imported_roots(bad) == {"django", "random"}
