"""Legal-form words (Inc., Ltd., GmbH, S.A. de C.V., ...) read from `data/legal_forms.txt`.

A hand-kept list rather than a runtime dependency: the general lists (cleanco's 300+ terms) carry short
forms that are also English or address words ("at", "et", "as", "uk"), which would anchor false names.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from contractbox.engine.first_chars import folded_class

_DATA = Path(__file__).parent / "data" / "legal_forms.txt"
# forms that are English words in lower case: a form only in capitals after a mixed-case name ("Østfold Data AS",
# "Nordlicht Holding SE"); in an all-capitals line "SUPPLIED AS" is the word
CAPITAL_ONLY = ("AS", "SE")
# forms that are also descriptors in lower case ("a Delaware limited partnership"): a form only when capitalised
CAPITALISED_ONLY = (
    "Limited Partnership",
    "LIMITED PARTNERSHIP",
    "Limited Liability Partnership",
    "LIMITED LIABILITY PARTNERSHIP",
)
# forms that are other words in lower case ("cc" a copy line, "npc" a game's character): a form only in capitals
# (South Africa's close corporation "CC" and non-profit company "NPC")
CASE_SENSITIVE = ("CC", "NPC")


@lru_cache(maxsize=1)
def legal_forms() -> tuple[str, ...]:
    lines = _DATA.read_text(encoding="utf-8").splitlines()
    return tuple(line.strip() for line in lines if line.strip() and not line.startswith("#"))


def _alternative(form: str) -> str:
    body = re.escape(form.rstrip("."))
    body = body.replace(r"\ ", r"\s*")  # "Pty. Ltd." also written "Pty.Ltd."
    # inside a form of several words a dot may be left out ("GmbH & Co KG", "Pty Ltd"); in "N.A." or "P.A." it
    # may not, or "PA" in an address would read as a legal form
    body = body.replace(r"\.", r"\.?\s*" if " " in form else r"\.\s*")
    if form[0].isascii() and form[0].isalpha():
        # the first letter as a class without IGNORECASE: `re` turns a form away by that one test, where with a
        # case-folded letter it enters every form in turn (about 90) at each place it tries
        body = f"(?-i:{folded_class(form[0])})" + body[1:]
    return body + r"\.?"


@lru_cache(maxsize=1)
def legal_form_pattern() -> re.Pattern[str]:
    """Matches one legal form as whole tokens (not inside a longer word)."""
    forms = sorted(legal_forms(), key=len, reverse=True)
    alternatives = [f"(?-i:{_alternative(f)})" for f in CAPITALISED_ONLY] + [_alternative(f) for f in forms]
    alternatives += [f"(?<=(?-i:[a-z\u00e0-\u00ff]) )(?-i:{f})" for f in CAPITAL_ONLY]
    alternatives += [f"(?-i:{f})(?![\\-&])" for f in CASE_SENSITIVE]  # not "CC-Pharming"
    # (nor the first part of a hyphenated word: the "Co" of "Housing Co-operative Limited")
    return re.compile(r"(?<![\w.])(?:" + "|".join(alternatives) + r")(?![\w])(?!-[A-Za-z])", re.IGNORECASE)


def ends_with_legal_form(name: str) -> bool:
    """True when the name's last token(s) are a legal form ("Acme Widgets, Inc.")."""
    return any(not name[m.end() :].strip(" ,.") for m in legal_form_pattern().finditer(name))
