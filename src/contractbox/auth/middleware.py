"""Authentication for /v1: reads the key from either header, checks it, rate-limits and counts
the request, checks the scope the route names in opt={"scope": ...}, and leaves the Principal
in scope["user"] for handlers.

The scope check lives here rather than in a Litestar guard: Litestar copies the route handler
for every guard call, which cost about 9% of a GET."""

from __future__ import annotations

import dataclasses
import hmac
import logging
from collections.abc import Iterable
from typing import Any

from litestar.types import ASGIApp, Message, Receive, Scope, Send

from contractbox.audit.service import key_actor, record, v1_action
from contractbox.core.http.errors import send_error
from contractbox.core.store import StorageFullError
from contractbox.keys.scopes import ROLE_SCOPES
from contractbox.keys.service import AuthFailure, Principal, authenticate


def presented_secret(headers: Iterable[tuple[bytes, bytes]]) -> str | None:
    """The key sent as `Authorization: Bearer` or `X-Api-Key`. Both may be sent only if they are
    the same key: which one would win is not something a client (or a proxy adding one) should
    have to guess, so two different keys are refused (401 api_key_conflict)."""
    authorization = api_key = None
    for name, value in headers:
        if name == b"authorization":
            authorization = value.decode("latin-1").strip()
        elif name == b"x-api-key":
            api_key = value.decode("latin-1").strip()
    bearer = authorization[7:].strip() if authorization and authorization[:7].lower() == "bearer " else None
    if bearer and api_key and not hmac.compare_digest(bearer.encode(), api_key.encode()):
        raise AuthFailure(
            401,
            "api_key_conflict",
            "Authorization and X-Api-Key name two different API keys. Send one key, in one of the two headers.",
        )
    return bearer or api_key or None


def as_person(principal: Principal, session: Any) -> Principal:
    """A console session's principal narrowed to its user's role (console.sessions.Session carries
    user_id, user_name and role; duck-typed here because auth sits below the console)."""
    role = getattr(session, "role", None) or "administrator"
    return dataclasses.replace(
        principal,
        scopes=principal.scopes & ROLE_SCOPES.get(role, frozenset()),
        user_id=getattr(session, "user_id", None),
        user_name=getattr(session, "user_name", None),
        role=role,
    )


class ApiKeyMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        handler = scope.get("route_handler")
        if scope["type"] != "http" or (handler is not None and handler.opt.get("public")):
            await self.app(scope, receive, send)
            return
        state = scope["app"].state
        try:
            # A console session (ConsoleV1Middleware, before this one) stands in for a key.
            session = scope.get("console_session")
            principal = (
                as_person(scope["user"], session)
                if session
                else authenticate(state.store, presented_secret(scope["headers"]))
            )
        except AuthFailure as failure:
            await send_error(send, failure.status, failure.code, failure.message)
            return
        state.request_counter.hit(principal.key_id)
        wait_s = state.rate_limiter.acquire(principal.key_id)
        if wait_s is not None:
            message = f"Too many requests for this API key. Retry in {wait_s} seconds."
            await send_error(send, 429, "rate_limited", message, {"Retry-After": str(wait_s)})
            return
        needed = handler.opt.get("scope") if handler is not None else None
        if needed and needed not in principal.scopes:
            lacks = f"Your role ({principal.role}) does not allow" if principal.role else "This API key lacks"
            await send_error(
                send, 403, "insufficient_scope", f"{lacks} the scope '{needed}' that this endpoint requires."
            )
            return
        scope["user"] = principal
        # A session's writes are audited by the console middleware, deletions by their services.
        if session or scope.get("method") in UNAUDITED_METHODS:
            await self.app(scope, receive, send)
            return
        await audited_write(self.app, scope, receive, send, principal)


UNAUDITED_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "DELETE"})
log = logging.getLogger("contractbox.audit")


async def audited_write(app: ASGIApp, scope: Scope, receive: Receive, send: Send, principal: Principal) -> None:
    """Run a write made with an API key and put it in the audit log with the key as its actor."""
    answer: dict[str, Any] = {}

    async def watching_send(message: Message) -> None:
        if message["type"] == "http.response.start":
            answer["status"] = message["status"]
            answer["location"] = next((v.decode() for k, v in message.get("headers", []) if k == b"location"), None)
        await send(message)

    try:
        await app(scope, receive, watching_send)
    finally:
        action, target = v1_action(str(scope.get("method")), scope["path"])
        created = (answer.get("location") or "").rsplit("/", 1)[-1] or None
        try:
            record(
                scope["app"].state.store,
                action,
                actor=key_actor(principal.key_id),
                org_id=principal.org_id,
                mode=principal.mode,
                target=target or created,
                status=answer.get("status"),
                client=(scope.get("client") or ("?", 0))[0],
            )
        except StorageFullError:
            # The answer is already on its way; a full disk must not turn it into a reset connection.
            # (The write itself answered 503 unless it committed before the space ran out.)
            log.warning("could not audit %s %s: the disk is full", scope.get("method"), scope["path"])
