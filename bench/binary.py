#!/usr/bin/env python3
"""The builds a user downloads, measured in one run: two tables.

    python bench/binary.py [--runs 5] [--desktop-runs 3] [--build]

Servers: the headless one-file binary dist/contractbox against `python -m contractbox serve`
from source:
- file size;
- launch -> first /healthz 200, median of --runs starts on an initialised data dir;
- idle RSS 2 s after start, summed over the process tree (the one-file bootloader, the app,
  its PDF workers);
- peak RSS of that tree, sampled every 20 ms, while analysing the largest PDF in
  ../shared/data/cuad/pdfs with a live key (a test key if this tree has no live engine).

Desktop (Linux, Qt): the one-file dist/contractbox-desktop against the one-folder build packed as
dist/contractbox-desktop-linux.tar.gz (unpacked into a temp dir first, as a user does), each
built by `packaging/build.py --desktop [--onedir]` (not here: minutes of CPU):
- download size (and the unpacked folder's size);
- launch of `desktop` on a fresh data dir -> the window showing the UI (the first-run page's
  heading read from the page through QtWebEngine's DevTools endpoint), under a private Xvfb;
  median of --desktop-runs.

Goals: headless <= 150 MB file, <= 3 s to /healthz, <= 150 MB idle RSS; desktop <= 2 s to the
window. Writes bench/out/binary.json.
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
import tarfile
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path

import httpx
from websockets.sync.client import connect

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


@dataclass
class DesktopFigures:
    name: str
    download_mb: float
    installed_mb: float
    window_s: float
    window_cpu_s: float
    runs: list[float]


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


# --- desktop builds: launch -> window under Xvfb ------------------------------------------------


@contextmanager
def private_display() -> Iterator[str]:
    """An Xvfb of our own; it picks its display number itself (-displayfd)."""
    read_end, write_end = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1366x900x24", "-nolisten", "tcp"], pass_fds=(write_end,), stderr=subprocess.DEVNULL)
    os.close(write_end)
    number = b""
    while not number.endswith(b"\n"):
        chunk = os.read(read_end, 16)
        if not chunk:
            raise RuntimeError("Xvfb exited before reporting its display")
        number += chunk
    os.close(read_end)
    try:
        yield f":{number.decode().strip()}"
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)


def page_heading(devtools_port: int) -> str | None:
    """The first-run page's <h1>, read from the window's page over the DevTools protocol."""
    try:
        targets = httpx.get(f"http://127.0.0.1:{devtools_port}/json", timeout=1).json()
    except (httpx.HTTPError, ValueError):
        return None
    page = next((t for t in targets if t.get("type") == "page" and t.get("url", "").endswith("/#/welcome")), None)
    if page is None:
        return None
    expression = "document.querySelector('h1')?.textContent"
    with connect(page["webSocketDebuggerUrl"], max_size=None) as ws:
        ws.send(json.dumps({"id": 1, "method": "Runtime.evaluate", "params": {"expression": expression, "returnByValue": True}}))
        while True:
            message = json.loads(ws.recv(timeout=10))
            if message.get("id") == 1:
                return message.get("result", {}).get("result", {}).get("value")


def tree_cpu_seconds(root_pid: int) -> float:
    """CPU time (user + system) used so far by root_pid and its descendants, reaped ones included."""
    parents: dict[int, int] = {}
    cpu: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        parents[int(entry.name)] = int(fields[1])
        cpu[int(entry.name)] = sum(int(f) for f in fields[11:15])  # utime, stime, cutime, cstime
    tree, frontier = {root_pid}, {root_pid}
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier} - tree
        tree |= frontier
    return sum(cpu.get(pid, 0) for pid in tree) / os.sysconf("SC_CLK_TCK")


def launch_to_window(program: Path, display: str) -> tuple[float, float]:
    """Seconds from starting `program desktop` on a fresh data dir to its window showing the UI,
    and the CPU seconds its process tree spent until then (the part that does not depend on
    what else runs on the machine)."""
    data_dir = Path(tempfile.mkdtemp(prefix="bench-desktop-")) / "data"
    devtools_port = free_port()
    env = {**environment(), "DISPLAY": display, "QTWEBENGINE_REMOTE_DEBUGGING": f"127.0.0.1:{devtools_port}", "QTWEBENGINE_CHROMIUM_FLAGS": "--no-sandbox"}
    started = time.perf_counter()
    process = subprocess.Popen([str(program), "desktop", "--data-dir", str(data_dir)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    try:
        while page_heading(devtools_port) != "Welcome to ContractBox":
            if process.poll() is not None:
                raise RuntimeError(f"{program} desktop exited with {process.returncode}")
            if time.perf_counter() - started > 120:
                raise RuntimeError(f"{program} desktop showed no window in 120 s")
            time.sleep(0.02)
        return time.perf_counter() - started, tree_cpu_seconds(process.pid)
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=60)


def folder_mb(folder: Path) -> float:
    return sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink()) / 1e6


def measure_desktop(name: str, program: Path, download: Path, runs: int, display: str) -> DesktopFigures:
    installed = folder_mb(program.parent) if program.parent.name == program.name else program.stat().st_size / 1e6
    measured = [launch_to_window(program, display) for _ in range(runs)]
    times, cpu = [m[0] for m in measured], [m[1] for m in measured]
    return DesktopFigures(name, download.stat().st_size / 1e6, installed, statistics.median(times), statistics.median(cpu), times)


def unpack(tarball: Path) -> Path:
    """The tarball unpacked as a user would; the program inside its folder."""
    target = Path(tempfile.mkdtemp(prefix="bench-desktop-unpacked-"))
    with tarfile.open(tarball) as archive:
        archive.extractall(target, filter="tar")
    return target / "contractbox-desktop" / "contractbox-desktop"


def desktop_rows(runs: int) -> list[DesktopFigures]:
    onefile, tarball = DIST / "contractbox-desktop", DIST / "contractbox-desktop-linux.tar.gz"
    builds = []
    if onefile.is_file():
        builds.append(("one-file (Qt)", onefile, onefile))
    if tarball.is_file():
        builds.append(("one-folder tarball (Qt)", unpack(tarball), tarball))
    if not builds:
        return []
    with private_display() as display:
        return [measure_desktop(name, program, download, runs, display) for name, program, download in builds]


def desktop_table(rows: list[DesktopFigures]) -> str:
    lines = [
        "| desktop build | download | on disk | launch -> window (median) | CPU until the window (median) | runs (s) |",
        "|---|---|---|---|---|---|",
    ]
    for row in rows:
        runs = ", ".join(f"{t:.2f}" for t in row.runs)
        lines.append(f"| {row.name} | {row.download_mb:.0f} MB | {row.installed_mb:.0f} MB | {row.window_s:.2f} s | {row.window_cpu_s:.2f} s | {runs} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--desktop-runs", type=int, default=3)
    parser.add_argument("--build", action="store_true", help="rebuild dist/contractbox first")
    parser.add_argument("--desktop-only", action="store_true", help="only the desktop table")
    args = parser.parse_args()
    rows: list[Figures] = []
    if not args.desktop_only:
        binary = DIST / "contractbox"
        if args.build or not binary.exists():
            subprocess.run([sys.executable, str(ROOT / "packaging" / "build.py"), "--quiet"], check=True)
        live = live_engine_works()
        rows = [
            measure("source (python -m contractbox)", [sys.executable, "-m", "contractbox"], None, args.runs, live),
            measure("one-file binary, headless", [str(binary)], binary.stat().st_size / 1e6, args.runs, live),
        ]
        print(table(rows))
    desktops = desktop_rows(args.desktop_runs)
    print()
    print(desktop_table(desktops) if desktops else "No desktop build in dist/ (packaging/build.py --desktop [--onedir]).")
    print(f"\nload average at the end: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    out = ROOT / "bench" / "out"
    out.mkdir(parents=True, exist_ok=True)
    (out / "binary.json").write_text(json.dumps({"rows": [asdict(r) for r in rows], "desktop": [asdict(d) for d in desktops]}, indent=2))


if __name__ == "__main__":
    main()
