from __future__ import annotations

from litestar import Controller, Request, Response, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody

from contractbox.auth.guards import principal_of
from contractbox.comparisons.schemas import Comparison, CreateComparisonRequest
from contractbox.comparisons.service import ComparisonService


# Writes run in a worker thread: the diff and the fsync must not stall the event loop serving reads.
class ComparisonsController(Controller):
    path = "/comparisons"
    tags = ["Comparisons"]

    @post(
        "/",
        operation_id="createComparison",
        status_code=201,
        opt={"scope": "comparisons:write"},
        summary="Compare two analyses or two contracts",
        sync_to_thread=True,
    )
    def create(
        self, request: Request, data: JSONBody[CreateComparisonRequest], comparisons: NamedDependency[ComparisonService]
    ) -> Response[Comparison]:
        comparison = comparisons.create(principal_of(request), data)
        return Response(comparison, status_code=201, headers={"Location": f"/v1/comparisons/{comparison.comparisonId}"})

    @get(
        "/{comparisonId:str}",
        operation_id="getComparison",
        opt={"scope": "comparisons:read"},
        summary="Get a comparison",
    )
    async def retrieve(
        self, request: Request, comparisonId: FromPath[str], comparisons: NamedDependency[ComparisonService]
    ) -> Response[Comparison]:
        body = comparisons.get(principal_of(request), comparisonId)
        # The stored JSON is served as is; the annotation documents it.
        return Response(content=body.encode(), media_type="application/json")  # type: ignore[arg-type]  # Response[T] cannot type "bytes encoding a T"
