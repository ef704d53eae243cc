"""The server log in `data_dir/logs/contractbox.log`, rotated by size, with API key secrets
redacted from every record before any handler sees it, and repeated lines rate-limited so that
no flood of requests (which anyone who reaches the port can send) can rotate the log away.
Security events go to the audit log (a table, never rotated), not only here."""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from logging.handlers import RotatingFileHandler
from pathlib import Path

from contractbox.core.settings import Settings

LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
_SECRET = re.compile(r"\b(fpk_(?:test|live)_)[A-Za-z0-9_\-]+")


def log_path(data_dir: Path) -> Path:
    return data_dir / "logs" / "contractbox.log"


def redact(text: str) -> str:
    return _SECRET.sub(r"\1[redacted]", text)


class RedactSecrets(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        return True


REPEAT_BURST = 10
REPEAT_WINDOW_S = 60.0
MAX_TEMPLATES = 2000


@dataclass
class _Window:
    started: float
    passed: int = 1
    dropped: int = 0


class RepeatLimiter(logging.Filter):
    """At most REPEAT_BURST records of one template (logger, level, unformatted message) per
    REPEAT_WINDOW_S seconds; the first one let through after a window that dropped some says how
    many were not written. One per handler."""

    def __init__(
        self, burst: int = REPEAT_BURST, window_s: float = REPEAT_WINDOW_S, clock: Callable[[], float] = time.monotonic
    ) -> None:
        super().__init__()
        self.burst, self.window_s, self.clock = burst, window_s, clock
        self._windows: dict[tuple[str, int, str], _Window] = {}
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, record.levelno, str(record.msg))
        now = self.clock()
        with self._lock:
            window = self._windows.get(key)
            if window is not None and now - window.started < self.window_s:
                if window.passed < self.burst:
                    window.passed += 1
                    return True
                window.dropped += 1
                return False
            if len(self._windows) >= MAX_TEMPLATES:  # messages built with f-strings: forget old windows
                self._windows = {k: w for k, w in self._windows.items() if now - w.started < self.window_s}
            self._windows[key] = _Window(now)
        if window is not None and window.dropped:
            record.msg = (
                f"{record.msg} [{window.dropped} more like this in the previous {self.window_s:g} s were not logged]"
            )
        return True


def file_handler(settings: Settings) -> RotatingFileHandler:
    path = log_path(settings.data_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = RotatingFileHandler(
        path, maxBytes=settings.log_max_bytes, backupCount=settings.log_backups, encoding="utf-8"
    )
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    handler.addFilter(RedactSecrets())
    handler.addFilter(RepeatLimiter())
    return handler


def configure_logging(settings: Settings, logger_names: tuple[str, ...] = ("", "uvicorn")) -> RotatingFileHandler:
    """Send the named loggers (root by default, and uvicorn's, which does not propagate) to the
    rotated file too; every existing handler of theirs gets the redacting filter."""
    handler = file_handler(settings)
    for name in logger_names:
        logger = logging.getLogger(name)
        for existing in logger.handlers:
            existing.addFilter(RedactSecrets())
            if not any(isinstance(f, RepeatLimiter) for f in existing.filters):
                existing.addFilter(RepeatLimiter())
        if handler not in logger.handlers:
            logger.addHandler(handler)
    return handler


def flush_all() -> None:
    for name in ("", "uvicorn", "contractbox"):
        for handler in logging.getLogger(name).handlers:
            handler.flush()
