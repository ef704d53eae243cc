from __future__ import annotations

from typing import Annotated

from litestar import Controller, Request, Response, delete, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody, QueryParameter

from contractbox.analyses.schemas import Analysis, AnalysisList, AnalysisResult, CreateAnalysisRequest
from contractbox.analyses.service import AnalysisService
from contractbox.auth.guards import principal_of
from contractbox.core.http.paging import EndingBefore, Limit, StartingAfter
from contractbox.storage.schemas import DeletedObject


class AnalysesController(Controller):
    path = "/analyses"
    tags = ["Analyses"]

    # Sync in a worker thread: the insert's fsync must not stall the event loop serving polls.
    @post(
        "/",
        operation_id="createAnalysis",
        status_code=202,
        opt={"scope": "analyses:write"},
        summary="Submit a contract for analysis",
        sync_to_thread=True,
    )
    def create(
        self, request: Request, data: JSONBody[CreateAnalysisRequest], analyses: NamedDependency[AnalysisService]
    ) -> Response[Analysis]:
        analysis = analyses.submit(principal_of(request), data)
        return Response(analysis, status_code=202, headers={"Location": analysis.links.self})

    @get("/", operation_id="listAnalyses", opt={"scope": "analyses:read"}, summary="List analyses, newest first")
    async def list_analyses(
        self,
        request: Request,
        analyses: NamedDependency[AnalysisService],
        limit: Limit = None,
        starting_after: StartingAfter = None,
        ending_before: EndingBefore = None,
        status: Annotated[
            str | None, QueryParameter(description="queued, processing, completed or failed; several comma-separated")
        ] = None,
        q: Annotated[str | None, QueryParameter(description="Words in the title (case-insensitive)")] = None,
        origin: Annotated[
            str | None, QueryParameter(description="ui (submitted from the console) or api (with an API key)")
        ] = None,
        created_gte: Annotated[str | None, QueryParameter(name="createdGte")] = None,
        created_lte: Annotated[str | None, QueryParameter(name="createdLte")] = None,
        review_set: Annotated[
            str | None, QueryParameter(name="reviewSet", description="rs_...: only those of this review set")
        ] = None,
    ) -> AnalysisList:
        params = {
            "limit": limit,
            "startingAfter": starting_after,
            "endingBefore": ending_before,
            "status": status,
            "q": q,
            "origin": origin,
            "createdGte": created_gte,
            "createdLte": created_lte,
            "reviewSet": review_set,
        }
        return analyses.list(principal_of(request), params)

    @get(
        "/{analysisId:str}",
        operation_id="getAnalysis",
        opt={"scope": "analyses:read"},
        summary="Get an analysis (poll until completed)",
    )
    async def retrieve(
        self, request: Request, analysisId: FromPath[str], analyses: NamedDependency[AnalysisService]
    ) -> Analysis:
        return analyses.get(principal_of(request), analysisId)

    @delete(
        "/{analysisId:str}",
        status_code=200,
        operation_id="deleteAnalysis",
        opt={"scope": "analyses:write"},
        summary="Delete an analysis and its stored document",
        sync_to_thread=True,
    )
    def delete_analysis(
        self, request: Request, analysisId: FromPath[str], analyses: NamedDependency[AnalysisService]
    ) -> DeletedObject:
        return analyses.delete(principal_of(request), analysisId)

    @get(
        "/{analysisId:str}/result",
        operation_id="getAnalysisResult",
        opt={"scope": "analyses:read"},
        summary="Get the structured result of a completed analysis",
    )
    async def result(
        self, request: Request, analysisId: FromPath[str], analyses: NamedDependency[AnalysisService]
    ) -> Response[AnalysisResult]:
        body = analyses.result(principal_of(request), analysisId)
        # The stored JSON is served as is (it was validated when written); the annotation documents it.
        return Response(content=body.encode(), media_type="application/json")  # type: ignore[arg-type]  # Response[T] cannot type "bytes encoding a T"
