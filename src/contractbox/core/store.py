"""The app's SQLite store: one file, WAL, synchronous=FULL, one connection per thread.

sqlite-utils' Database objects wrap a sqlite3 connection, which belongs to the thread that
opened it; `Store.db` hands each thread its own. Writes that must succeed together go through
`Store.transaction()`.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import sqlite_utils

from contractbox.core.migrations import apply_migrations

BUSY_TIMEOUT_MS = 10_000


class StorageFullError(Exception):
    """The disk (or SQLite's page limit) is full: the write was rolled back."""


def open_connection(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(str(path), isolation_level=None, check_same_thread=True, timeout=BUSY_TIMEOUT_MS / 1000)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA foreign_keys=ON")
    # A deleted document is overwritten with zeros, not left in free pages (Store.checkpoint then
    # removes the copies the WAL still holds): DELETE /v1/analyses and /v1/contracts, retention.
    conn.execute("PRAGMA secure_delete=ON")
    return conn


class Store:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._local = threading.local()
        self._all: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        # SQLite allows one writer; threads of this process queue here for it, in order, rather
        # than in SQLite's busy handler, whose growing sleeps stalled some writes for a second
        # under load (bench/api.py p99). Other processes (the CLI) still meet busy_timeout.
        self._write_lock = threading.RLock()

    def migrate(self) -> list[str]:
        """Apply pending migrations; returns the names applied."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        return apply_migrations(self.db)

    @property
    def db(self) -> sqlite_utils.Database:
        database = getattr(self._local, "db", None)
        if database is None:
            conn = open_connection(self.path)
            database = sqlite_utils.Database(conn)
            self._local.db = database
            with self._lock:
                self._all.append(conn)
        return database

    @contextmanager
    def transaction(self) -> Iterator[sqlite_utils.Database]:
        """BEGIN IMMEDIATE ... COMMIT, rolled back on any exception. Not re-entrant."""
        database = self.db
        conn = database.conn
        with self._write_lock:
            yield from self._in_transaction(database, conn)

    @staticmethod
    def _in_transaction(database: sqlite_utils.Database, conn: sqlite3.Connection) -> Iterator[sqlite_utils.Database]:
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield database
        except sqlite3.OperationalError as exc:  # a full disk can strike mid-transaction, not only at COMMIT
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            translated = translate_error(exc)
            if translated is exc:
                raise
            raise translated from exc
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        try:
            conn.execute("COMMIT")
        except sqlite3.OperationalError as exc:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise translate_error(exc) from exc

    def query(self, sql: str, params: tuple | dict = ()) -> list[dict]:
        cursor = self.db.conn.execute(sql, params)
        names = [column[0] for column in cursor.description]
        return [dict(zip(names, row)) for row in cursor.fetchall()]

    def query_one(self, sql: str, params: tuple | dict = ()) -> dict | None:
        cursor = self.db.conn.execute(sql, params)
        row = cursor.fetchone()
        return dict(zip([column[0] for column in cursor.description], row)) if row is not None else None

    def execute(self, sql: str, params: tuple | dict = ()) -> int:
        """One write statement in its own transaction."""
        conn = self.db.conn
        try:
            with self._write_lock:
                return conn.execute(sql, params).rowcount
        except sqlite3.OperationalError as exc:
            raise translate_error(exc) from exc

    def checkpoint(self) -> bool:
        """Copy the WAL into the database file and empty it, so no older copy of deleted (zeroed) content
        stays on disk. False when a reader kept part of the WAL; the next checkpoint finishes it."""
        with self._write_lock:
            busy = self.db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
        return busy == 0

    def close(self) -> None:
        with self._lock:
            for conn in self._all:
                # A connection opened by another thread that has finished cannot be closed from
                # here; the OS reclaims it.
                with contextlib.suppress(sqlite3.ProgrammingError):
                    conn.close()
            self._all.clear()
        self._local = threading.local()


def insert_row(db: sqlite_utils.Database, table: str, values: dict[str, Any]) -> None:
    """INSERT one row, inside the caller's transaction. The path every document takes (its submission,
    its contract) uses this rather than sqlite_utils' `Table.insert`, which looks the table and its
    columns up first: 0.13-0.15 against 0.01 ms of CPU an insert into `analyses`. Names are quoted,
    so a key that is no column fails instead of reaching the SQL."""
    columns = ", ".join(quoted(name) for name in values)
    placeholders = ", ".join("?" for _ in values)
    db.execute(f"INSERT INTO {quoted(table)} ({columns}) VALUES ({placeholders})", tuple(values.values()))


def quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def translate_error(exc: sqlite3.OperationalError) -> Exception:
    message = str(exc).lower()
    if "full" in message or "disk i/o" in message:
        return StorageFullError(str(exc))
    return exc
