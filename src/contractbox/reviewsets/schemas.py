"""Request and response shapes of /v1/review_sets (docs/api-notes.md, Review sets)."""

from __future__ import annotations

from typing import Literal

import msgspec

from contractbox.analyses.schemas import ErrorInfo

RowStatus = Literal["queued", "running", "completed", "failed"]


class CreateReviewSetRequest(msgspec.Struct, forbid_unknown_fields=True):
    name: str | None = None  # required; checked by the service (400 parameter_missing)
    metadata: dict[str, str] | None = None


class UpdateReviewSetRequest(msgspec.Struct, forbid_unknown_fields=True):
    name: str | None = None
    metadata: dict[str, str] | None = None


class StatusCounts(msgspec.Struct):
    queued: int
    running: int
    completed: int
    failed: int


class ReviewSet(msgspec.Struct):
    id: str
    object: Literal["review_set"]
    mode: Literal["live", "test"]
    name: str
    createdAt: str
    contractCount: int  # the documents in the set (one analysis each; saved as a contract once completed)
    statusCounts: StatusCounts
    metadata: dict[str, str]


class ReviewSetList(msgspec.Struct):
    object: Literal["list"]
    data: list[ReviewSet]
    hasMore: bool
    url: str


class GridQuestion(msgspec.Struct):
    key: str
    label: str
    kind: Literal["fact", "clause"]


class CellDecision(msgspec.Struct):
    """The reviewer's current decision on the cell's finding (POST /v1/contracts/{id}/reviews)."""

    action: Literal["accepted", "rejected", "corrected"]
    value: str | None
    by: str
    at: str


class GridCell(msgspec.Struct, omit_defaults=True):
    """One answer; fields without a value are left out (a grid of 2,000 rows stays small)."""

    answer: Literal["found", "not_found", "value"]
    value: str | None = None  # the fact (reviewed value first), or a clause's corrected value
    confidence: float | None = None  # the engine's, for the question's clause category
    evidenceId: str | None = None
    page: int | None = None
    findingKey: str | None = None  # what a review decision on this cell names
    decision: CellDecision | None = None


class GridRow(msgspec.Struct):
    analysisId: str
    contractId: str | None
    title: str
    label: str | None
    status: RowStatus
    error: ErrorInfo | None
    cells: dict[str, GridCell]  # empty until the analysis completes (the UI shows the row as pending)
    # The SHA-256 of the submitted content (a file's bytes, a text's UTF-8), known from submission on:
    # what an import compares to skip documents the set already holds, queued ones included.
    contentSha256: str


class ReviewGrid(msgspec.Struct):
    object: Literal["review_grid"]
    reviewSet: str
    questions: list[GridQuestion]
    availableQuestions: list[GridQuestion]
    rows: list[GridRow]
