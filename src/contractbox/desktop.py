"""`contractbox desktop`: the server on a free loopback port, in this process, and a pywebview
window on its UI, already signed in.

pywebview must own the main thread (Qt, Cocoa and WinForms insist), so uvicorn runs in a
thread; uvicorn installs signal handlers only when it runs in the main thread, so here closing
the window is the way to stop. On close the server shuts down as `serve` does on SIGTERM:
running analyses finish or stay queued in the table and resume at the next start.
"""

from __future__ import annotations

import logging
import os
import socket
import sys
import threading
import time
from pathlib import Path
from typing import Any

import click

from contractbox.cli import data_dir_option, fail, load_settings
from contractbox.settings import Settings

log = logging.getLogger("contractbox.desktop")

WINDOW_TITLE = "ContractBox"
START_TIMEOUT_S = 60


def free_loopback_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class DesktopApi:
    """Methods the page may call as window.pywebview.api.<name>(...)."""

    def __init__(self, store: Any) -> None:
        self._store = store
        self._window: Any = None

    def bind(self, window: Any) -> None:
        self._window = window

    def new_login_link(self) -> str:
        """A fresh one-time token: the window signs itself in again when its session expires."""
        from contractbox.console.sessions import create_login_link

        return create_login_link(self._store)

    def ready(self, view: str) -> bool:
        """The UI reports the view it rendered (seen in the log and by tests/test_desktop.py)."""
        click.echo(f"ContractBox window ready: {view}", err=True)
        return True

    def quit(self) -> None:
        if self._window is not None:
            self._window.destroy()


class ServerThread:
    """uvicorn in a background thread, stopped the way a SIGTERM stops `serve`."""

    def __init__(self, settings: Settings, port: int) -> None:
        import uvicorn

        from contractbox.app import create_asgi

        config = uvicorn.Config(create_asgi(settings), host="127.0.0.1", port=port, log_level=settings.log_level.lower(), access_log=False, lifespan="on", timeout_graceful_shutdown=30)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, name="contractbox-server", daemon=True)

    def start(self) -> None:
        self.thread.start()
        deadline = time.monotonic() + START_TIMEOUT_S
        while not self.server.started:
            if not self.thread.is_alive():
                raise RuntimeError("The server stopped while starting; see the log above.")
            if time.monotonic() > deadline:
                raise RuntimeError(f"The server did not start within {START_TIMEOUT_S} s.")
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=60)


def run_desktop(settings: Settings, gui: str | None = None) -> None:
    import webview

    from contractbox.console.serverinfo import local_url, remove_server_info, write_server_info
    from contractbox.console.sessions import create_login_link
    from contractbox.db import Store
    from contractbox.ops.serverlock import ServerLock, ServerRunningError

    if sys.platform.startswith("linux") and os.geteuid() == 0:
        # QtWebEngine refuses to run as root without it (measured here under Xvfb).
        os.environ.setdefault("QTWEBENGINE_CHROMIUM_FLAGS", "--no-sandbox")
    try:
        lock = ServerLock(settings.data_dir).acquire()
    except ServerRunningError as exc:
        fail(f"{exc} Open its console in a browser instead: contractbox console-url --data-dir {settings.data_dir}")
    port = free_loopback_port()
    base = local_url("http", "127.0.0.1", port)
    server = ServerThread(settings, port)
    store = Store(settings.app_db_path)
    try:
        server.start()
        write_server_info(settings.data_dir, base)
        api = DesktopApi(store)
        window = webview.create_window(
            WINDOW_TITLE, f"{base}/console/login#link={create_login_link(store)}", js_api=api, width=1280, height=800, min_size=(1024, 680)
        )
        api.bind(window)
        click.echo(f"ContractBox desktop on {base} (data dir {settings.data_dir}); close the window to stop.", err=True)
        webview.start(gui=gui, private_mode=True)
    finally:
        click.echo("Window closed: stopping the server ...", err=True)
        server.stop()
        remove_server_info(settings.data_dir)
        store.close()
        lock.release()
        click.echo("ContractBox stopped.", err=True)


@click.command("desktop")
@data_dir_option
@click.option("--gui", default=None, help="pywebview backend (qt, gtk, edgechromium, cocoa); default: the platform's.")
def desktop_command(data_dir: Path | None, gui: str | None) -> None:
    """Open ContractBox in a desktop window (the server runs inside, on a loopback port)."""
    try:
        import webview  # noqa: F401
    except ImportError:
        fail('The desktop window needs pywebview: pip install "contractbox[desktop]". Or run `contractbox serve` and use a browser.')
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    run_desktop(load_settings(data_dir), gui)
