"""The values a contract gives its defined terms away from the sentences that use them: a row of a
particulars or key-details table ("| Start Date | 02/03/2026 |", "Commencement Date: 1 July 2026")
a definition ("Final Repayment Date means 2029-03-15.") or a value defined where it is stated
("for a further term from 1 April 2026 to 31 March 2027 (the "Renewal Term")"). The term clause then says only "ends
on the Final Repayment Date" or "continues for the Initial Term set out in Schedule 1"."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from contractbox.engine.dates import find_dates_loose

# "| Initial Term | From the Commencement Date to 30 June 2028 |", "| Item 3 | Initial Term | ... |" (the item's
# number is a label too: "the number of days stated in Item 5 of the Schedule")
_TABLE_ROW = re.compile(
    r"^[ \t]*\|[ \t]*(?:((?:Item|Part)[ \t]+\d+[A-Za-z]?|\d+[A-Za-z]?\.?)[ \t]*\|[ \t]*)?"
    r"([A-Z][^|\n]{1,40}?)[ \t]*\|[ \t]*([^|\n]{1,300}?)[ \t]*\|[ \t]*$",
    re.MULTILINE,
)
# "Commencement Date: 1 July 2026", "1.10 Expiration Date: July 31, 2032", "Start Date<TAB>1 July 2026" on a line of its
# own, or a row of a table laid out in plain text with its columns aligned by spaces ("Subcontract End Date      31 March
# 2028") or joined to its value by a dot leader ("End Date ........ 31 March 2028")
_KEY_LINE = re.compile(
    # an item's code before the label is no part of it: "A3 Call-Off Expiry Date: 30 November 2028.", "1.10 Expiration Date:"
    r"^[ \t]*(?:(?:\d{1,2}(?:\.\d{1,2}){1,2}\.?|\d{1,2}[A-Za-z]?\.|[A-Z]\d{1,2}\.?)[ \t]+)?([A-Z][\w'’ -]{1,38}?)"
    r"(?:[ \t]*(?::|\t)|[ ]{3,}|[ \t]*\.{3,})[ \t]*(?!(?:means|shall[ \t]+mean)\b)(\S[^\n]{0,300}?)[ \t]*$",
    re.MULTILINE,
)
# a numbered or coded row of a particulars list, whose number the body cites ("the date in Item 6", "the date in A3",
# "the date in paragraph 4 of Schedule 1"): "Item 6   Expiry Date   31 July 2032", "A3  Date of Agreement  22 June
# 2027", "4.  Expiry      30 April 2030", "| 6 | Term | ... |"
_NUMBERED_ROW = re.compile(  # from the line break before the row: a literal first character is searched for fast
    # after "Item 6" one space will do, as a PDF's text gives the row ("Item 6 Expiry Date: 31 July 2032")
    r"\n[ \t]*(?:\|[ \t]*)?(?:(Item|Row)[ \t]+)?(\d{1,2}[A-Za-z]?|[A-Z]\d{1,2})\.?(?:[ \t]*\|[ \t]*|[ \t]{2,}|(?(1)[ \t]|(?!)))"
    # (not a definition spaced out like a row: "1.2   Expiry Date   means 31 August 2029")
    r"([A-Z][\w'’ -]{1,38}?)(?:[ \t]*[:|]|[ \t]{2,})[ \t]*(?!(?:means|shall[ \t]+mean)\b)([^|\s][^|\n]{0,300}?)"
    r"[ \t]*\|?[ \t]*$",
    re.MULTILINE,
)
# the schedule a row stands in: "SCHEDULE 1 - COMMERCIAL TERMS" on a line of its own
_SCHEDULE_HEADING = re.compile(r"\n[ \t]*(?:SCHEDULE|Schedule)[ \t]+(\d{1,2}|[A-Z])\b[^\n]{0,80}$", re.MULTILINE)
# the same row once a PDF's text has lost the columns' spacing: a label ending in "Date", then only a date
# ("Subcontract End Date 31 March 2028")
_DATE_ROW = re.compile(
    r"^[ \t]*([A-Z][\w'’ -]{0,35}?\bDate)[ \t]+(\d{1,2}\s+[A-Z][a-z]+\s+\d{4}|[A-Z][a-z]+\s+\d{1,2},\s+\d{4}|"
    r"\d{1,2}/\d{1,2}/\d{4}|\d{4}-\d{2}-\d{2})[ \t]*$",
    re.MULTILINE,
)
# '"Final Repayment Date" means 2029-03-15', 'Expiry Date means the date falling ...'
_MEANS = re.compile(r"(?<=[ \t])(?:means|shall mean)[ \t]+([^;\n]{1,300})")
# the next definition of a run in one sentence: "In this agreement, Start Date means 1 February 2028 and Initial Period
# means the period from ..." (the first value ends before it)
_NEXT_DEFINITION = re.compile(r",?[ \t]+and[ \t]+[\"“]?(?:[A-Z][\w-]*[ \t]+){1,4}[\"”]?[ \t]*(?:means|shall mean)[ \t]")
# what stands before " means": the label, at a line or sentence start ('1.3 "Effective Date" means April 1, 2026.'),
# after a clause number or a list item's letter or numeral ('(b) "Initial Term" means', 'iv) "Expiry Date" means'),
# or inside a run of definitions in one sentence: "In this agreement, Start Date means ... and Initial Period means"
_DEFINED_LABEL = re.compile(
    r"(?:^|[\n.;:(,]|\band)[ \t]*(?:(?:\d+(?:\.\d+)*\.?|\(?(?:[a-z]{1,2}|[ivx]{1,5}|\d{1,3})\))[ \t]+)?"
    # the label's quotes and Markdown emphasis read through: '**Expiry Date** means', '**"Expiry Date"** means'
    r"(?:\*\*)?[\"“]?(?:\*\*)?([A-Z][\w-]*(?:[ \t]+[A-Z][\w-]*){0,3})(?:\*\*)?[\"”]?(?:\*\*)?[ \t]*$"
)


# a value defined where it is stated: 'for a further term from 1 April 2026 to 31 March 2027 (the "Renewal Term")',
# 'entered into as of January 4, 2021 (the "Closing Date")'
_INLINE = re.compile(
    r"((?:for|from|as\s+of|on)\s[^.;()]{5,100}?)\s*\((?:the\s+)?[\"“]((?:[A-Z][\w-]*\s+){0,3}(?:Term|Period|Date))[\"”]\)"
)


# a period a sentence of its own defines: "The Option Period begins on ... and ends ... on the fourteenth day of April"
_PERIOD_STATED = re.compile(
    r"\bThe\s+((?:[A-Z][\w-]*\s+){1,3}(?:Period|Term))\s+((?:begins|starts|commences|runs)\b(?:\b[ap]\.m\.|[^.;]|\.(?=\w)){10,300})"
)


# what may stand before the date a particular's value gives: "from 16 March 2026", 'begins on September 1, 2027 (the
# "Project Start Date")'
VALUE_OPENING = re.compile(r"\W*(?:(?:from|on|as\s+of|with\s+effect\s+from)\s+)?", re.IGNORECASE)
# how the body points at a row for its date: "the date in Item 6", "the date stated in A3"
THE_DATE_IN = r"the\s+date\s+(?:(?:stated|set\s+out|specified|shown|given|entered)\s+)?in"


@dataclass(frozen=True)
class Particular:
    label: str
    value: str
    start: int  # the value's offsets in the text
    end: int


@lru_cache(maxsize=1)  # the term, the notice and the start date each ask for the same contract
def particulars(text: str) -> dict[str, Particular]:
    """Defined terms and their values, by lower-cased label; the first statement of a label wins.
    Cached for the contract being read: callers only read the dict."""
    found: dict[str, Particular] = {}
    for m in _TABLE_ROW.finditer(text):
        _add(found, m.group(2), m.group(3), m.start(3))
        if m.group(1) and m.group(1)[0] in "IP":  # "Item 3", "Part 2": not a bare row number
            _add(found, m.group(1), m.group(3), m.start(3))
    _add_numbered_rows(found, text)  # before the key lines, which read "Item 6" as a label and the row's label as value
    for m in _KEY_LINE.finditer(text):
        _add(found, m.group(1), m.group(2), m.start(2))
    for m in _DATE_ROW.finditer(text):
        _add(found, m.group(1), m.group(2), m.start(2))
    at = 0
    while (means := _MEANS.search(text, at)) is not None:  # from its literal word: a label scan first is slower
        value = means.group(1)
        following = _NEXT_DEFINITION.search(value)
        value = value[: following.start()] if following else value
        label = _DEFINED_LABEL.search(text, max(0, means.start() - 80), means.start() - 1)
        if label:
            _add(found, label.group(1), _first_sentence(value), means.start(1))
        at = means.start(1) + len(value)
    for m in _INLINE.finditer(text):
        value, start = _the_defined_date(m.group(2), m.group(1), m.start(1))
        _add(found, m.group(2), value, start)
    for m in _PERIOD_STATED.finditer(text):
        _add(found, m.group(1), m.group(2), m.start(2))
    return found


def _the_defined_date(label: str, value: str, start: int) -> tuple[str, int]:
    """A defined date's value is the date right before its name: 'for a term beginning on 1 May 2027 and ending on
    30 April 2029 (the "Expiry Date")' defines 30 April 2029, not the term's first day."""
    if not label.rstrip().endswith("Date"):
        return value, start
    dated = [(s, e) for s, e, d in find_dates_loose(value) if d is not None]
    if len(dated) < 2 or value[dated[-1][1] :].strip():
        return value, start
    return value[dated[-1][0] :], start + dated[-1][0]


def _add_numbered_rows(found: dict[str, Particular], text: str) -> None:
    """Each numbered row's value under its label and under the names the body cites it by: "item 6", "paragraph 6",
    "a3", and "item 6 of schedule 1" / "paragraph 6 of schedule 1" for a row in a schedule."""
    headings: list[tuple[int, str]] | None = None
    for m in _NUMBERED_ROW.finditer(text):
        number, value, start = m.group(2).lower(), m.group(4), m.start(4)
        _add(found, m.group(3), value, start)
        names = [number] if number[0].isalpha() else [f"item {number}", f"paragraph {number}"]
        if headings is None:  # read once a row is found: most contracts have none
            headings = [(h.start(), h.group(1).lower()) for h in _SCHEDULE_HEADING.finditer(text)]
        schedule = next((name for at, name in reversed(headings) if at < m.start()), None)
        if schedule is not None and not number[0].isalpha():
            names += [f"{name} of schedule {schedule}" for name in names]
        for name in names:
            _add(found, name, value, start)


def _add(found: dict[str, Particular], label: str, value: str, start: int) -> None:
    label = " ".join(label.split())
    found.setdefault(label.lower(), Particular(label, value, start, start + len(value)))


def _first_sentence(value: str) -> str:
    end = re.search(r"\.(?:\s|$)", value)
    return value[: end.start()] if end else value


def referenced(sentence: str, found: dict[str, Particular], lead: str) -> list[tuple[Particular, int]]:
    """The particulars the sentence names right after a `lead` pattern ("ends on the", "for the"), with
    where the name ends in the sentence."""
    longest: dict[int, tuple[Particular, int]] = {}  # by where the lead starts: "the date in Item 5", not "the date"
    lowered = sentence.lower()
    for label, particular in found.items():
        if label not in lowered:  # most labels are not in the sentence: no pattern compiled for them
            continue
        for m in re.finditer(rf"\b(?:{lead})\s+(?:the\s+)?{re.escape(label)}\b", sentence, re.IGNORECASE):
            if not _inside_a_name(sentence, m.start()) and m.end() > longest.get(m.start(), (particular, -1))[1]:
                longest[m.start()] = (particular, m.end())
    # a reference read inside a longer one is the same words read short: "ends on the End Date" names "End Date",
    # not "Date" after a lead "End"
    whole = [(at, pair) for at, pair in longest.items() if not _within_another(at, pair[1], longest)]
    return sorted((pair for _, pair in whole), key=lambda pair: pair[1])


def _within_another(start: int, end: int, found: dict[int, tuple[Particular, int]]) -> bool:
    return any(other < start and end <= other_end for other, (_, other_end) in found.items())


def _inside_a_name(sentence: str, at: int) -> bool:
    """Whether a capitalised word at `at` continues a capitalised name: the "End" of "the Licence End Date" is no
    lead to a particular labelled "Date"."""
    return sentence[at : at + 1].isupper() and re.search(r"\b[A-Z][\w'’-]*\s+$", sentence[:at]) is not None
