"""The server log in `data_dir/logs/contractbox.log`, rotated by size, with API key secrets
redacted from every record before any handler sees it."""

from __future__ import annotations

import logging
import re
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


def file_handler(settings: Settings) -> RotatingFileHandler:
    path = log_path(settings.data_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = RotatingFileHandler(
        path, maxBytes=settings.log_max_bytes, backupCount=settings.log_backups, encoding="utf-8"
    )
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    handler.addFilter(RedactSecrets())
    return handler


def configure_logging(settings: Settings, logger_names: tuple[str, ...] = ("", "uvicorn")) -> RotatingFileHandler:
    """Send the named loggers (root by default, and uvicorn's, which does not propagate) to the
    rotated file too; every existing handler of theirs gets the redacting filter."""
    handler = file_handler(settings)
    for name in logger_names:
        logger = logging.getLogger(name)
        for existing in logger.handlers:
            existing.addFilter(RedactSecrets())
        if handler not in logger.handlers:
            logger.addHandler(handler)
    return handler


def flush_all() -> None:
    for name in ("", "uvicorn", "contractbox"):
        for handler in logging.getLogger(name).handlers:
            handler.flush()
