"""Word files, measured (issue 16; figures in docs/docx.md and the README).

For every plain-text sample contract (sample_contracts/*.txt) a .docx is generated with python-docx
(samples/make_docx.py): numbered sections as a Word list, a table, and tracked changes by two
authors (Bob Buyer inserts a sentence, Alice Counsel deletes a phrase). Then:
- exact text: what documents.docx reads (changes accepted) equals the expected text character for character;
- revisions: every change is listed, each insertion's offsets point at its text, each deletion at its spot;
- results: the live engine's result on the .docx equals its result on the same contract as text
  (summary, clauses, risks, obligations, key dates, evidence offsets), apart from the revision fields;
- cost: median time to read the .docx, against the time to read the same text.

    .venv/bin/python bench/docx.py    -> bench/out/docx.json
"""

from __future__ import annotations

import importlib.util
import json
import re
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
# This file is bench/docx.py: its folder must not shadow python-docx's `docx` package.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != REPO / "bench"]
sys.path.insert(0, str(REPO / "src"))

from contractbox import engine  # noqa: E402
from contractbox.documents.docx import read_docx  # noqa: E402
from contractbox.documents.text import document_from_text  # noqa: E402

OUT = REPO / "bench" / "out"
COMPARED = ("summary", "riskScore", "clauses", "obligations", "keyDates", "evidence")


def load_make_docx():
    spec = importlib.util.spec_from_file_location("make_docx", REPO / "samples" / "make_docx.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_docx"] = module
    spec.loader.exec_module(module)
    return module


def changes_for(make_docx, paragraphs: list[str]) -> list:
    """Bob Buyer's insertion: the last sentence of the second numbered section; Alice Counsel's deletion:
    a phrase after the first words of the fourth."""
    numbered = [p for p in paragraphs if re.match(r"^\d+\.\s", p)]
    sentences = re.split(r"(?<=\.)\s+", numbered[1])
    inserted = " " + sentences[-1] if len(sentences) > 1 else numbered[1].split(". ", 1)[-1]
    fourth_words = numbered[3].split()
    return [
        make_docx.Change(inserted.strip(), "Bob Buyer"),
        make_docx.Change(
            " ".join(fourth_words[1:3]), "Alice Counsel", deleted=" (save as otherwise agreed in writing)"
        ),
    ]


def median_ms(function, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        times.append((time.perf_counter() - start) * 1000)
    return round(statistics.median(times), 2)


def measure(make_docx, path: Path) -> dict:
    text = path.read_text()
    built = make_docx.contract_docx(
        text, changes_for(make_docx, make_docx.paragraphs_of(text)), [["Item", "Amount"], ["Fees", "As stated"]]
    )
    document = read_docx(built.data)
    from_docx = engine.analyze(document, "live")
    from_text = engine.analyze(document_from_text(built.text, None), "live")
    inserted = [r for r in document.revisions if r.kind == "inserted"]
    deleted = [r for r in document.revisions if r.kind == "deleted"]
    risks = [{k: v for k, v in r.items() if k not in ("fromRevision", "revisionIds")} for r in from_docx["risks"]]
    return {
        "contract": path.name,
        "characters": len(built.text),
        "textExact": document.text == built.text,
        "revisionsListed": len(inserted) == len(built.inserted) and len(deleted) == len(built.deleted),
        "insertionOffsetsExact": all(document.text[r.start : r.end] == r.text for r in inserted),
        "deletionsNotInText": all(r.start == r.end and r.text == d for r, d in zip(deleted, built.deleted)),
        "authors": sorted({r.author or "" for r in document.revisions}),
        "resultsEqual": all(from_docx[p] == from_text[p] for p in COMPARED) and risks == from_text["risks"],
        "differingParts": [p for p in COMPARED if from_docx[p] != from_text[p]]
        + (["risks"] if risks != from_text["risks"] else []),
        "risksFromRevision": [r["category"] for r in from_docx["risks"] if r.get("fromRevision")],
        "readDocxMs": median_ms(lambda: read_docx(built.data)),
        "readTextMs": median_ms(lambda: document_from_text(built.text, None)),
        "docxBytes": len(built.data),
    }


def main() -> None:
    make_docx = load_make_docx()
    rows = [measure(make_docx, path) for path in sorted((REPO / "sample_contracts").glob("*.txt"))]
    for row in rows:
        print(json.dumps(row))
    summary = {
        "contracts": len(rows),
        "textExact": sum(r["textExact"] for r in rows),
        "revisionsListed": sum(
            r["revisionsListed"] and r["insertionOffsetsExact"] and r["deletionsNotInText"] for r in rows
        ),
        "resultsEqual": sum(r["resultsEqual"] for r in rows),
        "medianReadDocxMs": statistics.median(r["readDocxMs"] for r in rows),
    }
    OUT.mkdir(exist_ok=True)
    (OUT / "docx.json").write_text(json.dumps({"summary": summary, "contracts": rows}, indent=2))
    print(json.dumps(summary, indent=2))


if __name__ == "__main__":
    main()
