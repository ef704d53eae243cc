"""PDF text extraction speed on the CUAD PDFs: extract_pdf (isolated and in-process) vs bare pypdf.

    python bench/pdf.py [PDF_DIR]

Each method reads every PDF once per run; the table shows the median of 3 runs in pages per
second and its ratio to pypdf. The isolated figure includes handing each file to a worker
process and back; the worker pool is warmed up first (its start-up is shown separately).
"""

from __future__ import annotations

import io
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from pypdf import PdfReader

from contractbox.documents import pdf as pdf_module

DEFAULT_DIR = Path(__file__).resolve().parents[2] / "shared" / "data" / "cuad" / "pdfs"
RUNS = 3


def pypdf_pages(data: bytes) -> int:
    reader = PdfReader(io.BytesIO(data))
    for page in reader.pages:
        page.extract_text()
    return len(reader.pages)


def extract_pdf_pages(isolated: bool) -> Callable[[bytes], int]:
    def run(data: bytes) -> int:
        pdf_module.ISOLATE_EXTRACTION = isolated
        try:
            return len(pdf_module.extract_pdf(data).pages)
        finally:
            pdf_module.ISOLATE_EXTRACTION = True

    return run


def pages_per_second(method: Callable[[bytes], int], files: list[bytes]) -> float:
    rates = []
    for _ in range(RUNS):
        started = time.perf_counter()
        pages = sum(method(data) for data in files)
        rates.append(pages / (time.perf_counter() - started))
    return statistics.median(rates)


def main() -> None:
    argv = sys.argv[1:]
    json_path = None
    if "--json" in argv:  # --json FILE: also write the figures to FILE (for bench/report.py)
        at = argv.index("--json")
        json_path = Path(argv[at + 1])
        del argv[at : at + 2]
    folder = Path(argv[0]) if argv else DEFAULT_DIR
    files = [path.read_bytes() for path in sorted(folder.glob("*.pdf"))]
    if not files:
        raise SystemExit(f"no PDFs in {folder}")
    page_count = sum(len(PdfReader(io.BytesIO(data)).pages) for data in files)

    started = time.perf_counter()
    pdf_module.warm_up()
    warm_up_ms = (time.perf_counter() - started) * 1000

    methods = {
        "pypdf (bare, in-process)": pypdf_pages,
        "extract_pdf (isolated worker)": extract_pdf_pages(isolated=True),
        "extract_pdf (in-process)": extract_pdf_pages(isolated=False),
    }
    rates = {name: pages_per_second(method, files) for name, method in methods.items()}
    baseline = rates["pypdf (bare, in-process)"]

    print(f"{len(files)} PDFs, {page_count} pages from {folder}; median of {RUNS} runs")
    print(f"{'method':32} {'pages/s':>9} {'vs pypdf':>9}")
    for name, rate in rates.items():
        print(f"{name:32} {rate:9.1f} {rate / baseline:8.2f}x")
    print(f"worker pool start-up (once): {warm_up_ms:.0f} ms")
    if json_path:
        import json

        json_path.write_text(json.dumps({"bench": "pdf", "files": len(files), "pages": page_count, "pages_per_s": rates, "warm_up_ms": warm_up_ms}, indent=2))
    pdf_module.shutdown_workers()


if __name__ == "__main__":
    main()
