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


def _search(text_page, needle: str, occurrence: int) -> list[Rect]:  # pypdfium2 objects are untyped
    """The rectangles of the `occurrence`-th match (0-based; the last one found if there are fewer)."""
    searcher = text_page.search(needle, match_case=False, match_whole_word=False)
    found = None
    try:
        for _ in range(occurrence + 1):
            hit = searcher.get_next()
            if not hit:
                break
            found = hit
    finally:
        searcher.close()
    if not found:
        return []
    index, count = found
    return [tuple(text_page.get_rect(i)) for i in range(text_page.count_rects(index, count))]


def quote_rects(data: bytes, quotes: Sequence[tuple[int, str, int]]) -> list[list[Rect]]:
    """For each (1-based page, quote, occurrence on the page): the rectangles of its characters on
    that page ([] if not found). The occurrence tells apart a quote that appears several times."""
    import pypdfium2 as pdfium  # type: ignore[import-untyped]  # imported here: only the annotated-PDF export needs it

    pdf = pdfium.PdfDocument(data)
    text_pages: dict[int, object] = {}
    try:
        out: list[list[Rect]] = []
        for page_number, quote, occurrence in quotes:
            if not 1 <= page_number <= len(pdf) or not quote.strip():
                out.append([])
                continue
            if page_number not in text_pages:
                text_pages[page_number] = pdf[page_number - 1].get_textpage()
            text_page = text_pages[page_number]
            rects: list[Rect] = []
            for needle in _candidates(quote):
                rects = _search(text_page, needle, occurrence)
                if rects:
                    break
            out.append(rects)
        return out
    finally:
        for text_page in text_pages.values():
            text_page.close()  # type: ignore[attr-defined]
        pdf.close()
