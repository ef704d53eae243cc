"""Rebuilding running text from a PDF's lines, with every kept character still on its page.

PDFium hands back each page as the lines it sees on the page: paragraphs wrapped at the page
width ("State of North" / "Carolina"), words hyphenated at line ends, and on every page the same
running header, footer or page number. The engines read sentences and paragraphs, so
`lay_out` turns the pages into the text they would have read from the source document:

- running headers and footers (a line at the top or bottom of many pages, digits ignored) and
  page numbers ("7", "- 7 -", "Page 7 of 40", "A-3") are dropped;
- the lines of one paragraph are joined with a space; a word hyphenated at a line end is joined
  without its hyphen ("accord-" / "ance") when the document uses the whole word elsewhere, and
  keeps it otherwise ("non-" / "exclusive", "Know-" / "How"). PDFium marks such a hyphen itself
  (U+FFFE, line break already removed); `resolve_marked_hyphens` decides those the same way;
- a new paragraph (after a short line that ends a sentence, a heading, a numbered or lettered
  clause, "WHEREAS", "IN WITNESS") starts after a blank line, as in a text contract;
- a field of a list ("Cleaning Contractor: ...") under another ("Client: ...") starts a line of
  its own even when the field above fills its line;
- a document that leaves an empty line between its paragraphs shows every paragraph that way, so
  there a clause number, a heading or a line after a short sentence with no gap above it starts a
  new line of the same paragraph ("5. EXCLUSIVE USE" / "5.1 The Lessor must not ..."), as its
  source text had it; only a document without such gaps, and the first line of a page (where no
  gap can show), has its paragraphs guessed from the lines;
- a letter's complimentary close ("Very truly yours,") keeps its line above the signature.

Only whole lines are dropped and only line breaks and line-end hyphens are replaced, so every
character of the result is a character of exactly one page, in reading order. A page's range
starts at its first kept character; what joins it to the next page belongs to it, so the ranges
tile the text and `Document.page_at` is exact for every offset. A page with nothing kept has an
empty range.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from contractbox.documents.model import Page

PARAGRAPH_BREAK = "\n\n"
# Lines looked at for running headers (from the top) and footers (from the bottom) of a page.
FURNITURE_ZONE = 4
# A top or bottom line is a running header or footer when it recurs (digits ignored) on at least
# this share of the pages, and on at least MIN_FURNITURE_PAGES of them.
FURNITURE_SHARE = 0.4
MIN_FURNITURE_PAGES = 3
# A line shorter than this share of the document's usual full line ends its paragraph when it
# ends a sentence; a heading (no sentence end) is shorter than HEADING_SHARE.
SHORT_LINE_SHARE = 0.75
# Repair costs about 10 microseconds a line in the server process; past this many lines (no
# contract has them: 2,000 full pages are about 120,000) the pages are kept as printed.
MAX_LAID_OUT_LINES = 300_000
HEADING_SHARE = 0.6
# A document whose pages leave an empty line before at least this share of its lines (and MIN_GAPS of them) shows
# every paragraph that way: a line break without a gap there is a line break, never a paragraph break.
GAPPED_SHARE = 0.05
MIN_GAPS = 3

_PAGE_NUMBER = re.compile(
    r"(?:[Pp]age|PAGE)?\s*[-\u2013\u2014(\[]?\s*(?:\d{1,4}|[ivxlc]{1,6})\s*[-\u2013\u2014)\]]?"
    r"(?:\s*(?:of|OF|/)\s*\d{1,4})?"
    r"|[A-Z]{1,3}\s?[-\u2013]\s?\d{1,3}"
)
_DIGITS = re.compile(r"\d+")
_SPACES = re.compile(r"\s+")
_HYPHENATED = re.compile(r"(?<![\w-])([A-Za-z]+)-$")
_BLOCK_START = re.compile(
    r"(?:\(?\d{1,3}(?:\.\d{1,3})*\.?\)?|\([a-zA-Z]{1,5}\)|[A-Za-z][.)]|[ivx]{1,5}[.)])\s"
    r"|(?:ARTICLE|Article|SECTION|Section|SCHEDULE|Schedule|EXHIBIT|Exhibit|ANNEX|Annex|APPENDIX)\b"
    r"|(?:WHEREAS|RECITALS|NOW,? THEREFORE|IN WITNESS)\b"
)
# A line ending in a lower-case word or a comma goes on ("dated as of" / "May 31, 2017").
_CONTINUES = re.compile(r"(?:\b[a-z]+|,)$")
# A list item that ends with "; and" / "; or": the next item is still a new paragraph.
_LIST_END = re.compile(r"[;,]\s*(?:and|or)$")
_SENTENCE_END = re.compile(r"[.:;!?][\"'\u201d\u2019)\]]*$")
_SENTENCE_END_CHARACTERS = frozenset(".:;!?\"'\u201d\u2019)]")
_FIRST_WORD = re.compile(r"[A-Za-z]+")
# a letter's complimentary close, on a line of its own above the signature
_CLOSING = re.compile(
    r"(?i:(?:very\s+)?(?:truly|sincerely|faithfully|cordially)\s+yours|yours\s+(?:very\s+)?(?:truly|sincerely|faithfully)|"
    r"sincerely|(?:kind|best|warm)\s+regards|regards|respectfully(?:\s+yours)?|with\s+best\s+wishes),"
)
# a field of a particulars list, "Client: Ashgrove Build Ltd", "Item 2 Lessee: ...": the label's words, then a colon
_FIELD = re.compile(r"(?:[A-Z0-9][\w'\u2019&/.()-]*[ \t]){0,4}[A-Z][\w'\u2019&/.()-]*:[ \t]")
# PDFium's mark for a hyphen it saw at a line end; it has already removed the line break after it.
LINE_END_HYPHEN = "\ufffe"
_MARKED_HYPHEN = re.compile(r"([A-Za-z]+)\ufffe([A-Za-z]+)")


@dataclass(frozen=True)
class _Line:
    page: int  # 0-based page index
    text: str  # stripped, never empty
    blank_before: bool  # a blank line separated it from the line before on the same page


def lay_out(page_texts: Sequence[str], vocabulary: Vocabulary | None = None) -> tuple[str, tuple[Page, ...]]:
    """The running text of the pages and each page's [start, end) range in it (see module doc).
    `vocabulary`: the document's words, when the caller has them already."""
    if sum(page.count("\n") + 1 for page in page_texts) > MAX_LAID_OUT_LINES:
        return _pages_as_printed(page_texts)
    vocabulary = Vocabulary(page_texts) if vocabulary is None else vocabulary
    lines = _body_lines(page_texts)
    full_line = _usual_line_length(lines)
    line_break = "\n" if _shows_paragraph_gaps(lines) else PARAGRAPH_BREAK
    parts: list[str] = []
    length = 0
    first_offset: dict[int, int] = {}
    for index, line in enumerate(lines):
        text = line.text
        joiner = ""
        if index + 1 < len(lines):
            trim, joiner = _join(line, lines[index + 1], full_line, vocabulary, line_break)
            text = text[: len(text) - trim]
        first_offset.setdefault(line.page, length)
        parts.append(text)
        parts.append(joiner)
        length += len(text) + len(joiner)
    return "".join(parts), _page_ranges(len(page_texts), first_offset, length)


def _pages_as_printed(page_texts: Sequence[str]) -> tuple[str, tuple[Page, ...]]:
    """The pages unrepaired, each followed by a blank line: for files past MAX_LAID_OUT_LINES."""
    pages, start = [], 0
    for number, text in enumerate(page_texts, start=1):
        end = start + len(text) + (len(PARAGRAPH_BREAK) if number < len(page_texts) else 0)
        pages.append(Page(number=number, start=start, end=end))
        start = end
    return PARAGRAPH_BREAK.join(page_texts), tuple(pages)


def _page_ranges(page_count: int, first_offset: dict[int, int], length: int) -> tuple[Page, ...]:
    starts = [0] * page_count
    following = length
    for index in range(page_count - 1, -1, -1):  # a page with nothing kept starts where the next one does
        following = first_offset.get(index, following)
        starts[index] = following
    starts[0] = 0
    ends = starts[1:] + [length]
    return tuple(Page(number=i + 1, start=s, end=e) for i, (s, e) in enumerate(zip(starts, ends)))


# --- words hyphenated at a line end -----------------------------------------------------------


class Vocabulary:
    """The document's own words (lower case), read on first use: its dictionary for telling a
    word hyphenated at a line end ("accord-ance": "accordance" occurs elsewhere) from a compound
    ("non-exclusive"). Most PDFs have no line-end hyphen and never read it; a few lookups scan the
    text with str.find, and a document with many builds the set of its words once, so a crafted
    file cannot make the cost grow with (hyphens x text)."""

    SCANNED_LOOKUPS = 32
    SCANNED_OCCURRENCES = 256

    def __init__(self, page_texts: Sequence[str]) -> None:
        self._page_texts = page_texts
        self._lowered: str | None = None
        self._words: frozenset[str] | None = None
        self._answers: dict[str, bool] = {}

    def __contains__(self, word: str) -> bool:
        word = word.lower()
        if self._words is not None:
            return word in self._words
        if word not in self._answers:
            if len(self._answers) >= self.SCANNED_LOOKUPS:
                self._words = frozenset(re.split(r"[^a-z]+", self._text()))
                return word in self._words
            self._answers[word] = self._scan(word)
        return self._answers[word]

    def _text(self) -> str:
        if self._lowered is None:
            self._lowered = "\n".join(self._page_texts).lower()
        return self._lowered

    def _scan(self, word: str) -> bool:
        text = self._text()
        at = text.find(word)  # str.find: far faster here than a regular expression with look-arounds
        for _ in range(self.SCANNED_OCCURRENCES):
            if at < 0:
                return False
            end = at + len(word)
            if not (at and text[at - 1].isalpha()) and not (end < len(text) and text[end].isalpha()):
                return True
            at = text.find(word, at + 1)
        return word in frozenset(re.split(r"[^a-z]+", text))


def _is_split_word(first: str, second: str, vocabulary: Vocabulary) -> bool:
    return (first + second).lower() in vocabulary


def resolve_marked_hyphens(page_text: str, vocabulary: Vocabulary) -> str:
    """PDFium's line-end hyphen marks as a hyphen (a compound: "Know-How", "then-current") or as
    nothing (a word the line end split: "accord" + "ance"); a compound is the default."""

    def resolve(match: re.Match[str]) -> str:
        first, second = match.groups()
        return first + ("" if _is_split_word(first, second, vocabulary) else "-") + second

    return _MARKED_HYPHEN.sub(resolve, page_text) if LINE_END_HYPHEN in page_text else page_text


# --- running headers, footers and page numbers ------------------------------------------------


def _body_lines(page_texts: Sequence[str]) -> list[_Line]:
    pages = [page.split("\n") for page in page_texts]
    headers, footers = _running_lines(pages)
    lines: list[_Line] = []
    for number, raw_lines in enumerate(pages):
        kept = _without_furniture(raw_lines, headers, footers)
        blank = False
        for raw in kept:
            text = raw.strip()
            if not text:
                blank = bool(lines) and lines[-1].page == number
                continue
            lines.append(_Line(page=number, text=text, blank_before=blank))
            blank = False
    return lines


@functools.lru_cache(maxsize=4096)  # running lines recur on every page
def _signature(line: str) -> str:
    return _SPACES.sub(" ", _DIGITS.sub("#", line.strip().lower()))


def _zones(raw_lines: list[str]) -> tuple[list[str], list[str]]:
    top = list(itertools.islice((line for line in raw_lines if line.strip()), FURNITURE_ZONE))
    bottom = list(itertools.islice((line for line in reversed(raw_lines) if line.strip()), FURNITURE_ZONE))
    return top, bottom


def _running_lines(pages: list[list[str]]) -> tuple[set[str], set[str]]:
    """Signatures of the lines that recur at the top (headers) and bottom (footers) of pages."""
    if len(pages) < 2:
        return set(), set()
    tops: Counter[str] = Counter()
    bottoms: Counter[str] = Counter()
    for raw_lines in pages:
        top, bottom = _zones(raw_lines)
        tops.update({_signature(line) for line in top})
        bottoms.update({_signature(line) for line in bottom})
    # a two-page document: a line at the top or bottom of both pages ("CONFIDENTIAL - EXECUTION VERSION")
    needed = (
        len(pages)
        if len(pages) < MIN_FURNITURE_PAGES
        else max(MIN_FURNITURE_PAGES, math.ceil(FURNITURE_SHARE * len(pages)))
    )
    return ({s for s, n in tops.items() if n >= needed}, {s for s, n in bottoms.items() if n >= needed})


def _is_page_number(line: str) -> bool:
    return _PAGE_NUMBER.fullmatch(line.strip()) is not None


def _without_furniture(raw_lines: list[str], headers: set[str], footers: set[str]) -> list[str]:
    kept = _strip_zones(raw_lines, headers, footers)
    if any(line.strip() for line in kept) or not (headers or footers):
        return kept
    # Nothing would be left: the "running" line is the page's own text (one line per page).
    return _strip_zones(raw_lines, set(), set())


def _strip_zones(raw_lines: list[str], headers: set[str], footers: set[str]) -> list[str]:
    start, end, dropped = 0, len(raw_lines), 0
    while start < end and dropped < FURNITURE_ZONE:
        line = raw_lines[start]
        if line.strip() and not (headers and _signature(line) in headers or _is_page_number(line)):
            break
        dropped += bool(line.strip())
        start += 1
    dropped = 0
    while end > start and dropped < FURNITURE_ZONE:
        line = raw_lines[end - 1]
        if line.strip() and not (footers and _signature(line) in footers or _is_page_number(line)):
            break
        dropped += bool(line.strip())
        end -= 1
    return raw_lines[start:end]


# --- joining lines into paragraphs ------------------------------------------------------------


def _usual_line_length(lines: list[_Line]) -> int:
    """The length of a full line of running text: the 80th percentile of line lengths."""
    if not lines:
        return 0
    lengths = sorted(len(line.text) for line in lines)
    return lengths[int(0.8 * (len(lengths) - 1))]


def _shows_paragraph_gaps(lines: list[_Line]) -> bool:
    gaps = sum(line.blank_before for line in lines)
    return gaps >= MIN_GAPS and gaps >= GAPPED_SHARE * len(lines)


def _join(
    line: _Line, following: _Line, full_line: int, vocabulary: Vocabulary, block_break: str = PARAGRAPH_BREAK
) -> tuple[int, str]:
    """How `line` joins `following`: characters to trim from the end of `line`, and the joiner. `block_break` is
    what a new block without a gap before it (a clause number, a heading, a line after a short sentence) starts
    with: a paragraph break, or a line break in a document that shows its paragraphs with gaps."""
    text, after = line.text, following.text
    if following.blank_before:
        return 0, PARAGRAPH_BREAK
    if following.page != line.page:
        block_break = PARAGRAPH_BREAK  # no gap can show across a page break
    last = text[-1]
    if last == "-":
        hyphenated = _HYPHENATED.search(text)
        second = _FIRST_WORD.match(after)
        if hyphenated and second:
            return (1 if _is_split_word(hyphenated.group(1), second.group(), vocabulary) else 0), ""
    short = len(text) < SHORT_LINE_SHARE * full_line
    ends_sentence = last in _SENTENCE_END_CHARACTERS and _SENTENCE_END.search(text) is not None
    ends_list_item = last in "dr" and _LIST_END.search(text) is not None  # "...; and" / "...; or"
    if _BLOCK_START.match(after) and (ends_sentence or short or ends_list_item):
        return 0, block_break
    if last == "," and _CLOSING.fullmatch(text):
        return 0, "\n"  # "Very truly yours," over the signature
    if after[0].islower() or last == "," or last.islower() and _CONTINUES.search(text):
        return 0, " "
    if _FIELD.match(after) and _FIELD.match(text):  # one field of a list under another, however long the first
        return 0, "\n"
    if ends_sentence and short:
        return 0, block_break
    if not ends_sentence and len(text) < HEADING_SHARE * full_line and _is_heading(text):
        return 0, block_break
    if short and not ends_sentence:
        return 0, "\n"
    return 0, " "


def _is_heading(text: str) -> bool:
    return text.isupper()  # at least one cased character, and all of them upper case
