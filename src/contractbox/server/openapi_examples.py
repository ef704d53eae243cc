"""Examples on the main requests and responses of the OpenAPI document (OpenAPI `examples` maps).

Each value must match its schema: tests/test_openapi.py validates every example here against the
published document, so an example cannot drift from the API it illustrates."""

from __future__ import annotations

from typing import Any

Examples = dict[str, dict[str, Any]]

ANALYSIS_ID = "ana_8f3k2m9q1x7c4v6b"
CONTRACT_ID = "ctr_2n5p8r1t4w7y0a3d"
CREATED = "2026-11-25T09:14:03Z"

ANALYSIS_QUEUED: dict[str, Any] = {
    "analysisId": ANALYSIS_ID,
    "object": "analysis",
    "mode": "live",
    "status": "queued",
    "title": "Master services agreement",
    "sourceType": "pdf",
    "filename": "msa.pdf",
    "createdAt": CREATED,
    "startedAt": None,
    "completedAt": None,
    "error": None,
    "document": None,
    "metadata": {"matter": "2026-114"},
    "links": {"self": f"/v1/analyses/{ANALYSIS_ID}", "result": f"/v1/analyses/{ANALYSIS_ID}/result"},
}
ANALYSIS_COMPLETED: dict[str, Any] = {
    **ANALYSIS_QUEUED,
    "status": "completed",
    "startedAt": "2026-11-25T09:14:03Z",
    "completedAt": "2026-11-25T09:14:04Z",
    "document": {"pageCount": 12, "characterCount": 48210, "sha256": "9b1e" + "0" * 60},
}
RESULT: dict[str, Any] = {
    "analysisId": ANALYSIS_ID,
    "object": "analysis_result",
    "mode": "live",
    "engine": {"name": "contractbox-engine", "version": "2.0.0"},
    "summary": {
        "text": "Master services agreement between Northwind Ltd (customer) and Contoso Inc. (supplier), "
        "governed by the laws of Delaware.",
        "documentType": "Master Services Agreement",
        "parties": [
            {"name": "Northwind Ltd", "role": "customer", "evidenceIds": ["ev_1"]},
            {"name": "Contoso Inc.", "role": "supplier", "evidenceIds": ["ev_1"]},
        ],
        "governingLaw": {"jurisdiction": "Delaware", "evidenceIds": ["ev_3"]},
    },
    "riskScore": {"value": 34, "level": "medium", "drivers": [{"riskId": "risk_1", "points": 18.0}]},
    "clauses": [
        {
            "id": "cl_1",
            "category": "governing_law",
            "label": "Governing Law",
            "confidence": 0.97,
            "evidenceIds": ["ev_3"],
        }
    ],
    "risks": [
        {
            "id": "risk_1",
            "category": "termination_for_convenience",
            "severity": "medium",
            "title": "Either party may terminate for convenience",
            "explanation": "Either party may end the agreement on 60 days' written notice without cause.",
            "recommendation": "Ask for a longer notice period or a minimum term.",
            "evidenceIds": ["ev_2"],
        }
    ],
    "obligations": [
        {
            "id": "ob_1",
            "party": "Northwind Ltd",
            "action": "pay each invoice within 30 days",
            "kind": "payment",
            "due": {"date": None, "text": "within 30 days"},
            "evidenceIds": ["ev_4"],
        }
    ],
    "keyDates": [
        {
            "id": "kd_1",
            "kind": "effective",
            "date": "2025-01-05",
            "text": "dated January 5, 2025",
            "evidenceIds": ["ev_1"],
        }
    ],
    "evidence": [
        {
            "id": "ev_1",
            "page": 1,
            "start": 0,
            "end": 92,
            "text": "MASTER SERVICES AGREEMENT dated January 5, 2025 between Northwind Ltd and Contoso Inc.",
        },
        {
            "id": "ev_2",
            "page": 4,
            "start": 9120,
            "end": 9190,
            "text": "Either party may terminate this Agreement on 60 days written notice.",
        },
        {
            "id": "ev_3",
            "page": 11,
            "start": 45010,
            "end": 45081,
            "text": "This Agreement is governed by the laws of the State of Delaware.",
        },
        {
            "id": "ev_4",
            "page": 3,
            "start": 6020,
            "end": 6063,
            "text": "Northwind Ltd shall pay each invoice within 30 days.",
        },
    ],
}

REQUEST_EXAMPLES: dict[tuple[str, str], Examples] = {
    ("post", "/v1/analyses"): {
        "text": {
            "summary": "Pasted text",
            "value": {
                "title": "Mutual NDA",
                "sourceType": "text",
                "text": "MUTUAL NON-DISCLOSURE AGREEMENT between Northwind Ltd and Contoso Inc. ...",
            },
        },
        "pdf": {
            "summary": "A PDF, base64-encoded",
            "value": {
                "title": "Master services agreement",
                "sourceType": "pdf",
                "pdfBase64": "JVBERi0xLjcKJcfsj6IK",
                "filename": "msa.pdf",
                "metadata": {"matter": "2026-114"},
            },
        },
        "url": {
            "summary": "A document on the intranet",
            "value": {"title": "Supplier terms", "sourceType": "url", "url": "https://intranet.example.com/terms.html"},
        },
    },
    ("post", "/v1/contracts"): {
        "save": {
            "summary": "Save a completed analysis as a contract",
            "value": {"analysisId": ANALYSIS_ID, "title": "Contoso MSA 2025", "metadata": {"matter": "2026-114"}},
        }
    },
    ("post", "/v1/comparisons"): {
        "versions": {
            "summary": "Compare two versions: two analysis ids, or two contract ids",
            "value": {"left": "ana_1a2b3c4d5e6f7g8h", "right": ANALYSIS_ID},
        }
    },
    ("post", "/v1/webhooks"): {
        "endpoint": {
            "summary": "Subscribe to finished analyses",
            "value": {
                "url": "https://hooks.example.com/contractbox",
                "events": ["analysis.completed", "analysis.failed"],
                "description": "Matter management system",
            },
        }
    },
}

CONTRACT_EXISTS: dict[str, Any] = {
    "error": {
        "type": "conflict_error",
        "code": "contract_exists",
        "message": f"Analysis '{ANALYSIS_ID}' is already saved as contract '{CONTRACT_ID}'.",
        "param": "analysisId",
        "requestId": "req_5b2c9d1e7f3a",
        "contractId": CONTRACT_ID,
    }
}

RESPONSE_EXAMPLES: dict[tuple[str, str], dict[int, Examples]] = {
    ("post", "/v1/analyses"): {202: {"queued": {"summary": "Accepted; poll Location", "value": ANALYSIS_QUEUED}}},
    ("get", "/v1/analyses/{analysisId}"): {200: {"completed": {"summary": "Done", "value": ANALYSIS_COMPLETED}}},
    ("get", "/v1/analyses/{analysisId}/result"): {200: {"result": {"summary": "A live result", "value": RESULT}}},
    ("post", "/v1/contracts"): {
        409: {"exists": {"summary": "Already saved: error.contractId names the contract", "value": CONTRACT_EXISTS}}
    },
}

# Webhook deliveries (the document's `webhooks` section), by event type.
EVENT_EXAMPLES: dict[str, Examples] = {
    "analysis.completed": {
        "completed": {
            "summary": "An analysis finished: fetch its result",
            "value": {
                "eventId": "evt_3k9d2m5q8x1c7v4b",
                "object": "event",
                "type": "analysis.completed",
                "createdAt": "2026-11-25T09:14:04Z",
                "mode": "live",
                "data": {"object": ANALYSIS_COMPLETED},
            },
        }
    }
}
