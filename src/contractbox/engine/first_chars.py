"""A cheap first test for an alternation of patterns: a lookahead on the characters a match can
start with.

`re` tries every alternative at every position of a text. A lookahead class holding the first
character of every alternative turns most positions away with one test, so `either` finds the
same matches as the plain alternation, sooner. The class is read from the parsed patterns:
literals, classes, groups, alternations and repeats of at least one, behind zero-width
assertions (word boundaries, lookarounds). Anything else, or a pattern that can match without
consuming a character, gives no lookahead (the plain alternation). A class compiled with the
patterns' flags admits the same characters as their literals (case folding included).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from functools import lru_cache
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser  # type: ignore[attr-defined]
from typing import Any

_CATEGORIES = {
    sre.CATEGORY_DIGIT: r"\d",
    sre.CATEGORY_NOT_DIGIT: r"\D",
    sre.CATEGORY_SPACE: r"\s",
    sre.CATEGORY_NOT_SPACE: r"\S",
    sre.CATEGORY_WORD: r"\w",
    sre.CATEGORY_NOT_WORD: r"\W",
}
_ZERO_WIDTH = (sre.AT, sre.ASSERT, sre.ASSERT_NOT)
_TEXT_START = (sre.AT_BEGINNING, sre.AT_BEGINNING_STRING)  # "^" without MULTILINE, and "\A"


def either(patterns: tuple[str, ...], flags: int) -> re.Pattern[str]:
    """The alternation of `patterns` (each a top-level alternative), behind a first-character
    lookahead when one can be read."""
    alternation = "|".join(f"(?:{p})" for p in patterns)
    first = first_char_class(patterns, flags)
    return re.compile(f"(?={first})(?:{alternation})" if first else alternation, flags)


def first_char_class(patterns: tuple[str, ...], flags: int) -> str | None:
    """A class holding every character a match of any of `patterns` can start with, or None."""
    items = _first_items(patterns, flags)
    return "[" + "".join(items) + "]" if items else None


def presence_pattern(patterns: tuple[str, ...], flags: int) -> re.Pattern[str]:
    """A pattern whose `search` finds a match exactly where one of `patterns` would match first, and none
    where none would; it matches one character, so it only tells whether (and where) one matches.

    `re` scans for the first character of a pattern that opens with a class, but not of one that opens with
    a lookahead (`either`), which it tries at every position, nor under IGNORECASE of a class holding a
    letter. So where the first characters can be read, the pattern opens with their class written out
    without IGNORECASE (the characters it folds to included), and the alternation, with the flags, is tried
    only at those characters: in a lookahead, inside a lookbehind over the character just scanned."""
    return _scanned_for(patterns, flags, past_start=False) or either(patterns, flags)


def presence_past_start(patterns: tuple[str, ...], flags: int) -> re.Pattern[str] | None:
    """`presence_pattern` for `search(text, 1)`: past the first character an alternative that opens with "^"
    (without MULTILINE) cannot match, so the others' first characters are read; None where they cannot be."""
    return _scanned_for(patterns, flags, past_start=True)


# a group reference cannot stand inside the lookbehind the scan is built on: such patterns are tried as they are
_GROUP_REFERENCE = re.compile(r"\(\?P=|\\[1-9]")


def _scanned_for(patterns: tuple[str, ...], flags: int, past_start: bool) -> re.Pattern[str] | None:
    if any(_GROUP_REFERENCE.search(p) for p in patterns):
        return None
    items = _first_items(patterns, flags, past_start)
    first = _without_ignorecase(items, flags) if items else None
    if first is None:
        return None
    alternation = "|".join(f"(?:{p})" for p in patterns)
    return re.compile(rf"(?-i:{first})(?<=(?={alternation})[\s\S])", flags)


class Scanned:
    """`search` and `finditer` of the alternation of `patterns` (each a top-level alternative), the same
    matches found sooner: `presence_pattern` finds where the next match starts, the alternation is matched
    there. Every match consumes its first character (it must be readable), so `finditer` always moves on."""

    def __init__(self, patterns: tuple[str, ...], flags: int) -> None:
        if first_char_class(patterns, flags) is None:
            raise ValueError("no first character to scan for")
        self.pattern = re.compile("|".join(f"(?:{p})" for p in patterns), flags)
        self._start = presence_pattern(patterns, flags)

    @classmethod
    def of(cls, pattern: re.Pattern[str]) -> Scanned:
        return cls((pattern.pattern,), pattern.flags)

    def search(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        start = self._start.search(text, pos, endpos)
        return None if start is None else self.pattern.match(text, start.start(), endpos)

    def finditer(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match[str]]:
        while (found := self.search(text, pos, endpos)) is not None:
            yield found
            pos = found.end()


# The only characters outside ASCII that IGNORECASE matches to ASCII ones: "İ", "ı", "ſ" and the Kelvin sign
# (tests/test_engine_first_chars.py checks every code point).
_FOLDS_TO_ASCII = "\u0130\u0131\u017f\u212a"


def lowered_as_ignorecase_folds(text: str) -> str | None:
    """`text.lower()` when a word found in it starts where an IGNORECASE pattern's match would: not for a text
    holding "İ" (whose lower case is two characters), "ı", "ſ" or the Kelvin sign (None: match the pattern itself)."""
    lowered = text.lower()
    if text.isascii():  # the common case, answered without a scan
        return lowered
    if len(lowered) != len(text) or any(c in text for c in _FOLDS_TO_ASCII):
        return None
    return lowered


def folded_class(char: str) -> str:
    """The characters IGNORECASE matches to the ASCII `char`, as a class without IGNORECASE ("[Ssſ]" for "s")."""
    found = _without_ignorecase([re.escape(char)], re.IGNORECASE)
    assert found is not None, char
    return found


def _without_ignorecase(items: list[str], flags: int) -> str | None:
    """A class admitting without IGNORECASE what `items` admit with `flags`; None where a class item is not
    ASCII (its case variants are not listed here)."""
    if not flags & re.IGNORECASE:
        return "[" + "".join(items) + "]"
    if not all(item.isascii() for item in items):
        return None
    folded = re.compile("[" + "".join(items) + "]", flags)
    chars = [c for c in map(chr, range(128)) if folded.match(c)] + [c for c in _FOLDS_TO_ASCII if folded.match(c)]
    categories = [item for item in items if item in _CATEGORIES.values()]  # "\d" also admits digits outside ASCII
    return "[" + "".join(map(re.escape, chars)) + "".join(categories) + "]"


@lru_cache(maxsize=1024)  # a polarity pattern is read for its first characters and for its needed words
def _parsed(pattern: str, flags: int) -> Any:
    return _parser.parse(pattern, flags)


def _first_items(patterns: tuple[str, ...], flags: int, past_start: bool = False) -> list[str] | None:
    """Class items for every character a match of any of `patterns` can start with (past the text's first
    character when `past_start`), or None."""
    items: list[str] = []
    for pattern in patterns:
        try:
            parsed = _parsed(pattern, flags)
            # inline flags ("(?x)") would make the class read the characters otherwise
            found = _first(parsed, past_start) if parsed.state.flags == re.compile("", flags).flags else None
        except (AttributeError, TypeError, ValueError, IndexError):  # a parser this code does not know
            return None
        if found is None or not (found or past_start):
            return None
        items += found
    return list(dict.fromkeys(items)) or None


def _first(sequence: Any, past_start: bool = False) -> list[str] | None:
    """Class items for the first character consumed by `sequence` (parsed items), or None; no items where,
    past the text's first character (`past_start`), it cannot match at all (it opens with "^")."""
    for op, arg in sequence:
        if past_start and op is sre.AT and arg in _TEXT_START:
            return []
        if op in _ZERO_WIDTH:
            continue
        if op is sre.LITERAL:
            return [re.escape(chr(arg))]
        if op is sre.IN:
            return _class_items(arg)
        if op is sre.SUBPATTERN:
            _, add_flags, del_flags, inner = arg
            return None if add_flags or del_flags else _first(inner, past_start)  # "(?i:...)" reads its own way
        if op is sre.BRANCH:
            return _union(_first(alternative, past_start) for alternative in arg[1])
        if op in (sre.MAX_REPEAT, sre.MIN_REPEAT) and arg[0] >= 1:
            return _first(arg[2], past_start)
        return None
    return None  # nothing consumed: the pattern can match an empty string


def _class_items(items: Any) -> list[str] | None:
    out = []
    for op, arg in items:
        if op is sre.LITERAL:
            out.append(re.escape(chr(arg)))
        elif op is sre.RANGE:
            out.append(f"{re.escape(chr(arg[0]))}-{re.escape(chr(arg[1]))}")
        elif op is sre.CATEGORY and arg in _CATEGORIES:
            out.append(_CATEGORIES[arg])
        else:  # a negated class or anything rarer
            return None
    return out


def _union(parts: Any) -> list[str] | None:
    out: list[str] = []
    for part in parts:
        if part is None:
            return None
        out += part
    return out


def needed_words(pattern: str, flags: int) -> tuple[frozenset[str], ...]:
    """What every match of `pattern` holds, as clauses: of each clause's lower-cased literal strings a match holds at
    least one (read from the parsed pattern: literal runs, groups, alternations, repeats of at least one, positive
    lookarounds); no clause when none can be read. A text lacking every string of one clause cannot match."""
    return _needed(_parsed(pattern, flags))


def _needed(sequence: Any) -> tuple[frozenset[str], ...]:
    clauses: list[frozenset[str]] = []
    run: list[str] = []
    for op, av in list(sequence) + [(None, None)]:
        if op is sre.LITERAL:
            run.append(chr(av).lower())
            continue
        if run:
            clauses.append(frozenset(["".join(run)]))
            run = []
        clauses.extend(_needed_item(op, av))
    return tuple(clauses)


def _needed_item(op: Any, av: Any) -> tuple[frozenset[str], ...]:
    if op is sre.SUBPATTERN:
        return _needed(av[-1])
    if op is sre.BRANCH:
        return _needed_by_every(av[1])
    if op in _REPEATS and av[0] >= 1:
        return _needed(av[2])
    if op is sre.ASSERT:
        return _needed(av[1])
    return ()


_REPEATS = tuple(op for op in (sre.MAX_REPEAT, sre.MIN_REPEAT, getattr(sre, "POSSESSIVE_REPEAT", None)) if op)


# how many clauses an alternation gives at most (each one more test of a span, each a chance to rule it out)
_BRANCH_CLAUSES = 3


def _needed_by_every(branches: Any) -> tuple[frozenset[str], ...]:
    """What every match of an alternation holds: the clauses all its alternatives share, then the k-th best clause of
    each alternative joined (a match goes through one alternative, so it holds a string of each join)."""
    of_each = [set(_needed(branch)) for branch in branches]
    shared = sorted(set.intersection(*of_each), key=_strength)
    ranked = [sorted(clauses - set(shared), key=_strength) for clauses in of_each]
    depth = min(min(map(len, ranked)), _BRANCH_CLAUSES - len(shared))
    joined = [frozenset().union(*(clauses[k] for clauses in ranked)) for k in range(max(depth, 0))]
    return tuple((shared + joined)[:_BRANCH_CLAUSES])


def _strength(clause: frozenset[str]) -> tuple[int, int, list[str]]:
    """Best first: the clause whose shortest string is longest, fewer strings on a tie."""
    return (-min(map(len, clause)), len(clause), sorted(clause))
