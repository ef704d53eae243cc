"""What a result says about where its text came from, for both engines: a Word file's tracked
changes (`hasUnacceptedChanges`, `revisions`, risks raised by inserted text marked `fromRevision`)
and OCR (`ocr`, and word boxes on evidence quoted from scanned pages). Added after the engine ran,
so the mock and the live engine report them alike. Fields that do not concern a source are absent."""

from __future__ import annotations

from typing import Any

from contractbox.documents import Document
from contractbox.documents.docx import DocxDocument, Revision
from contractbox.documents.ocr import OcrDocument, OcrWord


def add_provenance(document: Document, body: dict[str, Any]) -> dict[str, Any]:
    if isinstance(document, DocxDocument):
        _add_revisions(document.revisions, body)
    if isinstance(document, OcrDocument):
        _add_ocr(document, body)
    return body


def _add_revisions(revisions: tuple[Revision, ...], body: dict[str, Any]) -> None:
    body["hasUnacceptedChanges"] = bool(revisions)
    body["revisions"] = [
        {
            "id": f"rev_{index}",
            "kind": revision.kind,
            "text": revision.text,
            "author": revision.author,
            "date": revision.date,
            "moved": revision.moved,
            "start": revision.start,
            "end": revision.end,
        }
        for index, revision in enumerate(revisions, start=1)
    ]
    inserted = [(r.start, r.end) for r in revisions if r.kind == "inserted" and r.end > r.start]
    evidence = {item["id"]: item for item in body["evidence"]}
    for risk in body["risks"]:
        quoted = [evidence[i] for i in risk["evidenceIds"] if i in evidence]
        if any(e["start"] < end and e["end"] > start for e in quoted for start, end in inserted):
            risk["fromRevision"] = True


def _add_ocr(document: OcrDocument, body: dict[str, Any]) -> None:
    body["ocr"] = {
        "used": True,
        "pages": [page.number for page in document.ocr_pages],
        "meanConfidence": round(document.mean_confidence, 4),
        "lowConfidencePages": document.low_confidence_pages,
    }
    for item in body["evidence"]:
        boxes = line_boxes(document, document.words_between(item["start"], item["end"]))
        if boxes:
            item["boxes"] = boxes


def line_boxes(document: Document, words: list[tuple[int, OcrWord]]) -> list[dict[str, Any]]:
    """One box per line: consecutive words of one page that sit side by side are merged."""
    boxes: list[dict[str, Any]] = []
    previous: tuple[int, OcrWord] | None = None
    for page, word in words:
        x0, y0, x1, y1 = word.box
        if previous is not None and _same_line(document, previous, (page, word)):
            box = boxes[-1]
            box.update(x0=min(box["x0"], x0), y0=min(box["y0"], y0), x1=max(box["x1"], x1), y1=max(box["y1"], y1))
        else:
            boxes.append({"page": page, "x0": x0, "y0": y0, "x1": x1, "y1": y1})
        previous = (page, word)
    return boxes


def _same_line(document: Document, left: tuple[int, OcrWord], right: tuple[int, OcrWord]) -> bool:
    (page_a, a), (page_b, b) = left, right
    if page_a != page_b or b.box[0] < a.box[0] or "\n" in document.text[a.end : b.start]:
        return False
    overlap = min(a.box[3], b.box[3]) - max(a.box[1], b.box[1])
    return overlap > 0.5 * min(a.box[3] - a.box[1], b.box[3] - b.box[1])
