"""Reading dates and periods in contract language, and resolving relative terms.

"June 21, 1999", "the 21st day of June, 1999", "31 December 2006", "3/31/16" become dates;
"five (5) years", "thirty (30) days" become periods that `add_period` adds to an anchor.
"""

from __future__ import annotations

import calendar
import re
from datetime import date

from contractbox.engine.candidates import DATE_PATTERN

MONTHS = {name: i for i, name in enumerate(calendar.month_name) if name}
MONTHS.update({name[:3]: i for name, i in list(MONTHS.items())})
MONTHS["Sept"] = 9
_MONTH_LOOKUP = {k.lower(): v for k, v in MONTHS.items()}

NUMBER_WORDS = {
    w: i for i, w in enumerate(
        ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"]
    )
}
NUMBER_WORDS.update({"thirty": 30, "forty": 40, "forty-five": 45, "fifty": 50, "sixty": 60, "ninety": 90,
                     "a": 1, "an": 1, "one hundred twenty": 120, "one hundred eighty": 180})

_NUMERIC = re.compile(r"(\d{1,2})[/\-](\d{1,2})[/\-](\d{2,4})$")
_ISO = re.compile(r"(\d{4})-(\d{2})-(\d{2})$")
_WORDY = re.compile(r"[A-Za-z]+|\d+")
PERIOD = re.compile(
    r"\b(?:(\d+)|((?:one hundred )?[a-z]+(?:-[a-z]+)?)(?:\s*\((\d+)\))?)\s+((?:full\s+)?(?:calendar|business|consecutive|contract)\s+)?"
    r"(year|month|week|day)s?\b",
    re.IGNORECASE,
)


def _year(y: int) -> int:
    if y < 100:
        return y + (2000 if y < 50 else 1900)
    return y


def _safe_date(y: int, m: int, d: int) -> date | None:
    try:
        return date(_year(y), m, d)
    except ValueError:
        return None


def parse_date(expr: str) -> date | None:
    """A date from one date expression (as DATE_PATTERN finds them); None for blanks or month-only."""
    s = " ".join(expr.split())
    m = _NUMERIC.match(s)
    if m:
        return _safe_date(int(m.group(3)), int(m.group(1)), int(m.group(2)))
    m = _ISO.match(s)
    if m:
        return _safe_date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    month = day = year = None
    numbers = []
    for tok in _WORDY.findall(re.sub(r"(\d)\s?(st|nd|rd|th|s t|t h|n d|r d)\b", r"\1", s, flags=re.IGNORECASE)):
        low = tok.lower()
        if low in _MONTH_LOOKUP and month is None:
            month = _MONTH_LOOKUP[low]
        elif tok.isdigit():
            numbers.append(int(tok))
    for n in numbers:
        if n >= 1000 and year is None:
            year = n
        elif n <= 31 and day is None:
            day = n
    if month and day and year:
        return _safe_date(year, month, day)
    return None


def find_dates(text: str) -> list[tuple[int, int, date | None]]:
    return [(m.start(), m.end(), parse_date(m.group())) for m in DATE_PATTERN.finditer(text)]


def period_amount(match: re.Match[str]) -> tuple[int, str] | None:
    digits, word, paren, _, unit = match.groups()
    if digits or paren:
        return int(digits or paren), unit.lower()
    n = NUMBER_WORDS.get((word or "").lower())
    return (n, unit.lower()) if n is not None else None


def add_period(anchor: date, amount: int, unit: str) -> date:
    if unit == "day":
        return date.fromordinal(anchor.toordinal() + amount)
    if unit == "week":
        return date.fromordinal(anchor.toordinal() + 7 * amount)
    months = amount * 12 if unit == "year" else amount
    y, m = divmod(anchor.month - 1 + months, 12)
    year, month = anchor.year + y, m + 1
    day = min(anchor.day, calendar.monthrange(year, month)[1])
    return date(year, month, day)


def days_in(amount: int, unit: str) -> int:
    return {"day": 1, "week": 7, "month": 30, "year": 365}[unit] * amount
