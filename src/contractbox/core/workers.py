"""Worker processes: a fixed number of long-lived child processes, each running one job at a time.

The server hands a job (bytes) to a free worker and waits for its reply (bytes) with a deadline.
Workers are plain subprocesses started from a command (`python -c ...`, or the frozen binary with
a flag): no fork of the threaded server, no `multiprocessing` (so nothing of `freeze_support`,
spawn or forkserver to get right in a PyInstaller build). A worker keeps whatever it loaded (the
engine's model) from one job to the next. A worker that passes its deadline is killed with its
process group; one that crashed is replaced. Jobs and replies travel as length-prefixed frames
on the worker's stdin and stdout.
"""

from __future__ import annotations

import contextlib
import os
import signal
import struct
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import IO

FRAME_HEADER = struct.Struct(">Q")
MAX_FRAME_BYTES = 512 * 1024 * 1024


class WorkerDied(Exception):
    """The worker exited, crashed or was killed before it replied."""

    def __init__(self, *, timed_out: bool) -> None:
        super().__init__("worker timed out" if timed_out else "worker died")
        self.timed_out = timed_out


def write_frame(stream: IO[bytes], payload: bytes) -> None:
    stream.write(FRAME_HEADER.pack(len(payload)))
    stream.write(payload)
    stream.flush()


def read_frame(stream: IO[bytes], max_bytes: int = MAX_FRAME_BYTES) -> bytes | None:
    header = stream.read(FRAME_HEADER.size)
    if len(header) < FRAME_HEADER.size:
        return None
    (length,) = FRAME_HEADER.unpack(header)
    if length > max_bytes:
        raise ValueError("frame too large")
    payload = stream.read(length)
    return payload if len(payload) == length else None


class Deadline:
    """One thread per worker process that calls `on_expiry` when the job it runs passes its deadline.
    A `threading.Timer` per job started a thread for every analysis: 5% of the server's Python time
    in an import (docs/operations.md, Session 10)."""

    def __init__(self, on_expiry: Callable[[], None]) -> None:
        self._on_expiry = on_expiry
        self._condition = threading.Condition()
        self._at: float | None = None
        self._closed = False
        self._thread: threading.Thread | None = None
        self.passed = False

    def arm(self, timeout_s: float) -> None:
        with self._condition:
            if self._thread is None:
                self._thread = threading.Thread(target=self._watch, name="worker-deadline", daemon=True)
                self._thread.start()
            self._at = time.monotonic() + timeout_s
            self.passed = False
            self._condition.notify()

    def disarm(self) -> None:
        # No wake-up: the watcher finds no deadline when the old one comes, or the next job's.
        with self._condition:
            self._at = None

    def close(self) -> None:
        with self._condition:
            self._closed = True
            self._condition.notify()

    def _watch(self) -> None:
        with self._condition:
            while not self._closed:
                if self._at is None:
                    self._condition.wait()
                    continue
                remaining = self._at - time.monotonic()
                if remaining > 0:
                    self._condition.wait(remaining)
                    continue
                self._at = None
                self.passed = True
                self._on_expiry()


class WorkerProcess:
    """One child process answering one frame with one frame."""

    def __init__(self, command: list[str], env: dict[str, str]) -> None:
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=None,  # the worker logs to the server's stderr
            env=env,
            # Its own process group: a Ctrl+C in the server's terminal must not kill a worker in
            # the middle of a job (the server stops gracefully and closes its stdin), and a
            # deadline kills the worker and whatever it started.
            start_new_session=True,
        )
        self.jobs_done = 0
        self._deadline = Deadline(self.kill)

    @property
    def pid(self) -> int:
        return self.process.pid

    def run(self, job: bytes, timeout_s: float) -> bytes:
        self._deadline.arm(timeout_s)
        try:
            reply = self._exchange(job)
        finally:
            self._deadline.disarm()
        if reply is None:
            self.close()
            raise WorkerDied(timed_out=self._deadline.passed)
        self.jobs_done += 1
        return reply

    def _exchange(self, job: bytes) -> bytes | None:
        requests, replies = self.process.stdin, self.process.stdout
        if requests is None or replies is None:  # never: both are pipes
            return None
        try:
            write_frame(requests, job)
            return read_frame(replies)
        except (OSError, ValueError):
            return None

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError):
            self.process.kill()

    def close(self, timeout_s: float = 0) -> None:
        """Close its stdin (it exits when idle); kill it if it has not exited after `timeout_s`."""
        self._deadline.close()
        with contextlib.suppress(OSError):
            if self.process.stdin is not None:
                self.process.stdin.close()
        if timeout_s:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=timeout_s)
        if self.process.poll() is None:
            self.kill()
        self.process.wait()
        with contextlib.suppress(OSError):
            if self.process.stdout is not None:
                self.process.stdout.close()


@dataclass
class Slot:
    """A place to run one job: its worker process is started on first use and after a death."""

    index: int
    worker: WorkerProcess | None = None


class WorkerPool:
    """`size` slots; a job runs in a slot taken with `acquire` (None when all are busy)."""

    def __init__(self, size: int, command: Callable[[], list[str]], env: Callable[[], dict[str, str]]) -> None:
        self.size = size
        self._command = command
        self._env = env
        self._free = [Slot(index) for index in reversed(range(size))]
        self._all = list(reversed(self._free))
        self._lock = threading.Lock()

    def acquire(self) -> Slot | None:
        with self._lock:
            return self._free.pop() if self._free else None

    def release(self, slot: Slot) -> None:
        with self._lock:
            self._free.append(slot)

    def run(self, slot: Slot, job: bytes, timeout_s: float) -> bytes:
        if slot.worker is not None and not slot.worker.alive:
            slot.worker.close()  # died between jobs: reaped, its deadline thread ended
            slot.worker = None
        if slot.worker is None:
            slot.worker = WorkerProcess(self._command(), self._env())
        try:
            return slot.worker.run(job, timeout_s)
        except WorkerDied:
            slot.worker = None
            raise

    def start(self, warm: Callable[[Slot], object], on_ready: Callable[[], None]) -> None:
        """Start and warm every worker in the background, holding their slots meanwhile (jobs
        wait), then call `on_ready`: the first jobs do not pay a worker's start-up."""
        slots = list(iter(self.acquire, None))

        def warm_one(slot: Slot) -> None:
            try:
                with contextlib.suppress(WorkerDied):
                    warm(slot)
            finally:
                self.release(slot)

        def warm_all() -> None:
            threads = [threading.Thread(target=warm_one, args=(slot,), daemon=True) for slot in slots]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            on_ready()

        threading.Thread(target=warm_all, name="workers-warm-up", daemon=True).start()

    def pids(self) -> list[int]:
        return [slot.worker.pid for slot in self._all if slot.worker is not None and slot.worker.alive]

    def close(self, timeout_s: float = 5) -> None:
        for slot in self._all:
            if slot.worker is not None:
                slot.worker.close(timeout_s)
                slot.worker = None
