"""What the comparison summary says about clauses: only changes it can phrase correctly.

A clause's redline is read as pairs of a deleted run followed by an inserted run. A pair is
phrased when it is a quantity with the same unit on both sides ("the notice period in the
termination for convenience clause changes from 30 to 90 days", "$1,000 to $5,000", "10% to
15%"), or the governing law's jurisdiction ("governing law changes from Colorado to Delaware",
read from the results' own governing law, not from the words). A year inside a date is left to the
key dates (which say "moves the expiration date from ... to ..."). Every other change is stated
only as "changes the wording of the X clause", never as figures torn out of context. A figure
found in several clauses (their quotes overlap) is stated once with the words that follow it
("a period changes from 60 to 90 days (“90 days after written …”)"), naming no clause: which of
them the number belongs to is not something the redline says.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

Item = dict[str, Any]

NUMBER_WORD = r"(?:[a-z]+(?:-[a-z]+)?\s+)?\((?P<paren>\d[\d,]*)\)"  # "thirty (30)"
QUANTITY = re.compile(
    rf"^(?:(?P<currency>[$€£])\s?)?(?:(?P<num>\d{{1,3}}(?:,\d{{3}})+|\d+)(?:\.\d+)?|{NUMBER_WORD})(?P<pct>\s?%)?$",
    re.IGNORECASE,
)
TIME_UNITS = (
    "business days",
    "calendar days",
    "days",
    "weeks",
    "months",
    "years",
    "hours",
    "day",
    "week",
    "month",
    "year",
    "hour",
)
YEAR = re.compile(r"^(?:19|20)\d{2}[,.]?$")
# What may sit unchanged between a number's word and its figure: "sixty (60)" -> "ninety (90)" is
# redlined as "sixty"->"ninety", an unchanged "(", then "60"->"90".
JOINER = re.compile(r"^\s*\(?\s*$")
# Words after the unit that make it a period counted from something, not a notice period:
# "60 days after written notice of the breach" is a cure period.
COUNTED_FROM = ("after", "following", "from", "of", "upon", "within")


@dataclass(frozen=True)
class Figure:
    old: str
    new: str
    unit: str  # "days", "%", "" (an amount with a currency sign)
    context: str  # "notice period", "period", "amount", "percentage"
    after: str = ""  # the words that follow: one change quoted by several clauses has the same

    @property
    def key(self) -> tuple[str, str, str, str]:
        return (self.old, self.new, self.unit, self.after)

    def phrase(self, clause_labels: list[str]) -> str:
        """Names the clause when one clause quotes the figure; when several do, quotes the words
        that follow it instead of guessing which of them the number belongs to."""
        change = self._change()
        if len(clause_labels) == 1:
            return f"the {self.context} in the {clause_labels[0]} clause {change}"
        quote = f"{self.new}{'%' if self.unit == '%' else ''} {self.after}".strip()
        return f"a {self.context} {change} (\u201c{quote} \u2026\u201d)"

    def _change(self) -> str:
        if self.unit == "%":
            return f"changes from {self.old}% to {self.new}%"
        if self.unit:
            return f"changes from {self.old} to {self.new} {self.unit}"
        return f"changes from {self.old} to {self.new}"


def _number(text: str) -> tuple[str, str | None, bool] | None:
    """(number, currency sign, percent) of a quantity run, or None when it is not one."""
    match = QUANTITY.match(text.strip())
    if not match or not (match.group("num") or match.group("paren")):
        return None
    number = match.group("num") or match.group("paren")
    whole = match.group(0)
    decimals = re.search(r"\.\d+", whole) if match.group("num") else None
    return number + (decimals.group() if decimals else ""), match.group("currency"), bool(match.group("pct"))


def figure_of(deleted: str, inserted: str, following: str) -> Figure | None:
    old, new = _number(deleted), _number(inserted)
    if old is None or new is None or old[0] == new[0]:
        return None
    context = " ".join(re.findall(r"[a-z]+", following.lower())[:3])
    if old[1] and old[1] == new[1]:
        return Figure(f"{old[1]}{old[0]}", f"{new[1]}{new[0]}", "", "amount", context)
    if old[2] and new[2]:
        return Figure(old[0], new[0], "%", "percentage", context)
    if old[1] or new[1] or old[2] or new[2]:
        return None
    rest = following.strip().lower()
    unit = next((u for u in TIME_UNITS if re.match(rf"{u}\b", rest)), None)
    if unit is None:
        return None
    after = re.findall(r"[a-z]+", rest[len(unit) :])[:4]
    notice = "notice" in after and not (after and after[0] in COUNTED_FROM)
    return Figure(old[0], new[0], unit, "notice period" if notice else "period", context)


def _pairs(segments: list[Item]) -> list[tuple[str, str, str]]:
    """(deleted, inserted, following equal text) for each delete directly followed by an insert;
    a lone delete or insert yields ("x", "") or ("", "x")."""
    out = []
    index = 0
    while index < len(segments):
        segment = segments[index]
        if segment["op"] == "delete" and index + 1 < len(segments) and segments[index + 1]["op"] == "insert":
            deleted, inserted = segment["text"], segments[index + 1]["text"]
            index += 2
            while _joined(segments, index):  # "sixty (60)": the word and the figure are one change
                deleted += segments[index]["text"] + segments[index + 1]["text"]
                inserted += segments[index]["text"] + segments[index + 2]["text"]
                index += 3
            following = segments[index]["text"] if index < len(segments) else ""
            if deleted.count("(") > deleted.count(")") and following.startswith(")"):
                deleted, inserted, following = deleted + ")", inserted + ")", following[1:]
            out.append((deleted, inserted, following))
            continue
        if segment["op"] != "equal":
            out.append(
                (
                    segment["text"] if segment["op"] == "delete" else "",
                    segment["text"] if segment["op"] == "insert" else "",
                    "",
                )
            )
        index += 1
    return out


def _joined(segments: list[Item], index: int) -> bool:
    """An unchanged "(" (or space) between two changes, then a delete and an insert."""
    return (
        index + 2 < len(segments)
        and segments[index]["op"] == "equal"
        and bool(JOINER.match(segments[index]["text"]))
        and segments[index + 1]["op"] == "delete"
        and segments[index + 2]["op"] == "insert"
    )


@dataclass
class ClauseReading:
    label: str
    figures: list[Figure]
    unexplained: bool


def read_clause(clause: Item, laws: tuple[str | None, str | None], dates_moved: bool) -> ClauseReading:
    figures, unexplained = [], False
    left_law, right_law = laws
    for deleted, inserted, following in _pairs(clause["redline"] or []):
        old, new = deleted.strip(), inserted.strip()
        figure = figure_of(old, new, following) if old and new else None
        if figure is not None:
            figures.append(figure)
        elif old and new and YEAR.match(old) and YEAR.match(new) and dates_moved:
            continue  # a date's year: the key dates state the move
        elif left_law and right_law and left_law != right_law and old in left_law and new in right_law and old and new:
            continue  # the jurisdiction: stated once from the governing law itself
        else:
            unexplained = True
    return ClauseReading(lower_label(clause["label"]), figures, unexplained)


def lower_label(label: str) -> str:
    """'Cap On Liability' -> 'cap on liability', keeping acronyms such as 'IP'."""
    return " ".join(w if len(w) > 1 and w.isupper() else w.lower() for w in label.split())


def changed_clause_phrases(
    changed: list[Item], laws: tuple[str | None, str | None], dates_moved: bool
) -> tuple[list[str], list[str]]:
    """(phrases of figures, labels of clauses whose wording changed otherwise)."""
    readings = [read_clause(clause, laws, dates_moved) for clause in changed]
    quoted_by: dict[tuple[str, str, str, str], list[str]] = {}
    for reading in readings:
        for figure in reading.figures:
            labels = quoted_by.setdefault(figure.key, [])
            if reading.label not in labels:
                labels.append(reading.label)
    phrases, seen = [], set()
    for reading in readings:
        for figure in reading.figures:
            if figure.key not in seen:
                seen.add(figure.key)
                phrases.append(figure.phrase(quoted_by[figure.key]))
    reworded = [reading.label for reading in readings if reading.unexplained]
    return phrases, reworded


def governing_law_phrase(laws: tuple[str | None, str | None]) -> str | None:
    left, right = laws
    if left and right and left != right:
        return f"governing law changes from {left} to {right}"
    if left and not right:
        return f"no governing law is found any more (was {left})"
    if right and not left:
        return f"governing law is now {right}"
    return None
