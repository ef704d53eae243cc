"""The answer to an Idempotency-Key, written in the same transaction as the change it answers.

`core/http/idempotency.py` claims the key (a 'running' row) and sets `CURRENT_CLAIM` for the
request. A service that creates something calls `record_reply` inside its transaction, after its
inserts: the object, its usage and the stored answer then commit together or not at all. So a
crash at any point leaves either nothing (the 'running' row is forgotten at start and a retry runs
once) or the finished answer (a retry replays it), never an object without its answer.
"""

from __future__ import annotations

import json
from contextvars import ContextVar
from dataclasses import dataclass

import msgspec
import sqlite_utils


@dataclass(frozen=True)
class Claim:
    """The Idempotency-Key of the request being served, within its organization and mode."""

    org_id: str
    mode: str
    key: str


CURRENT_CLAIM: ContextVar[Claim | None] = ContextVar("contractbox_idempotency_claim", default=None)


def record_reply(db: sqlite_utils.Database, status: int, body: msgspec.Struct, location: str | None = None) -> None:
    """Store the success answer of the current request, if it carries an Idempotency-Key."""
    claim = CURRENT_CLAIM.get()
    if claim is None:
        return
    headers = {"content-type": "application/json", **({"location": location} if location else {})}
    db.execute(
        "UPDATE idempotency_keys SET state = 'done', response_status = ?, response_headers = ?, response_body = ? "
        "WHERE org_id = ? AND mode = ? AND key = ? AND state = 'running'",
        (status, json.dumps(headers), msgspec.json.encode(body), claim.org_id, claim.mode, claim.key),
    )
