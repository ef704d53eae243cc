"""Markdown markup blanked out of a text, offsets kept.

A contract written in Markdown (a template from a wiki or a repository) wraps names and defined
terms in `**bold**` and starts headings with `#` and list items with `-`. The readers of names
expect the plain text a word processor shows, so the markers become spaces: every offset into
the blanked text is the same offset into the document, and evidence still quotes the document.
"""

from __future__ import annotations

import re

_EMPHASIS = re.compile(r"(\*\*)([\"“A-Z0-9][^*\[\]\n]{0,150}?[^\s*\[])\*\*(?!\w)")
# a defined term between underscores, as an export from a word processor or a wiki marks it ("hereinafter _Supplier_",
# "the __Buyer__ shall"); not an underscore inside a word (a file name "Deal_Final_v2") nor a blank ("________")
_UNDERSCORED = re.compile(r"(?<![\w_])(__?)([\"“A-Z0-9][^_\[\]\n]{0,150}?[^\s_\[])\1(?![\w_])")
_HEADING = re.compile(r"^[ \t]{0,3}(#{1,6})[ \t]+(?=\S)", re.MULTILINE)
_BULLET = re.compile(r"^[ \t]*([-*+])[ \t]+(?=\S)", re.MULTILINE)
# the marks a draft carries: a tracked change written out ("[deleted: ...]", "[inserted: ...]") and a drafter's note
# ("[Note to draft: ...]"); what is deleted or noted is not agreed text, what is inserted is
_DRAFT_MARK = re.compile(
    r"\[[ \t]*(?:(deleted|struck(?:[ \t]+out)?|removed)|(inserted|added)|"
    r"(notes?[ \t]+to[ \t]+(?:draft|drafter|client)|drafting[ \t]+notes?|ntd|comment|editor'?s?[ \t]+note))[ \t]*:",
    re.IGNORECASE,
)
_DRAFT_WORDS = (
    "[deleted",
    "[struck",
    "[removed",
    "[inserted",
    "[added",
    "[note",
    "[drafting",
    "[ntd",
    "[comment",
    "[editor",
)
_LONGEST_MARK = 5000
# the quote marks an email client puts before each line of a forwarded text: "> 2. Term. The Services ..."
_QUOTE_MARKS = re.compile(r"^(?:[ \t]*>)+", re.MULTILINE)


def _blank(match: re.Match[str], group: int) -> str:
    start, end = match.span(group)
    whole = match.group(0)
    at = start - match.start()
    return whole[:at] + " " * (end - start) + whole[at + end - start :]


def looks_like_markdown(text: str) -> bool:
    """Two bold spans near the start: enough to tell Markdown from plain text (a redaction mark
    such as "[***]" or a row of asterisks is not a bold span)."""
    if len(_EMPHASIS.findall(text, 0, 20000)) >= 2:
        return True
    return "_" in text and len(_UNDERSCORED.findall(text, 0, 20000)) >= 2


def _underscores_blanked(text: str) -> str:
    return _UNDERSCORED.sub(lambda m: " " * len(m.group(1)) + m.group(2) + " " * len(m.group(1)), text)


def _emphasis_blanked(text: str) -> str:
    text = _EMPHASIS.sub(lambda m: "  " + m.group(2) + "  ", text)
    return _underscores_blanked(text) if "_" in text else text


def without_underscored_terms(text: str) -> str:
    """`text` with the underscores around defined terms replaced by spaces (same length), where at least two terms
    are so marked ("hereinafter _Supplier_", "the __Buyer__ shall"): every reader then sees the plain term. (Bold
    "**" is left to the readers that read through it: blanked, its spaces look like a table's columns.)"""
    if "_" not in text or len(_UNDERSCORED.findall(text, 0, 20000)) < 2:
        return text
    return _underscores_blanked(text)


def without_emphasis(text: str) -> str:
    """`text` with Markdown bold markers (and underscores around terms) replaced by spaces (same length); list and heading markers kept, for a
    reader that needs them (the duty reader reads a list's items after "shall:" by their "-")."""
    return _emphasis_blanked(text) if looks_like_markdown(text) else text


def without_markup(text: str) -> str:
    """`text` with Markdown emphasis, heading and list markers replaced by spaces (same length)."""
    if not looks_like_markdown(text):
        return text
    text = _HEADING.sub(lambda m: _blank(m, 1), _emphasis_blanked(text))
    return _BULLET.sub(lambda m: _blank(m, 1), text)


def without_email_quotes(text: str) -> str:
    """`text` with the ">" that open quoted lines replaced by spaces (same length), when most of its lines are
    quoted: a contract pasted into an email reply, whose sentences and dates run on across the marks."""
    if "\n>" not in text and not text.startswith(">"):
        return text
    marks = list(_QUOTE_MARKS.finditer(text))
    lines = text.count("\n") + 1
    if len(marks) < 10 or len(marks) * 2 < lines:
        return text
    return _QUOTE_MARKS.sub(lambda m: " " * len(m.group(0)), text)


def _closing_bracket(text: str, start: int) -> int:
    """The offset of the "]" that closes the "[" at `start` (brackets inside counted), or -1."""
    depth = 0
    for at in range(start, min(len(text), start + _LONGEST_MARK)):
        if text[at] == "[":
            depth += 1
        elif text[at] == "]":
            depth -= 1
            if depth == 0:
                return at
    return -1


def without_draft_marks(text: str) -> str:
    """`text` with deleted text and drafting notes replaced by spaces and the marks around inserted text too (same
    length): a draft or a marked-up copy reads as the text the parties agree."""
    lower = text.lower()
    if not any(word in lower for word in _DRAFT_WORDS):
        return text
    chars = list(text)
    for mark in _DRAFT_MARK.finditer(text):
        close = _closing_bracket(text, mark.start())
        if close < 0:
            continue
        inserted = mark.group(2) is not None
        blank_to = mark.end() if inserted else close + 1
        for at in range(mark.start(), blank_to):
            if chars[at] != "\n":
                chars[at] = " "
        if inserted:
            chars[close] = " "
    return "".join(chars)
