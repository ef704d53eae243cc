"""Deleting analyses, and removing the source documents of unsaved analyses once the retention period
has passed (docs/api-notes.md, Deleting and storage). An analysis saved as a contract is kept whole:
the contract shows its document; deleting the contract deletes the analysis with it."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import sqlite_utils

from contractbox.core.clock import Clock, iso
from contractbox.core.errors import ApiError, not_found
from contractbox.core.store import Store
from contractbox.keys.service import Principal
from contractbox.storage.service import StorageService

log = logging.getLogger("contractbox.retention")

# Every column of analysis_sources that holds the document (the URL stays); the text read from it is
# in analysis_documents, deleted with it.
DOCUMENT_CLEARED = "text = NULL, pdf = NULL, docx = NULL, image = NULL"
SWEEP_BATCH = 200


def stored_size(source: dict[str, Any]) -> int:
    """Bytes a submitted source keeps: a file's bytes, or text and URLs as UTF-8."""
    return sum(len(v) if isinstance(v, bytes) else len(str(v).encode()) for v in source.values() if v is not None)


def deletable_row(db: sqlite_utils.Database, principal: Principal, analysis_id: str) -> dict[str, Any]:
    """The analysis to delete, of the caller's organization and mode (404 otherwise); 409 while it runs
    or while a contract keeps it."""
    row = next(
        db.query(
            "SELECT a.id, a.status, s.contract_id AS saved_as FROM analyses a "
            "LEFT JOIN analysis_saves s ON s.analysis_id = a.id WHERE a.id = ? AND a.org_id = ? AND a.mode = ?",
            (analysis_id, principal.org_id, principal.mode),
        ),
        None,
    )
    if row is None:
        raise not_found("analysis", analysis_id)
    if row["status"] == "processing":
        raise ApiError(
            409,
            "analysis_processing",
            f"Analysis {analysis_id} is being processed; delete it once it has completed or failed.",
        )
    if row["saved_as"]:
        raise ApiError(
            409,
            "analysis_saved",
            f"Analysis {analysis_id} is saved as contract {row['saved_as']}; delete the contract "
            f"(DELETE /v1/contracts/{row['saved_as']}), which deletes this analysis with it.",
            extra={"contractId": row["saved_as"]},
        )
    return row


def delete_rows(db: sqlite_utils.Database, storage: StorageService, analysis_id: str) -> None:
    db.execute("DELETE FROM analysis_sources WHERE analysis_id = ?", (analysis_id,))
    db.execute("DELETE FROM analysis_documents WHERE analysis_id = ?", (analysis_id,))
    db.execute("DELETE FROM analysis_saves WHERE analysis_id = ?", (analysis_id,))
    db.execute("DELETE FROM analysis_results WHERE analysis_id = ?", (analysis_id,))
    db.execute("DELETE FROM analyses WHERE id = ?", (analysis_id,))
    storage.deleted(db, "analysis", analysis_id)


def remove_expired_sources(store: Store, storage: StorageService, cutoff: str, now: str) -> int:
    """Clear the documents of unsaved analyses finished before `cutoff`, in batches; returns how many."""
    removed = 0
    while True:
        with store.transaction() as db:
            ids = [
                row["id"]
                for row in db.query(
                    "SELECT a.id FROM analyses a JOIN analysis_sources s ON s.analysis_id = a.id "
                    # saved_as (set before analysis_saves existed) keeps the partial index analyses_retention usable
                    "WHERE a.saved_as IS NULL AND a.status IN ('completed', 'failed') AND a.completed_at < ? "
                    "AND s.removed_at IS NULL AND NOT EXISTS (SELECT 1 FROM analysis_saves v WHERE v.analysis_id = a.id) "
                    "LIMIT ?",
                    (cutoff, SWEEP_BATCH),
                )
            ]
            for analysis_id in ids:
                db.execute(
                    f"UPDATE analysis_sources SET {DOCUMENT_CLEARED}, removed_at = ? WHERE analysis_id = ?",
                    (now, analysis_id),
                )
                db.execute("DELETE FROM analysis_documents WHERE analysis_id = ?", (analysis_id,))
                storage.release(db, analysis_id)
        removed += len(ids)
        if len(ids) < SWEEP_BATCH:
            if removed:
                storage.scrub()
            return removed


class RetentionSweeper:
    """Every `interval_s`, removes the documents of unsaved analyses older than `days` (0: keeps them)."""

    def __init__(self, sweep: Callable[[str, str], int], clock: Clock, days: int, interval_s: float) -> None:
        self.sweep = sweep
        self.clock = clock
        self.days = days
        self.interval_s = interval_s
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self.days <= 0:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="retention-sweep", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=30)
            self._thread = None

    def run_once(self) -> int:
        now = self.clock.now()
        return self.sweep(iso(now - timedelta(days=self.days)), iso(now))

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                removed = self.run_once()
                if removed:
                    log.info(
                        "removed the source documents of %d unsaved analyses older than %d days", removed, self.days
                    )
            except Exception:  # noqa: BLE001 - a failed sweep (a full disk) is retried at the next interval
                log.warning("retention sweep failed; it runs again in %s s", self.interval_s, exc_info=True)
            self._stop.wait(self.interval_s)
