"""The findings of a result a reviewer decides on, each under a key that stays the same when the
same document is analysed again (docs/api-notes.md, Reviews), and the result as reviewed."""

from __future__ import annotations

import hashlib
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from contractbox.engine.selection import FINDING

DATE_VALUE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def normalised(text: str) -> str:
    return " ".join(text.split()).casefold()


@dataclass
class Finding:
    key: str
    kind: str  # party | governing_law | risk | clause | date | obligation
    item_id: str | None
    label: str
    value: str | None
    evidence_ids: list[str]
    page: int | None
    quote: str
    start: int | None = None  # the first evidence's offset into the document text
    detail: dict[str, Any] = field(default_factory=dict)


def _evidence(result: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {e["id"]: e for e in result.get("evidence", [])}


_remembered = threading.local()


@contextmanager
def findings_remembered(result: dict[str, Any]) -> Iterator[None]:
    """Within the block, this thread works out the findings of `result` (the same object, unchanged)
    once: saving an imported document needs them twice, for its contract's review status and then
    for its grid row, and a result has hundreds of clauses and evidence items."""
    _remembered.entry = (result, None)
    try:
        yield
    finally:
        _remembered.entry = None


def findings_of(result: dict[str, Any]) -> list[Finding]:
    """Every finding of a result, in result order: parties, governing law, risks, clauses, dates,
    obligations. Clauses below the finding threshold (candidates) are not findings."""
    entry = getattr(_remembered, "entry", None)
    if entry is None or entry[0] is not result:
        return _findings(result)
    if entry[1] is None:
        _remembered.entry = (result, tuple(_findings(result)))
    return list(_remembered.entry[1])


def _findings(result: dict[str, Any]) -> list[Finding]:
    evidence = _evidence(result)

    def first(ids: list[str]) -> dict[str, Any] | None:
        return next((evidence[i] for i in ids if i in evidence), None)

    def make(
        key: str, kind: str, item_id: str | None, label: str, value: str | None, ids: list[str], **detail: Any
    ) -> Finding:
        ev = first(ids)
        quote = " … ".join(evidence[i]["text"] for i in ids if i in evidence)
        return Finding(
            key,
            kind,
            item_id,
            label,
            value,
            list(ids),
            ev["page"] if ev else None,
            quote,
            ev["start"] if ev else None,
            detail,
        )

    out: list[Finding] = []
    summary = result.get("summary") or {}
    for party in summary.get("parties", []):
        out.append(
            make(
                f"party:{normalised(party['name'])}",
                "party",
                None,
                f"Party ({party['role']})",
                party["name"],
                party["evidenceIds"],
                role=party["role"],
            )
        )
    law = summary.get("governingLaw")
    if law:
        out.append(
            make("governing_law", "governing_law", None, "Governing law", law["jurisdiction"], law["evidenceIds"])
        )
    seen: dict[str, int] = {}
    for risk in result.get("risks", []):
        seen[risk["category"]] = seen.get(risk["category"], 0) + 1
        n = seen[risk["category"]]
        key = f"risk:{risk['category']}" + (f":{n}" if n > 1 else "")
        out.append(make(key, "risk", risk["id"], risk["title"], risk["severity"], risk["evidenceIds"], risk=risk))
    for clause in result.get("clauses", []):
        if clause["confidence"] < FINDING:
            continue
        ev = first(clause["evidenceIds"])
        span = f"{ev['start']}-{ev['end']}" if ev else "none"
        out.append(
            make(
                f"clause:{clause['category']}:{span}",
                "clause",
                clause["id"],
                clause["label"],
                clause["label"],
                clause["evidenceIds"],
            )
        )
    for date in result.get("keyDates", []):
        ev = first(date["evidenceIds"])
        key = f"date:{date['kind']}:{ev['start'] if ev else date['id']}"
        label = date["kind"].replace("_", " ").capitalize()
        out.append(make(key, "date", date["id"], label, date["date"], date["evidenceIds"], text=date["text"]))
    for obligation in result.get("obligations", []):
        digest = hashlib.sha256(
            f"{normalised(obligation['party'])}|{normalised(obligation['action'])}".encode()
        ).hexdigest()[:12]
        out.append(
            make(
                f"obligation:{digest}",
                "obligation",
                obligation["id"],
                f"Obligation of {obligation['party']}",
                obligation["action"],
                obligation["evidenceIds"],
                obligation=obligation,
            )
        )
    return _unique(out)


def _unique(findings: list[Finding]) -> list[Finding]:
    """Two findings with one key (the same obligation stated twice) keep the first: one decision each."""
    keys: set[str] = set()
    kept = []
    for finding in findings:
        if finding.key not in keys:
            keys.add(finding.key)
            kept.append(finding)
    return kept


def check_corrected_value(finding: Finding, value: str) -> str | None:
    """None when `value` may correct `finding`; else why not."""
    if finding.kind == "date" and not DATE_VALUE.match(value):
        return "A corrected date is YYYY-MM-DD."
    return None
