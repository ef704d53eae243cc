"""The rules of comparisons: two completed analyses or two contracts of the caller's organization
and mode, compared once and stored (later changes to either side do not alter a comparison)."""

from __future__ import annotations

import json
from typing import Any

import msgspec

from contractbox.analyses.service import AnalysisService
from contractbox.comparisons.diff import compare_results
from contractbox.comparisons.schemas import Comparison, CreateComparisonRequest
from contractbox.contracts.service import ContractService
from contractbox.core.clock import Clock
from contractbox.core.errors import ApiError, invalid, not_found
from contractbox.core.events import COMPARISON_CREATED, EventRecorder
from contractbox.core.ids import new_id
from contractbox.core.replies import record_reply
from contractbox.core.store import Store
from contractbox.keys.service import Principal
from contractbox.usage.service import UsageService

KINDS = {"ana": "analysis", "ctr": "contract"}


def kind_of(param: str, object_id: str) -> str:
    prefix = object_id.split("_", 1)[0]
    if prefix not in KINDS:
        raise invalid(param, f"{param} must be an analysis id (ana_...) or a contract id (ctr_...).")
    return prefix


class ComparisonService:
    def __init__(
        self,
        store: Store,
        events: EventRecorder,
        clock: Clock,
        analyses: AnalysisService,
        contracts: ContractService,
        usage: UsageService,
    ) -> None:
        self.store = store
        self.events = events
        self.clock = clock
        self.analyses = analyses
        self.contracts = contracts
        self.usage = usage

    @staticmethod
    def delete_referencing(db: Any, kind: str, object_id: str) -> None:
        """Inside an analysis' or a contract's deletion: the comparisons of it quote its text, so they go too."""
        db.execute("DELETE FROM comparisons WHERE left_id = ? OR right_id = ?", (object_id, object_id))

    def create(self, principal: Principal, req: CreateComparisonRequest) -> Comparison:
        left_kind, right_kind = kind_of("left", req.left), kind_of("right", req.right)
        if left_kind != right_kind:
            raise invalid(
                "right",
                f"Compare two analyses or two contracts: left is {KINDS[left_kind]} {req.left}, right is {KINDS[right_kind]} {req.right}.",
            )
        left = self._result(principal, "left", req.left)
        right = self._result(principal, "right", req.right)
        comparison = {
            "comparisonId": new_id("cmp"),
            "object": "comparison",
            "mode": principal.mode,
            "left": req.left,
            "right": req.right,
            "createdAt": self.clock.now_iso(),
            **compare_results(left, right, (self._text(principal, req.left), self._text(principal, req.right))),
        }
        with self.store.transaction() as db:
            db.table("comparisons").insert(
                {
                    "id": comparison["comparisonId"],
                    "org_id": principal.org_id,
                    "mode": principal.mode,
                    "key_id": principal.key_id,
                    "left_id": req.left,
                    "right_id": req.right,
                    "body": json.dumps(comparison),
                    "created_at": comparison["createdAt"],
                }
            )
            self.usage.add(db, principal.key_id, comparisons=1)
            self.events.record(db, principal.org_id, principal.mode, COMPARISON_CREATED, comparison)
            created = msgspec.convert(comparison, Comparison)
            record_reply(db, 201, created, location=f"/v1/comparisons/{created.comparisonId}")
        return created

    def _text(self, principal: Principal, object_id: str) -> str | None:
        """The document text a side's evidence offsets point into (None when it is no longer stored)."""
        analysis_id = (
            self.contracts.get_row(principal, object_id)["analysis_id"] if object_id.startswith("ctr_") else object_id
        )
        try:
            return self.analyses.document(principal, analysis_id).get("text")
        except ApiError:
            return None

    def _result(self, principal: Principal, param: str, object_id: str) -> dict[str, Any]:
        """The analysis result behind one side: an analysis's own, or a contract's saved copy."""
        if object_id.startswith("ctr_"):
            return json.loads(self.contracts.saved_result(principal, object_id, param=param))
        return json.loads(
            self.analyses.completed(principal, object_id, param=param, purpose="it can be compared").result
        )

    def get(self, principal: Principal, comparison_id: str) -> str:
        """The stored comparison JSON text (served as is: it was built by this service)."""
        row = self.store.query_one(
            "SELECT body FROM comparisons WHERE id = ? AND org_id = ? AND mode = ?",
            (comparison_id, principal.org_id, principal.mode),
        )
        if row is None:
            raise not_found("comparison", comparison_id)
        return row["body"]
