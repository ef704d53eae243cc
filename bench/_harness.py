"""Shared pieces of the benches: start a real server on a fresh data dir, make keys, and a
small keep-alive HTTP/1.1 client on raw asyncio sockets (light enough that the client does not
become the bottleneck on a 2-core machine)."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import httpx

REPO = Path(__file__).resolve().parents[1]
CUAD = REPO.parent / "shared" / "data" / "cuad"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_healthy(url: str, process: subprocess.Popen, timeout: float = 30) -> float:
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        if process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode}")
        try:
            if httpx.get(url, timeout=1).status_code == 200:
                return time.perf_counter() - start
        except httpx.HTTPError:
            pass
        time.sleep(0.01)
    raise RuntimeError(f"{url} not healthy after {timeout}s")


def cli(data_dir: Path, *args: str) -> str:
    out = subprocess.run([sys.executable, "-m", "contractbox", *args, "--data-dir", str(data_dir)], check=True, capture_output=True, text=True)
    return out.stdout


@contextmanager
def contractbox_server(env: dict[str, str] | None = None) -> Iterator[tuple[int, Path, subprocess.Popen]]:
    with tempfile.TemporaryDirectory(prefix="cb-bench-") as tmp:
        data_dir = Path(tmp) / "data"
        port = free_port()
        process = subprocess.Popen(
            [sys.executable, "-m", "contractbox", "serve", "--data-dir", str(data_dir), "--port", str(port)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "CONTRACTBOX_RATE_LIMIT_PER_MINUTE": "0", **(env or {})},
        )
        try:
            wait_healthy(f"http://127.0.0.1:{port}/healthz", process)
            yield port, data_dir, process
        finally:
            process.terminate()
            process.wait(timeout=60)


def make_key(data_dir: Path, org: str, mode: str = "test", live: bool = False) -> str:
    org_id = json.loads(cli(data_dir, "orgs", "create", org, "--json"))["orgId"]
    if live:
        cli(data_dir, "orgs", "approve-live", org_id)
    return json.loads(cli(data_dir, "keys", "create", "--org", org_id, "--mode", mode, "--json"))["secret"]


class Connection:
    """One keep-alive HTTP/1.1 connection."""

    def __init__(self, port: int, headers: dict[str, str]) -> None:
        self.port = port
        self.headers = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def open(self) -> "Connection":
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        return self

    async def request(self, method: str, path: str, body: bytes = b"") -> tuple[int, bytes]:
        assert self.reader and self.writer
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{self.headers}"
        if body:
            head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
        self.writer.write(head.encode() + b"\r\n" + body)
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        length = 0
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return status, await self.reader.readexactly(length)

    async def close(self) -> None:
        if self.writer:
            self.writer.close()


def percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(pct / 100 * (len(ordered) - 1))))
    return ordered[index]


def median(values: list[float]) -> float:
    return statistics.median(values)


def print_table(title: str, rows: list[tuple[str, str, str, str]]) -> None:
    print(f"\n{title}\n")
    print("| figure | goal | measured | ratio / note |")
    print("|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
