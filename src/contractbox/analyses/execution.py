"""Where analyses run: a pool of worker processes (`analyses/worker.py`), one job each at a time.

Processes, not threads, so analyses use every core and never compete with the API for the
server's interpreter. Each worker loads the engine once and is reused; a job that passes
ANALYSIS_TIMEOUT_S has its worker killed (and replaced on the next job), a worker that dies fails
its job with a clear code. The server process keeps the store: it claims, and it writes results.
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from contractbox.analyses.worker import document_of, encode_job
from contractbox.answers.precomputed import Unreviewed, from_reply
from contractbox.core.workers import Slot, WorkerDied, WorkerPool
from contractbox.documents import Document, DocumentError
from contractbox.documents.ocr import MAX_OCR_PAGES, PARALLEL_PAGES
from contractbox.documents.pdf import EXTRACTION_TIMEOUT_S
from contractbox.documents.scan import OCR_BASE_TIMEOUT_S, OCR_SECONDS_PER_PAGE
from contractbox.documents.url import DEFAULT_TIMEOUT_S as URL_TIMEOUT_S

# Reading the source (PDFium's own 60 s deadline, or the URL fetch's 20 s) plus the engine.
ANALYSIS_TIMEOUT_S = max(EXTRACTION_TIMEOUT_S, URL_TIMEOUT_S) + 60.0
# Scanned pages are OCR'd under their own deadline, up to this for the largest scan accepted.
OCR_DEADLINE_S = OCR_BASE_TIMEOUT_S + OCR_SECONDS_PER_PAGE * math.ceil(MAX_OCR_PAGES / PARALLEL_PAGES)
OCR_SOURCES = ("pdf", "image")
# None: `sys.executable -c ...`. The frozen build sets a command that runs `serve_worker()`.
WORKER_COMMAND: list[str] | None = None
# One thread per worker for numpy's BLAS: the processes are the parallelism.
_SINGLE_THREADED = {"OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


def default_worker_count() -> int:
    """One worker process per CPU core (the cores this process may use)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # macOS, Windows
        return max(1, os.cpu_count() or 1)


@dataclass(frozen=True)
class Outcome:
    document: Document
    result_json: bytes  # the worker's AnalysisResult, not yet checked
    unreviewed: Unreviewed | None = None  # a review set document's answers, when asked for


class AnalysisFailed(Exception):
    """The job ended without a result: `code` and `message` go on the failed analysis."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class AnalysisExecutor:
    def __init__(self, workers: int, url_allow_loopback: bool) -> None:
        self.pool = WorkerPool(workers, _worker_command, _worker_environment)
        self.url_allow_loopback = url_allow_loopback

    @property
    def size(self) -> int:
        return self.pool.size

    def acquire(self) -> Slot | None:
        return self.pool.acquire()

    def release(self, slot: Slot) -> None:
        self.pool.release(slot)

    def start(self, on_ready: Callable[[], None]) -> None:
        """Start the workers in the background; `on_ready` once each has loaded the engine."""
        self.pool.start(lambda slot: self.pool.run(slot, b"", ANALYSIS_TIMEOUT_S), on_ready)

    def close(self) -> None:
        self.pool.close()

    def run(
        self,
        slot: Slot,
        analysis_id: str,
        mode: str,
        source_type: str,
        title: str | None,
        source: dict[str, Any],
        with_answers: bool = False,
    ) -> Outcome:
        """Raises DocumentError (the source cannot be read) or AnalysisFailed. `with_answers`: the
        worker also computes the result's grid cells and review status (a review set's document)."""
        job = encode_job(analysis_id, mode, source_type, title, source, self.url_allow_loopback, with_answers)
        deadline_s = deadline_for(source_type)
        try:
            reply = msgspec.msgpack.decode(self.pool.run(slot, job, deadline_s))
        except WorkerDied as died:
            raise _died(died.timed_out, deadline_s) from None
        if not reply["ok"]:
            if reply["code"] == "internal_error":
                raise AnalysisFailed("internal_error", INTERNAL_ERROR_MESSAGE)
            raise DocumentError(reply["code"], reply["message"])
        return Outcome(document_of(reply), reply["result"], from_reply(reply.get("answers")))


INTERNAL_ERROR_MESSAGE = (
    "The analysis stopped because of an internal error. It was logged; try again or contact your administrator."
)


def deadline_for(source_type: str) -> float:
    """How long one analysis may run before its worker is killed."""
    return ANALYSIS_TIMEOUT_S + (OCR_DEADLINE_S if source_type in OCR_SOURCES else 0.0)


def _died(timed_out: bool, deadline_s: float) -> AnalysisFailed:
    if timed_out:
        return AnalysisFailed(
            "analysis_timeout",
            f"The analysis took longer than {deadline_s:.0f} seconds, so it was stopped; "
            "the document may be built to be unusually expensive to read.",
        )
    return AnalysisFailed(
        "analysis_crashed",
        "The process analysing this document stopped (it crashed or ran out of memory); "
        "the document is probably damaged or hostile. Try again or submit the text.",
    )


def _worker_command() -> list[str]:
    if WORKER_COMMAND is not None:
        return list(WORKER_COMMAND)
    return [sys.executable, "-c", "from contractbox.analyses.worker import serve_worker; serve_worker()"]


def _worker_environment() -> dict[str, str]:
    # The worker must import this very package, even when it is not installed (src checkouts).
    package_root = str(Path(__file__).resolve().parents[2])
    environment = {**os.environ, **_SINGLE_THREADED}
    paths = [package_root, environment.get("PYTHONPATH", "")]
    environment["PYTHONPATH"] = os.pathsep.join(p for p in paths if p)
    return environment
