"""The task queue: Huey on its own SQLite file, consumed by threads inside the server process.

Huey deletes a task from its table before running it, so a task running when the process is
killed is gone. The app's own tables are therefore the truth: at start the queue is flushed and
every unfinished piece of work is enqueued again from those tables (see Services.start in server/container.py).
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from huey import SqliteHuey
from huey.consumer import Consumer
from huey.storage import SqliteStorage

from contractbox.core.store import StorageFullError, translate_error

log = logging.getLogger("contractbox.queue")

# Retrying after a full disk: seconds between attempts, the last one repeated until space returns.
STORAGE_RETRY_S = (0.5, 1, 2, 5, 10, 30)

# Idle polling: a task arriving at an idle queue starts within ~25 ms (measured in bench/api.py).
POLL_INITIAL_S = 0.005
POLL_BACKOFF = 1.15
POLL_MAX_S = 0.025


class QueueStorage(SqliteStorage):
    """Huey's SQLite storage, committing without waiting for the disk (synchronous=NORMAL: in WAL mode
    the file stays consistent after a crash, and only the last commits can be lost). queue.db is a
    cache of contractbox.db's tables, flushed and refilled at every start, so a wake-up lost with the
    machine is enqueued again from them; an fsync at every enqueue and dequeue held Huey's one
    connection, and its lock, for milliseconds while analyses completed and documents arrived."""

    def _create_connection(self) -> sqlite3.Connection:
        conn: sqlite3.Connection = super()._create_connection()
        conn.execute("PRAGMA synchronous=NORMAL")
        return conn


class InProcessConsumer(Consumer):
    """A consumer that leaves signal handling to uvicorn: the app stops it on shutdown."""

    def _set_signal_handlers(self) -> None:
        pass


class TaskQueue:
    def __init__(self, path: Path, workers: int) -> None:
        self.huey = SqliteHuey(
            name="contractbox", filename=str(path), storage_class=QueueStorage, results=False, utc=True
        )
        self.workers = workers
        self._consumer: InProcessConsumer | None = None
        logging.getLogger("huey").setLevel(logging.WARNING)

    def register(self, name: str, func: Callable[..., None]) -> Enqueuer:
        """Make `func` a task; calling the returned object enqueues it (or schedules it with delay=).
        If the disk is full the enqueue is held in memory and retried until space returns (the
        tables stay the truth: a restart re-enqueues unfinished work anyway)."""
        return Enqueuer(self, name, self.huey.task(name=name)(func))

    def _end_failed_transaction(self) -> None:
        """Huey does not roll back when its COMMIT fails; an open transaction would make every later
        BEGIN on its one shared connection fail."""
        storage = self.huey.storage
        with storage.lock:
            if storage._conn is not None and storage._conn.in_transaction:
                storage._conn.rollback()

    def retry_when_space(self, action: Callable[[], object], attempt: int = 0) -> None:
        """Run `action` later, again and again while it fails because the disk is full."""

        def run() -> None:
            try:
                action()
            except (StorageFullError, sqlite3.OperationalError) as exc:
                if not isinstance(exc, StorageFullError) and not isinstance(translate_error(exc), StorageFullError):
                    log.exception("retry after a full disk failed")
                    return
                self._end_failed_transaction()
                self.retry_when_space(action, attempt + 1)

        timer = threading.Timer(STORAGE_RETRY_S[min(attempt, len(STORAGE_RETRY_S) - 1)], run)
        timer.daemon = True
        timer.start()

    def flush(self) -> None:
        self.huey.flush()

    def pending_count(self) -> int:
        return self.huey.pending_count() + self.huey.scheduled_count()

    def start(self) -> None:
        self._consumer = InProcessConsumer(
            self.huey,
            workers=self.workers,
            worker_type="thread",
            periodic=False,
            initial_delay=POLL_INITIAL_S,
            backoff=POLL_BACKOFF,
            max_delay=POLL_MAX_S,
            check_worker_health=True,
        )
        self._consumer.start()

    def stop(self) -> None:
        if self._consumer is not None:
            self._consumer.stop(graceful=True)
            self._consumer = None


class Enqueuer:
    """A Huey task wrapper whose enqueue survives a full disk."""

    def __init__(self, queue: TaskQueue, name: str, task: Any) -> None:  # a huey TaskWrapper (huey has no type hints)
        self.queue = queue
        self.name = name
        self.task = task

    def __call__(self, *args: object, **kwargs: object) -> None:
        self._guarded(lambda: self.task(*args, **kwargs), args)

    def schedule(self, *args: object, **kwargs: object) -> None:
        self._guarded(lambda: self.task.schedule(*args, **kwargs), args)

    def _guarded(self, enqueue: Callable[[], object], args: tuple) -> None:
        try:
            enqueue()
        except sqlite3.OperationalError as exc:
            if not isinstance(translate_error(exc), StorageFullError):
                raise
            self.queue._end_failed_transaction()
            log.warning("queue full (%s): %s%r held until space returns", exc, self.name, args)
            self.queue.retry_when_space(enqueue)
