"""bench/api.py: the /v1 service spine under load, in one run.

1. Test-mode analyses, 8 concurrent clients for DURATION_S: each submits a short contract and
   polls every 5 ms until completed; submit-to-completed latency p50/p99 and analyses/s.
2. GET /v1/analyses/{id} requests/s with 8 keep-alive connections, against a bare Litestar
   hello-world route served by uvicorn on this machine in the same run (ratio). Both servers
   run uvicorn on the asyncio loop, as `contractbox serve` does, so the ratio is the cost of the
   app itself.

Usage: python bench/api.py [--duration 10] [--runs 3]   (prints a markdown table; medians of runs)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import time

from _harness import Connection, contractbox_server, free_port, make_key, median, percentile, print_table, wait_healthy

CLIENTS = 8
CONTRACT = (
    "SERVICES AGREEMENT made on March 3, 2025 between Acme Corp and Beta LLC. Beta LLC shall deliver the services. "
    "Acme Corp shall pay each invoice within 30 days. This Agreement is governed by the laws of the State of New York."
)
BARE_APP = """
from litestar import Litestar, get
@get("/hello")
async def hello() -> dict:
    return {"hello": "world"}
app = Litestar([hello], logging_config=None)
"""


async def analysis_client(port: int, secret: str, until: float, latencies: list[float]) -> None:
    conn = await Connection(port, {"Authorization": f"Bearer {secret}"}).open()
    body = json.dumps({"title": "Bench", "sourceType": "text", "text": CONTRACT}).encode()
    while time.perf_counter() < until:
        start = time.perf_counter()
        status, raw = await conn.request("POST", "/v1/analyses", body)
        assert status == 202, raw
        path = json.loads(raw)["links"]["self"]
        while True:
            status, raw = await conn.request("GET", path)
            if json.loads(raw)["status"] in ("completed", "failed"):
                break
            await asyncio.sleep(0.005)
        latencies.append(time.perf_counter() - start)
    await conn.close()


async def get_client(port: int, headers: dict[str, str], path: str, until: float, counter: list[int]) -> None:
    conn = await Connection(port, headers).open()
    while time.perf_counter() < until:
        status, _ = await conn.request("GET", path)
        assert status == 200
        counter[0] += 1
    await conn.close()


async def run_analyses(port: int, secret: str, duration: float) -> tuple[list[float], float]:
    latencies: list[float] = []
    start = time.perf_counter()
    await asyncio.gather(*(analysis_client(port, secret, start + duration, latencies) for _ in range(CLIENTS)))
    return latencies, len(latencies) / (time.perf_counter() - start)


async def run_gets(port: int, headers: dict[str, str], path: str, duration: float) -> float:
    counter = [0]
    start = time.perf_counter()
    await asyncio.gather(*(get_client(port, headers, path, start + duration, counter) for _ in range(CLIENTS)))
    return counter[0] / (time.perf_counter() - start)


def bare_rps(duration: float) -> float:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-c", BARE_APP + f"\nimport uvicorn\nuvicorn.run(app, host='127.0.0.1', port={port}, log_level='warning', access_log=False, loop='asyncio')"],
        env=os.environ.copy(),
    )
    try:
        wait_healthy(f"http://127.0.0.1:{port}/hello", process)
        return asyncio.run(run_gets(port, {}, "/hello", duration))
    finally:
        process.terminate()
        process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--duration", type=float, default=10.0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", help="also write the figures to this file (for bench/report.py)")
    args = parser.parse_args()
    p50s, p99s, rates, get_rates, bare_rates = [], [], [], [], []
    for run in range(args.runs):
        with contractbox_server() as (port, data_dir, _):
            secret = make_key(data_dir, f"bench-{run}")
            latencies, rate = asyncio.run(run_analyses(port, secret, args.duration))
            p50s.append(percentile(latencies, 50) * 1000)
            p99s.append(percentile(latencies, 99) * 1000)
            rates.append(rate)
            analysis_path = f"/v1/analyses/{_first_analysis(port, secret)}"
            get_rates.append(asyncio.run(run_gets(port, {"Authorization": f"Bearer {secret}"}, analysis_path, args.duration)))
        bare_rates.append(bare_rps(args.duration))
        print(f"run {run + 1}: p50 {p50s[-1]:.1f} ms, p99 {p99s[-1]:.1f} ms, {rates[-1]:.0f} analyses/s, GET {get_rates[-1]:.0f}/s, bare {bare_rates[-1]:.0f}/s", file=sys.stderr)
    get_rps, bare = median(get_rates), median(bare_rates)
    print_table(
        f"bench/api.py: {CLIENTS} concurrent clients, {args.duration:.0f} s per phase, median of {args.runs} runs",
        [
            ("test-mode submit-to-completed p50", "<= 50 ms", f"{median(p50s):.1f} ms", "client polls every 5 ms"),
            ("test-mode submit-to-completed p99", "<= 200 ms", f"{median(p99s):.1f} ms", ""),
            ("test-mode analyses per second", ">= 150/s", f"{median(rates):.0f}/s", f"{CLIENTS} clients"),
            ("GET /v1/analyses/{id} requests per second", ">= 40% of bare", f"{get_rps:.0f}/s", f"{get_rps / bare:.0%} of bare Litestar route ({bare:.0f}/s)"),
        ],
    )
    if args.json:
        figures = {"p50_ms": median(p50s), "p99_ms": median(p99s), "analyses_per_s": median(rates), "get_rps": get_rps, "bare_rps": bare}
        with open(args.json, "w") as handle:
            json.dump({"bench": "api", "duration_s": args.duration, "runs": args.runs, **figures}, handle, indent=2)


def _first_analysis(port: int, secret: str) -> str:
    import httpx

    listed = httpx.get(f"http://127.0.0.1:{port}/v1/analyses?limit=1", headers={"Authorization": f"Bearer {secret}"}).json()
    return listed["data"][0]["analysisId"]


if __name__ == "__main__":
    main()
