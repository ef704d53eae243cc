"""Analysis engines: `mock` for test keys, `live` (the offline CPU engine) for live keys.

Both take a Document and return the body of an analysis result as the API conventions define
it (engine, summary, riskScore, clauses, risks, obligations, keyDates, evidence); the analyses
service adds analysisId, object and mode.
"""

from __future__ import annotations

from typing import Any

from contractbox.documents import Document


def analyze(document: Document, mode: str) -> dict[str, Any]:
    from contractbox.engine.provenance import add_provenance

    if mode == "test":
        from contractbox.engine import mock

        return add_provenance(document, mock.analyze(document))
    from contractbox.engine import live

    return add_provenance(document, live.analyze(document))
