"""`python -m engine.phh replay FILE...`: exits non-zero, naming the file, when a file does not replay."""

import subprocess
import sys
from pathlib import Path

from engine.phh import main

ROOT = Path(__file__).resolve().parents[2]
FILES = Path(__file__).resolve().parent / "phh"


def _run(*paths: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "engine.phh", "replay", *map(str, paths)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_cli_exits_zero_when_every_file_replays_to_its_finishing_stacks():
    result = _run(*sorted(FILES.glob("*.phh")))
    assert result.returncode == 0, result.stderr
    assert result.stdout.count(": ok") == len(list(FILES.glob("*.phh")))


def test_the_cli_exits_non_zero_naming_a_file_whose_finishing_stacks_are_wrong(tmp_path):
    wrong = tmp_path / "wrong_stacks.phh"
    text = (FILES / "odd_chip_split.phh").read_text()
    # Giving the odd chip to the button instead of the first winner left of it.
    wrong.write_text(
        text.replace("finishing_stacks = [995, 1003, 1002]", "finishing_stacks = [995, 1002, 1003]")
    )
    result = _run(FILES / "heads_up.phh", wrong)
    assert result.returncode == 1
    assert (
        f"{wrong}: finishing_stacks are [995, 1002, 1003] but replaying gives [995, 1003, 1002]"
        in result.stderr
    )
    assert "heads_up.phh" not in result.stderr
    assert "1 of 2 file(s) do not replay" in result.stderr


def test_the_cli_names_a_file_that_cannot_be_replayed_at_all(tmp_path, capsys):
    broken = tmp_path / "broken.phh"
    broken.write_text((FILES / "straddle.phh").read_text().replace('"p3 cbr 600"', '"p3 cbr 300"'))
    missing = tmp_path / "missing.phh"
    assert main(["replay", str(broken), str(missing)]) == 1
    errors = capsys.readouterr().err
    assert f"{broken}: Action 8 ('p3 cbr 300'): The minimum raise is to 400" in errors
    assert f"{missing}: " in errors
