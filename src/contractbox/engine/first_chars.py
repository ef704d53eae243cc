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


def either(patterns: tuple[str, ...], flags: int) -> re.Pattern[str]:
    """The alternation of `patterns` (each a top-level alternative), behind a first-character
    lookahead when one can be read."""
    alternation = "|".join(f"(?:{p})" for p in patterns)
    first = first_char_class(patterns, flags)
    return re.compile(f"(?={first})(?:{alternation})" if first else alternation, flags)


def first_char_class(patterns: tuple[str, ...], flags: int) -> str | None:
    """A class holding every character a match of any of `patterns` can start with, or None."""
    items: list[str] = []
    for pattern in patterns:
        try:
            parsed = _parser.parse(pattern, flags)
            # inline flags ("(?x)") would make the class read the characters otherwise
            found = _first(parsed) if parsed.state.flags == re.compile("", flags).flags else None
        except (AttributeError, TypeError, ValueError, IndexError):  # a parser this code does not know
            return None
        if not found:
            return None
        items += found
    return "[" + "".join(dict.fromkeys(items)) + "]" if items else None


def _first(sequence: Any) -> list[str] | None:
    """Class items for the first character consumed by `sequence` (parsed items), or None."""
    for op, arg in sequence:
        if op in _ZERO_WIDTH:
            continue
        if op is sre.LITERAL:
            return [re.escape(chr(arg))]
        if op is sre.IN:
            return _class_items(arg)
        if op is sre.SUBPATTERN:
            _, add_flags, del_flags, inner = arg
            return None if add_flags or del_flags else _first(inner)  # "(?i:...)" reads its own way
        if op is sre.BRANCH:
            return _union(_first(alternative) for alternative in arg[1])
        if op in (sre.MAX_REPEAT, sre.MIN_REPEAT) and arg[0] >= 1:
            return _first(arg[2])
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
