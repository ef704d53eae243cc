"""Attack (issue 13, defect 8): another local user reading the data dir (contract texts, PDFs,
webhook secrets). The data dir is created 0700 and everything in it 0600 (directories 0700); an
existing dir with looser modes is tightened when the server starts, which says so in its log;
`contractbox doctor` reports loose permissions."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import Server, submit_text, wait_done

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX permission bits")


def loose(data_dir: Path) -> list[str]:
    """Every path in the data dir (itself included) that grants its group or others anything."""
    paths = [data_dir, *data_dir.rglob("*")]
    return sorted(
        f"{p.relative_to(data_dir.parent)} {stat.filemode(p.stat().st_mode)}" for p in paths if p.stat().st_mode & 0o077
    )


def doctor(data_dir: Path) -> dict:
    result = subprocess.run(
        [sys.executable, "-m", "contractbox", "doctor", "--json", "--data-dir", str(data_dir)],
        capture_output=True,
        text=True,
        check=False,
    )
    return json.loads(result.stdout)


def exercise(server: Server) -> None:
    """Make the server write everything it writes: databases, WAL files, the log, the lock."""
    key = server.key(server.org("permissions", live=False))
    with key.client() as client:
        wait_done(client, submit_text(client, "This Agreement is governed by the laws of Oregon.")["analysisId"])
        client.post("/v1/webhooks", json={"url": "https://hooks.example.com/in", "events": ["analysis.completed"]})


def test_a_new_data_dir_is_private(fresh_server: Server) -> None:
    previous = os.umask(0o022)  # the usual umask: what the attack review found
    try:
        fresh_server.start()
        exercise(fresh_server)
        assert loose(fresh_server.data_dir) == []
        assert stat.S_IMODE(fresh_server.data_dir.stat().st_mode) == 0o700
    finally:
        os.umask(previous)


def test_an_existing_loose_data_dir_is_reported_then_tightened_at_start(fresh_server: Server) -> None:
    fresh_server.start()
    exercise(fresh_server)
    fresh_server.stop()
    for path in [fresh_server.data_dir, *fresh_server.data_dir.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    checks = {c["name"]: c for c in doctor(fresh_server.data_dir)["checks"]}
    assert checks["permissions"]["status"] != "ok" and "0755" in checks["permissions"]["detail"]
    fresh_server.start()
    assert loose(fresh_server.data_dir) == []
    log = (fresh_server.data_dir / "logs" / "contractbox.log").read_text()
    assert "tightened" in log and str(fresh_server.data_dir) in log
    assert {c["name"]: c for c in doctor(fresh_server.data_dir)["checks"]}["permissions"]["status"] == "ok"
