"""Parties and their roles, read from the preamble the clause model picked.

A preamble names each party, often followed by a defined short name in quotes:
`I-ESCROW, INC., a Delaware corporation ("i-Escrow")` or `... (the "Distributor")`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_ALIAS = re.compile(
    r"\(\s*(?:each\s+|together\s+|collectively\s+)?(?:(?:hereinafter|herein)\s+)?(?:(?:referred\s+to\s+|called\s+)?as\s+)?"
    r"(?:the\s+|a\s+)?[\"“']([^\"”'()]{2,60})[\"”']",
    re.I,
)
_ENTITY = re.compile(
    r"((?:[A-Z0-9][\w&.,'\-]*\s+){0,7}?[A-Z0-9][\w&.'\-]*,?\s+"
    r"(?i:Inc|Incorporated|Corp|Corporation|Company|Co|LLC|L\.L\.C|Ltd|Limited|LP|L\.P|LLP|PLC|plc|GmbH|AG|S\.A|SA|N\.V|"
    r"B\.V|Pty|Trust|Bank|Partnership|Holdings|Group|University)\b\.?)"
)
_CAPITALISED = re.compile(r"((?:[A-Z0-9][\w&.'\-]*\s+){0,5}[A-Z0-9][\w&.'\-]*)")
_NOT_PARTIES = {"agreement", "effective date", "parties", "party", "this agreement", "contract"}
ROLE_WORDS = (
    "licensor licensee supplier distributor customer company consultant franchisor franchisee vendor purchaser "
    "buyer seller manufacturer reseller agent client contractor provider sponsor lessor lessee landlord tenant "
    "employer employee developer publisher partner investor lender borrower shipper carrier owner operator"
).split()


@dataclass(frozen=True)
class Party:
    name: str
    role: str
    start: int
    end: int


def _role(alias: str | None, context: str) -> str:
    for text in (alias or "", context):
        low = text.lower()
        for word in ROLE_WORDS:
            if re.search(rf"\b{word}\b", low):
                return word
    return "party"


def _name_before(text: str, lo: int, hi: int) -> tuple[int, int] | None:
    """The entity name closest before `hi` (within the preamble slice starting at `lo`)."""
    window_start = max(lo, hi - 300)
    window = text[window_start:hi]
    cut = max(window.rfind(" and "), window.rfind(" between "), window.rfind(" among "), window.rfind(";"),
              window.rfind(":"), window.rfind(")"))
    segment_start = window_start + (cut + 1 if cut >= 0 else 0)
    segment = text[segment_start:hi]
    m = _ENTITY.search(segment) or _CAPITALISED.search(segment)
    if not m:
        return None
    s, e = segment_start + m.start(1), segment_start + m.end(1)
    while e > s and text[e - 1] in ",. ":
        e -= 1
    return (s, e) if e - s >= 2 else None


def find_parties(text: str, start: int, end: int, limit: int = 6) -> list[Party]:
    """Parties named in text[start:end] (the preamble), in order of appearance."""
    parties: list[Party] = []
    seen: set[str] = set()
    for m in _ALIAS.finditer(text, start, end):
        alias = m.group(1).strip()
        if alias.lower() in _NOT_PARTIES or re.search(r"\bdate\b|agreement", alias, re.I):
            continue
        bounds = _name_before(text, start, m.start())
        if bounds is None:
            name, s, e = alias, m.start(1), m.end(1)
        else:
            s, e = bounds
            name = " ".join(text[s:e].split())
        if name.lower() in seen or name.lower() in _NOT_PARTIES:
            continue
        seen.add(name.lower())
        parties.append(Party(name, _role(alias, text[e : m.start()]), s, e))
        if len(parties) == limit:
            return parties
    if not parties:
        for m in _ENTITY.finditer(text, start, end):
            name = " ".join(m.group(1).split()).strip(",. ")
            if name.lower() not in seen:
                seen.add(name.lower())
                parties.append(Party(name, "party", m.start(1), m.start(1) + len(m.group(1).rstrip(",. "))))
            if len(parties) == limit:
                break
    return parties
