"""URL -> Document, fetched so that a submitted URL cannot reach places it must not.

The address policy (`refusal_reason`, `check_address`, `resolve_destination`,
`check_destination`) is shared with the webhook sender. Rules, in order:
- cloud metadata addresses and link-local, unspecified, multicast, broadcast, reserved and
  documentation ranges are always refused;
- loopback is refused unless the caller allows it;
- private LAN ranges (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7) are allowed, because
  intranets are where on-premises contracts live; all other global addresses are allowed;
- IPv6 forms that carry an IPv4 address (mapped, 6to4, NAT64) are judged by that IPv4 address.

`fetch_url` resolves the host itself, checks every address, then connects to the checked
address (no second DNS lookup an attacker could answer differently) with the original host
name in the Host header and in TLS SNI/certificate checks. Redirects are followed by hand and
each hop is checked again. One deadline covers the whole fetch: a watchdog shuts the socket
when it passes, so a server that trickles bytes cannot stretch it.
"""

from __future__ import annotations

import http.client
import ipaddress
import re
import socket
import ssl
import threading
import time
import zlib
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

from contractbox.documents.errors import DocumentError
from contractbox.documents.html import html_to_text
from contractbox.documents.model import Document
from contractbox.documents.pdf import extract_pdf
from contractbox.documents.text import decode_text, document_from_text

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

MAX_REDIRECTS = 5
DEFAULT_MAX_BYTES = 20 * 1024 * 1024
DEFAULT_TIMEOUT_S = 20.0
USER_AGENT = "ContractBox document fetcher"

METADATA_HOSTNAMES = frozenset(
    {"metadata.google.internal", "metadata.goog", "metadata", "instance-data",
     "instance-data.ec2.internal", "metadata.azure.com", "metadata.platformequinix.com"}
)
METADATA_ADDRESSES = frozenset(
    ipaddress.ip_address(a)
    for a in ("169.254.169.254", "169.254.170.2", "fd00:ec2::254", "100.100.100.200",
              "192.0.0.192")
)
PRIVATE_NETWORKS = tuple(
    ipaddress.ip_network(n)
    for n in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "fc00::/7")
)
_NAT64_NETWORKS = tuple(ipaddress.ip_network(n) for n in ("64:ff9b::/96", "64:ff9b:1::/48"))

_REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
_PDF_TYPES = frozenset({"application/pdf", "application/x-pdf"})
_HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
_UNTYPED = frozenset({"", "application/octet-stream", "binary/octet-stream"})
_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.I)
_CHARSET_PARAMETER = re.compile(r"""charset\s*=\s*["']?([A-Za-z0-9_.:-]+)""", re.I)
_READ_SIZE = 64 * 1024


# --- address policy -------------------------------------------------------------------------


def refusal_reason(address: IPAddress | str, *, allow_loopback: bool) -> str | None:
    """Why ContractBox must not connect to `address`, or None when it may."""
    address = ipaddress.ip_address(address)
    embedded = _embedded_ipv4(address)
    if embedded is not None:
        return refusal_reason(embedded, allow_loopback=allow_loopback)
    if address in METADATA_ADDRESSES:
        return "it is a cloud metadata service address"
    if address.is_loopback:
        if allow_loopback:
            return None
        return ("it is this computer itself (a loopback address); an administrator can allow "
                "this with CONTRACTBOX_URL_ALLOW_LOOPBACK=1")
    if address.is_link_local:
        return "it is a link-local address"
    if isinstance(address, ipaddress.IPv6Address) and address.is_site_local:
        return "it is a deprecated IPv6 site-local address"
    if address.is_unspecified:
        return "it is the unspecified address"
    if address.is_multicast:
        return "it is a multicast address"
    if any(address in network for network in PRIVATE_NETWORKS) or address.is_global:
        return None
    return "it is a reserved or special-purpose address"


def check_address(address: IPAddress | str, *, allow_loopback: bool, host: str | None = None) -> None:
    """Raise DocumentError url_forbidden when `address` is refused by the policy."""
    reason = refusal_reason(address, allow_loopback=allow_loopback)
    if reason is not None:
        shown = f"{host} ({address})" if host and host != str(address) else str(address)
        raise DocumentError("url_forbidden", f"ContractBox does not fetch from {shown}: {reason}.")


def _embedded_ipv4(address: IPAddress) -> ipaddress.IPv4Address | None:
    if isinstance(address, ipaddress.IPv4Address):
        return None
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped
    if address.sixtofour is not None:
        return address.sixtofour
    if any(address in network for network in _NAT64_NETWORKS):
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    return None


@dataclass(frozen=True)
class Destination:
    """A checked URL: connect only to `addresses`, and send `host` as Host and TLS name."""

    url: str
    scheme: str
    host: str
    port: int
    target: str  # path and query, as sent in the request line
    addresses: tuple[IPAddress, ...]


def resolve_destination(url: str, *, allow_loopback: bool,
                        timeout_s: float = DEFAULT_TIMEOUT_S) -> Destination:
    """Parse `url`, resolve its host and check every address it resolves to.

    Raises DocumentError url_invalid, url_forbidden, url_unreachable (unknown host) or
    url_timeout (name lookup too slow)."""
    scheme, host, port, target = _parse_url(url)
    if host.rstrip(".") in METADATA_HOSTNAMES:
        raise DocumentError(
            "url_forbidden", f"ContractBox does not fetch from {host}: it is a cloud metadata service.")
    addresses = _resolve(host, port, timeout_s)
    for address in addresses:
        check_address(address, allow_loopback=allow_loopback, host=host)
    return Destination(url, scheme, host, port, target, addresses)


def check_destination(url: str, *, allow_loopback: bool) -> None:
    """Raise DocumentError (url_forbidden, url_invalid, ...) unless `url` may be fetched."""
    resolve_destination(url, allow_loopback=allow_loopback)


def _parse_url(url: str) -> tuple[str, str, int, str]:
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        raise DocumentError("url_invalid", "The address is not a valid URL.") from None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https"):
        raise DocumentError(
            "url_forbidden",
            f"Only http and https addresses can be fetched, not {scheme or 'this kind of'} addresses.",
        )
    if not parts.hostname:
        raise DocumentError("url_invalid", "The address has no host name.")
    if parts.username is not None or parts.password is not None:
        raise DocumentError("url_invalid", "Addresses with a user name or password are not supported.")
    try:
        host = parts.hostname.encode("idna").decode("ascii") if not _is_ip(parts.hostname) else parts.hostname
    except UnicodeError:
        raise DocumentError("url_invalid", "The address has an invalid host name.") from None
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return scheme, host.lower(), port or (443 if scheme == "https" else 80), target


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def _resolve(host: str, port: int, timeout_s: float) -> tuple[IPAddress, ...]:
    if _is_ip(host):
        return (ipaddress.ip_address(host),)
    # getaddrinfo has no timeout of its own: run it in a thread and stop waiting at the deadline.
    outcome: list = []
    lookup = threading.Thread(target=_lookup_into, args=(host, port, outcome), daemon=True)
    lookup.start()
    lookup.join(timeout_s)
    if not outcome:
        raise DocumentError("url_timeout", f"Looking up the server {host} took too long.")
    if isinstance(outcome[0], OSError):
        raise DocumentError("url_unreachable", f"The server {host} could not be found.")
    addresses = tuple(dict.fromkeys(
        ipaddress.ip_address(info[4][0].split("%")[0]) for info in outcome[0]))
    if not addresses:
        raise DocumentError("url_unreachable", f"The server {host} could not be found.")
    return addresses


def _lookup_into(host: str, port: int, outcome: list) -> None:
    try:
        outcome.append(socket.getaddrinfo(host, port, type=socket.SOCK_STREAM))
    except OSError as error:
        outcome.append(error)


# --- fetching -------------------------------------------------------------------------------


def fetch_url(url: str, *, allow_loopback: bool, max_bytes: int = DEFAULT_MAX_BYTES,
              timeout_s: float = DEFAULT_TIMEOUT_S) -> Document:
    """Fetch `url` and turn it into a Document (PDF, HTML or plain text by content type).

    Raises DocumentError: url_invalid, url_forbidden, url_unreachable, url_timeout,
    url_too_large, url_http_error, url_unsupported_type, and the pdf_* / text_* codes of
    the fetched content."""
    deadline = _Deadline(timeout_s)
    current = url
    for _ in range(MAX_REDIRECTS + 1):
        destination = resolve_destination(
            current, allow_loopback=allow_loopback, timeout_s=deadline.remaining())
        response = _get(destination, deadline, max_bytes)
        if response.status not in _REDIRECT_STATUSES:
            return _document_from(response, max_bytes)
        if not response.location:
            raise DocumentError(
                "url_http_error", f"The server answered {response.status} (a redirect) without saying where to.")
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


class _Deadline:
    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._end = time.monotonic() + seconds

    @property
    def expired(self) -> bool:
        return time.monotonic() >= self._end

    def remaining(self) -> float:
        left = self._end - time.monotonic()
        if left <= 0:
            raise self.error()
        return left

    def error(self) -> DocumentError:
        return DocumentError(
            "url_timeout", f"The server did not deliver the document within {self.seconds:g} seconds.")


def _get(destination: Destination, deadline: _Deadline, max_bytes: int) -> _Response:
    address = destination.addresses[0]
    connection = _PinnedConnection(destination, address, deadline)
    watchdog = threading.Timer(deadline.remaining(), connection.abort)
    watchdog.daemon = True
    watchdog.start()
    try:
        response = _exchange(connection, destination, max_bytes)
    except (OSError, http.client.HTTPException, ssl.SSLError) as error:
        if deadline.expired or isinstance(error, TimeoutError):
            raise deadline.error() from None
        raise _unreachable(destination, error) from None
    finally:
        watchdog.cancel()
        connection.close()
    if deadline.expired:  # the watchdog may have cut the body short
        raise deadline.error()
    return response


def _exchange(connection: http.client.HTTPConnection, destination: Destination,
              max_bytes: int) -> _Response:
    connection.request("GET", destination.target, headers={
        "User-Agent": USER_AGENT,
        "Accept": "application/pdf, text/html;q=0.9, text/plain;q=0.8, */*;q=0.1",
        "Accept-Encoding": "identity",
        "Connection": "close",
    })
    response = connection.getresponse()
    status = response.status
    if status in _REDIRECT_STATUSES:
        body = b""
    elif 200 <= status < 300:
        body = _read_capped(response, max_bytes)
    else:
        raise DocumentError("url_http_error", f"The server answered with HTTP status {status} "
                            f"({response.reason or 'error'}) instead of the document.")
    return _Response(status, response.getheader("Location"), response.getheader("Content-Type", ""),
                     response.getheader("Content-Encoding", "identity").strip().lower(), body)


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


def _too_large(max_bytes: int) -> DocumentError:
    return DocumentError(
        "url_too_large", f"The document at this address is larger than {max_bytes / 1024 / 1024:g} MB.")


def _unreachable(destination: Destination, error: Exception) -> DocumentError:
    detail = "the connection was refused" if isinstance(error, ConnectionRefusedError) else (
        "its certificate could not be verified" if isinstance(error, ssl.SSLCertVerificationError)
        else "the connection failed")
    return DocumentError("url_unreachable", f"Could not fetch the document from {destination.host}: {detail}.")


class _PinnedConnection(http.client.HTTPConnection):
    """Connects to one checked address; Host header and TLS name stay the URL's host."""

    def __init__(self, destination: Destination, address: IPAddress, deadline: _Deadline) -> None:
        super().__init__(destination.host, destination.port, timeout=deadline.remaining())
        self._destination = destination
        self._address = address
        self._deadline = deadline
        self._raw_socket: socket.socket | None = None

    def connect(self) -> None:
        raw = socket.create_connection((str(self._address), self.port), self._deadline.remaining())
        self._raw_socket = raw
        if self._deadline.expired:  # the watchdog fired while we were connecting
            raise TimeoutError
        if self._destination.scheme == "https":
            raw = ssl.create_default_context().wrap_socket(raw, server_hostname=self._destination.host)
        self.sock = raw

    def abort(self) -> None:
        raw = self._raw_socket
        if raw is not None:
            try:
                raw.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


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
            "url_unsupported_type", f"The server sent the document compressed as {encoding}, "
            "which ContractBox does not read.")
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
