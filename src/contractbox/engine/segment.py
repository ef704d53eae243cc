"""Cutting a contract into candidate spans: sentences, clause pieces and short sentence groups.

CUAD annotators highlight whole sentences most of the time, sometimes a piece of a sentence
(between semicolons or after a colon) and sometimes two or three sentences of one paragraph, so
the classifier scores all three shapes and the best-scoring shape wins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Words that end with a period without ending a sentence.
_ABBREVIATIONS = frozenset(
    [
        "inc",
        "ltd",
        "co",
        "corp",
        "llc",
        "l.l.c",
        "no",
        "nos",
        "sec",
        "secs",
        "art",
        "para",
        "e.g",
        "i.e",
        "etc",
        "vs",
        "v",
        "mr",
        "mrs",
        "ms",
        "dr",
        "st",
        "u.s",
        "u.s.a",
        "n.a",
        "s.a",
        "b.v",
        "n.v",
        "gmbh",
        "jr",
        "sr",
        "approx",
        "dept",
        "fig",
        "ex",
        "exh",
        "sch",
        "p.c",
        "l.p",
        "plc",
        "pty",
        "cf",
        "al",
        "jan",
        "feb",
        "mar",
        "apr",
        "jun",
        "jul",
        "aug",
        "sep",
        "sept",
        "oct",
        "nov",
        "dec",
    ]
)
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n\s*")
_SENTENCE_END = re.compile(r"[.!?][\"')\]]*(?=\s+[\"'(\[]?[A-Z0-9])")
# the punctuation is matched, not looked behind at: `re` then skips to the next ";" or ":" instead of
# trying every character (a piece starts right after it)
_PIECE_BREAK = re.compile(r"[;:]\s+")
_WORD_BEFORE = re.compile(r"([A-Za-z.]+)$")
MIN_CHARS = 12


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    kind: str  # "sent", "piece" or "group"
    paragraph: int
    index: int  # sentence index in the document (first sentence of a group)


def strip_span(text: str, start: int, end: int) -> tuple[int, int]:
    """[start, end) without leading and trailing white space."""
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def paragraphs(text: str) -> list[tuple[int, int]]:
    spans, pos = [], 0
    for m in _PARAGRAPH_BREAK.finditer(text):
        spans.append(strip_span(text, pos, m.start()))
        pos = m.end()
    spans.append(strip_span(text, pos, len(text)))
    return [(s, e) for s, e in spans if e > s]


def _is_abbreviation(text: str, start: int, dot: int) -> bool:
    m = _WORD_BEFORE.search(text, max(start, dot - 12), dot)
    if not m:
        return False
    word = m.group(1).lower().rstrip(".")
    if word in _ABBREVIATIONS:
        return True
    # single letters and section numbers: "a.", "(b).", "12.", "3.1."
    return len(word) <= 1 or text[dot - 1].isdigit() and (dot - start) < 8


def sentences(text: str, start: int, end: int) -> list[tuple[int, int]]:
    out, pos = [], start
    for m in _SENTENCE_END.finditer(text, start, end):
        if text[m.start()] == "." and _is_abbreviation(text, pos, m.start()):
            continue
        out.append(strip_span(text, pos, m.end()))
        pos = m.end()
    out.append(strip_span(text, pos, end))
    return [(s, e) for s, e in out if e - s >= 2]


def pieces(text: str, start: int, end: int) -> list[tuple[int, int]]:
    cuts = [m.start() + 1 for m in _PIECE_BREAK.finditer(text, start, end)]
    if not cuts:
        return []
    bounds, pos = [], start
    for cut in cuts:
        bounds.append(strip_span(text, pos, cut))
        pos = cut
    bounds.append(strip_span(text, pos, end))
    return [(s, e) for s, e in bounds if e - s >= MIN_CHARS]


def candidate_spans(text: str, max_group: int = 3) -> list[Span]:
    out: list[Span] = []
    index = 0
    for p_no, (p_start, p_end) in enumerate(paragraphs(text)):
        sents = sentences(text, p_start, p_end)
        for i, (s, e) in enumerate(sents):
            if e - s >= MIN_CHARS or len(sents) == 1:
                out.append(Span(s, e, "sent", p_no, index + i))
            for ps, pe in pieces(text, s, e):
                out.append(Span(ps, pe, "piece", p_no, index + i))
            for size in range(2, max_group + 1):
                if i + size <= len(sents):
                    out.append(Span(s, sents[i + size - 1][1], "group", p_no, index + i))
        index += len(sents)
    return out
