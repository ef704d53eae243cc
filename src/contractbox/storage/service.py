"""Per-organization storage limits. What an organization keeps is recorded in a ledger, one row per
stored object (an analysis' source document, a contract's saved result) with its size, written in the
transaction that stores or deletes the object; an organization's use is the sum of its rows, so it
cannot drift from what is stored. Limits are per organization and mode (settings), checked before an
object is stored: `507 storage_quota_exceeded` in the documented error shape when it would not fit."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import sqlite_utils

from contractbox.audit.service import key_actor, record
from contractbox.core.errors import ApiError
from contractbox.core.store import Store
from contractbox.keys.service import Principal

MIB = 1024 * 1024
SCRUB_RETRY_S = 0.5
SCRUB_GIVE_UP_S = 300.0

log = logging.getLogger("contractbox.storage")


@dataclass(frozen=True)
class StorageLimits:
    """Bytes an organization may keep per mode; 0 means no limit."""

    live: int
    test: int

    def of(self, mode: str) -> int:
        return self.live if mode == "live" else self.test


def megabytes(value: int) -> str:
    return f"{value / MIB:,.1f} MB"


# Runs inside the transaction that deletes an object: (db, kind, object id). Other domains register
# what must go with it (comparisons that quote it); wired by the composition root.
DeletionHook = Callable[[sqlite_utils.Database, str, str], None]


class StorageService:
    def __init__(self, store: Store, limits: StorageLimits) -> None:
        self.store = store
        self.limits = limits
        self._deletion_hooks: list[DeletionHook] = []
        self._scrub_lock = threading.Lock()
        self._scrubbing = False

    def on_delete(self, hook: DeletionHook) -> None:
        self._deletion_hooks.append(hook)

    def deleted(self, db: sqlite_utils.Database, kind: str, object_id: str) -> None:
        """An object was deleted in this transaction: forget what it kept and delete what depends on it."""
        self.release(db, object_id)
        for hook in self._deletion_hooks:
            hook(db, kind, object_id)

    def used(self, db: sqlite_utils.Database, org_id: str, mode: str) -> int:
        row = next(
            db.query(
                "SELECT COALESCE(SUM(bytes), 0) AS used FROM storage_objects WHERE org_id = ? AND mode = ?",
                (org_id, mode),
            )
        )
        return int(row["used"])

    def reserve(
        self, db: sqlite_utils.Database, org_id: str, mode: str, object_id: str, size: int, *, param: str | None = None
    ) -> None:
        """Record `size` bytes for `object_id`, inside the caller's transaction (BEGIN IMMEDIATE, so no
        other write sees the sum in between); 507 when the organization's limit would be passed."""
        limit = self.limits.of(mode)
        if limit:
            used = self.used(db, org_id, mode)
            if used + size > limit:
                raise ApiError(
                    507,
                    "storage_quota_exceeded",
                    f"This organization keeps {megabytes(used)} in {mode} mode and its limit is {megabytes(limit)}; "
                    f"this needs {megabytes(size)} more. Delete analyses or contracts you no longer need "
                    "(DELETE /v1/analyses/{id}, DELETE /v1/contracts/{id}), or ask your administrator to raise "
                    "the limit.",
                    param=param,
                    extra={"limitBytes": limit, "usedBytes": used, "requestedBytes": size},
                )
        db.execute(
            "INSERT INTO storage_objects (object_id, org_id, mode, bytes) VALUES (?, ?, ?, ?)",
            (object_id, org_id, mode, size),
        )

    def release(self, db: sqlite_utils.Database, object_id: str) -> None:
        """Forget what `object_id` kept (deleted, or its source removed), inside the caller's transaction."""
        db.execute("DELETE FROM storage_objects WHERE object_id = ?", (object_id,))

    def scrub(self) -> None:
        """After a deletion has committed: empty the WAL, so no older copy of the deleted (zeroed) content
        stays on disk. While a reader holds part of it, retried in the background."""
        if self.store.checkpoint():
            return
        with self._scrub_lock:
            if self._scrubbing:
                return
            self._scrubbing = True
        threading.Thread(target=self._scrub_until_done, name="storage-scrub", daemon=True).start()

    def _scrub_until_done(self) -> None:
        deadline = time.monotonic() + SCRUB_GIVE_UP_S
        try:
            while time.monotonic() < deadline:
                time.sleep(SCRUB_RETRY_S)
                with self._scrub_lock:
                    if self.store.checkpoint():
                        self._scrubbing = False
                        return
            log.warning("could not empty the WAL after a deletion; the next checkpoint will")
        except Exception:  # noqa: BLE001 - the store closed (shutdown): its close checkpoints anyway
            pass
        with self._scrub_lock:
            self._scrubbing = False

    def audit_deletion(self, principal: Principal, action: str, object_id: str, **detail: Any) -> None:
        """Inside the deleting transaction. A console session's writes are audited by the console
        middleware (with the person who signed in); a key's deletions here, with the key as actor."""
        if principal.user_id is None:
            record(
                self.store,
                action,
                actor=key_actor(principal.key_id),
                org_id=principal.org_id,
                mode=principal.mode,
                target=object_id,
                status=200,
                **detail,
            )
