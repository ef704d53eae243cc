"""Explanations and recommendations of one contract's risks, built from the clause each risk quotes.

The playbook gives each rule a title and a general recommendation; here they become specific to
the contract: the cap amount and what is carved out of it, who holds a right to terminate and on
how many days' notice, the territory and duration of a restriction, the renewal notice window. A
risk about something missing says what was looked for. Details the clause does not state are left
out rather than guessed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from contractbox.engine.dates import PERIOD, days_in, period_amount
from contractbox.engine.jurisdictions import OTHER, US_STATES

_MAX_QUOTE = 160


@dataclass(frozen=True)
class Context:
    text: str  # the clause the risk quotes, whitespace collapsed ("" for a risk about something missing)
    notice_days: int | None = None
    deadline: str | None = None  # the last day to give notice of non-renewal (ISO), when the engine computed it


def _short(quote: str, limit: int = _MAX_QUOTE, about: re.Pattern[str] | None = None) -> str:
    """The quote cut to `limit` characters. When the words the risk is `about` lie past the cut, the quote is the
    sentence piece or list item that holds them, up to `_FOCUSED_QUOTE` characters ("… (e) a person acquires more
    than 50% of the Lessee's shares")."""
    quote = " ".join(quote.split()).strip(" ,;:")
    if len(quote) <= limit:
        return quote
    m = about.search(quote) if about else None
    if m is None or m.end() <= limit - 20:
        return _cut(quote, 0, limit)
    start = max((b.end() for b in _PIECE_START.finditer(quote, 0, m.start())), default=0)
    if m.end() - start > _FOCUSED_QUOTE:  # a long sentence: its opening, rather than words torn from the middle
        return _cut(quote, 0, limit)
    return ("…" if start else "") + _cut(quote, start, max(limit, min(_FOCUSED_QUOTE, m.end() - start + 60)))


def _cut(quote: str, start: int, length: int) -> str:
    if start + length >= len(quote):
        return quote[start:]
    return quote[start : start + length].rsplit(" ", 1)[0].rstrip(" ,;:") + "…"


_FOCUSED_QUOTE = 300
# where a list item or a sentence piece starts inside a clause: "; (e) ", ": (a) ", ". "
# (not the "(3)" of "three (3) years")
_PIECE_START = re.compile(r"[;:.]\s+(?=\((?:[a-z]{1,3}|\d{1,2})\)\s)|\s(?=\([a-z]{1,3}\)\s)|[;.]\s+(?=[A-Z(])")


_HOLDER = re.compile(
    r"\b((?i:either|each|any|neither)\s+(?i:party)|(?i:the\s+parties)|(?:the\s+)?[A-Z][\w&\-]*(?:\s+[A-Z][\w&\-]*){0,3})"
    r"(?:\s*\([^)]{0,40}\))?\s*,?\s*(?:may|shall\s+(?:have\s+the\s+right|be\s+entitled)\s+to|has\s+the\s+right\s+to|"
    r"is\s+entitled\s+to|reserves\s+the\s+right\s+to)\s*,?\s*(?:[^.;]{0,40}?\s)?(?:terminat|cancel|end\s+(?:this|the)\b)"
)
_NOT_HOLDER = {"this", "the", "such", "that", "any", "notwithstanding", "agreement", "this agreement", "section"}


def holder(text: str) -> str | None:
    """Who may terminate, as the clause names them ("Either party", "Customer")."""
    for m in _HOLDER.finditer(text):
        name = m.group(1).strip()
        if name.lower() not in _NOT_HOLDER and not name.lower().startswith(("this ", "section ")):
            return name[0].upper() + name[1:]
    return None


def periods(text: str) -> list[tuple[str, int]]:
    """Every period in the clause as (its words, days)."""
    out = []
    for m in PERIOD.finditer(text):
        amount = period_amount(m)
        if amount:
            out.append((" ".join(m.group(0).split()), days_in(*amount)))
    return out


_NOTICE = re.compile(r"notice", re.IGNORECASE)


def notice_period(text: str) -> str | None:
    """The period of notice a clause asks for ("ninety (90) days")."""
    for m in PERIOD.finditer(text):
        window = text[m.end() : m.end() + 60]
        if _NOTICE.search(window) or _NOTICE.search(text[max(0, m.start() - 25) : m.start()]):
            return " ".join(m.group(0).split())
    return None


_DURATION = re.compile(
    r"\b(?:for\s+(?:a\s+period\s+of\s+)?|during\s+(?:the\s+)?|within\s+)((?:\w+\s+)?(?:\(\d+\)\s+)?(?:calendar\s+)?"
    r"(?:years?|months?)\b[^.;,]{0,60})",
    re.IGNORECASE,
)
_TERRITORY = re.compile(
    r"\b(?:(worldwide|throughout\s+the\s+world)|(?:in|within|throughout)\s+(?:the\s+)?((?:Territory\b|"
    r"[A-Z][\w\-]*(?:,?\s+(?:of|and|&)\s+[A-Z][\w\-]*|,\s+[A-Z][\w\-]*|\s+[A-Z][\w\-]*){0,7})))"
)
# "for the term of this Agreement", "during the Term and for twelve (12) months after it"
_FOR_THE_TERM = re.compile(r"\b(?:for|during)\s+the\s+(?:term|Term)\b(?:\s+of\s+(?:this|the)\s+\w+)?")
_REGIONS = (
    "North America",
    "South America",
    "Latin America",
    "Europe",
    "European Union",
    "Asia",
    "Africa",
    "Middle East",
    "EMEA",
    "APAC",
    "Northern Ireland",
    "Wales",
    "Oceania",
    "Caribbean",
)
_PLACE = re.compile(
    r"\b(?:"
    + "|".join(re.escape(n) for n in sorted(US_STATES + OTHER + list(_REGIONS), key=len, reverse=True))
    + r")\b"
)


def duration(text: str) -> str | None:
    m = _DURATION.search(text)
    if m and PERIOD.search(m.group(1)):
        return _short(m.group(1), 80)
    term = _FOR_THE_TERM.search(text)
    return "the term of the agreement" if term else None


def territory(text: str) -> str | None:
    """Where a restriction applies ("worldwide", "Ireland and Northern Ireland", "the Territory")."""
    for m in _TERRITORY.finditer(text):
        if m.group(1):
            return "worldwide"
        place = " ".join(m.group(2).split())
        if place == "Territory":
            return "the Territory"
        if _PLACE.search(place):  # a defined term ("Licensed Field") is not a place
            return place
    return None


_CAP = re.compile(
    r"\b(?:shall|will|may)\s+not\s+exceed\s+|\b(?:limited|capped)\s+to\s+|\bin\s+excess\s+of\s+|\bmaximum\s+(?:aggregate\s+)?"
    r"liability\b[^.;]{0,40}?\bis\s+",
    re.IGNORECASE,
)
_IN_SENTENCE = r"(?:[^.;]|(?<=\d)\.(?=\d))"  # a clause number's dot ("Section 16.3") ends no sentence
_CARVE = re.compile(
    r"\b(?:except(?:\s+(?:for|with\s+respect\s+to|in\s+the\s+case\s+of))?|excluding|other\s+than|save\s+for)\s+"
    rf"({_IN_SENTENCE}{{5,200}}?)(?=,\s*(?:in\s+no\s+event|neither|each|either|the\s+total|the\s+aggregate|"
    r"(?:(?:the|its|their)\s+)?[\w\-]+(?:'s|s')\s+(?:(?:total|aggregate|entire|maximum|cumulative)\s+)*liabilit)"
    r"|;|\.(?!\d)|$)"
    rf"|\b(?:shall|does|will)\s+not\s+(?:apply|limit)\s+(?:to\s+|in\s+(?:the\s+)?cases?\s+of\s+)?({_IN_SENTENCE}{{5,200}})"
    r"|\b(?:is|are|be)\s+(?:unlimited|uncapped|excluded\s+from[^.;]{0,40})\s*(?:for|in\s+respect\s+of)?\s*([^.;]{0,160})",
    re.IGNORECASE,
)
# a carve-out that only points elsewhere: "except as provided in Section 16.3"
_CROSS_REFERENCE = re.compile(
    r"^as\s+(?:otherwise\s+)?(?:provided|set\s+out|set\s+forth|stated|specified)\s+in\s+((?:clause|section|article|"
    r"paragraph)s?\s+[\d.]+\d(?:\s*\([a-z]\))?)$",
    re.IGNORECASE,
)
# superscript footnote markers glued to a word ("unlimited⁷") are not part of what the clause says
_FOOTNOTE_MARKERS = re.compile(r"(?<=\S)[\u00b9\u00b2\u00b3\u2070\u2074-\u2079]+")


def cap_amount(text: str) -> str | None:
    """What a cap limits liability to ("the fees paid in the twelve (12) months before the claim")."""
    m = _CAP.search(text)
    if not m:
        return None
    rest = re.split(r"\.(?=\s|$)|;|\s*,\s*(?:except|provided|and\s+in\s+no\s+event)\b", text[m.end() :], maxsplit=1)[0]
    return _short(rest, 120) or None


def carve_outs(text: str) -> str | None:
    """What a clause leaves outside its cap or exclusion ("breach of confidentiality, indemnity")."""
    for m in _CARVE.finditer(text):
        found = next((g for g in m.groups() if g), None)
        found = re.sub(r"^(?:to\b)?[\s,]*(?:and\s+there\s+is\s+no\s+(?:limit|cap)\s+on\b)?[\s,]*", "", found or "")
        if len(found.split()) >= 2:
            return _short(found, 140)
    return None


def _possessive(period: str) -> str:
    return period + ("'" if period.endswith("s") else "'s")


def _sentence(*parts: str | None) -> str:
    return " ".join(p for p in parts if p)


def _uncapped(ctx: Context) -> tuple[str, str]:
    carve, cap = carve_outs(ctx.text), cap_amount(ctx.text)
    reference = _CROSS_REFERENCE.match(carve or "")
    if reference:
        what = f"Liability is left outside the cap for what {reference.group(1)} provides."
    elif carve:
        what = f"Liability is left outside the cap for: {carve}."
    else:
        what = f"The clause leaves some liability unlimited: “{_short(ctx.text)}”."
    cap_text = f" The cap that applies to the rest: {cap}." if cap else ""
    rec = (
        "Check whether these carve-outs are market standard (third-party IP indemnity, confidentiality, "
        "gross negligence, wilful misconduct) and put a separate, higher cap on the others."
    )
    return what + cap_text, rec


_RENEWAL_PERIOD = re.compile(
    r"\b(?:renew\w*|extend\w*|extension|successive|additional)\b[^.;]{0,60}?\b(?:for\s+)?(?:a\s+)?"
    r"(?:period\s+of\s+)?(?=\w+[\s\-]+(?:\(\d+\)\s+)?(?:calendar\s+)?(?:year|month)s?\b)",
    re.IGNORECASE,
)


_HYPHENATED = re.compile(r"(?:\w+|\d+)-(?:year|month)\b", re.IGNORECASE)  # "two-year terms"


def renewal_period(text: str) -> str | None:
    """How long each renewal lasts ("one (1) year"), read after "renew", "successive", "extend"."""
    m = _RENEWAL_PERIOD.search(text)
    if not m:
        return None
    period = PERIOD.match(text, m.end()) or _HYPHENATED.match(text, m.end())
    return " ".join(period.group(0).split()) if period else None


def _renewal(ctx: Context, short_window: bool) -> tuple[str, str]:
    term = renewal_period(ctx.text)
    notice = notice_period(ctx.text)
    what = _sentence("The term renews automatically", f"for periods of {term}" if term else None)
    if ctx.notice_days is not None:
        window = f"notice of non-renewal must be given {ctx.notice_days} days before the end of the term"
        what += f"; {window}" + (", a short window." if short_window else ".")
    elif notice:
        what += f"; notice of non-renewal: {notice}."
    else:
        what += "; the clause states no notice period for non-renewal."
    diary = f"the notice deadline ({ctx.deadline})" if ctx.deadline else "the notice deadline"
    rec = (
        f"Diarise {diary} now, and negotiate a window of at least 90 days or renewal only by written agreement."
        if short_window
        else f"Diarise the renewal date and {diary}."
    )
    return what, rec


# notice set elsewhere: "giving the notice period required by Article X.15 of the Code of Economic Law"
_NOTICE_BY_REFERENCE = re.compile(
    r"\bnotice(?:\s+period)?\s+(?:required|set\s+out|provided(?:\s+for)?|specified|prescribed|stated)\s+"
    r"(?:by|in|under)\s+((?:[^.;:]|(?<=\w)\.(?=\w)){3,80})",  # "Article X.15": a numbering dot ends nothing
    re.IGNORECASE,
)


def _convenience(ctx: Context) -> tuple[str, str]:
    who = holder(ctx.text)
    notice = notice_period(ctx.text)
    elsewhere = None if notice else _NOTICE_BY_REFERENCE.search(ctx.text)
    what = _sentence(
        f"{who} may" if who else "A party may",
        "end the contract without cause",
        f"on {_possessive(notice)} notice."
        if notice
        else f"on the notice required by {elsewhere.group(1).strip(' ,')}."
        if elsewhere
        else "(no notice period stated).",
    )
    if who and who.lower().startswith(("either", "each")):
        rec = "The right is mutual; check the notice period is long enough to replace the other party."
    else:
        rec = (
            "Ask for a mutual right, a longer notice period or a termination fee."
            if who
            else "Check who holds the right; ask for a mutual right, a longer notice period or a termination fee."
        )
    return what, rec


def _restriction(noun: str, rec: str, about: str) -> Callable[[Context], tuple[str, str]]:
    words = re.compile(about, re.IGNORECASE)

    def explain(ctx: Context) -> tuple[str, str]:
        place, length = territory(ctx.text), duration(ctx.text)
        details = [
            f"territory: {place}" if place else "no territory stated",
            f"duration: {length}" if length else "no duration stated",
        ]
        return f"{noun}: “{_short(ctx.text, about=words)}” ({'; '.join(details)}).", rec

    return explain


def _quote(lead: str, rec: str, about: str) -> Callable[[Context], tuple[str, str]]:
    words = re.compile(about, re.IGNORECASE)

    def explain(ctx: Context) -> tuple[str, str]:
        return f"{lead}: “{_short(ctx.text, about=words)}”.", rec

    return explain


def _missing(looked_for: str, rec: str) -> Callable[[Context], tuple[str, str]]:
    def explain(ctx: Context) -> tuple[str, str]:
        return f"Not found in this contract: looked for {looked_for} and found none.", rec

    return explain


def _liquidated(ctx: Context) -> tuple[str, str]:
    money = re.search(
        r"(?:[$€£]|\b(?:USD|EUR|GBP)\s?)\s?[\d,.]+(?:\s*(?:million|thousand))?|\b\d+(?:\.\d+)?\s?%", ctx.text
    )
    amount = f" The amount stated: {money.group(0).rstrip(',.')}." if money else " The clause states no amount."
    return (
        f"A fixed sum is payable on breach or termination: “{_short(ctx.text)}”.{amount}",
        "Check the sum is a genuine pre-estimate of the loss, and that it is capped and the sole remedy.",
    )


EXPLAINERS: dict[str, Callable[[Context], tuple[str, str]]] = {
    "uncapped_liability": _uncapped,
    "no_limitation_of_liability": _missing(
        "a clause capping either party's liability (an amount or “shall not exceed”) or excluding indirect and "
        "consequential damages",
        "Add a mutual cap (for example the fees paid in the 12 months before the claim) and an exclusion of indirect "
        "and consequential damages.",
    ),
    "auto_renewal_short_notice": lambda ctx: _renewal(ctx, True),
    "auto_renewal": lambda ctx: _renewal(ctx, False),
    "termination_for_convenience": _convenience,
    "exclusivity": _restriction(
        "Exclusivity",
        "Limit the exclusivity by territory, product and time, and tie it to minimum performance.",
        r"exclusiv|\bsole\b|\bonly\b",
    ),
    "non_compete": _restriction(
        "Non-compete",
        "Narrow the scope, territory and duration; check enforceability under the governing law.",
        r"compet|restrain",
    ),
    "most_favored_nation": _quote(
        "Most-favoured terms",
        "Limit the clause to comparable volumes and terms, and exclude promotional pricing.",
        r"most[- ]favou?red|\bnot?\s+(?:less|more)\s+favou?rable|(?:lower|lowest|better)\s+(?:price|fee|rate|term)s?|"
        r"(?:price|fee|rate)s?\s+(?:\w+\s+){0,3}(?:lower|less)\s+than",
    ),
    "liquidated_damages": _liquidated,
    "broad_ip_assignment": _quote(
        "Intellectual property passes to the other party",
        "Limit the assignment to deliverables paid for; keep pre-existing IP and a licence back.",
        r"\bassigns?\b|\bvests?\b|\bbelongs?\b|\bproperty\s+of\b|\bowned\s+by\b",
    ),
    "change_of_control": _quote(
        "A change of control has consequences",
        "Check the impact on planned transactions; seek a carve-out for affiliates and internal reorganisations.",
        r"change\s+(?:of|in)\s+(?:its\s+)?(?:control|ownership)|\bcontrol\b|\bmerge|\bacqui|\bamalgamat|\d+\s?%",
    ),
    "non_solicitation": _restriction(
        "Non-solicitation",
        "Limit the duration and exclude general advertising and unsolicited applications.",
        r"solicit|entice|poach",
    ),
    "no_governing_law": _missing(
        "a clause choosing the law that governs the contract (“governed by the laws of …”)",
        "Add a governing-law clause and a jurisdiction or arbitration clause.",
    ),
    "no_confidentiality": _missing(
        "confidentiality obligations on information the parties exchange",
        "Add mutual confidentiality obligations, or refer to an NDA between the parties.",
    ),
    "no_termination_for_cause": _missing(
        "a right to terminate for material breach or insolvency",
        "Add termination for material breach after a cure period (for example 30 days), and for insolvency.",
    ),
}


def explain(rule: dict, clause_text: str, notice_days: int | None, deadline: str | None = None) -> tuple[str, str]:
    """(explanation, recommendation) of a fired rule; the playbook's own text when no explainer exists."""
    explainer = EXPLAINERS.get(rule["id"])
    if explainer is None:
        return rule["explanation"], rule["recommendation"]
    return explainer(Context(" ".join(_FOOTNOTE_MARKERS.sub("", clause_text).split()), notice_days, deadline))
