"""Answers read from the best clauses: agreement, effective and expiration dates, governing law.

Each answer keeps the character range it was read from, so the result can quote it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from contractbox.engine.dates import PERIOD, add_period, find_dates, parse_date, period_amount
from contractbox.engine.jurisdictions import jurisdiction_in

Scored = list[tuple[int, int, float]]  # (start, end, confidence) of one category's clauses

_TERM_ANCHOR = re.compile(
    r"(?:from|after|following|of|commencing (?:on|with)|beginning (?:on|with)|starting (?:on|with))\s+(?:the\s+)?"
    r"(?:effective date|date (?:of|hereof|first (?:above )?written|of execution)|execution|commencement date|signing)",
    re.I,
)
_DURATION_WORDS = re.compile(r"\b(?:term|period|continue|remain|expire|terminat|until|for)\w*", re.I)
_MIN_DATE_CONFIDENCE = 0.05


@dataclass(frozen=True)
class Fact:
    value: str | None  # ISO date or jurisdiction name
    start: int
    end: int
    text: str


def _ranked(scored: Scored | None) -> Scored:
    return sorted(scored or [], key=lambda s: (-s[2], s[0]))


def _first_date(text: str, start: int, end: int) -> Fact | None:
    for s, e, d in find_dates(text[start:end]):
        if d is not None:
            return Fact(d.isoformat(), start + s, start + e, text[start + s : start + e])
    return None


def _date_fact(text: str, scored: Scored | None) -> Fact | None:
    for start, end, conf in _ranked(scored):
        if conf < _MIN_DATE_CONFIDENCE:
            break
        fact = _first_date(text, start, end)
        if fact:
            return fact
    return None


def _expiration(text: str, scored: Scored | None, anchor: date | None) -> Fact | None:
    for start, end, conf in _ranked(scored)[:3]:
        if conf < _MIN_DATE_CONFIDENCE:
            break
        sentence = text[start:end]
        dates = [(s, e, d) for s, e, d in find_dates(sentence) if d is not None]
        later = [x for x in dates if anchor is None or x[2] > anchor]
        if later:
            s, e, d = later[-1]
            return Fact(d.isoformat(), start + s, start + e, sentence[s:e])
        if anchor is None:
            continue
        for m in PERIOD.finditer(sentence):
            amount = period_amount(m)
            window = sentence[m.end() : m.end() + 80]
            if amount and amount[1] in ("year", "month") and _TERM_ANCHOR.search(window):
                end_date = add_period(anchor, *amount)
                return Fact(end_date.isoformat(), start + m.start(), start + m.end(), m.group())
        for m in PERIOD.finditer(sentence):
            amount = period_amount(m)
            before = sentence[max(0, m.start() - 60) : m.start()]
            if amount and amount[1] == "year" and _DURATION_WORDS.search(before) and "renew" not in before.lower():
                end_date = add_period(anchor, *amount)
                return Fact(end_date.isoformat(), start + m.start(), start + m.end(), m.group())
    return None


def _governing_law(text: str, scored: Scored | None) -> Fact | None:
    for start, end, conf in _ranked(scored)[:3]:
        found = jurisdiction_in(text[start:end])
        if found:
            name, s, e = found
            return Fact(name, start + s, start + e, text[start + s : start + e])
    return None


def find_key_facts(text: str, by_category: dict[str, Scored]) -> dict[str, Fact]:
    facts: dict[str, Fact] = {}
    agreement = _date_fact(text, by_category.get("agreement_date"))
    effective = _date_fact(text, by_category.get("effective_date")) or agreement
    if agreement is None and effective is not None:
        agreement = effective
    anchor_fact = effective or agreement
    anchor = date.fromisoformat(anchor_fact.value) if anchor_fact and anchor_fact.value else None
    expiration = _expiration(text, by_category.get("expiration_date"), anchor)
    law = _governing_law(text, by_category.get("governing_law"))
    for kind, fact in (("agreement_date", agreement), ("effective_date", effective),
                       ("expiration_date", expiration), ("governing_law", law)):
        if fact is not None:
            facts[kind] = fact
    return facts


def key_facts(text: str, by_category: dict[str, Scored]) -> dict[str, str | None]:
    """Only the values: ISO dates and the jurisdiction (what the scorer compares)."""
    return {k: f.value for k, f in find_key_facts(text, by_category).items()}


__all__ = ["Fact", "find_key_facts", "key_facts", "parse_date"]
