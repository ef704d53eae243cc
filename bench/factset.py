"""Score the live engine on our own fact set (factset/*.txt with *.truth.json, see factset/README.md).

    python bench/factset.py [--json] [--dir factset] [--quiet] [--match REGEX] [--pdf | --scan] [--save-text DIR]

Runs `contractbox.engine.live.analyze` in-process on each contract, the Document built as
`contractbox analyze` builds it, and prints per-metric figures and, per file, what was missed.
`--pdf` first prints each contract to a PDF as an office printer would lay it out (paragraphs
wrapped at 86 columns, so names and places break across lines; a running header and a
"Page N of M" footer on every page) and reads that through the product's PDF path instead.
`--scan` scans that printed PDF back as a flatbed would (bench/scanner.py: 300 dpi greyscale, a
seeded turn of a fraction of a degree, light noise, JPEG in an image-only PDF), so the product's
PDF path OCRs every page in its PDF worker with the bundled Tesseract (docs/ocr.md).
`--save-text DIR` writes the text each contract was read as (DIR/NAME.txt), to see what a fact came from.
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
from typing import TYPE_CHECKING, Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from factset_score import DATE_KINDS, FileScore, load_truth, score_file, summarize, truth_files

if TYPE_CHECKING:
    from contractbox.documents.model import Document

ROOT = Path(__file__).resolve().parent.parent
TARGETS = {
    "risk_precision": (">=", 0.90),
    "false_alarm_rate": ("<=", 0.03),
    "parties_exact": (">=", 0.90),
    "obligations_recall": (">=", 0.80),
}


READINGS = ("text", "pdf", "scan")


def read_document(path: Path, reading: str = "text") -> Document:
    """The contract as the product reads it: the .txt itself, its printed PDF, or a scan of that PDF."""
    from contractbox.documents.sources import ReadOptions, read_source
    from contractbox.documents.sources import read_file as load_document

    if reading == "text":
        return load_document(path)
    pdf = printed_pdf(path.read_text(encoding="utf-8"), path.stem)
    if reading == "scan":
        from scanner import scanned_pdf

        pdf = scanned_pdf(pdf, seed_name=path.name)
    return read_source("pdf", {"pdf": pdf}, path.stem, ReadOptions())


def analyze_file(path: Path, reading: str = "text", save_text: Path | None = None) -> dict[str, Any]:
    from contractbox.engine import live

    document = read_document(path, reading)
    if save_text is not None:
        save_text.mkdir(parents=True, exist_ok=True)
        (save_text / path.name).write_text(document.text, encoding="utf-8")
    return live.analyze(document)


WRAP_COLUMNS = 86


def printable(text: str) -> bool:
    try:
        text.encode("cp1252")
    except UnicodeEncodeError:
        return False
    return True


def printed_pdf(text: str, title: str) -> bytes:
    """The contract as a printed PDF carries it: wrapped paragraphs, a running header, page numbers."""
    import textwrap

    sys.path.insert(0, str(ROOT / "sample_contracts"))
    from make_pdfs import LINES_PER_PAGE, text_to_pdf

    lines: list[str] = []
    for paragraph in text.strip().split("\n"):
        lines += textwrap.wrap(paragraph, WRAP_COLUMNS, break_on_hyphens=False) or [""]
    body = LINES_PER_PAGE - 4  # header, blank, ..., blank, footer
    chunks = [lines[i : i + body] for i in range(0, len(lines), body)] or [[]]
    pages = []
    for number, chunk in enumerate(chunks, 1):
        footer = f"Page {number} of {len(chunks)}".center(WRAP_COLUMNS)
        pages.append(["CONFIDENTIAL - EXECUTION VERSION", "", *chunk, *[""] * (body - len(chunk)), "", footer])
    return text_to_pdf("\n".join(line for page in pages for line in page), title)


def run(directory: Path, match: str = "", reading: str = "text", save_text: Path | None = None) -> list[FileScore]:
    """One score per contract whose name matches `match` (a regular expression); a contract the
    engine fails on scores as an empty result."""
    scores = []
    for text, truth in truth_files(directory):
        if match and not re.search(match, text.name):
            continue
        if reading != "text" and not printable(text.read_text(encoding="utf-8")):
            print(f"  {text.name}: not printable in the PDF writer's WinAnsi font, left out", file=sys.stderr)
            continue
        try:
            result = analyze_file(text, reading, save_text)
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
    for key in (
        "renewal",
        "governing_law",
        "risk_precision",
        "risk_recall",
        "false_alarm_rate",
        "obligations_recall",
        "obligations_recall_by_role",
    ):
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
        print(
            f"{s.name[:44]:44s} {'.' if s.parties_exact else 'x':>7s} {marks} {'.' if s.renewal_right else 'x':>3s} "
            f"{'.' if s.law_right else 'x':>3s}  {s.risks_false_positive:>5d}/{s.risks_absent_total:<6d} "
            f"{s.risks_true_positive:>5d}/{s.risks_present_total:<5d} {s.obligations_found:>5d}/{s.obligations_total}"
        )


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
    readings = ap.add_mutually_exclusive_group()
    readings.add_argument("--pdf", action="store_true", help="read each contract from a printed PDF of it (see above)")
    readings.add_argument("--scan", action="store_true", help="read each contract from a scan of its printed PDF (OCR)")
    ap.add_argument("--save-text", type=Path, help="write the text each contract was read as into this folder")
    args = ap.parse_args()
    reading = "scan" if args.scan else "pdf" if args.pdf else "text"
    scores = run(args.dir, args.match, reading, args.save_text)
    totals = summarize(scores)
    if args.json:
        print(json.dumps({"totals": totals, "files": {s.name: asdict(s) for s in scores}}, indent=1))
    else:
        print_report(totals, scores, args.quiet)


if __name__ == "__main__":
    main()
