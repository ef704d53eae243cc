"""What a result says about where its text came from, for both engines: a Word file's tracked
changes (`hasUnacceptedChanges`, `revisions`, the risks the changes raised marked `fromRevision` with
their `revisionIds`) and OCR (`ocr`, and word boxes on evidence quoted from scanned pages). Added after the engine ran,
so the mock and the live engine report them alike. Fields that do not concern a source are absent."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from contractbox.documents import Document
from contractbox.documents.docx import DocxDocument, Revision
from contractbox.documents.ocr import OcrDocument, OcrWord

# Attributing a risk that no single quote explains costs one engine run per change: up to this many changes,
# on documents up to this long (the engine's time grows with the text; the analysis has a deadline).
MAX_ATTRIBUTION_RUNS = 8
MAX_ATTRIBUTION_CHARACTERS = 300_000

Analyze = Callable[[Document], dict[str, Any]]


def add_provenance(document: Document, body: dict[str, Any]) -> dict[str, Any]:
    if isinstance(document, DocxDocument):
        _add_revisions(document, body)
    if isinstance(document, OcrDocument):
        _add_ocr(document, body)
    return body


def _add_revisions(document: DocxDocument, body: dict[str, Any]) -> None:
    body["hasUnacceptedChanges"] = bool(document.revisions)
    body["revisions"] = [
        {
            "id": _revision_id(index),
            "kind": revision.kind,
            "text": revision.text,
            "author": revision.author,
            "date": revision.date,
            "moved": revision.moved,
            "start": revision.start,
            "end": revision.end,
        }
        for index, revision in enumerate(document.revisions)
    ]
    raised = _raised_by_revisions(document, body, _same_engine(body))
    for risk in body["risks"]:
        if risk["id"] in raised:
            risk["fromRevision"] = True
            risk["revisionIds"] = raised[risk["id"]]


def _raised_by_revisions(document: DocxDocument, body: dict[str, Any], rerun: Analyze | None) -> dict[str, list[str]]:
    """risk id -> the changes that raised it. A risk is raised by the markup when its evidence overlaps
    inserted text, or when the engine does not raise it on the text with every change rejected (a clause
    struck out, a word inserted outside the quote): then the changes that, rejected alone, make it go away
    (all of them when none does alone, or when there are too many, or too long a text, to try one by one)."""
    revisions = document.revisions
    evidence = {item["id"]: item for item in body["evidence"]}
    raised: dict[str, list[str]] = {}
    for risk in body["risks"]:
        quoted = [evidence[i] for i in risk["evidenceIds"] if i in evidence]
        overlapping = [
            _revision_id(index)
            for index, rev in enumerate(revisions)
            if rev.kind == "inserted" and any(e["start"] < rev.end and e["end"] > rev.start for e in quoted)
        ]
        if overlapping:
            raised[risk["id"]] = overlapping
    if rerun is None or not revisions:
        return raised
    before = _categories(rerun(_rejecting(document, revisions)))
    new = [risk for risk in body["risks"] if risk["category"] not in before and risk["id"] not in raised]
    if new and len(revisions) <= MAX_ATTRIBUTION_RUNS and len(document.text) <= MAX_ATTRIBUTION_CHARACTERS:
        for index, rev in enumerate(revisions):
            still = _categories(rerun(_rejecting(document, (rev,))))
            for risk in new:
                if risk["category"] not in still:
                    raised.setdefault(risk["id"], []).append(_revision_id(index))
    for risk in new:
        raised.setdefault(risk["id"], [_revision_id(index) for index in range(len(revisions))])
    return raised


def _same_engine(body: dict[str, Any]) -> Analyze | None:
    """The live engine reads the text; the mock's sample findings do not depend on it."""
    from contractbox.engine import live

    return live.analyze if body["engine"]["name"] == live.ENGINE_NAME else None


def _rejecting(document: DocxDocument, revisions: tuple[Revision, ...]) -> Document:
    return Document(text=document.text_rejecting(revisions), title=document.title)


def _categories(result: dict[str, Any]) -> set[str]:
    return {risk["category"] for risk in result["risks"]}


def _revision_id(index: int) -> str:
    return f"rev_{index + 1}"


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
