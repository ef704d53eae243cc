"""The columns a contract is listed and filtered by, as the engine found them in its result (the
contract's row keeps them beside the result; reviewers' corrections are applied by
answers/reviewed.py). A pure function of the result: the analysis worker computes it for a review
set's document (answers/precomputed.py), the server for any other save."""

from __future__ import annotations

import json
from typing import Any


def first_date(result: dict[str, Any], kind: str) -> str | None:
    """The first dated key date of `kind` in the result (engines list them in document order)."""
    for key_date in result["keyDates"]:
        if key_date["kind"] == kind and key_date["date"]:
            return key_date["date"]
    return None


def result_listing(result: dict[str, Any]) -> dict[str, Any]:
    """document_type, parties (JSON), risk_value, risk_level, effective_date and expiration_date."""
    parties = [{"name": p["name"], "role": p["role"]} for p in result["summary"]["parties"]]
    return {
        "document_type": result["summary"]["documentType"],
        "parties": json.dumps(parties),
        "risk_value": result["riskScore"]["value"],
        "risk_level": result["riskScore"]["level"],
        "effective_date": first_date(result, "effective_date"),
        "expiration_date": first_date(result, "expiration_date"),
    }
