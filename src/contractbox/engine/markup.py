"""Markdown markup blanked out of a text, offsets kept.

A contract written in Markdown (a template from a wiki or a repository) wraps names and defined
terms in `**bold**` and starts headings with `#` and list items with `-`. The readers of names
expect the plain text a word processor shows, so the markers become spaces: every offset into
the blanked text is the same offset into the document, and evidence still quotes the document.
"""

from __future__ import annotations

import re

_EMPHASIS = re.compile(r"(\*\*)([\"“A-Z0-9][^*\[\]\n]{0,150}?[^\s*\[])\*\*(?!\w)")
_HEADING = re.compile(r"^[ \t]{0,3}(#{1,6})[ \t]+(?=\S)", re.MULTILINE)
_BULLET = re.compile(r"^[ \t]*([-*+])[ \t]+(?=\S)", re.MULTILINE)


def _blank(match: re.Match[str], group: int) -> str:
    start, end = match.span(group)
    whole = match.group(0)
    at = start - match.start()
    return whole[:at] + " " * (end - start) + whole[at + end - start :]


def looks_like_markdown(text: str) -> bool:
    """Two bold spans near the start: enough to tell Markdown from plain text (a redaction mark
    such as "[***]" or a row of asterisks is not a bold span)."""
    return len(_EMPHASIS.findall(text, 0, 20000)) >= 2


def _emphasis_blanked(text: str) -> str:
    return _EMPHASIS.sub(lambda m: "  " + m.group(2) + "  ", text)


def without_emphasis(text: str) -> str:
    """`text` with Markdown bold markers replaced by spaces (same length); list and heading markers kept, for a
    reader that needs them (the duty reader reads a list's items after "shall:" by their "-")."""
    return _emphasis_blanked(text) if looks_like_markdown(text) else text


def without_markup(text: str) -> str:
    """`text` with Markdown emphasis, heading and list markers replaced by spaces (same length)."""
    if not looks_like_markdown(text):
        return text
    text = _HEADING.sub(lambda m: _blank(m, 1), _emphasis_blanked(text))
    return _BULLET.sub(lambda m: _blank(m, 1), text)
