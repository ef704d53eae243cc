"""The task queue: Huey on its own SQLite file, consumed by threads inside the server process.

Huey deletes a task from its table before running it, so a task running when the process is
killed is gone. The app's own tables are therefore the truth: at start the queue is flushed and
every unfinished piece of work is enqueued again from those tables (see Runtime.start).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from huey import SqliteHuey
from huey.consumer import Consumer

# Idle polling: a task arriving at an idle queue starts within ~25 ms (measured in bench/api.py).
POLL_INITIAL_S = 0.005
POLL_BACKOFF = 1.15
POLL_MAX_S = 0.025


class InProcessConsumer(Consumer):
    """A consumer that leaves signal handling to uvicorn: the app stops it on shutdown."""

    def _set_signal_handlers(self) -> None:
        pass


class TaskQueue:
    def __init__(self, path: Path, workers: int) -> None:
        self.huey = SqliteHuey(name="contractbox", filename=str(path), fsync=True, results=False, utc=True)
        self.workers = workers
        self._consumer: InProcessConsumer | None = None
        logging.getLogger("huey").setLevel(logging.WARNING)

    def register(self, name: str, func: Callable[..., None]) -> Callable[..., object]:
        """Make `func` a task; calling the returned object enqueues it (or schedules it with delay=)."""
        return self.huey.task(name=name)(func)

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
