"""`server.json` in the data dir: where the running server listens, so `contractbox console-url`
knows which address to print. Written at start, removed at a clean stop. Whether a server runs
is the server lock's answer (an OS lock, released however the process ends), never this file's:
after a crash the file stays, and its pid may belong to another process by then."""

from __future__ import annotations

import json
import os
from pathlib import Path

from contractbox import __version__
from contractbox.core.clock import now_iso
from contractbox.core.serverlock import server_running

FILENAME = "server.json"


def local_url(scheme: str, host: str, port: int) -> str:
    """The address a browser on this machine uses (a wildcard bind is reached on loopback)."""
    if host in ("0.0.0.0", "", "::"):
        host = "127.0.0.1"
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"{scheme}://{host}:{port}"


def write_server_info(data_dir: Path, url: str) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    path = data_dir / FILENAME
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps({"url": url, "pid": os.getpid(), "startedAt": now_iso(), "version": __version__}))
    os.replace(tmp, path)


def remove_server_info(data_dir: Path) -> None:
    path = data_dir / FILENAME
    try:
        if json.loads(path.read_text()).get("pid") == os.getpid():
            path.unlink()
    except (OSError, ValueError):
        pass


def read_server_info(data_dir: Path) -> dict | None:
    """The running server's info, or None when none is running on this data dir."""
    try:
        info = json.loads((data_dir / FILENAME).read_text())
    except (OSError, ValueError):
        return None
    return info if server_running(data_dir) else None
