"""What may be reported as a document's name: a title that names a kind of document.

The title candidates are short lines and "... AGREEMENT" phrases near the top; a bare "AGREEMENT",
"This Agreement", "Term of Agreement", "Entire Agreement" or "PARTIES TO THIS CONTRACT" names no kind
of document (CUAD labels none of them) and is not offered even as a candidate.
"""

from __future__ import annotations

import re

_NAMES_NOTHING = frozenset(
    {
        "a",
        "agreement",
        "an",
        "and",
        "contract",
        "copy",
        "entire",
        "execution",
        "hereto",
        "herein",
        "of",
        "original",
        "page",
        "parties",
        "party",
        "signature",
        "term",
        "termination",
        "the",
        "this",
        "to",
        "version",
    }
)


def names_a_document(title: str) -> bool:
    """Whether the title has a word besides articles, "agreement"/"contract" and clause headings."""
    return any(word not in _NAMES_NOTHING for word in re.findall(r"[a-z]+", title.lower()))


# the document named as another one this text refers to: "under a Master Subscription Agreement between the parties
# dated June 2, 2026", "pursuant to the Supply Agreement dated"
_REFERRED_BEFORE = re.compile(r"\b(?:under|pursuant\s+to|in\s+connection\s+with)\s+(?:a|an|the)\s+$", re.IGNORECASE)
_REFERRED_AFTER = re.compile(r"\s*(?:\([^()]{0,40}\)\s*)?(?:between\b[^.;]{0,120}?\bdated\b|dated\b)", re.IGNORECASE)
# the heading the text opens with: one short line of capitals ("PROCESSOR TERMS")
_OPENING_HEADING = re.compile(r"\A\s*([A-Z][A-Z0-9&'’,\- ]{2,78}[A-Z])[ \t]*\n")


def names_another_document(text: str, start: int, end: int) -> bool:
    """The name at start:end is of another document this one refers to, not this one's own."""
    return bool(
        _REFERRED_BEFORE.search(text, max(0, start - 40), start) and _REFERRED_AFTER.match(text, end, end + 160)
    )


def opening_heading(text: str) -> str | None:
    """The capitals heading on the text's first line, where it names a kind of document."""
    m = _OPENING_HEADING.match(text)
    return m.group(1) if m and names_a_document(m.group(1)) else None
