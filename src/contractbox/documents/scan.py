"""Scanned PDFs (wholly or in part) and image files -> OcrDocument, with the OCR in a PDF worker
(and the API's submission check of a .docx, run there for the same reason: `check_docx`).

The server never decodes an image or renders a page itself: the bytes go to a worker process of
`documents/pdf.py` (the same pool, address-space limit and deadline as PDF text extraction) as an
OCR request, and the worker renders, runs Tesseract (`documents/ocr.py`, one child process per
page with its own time limit) and answers JSON. Only the pages that need it are read: a PDF page
with fewer than `pdf.MIN_TEXT_CHARACTERS_PER_PAGE` visible characters in its text layer.

The recognised page texts then take the same road as a text layer (`pdf.build_document`: the
layout repair, one running text, page ranges), and every recognised word is found again, in order,
in its page's range of that text; a word the repair changed (a joined line-end hyphen) keeps no
box. So evidence offsets on scanned pages map to word boxes (`OcrDocument.words_between`).
"""

from __future__ import annotations

import base64
import json
import math
import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from contractbox.documents import pdf
from contractbox.documents.errors import DocumentError
from contractbox.documents.model import Document, Page
from contractbox.documents.ocr import (
    MAX_IMAGE_FILE_BYTES,
    PARALLEL_PAGES,
    OcrDocument,
    OcrPage,
    OcrWord,
)

REQUEST_MAGIC = b"CBOCR1\n"
_HEADER_LENGTH = struct.Struct(">I")
MAX_REQUEST_HEADER_BYTES = 64 * 1024
# The deadline of one OCR request: a page may be read up to four times (rotations) at ~1.5 CPU-s.
OCR_BASE_TIMEOUT_S = 30.0
OCR_SECONDS_PER_PAGE = 20.0


@dataclass(frozen=True)
class _PageReading:
    number: int
    text: str
    width: int
    height: int
    rotation: int
    confidence: float
    words: list[tuple[str, int, int, tuple[float, float, float, float], float]]  # text, start, end in `text`


def pages_to_read(page_texts: Sequence[str]) -> list[int]:
    """1-based numbers of the pages whose text layer is (nearly) empty."""
    return [
        number
        for number, text in enumerate(page_texts, start=1)
        if len("".join(text.split())) < pdf.MIN_TEXT_CHARACTERS_PER_PAGE
    ]


def read_scanned_pdf(data: bytes, page_texts: Sequence[str], title: str | None = None) -> OcrDocument:
    """OCR the pages of `data` without a text layer; the others keep theirs."""
    numbers = pages_to_read(page_texts)
    readings = _request({"kind": "pdf", "pages": numbers}, data, len(numbers))
    texts = list(page_texts)
    for reading in readings:
        texts[reading.number - 1] = reading.text
    return _document(data, texts, readings, title)


def read_image(data: bytes, title: str | None = None) -> OcrDocument:
    """PNG, JPEG or TIFF (a multi-page TIFF: one page per frame)."""
    if len(data) > MAX_IMAGE_FILE_BYTES:
        raise DocumentError("image_too_large", f"The image file is over {MAX_IMAGE_FILE_BYTES // 2**20} MB.")
    if not data:
        raise DocumentError("image_unreadable", "The image file is empty.")
    readings = _request({"kind": "image"}, data, _frames_hint(data))
    return _document(data, [r.text for r in readings], readings, title)


def image_as_pdf(data: bytes) -> bytes:
    """An image source as a PDF the reviewer shows with the evidence boxes on it (ocr.images_as_pdf),
    made in a PDF worker: the server never decodes an image."""
    reply = _send({"kind": "preview"}, data, _frames_hint(data))
    return base64.b64decode(reply["pdf"])


def check_docx(data: bytes) -> None:
    """Read a .docx once in a PDF worker, for the API's check at submission: the reader's limits hold
    it to 96 MB of XML, but a tree of 30 MB of small elements still takes ~0.5 GB, which belongs in a
    process with a memory limit and a deadline, not in the server. Raises the reader's DocumentError."""
    _request({"kind": "docx"}, data, 1, _docx_failure)


def _docx_failure(timed_out: bool) -> DocumentError:
    reason = "took too long" if timed_out else "needed more memory than ContractBox allows for one file"
    return DocumentError("docx_too_large", f"Reading this Word file {reason}.")


def _frames_hint(data: bytes) -> int:
    # The deadline needs a page count before the worker decodes anything; TIFF frames are counted
    # there (and limited); here a rough count by size is enough to scale the deadline.
    return max(1, math.ceil(len(data) / (2 * 1024 * 1024)))


def _document(data: bytes, texts: list[str], readings: list[_PageReading], title: str | None) -> OcrDocument:
    try:
        laid_out = pdf.build_document(data, texts)
    except DocumentError as error:
        if error.code == "pdf_no_text":
            raise DocumentError("ocr_no_text", "No text could be recognised on the scanned pages.") from None
        raise
    ocr_pages = tuple(_place_words(laid_out, reading) for reading in readings)
    return OcrDocument(
        text=laid_out.text, pages=laid_out.pages, raw_sha256=laid_out.raw_sha256, title=title, ocr_pages=ocr_pages
    )


def _place_words(document: Document, reading: _PageReading) -> OcrPage:
    """The reading's words at their offsets in the document's text, searched in order within the page."""
    page = next(p for p in document.pages if p.number == reading.number)
    cursor, placed = page.start, []
    for text, _, _, box, confidence in reading.words:
        word = pdf.normalise_page_text(text)
        if not word:
            continue
        at = document.text.find(word, cursor, page.end)
        if at < 0 or at - cursor > 200 + len(word):  # changed by the layout repair: no box for it
            continue
        placed.append(OcrWord(word, at, at + len(word), box, confidence))
        cursor = at + len(word)
    return OcrPage(reading.number, reading.width, reading.height, reading.rotation, reading.confidence, tuple(placed))


# --- the request, sent to a PDF worker ------------------------------------------------------


def _request(
    header: dict[str, Any], data: bytes, pages: int, failure: Callable[..., DocumentError] | None = None
) -> list[_PageReading]:
    return [_reading(page) for page in _send(header, data, pages, failure)["pages"]]


def _send(
    header: dict[str, Any], data: bytes, pages: int, failure: Callable[..., DocumentError] | None = None
) -> dict[str, Any]:
    encoded = json.dumps(header).encode()
    frame = REQUEST_MAGIC + _HEADER_LENGTH.pack(len(encoded)) + encoded + data
    timeout = OCR_BASE_TIMEOUT_S + OCR_SECONDS_PER_PAGE * math.ceil(max(pages, 1) / PARALLEL_PAGES)
    isolated = pdf.ISOLATE_EXTRACTION
    reply = pdf.run_isolated(frame, timeout, failure or _worker_failure) if isolated else serve_request(frame)
    if not reply["ok"]:
        raise DocumentError(reply["code"], reply["message"])
    return reply


def _worker_failure(timed_out: bool) -> DocumentError:
    if timed_out:
        return DocumentError("ocr_timeout", "Reading the scanned pages took too long, so it was stopped.")
    return DocumentError(
        "image_unreadable",
        "The OCR reader stopped on this file (it crashed or ran out of memory allowed for one file).",
    )


def _reading(page: dict[str, Any]) -> _PageReading:
    words = [(w[0], w[1], w[2], (w[3], w[4], w[5], w[6]), w[7]) for w in page["words"]]
    return _PageReading(
        page["number"], page["text"], page["width"], page["height"], page["rotation"], page["confidence"], words
    )


# --- in the worker process ------------------------------------------------------------------


def is_request(frame: bytes) -> bool:
    return frame.startswith(REQUEST_MAGIC)


def serve_request(frame: bytes) -> dict[str, Any]:
    """Answer one OCR request (in the worker): {"ok": true, "pages": [...]} or an error reply."""
    from contractbox.documents import ocr

    kind = "image"
    try:
        header, data = _split(frame)
        kind = str(header.get("kind"))
        if kind == "docx":
            from contractbox.documents.docx import read_docx

            read_docx(data)
            return {"ok": True, "pages": []}
        if kind == "preview":
            return {"ok": True, "pages": [], "pdf": base64.b64encode(ocr.images_as_pdf(ocr.load_images(data))).decode()}
        if kind == "pdf":
            numbers = [int(n) for n in header.get("pages", [])]
            images = ocr.render_pdf_pages(data, numbers)
        else:
            numbers = []
            images = ocr.load_images(data)
        document = _recognise(ocr, images)
        if numbers:
            document = ocr.renumber(document, numbers)
        return {"ok": True, "pages": [_page_reply(document, index) for index in range(len(document.pages))]}
    except DocumentError as error:
        return {"ok": False, "code": error.code, "message": error.message}
    except MemoryError:  # the worker's address-space limit: it exits after this reply
        return {
            "ok": False,
            "fatal": True,
            "code": "image_too_large",
            "message": "The file needs more memory than allowed.",
        }


def _recognise(ocr: Any, images: list[Any]) -> OcrDocument:
    try:
        document: OcrDocument = ocr.ocr_images(images)
        return document
    except DocumentError as error:
        if error.code != "ocr_no_text":
            raise
        # Blank pages of a PDF that has text elsewhere: no words, and the caller decides.
        blank = tuple(OcrPage(n, im.width, im.height, 0, 0.0, ()) for n, im in enumerate(images, start=1))
        return OcrDocument(text="", pages=tuple(Page(p.number, 0, 0) for p in blank), ocr_pages=blank)


def _split(frame: bytes) -> tuple[dict[str, Any], bytes]:
    start = len(REQUEST_MAGIC)
    (length,) = _HEADER_LENGTH.unpack_from(frame, start)
    if length > MAX_REQUEST_HEADER_BYTES:
        raise DocumentError("image_unreadable", "The OCR request is malformed.")
    body = start + _HEADER_LENGTH.size
    return json.loads(frame[body : body + length]), frame[body + length :]


def _page_reply(document: OcrDocument, index: int) -> dict[str, Any]:
    page, reading = document.pages[index], document.ocr_pages[index]
    text = document.text[page.start : page.end].rstrip("\n")
    words = [[w.text, w.start - page.start, w.end - page.start, *w.box, w.confidence] for w in reading.words]
    return {
        "number": page.number,
        "text": text,
        "width": reading.width,
        "height": reading.height,
        "rotation": reading.rotation,
        "confidence": reading.confidence,
        "words": words,
    }
