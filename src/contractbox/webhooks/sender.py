"""One webhook POST under the network guard that URL sources use too (core/netguard.py): the host
is resolved and every address checked at each attempt, the connection goes to the checked
address, and one 10-second deadline covers the whole exchange."""

from __future__ import annotations

import http.client
import ssl
import threading
import time
from dataclasses import dataclass

from contractbox.core.netguard import Deadline, Destination, NetworkError, PinnedConnection, resolve_destination

TIMEOUT_S = 10.0
MAX_RESPONSE_BYTES = 64 * 1024


@dataclass(frozen=True)
class Outcome:
    status_code: int | None
    error: str | None
    duration_ms: int

    @property
    def succeeded(self) -> bool:
        return self.status_code is not None and 200 <= self.status_code < 300


def policy_message(error: NetworkError) -> str:
    """The address policy's message, worded for webhooks and their own loopback setting."""
    return (
        error.message.replace("does not fetch from", "does not send webhooks to")
        .replace("can be fetched", "can receive webhooks")
        .replace("CONTRACTBOX_URL_ALLOW_LOOPBACK", "CONTRACTBOX_WEBHOOK_ALLOW_LOOPBACK")
    )


def post(url: str, body: bytes, headers: dict[str, str], *, allow_loopback: bool) -> Outcome:
    started = time.monotonic()
    try:
        deadline = Deadline(TIMEOUT_S)
        destination = resolve_destination(url, allow_loopback=allow_loopback, timeout_s=deadline.remaining())
        status = _exchange(destination, deadline, body, headers)
        error = None if 200 <= status < 300 else f"The endpoint answered HTTP {status}."
        return Outcome(status, error, _elapsed_ms(started))
    except NetworkError as exc:
        message = f"No answer within {TIMEOUT_S:g} seconds." if exc.code == "url_timeout" else policy_message(exc)
        return Outcome(None, message, _elapsed_ms(started))


def _exchange(destination: Destination, deadline: Deadline, body: bytes, headers: dict[str, str]) -> int:
    connection = PinnedConnection(destination, destination.addresses[0], deadline)
    watchdog = threading.Timer(deadline.remaining(), connection.abort)
    watchdog.daemon = True
    watchdog.start()
    try:
        connection.request("POST", destination.target, body=body, headers={**headers, "Connection": "close"})
        response = connection.getresponse()
        response.read(MAX_RESPONSE_BYTES)
        return response.status
    except (OSError, http.client.HTTPException, ssl.SSLError) as error:
        if deadline.expired or isinstance(error, TimeoutError):
            raise NetworkError("url_timeout", "timeout") from None
        reason = (
            "the connection was refused"
            if isinstance(error, ConnectionRefusedError)
            else f"the connection failed ({error.__class__.__name__})"
        )
        raise NetworkError(
            "url_unreachable", f"Could not deliver to {destination.host}:{destination.port}: {reason}."
        ) from None
    finally:
        watchdog.cancel()
        connection.close()


def _elapsed_ms(started: float) -> int:
    return int((time.monotonic() - started) * 1000)
