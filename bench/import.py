"""A data room through `contractbox import`, with 1 and with 2 worker processes in the same run.

    python bench/import.py [--limit N] [--workers 1,2] [--repeat 1] [--json FILE]

The import: the 405 CUAD dev contracts (../shared/data/cuad), each as its PDF where the dataset
has one (23) and as text otherwise, in a folder with two subfolders (pdf/, text/: the labels).
For each worker count: a fresh `contractbox serve` (live mode, rate limit off), a review set made
through the API, then `contractbox import FOLDER --set rs_... --json` as a subprocess on the same
data dir, timed from its start until it exits (it exits once every document is analysed). Measured:
- wall time and contracts per minute (documents analysed over the wall time);
- peak RSS of the server's process tree (server, workers, their PDF readers) and of the CLI;
- `GET /v1/analyses/{id}` latency p50/p99 during the import: an open-loop sampler, 20 requests a
  second on random analyses of the set (refreshed every second from the list), in a process of its
  own with the grid watcher (the bench's RSS readings must not delay it);
- `GET /v1/review_sets/{id}/grid` latency (the UI's grid while the import runs), every 2 s;
- CPU seconds per analysis in the server process, in the workers and in the CLI (they do not depend on
  other work on the machine, unlike the wall times), the load average, how much of the machine's CPU
  time stayed idle during the import (/proc/stat: with 2 workers on 2 cores, idle time is waiting), and
  the CPU seconds the machine spent on anything else: the bench's own sampler and RSS watcher (a few
  seconds), the kernel, and other people's work, which a run on a shared machine must be read against.
At the end every row of the grid must be answered (cells written, or failed with an error).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _harness import CUAD, contractbox_server, make_key, percentile  # noqa: E402
from workers import cpu_seconds, tree_rss_kib  # noqa: E402

SAMPLE_PER_S = 20
GRID_EVERY_S = 2.0
RSS_EVERY_S = 0.5


def data_room(target: Path, limit: int | None) -> tuple[int, int]:
    """The import folder: PDFs where CUAD has them, texts otherwise. Returns (pdfs, texts)."""
    pdfs = {p.stem: p for p in (CUAD / "pdfs").glob("*.pdf")}
    texts = sorted((CUAD / "contracts").glob("*.txt"))[:limit]
    (target / "pdf").mkdir(parents=True)
    (target / "text").mkdir()
    counts = [0, 0]
    for text in texts:
        pdf = pdfs.get(text.stem)
        if pdf is not None:
            shutil.copyfile(pdf, target / "pdf" / pdf.name)
            counts[0] += 1
        else:
            shutil.copyfile(text, target / "text" / text.name)
            counts[1] += 1
    return counts[0], counts[1]


class Sampler(threading.Thread):
    """Open loop at SAMPLE_PER_S on random analyses of the set; latency counts from when due."""

    def __init__(self, client: httpx.Client, set_id: str, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.client, self.set_id, self.stop = client, set_id, stop
        self.ids: list[str] = []
        self.latencies_ms: list[float] = []
        self.errors = 0

    def refresh(self) -> None:
        page = self.client.get("/v1/analyses", params={"reviewSet": self.set_id, "limit": 100}).json()
        self.ids = [a["analysisId"] for a in page["data"]] or self.ids

    def run(self) -> None:
        start, i, refreshed = time.perf_counter(), 0, 0.0
        while not self.stop.is_set():
            if time.perf_counter() - refreshed > 1.0:
                self.refresh()
                refreshed = time.perf_counter()
                start, i = time.perf_counter(), 0  # the refresh is not a sample; do not count it as delay
            if not self.ids:
                time.sleep(0.05)
                continue
            due = start + i / SAMPLE_PER_S
            time.sleep(max(0.0, due - time.perf_counter()))
            response = self.client.get(f"/v1/analyses/{random.choice(self.ids)}")
            self.latencies_ms.append((time.perf_counter() - due) * 1000)
            self.errors += response.status_code != 200
            i += 1


class GridWatcher(threading.Thread):
    def __init__(self, client: httpx.Client, set_id: str, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.client, self.set_id, self.stop = client, set_id, stop
        self.latencies_ms: list[float] = []
        self.errors = 0

    def run(self) -> None:
        while not self.stop.wait(GRID_EVERY_S):
            started = time.perf_counter()
            response = self.client.get(f"/v1/review_sets/{self.set_id}/grid")
            self.latencies_ms.append((time.perf_counter() - started) * 1000)
            self.errors += response.status_code != 200


def machine_cpu_jiffies() -> tuple[int, int]:
    """(idle + iowait, total) jiffies of all CPUs since boot, from /proc/stat (USER_HZ, 100 a second)."""
    fields = [int(value) for value in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    return fields[3] + fields[4], sum(fields)


def children_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def sample_requests(base_url: str, headers: dict, set_id: str, stop: Any, results: Any) -> None:
    """The GET sampler and the grid watcher, in a process of their own: their latencies must not include
    waits for the interpreter of the bench, which reads /proc for RSS meanwhile (25 ms a scan)."""
    with httpx.Client(base_url=base_url, headers=headers, timeout=60) as client:
        done = threading.Event()
        sampler, grid = Sampler(client, set_id, done), GridWatcher(client, set_id, done)
        sampler.start()
        grid.start()
        stop.wait()
        done.set()
        sampler.join()
        grid.join()
    results.put((sampler.latencies_ms, sampler.errors, grid.latencies_ms, grid.errors))


def watch_rss(pids: list[int], peaks: list[int], stop: threading.Event) -> None:
    while not stop.wait(RSS_EVERY_S):
        for n, pid in enumerate(pids):
            with contextlib.suppress(OSError, ValueError):  # the CLI has exited
                peaks[n] = max(peaks[n], tree_rss_kib(pid))


def run_one(workers: int, folder: Path, documents: int) -> dict:
    with contractbox_server({"CONTRACTBOX_WORKERS": str(workers)}) as (port, data_dir, process):
        secret = make_key(data_dir, "bench-import", mode="live", live=True)
        headers = {"Authorization": f"Bearer {secret}"}
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", headers=headers, timeout=60) as client:
            warm = client.post("/v1/analyses", json={"title": "warm", "sourceType": "text", "text": "A short text."})
            assert warm.status_code == 202
            while client.get(f"/v1/analyses/{warm.json()['analysisId']}").json()["status"] != "completed":
                time.sleep(0.05)  # the workers have loaded the engine
            set_id = client.post("/v1/review_sets", json={"name": f"CUAD dev, {workers} workers"}).json()["id"]
            stop = threading.Event()
            spawn = multiprocessing.get_context("spawn")
            sampling_stop, results = spawn.Event(), spawn.Queue()
            sampling = spawn.Process(
                target=sample_requests, args=(str(client.base_url), headers, set_id, sampling_stop, results)
            )
            server_cpu, workers_cpu = cpu_seconds(process.pid)
            reaped_before = children_cpu_seconds()
            idle_before = machine_cpu_jiffies()
            started = time.perf_counter()
            command = [sys.executable, "-m", "contractbox", "import", str(folder), "--org", "bench-import"]
            command += ["--set", set_id, "--json", "--data-dir", str(data_dir)]
            cli = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            peaks = [tree_rss_kib(process.pid), 0]
            rss = threading.Thread(target=watch_rss, args=([process.pid, cli.pid], peaks, stop), daemon=True)
            sampling.start()
            rss.start()
            output, _ = cli.communicate()
            elapsed = time.perf_counter() - started
            idle_after = machine_cpu_jiffies()
            cli_cpu = children_cpu_seconds() - reaped_before  # the CLI is the only child reaped meanwhile
            server_cpu_after, workers_cpu_after = cpu_seconds(process.pid)
            stop.set()
            sampling_stop.set()
            get_ms, get_errors, grid_ms, grid_errors = results.get()
            sampling.join()
            rss.join()
            assert cli.returncode == 0, output
            report = json.loads(output.strip().splitlines()[-1])
            final = client.get(f"/v1/review_sets/{set_id}/grid")
            rows = final.json()["rows"]
            answered = sum(1 for r in rows if r["cells"] or r["status"] == "failed")
    analysed = report["completed"] + len(report["failed"])
    return {
        "workers": workers,
        "documents": documents,
        "submitted": report["submitted"],
        "completed": report["completed"],
        "failed": len(report["failed"]),
        "not_imported": len(report["unsupported"]),
        "duplicates": len(report["duplicates"]),
        "grid_rows": len(rows),
        "grid_rows_answered": answered,
        "seconds": elapsed,
        "contracts_per_minute": analysed / elapsed * 60,
        "get_p50_ms": percentile(get_ms, 50),
        "get_p99_ms": percentile(get_ms, 99),
        "get_samples": len(get_ms),
        "get_errors": get_errors,
        "grid_p50_ms": percentile(grid_ms, 50) if grid_ms else None,
        "grid_max_ms": max(grid_ms) if grid_ms else None,
        "grid_errors": grid_errors,
        "peak_rss_server_mib": peaks[0] / 1024,
        "peak_rss_cli_mib": peaks[1] / 1024,
        "server_cpu_s_per_analysis": (server_cpu_after - server_cpu) / max(analysed, 1),
        "workers_cpu_s_per_analysis": (workers_cpu_after - workers_cpu) / max(analysed, 1),
        "cli_cpu_s_per_analysis": cli_cpu / max(analysed, 1),
        "load_average_1min": os.getloadavg()[0],
        "machine_idle_percent": 100 * (idle_after[0] - idle_before[0]) / max(idle_after[1] - idle_before[1], 1),
        "other_cpu_s": (idle_after[1] - idle_before[1] - idle_after[0] + idle_before[0]) / os.sysconf("SC_CLK_TCK")
        - (server_cpu_after - server_cpu + workers_cpu_after - workers_cpu + cli_cpu),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="the first N CUAD contracts only (default: all 405)")
    parser.add_argument("--workers", default="1,2", help="worker counts to compare, comma-separated")
    parser.add_argument("--repeat", type=int, default=1, help="rounds of the worker counts, interleaved (1,2,1,2...)")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="cb-import-") as tmp:
        folder = Path(tmp) / "CUAD data room"
        pdfs, texts = data_room(folder, args.limit)
        counts = [int(n) for n in args.workers.split(",")]
        runs = [run_one(n, folder, pdfs + texts) for _ in range(args.repeat) for n in counts]
    print(f"import: {pdfs + texts} documents ({pdfs} PDFs, {texts} texts), live mode, os.cpu_count()={os.cpu_count()}")
    first = runs[0]
    print(
        f"per run: {first['submitted']} submitted, {first['duplicates']} duplicates (same content), "
        f"{first['not_imported']} not imported"
    )
    print(
        "| workers | seconds | contracts/min | ratio to 1 | GET p50 / p99 ms | grid p50 / max ms "
        "| peak RSS MiB: server tree / CLI | CPU s per analysis: server / workers / CLI | load avg | CPU idle % "
        "| other CPU s | completed / failed |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    base = runs[0]["contracts_per_minute"]
    for run in runs:
        grid = f"{run['grid_p50_ms']:.0f} / {run['grid_max_ms']:.0f}" if run["grid_p50_ms"] is not None else "-"
        print(
            f"| {run['workers']} | {run['seconds']:.1f} | {run['contracts_per_minute']:.0f} "
            f"| {run['contracts_per_minute'] / base:.2f}x | {run['get_p50_ms']:.1f} / {run['get_p99_ms']:.1f} | {grid} "
            f"| {run['peak_rss_server_mib']:.0f} / {run['peak_rss_cli_mib']:.0f} "
            f"| {run['server_cpu_s_per_analysis']:.3f} / {run['workers_cpu_s_per_analysis']:.3f} "
            f"/ {run['cli_cpu_s_per_analysis']:.3f} "
            f"| {run['load_average_1min']:.1f} | {run['machine_idle_percent']:.0f} | {run['other_cpu_s']:.1f} "
            f"| {run['completed']} / {run['failed']} |"
        )
        assert run["grid_rows_answered"] == run["grid_rows"] == run["submitted"], run
    if args.repeat > 1:
        rates = {n: statistics.median(r["contracts_per_minute"] for r in runs if r["workers"] == n) for n in counts}
        first = rates[counts[0]]
        print("median contracts/min: " + ", ".join(f"{n} workers {r:.0f} ({r / first:.2f}x)" for n, r in rates.items()))
    if args.json:
        args.json.write_text(json.dumps({"bench": "import", "runs": runs}, indent=2))


if __name__ == "__main__":
    main()
