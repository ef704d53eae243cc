"""From the event outbox to signed POSTs, with the tables as the truth so a crash loses nothing.

- A watcher thread notices undispatched rows in `events` and enqueues the dispatch task, which
  turns each event into one `webhook_deliveries` row per subscribed endpoint of the event's
  organization and mode, and marks the event dispatched, in one transaction.
- The deliver task claims a due delivery (pending -> sending), sends one attempt, records it in
  `webhook_attempts` and either finishes the delivery or schedules the next attempt after the
  next delay of `settings.webhook_retry_delays`.
- At start every delivery left pending or sending is scheduled again at its next_attempt_at
  and the outbox is dispatched. A delivery killed mid-send is sent again: delivery is
  at-least-once, and its `webhook-id` (the event id) never changes, so a receiver that drops
  ids it has seen gets each event exactly once.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import msgspec
import sqlite_utils

from contractbox import __version__
from contractbox.audit import service as audit
from contractbox.core.clock import iso, now_iso, utcnow
from contractbox.core.events import CONTRACT_CREATED, any_undispatched, mark_dispatched, payload_of, undispatched
from contractbox.core.ids import new_id
from contractbox.core.queue import TaskQueue
from contractbox.core.settings import Settings
from contractbox.core.store import Store
from contractbox.webhooks import sender
from contractbox.webhooks.signing import signature_header

log = logging.getLogger("contractbox.webhooks")

WATCH_INTERVAL_S = 0.2
SWEEP_INTERVAL_S = 10
DISPATCH_BATCH = 200
RECORD_FAILURE_RETRY_S = 30
WEBHOOK_USER_AGENT = f"ContractBox-Webhooks/{__version__}"


# (organization, mode, contract id) -> the contract's saved result, None once it is deleted. Wired by the
# composition root (ContractService.saved_result_of).
SavedResultOf = Callable[[str, str, str], str | None]


def insert_delivery(
    db: sqlite_utils.Database, webhook_id: str, event_id: str, event_type: str, payload: str, is_test: bool = False
) -> str:
    delivery_id = new_id("dlv")
    now = now_iso()
    db.execute(
        "INSERT OR IGNORE INTO webhook_deliveries (id, webhook_id, event_id, event_type, payload, is_test, state, next_attempt_at, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?)",
        (delivery_id, webhook_id, event_id, event_type, payload, int(is_test), now, now),
    )
    return delivery_id


class WebhookDelivery:
    def __init__(self, store: Store, queue: TaskQueue, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self._dispatch_task = queue.register("dispatch_webhook_events", self.dispatch)
        self._deliver_task = queue.register("deliver_webhook", self.deliver)
        self._dispatch_queued = threading.Event()
        self._stop = threading.Event()
        self._watcher: threading.Thread | None = None
        self.saved_result_of: SavedResultOf | None = None

    # --- life cycle -----------------------------------------------------------------------

    def resume(self) -> int:
        """At start (after the queue was flushed): reschedule every unfinished delivery."""
        self.store.execute("UPDATE webhook_deliveries SET state = 'pending' WHERE state = 'sending'")
        rows = self.store.query(
            "SELECT id, next_attempt_at FROM webhook_deliveries WHERE state = 'pending' ORDER BY seq"
        )
        now = utcnow()
        for row in rows:
            due = _parse_iso(row["next_attempt_at"])
            self.enqueue(row["id"], max(0.0, (due - now).total_seconds()))
        self.request_dispatch()
        return len(rows)

    def start(self) -> None:
        self._stop.clear()
        self._watcher = threading.Thread(target=self._watch, name="contractbox-webhook-outbox", daemon=True)
        self._watcher.start()

    def stop(self) -> None:
        self._stop.set()
        if self._watcher:
            self._watcher.join(timeout=5)

    def _watch(self) -> None:
        last_sweep = time.monotonic()
        while not self._stop.wait(WATCH_INTERVAL_S):
            try:
                if not self._dispatch_queued.is_set() and any_undispatched(self.store.db):
                    self.request_dispatch()
                if time.monotonic() - last_sweep >= SWEEP_INTERVAL_S:
                    last_sweep = time.monotonic()
                    self._requeue_overdue()
            except Exception:  # noqa: BLE001 - the next tick tries again (the disk may be full for a while)
                log.exception("webhook outbox check failed")

    def _requeue_overdue(self) -> None:
        """A deliver task that died before recording anything (a locked or full database) leaves
        its delivery pending with no task behind it: enqueue such overdue deliveries again (the
        claim in `deliver` makes a duplicate task harmless)."""
        overdue_since = iso(utcnow() - timedelta(seconds=SWEEP_INTERVAL_S))
        for row in self.store.query(
            "SELECT id FROM webhook_deliveries WHERE state = 'pending' AND next_attempt_at <= ?", (overdue_since,)
        ):
            self.enqueue(row["id"])

    def request_dispatch(self) -> None:
        self._dispatch_queued.set()
        self._dispatch_task()

    def enqueue(self, delivery_id: str, delay_s: float = 0) -> None:
        if delay_s > 0:
            self._deliver_task.schedule(args=(delivery_id,), delay=delay_s)
        else:
            self._deliver_task(delivery_id)

    # --- outbox -> deliveries -------------------------------------------------------------

    def dispatch(self) -> None:
        self._dispatch_queued.clear()
        created: list[str] = []
        with self.store.transaction() as db:
            events = undispatched(db, DISPATCH_BATCH)
            for event in events:
                endpoints = db.query(
                    "SELECT id, events FROM webhook_endpoints WHERE org_id = ? AND mode = ? AND enabled = 1 AND deleted_at IS NULL AND created_at <= ?",
                    (event["org_id"], event["mode"], event["created_at"]),
                )
                subscribed = [e["id"] for e in endpoints if event["type"] in json.loads(e["events"])]
                if subscribed:  # the payload is read, and completed, only to be sent
                    payload = self._with_saved_result(event, payload_of(db, event["id"]))
                    created += [insert_delivery(db, e, event["id"], event["type"], payload) for e in subscribed]
            if events:
                mark_dispatched(db, events[-1]["seq"])
        for delivery_id in created:
            self.enqueue(delivery_id)
        if len(events) == DISPATCH_BATCH:
            self.request_dispatch()

    def _with_saved_result(self, event: dict[str, Any], payload: str) -> str:
        """A contract.created event is stored without the contract's saved result (`"result": null`, see
        ContractService.create): it is added here, as the payload said before it was stored apart."""
        if event["type"] != CONTRACT_CREATED or self.saved_result_of is None:
            return payload
        decoded = msgspec.json.decode(payload)  # small: the result is not in it
        contract = decoded["data"]["object"]
        if "result" not in contract or contract["result"] is not None:  # redacted, or stored whole by an older version
            return payload
        result = self.saved_result_of(event["org_id"], event["mode"], contract["contractId"])
        if result is None:
            return payload
        contract["result"] = msgspec.Raw(result.encode())
        return msgspec.json.encode(decoded).decode()

    # --- one attempt ----------------------------------------------------------------------

    def deliver(self, delivery_id: str) -> None:
        claimed = self.store.execute(
            "UPDATE webhook_deliveries SET state = 'sending' WHERE id = ? AND state = 'pending' AND next_attempt_at <= ?",
            (delivery_id, now_iso()),
        )
        if not claimed:
            return  # finished already, or a duplicate task from before a restart
        row = self.store.query_one(
            "SELECT d.*, e.url, e.secret, e.previous_secret, e.previous_secret_until, e.enabled, e.deleted_at "
            "FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.webhook_id WHERE d.id = ?",
            (delivery_id,),
        )
        assert row is not None
        if not row["is_test"] and (row["deleted_at"] or not row["enabled"]):
            reason = "deleted" if row["deleted_at"] else "disabled"
            self._finish(delivery_id, "failed", f"Not sent: the endpoint was {reason} before this attempt.")
            return
        attempted_at = now_iso()
        outcome = sender.post(
            row["url"], row["payload"].encode(), self._headers(row), allow_loopback=self.settings.webhook_allow_loopback
        )
        try:
            delay = self._record(row, attempted_at, outcome)
        except Exception:
            # Not recorded (the disk may be full): hand the delivery back so it is sent again.
            log.exception("could not record webhook delivery %s", delivery_id)
            self.store.execute(
                "UPDATE webhook_deliveries SET state = 'pending' WHERE id = ? AND state = 'sending'", (delivery_id,)
            )
            delay = RECORD_FAILURE_RETRY_S
        if delay is not None:
            self.enqueue(delivery_id, delay)

    def _headers(self, row: dict) -> dict[str, str]:
        secrets_in_use = [row["secret"]]
        if row["previous_secret"] and row["previous_secret_until"] > now_iso():
            secrets_in_use.append(row["previous_secret"])
        timestamp = int(time.time())
        return {
            "Content-Type": "application/json",
            "User-Agent": WEBHOOK_USER_AGENT,
            "webhook-id": row["event_id"],
            "webhook-timestamp": str(timestamp),
            "webhook-signature": signature_header(secrets_in_use, row["event_id"], timestamp, row["payload"].encode()),
        }

    def _record(self, row: dict, attempted_at: str, outcome: sender.Outcome) -> int | None:
        """Store the attempt and its consequences; returns the delay before the next attempt, if any."""
        number = row["attempt_count"] + 1
        delays = self.settings.webhook_retry_delays
        with self.store.transaction() as db:
            db.execute(
                "INSERT INTO webhook_attempts (delivery_id, number, attempted_at, status_code, duration_ms, error) VALUES (?, ?, ?, ?, ?, ?)",
                (row["id"], number, attempted_at, outcome.status_code, outcome.duration_ms, outcome.error),
            )
            db.execute(
                "UPDATE webhook_deliveries SET attempt_count = ?, first_attempt_at = COALESCE(first_attempt_at, ?), last_error = ? WHERE id = ?",
                (number, attempted_at, outcome.error, row["id"]),
            )
            if outcome.succeeded:
                self._finish_in(db, row["id"], "succeeded")
                if not row["is_test"]:
                    db.execute(
                        "UPDATE webhook_endpoints SET last_success_at = ? WHERE id = ?",
                        (attempted_at, row["webhook_id"]),
                    )
                return None
            if row["is_test"]:
                self._finish_in(db, row["id"], "failed")  # a test event gets one attempt and never disables
                return None
            if outcome.status_code == 410:
                self._finish_in(db, row["id"], "failed")
                self._disable(
                    db,
                    row["webhook_id"],
                    f"The endpoint answered 410 Gone at {attempted_at}, so ContractBox stopped sending to it.",
                )
                return None
            if number > len(delays):
                self._finish_in(db, row["id"], "failed")
                self._disable_if_still_failing(db, row, attempted_at, outcome)
                return None
            delay = delays[number - 1]
            db.execute(
                "UPDATE webhook_deliveries SET state = 'pending', next_attempt_at = ? WHERE id = ?",
                (iso(utcnow() + timedelta(seconds=delay)), row["id"]),
            )
            return delay

    def _disable_if_still_failing(
        self, db: sqlite_utils.Database, row: dict, attempted_at: str, outcome: sender.Outcome
    ) -> None:
        """The retry schedule ran out: disable the endpoint unless another delivery to it succeeded
        meanwhile (then the endpoint works and only this event failed)."""
        endpoint = next(db.query("SELECT last_success_at FROM webhook_endpoints WHERE id = ?", (row["webhook_id"],)))
        first = row["first_attempt_at"] or attempted_at
        if endpoint["last_success_at"] and endpoint["last_success_at"] >= first:
            return
        attempts = row["attempt_count"] + 1
        self._disable(
            db,
            row["webhook_id"],
            f"Every delivery attempt from {first} to {attempted_at} failed ({attempts} attempts for event {row['event_id']}); "
            f'the last error: {outcome.error} Fix the endpoint, then re-enable it with PATCH {{"enabled": true}}.',
        )

    def _disable(self, db: sqlite_utils.Database, webhook_id: str, reason: str) -> None:
        log.warning("webhook endpoint %s disabled: %s", webhook_id, reason)
        db.execute(
            "UPDATE webhook_endpoints SET enabled = 0, disabled_reason = ?, updated_at = ? WHERE id = ?",
            (reason, now_iso(), webhook_id),
        )
        endpoint = next(db.query("SELECT org_id, mode FROM webhook_endpoints WHERE id = ?", (webhook_id,)))
        # A security event: the audit log keeps it when the server log has rotated. This thread's
        # connection is inside the transaction, so the entry commits with the change.
        audit.record(
            self.store,
            "webhook.disabled",
            org_id=endpoint["org_id"],
            mode=endpoint["mode"],
            target=webhook_id,
            reason=reason,
        )

    def _finish(self, delivery_id: str, state: str, error: str | None = None) -> None:
        with self.store.transaction() as db:
            self._finish_in(db, delivery_id, state, error)

    @staticmethod
    def _finish_in(db: sqlite_utils.Database, delivery_id: str, state: str, error: str | None = None) -> None:
        db.execute(
            "UPDATE webhook_deliveries SET state = ?, next_attempt_at = NULL, finished_at = ?, last_error = COALESCE(?, last_error) WHERE id = ?",
            (state, now_iso(), error, delivery_id),
        )


def _parse_iso(value: str) -> datetime:
    return datetime.fromisoformat(value.replace("Z", "+00:00"))
