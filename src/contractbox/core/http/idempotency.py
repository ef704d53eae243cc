"""Idempotency-Key on every POST under /v1 (API-CONVENTIONS.md, Idempotency).

Keys are scoped to the caller's organization and mode and kept 24 hours. The same key and
body replay the stored response; a different body is 422 idempotency_key_reused; a duplicate
arriving while the first is still running is 409 idempotency_key_in_use. Responses of 500 and
above are not stored, so the client may retry them with the same key.

A route that creates something records its answer in the transaction that creates it
(`core/replies.py` `record_reply`); this middleware only records answers that changed nothing
(errors), after they are sent. A crash between the two can therefore never leave a created object
whose key is forgotten: see docs/robustness.md, "Crash and retry with an Idempotency-Key".
"""

from __future__ import annotations

import hashlib
import json
import logging
from datetime import timedelta
from typing import cast

from litestar.types import (
    ASGIApp,
    HTTPRequestEvent,
    HTTPResponseBodyEvent,
    HTTPResponseStartEvent,
    HTTPScope,
    Message,
    Receive,
    ReceiveMessage,
    Scope,
    Send,
)

from contractbox.core.clock import iso, now_iso, utcnow
from contractbox.core.http.asgi import header
from contractbox.core.http.errors import log_client_left, send_error
from contractbox.core.replies import CURRENT_CLAIM, Claim
from contractbox.core.store import StorageFullError, Store

log = logging.getLogger("contractbox.idempotency")

MAX_KEY_LENGTH = 255
RETENTION = timedelta(hours=24)
MAX_BODY_BYTES = 70 * 1024 * 1024
REPLAYED_HEADERS = {"content-type", "location"}


def forget_unfinished(store: Store) -> None:
    """At start no request is running: rows left 'running' by a crash would block their key."""
    store.execute(
        "DELETE FROM idempotency_keys WHERE state = 'running' OR created_at < ?", (iso(utcnow() - RETENTION),)
    )


class IdempotencyMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, any_scope: Scope, receive: Receive, send: Send) -> None:
        scope = cast(HTTPScope, any_scope)  # read as HTTP only once the type says so
        key = header(scope, b"idempotency-key") if any_scope["type"] == "http" and scope["method"] == "POST" else None
        if key is None:
            await self.app(any_scope, receive, send)
            return
        if not key or len(key) > MAX_KEY_LENGTH:
            await send_error(
                send, 400, "parameter_invalid", f"Idempotency-Key must be 1 to {MAX_KEY_LENGTH} characters."
            )
            return
        try:
            body = await read_body(receive)
        except ClientLeft:
            log_client_left()
            return
        if body is None:
            await send_error(send, 413, "payload_too_large", "The request body is larger than the 70 MB limit.")
            return
        store: Store = scope["app"].state.store
        principal = scope["user"]
        ident = (principal.org_id, principal.mode, key)
        request_hash = hashlib.sha256(
            scope["method"].encode() + b" " + scope["path"].encode() + b"\n" + body
        ).hexdigest()
        if not await self._claim_or_answer(store, ident, request_hash, scope, send):
            return
        await self._run_and_store(store, ident, body, scope, receive, send)

    async def _claim_or_answer(
        self, store: Store, ident: tuple, request_hash: str, scope: HTTPScope, send: Send
    ) -> bool:
        """True when this request now owns the key; otherwise it has already been answered."""
        store.execute(
            "DELETE FROM idempotency_keys WHERE org_id = ? AND mode = ? AND key = ? AND created_at < ?",
            (*ident, iso(utcnow() - RETENTION)),
        )
        inserted = store.execute(
            "INSERT OR IGNORE INTO idempotency_keys (org_id, mode, key, method, path, request_hash, state, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, 'running', ?)",
            (*ident, scope["method"], scope["path"], request_hash, now_iso()),
        )
        if inserted:
            return True
        row = store.query_one("SELECT * FROM idempotency_keys WHERE org_id = ? AND mode = ? AND key = ?", ident)
        if row is None:  # finished and was not stored (5xx) between our insert and this read
            return await self._claim_or_answer(store, ident, request_hash, scope, send)
        if row["request_hash"] != request_hash:
            await send_error(
                send,
                422,
                "idempotency_key_reused",
                "This Idempotency-Key was already used with a different request. Use a new key for a new request.",
            )
        elif row["state"] == "running":
            await send_error(
                send,
                409,
                "idempotency_key_in_use",
                "A request with this Idempotency-Key is still being processed. Retry after it finishes.",
            )
        else:
            await replay(row, send)
        return False

    async def _run_and_store(
        self, store: Store, ident: tuple, body: bytes, scope: HTTPScope, receive: Receive, send: Send
    ) -> None:
        captured: dict = {"status": None, "headers": [], "body": bytearray()}

        async def capture(message: Message) -> None:
            if message["type"] == "http.response.start":
                captured["status"] = message["status"]
                captured["headers"] = message.get("headers", [])
            elif message["type"] == "http.response.body":
                captured["body"].extend(message.get("body", b""))
            await send(message)

        # A key the route answered in its own transaction ('done') is never forgotten, whatever fails
        # after the commit; once the answer actually sent is known it replaces the committed one
        # (a route may add to its object after the commit, as contracts do with review state).
        forget = ("DELETE FROM idempotency_keys WHERE org_id = ? AND mode = ? AND key = ? AND state = 'running'", ident)
        token = CURRENT_CLAIM.set(Claim(*ident))
        try:
            await self.app(scope, replaying(body, receive), capture)
        except BaseException:
            settle(scope, store, *forget)
            raise
        finally:
            CURRENT_CLAIM.reset(token)
        status = captured["status"] or 500
        if status >= 500:
            settle(scope, store, *forget)
            return
        kept = {
            k.decode("latin-1"): v.decode("latin-1")
            for k, v in captured["headers"]
            if k.decode("latin-1").lower() in REPLAYED_HEADERS
        }
        settle(
            scope,
            store,
            "UPDATE idempotency_keys SET state = 'done', response_status = ?, response_headers = ?, response_body = ? "
            "WHERE org_id = ? AND mode = ? AND key = ? AND state IN ('running', 'done')",
            (status, json.dumps(kept), bytes(captured["body"]), *ident),
        )


def settle(scope: Scope, store: Store, sql: str, params: tuple) -> None:
    """Record how a request ended. The response has already been sent, so this must not raise: on
    a full disk the write is retried until space returns (until then a retry of the same key is
    answered 409 idempotency_key_in_use, and a restart forgets unfinished keys anyway)."""
    try:
        store.execute(sql, params)
    except StorageFullError:
        log.warning("disk full: the Idempotency-Key record is written once space returns")
        scope["app"].state.queue.retry_when_space(lambda: store.execute(sql, params))


class ClientLeft(Exception):
    """The client disconnected before its whole body arrived: there is no one to answer."""


async def read_body(receive: Receive) -> bytes | None:
    chunks = bytearray()
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            raise ClientLeft
        if message["type"] != "http.request":
            break
        chunks.extend(message.get("body", b""))
        if len(chunks) > MAX_BODY_BYTES:
            return None
        if not message.get("more_body"):
            break
    return bytes(chunks)


def replaying(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def replay_receive() -> ReceiveMessage:
        nonlocal sent
        if not sent:
            sent = True
            request: HTTPRequestEvent = {"type": "http.request", "body": body, "more_body": False}
            return request
        return await receive()

    return replay_receive


async def replay(row: dict, send: Send) -> None:
    headers = [(k.encode(), v.encode()) for k, v in json.loads(row["response_headers"] or "{}").items()]
    headers.append((b"idempotent-replayed", b"true"))
    body = row["response_body"] or b""
    headers.append((b"content-length", str(len(body)).encode()))
    start: HTTPResponseStartEvent = {
        "type": "http.response.start",
        "status": row["response_status"],
        "headers": headers,
    }
    end: HTTPResponseBodyEvent = {"type": "http.response.body", "body": body, "more_body": False}
    await send(start)
    await send(end)
