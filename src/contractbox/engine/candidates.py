"""Candidate spans of one contract and the sparse feature strings the clause model reads.

The same code builds features at training time and at run time, so the two cannot drift.
Kinds: `sent`, `piece`, `group` (from segment.py), `line` (short lines near the top, where a
title lives) and `date` (a date expression with its context).
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

from contractbox.engine.segment import Span, candidate_spans, paragraphs

_TOKEN = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?|\d+|\$|%")
_MONTHS = (
    "january|february|march|april|may|june|july|august|september|october|november|december|"
    "jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec"
)
_ORDINAL = r"(?:st|nd|rd|th|s\s?t|t\s?h|n\s?d|r\s?d)"
_BLANK = r"(?:_+|\[[\s_*]*\])"
DATE_PATTERN = re.compile(
    rf"\b(?:(?:{_MONTHS})\.?\s+\d{{1,2}}{_ORDINAL}?,?\s*\d{{4}}"
    rf"|\d{{1,2}}\s?{_ORDINAL}?\s+(?:day\s+of\s+)?[\s\-]*(?:{_MONTHS})\.?,?\s+\d{{4}}"
    rf"|\d{{1,2}}[/\-]\d{{1,2}}[/\-]\d{{2,4}}"
    rf"|\d{{4}}-\d{{2}}-\d{{2}}"
    rf"|(?:{_MONTHS})\.?,?\s+\d{{4}})\b"
    rf"|(?:\b(?:{_MONTHS})\s*|\b(?:this\s+)?(?:{_BLANK}\s*)?day\s+of\s+){_BLANK}?\s*{_BLANK}?,?\s+(?:\d{{4}}|(?:19|20)__)"
    rf"|{_BLANK},?\s+(?:19|20)\d\d\b",
    re.IGNORECASE,
)
_TITLE_WORDS = (
    r"(?:AGREEMENT|Agreement|CONTRACT|Contract|AMENDMENT|Amendment|LICENSE|License|LEASE|Lease|PLAN|Plan|"
    r"ADDENDUM|Addendum|MEMORANDUM|Memorandum|ARRANGEMENT|Arrangement|TERMS|Terms|PROTOCOL|Protocol)\b"
)
_TITLE_PHRASE = re.compile(
    rf"(?:\b(?!{_TITLE_WORDS})[A-Z][A-Za-z0-9&\-/.']*,?\s+(?:(?:of|and|for|to|the|on|in|&|-)\s+)?){{0,8}}"
    + _TITLE_WORDS
)
_LINE_BREAK = re.compile(r"\n|[ \t]{3,}")
_TITLE_ZONE = 2500
_DATE_ZONE_SENTENCES = 400


@dataclass
class Candidate:
    start: int
    end: int
    kind: str
    features: list[str] = field(default_factory=list)
    index: int = 0  # sentence index of the candidate's first sentence


def _bucket(value: float, edges: tuple[float, ...]) -> int:
    return bisect.bisect_right(edges, value)


_LEN_EDGES = (3, 8, 15, 25, 40, 70, 120, 200)
_INDEX_EDGES = (1, 2, 3, 5, 8, 12, 20, 40, 80)


class Tokens:
    """Lower-cased tokens of the whole text with their start offsets, for slicing by span."""

    def __init__(self, text: str) -> None:
        self.words: list[str] = []
        self.starts: list[int] = []
        for m in _TOKEN.finditer(text):
            w = m.group().lower()
            self.words.append("0" if w.isdigit() else w)
            self.starts.append(m.start())

    def between(self, start: int, end: int) -> list[str]:
        i = bisect.bisect_left(self.starts, start)
        j = bisect.bisect_left(self.starts, end)
        return self.words[i:j]

    def before(self, offset: int, n: int) -> list[str]:
        i = bisect.bisect_left(self.starts, offset)
        return self.words[max(0, i - n) : i]

    def after(self, offset: int, n: int) -> list[str]:
        i = bisect.bisect_left(self.starts, offset)
        return self.words[i : i + n]


def ngrams(words: list[str]) -> set[str]:
    grams = set(words)
    grams.update(f"{a} {b}" for a, b in zip(words, words[1:]))
    return grams


def _shape_flags(text: str) -> list[str]:
    flags = []
    head = text[:400]
    letters = sum(map(str.isalpha, head))
    if letters and sum(map(str.isupper, head)) > 0.6 * letters:
        flags.append("f:upper")
    if text[:1] in "\"'“(":
        flags.append("f:quote")
    if "$" in text:
        flags.append("f:money")
    return flags


def _headings(text: str, paras: list[tuple[int, int]], tokens: Tokens) -> list[list[str]]:
    """For each paragraph, the words of the nearest heading above it (or its own lead-in)."""
    out, current = [], []
    for start, end in paras:
        words = [w for w in tokens.between(start, min(end, start + 120)) if w != "0"]
        if end - start <= 90 and len(words) <= 10:
            current = [f"h:{w}" for w in words]
            out.append(current)
            continue
        lead = re.match(r"[^.:\n]{3,70}[.:]", text[start : start + 80])
        if lead and len(lead.group().split()) <= 8:
            out.append(current + [f"h:{w}" for w in tokens.between(start, start + lead.end()) if w != "0"])
        else:
            out.append(current)
    return out


def build_candidates(text: str) -> list[Candidate]:
    tokens = Tokens(text)
    paras = paragraphs(text)
    headings = _headings(text, paras, tokens)
    spans = candidate_spans(text)
    n = max(len(text), 1)
    sent_grams: dict[int, set[str]] = {}
    sent_bounds: dict[int, tuple[int, int]] = {}
    for s in spans:
        if s.kind == "sent":
            sent_grams[s.index] = ngrams(tokens.between(s.start, s.end))
            sent_bounds[s.index] = (s.start, s.end)
    out = []
    for s in spans:
        if s.kind == "group":
            grams = set()
            i = s.index
            while i in sent_bounds and sent_bounds[i][0] < s.end:
                grams |= sent_grams[i]
                i += 1
        elif s.kind == "sent":
            grams = set(sent_grams[s.index])
        else:
            grams = ngrams(tokens.between(s.start, s.end))
        feats = list(grams)
        prev = sent_grams.get(s.index - 1)
        if prev:
            feats.extend(f"p:{g}" for g in prev if " " not in g)
        feats.extend(_span_context(text, s, n, headings[s.paragraph], len(tokens.between(s.start, s.end))))
        out.append(Candidate(s.start, s.end, s.kind, feats, s.index))
    out.extend(_title_lines(text, tokens))
    out.extend(_dates(text, tokens, spans))
    return out


def _span_context(text: str, s: Span, n: int, heading: list[str], n_words: int) -> list[str]:
    feats = [
        f"k:{s.kind}",
        f"pos:{int(10 * s.start / n)}",
        f"si:{_bucket(s.index, _INDEX_EDGES)}",
        f"len:{_bucket(n_words, _LEN_EDGES)}",
    ]
    feats.extend(heading)
    feats.extend(_shape_flags(text[s.start : s.end]))
    return feats


def _title_feats(text: str, tokens: Tokens, start: int, end: int, rank: int, kind: str) -> list[str] | None:
    words = tokens.between(start, end)
    if not words or len(words) > 16:
        return None
    feats = [f"t:{w}" for w in ngrams(words)]
    feats += [f"k:{kind}", f"ln:{_bucket(rank, _INDEX_EDGES)}", f"tlen:{_bucket(len(words), _LEN_EDGES)}"]
    feats += [f"tp:{int(10 * start / _TITLE_ZONE)}"]
    feats += _shape_flags(text[start:end])
    if words[-1] in ("agreement", "contract", "amendment", "lease", "license", "plan"):
        feats.append("t:ends_agreement")
    return feats


def _title_lines(text: str, tokens: Tokens) -> list[Candidate]:
    """Short lines near the top and title-like phrases ("... AGREEMENT") inside them."""
    zone = text[:_TITLE_ZONE]
    out, seen, pos, rank = [], set(), 0, 0
    bounds = []
    for m in _LINE_BREAK.finditer(zone):
        bounds.append((pos, m.start()))
        pos = m.end()
    bounds.append((pos, len(zone)))
    for raw_start, raw_end in bounds:
        start, end = raw_start, raw_end
        while start < end and zone[start].isspace():
            start += 1
        while end > start and zone[end - 1].isspace():
            end -= 1
        if end <= start:
            continue
        rank += 1
        feats = _title_feats(text, tokens, start, end, rank, "line")
        if feats:
            out.append(Candidate(start, end, "line", feats))
            seen.add((start, end))
    for rank, m in enumerate(_TITLE_PHRASE.finditer(zone), 1):
        start, end = m.span()
        if (start, end) in seen:
            continue
        feats = _title_feats(text, tokens, start, end, rank, "phrase")
        if feats:
            out.append(Candidate(start, end, "line", feats))
    return out


def _dates(text: str, tokens: Tokens, spans: list[Span]) -> list[Candidate]:
    sents = [s for s in spans if s.kind == "sent"]
    starts = [s.start for s in sents]
    out = []
    n = max(len(text), 1)
    for m in DATE_PATTERN.finditer(text):
        i = bisect.bisect_right(starts, m.start()) - 1
        index = sents[i].index if i >= 0 else 0
        if index > _DATE_ZONE_SENTENCES and m.start() > 0.2 * n:
            continue
        feats = ["k:date", f"dpos:{int(10 * m.start() / n)}", f"dsi:{_bucket(index, _INDEX_EDGES)}"]
        feats += [f"l:{w}" for w in tokens.before(m.start(), 8)]
        left3 = tokens.before(m.start(), 3)
        feats += [f"l3:{w}" for w in left3]
        feats += [f"r:{w}" for w in tokens.after(m.end(), 4)]
        if i >= 0:
            feats += [f"s:{w}" for w in set(tokens.between(sents[i].start, sents[i].end))]
        out.append(Candidate(m.start(), m.end(), "date", feats, index))
    return out
