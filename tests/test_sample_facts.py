"""Every fact in sample_contracts/*.truth.json, checked for the .txt and (where there is one)
the .pdf of each sample through the real CLI: `contractbox analyze --jsonl`, one subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))

from factset_score import check_fact, fact_ids, load_truth

SAMPLES = REPO / "sample_contracts"


def sample_files() -> list[tuple[Path, Path]]:
    """(contract file, its truth file) for every .txt and .pdf that has a truth file."""
    pairs = []
    for truth in sorted(SAMPLES.glob("*.truth.json")):
        stem = truth.name.removesuffix(".truth.json")
        pairs += [(SAMPLES / f"{stem}{ext}", truth) for ext in (".txt", ".pdf") if (SAMPLES / f"{stem}{ext}").exists()]
    return pairs


def cases() -> list[tuple[str, str]]:
    return [(path.name, fact) for path, truth in sample_files() for fact in fact_ids(load_truth(truth))]


@pytest.fixture(scope="module")
def results() -> dict[str, dict[str, Any]]:
    paths = [str(path) for path, _ in sample_files()]
    script = Path(sys.executable).with_name("contractbox")  # the installed console script, as a user runs it
    command = [str(script)] if script.exists() else [sys.executable, "-m", "contractbox"]
    run = subprocess.run([*command, "analyze", "--jsonl", *paths],
                         check=False, capture_output=True, text=True, timeout=600, cwd=REPO)
    assert run.returncode == 0, run.stderr
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert [line["source"] for line in lines] == paths
    return {Path(line["source"]).name: line["result"] for line in lines}


def test_every_sample_has_a_truth_file() -> None:
    texts = {p.stem for p in SAMPLES.glob("*.txt")}
    assert texts and texts == {p.name.removesuffix(".truth.json") for p in SAMPLES.glob("*.truth.json")}


@pytest.mark.parametrize(("name", "fact"), cases(), ids=[f"{n}-{f}" for n, f in cases()])
def test_sample_fact(name: str, fact: str, results: dict[str, dict[str, Any]]) -> None:
    truth = load_truth(SAMPLES / f"{Path(name).stem}.truth.json")
    right, detail = check_fact(fact, truth, results[name])
    assert right, detail
