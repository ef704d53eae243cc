"""Score the live engine on our own fact set (factset/*.txt with *.truth.json, see factset/README.md).

    python bench/factset.py [--json] [--dir factset] [--quiet] [--match REGEX]

Runs `contractbox.engine.live.analyze` in-process on each contract, the Document built as
`contractbox analyze` builds it, and prints per-metric figures and, per file, what was missed.
Targets (issue 11): risk precision >= 0.90, false-alarm rate <= 0.03, parties exact >= 0.90,
obligations recall >= 0.80.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from factset_score import DATE_KINDS, FileScore, load_truth, score_file, summarize, truth_files

ROOT = Path(__file__).resolve().parent.parent
TARGETS = {"risk_precision": (">=", 0.90), "false_alarm_rate": ("<=", 0.03),
           "parties_exact": (">=", 0.90), "obligations_recall": (">=", 0.80)}


def analyze_file(path: Path) -> dict[str, Any]:
    from contractbox.engine import live
    from contractbox.documents.sources import read_file as load_document

    return live.analyze(load_document(path))


def run(directory: Path, match: str = "") -> list[FileScore]:
    """One score per contract whose name matches `match` (a regular expression); a contract the
    engine fails on scores as an empty result."""
    scores = []
    for text, truth in truth_files(directory):
        if match and not re.search(match, text.name):
            continue
        try:
            result = analyze_file(text)
        except Exception as exc:  # noqa: BLE001 - one failing file must not hide the others' figures
            result = {}
            error = f"engine error: {type(exc).__name__}: {exc}"
        else:
            error = ""
        score = score_file(text.name, load_truth(truth), result)
        if error:
            score.misses.insert(0, error)
        scores.append(score)
    return scores


def meets(value: float | None, target: tuple[str, float]) -> bool:
    if value is None:
        return False
    op, bound = target
    return value >= bound if op == ">=" else value <= bound


def fmt(value: float | None) -> str:
    return "  n/a" if value is None else f"{value:5.2f}"


def print_report(totals: dict[str, Any], scores: list[FileScore], quiet: bool) -> None:
    print(f"fact set: {totals['files']} contracts")
    errors = sum(1 for s in scores if s.misses and s.misses[0].startswith("engine error"))
    if errors:
        print(f"  ENGINE ERRORS on {errors} contracts (scored as empty results; see the misses)")
    for key in ("parties_exact", "parties_f1", "parties_precision", "parties_recall", "party_roles"):
        print(f"  {key:28s}{fmt(totals[key])}{target_note(key, totals[key])}")
    for kind in DATE_KINDS:
        print(f"  {'date ' + kind:28s}{fmt(totals['dates'][kind])}")
    for key in ("renewal", "governing_law", "risk_precision", "risk_recall", "false_alarm_rate",
                "obligations_recall", "obligations_recall_by_role"):
        print(f"  {key:28s}{fmt(totals[key])}{target_note(key, totals[key])}")
    if quiet:
        return
    print_table(scores)
    print("\nmisses per file:")
    for s in scores:
        if s.misses:
            print(f"  {s.name}")
            for miss in s.misses:
                print(f"      {miss}")


def print_table(scores: list[FileScore]) -> None:
    """One row per contract: x marks a wrong fact, risks and obligations as counts."""
    print(f"\n{'contract':44s} parties agr eff exp ntc ren law  false-alarms risks-found obligations")
    for s in scores:
        marks = " ".join(f"{'.' if s.dates[k] else 'x':>3s}" for k in DATE_KINDS)
        print(f"{s.name[:44]:44s} {'.' if s.parties_exact else 'x':>7s} {marks} {'.' if s.renewal_right else 'x':>3s} "
              f"{'.' if s.law_right else 'x':>3s}  {s.risks_false_positive:>5d}/{s.risks_absent_total:<6d} "
              f"{s.risks_true_positive:>5d}/{s.risks_present_total:<5d} {s.obligations_found:>5d}/{s.obligations_total}")


def target_note(key: str, value: float | None) -> str:
    if key not in TARGETS:
        return ""
    op, bound = TARGETS[key]
    return f"   target {op} {bound:.2f}: {'met' if meets(value, TARGETS[key]) else 'NOT met'}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", type=Path, default=ROOT / "factset")
    ap.add_argument("--json", action="store_true", help="print the figures and misses as one JSON object")
    ap.add_argument("--quiet", action="store_true", help="figures only, no per-file misses")
    ap.add_argument("--match", default="", help="only contracts whose file name matches this regular expression")
    args = ap.parse_args()
    scores = run(args.dir, args.match)
    totals = summarize(scores)
    if args.json:
        print(json.dumps({"totals": totals, "files": {s.name: asdict(s) for s in scores}}, indent=1))
    else:
        print_report(totals, scores, args.quiet)


if __name__ == "__main__":
    main()
