"""Per-key daily usage counters, written when the counted thing happens.

Analyses, pages, characters and billable units are added inside the transaction that changes
the analysis, so they can never disagree with it. Request counts and `lastUsedAt` are
buffered in memory and flushed about once a second (and at shutdown): a crash can lose at
most that last second of request counts, and no request pays for an extra fsync.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections import Counter

import sqlite_utils

from contractbox.core.clock import iso_from_epoch, today
from contractbox.core.store import Store
from contractbox.keys.service import record_last_used

COUNTER_COLUMNS = (
    "requests",
    "analyses_created",
    "analyses_completed",
    "analyses_failed",
    "pages",
    "characters",
    "comparisons",
    "billable_units",
)


def add_usage(db: sqlite_utils.Database, key_id: str, day: str | None = None, **increments: int) -> None:
    """Add to a key's counters for a day; call inside the transaction that does the counted thing."""
    columns = [c for c, v in increments.items() if v]
    if not columns:
        return
    bad = set(columns) - set(COUNTER_COLUMNS)
    if bad:
        raise ValueError(f"unknown usage counters: {bad}")
    names = ", ".join(columns)
    marks = ", ".join("?" for _ in columns)
    updates = ", ".join(f"{c} = {c} + excluded.{c}" for c in columns)
    db.execute(
        f"INSERT INTO usage_daily (key_id, day, {names}) VALUES (?, ?, {marks}) "
        f"ON CONFLICT(key_id, day) DO UPDATE SET {updates}",
        (key_id, day or today(), *[increments[c] for c in columns]),
    )


class RequestCounter:
    """Buffers request counts and last-used times per key; a daemon thread flushes them."""

    def __init__(self, store: Store, interval_s: float = 1.0) -> None:
        self.store = store
        self.interval_s = interval_s
        self._counts: Counter[tuple[str, str]] = Counter()
        self._last_used: dict[str, float] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def hit(self, key_id: str) -> None:
        now = time.time()
        day = time.strftime("%Y-%m-%d", time.gmtime(now))
        with self._lock:
            self._counts[(key_id, day)] += 1
            self._last_used[key_id] = now

    def flush(self) -> None:
        with self._lock:
            counts, self._counts = self._counts, Counter()
            last_used, self._last_used = self._last_used, {}
        if not counts and not last_used:
            return
        try:
            with self.store.transaction() as db:
                for (key_id, day), n in counts.items():
                    add_usage(db, key_id, day, requests=n)
                record_last_used(db, {key_id: iso_from_epoch(moment) for key_id, moment in last_used.items()})
        except Exception:
            with self._lock:  # keep them for the next flush rather than lose them
                self._counts.update(counts)
                for key_id, moment in last_used.items():
                    self._last_used.setdefault(key_id, moment)
            raise

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="contractbox-usage-flush", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread:
            self._thread.join(timeout=5)
        self.flush()

    def _run(self) -> None:
        while not self._stop.wait(self.interval_s):
            # A failed flush keeps its counts and is retried next tick (the disk may be full a while).
            with contextlib.suppress(Exception):
                self.flush()
