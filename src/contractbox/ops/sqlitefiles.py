"""SQLite files of a data dir: consistent online copies and integrity checks."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from contractbox.core.settings import Settings

BUSY_TIMEOUT_S = 10.0


def database_files(settings: Settings) -> dict[str, Path]:
    """The databases a data dir holds, by the file name they keep in a backup."""
    return {path.name: path for path in (settings.app_db_path, settings.queue_db_path)}


def online_copy(source: Path, target: Path) -> None:
    """Copy a live database with SQLite's backup API in one step: one read transaction, so the
    copy is a consistent snapshot even while a server writes (WAL lets it go on writing)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    for leftover in (target, *sidecars(target)):
        leftover.unlink(missing_ok=True)
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=BUSY_TIMEOUT_S)
    dst = sqlite3.connect(str(target))
    try:
        src.backup(dst, pages=-1)
        dst.execute("PRAGMA journal_mode=DELETE")  # a backup is one self-contained file
    finally:
        dst.close()
        src.close()


def sidecars(path: Path) -> tuple[Path, Path]:
    return path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")


def integrity_problems(path: Path) -> list[str]:
    """[] when `PRAGMA integrity_check` says ok; otherwise what it (or opening the file) said."""
    if not path.exists():
        return [f"{path} does not exist"]
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=BUSY_TIMEOUT_S)
        try:
            rows = [row[0] for row in conn.execute("PRAGMA integrity_check")]
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        return [f"{path.name}: {exc}"]
    return [] if rows == ["ok"] else [f"{path.name}: {row}" for row in rows]


def applied_migrations(path: Path) -> list[str]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=BUSY_TIMEOUT_S)
    try:
        exists = conn.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name='_migrations'").fetchone()
        return [row[0] for row in conn.execute("SELECT name FROM _migrations ORDER BY name")] if exists else []
    finally:
        conn.close()
