"""The grid of a review set as an Excel workbook and as CSV (docs/api-notes.md, Review sets): one
row per document, one column per question, reviewed values first. Pure functions of the rows."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openpyxl import Workbook
from openpyxl.comments import Comment
from openpyxl.styles import Font
from openpyxl.worksheet.worksheet import Worksheet

from contractbox.core.csvtext import FORMULA_START, csv_text
from contractbox.reviewsets.questions import Question

FIXED_COLUMNS = ["Contract", "Folder", "Status", "Link"]
EVIDENCE_COLUMNS = [
    "Contract",
    "Folder",
    "Question",
    "Answer",
    "Value",
    "Quote",
    "Page",
    "Confidence",
    "Decision",
    "Decided by",
    "Decided at",
]
ANSWER_TEXT = {"found": "Found", "not_found": "Not found"}
COMMENT_CHARS = 1500  # Excel shows a note as a box; the whole quote is on the Evidence sheet


@dataclass(frozen=True)
class ExportRow:
    title: str
    label: str | None
    status: str  # queued | running | completed | failed
    link: str
    cells: dict[str, Any]  # by question key, as the grid answers them (empty until completed)
    quotes: dict[str, Any]  # by question key: {"quote", "page"}
    error: str | None


def shown(cell: dict[str, Any] | None, status: str) -> str:
    """What a cell says in a spreadsheet: the (reviewed) value, Found or Not found; the status while
    the document is not analysed."""
    if cell is None:
        return "" if status == "completed" else status
    if cell["answer"] == "value":
        return str(cell.get("value") or "")
    return ANSWER_TEXT[cell["answer"]]


def grid_csv(questions: Sequence[Question], rows: Sequence[ExportRow]) -> str:
    header = [*FIXED_COLUMNS, *(question.label for question in questions)]
    body = [
        [row.title, row.label, row.status, row.link, *(shown(row.cells.get(q.key), row.status) for q in questions)]
        for row in rows
    ]
    return csv_text(header, body)


def put(sheet: Worksheet, row: int, column: int, value: Any) -> Any:
    """Write a value as data: a text that starts like a formula stays text."""
    cell = sheet.cell(row=row, column=column, value=value)
    if isinstance(value, str) and FORMULA_START.match(value):
        cell.data_type = "s"
    return cell


def grid_workbook(questions: Sequence[Question], rows: Sequence[ExportRow]) -> bytes:
    book = Workbook()
    grid = book.active
    assert grid is not None  # a new workbook has its one sheet
    grid.title = "Grid"
    evidence = book.create_sheet("Evidence")
    bold = Font(bold=True)
    for column, title in enumerate([*FIXED_COLUMNS, *(q.label for q in questions)], start=1):
        put(grid, 1, column, title).font = bold
    for column, title in enumerate(EVIDENCE_COLUMNS, start=1):
        put(evidence, 1, column, title).font = bold
    evidence_row = 2
    for number, row in enumerate(rows, start=2):
        put(grid, number, 1, row.title).hyperlink = row.link
        put(grid, number, 2, row.label)
        put(grid, number, 3, row.status if not row.error else f"{row.status}: {row.error}")
        put(grid, number, 4, row.link).hyperlink = row.link
        for column, question in enumerate(questions, start=len(FIXED_COLUMNS) + 1):
            cell = row.cells.get(question.key)
            target = put(grid, number, column, shown(cell, row.status))
            quote = row.quotes.get(question.key)
            if quote and quote.get("quote"):
                page = f"\n(page {quote['page']})" if quote.get("page") else ""
                target.comment = Comment(quote["quote"][:COMMENT_CHARS] + page, "ContractBox")
            if cell is not None:
                write_evidence(evidence, evidence_row, row, question, cell, quote)
                evidence_row += 1
    grid.freeze_panes = "B2"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def write_evidence(
    sheet: Worksheet, number: int, row: ExportRow, question: Question, cell: dict[str, Any], quote: dict | None
) -> None:
    decision = cell.get("decision") or {}
    values = [
        row.title,
        row.label,
        question.label,
        ANSWER_TEXT.get(cell["answer"], "Value"),
        cell.get("value"),
        (quote or {}).get("quote"),
        (quote or {}).get("page"),
        cell.get("confidence"),
        decision.get("action"),
        decision.get("by"),
        decision.get("at"),
    ]
    for column, value in enumerate(values, start=1):
        put(sheet, number, column, value)
