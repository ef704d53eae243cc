"""Every response carries X-Request-Id (req_...). An outer ASGI wrapper sets it before Litestar
runs, so 404s for unknown paths and errors raised anywhere carry it too."""

from __future__ import annotations

from contextvars import ContextVar

from contractbox.core.ids import new_id

_request_id: ContextVar[str | None] = ContextVar("request_id", default=None)


def current_request_id() -> str | None:
    return _request_id.get()


class RequestIdMiddleware:
    def __init__(self, app) -> None:  # noqa: ANN001 - any ASGI app
        self.app = app

    async def __call__(self, scope, receive, send) -> None:  # noqa: ANN001
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_id = new_id("req")
        token = _request_id.set(request_id)
        header = (b"x-request-id", request_id.encode())

        async def send_with_id(message) -> None:  # noqa: ANN001
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), header]}
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            _request_id.reset(token)
