"""API errors in the one documented shape:
{"error": {"type", "code", "message", "param", "requestId"}} (API-CONVENTIONS.md, Errors)."""

from __future__ import annotations

import logging
import os
import re
from typing import Any

from litestar import Request, Response
from litestar.exceptions import HTTPException, NotFoundException, ValidationException
from litestar.types import ExceptionHandlersMap

from contractbox.core.errors import ApiError
from contractbox.core.http.requestid import current_request_id
from contractbox.core.store import StorageFullError

log = logging.getLogger("contractbox.errors")

TYPE_BY_STATUS = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    405: "invalid_request_error",
    409: "conflict_error",
    413: "invalid_request_error",
    415: "invalid_request_error",
    422: "invalid_request_error",
    429: "rate_limit_error",
    500: "api_error",
    503: "api_error",
}


def error_body(status: int, code: str, message: str, param: str | None = None, **extra: Any) -> dict[str, Any]:
    return {
        "error": {
            "type": TYPE_BY_STATUS.get(status, "api_error"),
            "code": code,
            "message": message,
            "param": param,
            "requestId": current_request_id(),
            **extra,
        }
    }


def error_response(
    status: int, code: str, message: str, param: str | None = None, headers: dict[str, str] | None = None, **extra: Any
) -> Response:
    return Response(error_body(status, code, message, param, **extra), status_code=status, headers=headers)


def handle_api_error(_: Request, exc: ApiError) -> Response:
    return error_response(exc.status, exc.code, exc.message, exc.param, exc.headers, **exc.extra)


def handle_validation_error(_: Request, exc: ValidationException) -> Response:
    details = exc.extra if isinstance(exc.extra, list) else []
    first = details[0] if details and isinstance(details[0], dict) else {}
    param = first.get("key") or None
    reason = str(first.get("message") or exc.detail or "The request is not valid.")
    unknown = re.search(r"unknown field `([^`]+)`", reason)
    if unknown:  # msgspec names the whole body ("data") as the key; the field is what the client can fix
        name = unknown.group(1).lstrip("$.")
        return error_response(400, "parameter_invalid", f"The parameter '{name}' is not accepted here.", name)
    if reason.startswith("Object missing required field"):
        name = reason.split("`")[1] if "`" in reason else param
        return error_response(400, "parameter_missing", f"The parameter '{name}' is required.", name)
    message = f"The parameter '{param}' is invalid: {reason}." if param else f"The request is invalid: {reason}."
    return error_response(400, "parameter_invalid", message, param)


def handle_http_exception(request: Request, exc: HTTPException) -> Response:
    status = exc.status_code
    if status == 404 or isinstance(exc, NotFoundException):
        return error_response(404, "resource_missing", f"Nothing exists at {request.url.path}.")
    if status == 405:
        return error_response(405, "method_not_allowed", f"{request.method} is not allowed on {request.url.path}.")
    if status == 413:
        return error_response(413, "payload_too_large", "The request body is larger than the 70 MB limit.")
    if status == 400:  # Litestar raises a bare ClientException when the body cannot be decoded
        return error_response(400, "invalid_json", f"The request body is not valid JSON ({exc.detail}).")
    if status == 415:
        return error_response(415, "unsupported_media_type", "Send the request body as application/json.")
    if status >= 500 and exc.detail == CLIENT_LEFT:
        log_client_left()
        return error_response(400, "client_disconnected", "The client disconnected before sending its whole body.")
    if status >= 500:
        return handle_internal_error(request, exc)
    return error_response(status, "parameter_invalid" if status == 400 else "request_rejected", str(exc.detail))


CLIENT_LEFT = "client disconnected prematurely"  # Litestar's words when the body stops with a disconnect


def log_client_left() -> None:
    """Not an error of ours, and no one is left to answer: one line, no traceback."""
    log.info("request %s: the client disconnected before sending its whole body", current_request_id())


def handle_storage_full(_: Request, exc: StorageFullError) -> Response:
    log.error("storage full: %s", exc)
    return error_response(
        503,
        "service_unavailable",
        "ContractBox cannot store more data right now: the disk is full. Nothing already stored was changed; retry once space is freed.",
        headers={"Retry-After": "30"},
    )


def raised_decoding_the_body(exc: BaseException) -> bool:
    """True when `exc` came out of Litestar's JSON body decoding. msgspec reports invalid UTF-8
    as UnicodeDecodeError and nesting past its limit as RecursionError, which Litestar lets
    through as they are (it only translates msgspec.DecodeError): the client's fault, not ours."""
    if not isinstance(exc, (UnicodeDecodeError, RecursionError)):
        return False
    frame = exc.__traceback__
    while frame is not None:
        code = frame.tb_frame.f_code
        if code.co_name == "decode_json" and code.co_filename.endswith(BODY_DECODER_FILE):
            return True
        frame = frame.tb_next
    return False


BODY_DECODER_FILE = "litestar/serialization/msgspec_hooks.py".replace("/", os.sep)


def undecodable_body(exc: BaseException) -> Response:
    reason = "it is not valid UTF-8" if isinstance(exc, UnicodeDecodeError) else "it is nested too deeply"
    return error_response(400, "invalid_json", f"The request body is not valid JSON: {reason}.")


def handle_internal_error(_: Request, exc: Exception) -> Response:
    if raised_decoding_the_body(exc):
        return undecodable_body(exc)
    log.exception("internal error (request %s)", current_request_id(), exc_info=exc)
    return error_response(
        500,
        "internal_error",
        f"Something went wrong inside ContractBox. The error was logged with request id {current_request_id()}.",
    )


EXCEPTION_HANDLERS: ExceptionHandlersMap = {
    ApiError: handle_api_error,
    ValidationException: handle_validation_error,
    StorageFullError: handle_storage_full,
    HTTPException: handle_http_exception,
    Exception: handle_internal_error,
}


async def send_error(send: Any, status: int, code: str, message: str, headers: dict[str, str] | None = None) -> None:
    """Answer with an error straight from ASGI middleware (before a handler is reached)."""
    import msgspec

    body = msgspec.json.encode(error_body(status, code, message))
    raw_headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    raw_headers += [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]
    await send({"type": "http.response.start", "status": status, "headers": raw_headers})
    await send({"type": "http.response.body", "body": body})
