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
import signal
import socket
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast
from urllib.parse import urlsplit

import click

from contractbox.cli.common import data_dir_option, fail, load_settings
from contractbox.core.settings import Settings

if TYPE_CHECKING:
    from webview.guilib import GUIType

log = logging.getLogger("contractbox.desktop")
# The Linux desktop download (docs/packaging.md); the headless build points users to it.
DESKTOP_DOWNLOAD = "contractbox-desktop-linux.tar.gz"

WINDOW_TITLE = "ContractBox"
START_TIMEOUT_S = 60


def free_loopback_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class SignInKeeper:
    """Keeps the window signed in: whenever it lands on the sign-in page without a link (the
    session expired, or the user signed out), it is sent a fresh one-time link.

    Done from Python on pywebview's `loaded` event rather than through a JS API: pywebview's
    JS bridge builds functions with `new Function`, which the UI's Content-Security-Policy forbids.
    """

    def __init__(self, store: Any, base: str) -> None:
        self.store, self.base = store, base

    def link(self) -> str:
        from contractbox.console.sessions import create_login_link

        return f"{self.base}/console/link?token={create_login_link(self.store)}"

    def on_loaded(self, window: Any) -> None:  # pywebview matches handlers by the parameter name
        url = urlsplit(window.get_current_url() or "")
        if url.path == "/console/login" and not url.fragment:
            window.load_url(self.link())


class ServerThread:
    """uvicorn in a background thread, stopped the way a SIGTERM stops `serve`."""

    def __init__(self, settings: Settings, port: int) -> None:
        import uvicorn

        from contractbox.server.app import create_asgi
        from contractbox.server.run import freeze_startup_objects, uvicorn_config

        config = uvicorn_config(create_asgi(settings), settings, "127.0.0.1", port)
        freeze_startup_objects()
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
    from contractbox.core.serverlock import ServerLock, ServerRunningError
    from contractbox.core.store import Store

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
        keeper = SignInKeeper(store, base)
        window = webview.create_window(WINDOW_TITLE, keeper.link(), width=1280, height=800, min_size=(1024, 680))
        assert window is not None  # pywebview returns None only when called from inside its own GUI loop
        window.events.loaded += keeper.on_loaded
        webview.settings["ALLOW_DOWNLOADS"] = True  # the reviewer's exports (JSON, CSV, .ics)
        # SIGTERM (session logout, `kill`) closes the window like its close button; pywebview
        # already does so for SIGINT. Its Qt backend runs Python every 0.5 s to notice signals.
        signal.signal(signal.SIGTERM, lambda *_: window.destroy())
        click.echo(f"ContractBox desktop on {base} (data dir {settings.data_dir}); close the window to stop.", err=True)
        # --gui is passed through; pywebview names its backends with a Literal and checks the value itself.
        webview.start(gui=cast("GUIType | None", gui or default_gui()), private_mode=True)
    finally:
        click.echo("Window closed: stopping the server ...", err=True)
        server.stop()
        remove_server_info(settings.data_dir)
        store.close()
        lock.release()
        click.echo("ContractBox stopped.", err=True)


def default_gui() -> str | None:
    """Qt on Linux when installed (the `desktop` extra); pywebview's own choice elsewhere."""
    import importlib.util

    if sys.platform.startswith("linux") and importlib.util.find_spec("qtpy") is not None:
        return "qt"
    return None


def missing_window_advice() -> str:
    """What to do when this install has no window toolkit: a headless binary needs the other download,
    a source install the `desktop` extra."""
    browser = "Or run `contractbox serve` and open http://127.0.0.1:8000/ in a browser."
    if getattr(sys, "frozen", False):
        return (
            f"This is the headless server build of ContractBox: it has no desktop window. The window is in the "
            f"desktop download ({DESKTOP_DOWNLOAD}). {browser}"
        )
    return f'The desktop window needs pywebview: pip install "contractbox[desktop]". {browser}'


@click.command("desktop")
@data_dir_option
@click.option("--gui", default=None, help="pywebview backend (qt, gtk, edgechromium, cocoa); default: the platform's.")
def desktop_command(data_dir: Path | None, gui: str | None) -> None:
    """Open ContractBox in a desktop window (the server runs inside, on a loopback port)."""
    try:
        import webview  # noqa: F401
    except ImportError:
        fail(missing_window_advice())
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    run_desktop(load_settings(data_dir), gui)
