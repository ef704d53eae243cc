"""A result's findings as reviewed, and what follows from them: a contract's review status and
listing columns as its reviewers left them. Pure functions of a result and its decisions: the
analysis worker computes the status of a result nobody has decided on yet (`answers/precomputed.py`),
the server recomputes it after a decision."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from contractbox.answers.findings import Finding


@dataclass(frozen=True)
class ReviewedFinding:
    """A finding with its current decision, as exports, the calendar and the report use it."""

    finding: Finding
    review: dict[str, Any] | None

    @property
    def decision(self) -> str | None:
        return self.review["decision"] if self.review else None

    @property
    def value(self) -> str | None:
        if self.review and self.review["decision"] == "corrected":
            return self.review["correctedValue"]
        return self.finding.value

    @property
    def note(self) -> str | None:
        return self.review["note"] if self.review else None


@dataclass(frozen=True)
class ReviewedListing:
    """The columns a contract is listed and filtered by, as its reviewers left them."""

    parties: list[dict[str, str]]
    effective_date: str | None
    expiration_date: str | None


@dataclass(frozen=True)
class ContractReview:
    """A contract's review status (the API's `review`), the party names its reviewers corrected, and
    its listing columns as reviewed (computed from the decisions)."""

    status: dict[str, Any]
    corrected_names: list[str]
    listing: ReviewedListing


def reviewed_listing(items: list[ReviewedFinding]) -> ReviewedListing:
    """Parties and the effective and expiration dates as reviewed: a correction replaces the
    engine's value, a rejected party or date is left out (the next date of its kind, if any, is used)."""
    kept = [item for item in items if item.decision != "rejected" and item.value]

    def first_date(kind: str) -> str | None:
        return next((i.value for i in kept if i.finding.kind == "date" and i.finding.key.split(":")[1] == kind), None)

    parties = [
        {"name": i.value or "", "role": str(i.finding.detail.get("role", ""))}
        for i in kept
        if i.finding.kind == "party"
    ]
    return ReviewedListing(parties, first_date("effective_date"), first_date("expiration_date"))


def contract_review(items: list[ReviewedFinding]) -> ContractReview:
    """A contract's review status from the current decisions of its findings."""
    decided = [item for item in items if item.review]
    names: list[str] = []
    for item in sorted(decided, key=lambda i: i.review["createdAt"] if i.review else ""):
        name = item.review["reviewer"]["name"] if item.review else ""
        if name and name not in names:
            names.append(name)
    state = "not_started" if not decided else "reviewed" if len(decided) == len(items) else "in_review"
    status = {
        "state": state,
        "decided": len(decided),
        "total": len(items),
        "reviewedBy": names,
        "reviewedAt": max((i.review["createdAt"] for i in decided if i.review), default=None),
    }
    corrected_names = [
        item.value or ""
        for item in decided
        if item.finding.kind == "party" and item.decision == "corrected" and item.value
    ]
    return ContractReview(status, corrected_names, reviewed_listing(items))
