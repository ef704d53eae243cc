"""Helpers for the raw ASGI middlewares (request id, console sessions, API keys, idempotency), and the
middleware that lets a client read a 413 it was sent while still uploading."""

from __future__ import annotations

import asyncio
from typing import cast

from litestar.types import ASGIApp, HTTPScope, Message, Receive, ReceiveMessage, Scope, Send


def header(scope: Scope, name: bytes) -> str | None:
    """The first value of request header `name` (lower-case bytes), or None."""
    for key, value in scope["headers"]:
        if key == name:
            return value.decode("latin-1")
    return None


DRAIN_MAX_BYTES = 256 * 1024 * 1024
DRAIN_MAX_SECONDS = 60.0


class DrainRejectedBody:
    """When the app answers 413 before reading the whole request body, read and discard the rest before
    the response ends, then close the connection.

    Clients such as Python's requests and urllib send the whole body before they read the answer; a
    server that closes a socket with unread data makes the kernel reset the connection, and those clients
    then report "Connection reset by peer" instead of the 413. A client that asked `Expect: 100-continue`
    has not sent its body, so nothing is drained for it. Draining stops after DRAIN_MAX_BYTES or
    DRAIN_MAX_SECONDS: a body past those is cut off with the connection, as before."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        body_read = False
        rejected = False

        async def tracking_receive() -> ReceiveMessage:
            nonlocal body_read
            message = await receive()
            if message["type"] != "http.request" or not message.get("more_body"):
                body_read = True
            return message

        async def draining_send(message: Message) -> None:
            nonlocal rejected
            if message["type"] == "http.response.start" and message["status"] == 413:
                rejected = True
                message = cast(
                    Message, {**message, "headers": [*message.get("headers", []), (b"connection", b"close")]}
                )
            elif (
                rejected
                and message["type"] == "http.response.body"
                and not message.get("more_body")
                and not body_read
                and header(scope, b"expect") is None
            ):
                await _discard_body(receive)
            await send(message)

        await self.app(scope, tracking_receive, draining_send)


async def _discard_body(receive: Receive) -> None:
    async def discard() -> None:
        drained = 0
        while drained <= DRAIN_MAX_BYTES:
            message = await receive()
            if message["type"] != "http.request" or not message.get("more_body"):
                return
            drained += len(message.get("body", b""))

    try:
        await asyncio.wait_for(discard(), DRAIN_MAX_SECONDS)
    except TimeoutError:
        return


class HeadAsGet:
    """`HEAD` wherever `GET` exists: the request runs as a GET and the body is dropped, so the headers
    (Content-Type, Content-Length, caching) are exactly those of the GET."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or cast(HTTPScope, scope)["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def headers_only(message: Message) -> None:
            if message["type"] == "http.response.body":
                message = cast(Message, {**message, "body": b""})
            await send(message)

        await self.app(cast(Scope, {**scope, "method": "GET"}), receive, headers_only)


class RepeatedQueryJoined:
    """Under /v1, `?status=a&status=b` means `?status=a,b`. A list filter is documented comma-separated
    (OpenAPI `style: form, explode: false`), but some generated clients (openapi-python-client) repeat
    the key instead, and the handler, reading one string, would see only the last value: a silently
    wrong answer. A repeated single-valued parameter (`limit=1&limit=2`) becomes a value the handler
    refuses with a 400 instead of one it picks. Keys ending in `[]` (`expand[]`) are lists already."""

    def __init__(self, app: ASGIApp, prefix: str = "/v1/") -> None:
        self.app = app
        self.prefix = prefix

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"].startswith(self.prefix):
            query = cast(HTTPScope, scope)["query_string"]
            joined = join_repeated_keys(query) if b"&" in query else query
            if joined != query:
                scope = cast(Scope, {**scope, "query_string": joined})
        await self.app(scope, receive, send)


def join_repeated_keys(query: bytes) -> bytes:
    """The raw query string with the values of each repeated key joined by commas, in first-seen order
    (the values stay percent-encoded as sent)."""
    values: dict[bytes, list[bytes]] = {}
    for pair in query.split(b"&"):
        if pair:
            key, _, value = pair.partition(b"=")
            values.setdefault(key, []).append(value)
    if all(len(v) == 1 for v in values.values()):
        return query
    pairs: list[bytes] = []
    for key, found in values.items():
        if len(found) == 1 or key.endswith((b"[]", b"%5B%5D", b"%5b%5d")):
            pairs.extend(key + b"=" + value for value in found)
        else:
            pairs.append(key + b"=" + b",".join(found))
    return b"&".join(pairs)
