"""Graceful stop for the server: the first SIGINT or SIGTERM stops accepting, lets the app's
shutdown finish the running analyses (queued ones stay queued in the table and resume at the
next start), flushes and exits 0. A second signal exits at once: the analyses table is the
truth and every unfinished analysis is queued again at the next start, so nothing is lost."""

from __future__ import annotations

import logging
import os
import signal
from types import FrameType

import uvicorn

from contractbox.ops.logfile import flush_all

log = logging.getLogger("contractbox.server")


class GracefulServer(uvicorn.Server):
    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        name = signal.Signals(sig).name
        if self.should_exit:
            log.warning("%s again: exiting now; unfinished analyses resume at the next start", name)
            flush_all()
            os._exit(128 + sig)
        log.info("%s: stopping gracefully (a second signal exits at once)", name)
        # Not recorded in _captured_signals: uvicorn would re-raise it after shutdown and the
        # process would die by the signal instead of exiting 0.
        self.should_exit = True
