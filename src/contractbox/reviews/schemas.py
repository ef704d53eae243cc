"""Request and response shapes of /v1/contracts/{id}/reviews and /findings (docs/api-notes.md, Reviews)."""

from __future__ import annotations

from typing import Literal

import msgspec

from contractbox.core.params import Mode

Decision = Literal["accepted", "rejected", "corrected"]
FindingKind = Literal["party", "governing_law", "risk", "clause", "date", "obligation"]


class CreateReviewRequest(msgspec.Struct, forbid_unknown_fields=True):
    # Both required; checked after the contract is found (an unknown contract is 404 first).
    findingKey: str | None = None
    decision: Decision | None = None
    correctedValue: str | None = None
    note: str | None = None


class Reviewer(msgspec.Struct):
    type: Literal["user", "key"]
    id: str
    name: str


class Review(msgspec.Struct):
    reviewId: str
    object: Literal["review"]
    mode: Mode
    contractId: str
    findingKey: str
    decision: Decision
    correctedValue: str | None
    note: str | None
    reviewer: Reviewer
    createdAt: str


class ReviewList(msgspec.Struct):
    object: Literal["list"]
    data: list[Review]
    hasMore: bool
    url: str


class Finding(msgspec.Struct):
    findingKey: str
    object: Literal["finding"]
    kind: FindingKind
    itemId: str | None
    label: str
    value: str | None
    reviewedValue: str | None
    evidenceIds: list[str]
    page: int | None
    review: Review | None


class FindingList(msgspec.Struct):
    object: Literal["list"]
    data: list[Finding]
    hasMore: bool
    url: str
