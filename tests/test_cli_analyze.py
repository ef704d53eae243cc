"""`contractbox analyze` exit codes as a script sees them: 0 when every input was analysed, 1 when any
failed (the JSON lines still say which), 2 on usage errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NDA = ROOT / "sample_contracts" / "mutual_nda.txt"
ENCRYPTED = ROOT / "samples" / "encrypted_user_password.pdf"


def analyze(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "contractbox", "analyze", *args], capture_output=True, text=True,
                          timeout=300)


def test_every_input_analysed_exits_0() -> None:
    run = analyze("--jsonl", str(NDA))
    assert run.returncode == 0, run.stderr
    assert "result" in json.loads(run.stdout)


@pytest.mark.parametrize("bad", ["missing.txt", str(ENCRYPTED)])
def test_a_failed_input_exits_1_and_its_line_says_why(tmp_path: Path, bad: str) -> None:
    path = bad if Path(bad).is_absolute() else str(tmp_path / bad)
    run = analyze("--jsonl", str(NDA), path)
    assert run.returncode == 1
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert [line["source"] for line in lines] == [str(NDA), path]
    assert "result" in lines[0] and lines[1]["error"]["code"] in ("source_unreadable", "pdf_encrypted")
    assert "1 of 2 inputs could not be analysed" in run.stderr


def test_the_readable_report_also_exits_1_on_failure(tmp_path: Path) -> None:
    run = analyze(str(tmp_path / "missing.txt"))
    assert run.returncode == 1
    assert "error source_unreadable" in run.stdout


@pytest.mark.parametrize("args", [[], ["--no-such-option", str(NDA)]])
def test_usage_errors_exit_2(args: list[str]) -> None:
    run = analyze(*args)
    assert run.returncode == 2
    assert "Usage:" in run.stderr
