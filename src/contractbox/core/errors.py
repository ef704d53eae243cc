"""The API's error values: an ApiError carries status, code, message and param; the HTTP layer
(core/http/errors.py) renders it in the documented shape (API-CONVENTIONS.md, Errors)."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        param: str | None = None,
        headers: dict[str, str] | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.param = param
        self.headers = headers or {}
        self.extra = extra or {}


def not_found(kind: str, object_id: str, param: str = "id") -> ApiError:
    return ApiError(404, "resource_missing", f"No {kind} with id '{object_id}' exists.", param=param)


def invalid(param: str, message: str) -> ApiError:
    return ApiError(400, "parameter_invalid", message, param=param)


def missing(param: str) -> ApiError:
    return ApiError(400, "parameter_missing", f"The parameter '{param}' is required.", param=param)
