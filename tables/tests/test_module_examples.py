"""Every `>>>` example in a module of the app runs, and shows what the code does.

docs/design.md ("Examples to follow", python-chess): "short docstrings with `>>>`
examples". Each module of `tables/` and `homegame/` is found on disk (tests and
migrations left out), so a new module's examples run without a test naming it.
"""

from __future__ import annotations

import pytest

import homegame
import tables
from engine.tests.module_examples import module_names, run_examples, written_examples

APP_MODULES = module_names(tables) + module_names(homegame)


@pytest.mark.parametrize("module_name", APP_MODULES)
def test_module_examples_show_what_the_code_does(module_name: str) -> None:
    failed, attempted, report = run_examples(module_name)
    assert failed == 0, f"{module_name}: {failed} of {attempted} examples failed\n{report}"


@pytest.mark.parametrize("module_name", APP_MODULES)
def test_every_example_written_is_one_that_runs(module_name: str) -> None:
    _failed, attempted, _report = run_examples(module_name)
    assert attempted == written_examples(module_name), f"{module_name}: some `>>>` lines never run"
