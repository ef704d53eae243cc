"""The rules of review decisions: one current decision per finding of a document (its SHA-256)
within an organization and mode, every earlier one kept as history; the contract's review status
follows each decision (docs/api-notes.md, Reviews)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from contractbox.answers.findings import Finding, check_corrected_value, findings_of, findings_remembered
from contractbox.answers.reviewed import ContractReview, ReviewedFinding, contract_review
from contractbox.contracts.service import ContractService
from contractbox.core.clock import Clock
from contractbox.core.errors import invalid, missing, not_found
from contractbox.core.ids import new_id
from contractbox.core.paging import ListQuery, list_page
from contractbox.core.replies import record_reply
from contractbox.core.store import Store
from contractbox.keys.service import Principal
from contractbox.reviews.schemas import CreateReviewRequest, FindingList, Review, ReviewList
from contractbox.reviews.schemas import Finding as FindingOut

__all__ = ["ReviewService", "ReviewedFinding", "contract_review", "findings_of", "findings_remembered"]

MAX_NOTE = 2000
MAX_VALUE = 500


def render(row: dict) -> dict[str, Any]:
    return {
        "reviewId": row["id"],
        "object": "review",
        "mode": row["mode"],
        "contractId": row["contract_id"],
        "findingKey": row["finding_key"],
        "decision": row["decision"],
        "correctedValue": row["corrected_value"],
        "note": row["note"],
        "reviewer": {"type": row["reviewer_type"], "id": row["reviewer_id"], "name": row["reviewer_name"]},
        "createdAt": row["created_at"],
    }


# Called after a decision with the contracts of the decided document (a review set's grid cells
# follow it); wired by the composition root.
AfterDecision = Callable[[Principal, list[str]], None]


class ReviewService:
    def __init__(self, store: Store, clock: Clock, contracts: ContractService) -> None:
        self.store = store
        self.clock = clock
        self.contracts = contracts
        self.after_decision: AfterDecision | None = None

    # --- reading ---------------------------------------------------------------------------

    def _current(self, principal: Principal, document_key: str) -> dict[str, dict[str, Any]]:
        """The current decision of each finding of a document, by finding key."""
        rows = self.store.query(
            "SELECT * FROM reviews WHERE org_id = ? AND mode = ? AND document_key = ? ORDER BY seq",
            (principal.org_id, principal.mode, document_key),
        )
        return {row["finding_key"]: render(row) for row in rows}

    def reviewed(
        self, principal: Principal, contract_id: str, result: dict[str, Any] | None = None
    ) -> list[ReviewedFinding]:
        """The contract's findings, each with its current decision (or None). `result`: the contract's
        saved result when the caller has already decoded it."""
        if result is None:
            result = msgspec.json.decode(self.contracts.saved_result(principal, contract_id, param="contractId"))
        return self._reviewed(principal, self.contracts.document_key(principal, contract_id), result)

    def _reviewed(self, principal: Principal, document_key: str, result: dict[str, Any]) -> list[ReviewedFinding]:
        current = self._current(principal, document_key)
        return [ReviewedFinding(f, current.get(f.key)) for f in findings_of(result)]

    def review_of(
        self,
        principal: Principal,
        document_key: str,
        result: Callable[[], dict[str, Any]],
        unreviewed: ContractReview | None = None,
    ) -> ContractReview:
        """The review status a new contract of this document starts with: decisions already made on
        the same document (another saved copy of it) carry over (ContractService.review_of).
        `result` decodes the result (only called when needed); `unreviewed`: the status with no
        decisions, computed by the analysis worker, used as it is when the document has none."""
        current = self._current(principal, document_key)
        if not current and unreviewed is not None:
            return unreviewed
        return contract_review([ReviewedFinding(f, current.get(f.key)) for f in findings_of(result())])

    def findings(self, principal: Principal, contract_id: str) -> FindingList:
        items = self.reviewed(principal, contract_id)
        if self.contracts.get_row(principal, contract_id)["review_total"] != len(items):
            self.refresh(principal, contract_id)  # a contract saved before reviews existed (migration 0401)
        data = [
            FindingOut(
                findingKey=item.finding.key,
                object="finding",
                kind=item.finding.kind,  # type: ignore[arg-type]
                itemId=item.finding.item_id,
                label=item.finding.label,
                value=item.finding.value,
                reviewedValue=item.value,
                evidenceIds=item.finding.evidence_ids,
                page=item.finding.page,
                review=msgspec.convert(item.review, Review) if item.review else None,
            )
            for item in items
        ]
        return FindingList(object="list", data=data, hasMore=False, url=f"/v1/contracts/{contract_id}/findings")

    def list(self, principal: Principal, contract_id: str, params: dict[str, str | None]) -> ReviewList:
        document_key = self.contracts.document_key(principal, contract_id)
        query = (
            ListQuery()
            .add("org_id = ?", principal.org_id)
            .add("mode = ?", principal.mode)
            .add("document_key = ?", document_key)
        )
        if params.get("findingKey"):
            query.add("finding_key = ?", params["findingKey"])
        current = params.get("current")
        if current not in (None, "", "true", "false"):
            raise invalid("current", "current is true or false.")
        if current == "true":
            query.add(
                "seq IN (SELECT MAX(seq) FROM reviews WHERE org_id = ? AND mode = ? AND document_key = ? GROUP BY finding_key)",
                principal.org_id,
                principal.mode,
                document_key,
            )
        page = list_page(
            self.store,
            "reviews",
            query,
            url=f"/v1/contracts/{contract_id}/reviews",
            render=render,
            params={k: v for k, v in params.items() if k in ("limit", "startingAfter", "endingBefore")},
        )
        return msgspec.convert(page, ReviewList)

    def get(self, principal: Principal, review_id: str) -> Review:
        row = self.store.query_one(
            "SELECT * FROM reviews WHERE id = ? AND org_id = ? AND mode = ?",
            (review_id, principal.org_id, principal.mode),
        )
        if row is None:
            raise not_found("review", review_id, "reviewId")
        return msgspec.convert(render(row), Review)

    # --- deciding --------------------------------------------------------------------------

    def create(self, principal: Principal, contract_id: str, req: CreateReviewRequest) -> Review:
        reviewed = {item.finding.key: item.finding for item in self.reviewed(principal, contract_id)}
        if req.findingKey is None:
            raise missing("findingKey")
        if req.decision is None:
            raise missing("decision")
        finding = reviewed.get(req.findingKey)
        if finding is None:
            raise invalid(
                "findingKey",
                f"This contract has no finding '{req.findingKey[:120]}'; GET /v1/contracts/{contract_id}/findings lists them.",
            )
        corrected = self._corrected_value(req, finding)
        note = (req.note or "").strip() or None
        if note and len(note) > MAX_NOTE:
            raise invalid("note", f"note must be at most {MAX_NOTE} characters.")
        reviewer = (
            {"type": "user", "id": principal.user_id, "name": principal.user_name or principal.user_id}
            if principal.user_id
            else {"type": "key", "id": principal.key_id, "name": principal.key_id}
        )
        review_id = new_id("rev")
        document_key = self.contracts.document_key(principal, contract_id)
        with self.store.transaction() as db:
            inserted = {
                "id": review_id,
                "org_id": principal.org_id,
                "mode": principal.mode,
                "document_key": document_key,
                "contract_id": contract_id,
                "finding_key": req.findingKey,
                "decision": req.decision,
                "corrected_value": corrected,
                "note": note,
                "reviewer_type": reviewer["type"],
                "reviewer_id": reviewer["id"],
                "reviewer_name": reviewer["name"],
                "key_id": principal.key_id,
                "created_at": self.clock.now_iso(),
            }
            db.table("reviews").insert(inserted)
            # A crash after this commit must not make a retry with the same Idempotency-Key decide twice.
            record_reply(db, 201, msgspec.convert(render(inserted), Review), location=f"/v1/reviews/{review_id}")
        decided = self.contracts.contracts_of_document(principal, document_key)
        for other in decided:
            self.refresh(principal, other)
        if self.after_decision is not None:
            self.after_decision(principal, decided)
        row = self.store.query_one("SELECT * FROM reviews WHERE id = ?", (review_id,))
        return msgspec.convert(render(row or {}), Review)

    @staticmethod
    def _corrected_value(req: CreateReviewRequest, finding: Finding) -> str | None:
        value = req.correctedValue.strip() if req.correctedValue is not None else None
        if req.decision != "corrected":
            if value:
                raise invalid("correctedValue", "correctedValue goes with decision 'corrected' only.")
            return None
        if not value:
            raise missing("correctedValue")
        if len(value) > MAX_VALUE:
            raise invalid("correctedValue", f"correctedValue must be at most {MAX_VALUE} characters.")
        problem = check_corrected_value(finding, value)
        if problem:
            raise invalid("correctedValue", problem)
        return value

    def refresh(self, principal: Principal, contract_id: str, result: dict[str, Any] | None = None) -> None:
        """Recompute the contract's review status from the current decisions of its findings. `result`:
        the contract's saved result when the caller has already decoded it."""
        self.contracts.set_review(contract_id, contract_review(self.reviewed(principal, contract_id, result)))

    # --- deleting --------------------------------------------------------------------------

    @staticmethod
    def forget_orphaned(db: Any, kind: str, object_id: str) -> None:
        """Storage deletion hook: once no saved contract shows a document any more, its decisions
        (notes and corrected values, which can quote it) go too. Another saved copy of the same
        document keeps them, which is how they survive re-analysis."""
        if kind != "contract":
            return
        db.execute(
            "DELETE FROM reviews WHERE NOT EXISTS (SELECT 1 FROM contracts c WHERE c.org_id = reviews.org_id "
            "AND c.mode = reviews.mode AND c.document_key = reviews.document_key) "
            "AND NOT EXISTS (SELECT 1 FROM contracts c WHERE 'contract:' || c.id = reviews.document_key)"
        )
