"""How long another organization waits behind one organization's PDF bombs (issue 13, defect 4).

    python bench/fairness.py [--bombs 4] [--workers 2] [--json FILE]

A fresh `contractbox serve` with 2 workers; organization A submits `--bombs` PDFs whose pages
share one content stream inflating to 50 MB (tests/pdf_bombs.py, 60 pages each), then
organization B submits a one-line text analysis. Measured: B's wait, from its submit to the
moment it is seen completed (polled every 20 ms), and how long A's bombs took to end, with their
error codes. Run it on the code before a change (PYTHONPATH=old/src) and after to compare.
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
import time
from pathlib import Path

import httpx

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))
from _harness import contractbox_server, make_key  # noqa: E402
from pdf_bombs import shared_content_bomb  # noqa: E402


def wait_finished(client: httpx.Client, analysis_id: str, timeout_s: float = 900) -> dict:
    deadline = time.perf_counter() + timeout_s
    while time.perf_counter() < deadline:
        body = client.get(f"/v1/analyses/{analysis_id}").json()
        if body["status"] in ("completed", "failed"):
            return body
        time.sleep(0.02)
    raise TimeoutError(analysis_id)


def run(bombs: int, workers: int) -> dict:
    bomb = base64.b64encode(shared_content_bomb()).decode()
    with contractbox_server({"CONTRACTBOX_WORKERS": str(workers)}) as (port, data_dir, _process):
        base = f"http://127.0.0.1:{port}"
        key_a = make_key(data_dir, "attacker", mode="live", live=True)
        key_b = make_key(data_dir, "bystander", mode="live", live=True)
        with (
            httpx.Client(base_url=base, headers={"Authorization": f"Bearer {key_a}"}, timeout=60) as a,
            httpx.Client(base_url=base, headers={"Authorization": f"Bearer {key_b}"}, timeout=60) as b,
        ):
            warm = b.post("/v1/analyses", json={"title": "warm", "sourceType": "text", "text": "A short text."})
            wait_finished(b, warm.json()["analysisId"])
            started = time.perf_counter()
            ids = [
                a.post("/v1/analyses", json={"title": f"bomb {n}", "sourceType": "pdf", "pdfBase64": bomb}).json()[
                    "analysisId"
                ]
                for n in range(bombs)
            ]
            submitted = time.perf_counter()
            one_line = b.post(
                "/v1/analyses", json={"title": "one line", "sourceType": "text", "text": "Either party may terminate."}
            ).json()["analysisId"]
            b_status = wait_finished(b, one_line)["status"]
            b_wait = time.perf_counter() - submitted
            ends = [wait_finished(a, analysis_id) for analysis_id in ids]
            bombs_done = time.perf_counter() - started
    return {
        "bombs": bombs,
        "workers": workers,
        "bystander_wait_s": b_wait,
        "bystander_status": b_status,
        "bombs_done_s": bombs_done,
        "bomb_errors": sorted({(e["error"] or {}).get("code") or e["status"] for e in ends}),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bombs", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    result = run(args.bombs, args.workers)
    print(
        f"{result['bombs']} bombs from A, {result['workers']} workers: B waited {result['bystander_wait_s']:.2f} s "
        f"({result['bystander_status']}); all bombs ended after {result['bombs_done_s']:.1f} s with {result['bomb_errors']}"
    )
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
