"""The error half of the OpenAPI document: one `ErrorResponse` schema (API-CONVENTIONS.md, Errors)
and, for every /v1 operation, the error statuses it can answer with.

`document_error_responses(app)` runs once in the app factory, after every route is registered and
before the schema is first built (Litestar builds it lazily), so a route added later gets its error
responses without doing anything. The statuses come from what the shared layers do:

- every authenticated operation: 400 (a parameter or body is invalid), 401 (no, unknown or revoked
  key), 403 (missing scope, live access withdrawn), 429 (rate limit), 500 (internal error) and 503
  (storage full or not ready);
- an operation with a path parameter: 404 (no such object for this organization and mode);
- an operation with a request body (POST, PUT, PATCH): 413 (body over 70 MB); POST also 409
  (`idempotency_key_in_use` and the domain conflicts such as `contract_exists`) and 422
  (`idempotency_key_reused`);
- EXTRA_ERRORS below for the few operations with a further documented error.

A response an owner declared on the route decorator (`responses={...}`) wins over these.
tests/test_schema_fuzz.py holds the document to this: schemathesis fails on any undocumented
status code or any body that does not match the declared schema.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec
from litestar import Litestar
from litestar.openapi import ResponseSpec
from litestar.routes import HTTPRoute

ErrorType = Literal[
    "invalid_request_error",
    "authentication_error",
    "permission_error",
    "not_found_error",
    "conflict_error",
    "rate_limit_error",
    "api_error",
]


class ErrorObject(msgspec.Struct):
    """What went wrong: `type` groups by status, `code` is the specific, stable reason; `param` names
    the offending parameter when there is one. Some codes carry more fields (`contract_exists` and
    `analysis_saved` carry `contractId`; `storage_quota_exceeded` its byte counts)."""

    type: ErrorType
    code: str
    message: str
    param: str | None
    requestId: str
    # Fields some codes add (each documented with its code in docs/api-notes.md):
    contractId: str | msgspec.UnsetType = msgspec.UNSET  # 409 contract_exists, analysis_saved
    limitBytes: int | msgspec.UnsetType = msgspec.UNSET  # 507 storage_quota_exceeded
    usedBytes: int | msgspec.UnsetType = msgspec.UNSET  # 507 storage_quota_exceeded
    requestedBytes: int | msgspec.UnsetType = msgspec.UNSET  # 507 storage_quota_exceeded


class ErrorResponse(msgspec.Struct):
    """The one error body of the API: {"error": {type, code, message, param, requestId}}."""

    error: ErrorObject


DESCRIPTIONS: dict[int, str] = {
    400: "Invalid request: parameter_missing, parameter_invalid, invalid_json or source_unreadable.",
    401: "Authentication failed: missing_api_key, invalid_api_key (unknown or revoked) or api_key_conflict "
    "(Authorization and X-Api-Key name two different keys).",
    403: "Not permitted: insufficient_scope or live_access_not_approved.",
    404: "Not found: resource_missing (also for objects of another organization or mode).",
    409: "Conflict: idempotency_key_in_use, or the operation's own conflict (analysis_not_completed, contract_exists).",
    413: "Payload too large: payload_too_large (request body over 70 MB, PDF over 50 MB).",
    415: "Unsupported media type: unsupported_media_type (a request body without Content-Type: application/json).",
    422: "Idempotency-Key reused with a different request body: idempotency_key_reused.",
    429: "Rate limited: rate_limited; the Retry-After header says when to retry.",
    500: "Internal error: internal_error; logged with the request id.",
    503: "Service unavailable: service_unavailable (storage full or not ready), server_busy (every connection or "
    "upload slot in use); retry after Retry-After.",
    507: "Insufficient storage: storage_quota_exceeded (the organization's storage limit for this mode).",
}

ALWAYS = (400, 401, 403, 429, 500, 503)
WITH_BODY = ("POST", "PUT", "PATCH")

# Further documented errors of single operations: path template -> method -> statuses.
EXPORTS = ("findings.csv", "obligations.csv", "key-dates.csv", "key-dates.ics")
EXTRA_ERRORS: dict[str, dict[str, tuple[int, ...]]] = {
    "/v1/analyses/{analysisId}/result": {"GET": (409,)},  # analysis_not_completed
    "/v1/contracts": {"POST": (404, 507)},  # analysisId names no analysis of the caller; storage_quota_exceeded
    "/v1/comparisons": {"POST": (404,)},  # left or right names no analysis or contract of the caller
    "/v1/analyses": {"POST": (507,)},  # storage_quota_exceeded
    "/v1/analyses/{analysisId}": {"DELETE": (409,)},  # analysis_processing, analysis_saved
    "/v1/contracts/{contractId}/annotated.pdf": {"GET": (409,)},  # source_not_pdf
    **{f"/v1/analyses/{{analysisId}}/exports/{name}": {"GET": (409,)} for name in EXPORTS},  # analysis_not_completed
}


def error_spec(status: int, description: str | None = None) -> ResponseSpec:
    return ResponseSpec(
        data_container=ErrorResponse, description=description or DESCRIPTIONS[status], generate_examples=False
    )


def error_statuses(method: str, path_format: str, has_path_params: bool) -> list[int]:
    statuses = set(ALWAYS)
    if has_path_params:
        statuses.add(404)
    if method in WITH_BODY:
        statuses.update((413, 415))
    if method == "POST":
        statuses.update((409, 422))
    statuses.update(EXTRA_ERRORS.get(path_format, {}).get(method, ()))
    return sorted(statuses)


def document_error_responses(app: Litestar, prefix: str = "/v1/") -> int:
    """Declare the error responses of every authenticated operation under prefix; returns how
    many operations it touched."""
    touched = 0
    for route in app.routes:
        if not isinstance(route, HTTPRoute) or not route.path_format.startswith(prefix):
            continue
        for handler in route.route_handlers:
            if handler.opt.get("public") or not handler.resolve_include_in_schema():
                continue
            declared = dict(handler.responses or {})
            for method in handler.http_methods:
                for status in error_statuses(method, route.path_format, bool(route.path_parameters)):
                    declared.setdefault(status, error_spec(status))
            handler.responses = declared
            touched += 1
    return touched


def camel_case_operation_id(handler: Any, method: Any, path_components: list[str | Any]) -> str:
    """The fallback operationId of a handler without one: its function name in camelCase
    (`list_contracts` -> `listContracts`). Handlers should name theirs (`operation_id=`)."""
    first, *rest = handler.handler_name.split("_")
    return first + "".join(word.capitalize() for word in rest)
