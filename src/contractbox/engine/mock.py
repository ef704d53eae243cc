"""The test-mode engine: deterministic mock results derived from a hash of the document text.

It makes no network call, loads no model and does no real analysis, but its evidence points at
real sentences of the submitted text, so clients can build and test highlighting against it.
"""

from __future__ import annotations

import hashlib
import re
from datetime import date, timedelta
from typing import Any

from contractbox.documents import Document
from contractbox.engine.segment import strip_span

ENGINE = {"name": "mock", "version": "1"}
# A sentence ends at ". " or "; " before a capital or an opening bracket, or at a blank line;
# not after abbreviations that contracts are full of.
SENTENCE_END = re.compile(r"(?<!\bInc)(?<!\bLtd)(?<!\bCorp)(?<!\bNo)(?<!\bCo)(?<!\bSec)[.;](?=\s+[A-Z(\"])|\n\s*\n")
MIN_SENTENCE = 20
CLAUSES = [
    ("governing_law", "Governing Law"),
    ("cap_on_liability", "Cap On Liability"),
    ("termination_for_convenience", "Termination For Convenience"),
    ("renewal_term", "Renewal Term"),
    ("confidentiality", "Confidentiality"),
    ("indemnification", "Indemnification"),
    ("exclusivity", "Exclusivity"),
    ("payment_terms", "Payment Terms"),
]
RISKS = [
    (
        "cap_on_liability",
        "Liability may be uncapped",
        "No clear cap on liability was found in the quoted text.",
        "Negotiate a cap tied to fees paid.",
    ),
    ("renewal_term", "Automatic renewal", "The agreement may renew automatically.", "Calendar the notice deadline."),
    (
        "exclusivity",
        "Exclusivity commitment",
        "The quoted text may bind the organization to exclusivity.",
        "Limit exclusivity in scope and time.",
    ),
]
SEVERITIES = ("low", "medium", "high", "critical")


def _sentences(text: str) -> list[tuple[int, int]]:
    spans, start = [], 0
    for match in SENTENCE_END.finditer(text):
        spans.append(strip_span(text, start, match.end()))
        start = match.end()
    spans.append(strip_span(text, start, len(text)))
    long_enough = [span for span in spans if span[1] - span[0] >= MIN_SENTENCE]
    return long_enough or [span for span in spans if span[1] > span[0]] or [(0, len(text))]


def risk_level(value: int) -> str:
    return "low" if value < 25 else "medium" if value < 50 else "high" if value < 75 else "critical"


class _Picker:
    def __init__(self, seed: bytes) -> None:
        self.seed = seed
        self.counter = 0

    def number(self, modulo: int) -> int:
        self.counter += 1
        digest = hashlib.sha256(self.seed + self.counter.to_bytes(4, "big")).digest()
        return int.from_bytes(digest[:8], "big") % max(modulo, 1)


def analyze(document: Document) -> dict[str, Any]:
    text = document.text
    pick = _Picker(hashlib.sha256(text.encode("utf-8")).digest())
    sentences = _sentences(text)
    evidence: list[dict[str, Any]] = []

    def quote(span: tuple[int, int] | None = None) -> str:
        start, end = span or sentences[pick.number(len(sentences))]
        evidence_id = f"ev_{len(evidence) + 1}"
        evidence.append(
            {"id": evidence_id, "page": document.page_at(start), "start": start, "end": end, "text": text[start:end]}
        )
        return evidence_id

    clause_count = 3 + pick.number(len(CLAUSES) - 2)
    clauses = [
        {
            "id": f"cl_{i + 1}",
            "category": key,
            "label": label,
            "confidence": round(0.5 + pick.number(50) / 100, 2),
            "evidenceIds": [quote()],
        }
        for i, (key, label) in enumerate(CLAUSES[:clause_count])
    ]
    risks = [
        {
            "id": f"rk_{i + 1}",
            "category": cat,
            "severity": SEVERITIES[pick.number(4)],
            "title": title,
            "explanation": why,
            "recommendation": fix,
            "evidenceIds": [quote()],
        }
        for i, (cat, title, why, fix) in enumerate(RISKS[: 1 + pick.number(len(RISKS))])
    ]
    value = pick.number(101)
    points = [value // len(risks)] * len(risks)
    points[0] += value - sum(points)
    agreement_day = date(2020, 1, 1) + timedelta(days=pick.number(2000))
    first = quote(sentences[0])
    return {
        "engine": dict(ENGINE),
        "summary": {
            "text": f"Mock analysis of a {len(text)}-character document with {len(clauses)} clauses and {len(risks)} risks.",
            "documentType": "Mock Agreement",
            "parties": [
                {"name": "Mock Party A", "role": "party", "evidenceIds": [first]},
                {"name": "Mock Party B", "role": "counterparty", "evidenceIds": [first]},
            ],
            "governingLaw": {
                "jurisdiction": ("Delaware", "New York", "California", "England and Wales")[pick.number(4)],
                "evidenceIds": [quote()],
            },
        },
        "riskScore": {
            "value": value,
            "level": risk_level(value),
            "drivers": [{"riskId": r["id"], "points": p} for r, p in zip(risks, points)],
        },
        "clauses": clauses,
        "risks": risks,
        "obligations": [
            {
                "id": "ob_1",
                "party": "Mock Party A",
                "action": "Pay the fees when due.",
                "kind": "payment",
                "due": {"date": None, "text": "within 30 days"},
                "evidenceIds": [quote()],
            }
        ],
        "keyDates": [
            {
                "id": "kd_1",
                "kind": "agreement_date",
                "date": agreement_day.isoformat(),
                "text": text[sentences[0][0] : sentences[0][1]][:200],
                "evidenceIds": [first],
            }
        ],
        "evidence": evidence,
    }


def url_document(url: str, title: str | None) -> Document:
    """Test mode fetches nothing: a URL source becomes this fixed sample text, so polling,
    results and highlighting can be exercised without network access."""
    text = (
        f"MOCK SERVICES AGREEMENT (test mode stand-in for {url}).\n"
        "This Agreement is made between Mock Party A and Mock Party B.\n"
        "Mock Party A shall pay all fees within 30 days of invoice.\n"
        "Either party may terminate this Agreement on 30 days' written notice.\n"
        "This Agreement is governed by the laws of the State of Delaware.\n"
    )
    return Document.from_text(text, title)
