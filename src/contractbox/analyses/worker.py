"""The analysis worker process: reads a source into a Document and runs the engine on it.

Started by `analyses/execution.py` (`python -c`, or the frozen binary with `--contractbox-analysis-worker`);
it loads the engine's model once, at start, and then answers jobs read from stdin until stdin
closes. It never touches the store: the server claims the job, and writes the result or the
failure in its own transaction. PDFs are read by `documents/pdf.py`, which runs PDFium in a
further process with its own memory limit and deadline, as before.

Jobs and replies are msgpack, never pickle: a reply is data the server checks, not code.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
from typing import Any

import msgspec

from contractbox import engine
from contractbox.answers.precomputed import unreviewed
from contractbox.core.workers import read_frame, write_frame
from contractbox.documents import Document, DocumentError, Page

log = logging.getLogger("contractbox.analyses.worker")

# Workers yield the CPU to the server process, so the API answers quickly while they are busy;
# among themselves they share it equally, so throughput does not change.
WORKER_NICENESS = 5

WARM_UP_TEXT = (
    "MASTER SERVICES AGREEMENT. This Agreement is made on 1 January 2026 between Acme Inc. and Beta LLC. "
    "Either party may terminate this Agreement on thirty (30) days' written notice. "
    "This Agreement is governed by the laws of the State of New York."
)


def encode_job(
    analysis_id: str,
    mode: str,
    source_type: str,
    title: str | None,
    source: dict[str, Any],
    url_allow_loopback: bool,
    with_answers: bool = False,
) -> bytes:
    source = {name: value for name, value in source.items() if value is not None}
    return msgspec.msgpack.encode(
        {
            "analysisId": analysis_id,
            "mode": mode,
            "sourceType": source_type,
            "title": title,
            "source": source,
            "urlAllowLoopback": url_allow_loopback,
            "answers": with_answers,
        }
    )


def run_job(job: dict[str, Any]) -> dict[str, Any]:
    """One analysis, as a reply: the document and the analysis result as JSON (encoded here, where
    the work runs in parallel: the server checks it with one typed decode), or the DocumentError.
    With `answers` (a review set's document) also its grid cells and review status as nobody has
    decided them yet (answers/precomputed.py): the server stores them without decoding the result."""
    try:
        document = _document(job)
        body = engine.analyze(document, job["mode"])
    except DocumentError as error:
        return {"ok": False, "code": error.code, "message": error.message}
    except Exception:
        log.exception("analysis failed inside the engine")
        return {"ok": False, "code": "internal_error", "message": ""}
    pages = [[page.number, page.start, page.end] for page in document.pages]
    result = msgspec.json.encode(
        {"analysisId": job["analysisId"], "object": "analysis_result", "mode": job["mode"], **body}
    )
    reply = {"ok": True, "text": document.text, "pages": pages, "sha256": document.raw_sha256, "result": result}
    if job.get("answers"):
        try:
            reply["answers"] = unreviewed(msgspec.json.decode(result))
        except Exception:  # the result stands; the server computes the row itself, as after a restart
            log.exception("the answers of a review set's document could not be computed in the worker")
    return reply


def _document(job: dict[str, Any]) -> Document:
    # The readers are imported here, in the worker process, not with this module: the server and
    # `contractbox import` import it for encode_job and document_of only.
    from contractbox.documents.sources import ReadOptions, read_source
    from contractbox.engine.mock import url_document

    if job["mode"] == "test" and job["sourceType"] == "url":
        return url_document(job["source"]["url"], job["title"])  # test mode fetches nothing
    options = ReadOptions(url_allow_loopback=bool(job["urlAllowLoopback"]))
    return read_source(job["sourceType"], job["source"], job["title"], options)


def document_of(reply: dict[str, Any]) -> Document:
    pages = tuple(Page(int(number), int(start), int(end)) for number, start, end in reply["pages"])
    return Document(text=reply["text"], pages=pages, raw_sha256=reply["sha256"])


def warm_up() -> None:
    """Load both engines' models before the first job. The PDF reader process starts with the
    first PDF (about 0.1 s, once): started here it would cost 45 MB per worker while idle."""
    import contractbox.documents.sources  # noqa: F401 - the readers, before the first job rather than in it

    document = Document.from_text(WARM_UP_TEXT, "warm-up")
    engine.analyze(document, "live")
    engine.analyze(document, "test")


def serve_worker() -> None:
    """Entry point of a worker process: answer jobs from stdin until it closes. An empty job is a
    ping (answered once the models are loaded)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server decides when its workers stop
    if hasattr(os, "nice"):
        os.nice(WORKER_NICENESS)
    requests, replies = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # nothing but frames may reach the server's pipe
    logging.basicConfig(level=os.environ.get("CONTRACTBOX_LOG_LEVEL", "WARNING"), stream=sys.stderr)
    warm_up()
    while (frame := read_frame(requests)) is not None:
        reply = {"ok": True, "pong": True} if not frame else run_job(msgspec.msgpack.decode(frame))
        write_frame(replies, msgspec.msgpack.encode(reply))
