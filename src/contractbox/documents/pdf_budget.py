"""A PDF's parse cost, bounded before PDFium reads a page.

What PDFium's text extraction costs grows with the page content it parses: every page's content
streams and the form XObjects it draws, decompressed. A file can make that huge while staying
small: one flate stream that inflates to 50 MB, shared by every page, costs pages x 50 MB of
parsing from a 300 KB upload (issue 13: four such files held both workers for their 60 s limit).
So before PDFium opens the file, `check_content_budget` adds up, page by page, the decompressed
size of what each page parses (a shared stream counts once per page that uses it) and refuses the
file with `pdf_too_complex` as soon as the sum passes MAX_PDF_CONTENT_BYTES. Each stream is
inflated once, in chunks, never further than the budget left, so the check costs well under a
second even on a bomb. A file the pure-Python reader cannot walk is left to PDFium and its limits.
"""

from __future__ import annotations

import io
import logging
import zlib
from typing import Any

from contractbox.documents.errors import DocumentError

# Decompressed page content PDFium may parse for one document, summed over pages. CUAD's PDFs
# need 0.1-2 MB (at most ~30 KB a page); 2,000 pages of dense text stay under 100 MB.
MAX_PDF_CONTENT_BYTES = 128 * 1024 * 1024
_INFLATE_CHUNK = 1024 * 1024
_MAX_FORM_DEPTH = 8

log = logging.getLogger("contractbox.documents")


def check_content_budget(data: bytes, budget: int = MAX_PDF_CONTENT_BYTES, max_pages: int = 2_000) -> None:
    """Raise DocumentError(pdf_too_complex) when the pages' decompressed content exceeds `budget`."""
    pages = _pages_of(data, max_pages)
    if pages is None:
        return
    meter = _ContentMeter(budget)
    try:
        for page in pages:
            meter.add_page(page)
    except DocumentError:
        raise
    except Exception:  # noqa: BLE001 - a structure pypdf cannot follow: PDFium and its limits decide
        log.debug("content budget not checked: pypdf could not walk the pages", exc_info=True)


def _pages_of(data: bytes, max_pages: int) -> list[Any] | None:
    try:
        import pypdf

        reader = pypdf.PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted and not reader.decrypt(""):
            return None
        if len(reader.pages) > max_pages:
            return None  # PDFium refuses it by its page count, without parsing a page
        return list(reader.pages)
    except Exception:  # noqa: BLE001 - damaged files are PDFium's to judge (it repairs many)
        return None


class _ContentMeter:
    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.total = 0
        self.page_count = 0
        self._sizes: dict[tuple[int, int], int] = {}

    def add_page(self, page: Any) -> None:
        self.page_count += 1
        seen: set[tuple[int, int]] = set()
        for stream in _contents(page):
            self._count(stream)
        self._count_forms(page.get("/Resources"), seen, 0)

    def _count_forms(self, resources: Any, seen: set[tuple[int, int]], depth: int) -> None:
        if depth > _MAX_FORM_DEPTH or resources is None:
            return
        xobjects = resources.get_object().get("/XObject")
        if xobjects is None:
            return
        for reference in xobjects.get_object().values():
            key = _key(reference)
            if key is not None and key in seen:
                continue  # drawn twice on one page, or a loop of forms
            if key is not None:
                seen.add(key)
            xobject = reference.get_object()
            if xobject.get("/Subtype") == "/Form":
                self._count(reference)
                self._count_forms(xobject.get("/Resources"), seen, depth + 1)

    def _count(self, reference: Any) -> None:
        key = _key(reference)
        size = self._sizes.get(key) if key is not None else None
        if size is None:
            size = _decoded_size(reference.get_object(), self.budget - self.total + 1)
            if key is not None:
                self._sizes[key] = size
        self.total += size
        if self.total > self.budget:
            raise DocumentError(
                "pdf_too_complex",
                f"Reading this PDF means parsing more than {self.budget // 1024 // 1024} MB of page content "
                f"(decompressed, counted for each page that uses it; {self.page_count:,} pages in), more than "
                "ContractBox parses for one document. The file is built to be unusually expensive to read; "
                "print it to a new PDF or submit the text.",
            )


def _contents(page: Any) -> list[Any]:
    contents = page.get("/Contents")
    if contents is None:
        return []
    resolved = contents.get_object()
    if isinstance(resolved, list):
        return list(resolved)
    return [contents]


def _key(reference: Any) -> tuple[int, int] | None:
    number = getattr(reference, "idnum", None)
    return (number, reference.generation) if number is not None else None


def _decoded_size(stream: Any, limit: int) -> int:
    """The stream's decompressed length, inflating no further than `limit` bytes."""
    raw = getattr(stream, "_data", b"") or b""
    filters = stream.get("/Filter")
    names = [str(f) for f in filters] if isinstance(filters, list) else ([str(filters)] if filters else [])
    if names[:1] not in (["/FlateDecode"], ["/Fl"]):
        return len(raw)
    inflater = zlib.decompressobj()
    size = 0
    pending = raw
    try:
        while pending and size < limit:
            size += len(inflater.decompress(pending, _INFLATE_CHUNK))
            pending = inflater.unconsumed_tail
    except zlib.error:
        pass  # PDFium too stops at the damage
    return size
