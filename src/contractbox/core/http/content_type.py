"""/v1 request bodies must say they are JSON: a POST, PUT or PATCH with a body and any other
Content-Type (or none) is `415 unsupported_media_type`, before anything reads the body. A body
sent as a form or as text/plain is what a cross-site HTML form can send without a preflight, and
a client that mislabels its body is told so instead of being guessed at."""

from __future__ import annotations

from typing import cast

from litestar.types import ASGIApp, HTTPScope, Receive, Scope, Send

from contractbox.core.http.asgi import header
from contractbox.core.http.errors import send_error

WITH_BODY = frozenset({"POST", "PUT", "PATCH"})


def is_json(content_type: str | None) -> bool:
    media_type = (content_type or "").split(";", 1)[0].strip().lower()
    return media_type == "application/json" or (media_type.startswith("application/") and media_type.endswith("+json"))


def has_body(scope: Scope) -> bool:
    length = header(scope, b"content-length")
    if length is not None:
        return length.strip() not in ("", "0")
    return header(scope, b"transfer-encoding") is not None


class JsonBodyMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] == "http"
            and cast(HTTPScope, scope)["method"] in WITH_BODY
            and has_body(scope)
            and not is_json(header(scope, b"content-type"))
        ):
            await send_error(
                send,
                415,
                "unsupported_media_type",
                "Send the request body as JSON with 'Content-Type: application/json'.",
            )
            return
        await self.app(scope, receive, send)
