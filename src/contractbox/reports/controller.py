"""Routes of the exports and the two PDFs of a contract (and an unsaved analysis's exports)."""

from __future__ import annotations

from litestar import Controller, Request, Response, get
from litestar.di import NamedDependency
from litestar.params import FromPath

from contractbox.auth.guards import principal_of
from contractbox.reports.service import FileAnswer, ReportService


def file_response(answer: FileAnswer) -> Response[bytes]:
    return Response(
        answer.body,
        media_type=answer.media_type,
        headers={
            "Content-Disposition": f'attachment; filename="{answer.filename}"',
            "Cache-Control": "no-store",
        },
    )


class ReportsController(Controller):
    path = "/"
    tags = ["Reports and exports"]

    @get(
        "/contracts/{contractId:str}/exports/findings.csv",
        operation_id="exportContractFindings",
        opt={"scope": "contracts:read"},
        summary="Download every finding with its decision, note, page and evidence (CSV), as reviewed",
        media_type="text/csv",
        sync_to_thread=True,
    )
    def contract_findings(
        self, request: Request, contractId: FromPath[str], reports: NamedDependency[ReportService]
    ) -> Response[bytes]:
        return file_response(reports.contract_export(principal_of(request), contractId, "findings.csv"))

    @get(
        "/contracts/{contractId:str}/exports/obligations.csv",
        operation_id="exportContractObligations",
        opt={"scope": "contracts:read"},
        summary="Download the obligations (CSV), as reviewed",
        media_type="text/csv",
        sync_to_thread=True,
    )
    def contract_obligations(
        self, request: Request, contractId: FromPath[str], reports: NamedDependency[ReportService]
    ) -> Response[bytes]:
        return file_response(reports.contract_export(principal_of(request), contractId, "obligations.csv"))

    @get(
        "/contracts/{contractId:str}/exports/key-dates.csv",
        operation_id="exportContractKeyDates",
        opt={"scope": "contracts:read"},
        summary="Download the key dates (CSV), as reviewed",
        media_type="text/csv",
        sync_to_thread=True,
    )
    def contract_keydates(
        self, request: Request, contractId: FromPath[str], reports: NamedDependency[ReportService]
    ) -> Response[bytes]:
        return file_response(reports.contract_export(principal_of(request), contractId, "key-dates.csv"))

    @get(
        "/contracts/{contractId:str}/exports/key-dates.ics",
        operation_id="exportContractCalendar",
        opt={"scope": "contracts:read"},
        summary="Download the future key dates as an iCalendar file, as reviewed",
        media_type="text/calendar",
        sync_to_thread=True,
    )
    def contract_calendar(
        self, request: Request, contractId: FromPath[str], reports: NamedDependency[ReportService]
    ) -> Response[bytes]:
        return file_response(reports.contract_export(principal_of(request), contractId, "key-dates.ics"))

    @get(
        "/analyses/{analysisId:str}/exports/findings.csv",
        operation_id="exportAnalysisFindings",
        opt={"scope": "analyses:read"},
        summary="Download every finding with its decision, note, page and evidence (CSV)",
        media_type="text/csv",
        sync_to_thread=True,
    )
    def analysis_findings(
        self, request: Request, analysisId: FromPath[str], reports: NamedDependency[ReportService]
    ) -> Response[bytes]:
        return file_response(reports.analysis_export(principal_of(request), analysisId, "findings.csv"))

    @get(
        "/analyses/{analysisId:str}/exports/obligations.csv",
        operation_id="exportAnalysisObligations",
        opt={"scope": "analyses:read"},
        summary="Download the obligations (CSV)",
        media_type="text/csv",
        sync_to_thread=True,
    )
    def analysis_obligations(
        self, request: Request, analysisId: FromPath[str], reports: NamedDependency[ReportService]
    ) -> Response[bytes]:
        return file_response(reports.analysis_export(principal_of(request), analysisId, "obligations.csv"))

    @get(
        "/analyses/{analysisId:str}/exports/key-dates.csv",
        operation_id="exportAnalysisKeyDates",
        opt={"scope": "analyses:read"},
        summary="Download the key dates (CSV)",
        media_type="text/csv",
        sync_to_thread=True,
    )
    def analysis_keydates(
        self, request: Request, analysisId: FromPath[str], reports: NamedDependency[ReportService]
    ) -> Response[bytes]:
        return file_response(reports.analysis_export(principal_of(request), analysisId, "key-dates.csv"))

    @get(
        "/analyses/{analysisId:str}/exports/key-dates.ics",
        operation_id="exportAnalysisCalendar",
        opt={"scope": "analyses:read"},
        summary="Download the future key dates as an iCalendar file",
        media_type="text/calendar",
        sync_to_thread=True,
    )
    def analysis_calendar(
        self, request: Request, analysisId: FromPath[str], reports: NamedDependency[ReportService]
    ) -> Response[bytes]:
        return file_response(reports.analysis_export(principal_of(request), analysisId, "key-dates.ics"))

    @get(
        "/contracts/{contractId:str}/report.pdf",
        operation_id="getContractReport",
        opt={"scope": "contracts:read"},
        summary="Download the review report (PDF)",
        media_type="application/pdf",
        sync_to_thread=True,
    )
    def report(
        self, request: Request, contractId: FromPath[str], reports: NamedDependency[ReportService]
    ) -> Response[bytes]:
        return file_response(reports.report(principal_of(request), contractId))

    @get(
        "/contracts/{contractId:str}/annotated.pdf",
        operation_id="getAnnotatedContract",
        opt={"scope": "contracts:read"},
        summary="Download the original PDF with every finding highlighted and annotated",
        media_type="application/pdf",
        sync_to_thread=True,
    )
    def annotated(
        self, request: Request, contractId: FromPath[str], reports: NamedDependency[ReportService]
    ) -> Response[bytes]:
        return file_response(reports.annotated(principal_of(request), contractId))
