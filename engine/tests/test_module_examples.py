"""Every `>>>` example in an engine module runs, and shows what the code does.

docs/design.md ("Examples to follow", python-chess): "short docstrings with `>>>`
examples". Each module of `engine/` (the core and its packages `house/`, `live/`,
`phh/`, `tournament/`) is found on disk, so a new module's examples run without a
test naming it.
"""

from __future__ import annotations

import pytest

import engine
from engine.tests.module_examples import module_names, run_examples, written_examples

ENGINE_MODULES = module_names(engine)


@pytest.mark.parametrize("module_name", ENGINE_MODULES)
def test_module_examples_show_what_the_code_does(module_name: str) -> None:
    failed, attempted, report = run_examples(module_name)
    assert failed == 0, f"{module_name}: {failed} of {attempted} examples failed\n{report}"


@pytest.mark.parametrize("module_name", ENGINE_MODULES)
def test_every_example_written_is_one_that_runs(module_name: str) -> None:
    # doctest reads only the docstrings of what a module defines; an example in a
    # comment, or in a string doctest cannot reach, would otherwise never run.
    _failed, attempted, _report = run_examples(module_name)
    assert attempted == written_examples(module_name), f"{module_name}: some `>>>` lines never run"


def test_the_engine_packages_are_searched_for_examples() -> None:
    for package in ("engine.house", "engine.live", "engine.phh", "engine.tournament"):
        assert any(name.startswith(f"{package}.") for name in ENGINE_MODULES), package
    assert any(written_examples(name) for name in ENGINE_MODULES if name.startswith("engine.live"))
