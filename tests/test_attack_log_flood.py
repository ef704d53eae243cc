"""Attack (issue 13, defect 6): anyone who can reach the port must not be able to fill and rotate
the log. A flood of bad sign-ins and of clients leaving mid-body writes a bounded number of lines
and rotates nothing; security events (revoked-key use, a disabled webhook endpoint) are in the
audit log, which lives in the database and never rotates."""

from __future__ import annotations

import socket
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
from conftest import Receiver, Server, submit_text, wait_for

BAD_LOGINS = 1000
DISCONNECTS = 300
MAX_LINES_WRITTEN = 60  # the rate limit lets 10 identical lines a minute through per template


def log_file(server: Server) -> Path:
    return server.data_dir / "logs" / "contractbox.log"


def audit_actions(server: Server, action: str) -> list[dict]:
    with sqlite3.connect(f"file:{server.data_dir / 'contractbox.db'}?mode=ro", uri=True) as db:
        db.row_factory = sqlite3.Row
        rows = db.execute("SELECT * FROM console_audit WHERE action = ?", (action,)).fetchall()
    return [dict(row) for row in rows]


def leave_mid_body(port: int) -> None:
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(b"POST /console/api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n")
        sock.sendall(b'Content-Length: 5000\r\n\r\n{"password": "')


def test_a_flood_of_bad_requests_neither_fills_nor_rotates_the_log(fresh_server: Server) -> None:
    fresh_server.env = {"CONTRACTBOX_LOG_MAX_BYTES": "200000"}
    fresh_server.start()
    lines_at_start = log_file(fresh_server).read_text().count("\n")
    url = fresh_server.base_url + "/console/api/login"

    def bad_login(number: int) -> int:
        body = b'{"password": "\xff"}' if number % 2 else b'{"password": ' + b"[" * 50_000 + b"}"
        return httpx.post(url, content=body, headers={"Content-Type": "application/json"}).status_code

    with ThreadPoolExecutor(8) as pool:
        statuses = list(pool.map(bad_login, range(BAD_LOGINS)))
        list(pool.map(lambda _: leave_mid_body(fresh_server.port), range(DISCONNECTS)))
    assert set(statuses) == {400}
    fresh_server.stop()  # a graceful stop: the connections are finished and the log flushed
    text = log_file(fresh_server).read_text()
    written = text.count("\n") - lines_at_start
    rotated = sorted(p.name for p in log_file(fresh_server).parent.iterdir() if p.name != "contractbox.log")
    assert rotated == [] and "Application startup complete" in text
    assert "Traceback" not in text and "internal error" not in text
    assert written <= MAX_LINES_WRITTEN, f"{written} lines for {BAD_LOGINS + DISCONNECTS} bad requests:\n{text[-2000:]}"


def test_revoked_key_use_is_audited_once_per_minute_not_per_request(server: Server) -> None:
    key = server.key(server.org("revoked-audit"))
    assert server.cli("keys", "revoke", key.key_id)[0] == 0
    with key.client() as client:
        statuses = {client.get("/v1/analyses").status_code for _ in range(50)}
    assert statuses == {401}
    entries = [e for e in audit_actions(server, "key.revoked_use") if e["target"] == key.key_id]
    assert len(entries) == 1 and entries[0]["org_id"] == key.org and entries[0]["status"] == 401


def test_a_disabled_webhook_endpoint_is_audited(server: Server) -> None:
    receiver = Receiver(respond=lambda number, call: 410)
    key = server.key(server.org("disabled-audit"))
    try:
        with key.client() as client:
            hook = client.post("/v1/webhooks", json={"url": receiver.url(), "events": ["analysis.completed"]}).json()
            submit_text(client, "This Agreement is governed by the laws of Oregon.")
            wait_for(lambda: not client.get(f"/v1/webhooks/{hook['webhookId']}").json()["enabled"], timeout=60)
    finally:
        receiver.close()
    entries = [e for e in audit_actions(server, "webhook.disabled") if e["target"] == hook["webhookId"]]
    assert len(entries) == 1 and entries[0]["org_id"] == key.org and "410" in entries[0]["detail"]
