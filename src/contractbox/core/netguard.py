"""The network guard: the one place that decides which hosts and addresses ContractBox may
connect to, for URL sources (documents/url.py) and webhooks (webhooks/sender.py) alike.

Rules, in order:
- cloud metadata addresses and link-local, unspecified, multicast, broadcast, reserved and
  documentation ranges are always refused;
- loopback is refused unless the caller allows it;
- private LAN ranges (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7) are allowed, because
  intranets are where on-premises contracts live; all other global addresses are allowed;
- IPv6 forms that carry an IPv4 address (mapped, 6to4, NAT64) are judged by that IPv4 address;
  the deprecated IPv4-compatible form (`::a.b.c.d`, the ::/96 block but :: and ::1) is refused;
- a host name is normalised before anything else: lower case, IDNA, trailing dots dropped
  (`169.254.169.254.` is the IP address, `localhost.` is `localhost`), and `localhost` and
  `*.localhost` names are loopback without a DNS look-up (RFC 6761).

The caller connects only through `resolve_destination`: it resolves the host itself, checks
every address, and `PinnedConnection` then connects to the checked address (no second DNS lookup
an attacker could answer differently) with the original host name in the Host header and in
TLS SNI/certificate checks. One `Deadline` covers a whole exchange.
"""

from __future__ import annotations

import contextlib
import http.client
import ipaddress
import socket
import ssl
import threading
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

MAX_URL_LENGTH = 2048
DEFAULT_TIMEOUT_S = 20.0
METADATA_HOSTNAMES = frozenset(
    {
        "metadata.google.internal",
        "metadata.goog",
        "metadata",
        "instance-data",
        "instance-data.ec2.internal",
        "metadata.azure.com",
        "metadata.platformequinix.com",
    }
)
METADATA_ADDRESSES = frozenset(
    ipaddress.ip_address(a)
    for a in ("169.254.169.254", "169.254.170.2", "fd00:ec2::254", "100.100.100.200", "192.0.0.192")
)
PRIVATE_NETWORKS = tuple(
    ipaddress.ip_network(n) for n in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "fc00::/7")
)
LOOPBACK_NAME_ADDRESSES: tuple[IPAddress, ...] = (ipaddress.ip_address("127.0.0.1"),)
_NAT64_NETWORKS = tuple(ipaddress.ip_network(n) for n in ("64:ff9b::/96", "64:ff9b:1::/48"))


class NetworkError(Exception):
    """A destination refused by the policy or not reachable. `code` is the API error code
    (url_invalid, url_forbidden, url_unreachable, url_timeout); `message` a sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def refusal_reason(address: IPAddress | str, *, allow_loopback: bool) -> str | None:
    """Why ContractBox must not connect to `address`, or None when it may."""
    address = ipaddress.ip_address(address)
    if isinstance(address, ipaddress.IPv6Address) and int(address) >> 32 == 0 and int(address) > 1:
        return "it is an IPv4-compatible IPv6 address (::/96), a deprecated form"
    embedded = _embedded_ipv4(address)
    if embedded is not None:
        return refusal_reason(embedded, allow_loopback=allow_loopback)
    if address in METADATA_ADDRESSES:
        return "it is a cloud metadata service address"
    if address.is_loopback:
        if allow_loopback:
            return None
        return (
            "it is this computer itself (a loopback address); an administrator can allow "
            "this with CONTRACTBOX_URL_ALLOW_LOOPBACK=1"
        )
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
    """Raise NetworkError url_forbidden when `address` is refused by the policy."""
    reason = refusal_reason(address, allow_loopback=allow_loopback)
    if reason is not None:
        shown = f"{host} ({address})" if host and host != str(address) else str(address)
        raise NetworkError("url_forbidden", f"ContractBox does not fetch from {shown}: {reason}.")


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


def resolve_destination(url: str, *, allow_loopback: bool, timeout_s: float = DEFAULT_TIMEOUT_S) -> Destination:
    """Parse `url`, resolve its host and check every address it resolves to.

    Raises NetworkError url_invalid, url_forbidden, url_unreachable (unknown host) or
    url_timeout (name lookup too slow)."""
    scheme, host, port, target = _parse_url(url)
    if host in METADATA_HOSTNAMES:
        raise NetworkError("url_forbidden", f"ContractBox does not fetch from {host}: it is a cloud metadata service.")
    addresses = LOOPBACK_NAME_ADDRESSES if is_loopback_name(host) else _resolve(host, port, timeout_s)
    for address in addresses:
        check_address(address, allow_loopback=allow_loopback, host=host)
    return Destination(url, scheme, host, port, target, addresses)


def check_destination(url: str, *, allow_loopback: bool) -> None:
    """Raise NetworkError (url_forbidden, url_invalid, ...) unless `url` may be fetched."""
    resolve_destination(url, allow_loopback=allow_loopback)


def _parse_url(url: str) -> tuple[str, str, int, str]:
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        raise NetworkError("url_invalid", "The address is not a valid URL.") from None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https"):
        raise NetworkError(
            "url_forbidden",
            f"Only http and https addresses can be fetched, not {scheme or 'this kind of'} addresses.",
        )
    if not parts.hostname:
        raise NetworkError("url_invalid", "The address has no host name.")
    if parts.username is not None or parts.password is not None:
        raise NetworkError("url_invalid", "Addresses with a user name or password are not supported.")
    name = parts.hostname.rstrip(".")  # `host.` is the same host: compare and look up without the dot
    if not name:
        raise NetworkError("url_invalid", "The address has no host name.")
    try:
        host = name.encode("idna").decode("ascii") if not _is_ip(name) else name
    except UnicodeError:
        raise NetworkError("url_invalid", "The address has an invalid host name.") from None
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return scheme, host.lower(), port or (443 if scheme == "https" else 80), target


def is_loopback_name(host: str) -> bool:
    """`localhost` and its subdomains always mean this computer (RFC 6761), whatever DNS says."""
    return host == "localhost" or host.endswith(".localhost")


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
        raise NetworkError("url_timeout", f"Looking up the server {host} took too long.")
    if isinstance(outcome[0], OSError):
        raise NetworkError("url_unreachable", f"The server {host} could not be found.")
    addresses = tuple(dict.fromkeys(ipaddress.ip_address(info[4][0].split("%")[0]) for info in outcome[0]))
    if not addresses:
        raise NetworkError("url_unreachable", f"The server {host} could not be found.")
    return addresses


def _lookup_into(host: str, port: int, outcome: list) -> None:
    try:
        outcome.append(socket.getaddrinfo(host, port, type=socket.SOCK_STREAM))
    except OSError as error:
        outcome.append(error)


class Deadline:
    """One deadline over a whole exchange; `message` is the timeout error's sentence."""

    def __init__(self, seconds: float, message: str = "No answer within {seconds:g} seconds.") -> None:
        self.seconds = seconds
        self.message = message
        self._end = time.monotonic() + seconds

    @property
    def expired(self) -> bool:
        return time.monotonic() >= self._end

    def remaining(self) -> float:
        left = self._end - time.monotonic()
        if left <= 0:
            raise self.error()
        return left

    def error(self) -> NetworkError:
        return NetworkError("url_timeout", self.message.format(seconds=self.seconds))


class PinnedConnection(http.client.HTTPConnection):
    """Connects to one checked address; Host header and TLS name stay the URL's host."""

    def __init__(self, destination: Destination, address: IPAddress, deadline: Deadline) -> None:
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
            with contextlib.suppress(OSError):  # already closed: nothing to abort
                raw.shutdown(socket.SHUT_RDWR)
