"""The rules of analyses: validation at submit, the queued -> processing -> completed|failed
life cycle, the worker step, and lookups always scoped to the caller's organization and mode."""

from __future__ import annotations

import base64
import binascii
import builtins
import functools
import json
import logging
import math
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import msgspec

from contractbox.analyses.execution import INTERNAL_ERROR_MESSAGE, AnalysisExecutor, AnalysisFailed
from contractbox.analyses.removal import (
    deletable_row,
    delete_rows,
    remove_expired_sources,
    stored_size,
)
from contractbox.analyses.scheduler import claim_next
from contractbox.analyses.schemas import Analysis, AnalysisList, AnalysisResult, CreateAnalysisRequest
from contractbox.analyses.uploads import validate_docx, validate_image
from contractbox.answers.precomputed import Unreviewed
from contractbox.core.clock import Clock
from contractbox.core.errors import ApiError, invalid, missing, not_found
from contractbox.core.events import ANALYSIS_COMPLETED, ANALYSIS_FAILED, EventRecorder
from contractbox.core.ids import new_id
from contractbox.core.netguard import MAX_URL_LENGTH
from contractbox.core.paging import ListQuery, list_page
from contractbox.core.params import MAX_TITLE, parse_timestamp, validate_metadata
from contractbox.core.queue import TaskQueue
from contractbox.core.replies import record_reply
from contractbox.core.store import StorageFullError, Store, insert_row, translate_error
from contractbox.core.workers import Slot
from contractbox.documents import Document, DocumentError
from contractbox.documents.pdf import MAX_PDF_BYTES
from contractbox.documents.scan import image_as_pdf
from contractbox.documents.text import MAX_TEXT_CHARACTERS
from contractbox.keys.service import Principal
from contractbox.storage.schemas import DeletedObject
from contractbox.storage.service import StorageService
from contractbox.usage.service import UsageService

log = logging.getLogger("contractbox.analyses")

SOURCE_FIELDS = {"text": "text", "url": "url", "pdf": "pdfBase64", "docx": "docxBase64", "image": "imageBase64"}
PAGES_PER_UNIT = 10
CHARACTERS_PER_UNIT = 30_000
UNFINISHED = ("queued", "processing")

# Build msgspec's type information for AnalysisResult once, at import, before worker threads use
# it: two workers converting their first results at the same moment crashed the server with
# SIGSEGV (found by tests/test_faults.py; test_first_results_converted_in_parallel guards it).
# The worker's result is checked with it and then stored as the bytes the worker sent: encoding the
# checked Struct again cost the server 1.1 ms a document for the same JSON (docs/operations.md, Session 10).
RESULT_CHECK = msgspec.json.Decoder(AnalysisResult)


def validate(req: CreateAnalysisRequest) -> dict[str, Any]:
    """Check a submission; returns the source columns to store. Raises ApiError (400)."""
    if not req.title.strip():
        raise missing("title")
    if len(req.title) > MAX_TITLE:
        raise invalid("title", f"title must be at most {MAX_TITLE} characters.")
    wanted = SOURCE_FIELDS[req.sourceType]
    supplied = {name for name in SOURCE_FIELDS.values() if getattr(req, name) is not None}
    if wanted not in supplied:
        raise missing(wanted)
    extra = sorted(supplied - {wanted})
    if extra:
        raise invalid(extra[0], f"sourceType '{req.sourceType}' takes '{wanted}' only; remove '{extra[0]}'.")
    if req.filename is not None and len(req.filename) > 255:
        raise invalid("filename", "filename must be at most 255 characters.")
    validate_metadata(req.metadata or {})
    if req.sourceType == "text":
        return {"text": validate_text(req.text or "")}
    if req.sourceType == "url":
        return {"url": validate_url(req.url or "")}
    if req.sourceType == "docx":
        return validate_docx(req.docxBase64 or "")
    if req.sourceType == "image":
        return validate_image(req.imageBase64 or "")
    return {"pdf": decode_pdf(req.pdfBase64 or "")}


def validate_text(text: str) -> str:
    if not text.strip():
        raise invalid("text", "text is empty: send the contract's text.")
    if len(text) > MAX_TEXT_CHARACTERS:
        raise invalid("text", f"text is {len(text):,} characters; the limit is {MAX_TEXT_CHARACTERS:,}.")
    return text


def validate_url(url: str) -> str:
    if len(url) > MAX_URL_LENGTH:
        raise invalid("url", f"url must be at most {MAX_URL_LENGTH} characters.")
    try:
        parts = urlsplit(url.strip())
        hostname, _ = parts.hostname, parts.port  # both parse lazily and raise ValueError on nonsense
    except ValueError as exc:  # "http://[/", "https://[1.2.3.4]/", "http://h:99999/"
        raise invalid("url", f"url is not a valid address ({exc}).") from None
    if parts.scheme not in ("http", "https") or not hostname:
        raise invalid("url", "url must be an absolute http:// or https:// address.")
    return url.strip()


def decode_pdf(encoded: str) -> bytes:
    if len(encoded) > math.ceil(MAX_PDF_BYTES / 3) * 4 + 4:
        raise ApiError(413, "payload_too_large", "The PDF is larger than the 50 MB limit.", param="pdfBase64")
    try:
        data = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        raise invalid("pdfBase64", "pdfBase64 is not valid standard base64.") from None
    if not data:
        raise invalid("pdfBase64", "pdfBase64 is empty: send the PDF's bytes.")
    if len(data) > MAX_PDF_BYTES:
        raise ApiError(413, "payload_too_large", "The PDF is larger than the 50 MB limit.", param="pdfBase64")
    return data


def render(row: dict) -> dict[str, Any]:
    analysis_id = row["id"]
    error = {"code": row["error_code"], "message": row["error_message"]} if row["status"] == "failed" else None
    has_document = row["character_count"] is not None
    return {
        "analysisId": analysis_id,
        "object": "analysis",
        "mode": row["mode"],
        "status": row["status"],
        "title": row["title"],
        "sourceType": row["source_type"],
        "filename": row["filename"],
        "createdAt": row["created_at"],
        "startedAt": row["started_at"],
        "completedAt": row["completed_at"],
        "error": error,
        "document": {"pageCount": row["page_count"], "characterCount": row["character_count"], "sha256": row["sha256"]}
        if has_document
        else None,
        "metadata": json.loads(row["metadata"]),
        "origin": row["origin"],
        "reviewSet": row["review_set_id"],
        "links": {"self": f"/v1/analyses/{analysis_id}", "result": f"/v1/analyses/{analysis_id}/result"},
    }


ANALYSIS_COLUMNS = "seq, id, mode, status, title, source_type, filename, created_at, started_at, completed_at, error_code, error_message, page_count, character_count, sha256, metadata, origin, review_set_id"
STATUSES = ("queued", "processing", "completed", "failed")
# A review set's analyses are found through its index. Left to itself SQLite walks the organization's
# analyses (analyses_scope) and reads review_set_id from each row, a column added after the result:
# reading it follows the result's chain of overflow pages, hundreds of kB per row (a 404-document set:
# 26 ms a query against 0.5 ms through the index; the grid and the import's progress ask every second).
BY_REVIEW_SET = "INDEXED BY analyses_by_review_set"
ORIGINS = ("ui", "api")


@dataclass(frozen=True)
class CompletedAnalysis:
    """What other domains build on (a contract, a comparison): the stored result JSON as written."""

    title: str
    metadata: dict[str, str]
    result: str
    document_sha256: str | None
    review_set: str | None


@dataclass(frozen=True)
class Submission:
    """What a domain above is told of a new analysis, inside the submitting transaction."""

    analysis_id: str
    title: str
    review_set: str | None
    label: str | None
    source: dict[str, Any]  # the stored source columns (text, url, pdf, docx or image)


# Wired by the composition root (the review sets domain): called inside the submit transaction
# (raises ApiError to refuse); inside the transaction that stores a result (its owner, the analysis as
# stored, the answers its worker computed for a review set's document), returning False when what
# builds on it must be done after the commit instead; and then after the commit, by analysis id.
OnSubmit = Callable[[Any, Principal, Submission], None]
OnComplete = Callable[[Any, Principal, str, CompletedAnalysis, Unreviewed | None], bool]
AfterComplete = Callable[[str], None]


class AnalysisService:
    def __init__(
        self,
        store: Store,
        queue: TaskQueue,
        events: EventRecorder,
        clock: Clock,
        usage: UsageService,
        executor: AnalysisExecutor,
        org_cap: int,
        storage: StorageService,
    ) -> None:
        self.store = store
        self.queue = queue
        self.events = events
        self.clock = clock
        self.usage = usage
        self.storage = storage
        self.executor = executor
        self.org_cap = org_cap
        self._claiming = True
        self._slots_lock = threading.Lock()
        self._missed_wake_up = False
        # The queue carries wake-ups only ("there may be work"); what runs is chosen at claim time.
        self._enqueue = queue.register("run_analysis", self.process)
        self.on_submit: OnSubmit | None = None
        self.on_complete: OnComplete | None = None
        self.after_complete: AfterComplete | None = None

    # --- API side -------------------------------------------------------------------------

    def submit(self, principal: Principal, req: CreateAnalysisRequest) -> Analysis:
        source = validate(req)
        self._check_review_set_fields(req)
        analysis_id = new_id("ana")
        now = self.clock.now_iso()
        with self.store.transaction() as db:
            self.storage.reserve(db, principal.org_id, principal.mode, analysis_id, stored_size(source))
            insert_row(
                db,
                "analyses",
                {
                    "id": analysis_id,
                    "org_id": principal.org_id,
                    "mode": principal.mode,
                    "key_id": principal.key_id,
                    "origin": "ui" if principal.user_id else "api",  # a console session, or an API key
                    "title": req.title.strip(),
                    "source_type": req.sourceType,
                    "filename": req.filename,
                    "status": "queued",
                    "metadata": json.dumps(req.metadata or {}),
                    "created_at": now,
                    "review_set_id": req.reviewSet,
                },
            )
            if req.reviewSet is not None and self.on_submit is not None:
                submission = Submission(analysis_id, req.title.strip(), req.reviewSet, req.label, source)
                self.on_submit(db, principal, submission)
            insert_row(db, "analysis_sources", {"analysis_id": analysis_id, **source})
            self.usage.add(db, principal.key_id, analyses_created=1)
            analysis = self.get(principal, analysis_id)  # this thread's connection: inside the transaction
            record_reply(db, 202, analysis, location=analysis.links.self)
        self._enqueue(analysis_id)  # a crash before this is covered: unfinished analyses are re-queued at start
        return analysis

    def _check_review_set_fields(self, req: CreateAnalysisRequest) -> None:
        if req.label is not None and req.reviewSet is None:
            raise invalid("label", "label goes with reviewSet: it is the file's folder inside a review set.")
        if req.reviewSet is not None and self.on_submit is None:
            raise invalid("reviewSet", "Review sets are not available on this server.")

    def get_row(self, principal: Principal, analysis_id: str, columns: str = ANALYSIS_COLUMNS) -> dict:
        row = self.store.query_one(
            f"SELECT {columns} FROM analyses WHERE id = ? AND org_id = ? AND mode = ?",
            (analysis_id, principal.org_id, principal.mode),
        )
        if row is None:
            raise not_found("analysis", analysis_id)
        return row

    def completed(self, principal: Principal, analysis_id: str, *, param: str, purpose: str) -> CompletedAnalysis:
        """A completed analysis of the caller's organization and mode: 404 under `param` when there
        is none, 409 while it is not completed ("...; {purpose} once it is completed.")."""
        try:
            row = self._with_result(principal, analysis_id, "a.status, a.title, a.metadata, a.sha256, a.review_set_id")
        except ApiError:
            raise not_found("analysis", analysis_id, param=param) from None
        if row["status"] != "completed":
            message = f"Analysis {analysis_id} is {row['status']}; {purpose} once it is completed."
            raise ApiError(409, "analysis_not_completed", message, param=param)
        return CompletedAnalysis(
            row["title"], json.loads(row["metadata"]), row["result"], row["sha256"], row["review_set_id"]
        )

    def get(self, principal: Principal, analysis_id: str) -> Analysis:
        return msgspec.convert(render(self.get_row(principal, analysis_id)), Analysis)

    def result(self, principal: Principal, analysis_id: str) -> str:
        """The stored result JSON text (served as is: it was validated when written)."""
        row = self._with_result(principal, analysis_id, "a.status")
        if row["status"] != "completed":
            raise ApiError(
                409,
                "analysis_not_completed",
                f"Analysis {analysis_id} is {row['status']}; its result is readable once it is completed.",
            )
        return str(row["result"])

    def _with_result(self, principal: Principal, analysis_id: str, columns: str) -> dict:
        """`columns` of the analysis (as a.*) and its result (None until it completes), in one read."""
        row = self.store.query_one(
            f"SELECT {columns}, r.result FROM analyses a LEFT JOIN analysis_results r ON r.analysis_id = a.id "
            "WHERE a.id = ? AND a.org_id = ? AND a.mode = ?",
            (analysis_id, principal.org_id, principal.mode),
        )
        if row is None:
            raise not_found("analysis", analysis_id)
        return row

    def list(self, principal: Principal, params: dict[str, str | None]) -> AnalysisList:
        query = ListQuery().add("org_id = ?", principal.org_id).add("mode = ?", principal.mode)
        status = params.get("status")
        if status:
            statuses = [s.strip() for s in status.split(",")]
            if not all(s in STATUSES for s in statuses):
                raise invalid(
                    "status", "status must be queued, processing, completed or failed (or several, comma-separated)."
                )
            query.add(f"status IN ({', '.join('?' for _ in statuses)})", *statuses)
        origin = params.get("origin")
        if origin:
            if origin not in ORIGINS:
                raise invalid("origin", "origin must be ui (submitted from the console) or api (with an API key).")
            query.add("origin = ?", origin)
        text = (params.get("q") or "").strip()
        if text:
            query.add("instr(lower(title), ?) > 0", text.lower())
        if params.get("reviewSet"):
            query.add("review_set_id = ?", params["reviewSet"])
        for name, op in (("createdGte", ">="), ("createdLte", "<=")):
            value = params.get(name)
            if value:
                query.add(f"created_at {op} ?", parse_timestamp(name, value))
        page = list_page(
            self.store,
            "analyses",
            query,
            url="/v1/analyses",
            render=render,
            params=params,
            columns=ANALYSIS_COLUMNS,
        )
        return msgspec.convert(page, AnalysisList)

    def in_review_set(self, principal: Principal, set_id: str) -> builtins.list[dict[str, Any]]:
        """The status (and error) of every analysis of a review set, oldest first."""
        return self.store.query(
            f"SELECT id, status, error_code, error_message FROM analyses {BY_REVIEW_SET} "
            "WHERE review_set_id = ? AND org_id = ? AND mode = ? ORDER BY seq",
            (set_id, principal.org_id, principal.mode),
        )

    def review_set_counts(self, principal: Principal, set_ids: builtins.list[str]) -> dict[str, dict[str, int]]:
        """{set id: {status: count}} for the given review sets."""
        if not set_ids:
            return {}
        rows = self.store.query(
            f"SELECT review_set_id, status, COUNT(*) AS n FROM analyses {BY_REVIEW_SET} WHERE org_id = ? AND mode = ? "
            f"AND review_set_id IN ({', '.join('?' for _ in set_ids)}) GROUP BY review_set_id, status",
            (principal.org_id, principal.mode, *set_ids),
        )
        counts: dict[str, dict[str, int]] = {}
        for row in rows:
            counts.setdefault(row["review_set_id"], {})[row["status"]] = row["n"]
        return counts

    def owner_of_completed(self, analysis_id: str) -> Principal | None:
        """Who submitted a completed analysis (its organization, mode and key), for the domain above
        that builds on a completion; None while it is not completed (or gone)."""
        row = self.store.query_one("SELECT org_id, mode, key_id, status FROM analyses WHERE id = ?", (analysis_id,))
        if row is None or row["status"] != "completed":
            return None
        return Principal(row["key_id"], row["org_id"], row["mode"], frozenset())

    def leave_review_set(self, db: Any, set_id: str) -> None:
        """Inside a review set's deletion: its analyses stay, outside any set."""
        db.execute("UPDATE analyses SET review_set_id = NULL WHERE review_set_id = ?", (set_id,))

    def document(self, principal: Principal, analysis_id: str) -> dict[str, Any]:
        """The text a result's evidence offsets point into, with page ranges (for the reviewer)."""
        row = self._reviewable(principal, analysis_id)
        source = (
            self.store.query_one(
                "SELECT s.url, d.text AS document_text, d.pages, s.pdf IS NOT NULL AS has_pdf, "
                "s.image IS NOT NULL AS has_image FROM analysis_sources s "
                "LEFT JOIN analysis_documents d ON d.analysis_id = s.analysis_id WHERE s.analysis_id = ?",
                (analysis_id,),
            )
            or {}
        )
        pages = [{"number": n, "start": s, "end": e} for n, s, e in json.loads(source.get("pages") or "[]")]
        return {
            "object": "analysis_document",
            "analysisId": analysis_id,
            "mode": principal.mode,
            "title": row["title"],
            "sourceType": row["source_type"],
            "filename": row["filename"],
            "status": row["status"],
            "text": source.get("document_text"),
            "url": source.get("url"),
            "pages": pages,
            "hasOriginalPdf": bool(source.get("has_pdf")),
            # A scanned image: `original` serves its pages as a PDF to show (and mark evidence boxes on).
            "hasPageImages": bool(source.get("has_image")),
        }

    def original_pdf(self, principal: Principal, analysis_id: str) -> bytes:
        """The PDF as submitted, or a scanned image's pages as a PDF (made in a PDF worker), for the reviewer."""
        self._reviewable(principal, analysis_id)
        source = self.store.query_one("SELECT pdf, image FROM analysis_sources WHERE analysis_id = ?", (analysis_id,))
        if source and source["pdf"] is not None:
            return bytes(source["pdf"])
        if source and source["image"] is not None:
            try:
                return image_as_pdf(bytes(source["image"]))
            except DocumentError as error:
                raise ApiError(422, error.code, error.message, param="analysisId") from None
        raise ApiError(
            404, "resource_missing", f"Analysis {analysis_id} was not submitted as a PDF.", param="analysisId"
        )

    def _reviewable(self, principal: Principal, analysis_id: str) -> dict:
        try:
            return self.get_row(principal, analysis_id, "id, title, source_type, filename, status")
        except ApiError:
            raise not_found("analysis", analysis_id, "analysisId") from None

    def delete(self, principal: Principal, analysis_id: str) -> DeletedObject:
        """Delete an analysis of the caller's with its stored document (409 while it is processing or
        saved as a contract); audited. A queued analysis deleted before it runs never runs."""
        with self.store.transaction() as db:
            deletable_row(db, principal, analysis_id)
            delete_rows(db, self.storage, analysis_id)
            self.storage.audit_deletion(principal, "analysis.delete", analysis_id)
        self.storage.scrub()
        return DeletedObject(id=analysis_id, object="analysis", deleted=True)

    def delete_saved(self, db: Any, analysis_id: str) -> None:
        """Inside a contract's deletion: the analysis it was saved from goes with it."""
        delete_rows(db, self.storage, analysis_id)

    def mark_saved(self, db: Any, analysis_id: str, contract_id: str) -> None:
        """Inside a contract's creation: a saved analysis keeps its document (no retention, no delete)."""
        db.execute("INSERT INTO analysis_saves (analysis_id, contract_id) VALUES (?, ?)", (analysis_id, contract_id))

    def remove_expired_sources(self, cutoff: str, now: str) -> int:
        """The documents of unsaved analyses finished before `cutoff` are removed (retention)."""
        return remove_expired_sources(self.store, self.storage, cutoff, now)

    # --- worker side ----------------------------------------------------------------------

    def requeue_unfinished(self) -> int:
        """At start: every analysis left processing is queued again (each runs once more)."""
        rows = self.store.query("SELECT id FROM analyses WHERE status IN ('queued', 'processing') ORDER BY seq")
        if rows:
            self.store.execute("UPDATE analyses SET status = 'queued', started_at = NULL WHERE status = 'processing'")
        return len(rows)

    def start_workers(self) -> None:
        """Start the worker processes; once they are ready, every free one looks for work."""
        self._claiming = True
        self.executor.start(on_ready=self.wake_all)

    def stop_claiming(self) -> None:
        """Graceful stop: each worker finishes the analysis it runs and takes no other."""
        self._claiming = False

    def wake_all(self) -> None:
        for _ in range(self.executor.size):
            self._enqueue(None)

    def process(self, hint: str | None = None) -> None:
        """A wake-up: take a free worker, if any, and run claimed analyses on it until none may
        start. A wake-up that finds every worker busy is remembered, and the next worker given
        back looks again, so no analysis waits without a worker looking for it."""
        while self._claiming:
            slot = self._take_worker()
            if slot is None:
                return
            try:
                self._drain(slot)
            finally:
                missed = self._give_back(slot)
            if not missed:
                return

    def _take_worker(self) -> Slot | None:
        with self._slots_lock:
            slot = self.executor.acquire()
            if slot is None:
                self._missed_wake_up = True
            return slot

    def _give_back(self, slot: Slot) -> bool:
        with self._slots_lock:
            self.executor.release(slot)
            missed, self._missed_wake_up = self._missed_wake_up, False
            return missed

    def _drain(self, slot: Slot) -> bool:
        ran = False
        while self._claiming:
            analysis_id = self._claim()
            if analysis_id is None:
                return ran
            ran = True
            try:
                self._run(slot, analysis_id)
            except StorageFullError:
                # The result write was rolled back: put the analysis back in the queue once
                # there is space again, so it completes without waiting for a restart.
                log.warning("analysis %s paused: storage full; it resumes when space returns", analysis_id)
                self.queue.retry_when_space(functools.partial(self._requeue, analysis_id))
        return ran

    def _claim(self) -> str | None:
        try:
            with self.store.transaction() as db:
                return claim_next(db, self.clock.now_iso(), self.executor.size, self.org_cap)
        except StorageFullError:
            log.warning("claiming an analysis failed: storage full; retried when space returns")
            self.queue.retry_when_space(lambda: self._enqueue(None))
            return None

    def _requeue(self, analysis_id: str) -> None:
        self.store.execute(
            "UPDATE analyses SET status = 'queued', started_at = NULL WHERE id = ? AND status = 'processing'",
            (analysis_id,),
        )
        self._enqueue(analysis_id)

    def _run(self, slot: Slot, analysis_id: str) -> None:
        row = self.store.query_one("SELECT * FROM analyses WHERE id = ?", (analysis_id,))
        source = self.store.query_one(
            "SELECT text, url, pdf, docx, image FROM analysis_sources WHERE analysis_id = ?", (analysis_id,)
        )
        assert row is not None and source is not None  # claimed; both rows are written together at submit
        try:
            outcome = self.executor.run(
                slot,
                analysis_id,
                row["mode"],
                row["source_type"],
                row["title"],
                source,
                with_answers=row["review_set_id"] is not None,
            )
            checked = RESULT_CHECK.decode(outcome.result_json)  # raises on anything but an AnalysisResult
            if (checked.analysisId, checked.mode) != (analysis_id, row["mode"]):
                raise ValueError("the worker answered for another analysis")
            result = outcome.result_json.decode()
        except DocumentError as exc:
            self._fail(row, exc.code, exc.message)
            return
        except AnalysisFailed as exc:
            log.warning("analysis %s failed: %s", analysis_id, exc.code)
            self._fail(row, exc.code, exc.message)
            return
        except Exception:
            log.exception("analysis %s failed: its result could not be stored", analysis_id)
            self._fail(row, "internal_error", INTERNAL_ERROR_MESSAGE)
            return
        self._complete(row, outcome.document, result, outcome.unreviewed)

    def _complete(self, row: dict, document: Document, result: str, unreviewed: Unreviewed | None = None) -> None:
        """Store a checked result (its JSON as the worker sent it) and the document it was read from."""
        pages = document.page_count
        billable = 0
        if row["mode"] == "live":
            billable = (
                math.ceil(pages / PAGES_PER_UNIT)
                if pages
                else math.ceil(document.character_count / CHARACTERS_PER_UNIT)
            )
        with self.store.transaction() as db:
            db.execute(
                "INSERT OR REPLACE INTO analysis_results (analysis_id, result) VALUES (?, ?)",
                (row["id"], result),
            )
            db.execute(
                "UPDATE analyses SET status = 'completed', completed_at = ?, page_count = ?, character_count = ?, sha256 = ? WHERE id = ?",
                (
                    self.clock.now_iso(),
                    pages,
                    document.character_count,
                    document.raw_sha256,
                    row["id"],
                ),
            )
            # Inserted once into a table of its own: an UPDATE of the source's row would rewrite the
            # submitted document with it (core/migrations.py, 0800).
            db.execute(
                "INSERT OR REPLACE INTO analysis_documents (analysis_id, text, pages) VALUES (?, ?, ?)",
                (row["id"], document.text, json.dumps([[p.number, p.start, p.end] for p in document.pages])),
            )
            self.usage.add(
                db,
                row["key_id"],
                analyses_completed=1,
                pages=pages or 0,
                characters=document.character_count,
                billable_units=billable,
            )
            self.events.record(db, row["org_id"], row["mode"], ANALYSIS_COMPLETED, self._render_in(db, row["id"]))
            stored = CompletedAnalysis(
                row["title"], json.loads(row["metadata"]), result, document.raw_sha256, row["review_set_id"]
            )
            built_on = self._build_on(db, row, stored, unreviewed)
        if not built_on and self.after_complete is not None:
            try:
                self.after_complete(row["id"])
            except Exception:
                # The result is stored; what builds on it (a review set's contract and grid row) is
                # caught up at the next start (docs/api-notes.md, Review sets).
                log.exception("after-completion step of analysis %s failed", row["id"])

    def _build_on(self, db: Any, row: dict, stored: CompletedAnalysis, unreviewed: Unreviewed | None) -> bool:
        """In the completing transaction: what builds on the result (a review set's contract and grid
        row) commits with it, so a crash leaves both or neither. A failure there rolls back its own
        writes only, and is tried again after the commit; a full disk rolls back the completion."""
        if self.on_complete is None:
            return False
        owner = Principal(row["key_id"], row["org_id"], row["mode"], frozenset())
        db.execute("SAVEPOINT build_on")
        try:
            built_on = self.on_complete(db, owner, row["id"], stored, unreviewed)
        except sqlite3.OperationalError as exc:
            if isinstance(translate_error(exc), StorageFullError):
                raise
            log.exception("completion step of analysis %s failed; tried again after the commit", row["id"])
            db.execute("ROLLBACK TO build_on")
            built_on = False
        except Exception:
            log.exception("completion step of analysis %s failed; tried again after the commit", row["id"])
            db.execute("ROLLBACK TO build_on")
            built_on = False
        db.execute("RELEASE build_on")
        return built_on

    def _fail(self, row: dict, code: str, message: str) -> None:
        with self.store.transaction() as db:
            db.execute(
                "UPDATE analyses SET status = 'failed', completed_at = ?, error_code = ?, error_message = ? WHERE id = ?",
                (self.clock.now_iso(), code, message, row["id"]),
            )
            self.usage.add(db, row["key_id"], analyses_failed=1)
            self.events.record(db, row["org_id"], row["mode"], ANALYSIS_FAILED, self._render_in(db, row["id"]))

    @staticmethod
    def _render_in(db: Any, analysis_id: str) -> dict[str, Any]:
        row = next(db.query(f"SELECT {ANALYSIS_COLUMNS} FROM analyses WHERE id = ?", (analysis_id,)))
        return render(row)
