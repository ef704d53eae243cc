"""ASGI middleware for console sessions: on /v1 (a session instead of an API key) and on
/console/api (admin operations). Both check the cookie, the CSRF header on writes and the
Origin header, and leave the session in scope["console_session"]."""

from __future__ import annotations

import json
from http.cookies import SimpleCookie
from typing import Any, cast

from litestar.types import ASGIApp, HTTPScope, Message, Receive, ReceiveMessage, Scope, Send

from contractbox.console import audit
from contractbox.console.sessions import Session, csrf_ok, find_session, session_principal
from contractbox.core.http.asgi import header
from contractbox.core.http.errors import send_error
from contractbox.core.http.hosts import AllowedHosts
from contractbox.keys.service import AuthFailure

SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
ORG_HEADER = b"x-contractbox-org"
MODE_HEADER = b"x-contractbox-mode"
CSRF_HEADER = b"x-csrf-token"
AUDIT_BODY_LIMIT = 256 * 1024


def cookie_name(scope: Scope) -> str:
    # Browsers share cookies across ports of one host; a name per port keeps two local servers
    # (say the desktop app and `serve`) from overwriting each other's session.
    server = scope.get("server") or (None, None)
    return f"cb_session_{server[1] or 'default'}"


def session_cookie(scope: Scope) -> str | None:
    raw = header(scope, b"cookie")
    if not raw:
        return None
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(raw)
    except Exception:  # noqa: BLE001 - a malformed Cookie header is simply no session
        return None
    morsel = jar.get(cookie_name(scope))
    return morsel.value if morsel else None


def set_cookie(scope: Scope, token: str, max_age: int) -> str:
    secure = "; Secure" if scope.get("scheme") == "https" else ""
    return f"{cookie_name(scope)}={token}; Path=/; Max-Age={max_age}; HttpOnly; SameSite=Strict{secure}"


def clear_cookie(scope: Scope) -> str:
    secure = "; Secure" if scope.get("scheme") == "https" else ""
    return f"{cookie_name(scope)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict{secure}"


def client_of(scope: Scope) -> str:
    host = (scope.get("client") or ("?", 0))[0]
    agent = (header(scope, b"user-agent") or "")[:120]
    return f"{host} {agent}".strip()


def request_host(scope: Scope) -> str | None:
    """The host name of the Host header: lower case, without port, brackets or trailing dot."""
    raw = header(scope, b"host")
    if raw is None:
        return None
    raw = raw.strip().lower()
    name = raw[1:].split("]", 1)[0] if raw.startswith("[") else raw.rsplit(":", 1)[0] if raw.count(":") == 1 else raw
    return name.rstrip(".")


def host_allowed(scope: Scope) -> bool:
    """DNS rebinding guard: a page of another site whose name an attacker points at this machine
    reaches the console as that site's origin, so the Origin check alone passes. Only IP
    literals, localhost names, this machine's names and the configured ones are answered."""
    name = request_host(scope)
    if name is None:  # HTTP/1.0 without Host: no browser sends that
        return True
    allowed: AllowedHosts = scope["app"].state.allowed_hosts
    return allowed.permits(name)


async def refuse_host(send: Send) -> None:
    await send_error(
        send,
        403,
        "host_not_allowed",
        "This server does not answer the console under that host name. Use its IP address, localhost, or a name "
        "listed in CONTRACTBOX_ALLOWED_HOSTS.",
    )


def cross_origin(scope: Scope) -> bool:
    """True when a browser says the request comes from another origin than this server."""
    origin = header(scope, b"origin")
    if origin is None:
        return False
    expected = f"{scope.get('scheme', 'http')}://{header(scope, b'host') or ''}"
    return origin != expected


async def check_write(scope: HTTPScope, send: Send, session: Session, store: Any) -> bool:
    """CSRF and Origin checks for a write; answers (and audits) the refusal itself."""
    if scope["method"] in SAFE_METHODS:
        return True
    if cross_origin(scope):
        audit.record(
            store,
            "cross_origin.rejected",
            session_id=session.id,
            status=403,
            client=client_of(scope),
            path=scope["path"],
            origin=header(scope, b"origin"),
        )
        await send_error(send, 403, "cross_origin_request", "This request came from another web site and was refused.")
        return False
    if not csrf_ok(session, header(scope, CSRF_HEADER)):
        audit.record(
            store,
            "csrf.rejected",
            session_id=session.id,
            status=403,
            client=client_of(scope),
            path=scope["path"],
            method=scope["method"],
        )
        await send_error(
            send,
            403,
            "csrf_token_invalid",
            "The request lacks a valid X-CSRF-Token header. Reload the console and try again.",
        )
        return False
    return True


async def session_or_refuse(scope: Scope, send: Send, store: Any) -> Session | None:
    session = find_session(store, session_cookie(scope))
    if session is None:
        await send_error(send, 401, "session_expired", "Your console session has ended or is not valid. Sign in again.")
    return session


class ConsoleV1Middleware:
    """On /v1: a request with no API key but a session cookie acts as the console session."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, any_scope: Scope, receive: Receive, send: Send) -> None:
        handler = any_scope.get("route_handler")
        if (
            any_scope["type"] != "http"
            or (handler is not None and handler.opt.get("public"))
            or has_api_key(any_scope)
            or session_cookie(any_scope) is None
        ):
            await self.app(any_scope, receive, send)
            return
        scope = cast(HTTPScope, any_scope)
        store = scope["app"].state.store
        if not host_allowed(scope):
            await refuse_host(send)
            return
        session = await session_or_refuse(scope, send, store)
        if session is None or not await check_write(scope, send, session, store):
            return
        try:
            principal = session_principal(store, header(scope, ORG_HEADER), header(scope, MODE_HEADER))
        except AuthFailure as failure:
            await send_error(send, failure.status, failure.code, failure.message)
            return
        scope["user"] = principal
        with_console_session(scope, session)
        if scope["method"] in SAFE_METHODS:
            await self.app(scope, receive, send)
            return
        await self._audited(scope, receive, send, session, store)

    async def _audited(self, scope: HTTPScope, receive: Receive, send: Send, session: Session, store: Any) -> None:
        request_body, response_body = bytearray(), bytearray()
        answer: dict[str, Any] = {}

        async def tee_receive() -> ReceiveMessage:
            message = await receive()
            if message["type"] == "http.request" and len(request_body) < AUDIT_BODY_LIMIT:
                request_body.extend(message.get("body", b""))
            return message

        async def tee_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                answer["status"] = message["status"]
                answer["location"] = next((v.decode() for k, v in message.get("headers", []) if k == b"location"), None)
            elif message["type"] == "http.response.body" and len(response_body) < AUDIT_BODY_LIMIT:
                response_body.extend(message.get("body", b""))
            await send(message)

        try:
            await self.app(scope, tee_receive, tee_send)
        finally:
            principal = scope["user"]
            action, target = audit.v1_action(scope["method"], scope["path"])
            fields = sorted(_json_keys(bytes(request_body)))
            if action == "webhook.update" and any("rotate" in f.lower() for f in fields):
                action = "webhook.rotate"
            target = (
                target or _created_id(bytes(response_body)) or (answer.get("location") or "").rsplit("/", 1)[-1] or None
            )
            audit.record(
                store,
                action,
                session_id=session.id,
                org_id=principal.org_id,
                mode=principal.mode,
                target=target,
                status=answer.get("status"),
                client=client_of(scope),
                fields=fields,
            )


class ConsoleApiMiddleware:
    """On /console/api: every route but the sign-in ones needs a session (and CSRF on writes)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, any_scope: Scope, receive: Receive, send: Send) -> None:
        handler = any_scope.get("route_handler")
        if any_scope["type"] != "http":
            await self.app(any_scope, receive, send)
            return
        scope = cast(HTTPScope, any_scope)
        store = scope["app"].state.store
        if not host_allowed(scope):
            await refuse_host(send)
            return
        if handler is not None and handler.opt.get("public"):
            if scope["method"] not in SAFE_METHODS and cross_origin(scope):
                await send_error(
                    send, 403, "cross_origin_request", "This request came from another web site and was refused."
                )
                return
            await self.app(scope, receive, send)
            return
        session = await session_or_refuse(scope, send, store)
        if session is None or not await check_write(scope, send, session, store):
            return
        with_console_session(scope, session)
        await self.app(scope, receive, send)


def with_console_session(scope: HTTPScope, session: Session) -> None:
    """Hand the session to the handlers (console/controller.py reads it back); the ASGI scope is a
    plain dict, Litestar's HTTPScope type just does not name this key."""
    cast(dict[str, Any], scope)["console_session"] = session


def console_session_of(scope: Scope) -> Session:
    return cast(dict[str, Any], scope)["console_session"]


def has_api_key(scope: Scope) -> bool:
    return any(name in (b"authorization", b"x-api-key") for name, _ in scope["headers"])


def _json_keys(body: bytes) -> list[str]:
    try:
        data = json.loads(body) if body else {}
    except ValueError:
        return []
    return list(data) if isinstance(data, dict) else []


def _created_id(body: bytes) -> str | None:
    try:
        data = json.loads(body) if body else {}
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    for name in ("comparisonId", "contractId", "webhookId", "analysisId"):
        if isinstance(data.get(name), str):
            return data[name]
    return None
