"""Graceful stop for the server: the first SIGINT or SIGTERM stops accepting, lets the app's
shutdown finish the running analyses (queued ones stay queued in the table and resume at the
next start), flushes and exits 0. A second signal exits at once: the analyses table is the
truth and every unfinished analysis is queued again at the next start, so nothing is lost."""

from __future__ import annotations

import logging
import os
import signal
import time
from types import FrameType

import uvicorn

from contractbox.ops.logfile import flush_all

log = logging.getLogger("contractbox.server")

# Ctrl+C in a terminal reaches a one-file binary twice at the same instant: from the terminal
# (the whole process group) and forwarded by PyInstaller's bootloader. A repeat this soon is
# that same keypress, not a second request.
SAME_SIGNAL_WINDOW_S = 0.5


class GracefulServer(uvicorn.Server):
    _first_signal_at: float | None = None

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        name = signal.Signals(sig).name
        now = time.monotonic()
        if self._first_signal_at is not None:
            if now - self._first_signal_at < SAME_SIGNAL_WINDOW_S:
                return
            log.warning("%s again: exiting now; unfinished analyses resume at the next start", name)
            flush_all()
            os._exit(128 + sig)
        self._first_signal_at = now
        log.info("%s: stopping gracefully (a second signal exits at once)", name)
        # Not recorded in _captured_signals: uvicorn would re-raise it after shutdown and the
        # process would die by the signal instead of exiting 0.
        self.should_exit = True
