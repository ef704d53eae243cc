"""`data_dir/server.lock`: an OS file lock held by the serving process for as long as it runs.

The lock, not the file's presence, says whether a server runs: the OS releases it when the
process dies, however it dies, so a crash never leaves a stale lock behind. The file also holds
the pid for people reading it. `server.json` beside it (console/serverinfo.py) says where the
server listens and is trusted only while this lock is held. In core because both the console
and the operations ask it."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import IO

LOCK_NAME = "server.lock"


class ServerRunningError(Exception):
    """Another process serves this data dir."""


def lock_path(data_dir: Path) -> Path:
    return data_dir / LOCK_NAME


class ServerLock:
    def __init__(self, data_dir: Path) -> None:
        self.path = lock_path(data_dir)
        self._file: IO[str] | None = None

    def acquire(self) -> ServerLock:
        """Take the lock without waiting; ServerRunningError if another process holds it."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(self.path, "a+")  # noqa: SIM115 - held open for as long as the server runs
        if not _try_lock(handle):
            handle.close()
            raise ServerRunningError(
                f"A ContractBox server is running on {self.path.parent} (lock {self.path} is held)."
            )
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        self._file = handle
        return self

    def release(self) -> None:
        if self._file is not None:
            _unlock(self._file)
            self._file.close()
            self._file = None


def server_running(data_dir: Path) -> bool:
    if not lock_path(data_dir).exists():
        return False
    try:
        ServerLock(data_dir).acquire().release()
    except ServerRunningError:
        return True
    return False


def _try_lock(handle: IO[str]) -> bool:
    if sys.platform == "win32":
        import msvcrt

        try:
            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _unlock(handle: IO[str]) -> None:
    if sys.platform == "win32":
        import msvcrt

        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)
        return
    import fcntl

    fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
