"""The server's, the workers' and the CLI's CPU per document of `contractbox import`, without the
sampler and grid watcher of bench/import.py (their requests cost the server CPU in proportion to the
wall time, not to the documents), for one or more source trees interleaved.

    python bench/import_probe.py [--limit 200] [--workers 1] [--repeat 2] [--tree NAME=SRC_DIR ...]

Each run: a fresh `contractbox serve`, a review set, `contractbox import` of the first N CUAD dev
contracts (PDFs where CUAD has them), CPU seconds from /proc (server process, its workers) and from
getrusage (the CLI). `--tree before=/tmp/old/src --tree after=src` runs those trees' code (PYTHONPATH), interleaved.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _harness import contractbox_server, make_key  # noqa: E402
from workers import cpu_seconds  # noqa: E402

bench_import = importlib.import_module("import")


def probe(workers: int, folder: Path) -> dict[str, float]:
    with contractbox_server({"CONTRACTBOX_WORKERS": str(workers)}) as (port, data_dir, process):
        secret = make_key(data_dir, "probe", mode="live", live=True)
        headers = {"Authorization": f"Bearer {secret}"}
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", headers=headers, timeout=60) as client:
            warm = client.post("/v1/analyses", json={"title": "warm", "sourceType": "text", "text": "A short text."})
            while client.get(f"/v1/analyses/{warm.json()['analysisId']}").json()["status"] != "completed":
                time.sleep(0.05)
            set_id = client.post("/v1/review_sets", json={"name": "probe"}).json()["id"]
            server_before, workers_before = cpu_seconds(process.pid)
            reaped_before = bench_import.children_cpu_seconds()
            started = time.perf_counter()
            command = [sys.executable, "-m", "contractbox", "import", str(folder), "--org", "probe"]
            command += ["--set", set_id, "--json", "--data-dir", str(data_dir)]
            output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
            elapsed = time.perf_counter() - started
            cli = bench_import.children_cpu_seconds() - reaped_before
            server_after, workers_after = cpu_seconds(process.pid)
    report = json.loads(output.strip().splitlines()[-1])
    n = max(report["completed"] + len(report["failed"]), 1)
    return {
        "documents": n,
        "seconds": elapsed,
        "server_ms": 1000 * (server_after - server_before) / n,
        "workers_ms": 1000 * (workers_after - workers_before) / n,
        "cli_ms": 1000 * cli / n,
        "cli_s": cli,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limit", type=int, default=200)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--tree", action="append", default=[], help="NAME=SRC_DIR: also run that tree's code")
    args = parser.parse_args()
    trees = [tuple(t.split("=", 1)) for t in args.tree] or [("this", "")]
    results: dict[str, list[dict[str, float]]] = {name: [] for name, _ in trees}
    with tempfile.TemporaryDirectory(prefix="cb-probe-") as tmp:
        folder = Path(tmp) / "room"
        bench_import.data_room(folder, args.limit)
        base_path = os.environ.get("PYTHONPATH", "")
        for _ in range(args.repeat):
            for name, src in trees:
                os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (src, base_path) if p)
                run = probe(args.workers, folder)
                results[name].append(run)
                print(
                    f"{name}: {run['documents']:.0f} documents, {run['seconds']:.1f} s, CPU ms a document: "
                    f"server {run['server_ms']:.1f}, workers {run['workers_ms']:.1f}, CLI {run['cli_ms']:.1f} "
                    f"(CLI {run['cli_s']:.2f} s in all)",
                    flush=True,
                )
        os.environ["PYTHONPATH"] = base_path
    for name, runs in results.items():
        print(
            f"{name}: median server {statistics.median(r['server_ms'] for r in runs):.1f} ms, "
            f"CLI {statistics.median(r['cli_ms'] for r in runs):.1f} ms a document"
        )


if __name__ == "__main__":
    main()
