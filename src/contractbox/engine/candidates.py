"""Candidate spans of one contract and the sparse feature strings the clause model reads.

The same code builds features at training time and at run time, so the two cannot drift.
Kinds: `sent`, `piece`, `group` (from segment.py), `line` (short lines near the top, where a
title lives) and `date` (a date expression with its context).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import accumulate

import numpy as np

from contractbox.engine.date_pattern import DATE_PATTERN, iter_date_matches
from contractbox.engine.segment import Span, candidate_spans, paragraphs

_TOKEN = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?|\d+|\$|%")
_TOKEN_SPLIT = re.compile(f"({_TOKEN.pattern})")  # split keeps the tokens: gap, token, gap, ..., gap
_DIGIT_RUN_LINE = re.compile(r"^\d+$", re.MULTILINE)
_TITLE_WORDS = (
    r"(?:AGREEMENT|Agreement|CONTRACT|Contract|AMENDMENT|Amendment|LICENSE|License|LEASE|Lease|PLAN|Plan|"
    r"ADDENDUM|Addendum|MEMORANDUM|Memorandum|ARRANGEMENT|Arrangement|TERMS|Terms|PROTOCOL|Protocol)\b"
)
_TITLE_PHRASE = re.compile(
    rf"(?:\b(?!{_TITLE_WORDS})[A-Z][A-Za-z0-9&\-/.']*,?\s+(?:(?:of|and|for|to|the|on|in|&|-)\s+)?){{0,8}}"
    + _TITLE_WORDS
)
_LEAD_IN = re.compile(r"[^.:\n]{3,70}[.:]")
_LINE_BREAK = re.compile(r"\n|[ \t]{3,}")
_TITLE_ZONE = 2500
_DATE_ZONE_SENTENCES = 400


@dataclass
class Candidate:
    """A span and its features, grouped in parts that are shared between candidates (a
    sentence's n-grams serve the sentence, its groups and, as unigrams, the next sentence), so
    the clause model maps each distinct part to feature ids once per contract.

    `grams`: the n-gram sets of the span's sentences (a group has several; they may overlap).
    `context`: every other feature, in parts disjoint from each other and from the n-grams
    (each feature family has its own prefix)."""

    start: int
    end: int
    kind: str
    grams: tuple[TokenGrams, ...] = ()
    context: tuple[Iterable[str], ...] = ()
    index: int = 0  # sentence index of the candidate's first sentence

    @property
    def features(self) -> list[str]:
        parts: tuple[Iterable[str], ...] = (*self.grams, *self.context)
        return [f for part in parts for f in part]


def _bucket(value: float, edges: tuple[float, ...]) -> int:
    return bisect.bisect_right(edges, value)


_LEN_EDGES = (3, 8, 15, 25, 40, 70, 120, 200)
_INDEX_EDGES = (1, 2, 3, 5, 8, 12, 20, 40, 80)


class Tokens:
    """Lower-cased tokens of the whole text with their start offsets, for slicing by span."""

    def __init__(self, text: str) -> None:
        parts = _TOKEN_SPLIT.split(text)
        ends = list(accumulate(map(len, parts)))
        self.starts: list[int] = ends[0:-1:2]  # a token starts where the gap before it ends
        # Tokens are ASCII and never contain a newline: lower-case them all in one call; digit runs become "0".
        lowered = _DIGIT_RUN_LINE.sub("0", "\n".join(parts[1::2]).lower())
        self.words: list[str] = lowered.split("\n") if self.starts else []

    def between(self, start: int, end: int) -> list[str]:
        i = bisect.bisect_left(self.starts, start)
        j = bisect.bisect_left(self.starts, end)
        return self.words[i:j]

    def span(self, start: int, end: int) -> tuple[int, int]:
        """Token positions [i, j) of the tokens starting inside [start, end)."""
        return bisect.bisect_left(self.starts, start), bisect.bisect_left(self.starts, end)

    def before(self, offset: int, n: int) -> list[str]:
        i = bisect.bisect_left(self.starts, offset)
        return self.words[max(0, i - n) : i]

    def after(self, offset: int, n: int) -> list[str]:
        i = bisect.bisect_left(self.starts, offset)
        return self.words[i : i + n]


def ngrams(words: list[str]) -> set[str]:
    grams = set(words)
    grams.update(map(" ".join, zip(words, words[1:])))
    return grams


class TokenGrams:
    """The unigrams and bigrams of tokens i..j-1, without building them: iterating yields the
    feature strings (training); the clause model maps the text's tokens to ids once and reads
    a span's ids from slices (`feature_sums.py`)."""

    __slots__ = ("tokens", "i", "j")

    def __init__(self, tokens: Tokens, i: int, j: int) -> None:
        self.tokens, self.i, self.j = tokens, i, j

    def __iter__(self) -> Iterator[str]:
        return iter(ngrams(self.tokens.words[self.i : self.j]))


class PrefixedWords:
    """The distinct unigrams of tokens i..j-1 behind a prefix ("p:" for the sentence before a
    candidate), without building them: iterating yields the feature strings (training); the clause
    model maps the text's tokens with that prefix to ids once (`feature_sums.py`)."""

    __slots__ = ("tokens", "i", "j", "prefix")

    def __init__(self, tokens: Tokens, i: int, j: int, prefix: str) -> None:
        self.tokens, self.i, self.j, self.prefix = tokens, i, j, prefix

    def __iter__(self) -> Iterator[str]:
        return iter(set(map(self.prefix.__add__, self.tokens.words[self.i : self.j])))


_SHAPE_HEAD = 400
_QUOTES = "\"'“("
_ASCII_ALPHA = np.array([chr(c).isalpha() for c in range(128)] + [False], dtype=np.int32)
_ASCII_UPPER = np.array([chr(c).isupper() for c in range(128)] + [False], dtype=np.int32)


class Shapes:
    """Shape flags of spans of one text: mostly upper case, opening quote, money.

    Letters and upper-case characters are counted once for the whole text (prefix sums), and
    the flags of many spans are computed together with numpy."""

    def __init__(self, text: str) -> None:
        self.text = text
        codes = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
        small = np.minimum(codes, 128)
        alpha, upper = _ASCII_ALPHA[small], _ASCII_UPPER[small]
        wide = np.flatnonzero(codes >= 128)
        if wide.size:
            distinct, inverse = np.unique(codes[wide], return_inverse=True)
            chars = [chr(c) for c in distinct.tolist()]
            alpha[wide] = np.array([c.isalpha() for c in chars], dtype=np.int32)[inverse]
            upper[wide] = np.array([c.isupper() for c in chars], dtype=np.int32)[inverse]
        self.letters = np.concatenate(([0], np.cumsum(alpha)))
        self.uppers = np.concatenate(([0], np.cumsum(upper)))

    def flags(self, bounds: list[tuple[int, int]]) -> list[list[str]]:
        """The flags of each (start, end) span."""
        if not bounds:
            return []
        starts, ends = np.array(bounds, dtype=np.int64).T
        head_ends = np.minimum(ends, starts + _SHAPE_HEAD)
        letters = self.letters[head_ends] - self.letters[starts]
        uppers = self.uppers[head_ends] - self.uppers[starts]
        mostly_upper = ((letters > 0) & (uppers > 0.6 * letters)).tolist()
        text, out = self.text, []
        for (start, end), upper in zip(bounds, mostly_upper):
            flags = ["f:upper"] if upper else []
            if end <= start or text[start] in _QUOTES:
                flags.append("f:quote")
            if text.find("$", start, end) >= 0:
                flags.append("f:money")
            out.append(flags)
        return out


def _headings(text: str, paras: list[tuple[int, int]], tokens: Tokens) -> list[list[str]]:
    """For each paragraph, the words of the nearest heading above it (or its own lead-in)."""
    out, current = [], []
    for start, end in paras:
        words = [w for w in tokens.between(start, min(end, start + 120)) if w != "0"]
        if end - start <= 90 and len(words) <= 10:
            current = [f"h:{w}" for w in words]
            out.append(current)
            continue
        lead = _LEAD_IN.match(text[start : start + 80])
        if lead and len(lead.group().split()) <= 8:
            out.append(current + [f"h:{w}" for w in tokens.between(start, start + lead.end()) if w != "0"])
        else:
            out.append(current)
    return out


def build_candidates(text: str) -> list[Candidate]:
    tokens = Tokens(text)
    shapes = Shapes(text)
    paras = paragraphs(text)
    headings = _headings(text, paras, tokens)
    spans = candidate_spans(text)
    n = max(len(text), 1)
    sent_grams: dict[int, TokenGrams] = {}
    previous: dict[int, PrefixedWords] = {}  # a sentence's unigrams, context of the candidates at the next one
    sent_bounds: dict[int, tuple[int, int]] = {}
    for s in spans:
        if s.kind == "sent":
            i, j = tokens.span(s.start, s.end)
            sent_grams[s.index] = TokenGrams(tokens, i, j)
            if j > i:
                previous[s.index] = PrefixedWords(tokens, i, j, "p:")
            sent_bounds[s.index] = (s.start, s.end)
    span_flags = shapes.flags([(s.start, s.end) for s in spans])
    shared_contexts: dict[tuple, tuple[str, ...]] = {}
    out = []
    for s, flags in zip(spans, span_flags):
        i, j = tokens.span(s.start, s.end)
        if s.kind == "group":
            grams = []
            k = s.index
            while k in sent_bounds and sent_bounds[k][0] < s.end:
                grams.append(sent_grams[k])
                k += 1
        elif s.kind == "sent":
            grams = [sent_grams[s.index]]
        else:
            grams = [TokenGrams(tokens, i, j)]
        context: list[Iterable[str]] = [headings[s.paragraph], _span_context(s, n, j - i, flags, shared_contexts)]
        prev = previous.get(s.index - 1)
        if prev:
            context.append(prev)
        out.append(Candidate(s.start, s.end, s.kind, tuple(grams), tuple(context), s.index))
    out.extend(_title_lines(text, tokens, shapes))
    out.extend(_dates(text, tokens, spans))
    return out


def _span_context(
    s: Span, n: int, n_words: int, flags: list[str], shared: dict[tuple, tuple[str, ...]]
) -> tuple[str, ...]:
    """Kind, position, index, length and shape features. Many candidates of a contract have the same
    ones: they share one tuple (from `shared`), which the clause model maps to feature ids once."""
    key = (s.kind, int(10 * s.start / n), _bucket(s.index, _INDEX_EDGES), _bucket(n_words, _LEN_EDGES), *flags)
    found = shared.get(key)
    if found is None:
        kind, pos, index, length = key[:4]
        found = shared[key] = (f"k:{kind}", f"pos:{pos}", f"si:{index}", f"len:{length}", *flags)
    return found


def _title_feats(tokens: Tokens, shapes: Shapes, start: int, end: int, rank: int, kind: str) -> list[str] | None:
    words = tokens.between(start, end)
    if not words or len(words) > 16:
        return None
    feats = [f"t:{w}" for w in ngrams(words)]
    feats += [f"k:{kind}", f"ln:{_bucket(rank, _INDEX_EDGES)}", f"tlen:{_bucket(len(words), _LEN_EDGES)}"]
    feats += [f"tp:{int(10 * start / _TITLE_ZONE)}"]
    feats += shapes.flags([(start, end)])[0]
    if words[-1] in ("agreement", "contract", "amendment", "lease", "license", "plan"):
        feats.append("t:ends_agreement")
    return feats


def _title_lines(text: str, tokens: Tokens, shapes: Shapes) -> list[Candidate]:
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
        feats = _title_feats(tokens, shapes, start, end, rank, "line")
        if feats:
            out.append(Candidate(start, end, "line", context=(feats,)))
            seen.add((start, end))
    for rank, m in enumerate(_TITLE_PHRASE.finditer(zone), 1):
        start, end = m.span()
        if (start, end) in seen:
            continue
        feats = _title_feats(tokens, shapes, start, end, rank, "phrase")
        if feats:
            out.append(Candidate(start, end, "line", context=(feats,)))
    return out


def _dates(text: str, tokens: Tokens, spans: list[Span]) -> list[Candidate]:
    sents = [s for s in spans if s.kind == "sent"]
    starts = [s.start for s in sents]
    out = []
    n = max(len(text), 1)
    for m in iter_date_matches(text):
        i = bisect.bisect_right(starts, m.start()) - 1
        index = sents[i].index if i >= 0 else 0
        if index > _DATE_ZONE_SENTENCES and m.start() > 0.2 * n:
            break  # sentence index and position only grow from here on
        feats = ["k:date", f"dpos:{int(10 * m.start() / n)}", f"dsi:{_bucket(index, _INDEX_EDGES)}"]
        feats += [f"l:{w}" for w in tokens.before(m.start(), 8)]
        left3 = tokens.before(m.start(), 3)
        feats += [f"l3:{w}" for w in left3]
        feats += [f"r:{w}" for w in tokens.after(m.end(), 4)]
        if i >= 0:
            feats += [f"s:{w}" for w in set(tokens.between(sents[i].start, sents[i].end))]
        out.append(Candidate(m.start(), m.end(), "date", context=(feats,), index=index))
    return out


__all__ = ["DATE_PATTERN", "Candidate", "PrefixedWords", "TokenGrams", "Tokens", "build_candidates", "ngrams"]
