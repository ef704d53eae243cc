#!/usr/bin/env python3
"""The one-file binary against `python -m contractbox serve` from source: one table.

    python bench/binary.py [--runs 5] [--build]

- file size of dist/contractbox (headless) and, if built, dist/contractbox-desktop (Qt);
- launch -> first /healthz 200, median of --runs starts on an initialised data dir;
- idle RSS 2 s after start, summed over the process tree (the one-file bootloader, the app,
  its PDF workers);
- peak RSS of that tree, sampled every 20 ms, while analysing the largest PDF in
  ../shared/data/cuad/pdfs with a live key (a test key if this tree has no live engine).

Goals: <= 150 MB file, <= 3 s to /healthz, <= 150 MB idle RSS. Writes bench/out/binary.json.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
PDFS = ROOT.parent / "shared" / "data" / "cuad" / "pdfs"
DIST = ROOT / "dist"
MB = 1024**2


@dataclass
class Figures:
    name: str
    size_mb: float | None
    healthz_s: float
    idle_rss_mb: float
    peak_rss_mb: float
    pdf_mode: str
    pdf_status: str


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def tree_rss_bytes(root_pid: int) -> int:
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        pid, ppid = int(entry.name), int(fields["PPid"])
        children.setdefault(ppid, []).append(pid)
        rss[pid] = int(fields.get("VmRSS", "0 kB").split()[0]) * 1024
    total, stack = 0, [root_pid]
    while stack:
        pid = stack.pop()
        total += rss.get(pid, 0)
        stack += children.get(pid, [])
    return total


def environment() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    return {**env, "CONTRACTBOX_LOG_LEVEL": "WARNING"}


def cli(command: list[str], data_dir: Path, *args: str) -> dict:
    output = subprocess.run([*command, *args, "--data-dir", str(data_dir)], capture_output=True, text=True, check=True, env=environment()).stdout
    return json.loads(output) if output.startswith("{") else {}


def launch(command: list[str], data_dir: Path, port: int) -> tuple[subprocess.Popen, float]:
    started = time.perf_counter()
    process = subprocess.Popen([*command, "serve", "--data-dir", str(data_dir), "--port", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment())
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"{command} serve exited with {process.returncode}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=0.5).status_code == 200:
                return process, time.perf_counter() - started
        except httpx.HTTPError:
            pass
        time.sleep(0.01)


def stop(process: subprocess.Popen) -> None:
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=60)


def analyse_largest_pdf(process: subprocess.Popen, port: int, secret: str) -> tuple[float, str]:
    pdf = max(PDFS.glob("*.pdf"), key=lambda p: p.stat().st_size)
    body = {"title": pdf.stem, "sourceType": "pdf", "pdfBase64": base64.b64encode(pdf.read_bytes()).decode()}
    peak = tree_rss_bytes(process.pid)
    with httpx.Client(base_url=f"http://127.0.0.1:{port}", headers={"Authorization": f"Bearer {secret}"}, timeout=60) as client:
        analysis_id = client.post("/v1/analyses", json=body).json()["analysisId"]
        deadline = time.monotonic() + 300
        status = "queued"
        while status in ("queued", "processing") and time.monotonic() < deadline:
            peak = max(peak, tree_rss_bytes(process.pid))
            time.sleep(0.02)
            status = client.get(f"/v1/analyses/{analysis_id}").json()["status"]
    return peak / MB, status


def measure(name: str, command: list[str], size_mb: float | None, runs: int, live: bool) -> Figures:
    data_dir = Path(tempfile.mkdtemp(prefix=f"bench-{name}-")) / "data"
    org = cli(command, data_dir, "orgs", "create", "Bench", "--json")["orgId"]
    cli(command, data_dir, "orgs", "approve-live", org)
    secret = cli(command, data_dir, "keys", "create", "--org", org, "--mode", "live" if live else "test", "--json")["secret"]
    times = []
    for _ in range(runs):
        process, elapsed = launch(command, data_dir, free_port())
        times.append(elapsed)
        stop(process)
    port = free_port()
    process, _ = launch(command, data_dir, port)
    try:
        time.sleep(2.0)
        idle = tree_rss_bytes(process.pid) / MB
        peak, status = analyse_largest_pdf(process, port, secret)
    finally:
        stop(process)
    return Figures(name, size_mb, statistics.median(times), idle, peak, "live" if live else "test", status)


def live_engine_works() -> bool:
    """Whether a live key can analyse from this tree (the engine and its model are there);
    otherwise the PDF is measured with a test key: extraction is the same, the engine is the mock."""
    try:
        from contractbox.documents.text import document_from_text
        from contractbox.engine import analyze

        analyze(document_from_text("This Agreement is governed by the laws of New York.", "probe"), "live")
    except Exception:  # noqa: BLE001 - any failure means: no live engine here
        return False
    return True


def table(rows: list[Figures]) -> str:
    source, binary = rows[0], rows[1]
    lines = [
        "| | file size | launch -> /healthz (median) | idle RSS | peak RSS, largest CUAD PDF |",
        "|---|---|---|---|---|",
    ]
    for row in rows:
        size = f"{row.size_mb:.1f} MB" if row.size_mb else "-"
        lines.append(f"| {row.name} | {size} | {row.healthz_s:.2f} s | {row.idle_rss_mb:.0f} MiB | {row.peak_rss_mb:.0f} MiB ({row.pdf_mode} key, {row.pdf_status}) |")
    lines.append(
        f"| headless binary / source | | {binary.healthz_s / source.healthz_s:.2f}x | {binary.idle_rss_mb / source.idle_rss_mb:.2f}x | {binary.peak_rss_mb / source.peak_rss_mb:.2f}x |"
    )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--build", action="store_true", help="rebuild dist/contractbox first")
    args = parser.parse_args()
    binary = DIST / "contractbox"
    if args.build or not binary.exists():
        subprocess.run([sys.executable, str(ROOT / "packaging" / "build.py"), "--quiet"], check=True)
    desktop = DIST / "contractbox-desktop"
    live = live_engine_works()
    rows = [
        measure("source (python -m contractbox)", [sys.executable, "-m", "contractbox"], None, args.runs, live),
        measure("one-file binary, headless", [str(binary)], binary.stat().st_size / 1e6, args.runs, live),
    ]
    if desktop.exists():  # built by `packaging/build.py --desktop`; measured serving, no window
        rows.append(measure("one-file binary, desktop (Qt)", [str(desktop)], desktop.stat().st_size / 1e6, args.runs, live))
    print(table(rows))
    print(f"\nload average at the end: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    out = ROOT / "bench" / "out"
    out.mkdir(parents=True, exist_ok=True)
    (out / "binary.json").write_text(json.dumps({"rows": [asdict(r) for r in rows]}, indent=2))


if __name__ == "__main__":
    main()
