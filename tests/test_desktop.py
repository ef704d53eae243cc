"""`contractbox desktop` for real: Xvfb started by the test, the pywebview window (Qt backend)
on the real UI, read and driven through QtWebEngine's DevTools endpoint. Checks that the window
opens signed in on the first-run page, that a file dropped on the window is analysed by the
reviewer, and that SIGTERM closes the window and stops the server cleanly."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from conftest import SAMPLE_CONTRACTS, free_port, wait_for


@pytest.fixture
def display() -> Iterator[str]:
    """A private X server; its display number is chosen by Xvfb itself (-displayfd)."""
    read_end, write_end = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1366x900x24", "-nolisten", "tcp"], pass_fds=(write_end,), stderr=subprocess.DEVNULL)
    os.close(write_end)
    number = b""
    while not number.endswith(b"\n"):
        chunk = os.read(read_end, 16)
        assert chunk, "Xvfb exited before reporting its display"
        number += chunk
    os.close(read_end)
    yield f":{number.decode().strip()}"
    xvfb.terminate()
    xvfb.wait(timeout=10)


class DevTools:
    """Runtime.evaluate on the window's page over the Chrome DevTools Protocol."""

    def __init__(self, port: int) -> None:
        self.endpoint = f"http://127.0.0.1:{port}/json"

    def page(self) -> dict | None:
        try:
            targets = httpx.get(self.endpoint, timeout=2).json()
        except httpx.HTTPError:
            return None
        return next((t for t in targets if t["type"] == "page"), None)

    def evaluate(self, expression: str) -> object:
        target = self.page()
        assert target is not None

        # The synchronous client: a Playwright test earlier in the session may own an event loop.
        with connect(target["webSocketDebuggerUrl"], max_size=None) as ws:
            ws.send(json.dumps({"id": 1, "method": "Runtime.evaluate", "params": {"expression": expression, "returnByValue": True, "awaitPromise": True}}))
            while True:
                message = json.loads(ws.recv(timeout=30))
                if message.get("id") == 1:
                    assert "exceptionDetails" not in message["result"], message
                    return message["result"]["result"].get("value")


def test_desktop_window_opens_signed_in_takes_dropped_files_and_stops_cleanly(display: str, tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    devtools_port = free_port()
    env = {**os.environ, "DISPLAY": display, "QTWEBENGINE_REMOTE_DEBUGGING": f"127.0.0.1:{devtools_port}", "QTWEBENGINE_CHROMIUM_FLAGS": "--no-sandbox"}
    log_path = tmp_path / "desktop.log"
    started = time.monotonic()
    with open(log_path, "wb") as log:
        desktop = subprocess.Popen([sys.executable, "-m", "contractbox", "desktop", "--data-dir", str(data_dir)], stdout=log, stderr=subprocess.STDOUT, env=env)
    try:
        info = wait_for(lambda: (data_dir / "server.json").exists() and json.loads((data_dir / "server.json").read_text()), timeout=60, what="server.json")
        base = info["url"]
        assert base.startswith("http://127.0.0.1:")
        devtools = DevTools(devtools_port)

        # Signed in through the one-time link, on the first-run page (no organization yet).
        wait_for(lambda: (devtools.page() or {}).get("url") == f"{base}/#/welcome", timeout=60, what="the window on the first-run page")
        wait_for(lambda: devtools.evaluate("document.querySelector('h1')?.textContent") == "Welcome to ContractBox", what="the welcome heading")
        print(f"window showed the first-run page {time.monotonic() - started:.1f} s after launch")
        devtools.evaluate("document.getElementById('welcome-org').value = 'Desktop Org'; document.getElementById('welcome-org-save').click()")
        wait_for(lambda: str(devtools.evaluate("document.getElementById('org-select').value")).startswith("org_"), what="the organization to be created")

        # A file dropped anywhere on the window goes to the reviewer.
        text = (SAMPLE_CONTRACTS / "mutual_nda.txt").read_text()
        devtools.evaluate(
            "(() => { const dt = new DataTransfer(); dt.items.add(new File([%s], 'dropped_nda.txt', {type: 'text/plain'}));"
            " document.body.dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true})); })()" % json.dumps(text)
        )
        wait_for(lambda: devtools.evaluate("location.hash") == "#/review", what="the reviewer")
        status = "document.querySelector('.queue li[data-status] .name[title=\"dropped_nda.txt\"]')?.closest('li').dataset.status"
        assert wait_for(lambda: devtools.evaluate(status) in ("completed", "failed") and devtools.evaluate(status), what="the dropped file's analysis") == "completed"

        with sqlite3.connect(data_dir / "contractbox.db") as db:
            clients = [row[0] for row in db.execute("SELECT client FROM console_audit WHERE action = 'signin.link'")]
            titles = [row[0] for row in db.execute("SELECT title FROM analyses")]
        assert any("QtWebEngine" in (client or "") for client in clients)  # the window itself signed in
        assert titles == ["dropped_nda"]
    finally:
        if desktop.poll() is None:
            desktop.send_signal(signal.SIGTERM)
        code = desktop.wait(timeout=60)
    log = log_path.read_text(errors="replace")
    assert code == 0, log
    assert "ContractBox stopped." in log
    assert not (data_dir / "server.json").exists()
    with pytest.raises(httpx.HTTPError):
        httpx.get(base + "/healthz", timeout=2)
