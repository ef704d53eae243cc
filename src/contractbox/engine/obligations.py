"""Obligations: sentences where a party shall, will or must do something, attributed to the named party.

The subject is resolved through the parties found in the preamble: their legal names, their defined terms
("Ono", "the Licensee") and their roles all map to the party's legal name. A mutual duty ("each Party",
"either party", "the Parties") is listed once for each named party (as "Each Party" when there are more than
three or none). The action is the whole rest of the sentence (cut only
at a word boundary when very long); a due date or period is read from that same sentence only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from contractbox.engine.dates import PERIOD, find_dates

_KINDS = (
    ("payment", re.compile(r"\b(pay|payment|fees?\b|invoice|royalt|reimburse|compensat)", re.IGNORECASE)),
    ("delivery", re.compile(r"\b(deliver|ship|supply|provide the (?:products|services)|manufactur|perform the)",
                            re.IGNORECASE)),
    ("purchase", re.compile(r"\b(purchase|buy)\w*|\bplace\w*\s+(?:purchase\s+)?orders?\b", re.IGNORECASE)),
    ("license", re.compile(r"\b(grants?|licen[cs]e)\b", re.IGNORECASE)),
    ("reporting", re.compile(r"\b(report|statement|records|account)", re.IGNORECASE)),
    ("insurance", re.compile(r"\binsurance|\binsured\b", re.IGNORECASE)),
    ("confidentiality", re.compile(r"\b(confidential|disclos)", re.IGNORECASE)),
    ("compliance", re.compile(r"\b(comply|compliance|laws|regulation)", re.IGNORECASE)),
    ("notice", re.compile(r"\b(notify|notice|inform)", re.IGNORECASE)),
)
_MAIN_KINDS = {"payment", "delivery", "purchase", "license", "reporting", "insurance"}
_MODAL = re.compile(
    r"(?:,[^,;.]{1,60},\s*|\s+(?:also|hereby|promptly|further|shall\s+also)\s+|\s+)"
    r"(shall|will|must|agrees?\s+to|undertakes?\s+to|covenants?\s+to|is\s+required\s+to)(\s+not)?\b\s*",
    re.IGNORECASE,
)
_NOT_DUTIES = re.compile(r"(?:be\s+entitled|have\s+(?:the\s+)?(?:sole\s+|exclusive\s+|first\s+)?right|be\s+deemed|"
                         r"be\s+liable|not\s+be\s+liable|be\s+"
                         r"permitted|have\s+no\s+(?:obligation|liability))", re.IGNORECASE)
_MUTUAL = ("each party", "either party", "both parties", "the parties", "each of the parties", "neither party")
_SENTENCE_END = re.compile(r"\.(?=\s+(?:[A-Z(\"“]|\d+\.))|\n[ \t]*\n")
_ABBREVIATION = re.compile(r"(?:\b[A-Z]|\b(?:No|Nos|Inc|Ltd|Co|Corp|Sec|St|U\.S|e\.g|i\.e|etc|Art|para))$")
_MAX = 60
_MAX_ACTION = 400
EACH_PARTY = "Each Party"


class PartyLike(Protocol):
    name: str
    role: str
    aliases: tuple[str, ...]


@dataclass(frozen=True)
class Obligation:
    party: str
    action: str
    kind: str
    due_text: str | None
    due_date: str | None
    start: int
    end: int


def subject_map(parties: Sequence[PartyLike]) -> dict[str, str]:
    """Lower-cased subject words -> the party's legal name ("licensee" -> "Ono Pharmaceutical Co., Ltd.")."""
    subjects: dict[str, str] = {}
    roles: dict[str, list[str]] = {}
    for p in parties:
        for term in (p.name, *p.aliases):
            subjects.setdefault(term.lower(), p.name)
        if p.role != "party":
            roles.setdefault(p.role.lower(), []).append(p.name)
    for role, names in roles.items():
        if len(names) == 1:  # a role shared by two parties names neither
            subjects.setdefault(role, names[0])
    for mutual in _MUTUAL:
        subjects[mutual] = EACH_PARTY
    return subjects


def _subject_pattern(subjects: dict[str, str]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(s) for s in sorted(subjects, key=len, reverse=True))
    return re.compile(rf"(?<![\w'’])(?:the\s+)?({alternatives})(?![\w'’])", re.IGNORECASE)


def _kind(action: str) -> str:
    """The kind whose word comes first in the action (the main verb, not a word in a subordinate clause)."""
    first = (len(action), "other")
    for kind, pattern in _KINDS:
        m = pattern.search(action)
        if m and m.start() < first[0]:
            first = (m.start(), kind)
    return first[1]


def _due(sentence: str) -> tuple[str | None, str | None]:
    for _, _, d in find_dates(sentence):
        if d is not None:
            return None, d.isoformat()
    m = re.search(r"\b(?:within|no later than|at least|not less than|prior to|before)\s+[^,.;]{0,20}?" + PERIOD.pattern,
                  sentence, re.IGNORECASE)
    if m:
        return " ".join(m.group().split()), None
    return None, None


def _sentences(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The candidate span cut into sentences, so nothing is read from a neighbouring sentence."""
    out, at = [], start
    for m in _SENTENCE_END.finditer(text, start, end):
        if m.group() == "." and _ABBREVIATION.search(text, max(start, m.start() - 6), m.start()):
            continue
        out.append((at, m.end()))
        at = m.end()
    if at < end:
        out.append((at, end))
    return [(s + len(text[s:e]) - len(text[s:e].lstrip()), e) for s, e in out if text[s:e].strip()]


def whole_action(text: str, start: int, end: int) -> str:
    """The rest of the sentence from `start`, whitespace collapsed, cut only between words."""
    action = " ".join(text[start:end].split()).rstrip(" .;:")
    if len(action) <= _MAX_ACTION:
        return action
    cut = action.rfind(" ", 0, _MAX_ACTION)
    return action[:cut].rstrip(" ,;") + " …"


def _in_sentence(text: str, start: int, end: int, subjects: dict[str, str],
                 pattern: re.Pattern[str]) -> list[Obligation]:
    """Duties in one sentence; a mutual duty ("each Party shall") is each named party's, listed once per party."""
    named = list(dict.fromkeys(v for v in subjects.values() if v != EACH_PARTY))
    out: list[Obligation] = []
    seen: set[str] = set()
    for m in pattern.finditer(text, start, end):
        modal = _MODAL.match(text, m.end())
        if not modal or _NOT_DUTIES.match(text, modal.end()):
            continue
        party = subjects[m.group(1).lower()]
        action = whole_action(text, modal.start(1), end)
        if party in seen or len(action) < 12:
            continue
        seen.add(party)
        due_text, due_date = _due(text[start:end])
        for obligor in named if party == EACH_PARTY and 2 <= len(named) <= 3 else [party]:
            out.append(Obligation(obligor, action, _kind(action), due_text or due_date, due_date, start, end))
    return out


def find_obligations(text: str, spans: list[tuple[int, int]], parties: Sequence[PartyLike]) -> list[Obligation]:
    """Obligations in the sentence spans, main duties of named parties first when there are too many."""
    subjects = subject_map(parties)
    pattern = _subject_pattern(subjects)
    found: list[Obligation] = []
    for span_start, span_end in spans:
        for start, end in _sentences(text, span_start, span_end):
            found.extend(_in_sentence(text, start, end, subjects, pattern))
    if len(found) <= _MAX:
        return found

    def priority(ob: Obligation) -> tuple[int, int]:
        return (ob.party == EACH_PARTY, ob.kind not in _MAIN_KINDS)

    kept = set(sorted(range(len(found)), key=lambda i: (*priority(found[i]), i))[:_MAX])
    return [ob for i, ob in enumerate(found) if i in kept]
