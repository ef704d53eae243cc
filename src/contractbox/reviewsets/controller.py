from __future__ import annotations

from typing import Annotated

from litestar import Controller, Request, Response, delete, get, patch, post
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody, QueryParameter

from contractbox.auth.guards import principal_of
from contractbox.core.http.paging import EndingBefore, Limit, StartingAfter
from contractbox.reviewsets.schemas import (
    CreateReviewSetRequest,
    ReviewGrid,
    ReviewSet,
    ReviewSetList,
    UpdateReviewSetRequest,
)
from contractbox.reviewsets.service import XLSX, ReviewSetService
from contractbox.storage.schemas import DeletedObject

Questions = Annotated[
    str | None,
    QueryParameter(
        description="Comma-separated question keys (see availableQuestions), or 'all'; default: the main questions"
    ),
]


# Writes run in a worker thread: their fsync must not stall the event loop serving reads.
class ReviewSetsController(Controller):
    path = "/review_sets"
    tags = ["Review sets"]

    @post(
        "/",
        operation_id="createReviewSet",
        status_code=201,
        opt={"scope": "contracts:write"},
        summary="Create a review set (a data room's documents, answered in one grid)",
        sync_to_thread=True,
    )
    def create(
        self, request: Request, data: JSONBody[CreateReviewSetRequest], reviewsets: NamedDependency[ReviewSetService]
    ) -> Response[ReviewSet]:
        created = reviewsets.create(principal_of(request), data)
        return Response(created, status_code=201, headers={"Location": f"/v1/review_sets/{created.id}"})

    @get("/", operation_id="listReviewSets", opt={"scope": "contracts:read"}, summary="List review sets, newest first")
    async def list_sets(
        self,
        request: Request,
        reviewsets: NamedDependency[ReviewSetService],
        limit: Limit = None,
        starting_after: StartingAfter = None,
        ending_before: EndingBefore = None,
    ) -> ReviewSetList:
        params = {"limit": limit, "startingAfter": starting_after, "endingBefore": ending_before}
        return reviewsets.list(principal_of(request), params)

    @get("/{reviewSetId:str}", operation_id="getReviewSet", opt={"scope": "contracts:read"}, summary="Get a review set")
    async def retrieve(
        self, request: Request, reviewSetId: FromPath[str], reviewsets: NamedDependency[ReviewSetService]
    ) -> ReviewSet:
        return reviewsets.get(principal_of(request), reviewSetId)

    @patch(
        "/{reviewSetId:str}",
        operation_id="updateReviewSet",
        opt={"scope": "contracts:write"},
        summary="Rename a review set or replace its metadata",
        sync_to_thread=True,
    )
    def update(
        self,
        request: Request,
        reviewSetId: FromPath[str],
        data: JSONBody[UpdateReviewSetRequest],
        reviewsets: NamedDependency[ReviewSetService],
    ) -> ReviewSet:
        return reviewsets.update(principal_of(request), reviewSetId, data)

    @delete(
        "/{reviewSetId:str}",
        status_code=200,
        operation_id="deleteReviewSet",
        opt={"scope": "contracts:write"},
        summary="Delete a review set (its analyses and contracts stay)",
        sync_to_thread=True,
    )
    def delete_set(
        self, request: Request, reviewSetId: FromPath[str], reviewsets: NamedDependency[ReviewSetService]
    ) -> DeletedObject:
        return reviewsets.delete(principal_of(request), reviewSetId)

    @get(
        "/{reviewSetId:str}/grid",
        operation_id="getReviewSetGrid",
        opt={"scope": "contracts:read"},
        summary="The review grid: one row per document, one cell per question",
        sync_to_thread=True,
    )
    def grid(
        self,
        request: Request,
        reviewSetId: FromPath[str],
        reviewsets: NamedDependency[ReviewSetService],
        questions: Questions = None,
    ) -> Response[ReviewGrid]:
        body = reviewsets.grid(principal_of(request), reviewSetId, questions)
        # Built as JSON from the stored cells; the annotation documents its shape.
        return Response(content=body, media_type="application/json")  # type: ignore[arg-type]  # Response[T] cannot type "bytes encoding a T"

    @get(
        "/{reviewSetId:str}/exports/grid.xlsx",
        operation_id="exportReviewSetWorkbook",
        opt={"scope": "contracts:read"},
        summary="Download the grid as an Excel workbook (Grid and Evidence sheets), reviewed values first",
        media_type=XLSX,
        sync_to_thread=True,
    )
    def export_workbook(
        self,
        request: Request,
        reviewSetId: FromPath[str],
        reviewsets: NamedDependency[ReviewSetService],
        questions: Questions = None,
    ) -> Response[bytes]:
        return self._export(request, reviewsets, reviewSetId, "xlsx", questions)

    @get(
        "/{reviewSetId:str}/exports/grid.csv",
        operation_id="exportReviewSetCsv",
        opt={"scope": "contracts:read"},
        summary="Download the grid as CSV (UTF-8 with BOM), reviewed values first",
        media_type="text/csv",
        sync_to_thread=True,
    )
    def export_csv(
        self,
        request: Request,
        reviewSetId: FromPath[str],
        reviewsets: NamedDependency[ReviewSetService],
        questions: Questions = None,
    ) -> Response[bytes]:
        return self._export(request, reviewsets, reviewSetId, "csv", questions)

    @staticmethod
    def _export(
        request: Request, reviewsets: ReviewSetService, set_id: str, fmt: str, questions: str | None
    ) -> Response[bytes]:
        base_url = str(request.base_url).rstrip("/")
        exported = reviewsets.export(principal_of(request), set_id, fmt, base_url, questions)
        return Response(
            exported.body,
            media_type=exported.media_type,
            headers={
                "Content-Disposition": f'attachment; filename="{exported.filename}"',
                "Cache-Control": "no-store",
            },
        )
