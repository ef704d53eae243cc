"""Names in the signature blocks: a line holding a legal name, followed shortly by "By: ___" or "Name: ___".

Used to confirm the parties read from the preamble and, when the preamble names fewer than two, to find them.
"""

from __future__ import annotations

import re

from contractbox.engine.party_names import is_plausible_name, read_name

_WITNESS = re.compile(
    r"IN\s+WITNESS\s+WHEREOF|EXECUTED\s+(?:as\s+an\s+agreement|by)|SIGNED\s+(?:by|for)", re.IGNORECASE
)
_SIGN_LINE = re.compile(r"\n[ \t]*(?:By|Signature|Signed|Name)\s*:", re.IGNORECASE)
_NAME_LINE = re.compile(
    r"^[ \t]*(?:for\s+and\s+on\s+behalf\s+of\s+|on\s+behalf\s+of\s+)?", re.IGNORECASE | re.MULTILINE
)


def _signature_area(text: str) -> int:
    last = None
    for m in _WITNESS.finditer(text, max(0, len(text) // 2)):
        last = m
    return last.start() if last else max(0, len(text) - 6000)


def signature_names(text: str) -> list[str]:
    """Legal names (with a legal form) written just above a "By:" line, in document order."""
    start = _signature_area(text)
    names: list[str] = []
    for line in _NAME_LINE.finditer(text, start):
        span = read_name(text, line.end())
        if span is None or not span.legal_form:
            continue
        rest_of_line = text[span.end : text.find("\n", span.end) if "\n" in text[span.end :] else len(text)]
        if rest_of_line.strip(" :,.") or not _SIGN_LINE.search(text, span.end, span.end + 160):
            continue
        name = span.text(text)
        if is_plausible_name(name, True) and name not in names:
            names.append(name)
    return names
