"""The rules of review sets (a data room): named sets of documents within an organization and mode,
each document an analysis that is saved as a contract when it completes, and the grid of answers
precomputed per document (docs/api-notes.md, Review sets). Other domains tell this one what
happened through callbacks the composition root wires: a submission into a set, a completion,
a review decision, a deletion."""

from __future__ import annotations

import builtins
import hashlib
import json
import logging
from dataclasses import dataclass
from typing import Any

import msgspec
import sqlite_utils

from contractbox.analyses.service import AnalysisService, CompletedAnalysis, Submission
from contractbox.answers import questions as q
from contractbox.answers.precomputed import Unreviewed
from contractbox.contracts.schemas import CreateContractRequest
from contractbox.contracts.service import ContractService, KnownAnalysis
from contractbox.core.clock import Clock
from contractbox.core.errors import ApiError, invalid, missing, not_found
from contractbox.core.ids import new_id
from contractbox.core.paging import ListQuery, list_page, placeholders
from contractbox.core.params import validate_metadata
from contractbox.core.queue import TaskQueue
from contractbox.core.replies import record_reply
from contractbox.core.store import Store, insert_row
from contractbox.keys.service import Principal
from contractbox.reviews.service import ReviewedFinding, ReviewService, findings_of, findings_remembered
from contractbox.reviewsets.schemas import (
    CreateReviewSetRequest,
    ReviewSet,
    ReviewSetList,
    UpdateReviewSetRequest,
)
from contractbox.storage.schemas import DeletedObject
from contractbox.storage.service import StorageService

__all__ = ["ReviewSetService", "content_hash"]

log = logging.getLogger("contractbox.reviewsets")

MAX_NAME = 200
MAX_LABEL = 500
ROW_STATUS = {"queued": "queued", "processing": "running", "completed": "completed", "failed": "failed"}
SOURCE_COLUMNS = ("pdf", "docx", "image", "text", "url")
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV = "text/csv; charset=utf-8"
STORED_CELLS = msgspec.json.Decoder(dict[str, msgspec.Raw])


def content_hash(source: dict[str, Any]) -> str:
    """The SHA-256 of a submission's content (the file's bytes; a text's UTF-8): what an import
    compares to skip a document the set already holds."""
    for column in SOURCE_COLUMNS:
        value = source.get(column)
        if value is not None:
            data = value.encode() if isinstance(value, str) else bytes(value)
            return hashlib.sha256(data).hexdigest()
    raise ValueError("a submission without content")


def clean_name(name: str | None) -> str:
    if name is None:
        raise missing("name")
    name = name.strip()
    if not name:
        raise invalid("name", "name is empty: give the review set a name (e.g. the project's).")
    if len(name) > MAX_NAME:
        raise invalid("name", f"name must be at most {MAX_NAME} characters.")
    return name


def clean_label(label: str | None) -> str | None:
    if label is None:
        return None
    label = label.strip().strip("/")
    if len(label) > MAX_LABEL:
        raise invalid("label", f"label must be at most {MAX_LABEL} characters.")
    return label or None


def render(row: dict, counts: dict[str, int]) -> dict[str, Any]:
    status_counts = {"queued": 0, "running": 0, "completed": 0, "failed": 0}
    for status, n in counts.items():
        status_counts[ROW_STATUS[status]] += n
    return {
        "id": row["id"],
        "object": "review_set",
        "mode": row["mode"],
        "name": row["name"],
        "createdAt": row["created_at"],
        "contractCount": sum(status_counts.values()),
        "statusCounts": status_counts,
        "metadata": json.loads(row["metadata"]),
    }


@dataclass(frozen=True)
class Export:
    body: bytes
    media_type: str
    filename: str


class ReviewSetService:
    def __init__(
        self,
        store: Store,
        clock: Clock,
        analyses: AnalysisService,
        contracts: ContractService,
        reviews: ReviewService,
        storage: StorageService,
        queue: TaskQueue,
    ) -> None:
        self.store = store
        self.clock = clock
        self.analyses = analyses
        self.contracts = contracts
        self.reviews = reviews
        self.storage = storage
        # A member's contract and row are written in the commit that completes its analysis
        # (complete_in); this queue task writes them from the stored result when that could not be
        # done (the worker sent no answers, a failure there, a restart in between).
        self._write_row = queue.register("write_review_set_row", self.on_completed)

    # --- the sets ----------------------------------------------------------------------------

    def create(self, principal: Principal, req: CreateReviewSetRequest) -> ReviewSet:
        name = clean_name(req.name)
        metadata = req.metadata or {}
        validate_metadata(metadata)
        set_id = new_id("rs")
        with self.store.transaction() as db:
            db.table("review_sets").insert(
                {
                    "id": set_id,
                    "org_id": principal.org_id,
                    "mode": principal.mode,
                    "name": name,
                    "metadata": json.dumps(metadata),
                    "created_at": self.clock.now_iso(),
                }
            )
            created = self.get(principal, set_id)  # this thread's connection: inside the transaction
            record_reply(db, 201, created, location=f"/v1/review_sets/{set_id}")
        return created

    def _row(self, principal: Principal, set_id: str, param: str = "id") -> dict:
        row = self.store.query_one(
            "SELECT * FROM review_sets WHERE id = ? AND org_id = ? AND mode = ?",
            (set_id, principal.org_id, principal.mode),
        )
        if row is None:
            raise not_found("review set", set_id, param=param)
        return row

    def get(self, principal: Principal, set_id: str) -> ReviewSet:
        row = self._row(principal, set_id)
        counts = self.analyses.review_set_counts(principal, [set_id]).get(set_id, {})
        return msgspec.convert(render(row, counts), ReviewSet)

    def find(self, principal: Principal, set_id: str) -> ReviewSet:
        """The set for a caller that names it in a body or an option: 400 review_set_not_found."""
        try:
            return self.get(principal, set_id)
        except ApiError:
            raise self._unknown(set_id) from None

    def latest_named(self, principal: Principal, name: str) -> ReviewSet | None:
        """The newest set of this exact name (an import under the same --name continues it)."""
        row = self.store.query_one(
            "SELECT id FROM review_sets WHERE org_id = ? AND mode = ? AND name = ? ORDER BY seq DESC LIMIT 1",
            (principal.org_id, principal.mode, name.strip()),
        )
        return self.get(principal, row["id"]) if row else None

    @staticmethod
    def _unknown(set_id: str) -> ApiError:
        message = f"No review set with id '{set_id[:80]}' exists in this organization and mode."
        return ApiError(400, "review_set_not_found", message, param="reviewSet")

    def list(self, principal: Principal, params: dict[str, str | None]) -> ReviewSetList:
        query = ListQuery().add("org_id = ?", principal.org_id).add("mode = ?", principal.mode)
        page = list_page(self.store, "review_sets", query, url="/v1/review_sets", render=lambda row: row, params=params)
        counts = self.analyses.review_set_counts(principal, [row["id"] for row in page["data"]])
        page["data"] = [render(row, counts.get(row["id"], {})) for row in page["data"]]
        return msgspec.convert(page, ReviewSetList)

    def update(self, principal: Principal, set_id: str, req: UpdateReviewSetRequest) -> ReviewSet:
        self._row(principal, set_id)  # 404 before any complaint about the body
        if req.name is None and req.metadata is None:
            raise missing("name")
        changes: dict[str, Any] = {}
        if req.name is not None:
            changes["name"] = clean_name(req.name)
        if req.metadata is not None:
            validate_metadata(req.metadata)
            changes["metadata"] = json.dumps(req.metadata)
        assignments = ", ".join(f"{column} = ?" for column in changes)
        self.store.execute(f"UPDATE review_sets SET {assignments} WHERE id = ?", (*changes.values(), set_id))
        return self.get(principal, set_id)

    def delete(self, principal: Principal, set_id: str) -> DeletedObject:
        """Delete the set and its membership; its analyses and contracts stay, outside any set."""
        with self.store.transaction() as db:
            row = next(
                db.query(
                    "SELECT id FROM review_sets WHERE id = ? AND org_id = ? AND mode = ?",
                    (set_id, principal.org_id, principal.mode),
                ),
                None,
            )
            if row is None:
                raise not_found("review set", set_id)
            db.execute("DELETE FROM review_set_members WHERE set_id = ?", (set_id,))
            db.execute("DELETE FROM review_sets WHERE id = ?", (set_id,))
            self.analyses.leave_review_set(db, set_id)
            self.contracts.leave_review_set(db, set_id)
            self.storage.audit_deletion(principal, "review_set.delete", set_id)
        return DeletedObject(id=set_id, object="review_set", deleted=True)

    # --- membership (callbacks from the domains below) ---------------------------------------

    def join(self, db: sqlite_utils.Database, principal: Principal, submission: Submission) -> None:
        """Inside POST /v1/analyses' transaction: the new analysis joins its review set."""
        set_id = submission.review_set or ""
        exists = next(
            db.query(
                "SELECT 1 AS yes FROM review_sets WHERE id = ? AND org_id = ? AND mode = ?",
                (set_id, principal.org_id, principal.mode),
            ),
            None,
        )
        if exists is None:
            raise self._unknown(set_id)
        insert_row(
            db,
            "review_set_members",
            {
                "set_id": set_id,
                "analysis_id": submission.analysis_id,
                "org_id": principal.org_id,
                "mode": principal.mode,
                "key_id": principal.key_id,
                "title": submission.title,
                "label": clean_label(submission.label),
                "content_hash": content_hash(submission.source),
                "added_at": self.clock.now_iso(),
            },
        )

    def content_hashes(self, principal: Principal, set_id: str) -> set[str]:
        """The content hashes of the documents the set holds (an import skips them)."""
        self._row(principal, set_id, param="reviewSet")
        rows = self.store.query("SELECT content_hash FROM review_set_members WHERE set_id = ?", (set_id,))
        return {row["content_hash"] for row in rows}

    def complete_in(
        self,
        db: sqlite_utils.Database,
        owner: Principal,
        analysis_id: str,
        analysis: CompletedAnalysis,
        unreviewed: Unreviewed | None,
    ) -> bool:
        """Inside the transaction that stores an analysis' result (AnalysisService.on_complete): a
        member is saved as a contract and its row written with the answers its worker computed, in
        the same commit: one commit a document, and a crash leaves all of it or none (the analysis
        then runs again). False: nothing written, the queue task does it after the commit."""
        member = next(
            db.query("SELECT contract_id, title FROM review_set_members WHERE analysis_id = ?", (analysis_id,)), None
        )
        if member is None:
            return True  # not in a set: nothing builds on it here
        if unreviewed is None or member["contract_id"]:
            return False
        known = KnownAnalysis(analysis, None, unreviewed.review(), unreviewed.listing)
        try:
            request = CreateContractRequest(analysisId=analysis_id, title=member["title"])
            created = self.contracts.create_in(db, owner, request, known)
        except ApiError as exc:  # raised before the save wrote anything
            if exc.code == "contract_exists":
                return False
            log.warning("analysis %s of a review set was not saved as a contract: %s", analysis_id, exc.code)
            self._store_row(analysis_id, None, unreviewed.cells, unreviewed.quotes, db)
            return True
        if created.review.decided == 0:  # its cells are the worker's
            self._store_row(analysis_id, created.contractId, unreviewed.cells, unreviewed.quotes, db)
        else:  # decisions made on the same document carried over to it: its row follows them
            self._compute(owner, analysis_id, created.contractId, db=db)
        return True

    def completed_later(self, analysis_id: str) -> None:
        """After an analysis' result is committed without what builds on it (AnalysisService.after_complete):
        a member's contract and row are written by a queue task, from the stored result."""
        member = self.store.query_one("SELECT 1 AS yes FROM review_set_members WHERE analysis_id = ?", (analysis_id,))
        if member is not None:
            self._write_row(analysis_id)

    def rows_written(self, principal: Principal, set_id: str) -> int:
        """How many of the set's rows have their cells (an import waits for them, not only for
        the analyses: the rows are written by a queue task after each completion)."""
        row = self.store.query_one(
            "SELECT COUNT(*) AS n FROM review_set_members WHERE set_id = ? AND org_id = ? AND mode = ? "
            "AND cells IS NOT NULL",
            (set_id, principal.org_id, principal.mode),
        )
        return int(row["n"]) if row else 0

    def on_completed(self, analysis_id: str) -> None:
        """An analysis completed and its row was not written with it: if it is in a set, save it as a
        contract (unless it was) and compute its row from the stored result."""
        member = self.store.query_one(
            "SELECT analysis_id, contract_id, title FROM review_set_members WHERE analysis_id = ?", (analysis_id,)
        )
        if member is None:
            return
        owner = self.analyses.owner_of_completed(analysis_id)
        if owner is None:
            return
        analysis = self.contracts.completed(owner, analysis_id)
        # Decoded once, and its findings worked out once, for the save, its review status and the row
        # (the contract saves this very result).
        result = msgspec.json.decode(analysis.result)
        with findings_remembered(result):
            if member["contract_id"]:
                contract_id = member["contract_id"]
            else:
                contract_id = self._save(owner, analysis_id, member["title"], KnownAnalysis(analysis, result))
            self._compute(owner, analysis_id, contract_id, result)

    def _save(self, principal: Principal, analysis_id: str, title: str, known: KnownAnalysis) -> str | None:
        """The contract's id (None: not saved)."""
        try:
            request = CreateContractRequest(analysisId=analysis_id, title=title)
            return self.contracts.create(principal, request, known).contractId
        except ApiError as exc:
            if exc.code == "contract_exists":
                return str(exc.extra["contractId"])
            log.warning("analysis %s of a review set was not saved as a contract: %s", analysis_id, exc.code)
            return None

    def _compute(
        self,
        principal: Principal,
        analysis_id: str,
        contract_id: str | None,
        result: dict[str, Any] | None = None,
        db: sqlite_utils.Database | None = None,
    ) -> None:
        """Write the set row of an analysis (in `db`'s transaction when given). `result`: its (and its
        contract's) result when already decoded."""
        reviewed: list[ReviewedFinding]
        if contract_id is not None:
            if result is None:
                result = msgspec.json.decode(self.contracts.saved_result(principal, contract_id))
            reviewed = self.reviews.reviewed(principal, contract_id, result)
        else:
            if result is None:
                result = msgspec.json.decode(self.analyses.result(principal, analysis_id))
            reviewed = [ReviewedFinding(finding, None) for finding in findings_of(result)]
        cells, quotes = q.answers(result, reviewed)
        self._store_row(
            analysis_id, contract_id, msgspec.json.encode(cells).decode(), msgspec.json.encode(quotes).decode(), db
        )

    def _store_row(
        self,
        analysis_id: str,
        contract_id: str | None,
        cells: str,
        quotes: str,
        db: sqlite_utils.Database | None = None,
    ) -> None:
        """The set row's cells; in `db`'s transaction when given."""
        sql = "UPDATE review_set_members SET contract_id = ?, cells = ?, quotes = ? WHERE analysis_id = ?"
        if db is None:
            self.store.execute(sql, (contract_id, cells, quotes, analysis_id))
        else:
            db.execute(sql, (contract_id, cells, quotes, analysis_id))

    def on_decision(self, principal: Principal, contract_ids: builtins.list[str]) -> None:
        """A review decision changed these contracts' findings: their rows follow."""
        if not contract_ids:
            return
        rows = self.store.query(
            f"SELECT analysis_id, contract_id FROM review_set_members WHERE org_id = ? AND mode = ? "
            f"AND contract_id IN ({placeholders(contract_ids)})",
            (principal.org_id, principal.mode, *contract_ids),
        )
        for row in rows:
            self._compute(principal, row["analysis_id"], row["contract_id"])

    def forget(self, db: sqlite_utils.Database, kind: str, object_id: str) -> None:
        """A storage deletion hook: a deleted analysis leaves its set (a deleted contract takes its
        analysis with it)."""
        if kind == "analysis":
            db.execute("DELETE FROM review_set_members WHERE analysis_id = ?", (object_id,))
        elif kind == "contract":
            db.execute("UPDATE review_set_members SET contract_id = NULL WHERE contract_id = ?", (object_id,))

    def catch_up(self) -> int:
        """At start (after the queue was flushed): rows whose analysis completed but whose row was
        not written yet (its task was in the flushed queue, or a crash came between the two) are
        queued again."""
        rows = self.store.query("SELECT analysis_id FROM review_set_members WHERE cells IS NULL ORDER BY seq")
        queued = 0
        for row in rows:
            if self.analyses.owner_of_completed(row["analysis_id"]) is not None:
                self._write_row(row["analysis_id"])
                queued += 1
        return queued

    # --- the grid and its exports ------------------------------------------------------------

    def _members(
        self, principal: Principal, set_id: str, with_quotes: bool = False
    ) -> builtins.list[tuple[dict, dict]]:
        """(member row, analysis status row) of each document of the set, in the order they joined
        (the quotes, the largest column, only for the exports)."""
        self._row(principal, set_id)
        states = {row["id"]: row for row in self.analyses.in_review_set(principal, set_id)}
        members = self.store.query(
            f"SELECT analysis_id, contract_id, title, label, content_hash, cells{', quotes' if with_quotes else ''} "
            "FROM review_set_members WHERE set_id = ? ORDER BY seq",
            (set_id,),
        )
        return [(m, states[m["analysis_id"]]) for m in members if m["analysis_id"] in states]

    @staticmethod
    def _questions(raw: str | None) -> tuple[q.Question, ...]:
        chosen = q.chosen(raw)
        if isinstance(chosen, str):
            raise invalid(
                "questions",
                f"questions: '{chosen[:80]}' is not a question; send 'all' or keys from availableQuestions.",
            )
        return chosen

    def grid(self, principal: Principal, set_id: str, questions: str | None = None) -> bytes:
        """The grid as JSON (a ReviewGrid): every row, the chosen questions' cells."""
        chosen = self._questions(questions)
        keys = [question.key for question in chosen]
        every = len(chosen) == len(q.QUESTIONS)
        rows = []
        for member, state in self._members(principal, set_id):
            status = ROW_STATUS[state["status"]]
            cells: Any = {}
            if status == "completed" and member["cells"]:
                if every:
                    cells = msgspec.Raw(member["cells"].encode())  # stored in the answer's shape
                else:
                    stored = STORED_CELLS.decode(member["cells"])  # each cell stays raw JSON: no parsing
                    cells = {key: stored[key] for key in keys if key in stored}
            error = {"code": state["error_code"], "message": state["error_message"]} if status == "failed" else None
            rows.append(
                {
                    "analysisId": member["analysis_id"],
                    "contractId": member["contract_id"],
                    "title": member["title"],
                    "label": member["label"],
                    "status": status,
                    "error": error,
                    "cells": cells,
                    "contentSha256": member["content_hash"],
                }
            )
        return msgspec.json.encode(
            {
                "object": "review_grid",
                "reviewSet": set_id,
                "questions": [question_json(question) for question in chosen],
                "availableQuestions": [question_json(question) for question in q.QUESTIONS],
                "rows": rows,
            }
        )

    def export(
        self, principal: Principal, set_id: str, fmt: str, base_url: str, questions: str | None = None
    ) -> Export:
        """The grid as a file: fmt "xlsx" (a workbook) or "csv"; links point at base_url's console."""
        # openpyxl is imported here, not with this module: `contractbox import` builds this service and
        # starts faster without it.
        from contractbox.reviewsets.exports import ExportRow, grid_csv, grid_workbook

        chosen = self._questions(questions)
        name = self._row(principal, set_id)["name"]
        rows = []
        for member, state in self._members(principal, set_id, with_quotes=True):
            status = ROW_STATUS[state["status"]]
            completed = status == "completed" and member["cells"]
            link = (
                f"{base_url}/#/contract/{member['contract_id']}"
                if member["contract_id"]
                else f"{base_url}/#/analysis/{member['analysis_id']}"
            )
            rows.append(
                ExportRow(
                    title=member["title"],
                    label=member["label"],
                    status=status,
                    link=link,
                    cells=json.loads(member["cells"]) if completed else {},
                    quotes=json.loads(member["quotes"] or "{}") if completed else {},
                    error=state["error_message"],
                )
            )
        stem = slug(name)
        if fmt == "csv":
            return Export(grid_csv(chosen, rows).encode(), CSV, f"{stem}.csv")
        return Export(grid_workbook(chosen, rows), XLSX, f"{stem}.xlsx")


def question_json(question: q.Question) -> dict[str, str]:
    return {"key": question.key, "label": question.label, "kind": question.kind}


def slug(name: str) -> str:
    cleaned = "".join(ch if ch.isalnum() or ch in "-_." else "-" for ch in name).strip("-.")
    return "-".join(part for part in cleaned.split("-") if part)[:60] or "review-set"
