"""core/workers.py's deadline: one watcher thread per worker process (not a timer thread per job)
kills a job that passes its deadline, the job ends `timed_out`, the slot gets a new process, and jobs
that answer in time are never killed. Real child processes speaking the pool's frames."""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterator

import pytest
from conftest import wait_for

from contractbox.core.workers import WorkerDied, WorkerPool

# Answers each frame with itself, except b"hang", which it never answers.
ECHO_WORKER = """
import sys, time
from contractbox.core.workers import read_frame, write_frame
while (frame := read_frame(sys.stdin.buffer)) is not None:
    if frame == b"hang":
        time.sleep(3600)
    write_frame(sys.stdout.buffer, frame)
"""


@pytest.fixture
def pool() -> Iterator[WorkerPool]:
    instance = WorkerPool(1, lambda: [sys.executable, "-c", ECHO_WORKER], lambda: dict(os.environ))
    yield instance
    instance.close()


def deadline_threads() -> int:
    return sum(1 for thread in threading.enumerate() if thread.name == "worker-deadline")


def test_a_job_past_its_deadline_is_killed_and_the_slot_gets_a_new_process(pool: WorkerPool) -> None:
    slot = pool.acquire()
    assert slot is not None
    threads_before = deadline_threads()
    for number in range(20):  # jobs in time: answered, never killed, one watcher thread for all
        assert pool.run(slot, f"job {number}".encode(), timeout_s=60) == f"job {number}".encode()
    assert deadline_threads() == threads_before + 1
    first = pool.pids()
    with pytest.raises(WorkerDied) as died:
        pool.run(slot, b"hang", timeout_s=1)
    assert died.value.timed_out
    assert pool.run(slot, b"after", timeout_s=60) == b"after"
    assert pool.pids() != first  # a new process took the killed one's place
    # The killed process' watcher ends with it; the new process has its own.
    wait_for(lambda: deadline_threads() == threads_before + 1, what="the killed process' watcher to end")


def test_a_worker_that_dies_between_jobs_is_replaced_and_not_timed_out(pool: WorkerPool) -> None:
    slot = pool.acquire()
    assert slot is not None
    assert pool.run(slot, b"one", timeout_s=60) == b"one"
    assert slot.worker is not None
    slot.worker.kill()
    slot.worker.process.wait()
    assert pool.run(slot, b"two", timeout_s=60) == b"two"
