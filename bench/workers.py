"""Analysis throughput with 1 and with 2 worker processes, in the same run, through the real server.

    python bench/workers.py [--texts 60] [--workers 1,2] [--json FILE]

For each worker count: a fresh `contractbox serve` (live key, rate limit off), the same batch
submitted at once as an import would (CUAD contracts as text, plus the 23 CUAD PDFs), then
until every analysis is finished:
- analyses/s: the batch size over the time from the first submit to the moment the server has
  none left queued or processing (checked every 50 ms);
- `GET /v1/analyses/{id}` latency, p50/p99: an open-loop sampler polls random ids of the batch
  20 times a second during the whole batch (what a UI or an importer polling for progress sees);
- peak RSS of the server's process tree (the server, its analysis workers and their PDF readers).
The ratio of analyses/s with 2 workers to 1 is the figure to compare (goal >= 1.7x on 2 cores).
Also printed: CPU seconds per analysis in the server process and in the workers (what the
capacity arithmetic in docs/operations.md uses, since it does not depend on what else runs on
the machine) and the load average at the end (other work on the machine skews the wall times).
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import random
import statistics
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _harness import CUAD, contractbox_server, make_key, percentile  # noqa: E402

SAMPLE_PER_S = 20


def batch(texts: int) -> list[dict]:
    bodies = []
    for path in sorted((CUAD / "contracts").glob("*.txt"))[:texts]:
        bodies.append({"title": path.stem[:200], "sourceType": "text", "text": path.read_text(encoding="utf-8")})
    for path in sorted((CUAD / "pdfs").glob("*.pdf")):
        pdf = base64.b64encode(path.read_bytes()).decode()
        bodies.append({"title": path.stem[:200], "sourceType": "pdf", "pdfBase64": pdf})
    return bodies


def cpu_seconds(root_pid: int) -> tuple[float, float]:
    """CPU seconds (user + system) of the server process itself, and of all its descendants
    (live ones, plus the ones already reaped, which the kernel adds to their parent's cutime)."""
    tick = os.sysconf("SC_CLK_TCK")
    parents: dict[int, int] = {}
    times: dict[int, tuple[int, int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry)] = int(fields[1])
        times[int(entry)] = (int(fields[11]) + int(fields[12]), int(fields[13]) + int(fields[14]))
    own, reaped = times.get(root_pid, (0, 0))
    descendants, frontier = set(), {root_pid}
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier} - descendants
        descendants |= frontier
    children = reaped + sum(sum(times[pid]) for pid in descendants)
    return own / tick, children / tick


def tree_rss_kib(root_pid: int) -> int:
    """RSS of a process and all its descendants, from /proc."""
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            status = Path(f"/proc/{entry}/status").read_text()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        pid, ppid = int(entry), int(fields.get("PPid", "0").strip())
        children.setdefault(ppid, []).append(pid)
        rss[pid] = int(fields.get("VmRSS", "0 kB").split()[0]) if "VmRSS" in fields else 0
    total, stack = 0, [root_pid]
    while stack:
        pid = stack.pop()
        total += rss.get(pid, 0)
        stack.extend(children.get(pid, []))
    return total


class Sampler(threading.Thread):
    """Open loop: request i is due at start + i / rate; its latency counts from when it was due."""

    def __init__(self, client: httpx.Client, ids: list[str], stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.client, self.ids, self.stop = client, ids, stop
        self.latencies_ms: list[float] = []
        self.errors = 0

    def run(self) -> None:
        start, i = time.perf_counter(), 0
        while not self.stop.is_set():
            due = start + i / SAMPLE_PER_S
            time.sleep(max(0.0, due - time.perf_counter()))
            response = self.client.get(f"/v1/analyses/{random.choice(self.ids)}")
            self.latencies_ms.append((time.perf_counter() - due) * 1000)
            self.errors += response.status_code != 200
            i += 1


def run_one(workers: int, bodies: list[dict]) -> dict:
    with contractbox_server({"CONTRACTBOX_WORKERS": str(workers)}) as (port, data_dir, process):
        secret = make_key(data_dir, "bench-workers", mode="live", live=True)
        headers = {"Authorization": f"Bearer {secret}"}
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", headers=headers, timeout=60) as client:
            warm = client.post("/v1/analyses", json={"title": "warm", "sourceType": "text", "text": "A short text."})
            _wait_idle(client)  # the workers have loaded the engine
            assert warm.status_code == 202
            peak = [tree_rss_kib(process.pid)]
            stop = threading.Event()
            rss_thread = threading.Thread(target=_watch_rss, args=(process.pid, peak, stop), daemon=True)
            rss_thread.start()
            server_cpu, workers_cpu = cpu_seconds(process.pid)
            started = time.perf_counter()
            with ThreadPoolExecutor(4) as pool:
                ids = list(pool.map(lambda body: _submit(client, body), bodies))
            sampler = Sampler(client, ids, stop)
            sampler.start()
            _wait_idle(client)
            elapsed = time.perf_counter() - started
            server_cpu_after, workers_cpu_after = cpu_seconds(process.pid)
            stop.set()
            sampler.join()
            rss_thread.join()
            failed = client.get("/v1/analyses", params={"status": "failed", "limit": 100}).json()["data"]
    return {
        "workers": workers,
        "analyses": len(bodies),
        "failed": len([f for f in failed if f["title"] != "warm"]),
        "seconds": elapsed,
        "analyses_per_s": len(bodies) / elapsed,
        "get_p50_ms": percentile(sampler.latencies_ms, 50),
        "get_p99_ms": percentile(sampler.latencies_ms, 99),
        "get_samples": len(sampler.latencies_ms),
        "get_errors": sampler.errors,
        "peak_rss_mib": peak[0] / 1024,
        "server_cpu_s_per_analysis": (server_cpu_after - server_cpu) / len(bodies),
        "workers_cpu_s_per_analysis": (workers_cpu_after - workers_cpu) / len(bodies),
        "load_average_1min": os.getloadavg()[0],
    }


def _submit(client: httpx.Client, body: dict) -> str:
    response = client.post("/v1/analyses", json=body)
    response.raise_for_status()
    return response.json()["analysisId"]


def _wait_idle(client: httpx.Client) -> None:
    while any(
        client.get("/v1/analyses", params={"status": status, "limit": 1}).json()["data"]
        for status in ("queued", "processing")
    ):
        time.sleep(0.05)


def _watch_rss(pid: int, peak: list[int], stop: threading.Event) -> None:
    while not stop.is_set():
        peak[0] = max(peak[0], tree_rss_kib(pid))
        time.sleep(0.2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--texts", type=int, default=60, help="CUAD text contracts in the batch (plus the 23 PDFs)")
    parser.add_argument("--workers", default="1,2", help="worker counts to compare, comma-separated")
    parser.add_argument("--repeat", type=int, default=1, help="rounds of the worker counts, interleaved (1,2,1,2...)")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    bodies = batch(args.texts)
    runs = [run_one(int(n), bodies) for _ in range(args.repeat) for n in args.workers.split(",")]
    print(
        f"batch: {len(bodies)} analyses ({args.texts} texts, {len(bodies) - args.texts} PDFs), live mode, os.cpu_count()={os.cpu_count()}"
    )
    print(
        "| workers | seconds | analyses/s | ratio to 1 | GET p50 / p99 ms | peak RSS MiB "
        "| CPU s per analysis: server / workers | load avg | failed |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    base = runs[0]["analyses_per_s"]
    for run in runs:
        print(
            f"| {run['workers']} | {run['seconds']:.1f} | {run['analyses_per_s']:.2f} | {run['analyses_per_s'] / base:.2f}x "
            f"| {run['get_p50_ms']:.1f} / {run['get_p99_ms']:.1f} | {run['peak_rss_mib']:.0f} "
            f"| {run['server_cpu_s_per_analysis']:.3f} / {run['workers_cpu_s_per_analysis']:.3f} "
            f"| {run['load_average_1min']:.1f} | {run['failed']} |"
        )
    if args.repeat > 1:
        rates = {n: statistics.median(r["analyses_per_s"] for r in runs if r["workers"] == n) for n in counts(runs)}
        first = rates[runs[0]["workers"]]
        print(
            "median analyses/s: "
            + ", ".join(f"{n} workers {rate:.2f} ({rate / first:.2f}x)" for n, rate in rates.items())
        )
    if args.json:
        args.json.write_text(json.dumps({"bench": "workers", "runs": runs}, indent=2))


def counts(runs: list[dict]) -> list[int]:
    return list(dict.fromkeys(run["workers"] for run in runs))


if __name__ == "__main__":
    main()
