"""Routes of review decisions: /v1/contracts/{contractId}/findings and /reviews."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, Request, Response, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody, QueryParameter

from contractbox.auth.guards import principal_of
from contractbox.core.http.paging import EndingBefore, Limit, StartingAfter
from contractbox.reviews.schemas import CreateReviewRequest, FindingList, Review, ReviewList
from contractbox.reviews.service import ReviewService


class ReviewsController(Controller):
    path = "/"
    tags = ["Reviews"]

    @get(
        "/contracts/{contractId:str}/findings",
        operation_id="listFindings",
        opt={"scope": "contracts:read"},
        summary="List a contract's findings with their keys and current decisions",
    )
    async def findings(
        self, request: Request, contractId: FromPath[str], reviews: NamedDependency[ReviewService]
    ) -> FindingList:
        return reviews.findings(principal_of(request), contractId)

    @post(
        "/contracts/{contractId:str}/reviews",
        operation_id="createReview",
        status_code=201,
        opt={"scope": "contracts:write"},
        summary="Accept, reject or correct a finding (with an optional note)",
        sync_to_thread=True,
    )
    def create(
        self,
        request: Request,
        contractId: FromPath[str],
        data: JSONBody[CreateReviewRequest],
        reviews: NamedDependency[ReviewService],
    ) -> Response[Review]:
        review = reviews.create(principal_of(request), contractId, data)
        return Response(review, status_code=201, headers={"Location": f"/v1/reviews/{review.reviewId}"})

    @get("/reviews/{reviewId:str}", operation_id="getReview", opt={"scope": "contracts:read"}, summary="Get a review")
    async def retrieve(
        self, request: Request, reviewId: FromPath[str], reviews: NamedDependency[ReviewService]
    ) -> Review:
        return reviews.get(principal_of(request), reviewId)

    @get(
        "/contracts/{contractId:str}/reviews",
        operation_id="listReviews",
        opt={"scope": "contracts:read"},
        summary="List a contract's review decisions, newest first",
    )
    async def list_reviews(
        self,
        request: Request,
        contractId: FromPath[str],
        reviews: NamedDependency[ReviewService],
        limit: Limit = None,
        starting_after: StartingAfter = None,
        ending_before: EndingBefore = None,
        finding_key: Annotated[
            str | None, QueryParameter(name="findingKey", description="One finding's history")
        ] = None,
        current: Annotated[
            str | None, QueryParameter(description="true: only the current decision of each finding")
        ] = None,
    ) -> ReviewList:
        params = {
            "limit": limit,
            "startingAfter": starting_after,
            "endingBefore": ending_before,
            "findingKey": finding_key,
            "current": current,
        }
        return reviews.list(principal_of(request), contractId, params)
