"""What a completed analysis answers before anyone has decided on it: its grid cells and quotes
(`answers/questions.py`), its contract's review status (`answers/reviewed.py`) and listing columns
(`answers/listing.py`). The analysis
worker computes them beside the result, where the work runs in parallel, and sends them with it;
the server stores them as they are unless decisions on the same document already exist, and
recomputes them with the same functions after a decision."""

from __future__ import annotations

from typing import Any

import msgspec

from contractbox.answers.findings import findings_of
from contractbox.answers.listing import result_listing
from contractbox.answers.questions import answers
from contractbox.answers.reviewed import ContractReview, ReviewedFinding, ReviewedListing, contract_review


class Unreviewed(msgspec.Struct, frozen=True):
    """A result's answers with no decisions, as the worker sends them (msgpack)."""

    cells: str  # JSON, the grid row's cells by question key
    quotes: str  # JSON, the export's quotes by question key
    status: dict[str, Any]  # the contract's `review`
    parties: list[dict[str, str]]
    effectiveDate: str | None
    expirationDate: str | None
    listing: dict[str, Any]  # answers/listing.py's columns of the contract's row

    def review(self) -> ContractReview:
        return ContractReview(
            dict(self.status), [], ReviewedListing(list(self.parties), self.effectiveDate, self.expirationDate)
        )


def unreviewed(result: dict[str, Any]) -> Unreviewed:
    """The answers of a decoded result that has no decisions yet."""
    reviewed = [ReviewedFinding(finding, None) for finding in findings_of(result)]
    cells, quotes = answers(result, reviewed)
    review = contract_review(reviewed)
    return Unreviewed(
        cells=msgspec.json.encode(cells).decode(),
        quotes=msgspec.json.encode(quotes).decode(),
        status=review.status,
        parties=review.listing.parties,
        effectiveDate=review.listing.effective_date,
        expirationDate=review.listing.expiration_date,
        listing=result_listing(result),
    )


def from_reply(value: Any) -> Unreviewed | None:
    """The worker's answers, checked; None when it sent none."""
    return None if value is None else msgspec.convert(value, Unreviewed)
