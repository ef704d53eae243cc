"""The rules of contracts: one per completed analysis, each keeping its own copy of the result
(later changes to the analysis cannot alter a saved record), with the fields lists filter on
(title, parties, risk, dates) copied out of the result into columns when it is saved."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec
import sqlite_utils

from contractbox.analyses.service import AnalysisService, CompletedAnalysis
from contractbox.answers.listing import result_listing
from contractbox.answers.reviewed import ContractReview
from contractbox.contracts.schemas import Contract, ContractList, CreateContractRequest
from contractbox.core.clock import Clock
from contractbox.core.errors import ApiError, invalid, missing, not_found
from contractbox.core.events import CONTRACT_CREATED, EventRecorder
from contractbox.core.ids import new_id
from contractbox.core.paging import ListQuery, list_page, parse_expand
from contractbox.core.params import MAX_TITLE, parse_date, validate_metadata
from contractbox.core.replies import record_reply
from contractbox.core.store import Store, insert_row
from contractbox.keys.service import Principal
from contractbox.storage.schemas import DeletedObject
from contractbox.storage.service import StorageService

RISK_LEVELS = ("low", "medium", "high", "critical")
SUMMARY_COLUMNS = (
    "seq, id, mode, analysis_id, title, document_type, parties, risk_value, risk_level, effective_date, "
    "expiration_date, metadata, created_at, review_state, review_decided, review_total, reviewed_by, reviewed_at, "
    "review_set_id"
)
REVIEW_STATES = ("not_started", "in_review", "reviewed")
CONTRACT_COLUMNS = f"{SUMMARY_COLUMNS}, result"
EXPANDABLE = ("result",)


def review_columns(title: str, review: ContractReview) -> dict[str, Any]:
    """The columns a contract's review status and reviewed listing are stored in."""
    names = [p["name"] for p in review.listing.parties]
    return {
        "review_state": review.status["state"],
        "review_decided": review.status["decided"],
        "review_total": review.status["total"],
        "reviewed_by": json.dumps(review.status["reviewedBy"]),
        "reviewed_at": review.status["reviewedAt"],
        "corrected_names": json.dumps(review.corrected_names),
        "search_text": search_text_of(title, names, review.corrected_names),
        "parties": json.dumps(review.listing.parties),
        "effective_date": review.listing.effective_date,
        "expiration_date": review.listing.expiration_date,
    }


def listing_columns(listing: dict[str, Any], title: str) -> dict[str, Any]:
    """The denormalised columns a contract is listed and filtered by: its result's listing
    (answers/listing.py) and the search text of its title and parties."""
    names = [p["name"] for p in json.loads(listing["parties"])]
    return {**listing, "search_text": search_text_of(title, names, [])}


def render(row: dict) -> dict[str, Any]:
    """A contract's fields without its saved result (callers add the result as stored, msgspec.Raw)."""
    return {
        "contractId": row["id"],
        "object": "contract",
        "mode": row["mode"],
        "analysisId": row["analysis_id"],
        "title": row["title"],
        "documentType": row["document_type"],
        "parties": json.loads(row["parties"]),
        "riskScore": {"value": row["risk_value"], "level": row["risk_level"]},
        "effectiveDate": row["effective_date"],
        "expirationDate": row["expiration_date"],
        "createdAt": row["created_at"],
        "metadata": json.loads(row["metadata"]),
        "review": {
            "state": row["review_state"],
            "decided": row["review_decided"],
            "total": row["review_total"],
            "reviewedBy": json.loads(row["reviewed_by"]),
            "reviewedAt": row["reviewed_at"],
        },
        "reviewSet": row["review_set_id"],
    }


@dataclass(frozen=True)
class KnownAnalysis:
    """A completed analysis from a caller that has read it (ContractService.completed), with its result
    decoded, or what the analysis worker computed from it instead (a review set's document: the
    result is then decoded only if decisions on the same document must be applied)."""

    analysis: CompletedAnalysis
    result: dict[str, Any] | None
    unreviewed: ContractReview | None = None  # its review status with no decisions, if the worker sent it
    listing: dict[str, Any] | None = None  # answers/listing.py's columns, if the worker sent them


def as_contract(row: dict) -> Contract:
    """The typed contract of a row. Its saved result goes out as stored (msgspec.Raw), unchecked
    against today's AnalysisResult: a record keeps the result it was saved with."""
    contract = msgspec.convert(render(row), Contract)
    if "result" in row:
        contract = msgspec.structs.replace(contract, result=msgspec.Raw(row["result"].encode()))
    return contract


# Called inside the transaction that saves a contract, before its row is written, with its document key and
# decoded result: the review status it starts with (decisions already made on the same document carry
# over). Wired by the composition root (the reviews domain). The row is written once with it: a later
# UPDATE would rewrite the whole row, its result of hundreds of kB included.
# The result comes as a function that decodes it (once) when needed; the last argument is the status the
# result has with no decisions, when already known (used as it is if none exist).
ReviewOf = Callable[[Principal, str, Callable[[], dict[str, Any]], ContractReview | None], ContractReview]


def clean_title(title: str) -> str:
    title = title.strip()
    if not title:
        raise invalid("title", "title is empty: leave it out to use the analysis title, or send one.")
    if len(title) > MAX_TITLE:
        raise invalid("title", f"title must be at most {MAX_TITLE} characters.")
    return title


def search_text_of(title: str, parties: list[str], corrected_names: list[str]) -> str:
    return "\n".join([title, *parties, *corrected_names]).casefold()


class ContractService:
    def __init__(
        self, store: Store, events: EventRecorder, clock: Clock, analyses: AnalysisService, storage: StorageService
    ) -> None:
        self.store = store
        self.events = events
        self.clock = clock
        self.analyses = analyses
        self.storage = storage
        self.review_of: ReviewOf | None = None

    def create(self, principal: Principal, req: CreateContractRequest, known: KnownAnalysis | None = None) -> Contract:
        """Save a completed analysis. `known`: the analysis and its decoded result when the caller has them
        already (a review set's import does, for its grid row: a result is hundreds of kB)."""
        if known is None:
            known = KnownAnalysis(self.completed(principal, req.analysisId), None)
        with self.store.transaction() as db:
            return self.create_in(db, principal, req, known)

    def create_in(
        self, db: sqlite_utils.Database, principal: Principal, req: CreateContractRequest, known: KnownAnalysis
    ) -> Contract:
        """`create` inside the caller's transaction (a review set's document is saved in the commit that
        completes its analysis). Raises ApiError before it writes anything."""
        analysis = known.analysis
        title = clean_title(req.title if req.title is not None else analysis.title)
        metadata = req.metadata if req.metadata is not None else analysis.metadata
        validate_metadata(metadata)
        decoded = [known.result] if known.result is not None else []

        def result() -> dict[str, Any]:
            if not decoded:
                decoded.append(msgspec.json.decode(analysis.result))
            return decoded[0]

        contract_id = new_id("ctr")
        document_key = analysis.document_sha256 or f"analysis:{req.analysisId}"
        self._refuse_duplicate(db, req.analysisId)
        self.storage.reserve(db, principal.org_id, principal.mode, contract_id, len(analysis.result.encode()))
        self.analyses.mark_saved(db, req.analysisId, contract_id)
        listing = known.listing if known.listing is not None else result_listing(result())
        columns = listing_columns(listing, title)
        if self.review_of is not None:
            # Review status (and decisions carried over) in the row as first written, so the
            # contract.created payload, the reply and a later GET all say the same.
            columns.update(review_columns(title, self.review_of(principal, document_key, result, known.unreviewed)))
        insert_row(
            db,
            "contracts",
            {
                "id": contract_id,
                "org_id": principal.org_id,
                "mode": principal.mode,
                "key_id": principal.key_id,
                "analysis_id": req.analysisId,
                "title": title,
                "metadata": json.dumps(metadata),
                "result": analysis.result,
                "created_at": self.clock.now_iso(),
                "document_key": document_key,
                "review_set_id": analysis.review_set,
                **columns,
            },
        )
        row = next(db.query(f"SELECT {SUMMARY_COLUMNS} FROM contracts WHERE id = ?", (contract_id,)))
        # The event is stored without the saved result (null): the outbox adds it from the contract when it
        # creates the event's deliveries (saved_result_of), so a result of hundreds of kB is not stored
        # twice more for every contract, and not at all for an organization without webhooks.
        self.events.record(db, principal.org_id, principal.mode, CONTRACT_CREATED, {**render(row), "result": None})
        # The reply has the saved result as stored: decoding it again, or reading it back, costs the
        # server more than the rest of the save.
        created = as_contract({**row, "result": analysis.result})
        record_reply(db, 201, created, location=f"/v1/contracts/{contract_id}")
        return created

    def completed(self, principal: Principal, analysis_id: str) -> CompletedAnalysis:
        """The completed analysis of the caller's a contract is saved from (404/409 under analysisId)."""
        return self.analyses.completed(principal, analysis_id, param="analysisId", purpose="a contract can be saved")

    def rename(self, principal: Principal, contract_id: str, title: str | None) -> Contract:
        """A new title (same rules as at creation); the search text follows it."""
        row = self.get_row(principal, contract_id)  # 404 before any complaint about the body
        if title is None:
            raise missing("title")
        title = clean_title(title)
        parties = [p["name"] for p in json.loads(row["parties"])]
        corrected = json.loads(row["corrected_names"] or "[]")
        self.store.execute(
            "UPDATE contracts SET title = ?, search_text = ? WHERE id = ?",
            (title, search_text_of(title, parties, corrected), contract_id),
        )
        return self.get(principal, contract_id)

    def document_key(self, principal: Principal, contract_id: str) -> str:
        """What identifies the contract's document version (its SHA-256): reviews belong to it."""
        row = self.store.query_one(
            "SELECT document_key FROM contracts WHERE id = ? AND org_id = ? AND mode = ?",
            (contract_id, principal.org_id, principal.mode),
        )
        if row is None:
            raise not_found("contract", contract_id, param="contractId")
        return str(row["document_key"] or f"contract:{contract_id}")

    def contracts_of_document(self, principal: Principal, document_key: str) -> list[str]:
        rows = self.store.query(
            "SELECT id FROM contracts WHERE org_id = ? AND mode = ? AND document_key = ?",
            (principal.org_id, principal.mode, document_key),
        )
        return [row["id"] for row in rows]

    def set_review(self, contract_id: str, review: ContractReview) -> None:
        """Store a contract's review status and its listing columns as reviewed (parties and dates
        with corrections applied and rejections left out; the saved result keeps the engine's)."""
        row = self.store.query_one("SELECT title FROM contracts WHERE id = ?", (contract_id,))
        if row is None:
            return
        columns = review_columns(row["title"], review)
        assignments = ", ".join(f"{column} = ?" for column in columns)
        self.store.execute(f"UPDATE contracts SET {assignments} WHERE id = ?", (*columns.values(), contract_id))

    def leave_review_set(self, db: Any, set_id: str) -> None:
        """Inside a review set's deletion: its contracts stay, outside any set."""
        db.execute("UPDATE contracts SET review_set_id = NULL WHERE review_set_id = ?", (set_id,))

    def delete(self, principal: Principal, contract_id: str) -> DeletedObject:
        """Delete a contract of the caller's, and with it the analysis it was saved from and that
        analysis' stored document; comparisons that quote either go too. Audited."""
        with self.store.transaction() as db:
            row = next(
                db.query(
                    "SELECT analysis_id FROM contracts WHERE id = ? AND org_id = ? AND mode = ?",
                    (contract_id, principal.org_id, principal.mode),
                ),
                None,
            )
            if row is None:
                raise not_found("contract", contract_id)
            db.execute("DELETE FROM contracts WHERE id = ?", (contract_id,))
            self.storage.deleted(db, "contract", contract_id)
            self.analyses.delete_saved(db, row["analysis_id"])
            self.storage.audit_deletion(principal, "contract.delete", contract_id, analysisId=row["analysis_id"])
        self.storage.scrub()
        return DeletedObject(id=contract_id, object="contract", deleted=True)

    @staticmethod
    def _refuse_duplicate(db: sqlite_utils.Database, analysis_id: str) -> None:
        existing = next(db.query("SELECT id FROM contracts WHERE analysis_id = ?", (analysis_id,)), None)
        if existing is not None:
            raise ApiError(
                409,
                "contract_exists",
                f"Analysis {analysis_id} was already saved as contract {existing['id']}; each analysis makes one contract.",
                param="analysisId",
                extra={"contractId": existing["id"]},
            )

    def get_row(self, principal: Principal, contract_id: str, param: str = "id") -> dict:
        row = self.store.query_one(
            f"SELECT {CONTRACT_COLUMNS}, document_key, corrected_names FROM contracts WHERE id = ? AND org_id = ? AND mode = ?",
            (contract_id, principal.org_id, principal.mode),
        )
        if row is None:
            raise not_found("contract", contract_id, param=param)
        return row

    def saved_result_of(self, org_id: str, mode: str, contract_id: str) -> str | None:
        """A contract's saved result, None once it is deleted: for the webhook outbox, which adds it to the
        contract.created event (stored without it) when the event's deliveries are created."""
        row = self.store.query_one(
            "SELECT result FROM contracts WHERE id = ? AND org_id = ? AND mode = ?", (contract_id, org_id, mode)
        )
        return str(row["result"]) if row else None

    def saved_result(self, principal: Principal, contract_id: str, param: str = "id") -> str:
        """The result JSON the contract was saved with (404 under `param` when there is none)."""
        return str(self.get_row(principal, contract_id, param=param)["result"])

    def get(self, principal: Principal, contract_id: str) -> Contract:
        return as_contract(self.get_row(principal, contract_id))

    def list(
        self, principal: Principal, params: dict[str, str | None], expand: list[str] | None = None
    ) -> ContractList:
        """A page of contracts; items carry the listing fields, and `result` only when expanded."""
        with_result = "result" in parse_expand(expand, EXPANDABLE)
        query = ListQuery().add("org_id = ?", principal.org_id).add("mode = ?", principal.mode)
        text, risk_level, expires_before = params.get("q"), params.get("riskLevel"), params.get("expiresBefore")
        review_state = params.get("reviewState")
        if review_state:
            if review_state not in REVIEW_STATES:
                raise invalid("reviewState", "reviewState must be not_started, in_review or reviewed.")
            query.add("review_state = ?", review_state)
        if text:
            query.add("instr(search_text, ?) > 0", text.strip().casefold())
        if risk_level:
            levels = [level.strip() for level in risk_level.split(",")]
            if not all(level in RISK_LEVELS for level in levels):
                raise invalid(
                    "riskLevel", "riskLevel must be low, medium, high or critical (or several, comma-separated)."
                )
            query.add(f"risk_level IN ({', '.join('?' for _ in levels)})", *levels)
        if expires_before:
            query.add("expiration_date < ?", parse_date("expiresBefore", expires_before))
        if params.get("reviewSet"):
            query.add("review_set_id = ?", params["reviewSet"])
        page = list_page(
            self.store,
            "contracts",
            query,
            url="/v1/contracts",
            render=lambda row: row,
            params=params,
            columns=CONTRACT_COLUMNS if with_result else SUMMARY_COLUMNS,
        )
        return ContractList(
            object="list", data=[as_contract(row) for row in page["data"]], hasMore=page["hasMore"], url=page["url"]
        )
