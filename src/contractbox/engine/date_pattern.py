"""The date-expression pattern and a fast way to find its matches.

`DATE_PATTERN.finditer` tries every alternative at every character, which cost about a third
of a contract's analysis. Every match starts at a digit or a month name, "this" or "day" at a
word boundary, or at an underscore run or "[" (blanks), so `iter_date_matches` tries the full
pattern only at those positions (`possible_starts` finds them with scans that skip ahead, not a
pattern tried at every character). It yields exactly the matches `finditer` would.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from contractbox.engine.first_chars import first_char_class

_MONTH_NAMES = (
    "january|february|march|april|may|june|july|august|september|october|november|december|"
    "jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec"
)
# Behind a lookahead on their first letters: `re` tries the 24 names one by one (case folded) at
# every place a month may stand, and most places start with no such letter.
_MONTHS = f"(?={first_char_class((_MONTH_NAMES,), re.IGNORECASE)})(?:{_MONTH_NAMES})"
_ORDINAL = r"(?:st|nd|rd|th|s\s?t|t\s?h|n\s?d|r\s?d)"
_BLANK = r"(?:_+|\[[\s_*]*\])"
DATE_PATTERN = re.compile(
    rf"\b(?:(?:{_MONTHS})\.?\s+\d{{1,2}}{_ORDINAL}?,?\s*\d{{4}}"
    # "(?:-[\s\-]*)?", not "[\s\-]*": the same strings after "\s+", without trying every split of a
    # run of spaces between the two (quadratic in the run; a month never starts with a space or "-")
    rf"|\d{{1,2}}\s?{_ORDINAL}?\s+(?:day\s+of\s+)?(?:-[\s\-]*)?(?:{_MONTHS})\.?,?\s+\d{{4}}"
    rf"|\d{{1,2}}[/\-]\d{{1,2}}[/\-]\d{{2,4}}"
    rf"|\d{{1,2}}[ \t]/[ \t]\d{{1,2}}[ \t]/[ \t]\d{{4}}"  # a date filled in by hand on a form: "14 / 03 / 2027"
    rf"|\d{{4}}-\d{{2}}-\d{{2}}"
    rf"|(?:{_MONTHS})\.?,?\s+\d{{4}})\b"
    rf"|(?:\b(?:{_MONTHS})\s*|\b(?:this\s+)?(?:{_BLANK}\s*)?day\s+of\s+){_BLANK}?\s*{_BLANK}?,?\s+(?:\d{{4}}|(?:19|20)__)"
    rf"|{_BLANK},?\s+(?:19|20)\d\d\b",
    re.IGNORECASE,
)
# Same flags as DATE_PATTERN, so case folding (e.g. "ſ" for "s") admits the same characters. The
# lookahead holds the first characters of the words after it: one class test turns most word starts
# away before the words are tried (the same matches, found about a third faster).
_POSSIBLE_START = re.compile(
    r"\b(?=[\dadfjmnost])(?:\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|this|day)|(?<!_)_|\[", re.IGNORECASE
)


# The same starts, found without trying a pattern at every character: digits that open a word and
# runs of underscores by patterns that `re` scans for by their first character, "[" and the words by
# `str.find` in the lower-cased text. Where `re` folds case in a way `str.lower` does not ("İ", "ı",
# "ſ"), the pattern above is used.
_DIGIT_START = re.compile(r"\d(?<!\w\d)")  # a digit after no letter, digit or "_" (a word boundary)
_UNDERSCORE_RUN = re.compile(r"_(?<!__)")
_START_WORDS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec", "this", "day")
_FOLDED_OTHERWISE = ("\u0130", "\u0131", "\u017f")


def possible_starts(text: str) -> list[int]:
    """The offsets where `_POSSIBLE_START` matches, in order."""
    if any(c in text for c in _FOLDED_OTHERWISE):
        return [m.start() for m in _POSSIBLE_START.finditer(text)]
    found = [m.start() for m in _DIGIT_START.finditer(text)]
    found += [m.start() for m in _UNDERSCORE_RUN.finditer(text)]
    found += occurrences(text, "[")
    lower = text.lower()  # the same length: "İ" is the one character it lengthens
    for word in _START_WORDS:
        found += [at for at in occurrences(lower, word) if at == 0 or not _is_word_char(text[at - 1])]
    return sorted(found)


def occurrences(text: str, part: str) -> list[int]:
    """Every place `part` starts in `text`, overlapping ones included."""
    found, at = [], text.find(part)
    while at >= 0:
        found.append(at)
        at = text.find(part, at + 1)
    return found


def _is_word_char(c: str) -> bool:
    return c.isalnum() or c == "_"  # what `\w` matches


def iter_date_matches(text: str) -> Iterator[re.Match[str]]:
    """The matches of DATE_PATTERN.finditer(text), in order."""
    match = DATE_PATTERN.match
    resume = 0
    for at in possible_starts(text):
        if at < resume:
            continue
        found = match(text, at)
        if found:
            resume = found.end()
            yield found
