"""Whole clauses around evidence quotes: a comparison shows each side's clause as the reader
finds it in the document (the paragraph the quote sits in), not stitched fragments of quotes."""

from __future__ import annotations

MAX_CLAUSE = 2500  # characters; a longer "paragraph" is a page of unbroken text: fall back to the line


def _bounds(text: str, start: int, end: int, separator: str) -> tuple[int, int]:
    left = text.rfind(separator, 0, start)
    right = text.find(separator, end)
    return (0 if left < 0 else left + len(separator)), (len(text) if right < 0 else right)


def whole_clause(text: str, start: int, end: int) -> tuple[int, int]:
    """The paragraph (blank-line bounded) holding text[start:end], else its line, else the quote."""
    if not 0 <= start <= end <= len(text):
        return start, end
    for separator in ("\n\n", "\n"):
        left, right = _bounds(text, start, end, separator)
        if right - left <= MAX_CLAUSE:
            return left, right
    return start, end


def clause_text(text: str, spans: list[tuple[int, int]]) -> list[str]:
    """The whole clauses of several quotes, in document order, each once (overlapping ones merged)."""
    merged: list[tuple[int, int]] = []
    for left, right in sorted(whole_clause(text, s, e) for s, e in spans):
        if merged and left <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], right))
        else:
            merged.append((left, right))
    return [text[left:right].strip() for left, right in merged]
