"""Benchmark of the live engine: per-contract latency (in-process and through the CLI), PDF
extraction speed against a bare pypdf baseline, model load time and size.

    python bench/engine.py [--data ../shared/data/cuad] [--limit N]

Uses CUAD v1 contracts (The Atticus Project, CC BY 4.0).
"""

from __future__ import annotations

import argparse
import io
import statistics
import subprocess
import sys
import time
from pathlib import Path


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench_model() -> tuple[float, float]:
    from contractbox.engine.clause_model import MODEL_PATH, load_model

    t0 = time.perf_counter()
    load_model(MODEL_PATH)
    return time.perf_counter() - t0, MODEL_PATH.stat().st_size / 1e6


def bench_in_process(texts: list[Path]) -> list[float]:
    from contractbox.documents import Document
    from contractbox.engine import live

    live.analyze(Document.from_text("warm up"))
    times = []
    for path in texts:
        doc = Document.from_text(path.read_text(encoding="utf-8"))
        t0 = time.perf_counter()
        live.analyze(doc)
        times.append(time.perf_counter() - t0)
    return times


def bench_cli(texts: list[Path]) -> float:
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "contractbox.engine.cli", "--jsonl", *map(str, texts)],
                   check=True, capture_output=True)
    return (time.perf_counter() - t0) / max(len(texts), 1)


def bench_pdf(pdfs: list[Path]) -> tuple[float, float, int]:
    import pypdf

    from contractbox.documents.pdf import extract_pdf

    blobs = [p.read_bytes() for p in pdfs]
    t0 = time.perf_counter()
    pages = sum(len(extract_pdf(b).pages) for b in blobs)
    ours = pages / (time.perf_counter() - t0)
    t0 = time.perf_counter()
    base_pages = 0
    for b in blobs:
        reader = pypdf.PdfReader(io.BytesIO(b))
        for page in reader.pages:
            page.extract_text()
            base_pages += 1
    baseline = base_pages / (time.perf_counter() - t0)
    return ours, baseline, pages


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", type=Path, default=Path(__file__).resolve().parents[2] / "shared/data/cuad")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--json", type=Path, help="also write the figures to this file (for bench/report.py)")
    args = ap.parse_args()
    texts = sorted((args.data / "contracts").glob("*.txt"))
    pdfs = sorted((args.data / "pdfs").glob("*.pdf"))
    if args.limit:
        texts = texts[: args.limit]

    load_s, size_mb = bench_model()
    times = bench_in_process(texts)
    cli_s = bench_cli(texts)
    rows = [
        ("contracts", f"{len(texts)}"),
        ("in-process latency median", f"{1000 * statistics.median(times):.1f} ms"),
        ("in-process latency p90", f"{1000 * percentile(times, 0.9):.1f} ms"),
        ("CLI wall per contract (incl. start)", f"{1000 * cli_s:.1f} ms"),
        ("model load", f"{1000 * load_s:.0f} ms"),
        ("model size", f"{size_mb:.1f} MB"),
    ]
    try:
        ours, baseline, pages = bench_pdf(pdfs)
        rows += [("PDF pages", f"{pages}"), ("PDF extraction (ours)", f"{ours:.0f} pages/s"),
                 ("PDF extraction (bare pypdf)", f"{baseline:.0f} pages/s"), ("ratio ours/pypdf", f"{ours / baseline:.2f}")]
    except ImportError as exc:
        rows.append(("PDF extraction", f"unavailable ({exc})"))
    width = max(len(r[0]) for r in rows)
    print(f"{'measure':{width}s} | value")
    print(f"{'-' * width}-|------")
    for name, value in rows:
        print(f"{name:{width}s} | {value}")
    if args.json:
        import json

        figures = {"contracts": len(texts), "median_ms": 1000 * statistics.median(times), "p90_ms": 1000 * percentile(times, 0.9),
                   "cli_ms": 1000 * cli_s, "model_load_ms": 1000 * load_s, "model_size_mb": size_mb}
        if "ours" in locals():
            figures.update(pdf_pages=pages, pdf_pages_per_s=ours, pypdf_pages_per_s=baseline)
        args.json.write_text(json.dumps({"bench": "engine", **figures}, indent=2))


if __name__ == "__main__":
    main()
