"""Half-sent requests must not take the server down (issue 13, defect 3).

The attack: many connections that send part of a request's headers and then nothing. The server runs
with an open-file limit of 1024 (set on the child before it starts), so 2,000 such connections are
more than it could ever hold open; before the fix it held every one until it had no descriptor left
and /healthz stopped answering."""

from __future__ import annotations

import os
import resource
import socket
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from conftest import Server, wait_for

SERVER_FD_LIMIT = 1024
HALF_SENT = 2000
PARTIAL_REQUEST = b"GET /v1/analyses HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "


def limit_descriptors() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (SERVER_FD_LIMIT, SERVER_FD_LIMIT))


@dataclass
class LimitedServer(Server):
    """The real server, started with a low open-file limit (soft and hard: it cannot raise it)."""

    def start(self) -> LimitedServer:
        env = {**os.environ, **self.env}
        self.log_path = self.data_dir.parent / f"server-{self.port}.log"
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "contractbox",
                    "serve",
                    "--data-dir",
                    str(self.data_dir),
                    "--port",
                    str(self.port),
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
                env=env,
                preexec_fn=limit_descriptors,
            )
        wait_for(self._healthy, timeout=30, what="server to be healthy")
        return self

    def open_descriptors(self) -> int:
        assert self.process is not None
        return len(os.listdir(f"/proc/{self.process.pid}/fd"))


@pytest.fixture
def limited_server(tmp_path: Path) -> Iterator[LimitedServer]:
    instance = LimitedServer(
        tmp_path / "data", env={"CONTRACTBOX_HEADER_TIMEOUT": "3", "CONTRACTBOX_BODY_TIMEOUT": "3"}
    )
    instance.start()
    yield instance
    if instance.process and instance.process.poll() is None:
        instance.process.kill()
        instance.process.wait()


def open_half_sent(port: int, count: int) -> list[socket.socket]:
    """`count` connections that each send the start of a request's headers, never the end."""
    sockets = []
    for _ in range(count):
        sock = socket.socket()
        sock.settimeout(2)
        try:
            sock.connect(("127.0.0.1", port))
            sock.sendall(PARTIAL_REQUEST)
        except OSError:
            sock.close()  # the listen queue is full: the attacker gets fewer, the server is not the worse
            continue
        sockets.append(sock)
    return sockets


def closed_by_server(sock: socket.socket) -> bool:
    sock.settimeout(0)
    try:
        return sock.recv(1) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True  # reset


def counted_requests(server: Server, key_id: str) -> int:
    with sqlite3.connect(server.data_dir / "contractbox.db", timeout=10) as db:
        row = db.execute("SELECT COALESCE(SUM(requests), 0) FROM usage_daily WHERE key_id = ?", (key_id,)).fetchone()
    return int(row[0])


def test_half_sent_requests_do_not_take_the_server_down(limited_server: LimitedServer) -> None:
    key = limited_server.key(limited_server.org("slowloris"))
    baseline = limited_server.open_descriptors()
    attack = open_half_sent(limited_server.port, HALF_SENT)
    try:
        assert len(attack) > SERVER_FD_LIMIT, f"only {len(attack)} connections opened: the attack proves nothing"
        # While the attack's connections are open, the server still answers, with and without a key.
        with httpx.Client(base_url=limited_server.base_url, timeout=15) as anonymous:
            assert anonymous.get("/healthz").status_code == 200
        with key.client() as client:
            assert client.get("/v1/analyses", params={"limit": 1}).status_code == 200
        assert limited_server.open_descriptors() < SERVER_FD_LIMIT
        # Every half-sent connection is closed by the server: made room for newer ones, or timed out.
        wait_for(
            lambda: all(closed_by_server(sock) for sock in attack),
            timeout=60,
            interval=0.5,
            what="the server to close every half-sent connection",
        )
    finally:
        for sock in attack:
            sock.close()
    # Recovered: its descriptors are back near where they started, and it serves as before.
    wait_for(
        lambda: limited_server.open_descriptors() <= baseline + 10,
        timeout=30,
        interval=0.2,
        what="the server's descriptors to return to their baseline",
    )
    assert httpx.get(limited_server.base_url + "/healthz", timeout=5).status_code == 200
    assert "Traceback" not in limited_server.log()


def test_a_stalled_body_is_closed_and_a_full_server_answers_503_in_the_error_shape(tmp_path: Path) -> None:
    server = LimitedServer(tmp_path / "data", env={"CONTRACTBOX_MAX_CONNECTIONS": "2", "CONTRACTBOX_BODY_TIMEOUT": "3"})
    server.start()
    try:
        key = server.key(server.org("busy"))
        stalled = []
        for _ in range(2):  # two requests whose bodies never finish: both connections are busy
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            sock.sendall(
                b"POST /v1/analyses HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + f"Authorization: Bearer {key.secret}\r\nContent-Length: 1000\r\n\r\n".encode()
                + b'{"title": "'
            )
            stalled.append(sock)
        # Both are busy once their headers are read: the key middleware has counted them (flushed to usage).
        wait_for(lambda: counted_requests(server, key.key_id) == 2, timeout=30, what="both stalled requests counted")
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as third:
            third.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            answer = b""
            while chunk := third.recv(65536):
                answer += chunk
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 503"), answer
        assert b"retry-after: 1" in head.lower()
        error = httpx.Response(503, content=body).json()["error"]
        assert error["code"] == "server_busy" and error["type"] == "api_error" and error["requestId"].startswith("req_")
        # The stalled bodies are cut off once they pause for the body timeout; then there is room again.
        wait_for(
            lambda: all(closed_by_server(sock) for sock in stalled),
            timeout=30,
            interval=0.2,
            what="stalled bodies closed",
        )
        for sock in stalled:
            sock.close()
        wait_for(server._healthy, timeout=15, what="/healthz once the stalled requests are gone")
    finally:
        server.stop()
