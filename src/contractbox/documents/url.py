"""URL -> Document, fetched so that a submitted URL cannot reach places it must not.

The address policy is the network guard's (core/netguard.py), shared with the webhook sender;
here its refusals become DocumentErrors with the same code and message.

`fetch_url` resolves the host itself, checks every address, then connects to the checked
address (no second DNS lookup an attacker could answer differently) with the original host
name in the Host header and in TLS SNI/certificate checks. Redirects are followed by hand and
each hop is checked again. One deadline covers the whole fetch: a watchdog shuts the socket
when it passes, so a server that trickles bytes cannot stretch it.
"""

from __future__ import annotations

import http.client
import re
import ssl
import threading
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from urllib.parse import urljoin

from contractbox.core import netguard
from contractbox.core.netguard import (
    DEFAULT_TIMEOUT_S,
    Deadline,
    Destination,
    IPAddress,
    NetworkError,
    PinnedConnection,
)
from contractbox.documents.errors import DocumentError
from contractbox.documents.html import html_to_text
from contractbox.documents.model import Document
from contractbox.documents.pdf import extract_pdf
from contractbox.documents.text import decode_text, document_from_text

MAX_REDIRECTS = 5
DEFAULT_MAX_BYTES = 20 * 1024 * 1024
USER_AGENT = "ContractBox document fetcher"

_REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
_PDF_TYPES = frozenset({"application/pdf", "application/x-pdf"})
_HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
_UNTYPED = frozenset({"", "application/octet-stream", "binary/octet-stream"})
_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.I)
_CHARSET_PARAMETER = re.compile(r"""charset\s*=\s*["']?([A-Za-z0-9_.:-]+)""", re.I)
_READ_SIZE = 64 * 1024


# --- the address policy, in DocumentErrors ----------------------------------------------------


@contextmanager
def _as_document_error() -> Iterator[None]:
    try:
        yield
    except NetworkError as error:
        raise DocumentError(error.code, error.message) from None


def refusal_reason(address: IPAddress | str, *, allow_loopback: bool) -> str | None:
    """Why ContractBox must not connect to `address`, or None when it may."""
    return netguard.refusal_reason(address, allow_loopback=allow_loopback)


def resolve_destination(url: str, *, allow_loopback: bool, timeout_s: float = DEFAULT_TIMEOUT_S) -> Destination:
    """netguard.resolve_destination, raising DocumentError."""
    with _as_document_error():
        return netguard.resolve_destination(url, allow_loopback=allow_loopback, timeout_s=timeout_s)


def check_destination(url: str, *, allow_loopback: bool) -> None:
    """Raise DocumentError (url_forbidden, url_invalid, ...) unless `url` may be fetched."""
    resolve_destination(url, allow_loopback=allow_loopback)


# --- fetching -------------------------------------------------------------------------------


def fetch_url(
    url: str, *, allow_loopback: bool, max_bytes: int = DEFAULT_MAX_BYTES, timeout_s: float = DEFAULT_TIMEOUT_S
) -> Document:
    """Fetch `url` and turn it into a Document (PDF, HTML or plain text by content type).

    Raises DocumentError: url_invalid, url_forbidden, url_unreachable, url_timeout,
    url_too_large, url_http_error, url_unsupported_type, and the pdf_* / text_* codes of
    the fetched content."""
    deadline = Deadline(timeout_s, "The server did not deliver the document within {seconds:g} seconds.")
    current = url
    for _ in range(MAX_REDIRECTS + 1):
        with _as_document_error():
            destination = netguard.resolve_destination(
                current, allow_loopback=allow_loopback, timeout_s=deadline.remaining()
            )
        with _as_document_error():  # the deadline can pass between two steps
            response = _get(destination, deadline, max_bytes)
        if response.status not in _REDIRECT_STATUSES:
            return _document_from(response, max_bytes)
        if not response.location:
            raise DocumentError(
                "url_http_error", f"The server answered {response.status} (a redirect) without saying where to."
            )
        current = urljoin(current, response.location)
    raise DocumentError(
        "url_unreachable",
        f"The address redirected more than {MAX_REDIRECTS} times (perhaps in a loop), so the "
        "document could not be fetched.",
    )


@dataclass(frozen=True)
class _Response:
    status: int
    location: str | None
    content_type: str
    content_encoding: str
    body: bytes


def _get(destination: Destination, deadline: Deadline, max_bytes: int) -> _Response:
    address = destination.addresses[0]
    connection = PinnedConnection(destination, address, deadline)
    watchdog = threading.Timer(deadline.remaining(), connection.abort)
    watchdog.daemon = True
    watchdog.start()
    try:
        response = _exchange(connection, destination, max_bytes)
    except (OSError, http.client.HTTPException, ssl.SSLError) as error:
        if deadline.expired or isinstance(error, TimeoutError):
            raise _timeout(deadline) from None
        raise _unreachable(destination, error) from None
    finally:
        watchdog.cancel()
        connection.close()
    if deadline.expired:  # the watchdog may have cut the body short
        raise _timeout(deadline)
    return response


def _exchange(connection: http.client.HTTPConnection, destination: Destination, max_bytes: int) -> _Response:
    connection.request(
        "GET",
        destination.target,
        headers={
            "User-Agent": USER_AGENT,
            "Accept": "application/pdf, text/html;q=0.9, text/plain;q=0.8, */*;q=0.1",
            "Accept-Encoding": "identity",
            "Connection": "close",
        },
    )
    response = connection.getresponse()
    status = response.status
    if status in _REDIRECT_STATUSES:
        body = b""
    elif 200 <= status < 300:
        body = _read_capped(response, max_bytes)
    else:
        raise DocumentError(
            "url_http_error",
            f"The server answered with HTTP status {status} ({response.reason or 'error'}) instead of the document.",
        )
    return _Response(
        status,
        response.getheader("Location"),
        response.getheader("Content-Type", ""),
        response.getheader("Content-Encoding", "identity").strip().lower(),
        body,
    )


def _read_capped(response: http.client.HTTPResponse, max_bytes: int) -> bytes:
    declared = response.getheader("Content-Length")
    if declared and declared.strip().isdigit() and int(declared) > max_bytes:
        raise _too_large(max_bytes)
    chunks: list[bytes] = []
    received = 0
    while chunk := response.read1(_READ_SIZE):
        received += len(chunk)
        if received > max_bytes:
            raise _too_large(max_bytes)
        chunks.append(chunk)
    return b"".join(chunks)


def _timeout(deadline: Deadline) -> DocumentError:
    error = deadline.error()
    return DocumentError(error.code, error.message)


def _too_large(max_bytes: int) -> DocumentError:
    return DocumentError(
        "url_too_large", f"The document at this address is larger than {max_bytes / 1024 / 1024:g} MB."
    )


def _unreachable(destination: Destination, error: Exception) -> DocumentError:
    detail = (
        "the connection was refused"
        if isinstance(error, ConnectionRefusedError)
        else (
            "its certificate could not be verified"
            if isinstance(error, ssl.SSLCertVerificationError)
            else "the connection failed"
        )
    )
    return DocumentError("url_unreachable", f"Could not fetch the document from {destination.host}: {detail}.")


# --- content --------------------------------------------------------------------------------


def _document_from(response: _Response, max_bytes: int) -> Document:
    body = _decoded_body(response, max_bytes)
    media_type, charset = _media_type(response.content_type)
    if media_type in _PDF_TYPES or (media_type in _UNTYPED and body.lstrip()[:5] == b"%PDF-"):
        return extract_pdf(body)
    if media_type in _HTML_TYPES:
        text, title = html_to_text(decode_text(body, charset or _meta_charset(body)))
        return document_from_text(text, title, raw=body)
    if media_type == "text/plain":
        return document_from_text(decode_text(body, charset), None, raw=body)
    raise DocumentError(
        "url_unsupported_type",
        f"The address returned {media_type or 'content of no declared type'}; ContractBox reads "
        "PDF, HTML and plain-text documents.",
    )


def _decoded_body(response: _Response, max_bytes: int) -> bytes:
    encoding = response.content_encoding
    if encoding in ("", "identity"):
        return response.body
    if encoding not in ("gzip", "x-gzip", "deflate"):
        raise DocumentError(
            "url_unsupported_type",
            f"The server sent the document compressed as {encoding}, which ContractBox does not read.",
        )
    # wbits 47: accept gzip and zlib headers. max_length stops a decompression bomb early.
    decompressor = zlib.decompressobj(wbits=47)
    try:
        body = decompressor.decompress(response.body, max_bytes + 1)
    except zlib.error:
        raise DocumentError("url_unreachable", "The server sent a damaged compressed document.") from None
    if len(body) > max_bytes:
        raise _too_large(max_bytes)
    return body


def _media_type(content_type: str) -> tuple[str, str | None]:
    media_type, _, parameters = content_type.partition(";")
    charset = _CHARSET_PARAMETER.search(parameters)
    return media_type.strip().lower(), (charset.group(1) if charset else None)


def _meta_charset(body: bytes) -> str | None:
    match = _META_CHARSET.search(body[:4096])
    return match.group(1).decode("ascii") if match else None
