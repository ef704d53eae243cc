from __future__ import annotations

import bisect
import hashlib
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Page:
    """One PDF page: its 1-based number and its [start, end) character range in Document.text."""

    number: int
    start: int
    end: int


@dataclass(frozen=True)
class Document:
    """Extracted text of one contract. Evidence offsets are offsets into `text`.

    `pages` is empty for text and HTML sources; for PDFs it covers the text page by page.
    `raw_sha256` is the hash of the bytes as submitted (PDF bytes, or the UTF-8 text).
    """

    text: str
    pages: tuple[Page, ...] = ()
    raw_sha256: str = ""
    title: str | None = None
    _page_starts: list[int] = field(default_factory=list, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_page_starts", [p.start for p in self.pages])
        if not self.raw_sha256:
            digest = hashlib.sha256(self.text.encode("utf-8")).hexdigest()
            object.__setattr__(self, "raw_sha256", digest)

    @property
    def page_count(self) -> int | None:
        return len(self.pages) or None

    @property
    def character_count(self) -> int:
        return len(self.text)

    def page_at(self, offset: int) -> int | None:
        """The 1-based page holding character `offset`, or None for sources without pages."""
        if not self.pages:
            return None
        index = bisect.bisect_right(self._page_starts, offset) - 1
        return self.pages[max(index, 0)].number

    @classmethod
    def from_text(cls, text: str, title: str | None = None) -> Document:
        return cls(text=text, title=title)
