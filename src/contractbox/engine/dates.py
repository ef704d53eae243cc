"""Reading dates and periods in contract language, and resolving relative terms.

"June 21, 1999", "the 21st day of June, 1999", "31 December 2006", "3/31/16" become dates;
"five (5) years", "thirty (30) days" become periods that `add_period` adds to an anchor.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date

from contractbox.engine.candidates import DATE_PATTERN
from contractbox.engine.date_pattern import iter_date_matches
from contractbox.engine.first_chars import presence_pattern

MONTHS = {name: i for i, name in enumerate(calendar.month_name) if name}
MONTHS.update({name[:3]: i for name, i in list(MONTHS.items())})
MONTHS["Sept"] = 9
_MONTH_LOOKUP = {k.lower(): v for k, v in MONTHS.items()}

NUMBER_WORDS = {
    w: i
    for i, w in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
            "twenty",
        ]
    )
}
NUMBER_WORDS.update(
    {
        "thirty": 30,
        "forty": 40,
        "forty-five": 45,
        "fifty": 50,
        "sixty": 60,
        "seventy": 70,
        "eighty": 80,
        "ninety": 90,
        "a": 1,
        "an": 1,
        "one hundred twenty": 120,
        "one hundred eighty": 180,
    }
)

# a time of day a term ends at: "midnight", "noon", "5 p.m.", "11:59 pm", "17.00"
TIME_OF_DAY = r"(?:midnight|noon|\d{1,2}(?:[:.]\d\d)?\s*[ap]\.?\s?m\.?|\d{1,2}[:.]\d\d)"
_NUMERIC = re.compile(r"(\d{1,2})[ \t]?[/\-][ \t]?(\d{1,2})[ \t]?[/\-][ \t]?(\d{2,4})$")
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


# "All dates in this Agreement are written day/month/year", "(dd/mm/yyyy)"; and the US order, said as plainly
_DAY_FIRST_STATED = presence_pattern(
    (r"\bday\s*/\s*month\s*/\s*year\b", r"\bdd\s*[/.]\s*mm\s*[/.]\s*(?:yy)?yy\b"), re.IGNORECASE
)
_MONTH_FIRST_STATED = re.compile(r"\bmonth\s*/\s*day\s*/\s*year\b|\bmm\s*[/.]\s*dd\s*[/.]\s*(?:yy)?yy\b", re.IGNORECASE)
_DAY_FIRST: ContextVar[bool] = ContextVar("numeric_dates_day_first", default=False)


def states_day_first(text: str) -> bool:
    """The document says its numeric dates are written day first (and does not also say month first), or
    shows it: a numeric date whose first number cannot be a month ("14/03/2024") and none whose second cannot be."""
    if _DAY_FIRST_STATED.search(text):
        return not _MONTH_FIRST_STATED.search(text)
    return _shows_day_first(text)


# (the first digit read before the look back at what precedes it: a scan for digits, not a test at every character)
_SLASHED = re.compile(r"(\d(?<![\d/.-]\d)\d?)[/-](\d{1,2})[/-](?:\d{4}|\d{2})(?![\d/-])")


def _shows_day_first(text: str) -> bool:
    day_first = month_first = False
    for m in _SLASHED.finditer(text):
        first, second = int(m.group(1)), int(m.group(2))
        day_first |= 12 < first <= 31 and 1 <= second <= 12
        month_first |= 12 < second <= 31 and 1 <= first <= 12
    return day_first and not month_first


@contextmanager
def numeric_dates_of(text: str) -> Iterator[None]:
    """Within the block, numeric dates ("02/03/2026") are read in the order the document states; without a
    statement, month first as US contracts write them (day first where the first number exceeds 12)."""
    token = _DAY_FIRST.set(states_day_first(text))
    try:
        yield
    finally:
        _DAY_FIRST.reset(token)


def parse_date(expr: str) -> date | None:
    """A date from one date expression (as DATE_PATTERN finds them); None for blanks or month-only."""
    s = " ".join(expr.split())
    m = _NUMERIC.match(s)
    if m:
        first, second = int(m.group(1)), int(m.group(2))
        if first > 12 >= second or (_DAY_FIRST.get() and second <= 12):  # "13/07/05", "18/9/2008", stated order
            first, second = second, first
        return _safe_date(int(m.group(3)), first, second)
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


_MONTHS_LOWER = {name.lower(): number for name, number in MONTHS.items()}
# Ordinal words a day of the month or an anniversary is written with ("the third day of").
ORDINAL_DAYS = {
    word: number
    for number, word in enumerate(
        [
            "first",
            "second",
            "third",
            "fourth",
            "fifth",
            "sixth",
            "seventh",
            "eighth",
            "ninth",
            "tenth",
            "eleventh",
            "twelfth",
            "thirteenth",
            "fourteenth",
            "fifteenth",
            "sixteenth",
            "seventeenth",
            "eighteenth",
            "nineteenth",
            "twentieth",
        ],
        start=1,
    )
}
ORDINAL_DAYS.update({f"twenty-{word}": 20 + n for word, n in ORDINAL_DAYS.items() if n < 10})
ORDINAL_DAYS.update({"thirtieth": 30, "thirty-first": 31})
# longest first, so "twenty-first" is not read as "first"; "twenty first" spelt with a space too
_ORDINAL_DAY_WORDS = "|".join(w.replace("-", r"[\s-]") for w in sorted(ORDINAL_DAYS, key=len, reverse=True))


def ordinal_day(word: str) -> int | None:
    """The day an ordinal word names ("thirty-first", "Twenty First"), else None."""
    return ORDINAL_DAYS.get("-".join(word.lower().split()).replace("--", "-"))


_MONTH_RE = "|".join(sorted(_MONTHS_LOWER, key=len, reverse=True))
_LOOSE_DATE = re.compile(
    rf"(?:\b(?P<month>{_MONTH_RE})\.?\s+(?P<day>\d{{1,2}})(?:st|nd|rd|th)?(?:\s+,|\.)\s*"
    rf"|\(?\b(?P<day2>\d{{1,2}}|{_ORDINAL_DAY_WORDS})(?:\s?(?:st|nd|rd|th|s\s?t|t\s?h))?\)?\s+day\s+of\s+"
    rf"(?P<month2>{_MONTH_RE})\.?\s*,?\s+"
    rf"|(?<=[a-z])(?P<day3>\d{{1,2}})\s+(?P<month3>{_MONTH_RE})\.?\s*,?\s+"
    rf"|\b(?P<day4>\d{{1,2}}|{_ORDINAL_DAY_WORDS})(?:st|nd|rd|th)?\s+of\s+(?P<month4>{_MONTH_RE})\.?\s*,?\s+"
    rf"|(?<![\d.])(?P<day5>\d{{1,2}})\.(?P<month5>\d{{1,2}})\.)(?P<year>(?:19|20)\d\d)\b(?!\.\d)",
    re.IGNORECASE,
)


_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
# a scan's "l" or "I" standing for the digit 1 at the start of a day ("on l9 January"), not a word's last letter
_OCR_ONE = re.compile(r"(?<![A-Za-z])[lI]\d(?!\d)")


def _loose_dates(text: str) -> list[tuple[int, int, date]]:
    """Dates the shared pattern misses: "April 15 , 2010", "19  DAY OF MAY , 2010", "first day of July, 2017",
    "March 18. 2021", "as of1 August 2019", "the 1st of March, 2003", "01.03.2024" (day first)."""
    out = []
    seen = -1
    for year in _YEAR.finditer(text):  # every loose date ends with a year: try the pattern only just before one
        m = _LOOSE_DATE.search(text, max(seen + 1, year.start() - 40), year.end())
        if m is None or m.end() != year.end():
            continue
        seen = m.end()
        if m.group("month5"):  # "01.03.2024": day first, as written where dots separate the parts
            month: int | None = int(m.group("month5"))
        else:
            name = m.group("month") or m.group("month2") or m.group("month3") or m.group("month4")
            month = _MONTHS_LOWER.get(name.lower().rstrip("."))
        day_text = m.group("day") or m.group("day2") or m.group("day3") or m.group("day4") or m.group("day5") or ""
        begin = m.start()
        if m.group("day3") and _OCR_ONE.match(text, begin - 1):
            day_text, begin = "1" + day_text, begin - 1  # "l9 January 2027" in a scan's text: "l" misread for "1"
        day = int(day_text) if day_text.isdigit() else ordinal_day(day_text)
        found = _safe_date(int(m.group("year")), month, day) if month and day else None
        if found:
            out.append((begin, m.end(), found))
    return out


# the words of a year's last two digits ("twenty-six" is read as twenty and six)
_YEAR_WORDS = {w: n for w, n in NUMBER_WORDS.items() if w.isalpha() and w not in ("a", "an")}
# "two thousand twenty-six", "Two Thousand and Five"
_WORD_YEAR = re.compile(
    r"\btwo\s+thousand(?:\s+and)?((?:[\s-]+(?:" + "|".join(_YEAR_WORDS) + r")\b){0,2})", re.IGNORECASE
)
_DAY_MONTH_BEFORE = re.compile(
    rf"(?:(?:\bthe\s+)?\b(?P<day>\d{{1,2}}|{_ORDINAL_DAY_WORDS})(?:\s?(?:st|nd|rd|th))?\)?\s+(?:\(\d{{1,2}}(?:st|nd|rd|th)?\)\s+)?"
    rf"day\s+of\s+(?P<month>{_MONTH_RE})|(?P<month2>{_MONTH_RE})\s+(?P<day2>\d{{1,2}})(?:st|nd|rd|th)?|"
    # "the twelfth of March two thousand twenty-seven", "12 March two thousand and twenty-eight"
    rf"(?:\bthe\s+)?\b(?P<day3>\d{{1,2}}|{_ORDINAL_DAY_WORDS})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<month3>{_MONTH_RE}))"
    r"\.?\s*,?\s+$",
    re.IGNORECASE,
)


def _word_year_dates(text: str) -> list[tuple[int, int, date]]:
    """Dates whose year is written in words: "the first (1st) day of April, two thousand twenty-six"."""
    out = []
    for year in _WORD_YEAR.finditer(text):
        units = [_YEAR_WORDS[w.lower()] for w in re.findall(r"[A-Za-z]+", year.group(1))]
        if len(units) == 2 and not (units[0] >= 20 and units[1] < 10):
            continue  # "twenty fifteen" is no number
        prefix = _DAY_MONTH_BEFORE.search(text, max(0, year.start() - 60), year.start())
        if prefix is None:
            continue
        day_text = prefix.group("day") or prefix.group("day2") or prefix.group("day3")
        day = int(day_text) if day_text.isdigit() else ordinal_day(day_text)
        month_text = prefix.group("month") or prefix.group("month2") or prefix.group("month3")
        month = _MONTHS_LOWER.get(month_text.lower().rstrip("."))
        found = _safe_date(2000 + sum(units), month, day) if month and day else None
        if found:
            out.append((prefix.start(), year.end(), found))
    return out


def find_dates_loose(text: str) -> list[tuple[int, int, date | None]]:
    """`find_dates` plus the loosely written dates, which replace a partial match inside them ("May , 2010")."""
    found = [(m.start(), m.end(), parse_date(m.group())) for m in iter_date_matches(text)]
    loose = _loose_dates(text) + (_word_year_dates(text) if "thousand" in text.lower() else [])
    if not loose:
        return found
    kept = [f for f in found if not any(s <= f[0] < e for s, e, _ in loose)]
    return sorted(kept + list(loose), key=lambda f: f[0])


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
