"""HTML -> readable text with the stdlib parser: block structure kept as line breaks,
scripts, styles and navigation dropped, entities decoded."""

from __future__ import annotations

import re
from html.parser import HTMLParser

# Content a reader never sees, or site furniture that is not part of a contract.
_SKIPPED = frozenset(
    {"script", "style", "nav", "noscript", "template", "head", "svg", "iframe", "object", "select", "button"}
)
_VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
)
_PARAGRAPH_BLOCKS = frozenset(
    {
        "p",
        "div",
        "section",
        "article",
        "main",
        "header",
        "footer",
        "aside",
        "blockquote",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "ul",
        "ol",
        "dl",
        "table",
        "pre",
        "form",
        "fieldset",
        "figure",
        "address",
        "hr",
        "body",
    }
)
_LINE_BLOCKS = frozenset({"br", "li", "tr", "dt", "dd", "caption", "figcaption", "option"})
_CELLS = frozenset({"td", "th"})

_SPACES = re.compile(r"[ \t\r\n\f\v]+")
_SPACES_AROUND_NEWLINE = re.compile(r" *\n *")
_BLANK_LINES = re.compile(r"\n{3,}")


def html_to_text(html: str) -> tuple[str, str | None]:
    """The readable text of an HTML page and its <title> (None when it has none)."""
    parser = _ReadableTextParser()
    parser.feed(html)
    parser.close()
    return parser.text(), parser.title()


class _ReadableTextParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self._parts: list[str] = []
        self._title_parts: list[str] = []
        self._open_skipped: list[str] = []
        self._in_title = False
        self._pre_depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "title":
            self._in_title = True
        if tag == "body" and "head" in self._open_skipped:
            # A missing </head> must not hide the whole page.
            del self._open_skipped[self._open_skipped.index("head") :]
        if tag in _SKIPPED and tag not in _VOID:
            self._open_skipped.append(tag)
        if self._open_skipped:
            return
        if tag == "pre":
            self._pre_depth += 1
        self._break_for(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if not self._open_skipped:
            self._break_for(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
        if tag in self._open_skipped:
            # Close up to the matching open tag: tolerate a forgotten inner end tag.
            while self._open_skipped and self._open_skipped.pop() != tag:
                pass
            return
        if self._open_skipped:
            return
        if tag == "pre" and self._pre_depth:
            self._pre_depth -= 1
        if tag in _PARAGRAPH_BLOCKS:
            self._break_for(tag)

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self._title_parts.append(data)
        if self._open_skipped:
            return
        if self._pre_depth:
            self._parts.append(data.replace("\r\n", "\n"))
        else:
            self._parts.append(_SPACES.sub(" ", data))

    def _break_for(self, tag: str) -> None:
        if tag in _PARAGRAPH_BLOCKS:
            self._parts.append("\n\n")
        elif tag in _LINE_BLOCKS:
            self._parts.append("\n")
        elif tag in _CELLS:
            self._parts.append(" ")

    def text(self) -> str:
        text = "".join(self._parts).replace("\xa0", " ")
        text = _SPACES_AROUND_NEWLINE.sub("\n", text)
        return _BLANK_LINES.sub("\n\n", text).strip()

    def title(self) -> str | None:
        title = _SPACES.sub(" ", "".join(self._title_parts)).strip()
        return title or None
