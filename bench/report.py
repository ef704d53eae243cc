"""bench/report.py: run every bench in bench/ and write bench/REPORT.md, one markdown table of
figure, goal, measured and ratio to its baseline (the reference the bench measures against, such
as a bare Litestar route, bare pypdf or the from-source server; else the goal itself).

    python bench/report.py            # short runs (a few minutes in all)
    python bench/report.py --full     # the benches' own default lengths (load: 10 minutes)
    python bench/report.py --only api,load

The table is also copied into README.md's performance section, between its markers.

Each bench writes its figures with --json FILE; bench/binary.py writes bench/out/binary.json and
is run only when dist/contractbox exists (building it takes minutes: packaging/build.py). A bench that
fails or is missing is listed under the table with its reason instead of figures.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
Row = tuple[str, str, str, str]  # figure, goal, measured, ratio

# name -> (script, short arguments, full arguments, timeout short/full in seconds)
BENCHES: dict[str, tuple[str, list[str], list[str], tuple[int, int]]] = {
    "api": ("api.py", ["--duration", "4", "--runs", "1"], [], (300, 900)),
    "pdf": ("pdf.py", [], [], (600, 900)),
    "engine": ("engine.py", ["--limit", "40"], [], (600, 1800)),
    "binary": ("binary.py", ["--runs", "2"], ["--runs", "5"], (900, 1800)),
    "load": ("load.py", ["--duration", "60"], ["--duration", "600"], (300, 1200)),
}


def mark(ok: bool) -> str:
    return "met" if ok else "**missed**"


def at_most(value: float, goal: float) -> str:
    return f"{value / goal:.2f}x goal, {mark(value <= goal)}"


def at_least(value: float, goal: float) -> str:
    return f"{value / goal:.2f}x goal, {mark(value >= goal)}"


def rows_api(d: dict) -> list[Row]:
    return [
        ("api: test-mode submit-to-completed p50", "<= 50 ms", f"{d['p50_ms']:.1f} ms", at_most(d["p50_ms"], 50)),
        ("api: test-mode submit-to-completed p99", "<= 200 ms", f"{d['p99_ms']:.1f} ms", at_most(d["p99_ms"], 200)),
        ("api: analyses per second, 8 clients", ">= 150/s", f"{d['analyses_per_s']:.0f}/s", at_least(d["analyses_per_s"], 150)),
        (
            "api: GET /v1/analyses/{id} per second",
            ">= 0.40x bare Litestar",
            f"{d['get_rps']:.0f}/s (bare {d['bare_rps']:.0f}/s)",
            f"{d['get_rps'] / d['bare_rps']:.2f}x bare route, {mark(d['get_rps'] >= 0.4 * d['bare_rps'])}",
        ),
    ]


def rows_pdf(d: dict) -> list[Row]:
    rates = d["pages_per_s"]
    pypdf = rates["pypdf (bare, in-process)"]
    rows = []
    for name, rate in rates.items():
        if name.startswith("pypdf"):
            continue
        rows.append((f"pdf: {name}, {d['pages']} CUAD pages", ">= 80 pages/s", f"{rate:.0f} pages/s", f"{rate / pypdf:.2f}x bare pypdf ({pypdf:.0f}/s), {mark(rate >= 80)}"))
    return rows


def rows_engine(d: dict) -> list[Row]:
    rows = [
        (f"engine: live text analysis median, {d['contracts']} CUAD contracts", "<= 100 ms", f"{d['median_ms']:.1f} ms", at_most(d["median_ms"], 100)),
        ("engine: model load", "< 1000 ms", f"{d['model_load_ms']:.0f} ms", at_most(d["model_load_ms"], 1000)),
        ("engine: model file size", "<= 20 MB", f"{d['model_size_mb']:.1f} MB", at_most(d["model_size_mb"], 20)),
    ]
    if "pdf_pages_per_s" in d:
        rows.append(("engine: PDF extraction", ">= 80 pages/s", f"{d['pdf_pages_per_s']:.0f} pages/s", f"{d['pdf_pages_per_s'] / d['pypdf_pages_per_s']:.2f}x bare pypdf, {mark(d['pdf_pages_per_s'] >= 80)}"))
    return rows


def rows_binary(d: dict) -> list[Row]:
    source, binary = d["rows"][0], d["rows"][1]
    return [
        ("binary: one-file headless build size", "<= 150 MB", f"{binary['size_mb']:.1f} MB", at_most(binary["size_mb"], 150)),
        ("binary: launch to /healthz 200", "<= 3 s", f"{binary['healthz_s']:.2f} s", f"{binary['healthz_s'] / source['healthz_s']:.2f}x from source, {mark(binary['healthz_s'] <= 3)}"),
        ("binary: idle RSS", "<= 150 MB", f"{binary['idle_rss_mb']:.0f} MiB", f"{binary['idle_rss_mb'] / source['idle_rss_mb']:.2f}x from source, {mark(binary['idle_rss_mb'] <= 150)}"),
        ("binary: peak RSS, largest CUAD PDF", "reported", f"{binary['peak_rss_mb']:.0f} MiB", f"{binary['peak_rss_mb'] / source['peak_rss_mb']:.2f}x from source"),
    ]


def rows_load(d: dict) -> list[Row]:
    rows = [
        (f"load: {d['duration_s']:.0f} s, {d['keys']} keys, 2 orgs x test/live", f"{d['rate_target']:g} requests/s", f"{d['requests']} requests, {d['rate_achieved']}/s", f"{d['rate_achieved'] / d['rate_target']:.2f}x target rate, {mark(d['rate_achieved'] >= 0.95 * d['rate_target'])}"),
        ("load: error rate", "0", f"{d['error_rate']:.3%} ({d['errors']})", mark(d["errors"] == 0)),
        ("load: cross-organization / cross-mode leaks", "0", str(d["leaks"]), mark(d["leaks"] == 0)),
    ]
    for op, f in sorted(d["operations"].items()):
        rows.append((f"load: {op} p50 / p99", "p99 <= 200 ms", f"{f['p50_ms']:.1f} / {f['p99_ms']:.1f} ms", at_most(f["p99_ms"], 200)))
    if d.get("queue_lag_p99_ms") is not None:
        rows.append(("load: queue lag p50 / p99 (submit -> started)", "p99 <= 250 ms", f"{d['queue_lag_p50_ms']:.0f} / {d['queue_lag_p99_ms']:.0f} ms", at_most(d["queue_lag_p99_ms"], 250)))
    rows.append(("load: server RSS start -> end (max)", "flat", f"{d['rss_start_mib']} -> {d['rss_end_mib']} ({d['rss_max_mib']}) MiB", f"{d['rss_end_mib'] / d['rss_start_mib']:.2f}x start"))
    rows.append(("load: server RSS slope, second half", "<= 1 MiB/min", f"{d['rss_slope_mib_per_min']:+.3f} MiB/min", mark(d["rss_slope_mib_per_min"] <= 1)))
    return rows


ADAPTERS: dict[str, Callable[[dict], list[Row]]] = {"api": rows_api, "pdf": rows_pdf, "engine": rows_engine, "binary": rows_binary, "load": rows_load}


def run_bench(name: str, full: bool, out_dir: Path) -> tuple[dict | None, str]:
    script, short_args, full_args, timeouts = BENCHES[name]
    if not (BENCH / script).exists():
        return None, "no such bench in bench/"
    if name == "binary" and not (ROOT / "dist" / "contractbox").exists():
        return None, "dist/contractbox not built (build it with packaging/build.py first)"
    json_path = out_dir / f"{name}.json"
    args = full_args if full else short_args
    if name != "binary":
        args = [*args, "--json", str(json_path)]
    started = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, script, *args], cwd=BENCH, capture_output=True, text=True, timeout=timeouts[1 if full else 0])
    except subprocess.TimeoutExpired:
        return None, f"timed out after {timeouts[1 if full else 0]} s"
    (out_dir / f"{name}.log").write_text(done.stdout + "\n--- stderr ---\n" + done.stderr)
    if name == "binary":
        json_path = BENCH / "out" / "binary.json"
    if not json_path.exists() or (name == "binary" and done.returncode != 0):
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return None, f"exited {done.returncode}: {last[:200]}"
    data = json.loads(json_path.read_text())
    data["_seconds"] = time.perf_counter() - started
    data["_exit"] = done.returncode
    return data, ""


def git_commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--full", action="store_true", help="full-length runs (the load test alone takes 10 minutes)")
    parser.add_argument("--only", help="comma-separated subset of: " + ",".join(BENCHES))
    parser.add_argument("--output", type=Path, default=BENCH / "REPORT.md")
    args = parser.parse_args()
    names = args.only.split(",") if args.only else list(BENCHES)
    rows: list[Row] = []
    notes: list[str] = []
    with tempfile.TemporaryDirectory(prefix="cb-report-") as tmp:
        for name in names:
            print(f"running {name} ...", file=sys.stderr, flush=True)
            data, reason = run_bench(name, args.full, Path(tmp))
            if data is None:
                notes.append(f"- `{BENCHES[name][0]}`: not measured: {reason}")
                continue
            rows += ADAPTERS[name](data)
            note = f"- `{BENCHES[name][0]} {' '.join(BENCHES[name][2 if args.full else 1])}`: {data['_seconds']:.0f} s"
            if data["_exit"]:
                note += f", exited {data['_exit']} (its own check failed: see the figures)"
            notes.append(note)
    lines = [
        "# ContractBox benchmark report",
        "",
        f"Written by `python bench/report.py{' --full' if args.full else ''}` on {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
        f"commit {git_commit()}, {os.cpu_count()} cores, Python {platform.python_version()}, {'full-length' if args.full else 'short'} runs. "
        "The ratio column compares with the bench's own baseline where it has one (bare Litestar route, bare pypdf, "
        "the server run from source), else with the goal; 'met' / 'missed' says whether the goal holds.",
        "",
        "| figure | goal | measured | ratio to baseline |",
        "|---|---|---|---|",
        *("| " + " | ".join(row) + " |" for row in rows),
        "",
        "Runs:",
        "",
        *notes,
        "",
    ]
    args.output.write_text("\n".join(lines))
    include_in_readme("\n".join(lines[2:]))
    print("\n".join(lines))


README_START = "<!-- bench/REPORT.md starts -->"
README_END = "<!-- bench/REPORT.md ends -->"


def include_in_readme(report: str) -> None:
    """Copy the report (without its title) between the markers of README.md's performance section."""
    readme = ROOT / "README.md"
    text = readme.read_text()
    if README_START not in text or README_END not in text:
        print("README.md has no report markers; only bench/REPORT.md was written", file=sys.stderr)
        return
    head, rest = text.split(README_START, 1)
    _, tail = rest.split(README_END, 1)
    readme.write_text(f"{head}{README_START}\n{report.strip()}\n{README_END}{tail}")


if __name__ == "__main__":
    main()
