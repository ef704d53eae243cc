"""CSV as spreadsheets open it: RFC 4180 fields, a UTF-8 BOM (so Excel reads the accents), and no
cell that a spreadsheet would run as a formula. Used by every CSV export (reports, review sets)."""

from __future__ import annotations

import re
from collections.abc import Sequence

BOM = "\ufeff"
FORMULA_START = re.compile(r"^[=+\-@\t\r]")


def cell(value: object) -> str:
    """One RFC 4180 field; a leading = + - @ tab or CR is neutralised (no spreadsheet formulas)."""
    text = "" if value is None else str(value)
    if FORMULA_START.match(text):
        text = "'" + text
    if any(ch in text for ch in '",\r\n'):
        text = '"' + text.replace('"', '""') + '"'
    return text


def csv_text(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    lines = [",".join(cell(v) for v in row) for row in [list(header), *rows]]
    return BOM + "\r\n".join(lines) + "\r\n"
