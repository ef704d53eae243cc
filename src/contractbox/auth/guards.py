from __future__ import annotations

from litestar.connection import ASGIConnection

from contractbox.keys.service import Principal


def principal_of(connection: ASGIConnection) -> Principal:
    """The caller ApiKeyMiddleware (or a console session) authenticated for this request."""
    return connection.scope["user"]
