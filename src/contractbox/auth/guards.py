from __future__ import annotations

from litestar.connection import ASGIConnection
from litestar.handlers.base import BaseRouteHandler

from contractbox.errors import ApiError
from contractbox.keys.service import Principal


async def require_scope(connection: ASGIConnection, handler: BaseRouteHandler) -> None:
    """Routes name the scope they need in opt={"scope": ...}; the key must grant it.
    (async: Litestar runs a sync guard in a worker thread, which cost ~10% of a GET.)"""
    needed = handler.opt.get("scope")
    if not needed:
        return
    principal: Principal = connection.scope["user"]  # type: ignore[assignment]
    if needed not in principal.scopes:
        raise ApiError(403, "insufficient_scope", f"This API key lacks the scope '{needed}' that this endpoint requires.")


def principal_of(connection: ASGIConnection) -> Principal:
    return connection.scope["user"]  # type: ignore[return-value]
