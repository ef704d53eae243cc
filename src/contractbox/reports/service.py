"""Exports (CSV, calendar) and the two PDFs of a contract, built by the server so the UI, the API
and later the grid share them (docs/api-notes.md, Exports and Reports)."""

from __future__ import annotations

import json
from dataclasses import dataclass

import msgspec

from contractbox.analyses.service import AnalysisService
from contractbox.contracts.service import ContractService
from contractbox.core.clock import Clock
from contractbox.core.errors import ApiError, invalid
from contractbox.keys.service import Principal
from contractbox.reports.annotate import annotate
from contractbox.reports.exports import (
    EXPORT_NAMES,
    findings_csv,
    key_dates_csv,
    key_dates_ics,
    obligations_csv,
    slug,
)
from contractbox.reports.report import build_report
from contractbox.reviews.service import ReviewedFinding, ReviewService, findings_of

CSV = "text/csv; charset=utf-8"
ICS = "text/calendar; charset=utf-8"
PDF = "application/pdf"


@dataclass(frozen=True)
class FileAnswer:
    body: bytes
    media_type: str
    filename: str


class ReportService:
    def __init__(
        self, clock: Clock, contracts: ContractService, analyses: AnalysisService, reviews: ReviewService
    ) -> None:
        self.clock = clock
        self.contracts = contracts
        self.analyses = analyses
        self.reviews = reviews

    def _export(self, title: str, uid_base: str, items: list[ReviewedFinding], name: str) -> FileAnswer:
        filename = f"{slug(title)}-{name}"
        if name == "findings.csv":
            return FileAnswer(findings_csv(title, items).encode(), CSV, filename)
        if name == "obligations.csv":
            return FileAnswer(obligations_csv(title, items).encode(), CSV, filename)
        if name == "key-dates.csv":
            return FileAnswer(key_dates_csv(title, items).encode(), CSV, filename)
        if name == "key-dates.ics":
            today = self.clock.now().date()
            return FileAnswer(key_dates_ics(title, uid_base, items, today, self.clock.now()).encode(), ICS, filename)
        raise invalid("name", f"Exports are {', '.join(EXPORT_NAMES)}.")

    def contract_export(self, principal: Principal, contract_id: str, name: str) -> FileAnswer:
        if name not in EXPORT_NAMES:
            raise invalid("name", f"Exports are {', '.join(EXPORT_NAMES)}.")
        row = self.contracts.get_row(principal, contract_id, param="contractId")
        return self._export(row["title"], contract_id, self.reviews.reviewed(principal, contract_id), name)

    def analysis_export(self, principal: Principal, analysis_id: str, name: str) -> FileAnswer:
        if name not in EXPORT_NAMES:
            raise invalid("name", f"Exports are {', '.join(EXPORT_NAMES)}.")
        analysis = self.analyses.get(principal, analysis_id)
        result = json.loads(self.analyses.result(principal, analysis_id))
        items = [ReviewedFinding(finding, None) for finding in findings_of(result)]
        return self._export(analysis.title, analysis_id, items, name)

    def report(self, principal: Principal, contract_id: str) -> FileAnswer:
        contract = json.loads(msgspec.json.encode(self.contracts.get(principal, contract_id)))
        result = json.loads(self.contracts.saved_result(principal, contract_id, param="contractId"))
        items = self.reviews.reviewed(principal, contract_id)
        body = build_report(contract, result, items, self.clock.now_iso())
        return FileAnswer(body, PDF, f"{slug(contract['title'])}-review-report.pdf")

    def annotated(self, principal: Principal, contract_id: str) -> FileAnswer:
        row = self.contracts.get_row(principal, contract_id, param="contractId")
        analysis = self.analyses.get(principal, row["analysis_id"])
        if analysis.sourceType != "pdf":
            raise ApiError(
                409,
                "source_not_pdf",
                f"Contract {contract_id} was analysed from {analysis.sourceType}, not a PDF; "
                "the review report (report.pdf) covers it instead.",
            )
        original = self.analyses.original_pdf(principal, row["analysis_id"])
        document = self.analyses.document(principal, row["analysis_id"])
        body, _placed = annotate(
            original, self.reviews.reviewed(principal, contract_id), document.get("text") or "", document["pages"]
        )
        return FileAnswer(body, PDF, f"{slug(row['title'])}-annotated.pdf")
