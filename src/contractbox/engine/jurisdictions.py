"""Finding the governing-law jurisdiction named in a clause."""

from __future__ import annotations

import re

US_STATES = (
    "Alabama Alaska Arizona Arkansas California Colorado Connecticut Delaware Florida Georgia Hawaii Idaho "
    "Illinois Indiana Iowa Kansas Kentucky Louisiana Maine Maryland Massachusetts Michigan Minnesota "
    "Mississippi Missouri Montana Nebraska Nevada Ohio Oklahoma Oregon Pennsylvania Tennessee Texas Utah "
    "Vermont Virginia Washington Wisconsin Wyoming"
).split() + [
    "New Hampshire", "New Jersey", "New Mexico", "New York", "North Carolina", "North Dakota", "Rhode Island",
    "South Carolina", "South Dakota", "West Virginia", "District of Columbia",
]
OTHER = [
    "Ontario", "British Columbia", "Alberta", "Quebec", "England and Wales", "England", "Scotland", "Ireland",
    "Hong Kong", "Singapore", "Israel", "Germany", "Netherlands", "Switzerland", "Japan", "Taiwan", "India",
    "Spain", "Italy", "France", "Colombia", "Kazakhstan", "South Africa", "Belgium", "Luxembourg", "Sweden",
    "Australia", "New South Wales", "Victoria", "Canada", "Mexico", "Brazil", "Korea", "Bermuda", "Cayman Islands",
    "Beijing", "Shanghai", "Malaysia", "Philippines", "Thailand", "Denmark", "Norway", "Finland", "Austria",
    "United Kingdom", "United States",
]
CHINA = re.compile(r"People'?s Republic of China|\bPRC\b|\bChina\b", re.I)
_NAMES = sorted(US_STATES + OTHER, key=len, reverse=True)
_ANY = re.compile(r"\b(" + "|".join(re.escape(n) for n in _NAMES) + r")\b", re.I)
_CANONICAL = {n.lower(): n for n in _NAMES}
_LAWS_OF = re.compile(r"\blaws?\b|\bgoverned\b|\bconstrued\b", re.I)


def jurisdiction_in(sentence: str) -> tuple[str, int, int] | None:
    """The jurisdiction whose law a clause chooses, with its offsets in `sentence`.

    Prefers the first name after "laws of" / "governed by"; "United States" only when nothing
    more specific is named (federal law plus a state is the state)."""
    anchor = _LAWS_OF.search(sentence)
    begin = anchor.start() if anchor else 0
    found = []
    for m in _ANY.finditer(sentence, begin):
        found.append((_CANONICAL[m.group(1).lower()], m.start(), m.end()))
    m = CHINA.search(sentence, begin)
    if m:
        found.append(("People's Republic of China", m.start(), m.end()))
    if not found:
        return None
    found.sort(key=lambda f: f[1])
    specific = [f for f in found if f[0] not in ("United States", "Canada", "United Kingdom")]
    return (specific or found)[0]
