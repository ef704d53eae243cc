"""Connection limits under uvicorn: a deadline for a request's headers, and a cap on open connections.

uvicorn closes idle keep-alive connections (`timeout_keep_alive`) but gives a new connection, or one
that has sent part of its headers, all the time it wants: 20,000 connections that never finished
their headers held 20,000 file descriptors until the process had none left, and `/healthz` stopped
answering. Its `limit_concurrency` answers a plain-text 503 to every request, `/healthz` included,
once the count is reached, so it cannot tell an attacker's half-sent connections from real work.

`GuardedH11Protocol` (uvicorn's h11 protocol with `ConnectionLimits`) adds:

- a header deadline: a connection waiting for a request (new, or idle after a response) that has not
  completed a request's headers within `header_timeout` seconds is closed;
- a body idle limit: a request whose body stops arriving for `body_timeout` seconds (while the server
  is reading) is closed (the app sees a disconnect);
- a cap: when a new connection would exceed `max_connections`, the connection that has waited
  longest without a request in progress is closed to make room (half-sent and idle ones go first,
  so a flood of them cannot crowd out `/healthz` or a real client); when every open connection is
  busy with a request, the new one is answered `503 server_busy` in the documented error shape with
  `Retry-After` and closed.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
import time
from dataclasses import dataclass, field

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from contractbox.core.http.errors import error_body
from contractbox.core.ids import new_id

log = logging.getLogger("contractbox.connections")

# File descriptors kept for everything but client connections: databases (WAL and shm files of two
# databases, per worker thread), logs, the PDF worker's pipes, temporary upload files.
RESERVED_DESCRIPTORS = 256
BUSY_RETRY_AFTER_S = 1
REFUSED_LINGER_S = 0.5
REPORT_INTERVAL_S = 60.0
ACCEPT_BATCHES_IN_FLIGHT = 4
WINDOWS_SOCKET_LIMIT = 16384  # no per-process descriptor limit to raise; asyncio's selector has its own bounds


@dataclass
class ConnectionLimits:
    """What every connection of one server shares: the limits and the connections without a request."""

    max_connections: int
    header_timeout: float
    body_timeout: float
    waiting: dict[GuardedH11Protocol, None] = field(default_factory=dict)  # oldest first
    evicted: int = 0
    refused: int = 0
    timed_out: int = 0
    _last_report: float = float("-inf")

    def report(self, what: str) -> None:
        """One warning a minute at most: a flood must not flood the log."""
        now = time.monotonic()
        if now - self._last_report >= REPORT_INTERVAL_S:
            self._last_report = now
            log.warning(
                "at the connection limit (%d): %s (so far: %d closed to make room, %d refused, %d header timeouts)",
                self.max_connections,
                what,
                self.evicted,
                self.refused,
                self.timed_out,
            )


def raise_descriptor_limit() -> int:
    """Raise this process's soft limit on open files to its hard limit; returns the soft limit now."""
    if sys.platform == "win32":
        return WINDOWS_SOCKET_LIMIT
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            log.warning("could not raise the open-file limit from %d to %d", soft, wanted)
    return soft


def connection_cap(configured: int, descriptor_limit: int, backlog: int) -> int:
    """The configured cap, lowered so connections never take the descriptors the server needs. asyncio
    accepts up to `backlog` connections per loop iteration, and a connection closes an older one to
    make room only some iterations after its accept (task, transport, connection_made, close): measured,
    a flood keeps about ACCEPT_BATCHES_IN_FLIGHT batches of descriptors open beyond the cap."""
    in_flight = ACCEPT_BATCHES_IN_FLIGHT * backlog
    return max(1, min(configured, descriptor_limit - RESERVED_DESCRIPTORS - in_flight))


def busy_response() -> bytes:
    request_id = new_id("req")
    body = error_body(
        503,
        "server_busy",
        "The server has too many open connections and all of them are in use. Retry shortly.",
    )
    body["error"]["requestId"] = request_id
    payload = json.dumps(body).encode()
    head = (
        "HTTP/1.1 503 Service Unavailable\r\n"
        "content-type: application/json\r\n"
        f"content-length: {len(payload)}\r\n"
        f"retry-after: {BUSY_RETRY_AFTER_S}\r\n"
        f"x-request-id: {request_id}\r\n"
        "connection: close\r\n\r\n"
    )
    return head.encode("latin-1") + payload


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a header deadline, a body idle limit and a connection cap (module docstring)."""

    limits: ConnectionLimits  # set on the subclass guarded_protocol() makes
    _timer: asyncio.TimerHandle | None = None
    _last_data_at: float = 0.0
    _refused = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self.connections) > self.limits.max_connections and not self._make_room():
            self._refuse(transport)
            return
        self._wait_for_request()

    def _refuse(self, transport: asyncio.Transport) -> None:
        """Answer 503 and close. What the client already sent is read and dropped for a moment first:
        closing a socket with unread data resets it, and the client would lose the 503."""
        self.limits.refused += 1
        self.connections.discard(self)
        self.limits.report("refused a connection with 503 server_busy: every open connection is busy")
        self._refused = True
        transport.write(busy_response())
        if transport.can_write_eof():
            transport.write_eof()
        self._timer = self.loop.call_later(REFUSED_LINGER_S, transport.close)

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_timer()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._refused:
            return
        self._last_data_at = self.loop.time()
        cycle = self.cycle
        super().data_received(data)
        if self.cycle is not cycle:  # a request's headers are complete: busy until its response ends
            self._stop_timer()
            self._timer = self.loop.call_later(self.limits.body_timeout, self._check_body)

    def on_response_complete(self) -> None:
        cycle = self.cycle
        super().on_response_complete()
        if not self.transport.is_closing() and self.cycle is cycle:  # no pipelined request: wait for the next
            self._wait_for_request()

    def _wait_for_request(self) -> None:
        self._stop_timer()
        self.limits.waiting[self] = None
        self._timer = self.loop.call_later(self.limits.header_timeout, self._headers_too_slow)

    def _stop_timer(self) -> None:
        self.limits.waiting.pop(self, None)
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _headers_too_slow(self) -> None:
        self._timer = None
        if self in self.limits.waiting:
            self.limits.timed_out += 1
            self._close()

    def _check_body(self) -> None:
        """While a request's body is due, the client must send some of it every `body_timeout` seconds.
        Time spent with reading paused by the server (the app is not reading yet) does not count."""
        self._timer = None
        if self.transport.is_closing() or self.conn.their_state is not h11.SEND_BODY:
            return
        now = self.loop.time()
        if self.flow.read_paused:
            self._last_data_at = now
        idle = now - self._last_data_at
        if idle >= self.limits.body_timeout:
            self.limits.timed_out += 1
            self._close()
            return
        self._timer = self.loop.call_later(self.limits.body_timeout - idle, self._check_body)

    def _make_room(self) -> bool:
        """Close the connection that has waited longest without a request; False when all are busy."""
        oldest = next((c for c in self.limits.waiting if c is not self), None)
        if oldest is None:
            return False
        self.limits.evicted += 1
        self.limits.report("closed the oldest connection without a request to make room for a new one")
        oldest._close()
        return True

    def _close(self) -> None:
        self._stop_timer()
        self.connections.discard(self)  # uvicorn removes it too once the transport reports the loss
        if not self.transport.is_closing():
            self.transport.close()


def guarded_protocol(limits: ConnectionLimits) -> type[GuardedH11Protocol]:
    """The protocol class to hand uvicorn (`Config(http=...)`), bound to one server's limits."""
    return type("GuardedH11Protocol", (GuardedH11Protocol,), {"limits": limits})
