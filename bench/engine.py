"""Benchmark of the live engine: per-contract latency in-process (against a bare regex sentence
split of the same texts in the same run) and through `contractbox analyze --jsonl` (the scorer's
command, start-up included, median of several runs), CLI start-up, PDF extraction speed against
a bare pypdf baseline, model load time and size. Prints the load average: the machine is shared.

    python bench/engine.py [--data ../shared/data/cuad] [--limit N] [--cli-runs 3]

Uses CUAD v1 contracts (The Atticus Project, CC BY 4.0).
"""

from __future__ import annotations

import argparse
import io
import os
import re
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


_BARE_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


def bench_bare_split(texts: list[Path]) -> list[float]:
    """The baseline: a plain regex sentence split of each text (what any engine must at least do)."""
    times = []
    for path in texts:
        text = path.read_text(encoding="utf-8")
        t0 = time.perf_counter()
        _BARE_SENTENCE_END.split(text)
        times.append(time.perf_counter() - t0)
    return times


def bench_cli(texts: list[Path], runs: int) -> list[float]:
    """Wall seconds per contract of `contractbox analyze --jsonl` over all texts, one per run."""
    per_contract = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "contractbox", "analyze", "--jsonl", *map(str, texts)],
                       check=True, capture_output=True)
        per_contract.append((time.perf_counter() - t0) / max(len(texts), 1))
    return per_contract


def bench_start(runs: int = 5) -> float:
    """Median seconds of `python -c "import contractbox.cli.analyze"` (process start and imports)."""
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import contractbox.cli.analyze"], check=True)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


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
    ap.add_argument("--cli-runs", type=int, default=3)
    ap.add_argument("--no-pdf", action="store_true")
    ap.add_argument("--json", type=Path, help="also write the figures to this file (for bench/report.py)")
    args = ap.parse_args()
    texts = sorted((args.data / "contracts").glob("*.txt"))
    pdfs = sorted((args.data / "pdfs").glob("*.pdf"))
    if args.limit:
        texts = texts[: args.limit]

    load_before = os.getloadavg()[0]
    load_s, size_mb = bench_model()
    times = bench_in_process(texts)
    bare = bench_bare_split(texts)
    start_s = bench_start()
    cli = bench_cli(texts, args.cli_runs)
    load_after = os.getloadavg()[0]
    median_ms, bare_ms = 1000 * statistics.median(times), 1000 * statistics.median(bare)
    rows = [
        ("contracts", f"{len(texts)}"),
        ("load average (1 min) before / after", f"{load_before:.2f} / {load_after:.2f} on {os.cpu_count()} cores"),
        ("in-process latency median", f"{median_ms:.1f} ms"),
        ("in-process latency mean", f"{1000 * statistics.fmean(times):.1f} ms"),
        ("in-process latency p90", f"{1000 * percentile(times, 0.9):.1f} ms"),
        ("bare regex sentence split median (same texts)", f"{bare_ms:.2f} ms"),
        ("ratio engine / bare split (medians)", f"{median_ms / bare_ms:.0f}"),
        (f"CLI wall per contract, incl. start (median of {len(cli)} runs)", f"{1000 * statistics.median(cli):.1f} ms" if cli else "not run"),
        ("CLI runs", ", ".join(f"{1000 * c:.1f}" for c in cli) + " ms" if cli else "none (--cli-runs 0)"),
        ("start-up: python -c 'import contractbox.cli.analyze'", f"{1000 * start_s:.0f} ms"),
        ("model load", f"{1000 * load_s:.0f} ms"),
        ("model size", f"{size_mb:.1f} MB"),
    ]
    try:
        if args.no_pdf:
            raise ImportError("skipped (--no-pdf)")
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

        figures = {"contracts": len(texts), "median_ms": median_ms, "p90_ms": 1000 * percentile(times, 0.9),
                   "bare_split_median_ms": bare_ms, "cli_ms": 1000 * statistics.median(cli) if cli else None, "cli_runs_ms": [1000 * c for c in cli],
                   "start_ms": 1000 * start_s, "model_load_ms": 1000 * load_s, "model_size_mb": size_mb,
                   "load_average": [load_before, load_after]}
        if "ours" in locals():
            figures.update(pdf_pages=pages, pdf_pages_per_s=ours, pypdf_pages_per_s=baseline)
        args.json.write_text(json.dumps({"bench": "engine", **figures}, indent=2))


if __name__ == "__main__":
    main()
