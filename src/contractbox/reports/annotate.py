"""The original PDF with every finding as a highlight annotation carrying its label, value,
decision and note (pypdf writes the annotations; PDFium locates the quotes)."""

from __future__ import annotations

import io
from collections.abc import Sequence

from pypdf import PdfReader, PdfWriter
from pypdf.annotations import Highlight
from pypdf.generic import ArrayObject, FloatObject, NameObject, TextStringObject

from contractbox.documents.pdf_boxes import Rect, quote_rects
from contractbox.reviews.service import ReviewedFinding

COLOURS = {"risk": "ff6b6b", "clause": "ffd43b", "date": "74c0fc", "obligation": "b2f2bb", "party": "e5dbff"}
DEFAULT_COLOUR = "ffe066"


def contents_of(item: ReviewedFinding) -> str:
    text = (
        f"{item.finding.label}: {item.value}" if item.value and item.value != item.finding.label else item.finding.label
    )
    if item.review is not None:
        text += f"\nDecision: {item.decision} by {item.review['reviewer']['name']}"
    if item.note:
        text += f"\nNote: {item.note}"
    return text


def quad_points(rects: Sequence[Rect]) -> ArrayObject:
    points: list[FloatObject] = []
    for left, bottom, right, top in rects:
        points += [FloatObject(v) for v in (left, top, right, top, left, bottom, right, bottom)]
    return ArrayObject(points)


def occurrence(text: str, pages: Sequence[dict], page: int, quote: str, start: int | None) -> int:
    """How many times `quote` occurs on its page before the evidence's own offset (case-insensitive),
    so the highlight lands on the quoted occurrence, not the first one."""
    span = next((p for p in pages if p["number"] == page), None)
    if span is None or start is None or not text:
        return 0
    before = text[span["start"] : max(span["start"], start)].casefold()
    needle = " ".join(quote.split()).casefold()
    return " ".join(before.split()).count(needle) if needle else 0


def annotate(
    original: bytes, items: Sequence[ReviewedFinding], text: str = "", pages: Sequence[dict] = ()
) -> tuple[bytes, int]:
    """The annotated PDF and how many findings were placed (a quote not found on its page is skipped).
    `text` and `pages` are the document text the evidence offsets point into, with page ranges."""
    located = [
        (i, i.finding.page or 0, i.finding.quote.split(" … ")[0]) for i in items if i.finding.page and i.finding.quote
    ]
    rects = quote_rects(
        original,
        [(page, quote, occurrence(text, pages, page, quote, i.finding.start)) for i, page, quote in located],
    )
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(original)))
    placed = 0
    for (item, page, _), boxes in zip(located, rects, strict=True):
        if not boxes:
            continue
        bounds = (
            min(b[0] for b in boxes),
            min(b[1] for b in boxes),
            max(b[2] for b in boxes),
            max(b[3] for b in boxes),
        )
        annotation = Highlight(
            rect=bounds,
            quad_points=quad_points(boxes),
            highlight_color=COLOURS.get(item.finding.kind, DEFAULT_COLOUR),
        )
        annotation[NameObject("/Contents")] = TextStringObject(contents_of(item))
        annotation[NameObject("/T")] = TextStringObject("ContractBox")
        annotation[NameObject("/NM")] = TextStringObject(item.finding.key[:200])
        writer.add_annotation(page_number=page - 1, annotation=annotation)
        placed += 1
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue(), placed
