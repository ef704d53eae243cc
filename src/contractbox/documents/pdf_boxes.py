"""Where a quote sits on a PDF page: rectangles (PDF user space, points from the bottom left) for
highlight annotations. PDFium's own text search on the page, with whitespace runs reduced to
one space; a quote not found whole (hyphenation, a sentence running on to the next page) is
placed by its longest start of at least three words that is found."""

from __future__ import annotations

from collections.abc import Sequence

Rect = tuple[float, float, float, float]  # left, bottom, right, top
MIN_WORDS = 3


def _candidates(quote: str) -> list[str]:
    words = quote.split()
    whole = " ".join(words)
    starts = [" ".join(words[:n]) for n in range(len(words) - 1, MIN_WORDS - 1, -1)]
    return [whole, *starts] if len(words) >= MIN_WORDS else [whole]


def _search(text_page, needle: str) -> list[Rect]:  # pypdfium2 objects are untyped
    searcher = text_page.search(needle, match_case=False, match_whole_word=False)
    try:
        found = searcher.get_next()
    finally:
        searcher.close()
    if not found:
        return []
    index, count = found
    return [tuple(text_page.get_rect(i)) for i in range(text_page.count_rects(index, count))]


def quote_rects(data: bytes, quotes: Sequence[tuple[int, str]]) -> list[list[Rect]]:
    """For each (1-based page, quote): the rectangles of its characters on that page ([] if not found)."""
    import pypdfium2 as pdfium  # type: ignore[import-untyped]  # imported here: only the annotated-PDF export needs it

    pdf = pdfium.PdfDocument(data)
    text_pages: dict[int, object] = {}
    try:
        out: list[list[Rect]] = []
        for page_number, quote in quotes:
            if not 1 <= page_number <= len(pdf) or not quote.strip():
                out.append([])
                continue
            if page_number not in text_pages:
                text_pages[page_number] = pdf[page_number - 1].get_textpage()
            text_page = text_pages[page_number]
            rects: list[Rect] = []
            for needle in _candidates(quote):
                rects = _search(text_page, needle)
                if rects:
                    break
            out.append(rects)
        return out
    finally:
        for text_page in text_pages.values():
            text_page.close()  # type: ignore[attr-defined]
        pdf.close()
