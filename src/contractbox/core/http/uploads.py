"""Large request bodies: spooled to a temporary file, then handled a few at a time, so memory stays
bounded however many arrive at once (issue 13, defect 11: 12 parallel 68 MB bodies took 1.9 GB).

A body over SPOOL_THRESHOLD_BYTES (by Content-Length, or any chunked body) is read to a private
temporary file in `data_dir/tmp` as it arrives (one chunk in memory at a time); a slow upload holds
no memory and no slot. Once it has arrived, it waits for one of `max_large_uploads` slots (first
come, first served) and is handed to the app as a single message, read back from the file (a single
chunk: Litestar's join makes no second copy of it). A body still waiting after WAIT_SECONDS, or one
arriving while MAX_SPOOLED bodies are already spooled, is answered `503 server_busy` with
`Retry-After` in the documented error shape. Bodies over MAX_BODY_BYTES stop being spooled and are
answered `413 payload_too_large`.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
from pathlib import Path
from typing import BinaryIO

from litestar.types import ASGIApp, Receive, ReceiveMessage, Scope, Send

from contractbox.core.http.asgi import header
from contractbox.core.http.errors import send_error
from contractbox.core.http.idempotency import MAX_BODY_BYTES

SPOOL_THRESHOLD_BYTES = 1024 * 1024
MAX_SPOOLED = 16
WAIT_SECONDS = 60.0
RETRY_AFTER_S = 5
TEMP_PREFIX = "upload-"


class LargeUploadGate:
    def __init__(self, app: ASGIApp, temp_dir: Path, max_large_uploads: int) -> None:
        self.app = app
        self.temp_dir = temp_dir
        self.slots = asyncio.Semaphore(max(1, max_large_uploads))
        self.spooled = 0
        temp_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        for stale in temp_dir.glob(f"{TEMP_PREFIX}*"):  # left by a crash: nothing refers to them
            stale.unlink(missing_ok=True)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not self._large(scope):
            await self.app(scope, receive, send)
            return
        if self.spooled >= MAX_SPOOLED:
            await busy(send, "Too many large uploads are arriving at once.")
            return
        self.spooled += 1
        try:
            await self._spooled(scope, receive, send)
        finally:
            self.spooled -= 1

    @staticmethod
    def _large(scope: Scope) -> bool:
        length = header(scope, b"content-length")
        if length is None:
            return header(scope, b"transfer-encoding") is not None
        return length.strip().isdigit() and int(length) > SPOOL_THRESHOLD_BYTES

    async def _spooled(self, scope: Scope, receive: Receive, send: Send) -> None:
        descriptor, name = tempfile.mkstemp(prefix=TEMP_PREFIX, dir=self.temp_dir)
        path = Path(name)
        try:
            with os.fdopen(descriptor, "wb") as file:
                complete = await spool(receive, file)
            if complete is None:  # the client left: no one to answer
                return
            if not complete:  # the outer DrainRejectedBody reads and drops the rest before closing
                limit_mb = MAX_BODY_BYTES // (1024 * 1024)
                await send_error(send, 413, "payload_too_large", f"The request body is larger than {limit_mb} MB.")
                return
            try:
                await asyncio.wait_for(self.slots.acquire(), WAIT_SECONDS)
            except TimeoutError:
                await busy(send, "The server is handling other large uploads.")
                return
            try:
                body = await asyncio.to_thread(path.read_bytes)
                path.unlink(missing_ok=True)
                await self.app(scope, replay_once(body, receive), send)
            finally:
                self.slots.release()
        finally:
            path.unlink(missing_ok=True)


async def spool(receive: Receive, file: BinaryIO) -> bool | None:
    """Write the body to `file` chunk by chunk: True once complete, False past MAX_BODY_BYTES, None when
    the client left."""
    written = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return None
        chunk = message.get("body", b"")
        written += len(chunk)
        if written > MAX_BODY_BYTES:
            return False
        file.write(chunk)
        if not message.get("more_body"):
            return True


def replay_once(body: bytes, receive: Receive) -> Receive:
    """The whole body as one message, then whatever the connection says next (a disconnect)."""
    sent = False

    async def replayed() -> ReceiveMessage:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replayed


async def busy(send: Send, reason: str) -> None:
    message = f"{reason} Retry in {RETRY_AFTER_S} seconds."
    await send_error(send, 503, "server_busy", message, {"Retry-After": str(RETRY_AFTER_S)})
