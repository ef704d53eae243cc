"""Peak server memory with many large uploads at once (issue 13, defect 11).

Starts a fresh `contractbox serve`, then sends N request bodies of about 68 MB in parallel, each a JSON
analysis request whose pdfBase64 is large, and reads the server process's peak resident set
(`VmHWM` in /proc/PID/status: the kernel's own high-water mark, no sampling) before and after.

    python bench/upload_memory.py [--parallel 12] [--kind oversized|valid] [--json FILE]
    PYTHONPATH=/tmp/old/src python bench/upload_memory.py ...   # another source tree, for a baseline

`oversized`: 68 MB of base64, over the 50 MB PDF limit, answered 413 once parsed (the review's
attack). `valid`: a CUAD PDF padded to 49 MB, accepted (202; the analyses are not waited for).
Loopback only; the analysis workers are separate processes and not counted.
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _harness import CUAD, contractbox_server, make_key  # noqa: E402


def memory_kib(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def body_of(kind: str) -> bytes:
    if kind == "oversized":
        encoded = b"A" * (68 * 1024 * 1024 - 100)
    else:
        pdf = max((CUAD / "pdfs").glob("*.pdf"), key=lambda p: p.stat().st_size).read_bytes()
        pdf += b"\n%" + b"x" * (49 * 1024 * 1024 - len(pdf)) + b"\n"
        encoded = base64.b64encode(pdf)
    return b'{"title": "big", "sourceType": "pdf", "pdfBase64": "' + encoded + b'"}'


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--parallel", type=int, default=12)
    parser.add_argument("--kind", choices=("oversized", "valid"), default="oversized")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    body = body_of(args.kind)
    with contractbox_server({"CONTRACTBOX_ORG_STORAGE_TEST_MB": "0"}) as (port, data_dir, process):
        headers = {"Authorization": f"Bearer {make_key(data_dir, 'bench')}", "Content-Type": "application/json"}
        before = memory_kib(process.pid, "VmRSS")

        def upload(_: int) -> int:
            return httpx.post(
                f"http://127.0.0.1:{port}/v1/analyses", content=body, headers=headers, timeout=600
            ).status_code

        started = time.perf_counter()
        with ThreadPoolExecutor(args.parallel) as pool:
            statuses = Counter(pool.map(upload, range(args.parallel)))
        figures = {
            "kind": args.kind,
            "parallel": args.parallel,
            "bodyMB": round(len(body) / 2**20, 1),
            "statuses": dict(statuses),
            "seconds": round(time.perf_counter() - started, 1),
            "rssBeforeMiB": round(before / 1024, 1),
            "peakRssMiB": round(memory_kib(process.pid, "VmHWM") / 1024, 1),
            "rssAfterMiB": round(memory_kib(process.pid, "VmRSS") / 1024, 1),
        }
    print(json.dumps(figures))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
