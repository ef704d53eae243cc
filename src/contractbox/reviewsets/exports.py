"""The grid of a review set as an Excel workbook and as CSV (docs/api-notes.md, Review sets): one
row per document, one column per question, reviewed values first. Pure functions of the rows."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.comments import Comment
from openpyxl.styles import Alignment, Font

from contractbox.answers.questions import Question
from contractbox.core.csvtext import FORMULA_START, csv_text

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
TOP = Alignment(vertical="top")
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


def text_cell(sheet: Any, value: Any) -> WriteOnlyCell:
    """A cell holding the value as data: a text that starts like a formula is written as text, never run."""
    cell = WriteOnlyCell(sheet, value=value)
    if isinstance(value, str) and FORMULA_START.match(value):
        cell.data_type = "s"
    return cell


def safe(sheet: Any, value: Any) -> Any:
    """The value as data; a plain value stays a plain value (cheaper to stream than a cell)."""
    if isinstance(value, str) and FORMULA_START.match(value):
        return text_cell(sheet, value)
    return value


def grid_workbook(questions: Sequence[Question], rows: Sequence[ExportRow]) -> bytes:
    """Written in openpyxl's streaming (write-only) mode: a few seconds for 2,000 rows, where the
    ordinary mode took minutes (most of it building cell objects for the Evidence sheet)."""
    book = Workbook(write_only=True)
    grid = book.create_sheet("Grid")
    evidence = book.create_sheet("Evidence")
    grid.freeze_panes = "B2"
    bold = Font(bold=True)
    grid.append([header_cell(grid, title, bold) for title in [*FIXED_COLUMNS, *(q.label for q in questions)]])
    evidence_rows: list[list[Any]] = [[header_cell(evidence, title, bold) for title in EVIDENCE_COLUMNS]]
    for row in rows:
        title = text_cell(grid, row.title)  # a title like "=HYPERLINK(...)" must stay text
        title.hyperlink = row.link
        link = text_cell(grid, row.link)
        link.hyperlink = row.link
        status = row.status if not row.error else f"{row.status}: {row.error}"
        line: list[Any] = [title, safe(grid, row.label), safe(grid, status), link]
        for question in questions:
            cell, quote = row.cells.get(question.key), row.quotes.get(question.key)
            line.append(answer_cell(grid, shown(cell, row.status), quote))
            if cell is not None and (quote or cell.get("decision")):
                evidence_rows.append(evidence_line(evidence, row, question, cell, quote))
        grid.append(line)
    for line in evidence_rows:
        evidence.append(line)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def header_cell(sheet: Any, title: str, font: Font) -> WriteOnlyCell:
    cell = WriteOnlyCell(sheet, value=title)
    cell.font = font
    return cell


def answer_cell(sheet: Any, text: str, quote: dict | None) -> Any:
    """The answer, with the evidence quote and page as its note when there is one."""
    if not quote or not quote.get("quote"):
        return safe(sheet, text)
    cell = text_cell(sheet, text)
    page = f"\n(page {quote['page']})" if quote.get("page") else ""
    cell.comment = Comment(quote["quote"][:COMMENT_CHARS] + page, "ContractBox")
    # A style makes openpyxl's streaming writer take a fresh cell for the next value; without one
    # it reuses this cell object for it and the note moves to that next cell (openpyxl 3.1).
    cell.alignment = TOP
    return cell


def evidence_line(
    sheet: Any, row: ExportRow, question: Question, cell: dict[str, Any], quote: dict | None
) -> list[Any]:
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
    return [safe(sheet, value) for value in values]
