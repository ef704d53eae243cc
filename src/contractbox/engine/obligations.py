"""Obligations: sentences where a named party (or "each party") shall, will or must do something."""

from __future__ import annotations

import re
from dataclasses import dataclass

from contractbox.engine.dates import PERIOD, find_dates

_KINDS = (
    ("payment", re.compile(r"\b(pay|payment|fee|invoice|royalt|reimburse)", re.I)),
    ("delivery", re.compile(r"\b(deliver|ship|supply|provide the products|manufactur)", re.I)),
    ("reporting", re.compile(r"\b(report|statement|records|account)", re.I)),
    ("confidentiality", re.compile(r"\b(confidential|disclos)", re.I)),
    ("insurance", re.compile(r"\binsurance|\binsured\b", re.I)),
    ("compliance", re.compile(r"\b(comply|compliance|laws|regulation)", re.I)),
    ("notice", re.compile(r"\b(notify|notice|inform)", re.I)),
)
_MODAL = r"(?:shall|will|must|agrees? to|undertakes? to)(?:\s+not)?"
_MAX = 40


@dataclass(frozen=True)
class Obligation:
    party: str
    action: str
    kind: str
    due_text: str | None
    due_date: str | None
    start: int
    end: int


def _kind(action: str) -> str:
    for kind, pattern in _KINDS:
        if pattern.search(action):
            return kind
    return "other"


def _due(sentence: str) -> tuple[str | None, str | None]:
    for _, _, d in find_dates(sentence):
        if d is not None:
            return None, d.isoformat()
    m = re.search(r"\b(?:within|no later than|at least|not less than|prior to|before)\s+[^,.;]{0,20}?" + PERIOD.pattern,
                  sentence, re.I)
    if m:
        return " ".join(m.group().split()), None
    return None, None


def find_obligations(text: str, sentences: list[tuple[int, int]], party_names: list[str]) -> list[Obligation]:
    names = [n for n in party_names if n] + ["each party", "either party", "the parties", "both parties"]
    alternatives = "|".join(re.escape(n) for n in sorted(set(names), key=len, reverse=True))
    pattern = re.compile(rf"\b({alternatives})\s+{_MODAL}\s+(?!be entitled|have the right)([^;.]{{8,200}})", re.I)
    out: list[Obligation] = []
    for start, end in sentences:
        sentence = text[start:end]
        m = pattern.search(sentence)
        if not m:
            continue
        action = " ".join(m.group(2).split())
        due_text, due_date = _due(sentence)
        if due_date and not due_text:
            due_text = due_date
        out.append(Obligation(" ".join(m.group(1).split()), action, _kind(action), due_text, due_date, start, end))
        if len(out) == _MAX:
            break
    return out
