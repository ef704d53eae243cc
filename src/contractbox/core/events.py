"""The event outbox. An event is written in the same transaction as the change it reports;
the webhooks package turns undispatched events into deliveries (issue 3), so a crash between
the change and its delivery loses nothing."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import sqlite_utils

from contractbox.core.clock import Clock
from contractbox.core.ids import new_id

ANALYSIS_COMPLETED = "analysis.completed"
ANALYSIS_FAILED = "analysis.failed"
CONTRACT_CREATED = "contract.created"
COMPARISON_CREATED = "comparison.created"
EVENT_TYPES = (ANALYSIS_COMPLETED, ANALYSIS_FAILED, CONTRACT_CREATED, COMPARISON_CREATED)


class EventRecorder:
    """Writes events to the outbox; the services receive one in their constructors."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock

    def record(
        self, db: sqlite_utils.Database, org_id: str, mode: str, event_type: str, data_object: dict[str, Any]
    ) -> str:
        """Write one event to the outbox; call inside the transaction that makes the change."""
        if event_type not in EVENT_TYPES:
            raise ValueError(f"unknown event type {event_type}")
        event_id = new_id("evt")
        created_at = self.clock.now_iso()
        payload = {
            "eventId": event_id,
            "object": "event",
            "type": event_type,
            "createdAt": created_at,
            "mode": mode,
            "data": {"object": data_object},
        }
        db.execute(
            "INSERT INTO events (id, org_id, mode, type, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            (event_id, org_id, mode, event_type, msgspec.json.encode(payload).decode(), created_at),
        )
        return event_id


# --- reading the outbox (the webhooks package dispatches it) ------------------------------------


def redact(db: sqlite_utils.Database, kind: str, object_id: str) -> None:
    """Inside an object's deletion: events that name it keep their id, type and time, not its content
    (their data.object becomes {"id", "object", "deleted": true} of the deleted object)."""
    stub = json.dumps({"id": object_id, "object": kind, "deleted": True})
    db.execute(
        "UPDATE events SET payload = json_set(payload, '$.data.object', json(?)) WHERE instr(payload, ?) > 0",
        (stub, object_id),
    )


# The outbox is dispatched in `seq` order, in transactions, so what has been dispatched is every event up
# to a mark (`events_outbox.dispatched_through`). A mark rather than a time on each event: an UPDATE of
# an event rewrites its whole row, and a contract.created payload carries a result of hundreds of kB.
AFTER_MARK = "seq > (SELECT dispatched_through FROM events_outbox)"


def undispatched(db: sqlite_utils.Database, limit: int) -> list[dict[str, Any]]:
    """The oldest events not yet dispatched, oldest first, without their payloads (`payload_of`)."""
    return list(
        db.query(
            f"SELECT seq, id, org_id, mode, type, created_at FROM events WHERE {AFTER_MARK} ORDER BY seq LIMIT ?",
            (limit,),
        )
    )


def payload_of(db: sqlite_utils.Database, event_id: str) -> str:
    return str(next(db.query("SELECT payload FROM events WHERE id = ?", (event_id,)))["payload"])


def any_undispatched(db: sqlite_utils.Database) -> bool:
    return next(db.query(f"SELECT 1 AS yes FROM events WHERE {AFTER_MARK} LIMIT 1"), None) is not None


def mark_dispatched(db: sqlite_utils.Database, through_seq: int) -> None:
    """Every event up to `through_seq` is dispatched (inside the transaction that dispatched them)."""
    db.execute(
        "UPDATE events_outbox SET dispatched_through = ? WHERE dispatched_through < ?", (through_seq, through_seq)
    )
