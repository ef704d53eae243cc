"""Half-sent requests against a real server (issue 13, defect 3): how many it survives, how fast it recovers.

For each attack size N: start a fresh `contractbox serve` (optionally under a lower open-file limit,
`--server-fd-limit`), open N connections that each send the start of a request's headers and then
nothing, and while they are open probe `/healthz` (new connection each time) and one keyed
`GET /v1/analyses`. Then close the attack's sockets and time how long until the server's descriptors
are back to where they started and `/healthz` answers. "Survived" means every probe answered 200.

    python bench/slowloris.py --sizes 1000,5000,15000 --server-fd-limit 4096
    PYTHONPATH=/tmp/old/src python bench/slowloris.py ...   # the same against another source tree

The client raises its own open-file soft limit to the hard limit; N must stay below it.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _harness import free_port, make_key, wait_healthy  # noqa: E402

PARTIAL_REQUEST = b"GET /v1/analyses HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
PROBES = 10
PROBE_TIMEOUT_S = 5.0
GIVE_UP_AFTER_FAILURES = 20  # connects refused or timed out in a row: the server accepts no more


def descriptors(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def open_half_sent(port: int, count: int) -> list[socket.socket]:
    """Up to `count` half-sent connections; stops early once the server stops accepting any."""
    sockets: list[socket.socket] = []
    failures_in_a_row = 0
    while len(sockets) + failures_in_a_row < count and failures_in_a_row < GIVE_UP_AFTER_FAILURES:
        sock = socket.socket()
        sock.settimeout(1)
        try:
            sock.connect(("127.0.0.1", port))
            sock.sendall(PARTIAL_REQUEST)
        except OSError:
            sock.close()
            failures_in_a_row += 1
            continue
        failures_in_a_row = 0
        sockets.append(sock)
    return sockets


def still_open(sockets: list[socket.socket]) -> int:
    count = 0
    for sock in sockets:
        sock.settimeout(0)
        try:
            if sock.recv(1) != b"":
                count += 1
        except BlockingIOError:
            count += 1
        except OSError:
            pass
    return count


def probe(url: str, headers: dict[str, str] | None = None) -> float | None:
    start = time.perf_counter()
    try:
        ok = httpx.get(url, headers=headers, timeout=PROBE_TIMEOUT_S).status_code == 200
    except httpx.HTTPError:
        return None
    return (time.perf_counter() - start) * 1000 if ok else None


def attack(size: int, fd_limit: int | None) -> dict:
    def limit() -> None:
        if fd_limit:
            resource.setrlimit(resource.RLIMIT_NOFILE, (fd_limit, fd_limit))

    with tempfile.TemporaryDirectory(prefix="cb-slowloris-") as tmp:
        data_dir, port = Path(tmp) / "data", free_port()
        base = f"http://127.0.0.1:{port}"
        process = subprocess.Popen(
            [sys.executable, "-m", "contractbox", "serve", "--data-dir", str(data_dir), "--port", str(port)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=os.environ.copy(),
            preexec_fn=limit,
        )
        try:
            wait_healthy(base + "/healthz", process)
            key = make_key(data_dir, "bench")
            baseline = descriptors(process.pid)
            started = time.perf_counter()
            sockets = open_half_sent(port, size)
            opened_s = time.perf_counter() - started
            peak_fds = descriptors(process.pid)
            health = [probe(base + "/healthz") for _ in range(PROBES)]
            keyed = probe(base + "/v1/analyses?limit=1", {"Authorization": f"Bearer {key}"})
            peak_fds = max(peak_fds, descriptors(process.pid))
            open_after_probes = still_open(sockets)
            for sock in sockets:
                sock.close()
            closed_at = time.perf_counter()
            recovered_s = None
            while time.perf_counter() - closed_at < 120:
                if descriptors(process.pid) <= baseline + 10 and probe(base + "/healthz") is not None:
                    recovered_s = time.perf_counter() - closed_at
                    break
                time.sleep(0.05)
            answered = [ms for ms in health if ms is not None]
            return {
                "halfSent": size,
                "opened": len(sockets),
                "openSeconds": round(opened_s, 2),
                "serverFdLimit": fd_limit,
                "serverFdsBaseline": baseline,
                "serverFdsPeak": peak_fds,
                "stillOpenAfterProbes": open_after_probes,
                "healthzAnswered": f"{len(answered)}/{PROBES}",
                "healthzMedianMs": round(statistics.median(answered), 1) if answered else None,
                "keyedRequestMs": round(keyed, 1) if keyed is not None else None,
                "survived": len(answered) == PROBES and keyed is not None,
                "recoverySeconds": round(recovered_s, 2) if recovered_s is not None else None,
                "serverRssMiB": round(rss_mib(process.pid), 1),
            }
        finally:
            process.terminate()
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="1000,5000,15000", help="attack sizes, comma-separated")
    parser.add_argument("--server-fd-limit", type=int, help="run the server under this open-file limit")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    rows = [attack(int(size), args.server_fd_limit) for size in args.sizes.split(",")]
    for row in rows:
        print(json.dumps(row))
    if args.json:
        args.json.write_text(json.dumps({"slowloris": rows}, indent=2))


if __name__ == "__main__":
    main()
