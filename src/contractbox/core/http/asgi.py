"""Helpers for the raw ASGI middlewares (request id, console sessions, API keys, idempotency)."""

from __future__ import annotations

from litestar.types import Scope


def header(scope: Scope, name: bytes) -> str | None:
    """The first value of request header `name` (lower-case bytes), or None."""
    for key, value in scope["headers"]:
        if key == name:
            return value.decode("latin-1")
    return None
