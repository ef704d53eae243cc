"""Reading one party's legal name at a position: a run of name words, legal forms and connectors.

`read_name(text, pos)` returns the span of "Array BioPharma Inc." in "Array BioPharma Inc., a Delaware
corporation having ..."; it stops at a comma unless a legal form follows ("Ono Pharmaceutical Co., Ltd."),
and a legal form ends the name unless another legal form follows it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from contractbox.engine.jurisdictions import OTHER, US_STATES
from contractbox.engine.legal_forms import legal_form_pattern

_WORD = re.compile(
    r"(?:[A-Z0-9\u00C0-\u00DE][\w.'’&\-/@+]*"  # Acme, 3M, U.S., I-ESCROW, AT&T, ÉCOLE
    r"|[a-z][\w\-]*(?:\.(?:com|net|org|io|co)\b|[A-Z0-9])[\w.\-]*"  # drkoop.com, eDiets, i3
    r"|[a-z](?:\.[a-z]){1,3}\.?"  # e.l.f.
    r"|\[\s*\*+\s*\]|_{3,}|X{4,})"  # blanks in filed copies
)
# German names join a place with a lower-case preposition: "Radiologie am Markt MVZ GmbH", "Sparkasse zu Kiel",
# "Praxis im Hafen GmbH" (lower case only: "AM" and "IM" also stand for other words in capitals)
_CONNECTOR = re.compile(
    r"(?:of|de|du|des|la|le|the|for|von|van|der|den|di|da|del|y|und|&|e|(?-i:am|im|zum|zur|zu|an\s+der|auf\s+der))(?=\s)",
    re.IGNORECASE,
)
_IN_NAME_PAREN = re.compile(r"\([A-Z][\w .&]{0,24}\)")
# names may wrap onto the next line, never across a blank line or a wide layout gap
_AND = re.compile(r"(?:and|AND)(?=\s)")
_FORM_GAP = re.compile(r",?[ \t]*\n?[ \t]*")
_GAP = re.compile(r"[ \t]{0,4}(?:\n[ \t]*)?")
_LABEL_LINE = re.compile(r"[A-Z][\w'’ ]{0,40}:")
# a line that opens with a house number ("2-14-6 Shiba, Minato-ku", "14 rue de la Paix"): the address under a name
_ADDRESS_LINE = re.compile(r"\d[\d\-/]*[a-zA-Z]?,?[ \t]+[A-Za-z\u00C0-\u024F]")
_STOP_WORDS = {
    "whereas",
    "hereinafter",
    "herein",
    "having",
    "with",
    "whose",
    "located",
    "residing",
    "represented",
    "address",
    "attention",
    "attn",
    "registered",
    "acting",
    "duly",
    "organized",
    "organised",
    "existing",
    "tel",
    "fax",
    "email",
    "phone",
    "telephone",
    "and",
    "or",
    "by",
    "to",
    "in",
    "on",
    "at",
    "as",
    "a",
    "an",
    "its",
    "recitals",
    "witnesseth",
    "background",
    "dated",
    "effective",
    "this",
    "that",
    "which",
    "who",
    "hereby",
}
_CAPITAL_STOP_WORDS = {
    "and",
    "whereas",
    "hereinafter",
    "having",
    "with",
    "whose",
    "address",
    "attention",
    "attn",
    "tel",
    "fax",
    "dated",
    "by",
    "between",
    "among",
    "agreement",
    "recitals",
    "witnesseth",
    "this",
    # an Australian registration number beside a name: "Coastal Water Authority ABN 12 345 678 901"
    "abn",
    "acn",
    "arbn",
}
_ADDRESS_WORDS = re.compile(
    r"\b(?:street|st\.|avenue|ave\.?|road|rd\.|boulevard|blvd\.?|suite|floor|drive|lane|parkway|highway|hwy\.?|"
    r"p\.?\s?o\.?\s+box|building|plaza|tower)\b",
    re.IGNORECASE,
)
_NOT_NAMES = {
    "agreement",
    "exhibit",
    "schedule",
    "section",
    "article",
    "appendix",
    "annex",
    "whereas",
    "notwithstanding",
    "recitals",
    "witnesseth",
    "product",
    "products",
    "party",
    "parties",
    "effective date",
    "the undersigned",
    "undersigned",
    "name",
    "title",
    "by",
    "date",
    "source",
    "page",
    "table of contents",
    "compensation",
    "confidential",
    "execution version",
    "execution copy",
    "now",
    "therefore",
    "in witness whereof",
    "the",
    "as",
    "if",
    "in",
    "on",
    "at",
    "to",
}
_HEADING_WORDS = {
    "exhibit",
    "schedule",
    "section",
    "article",
    "appendix",
    "annex",
    "attachment",
    "clause",
    "page",
    # the headings that follow a preamble: "1. DEFINITIONS" above '"Software" means ...' is no party
    "definitions",
    "definition",
    "recitals",
    "background",
    "interpretation",
    "preamble",
    "whereas",
    "witnesseth",
}
PLACES = {p.lower() for p in US_STATES + OTHER} | {
    "usa",
    "u.s.a.",
    "united states of america",
    "china",
    "japan",
    "wales",
    "england",
    "munich",
    "berlin",
    "london",
    "paris",
    "tokyo",
    "new york city",
    "hong kong sar",
    "virgin islands",
    "british virgin islands",
    "islands",
}
# "St. John's, Newfoundland and Labrador": each part of a place joined by "and" is a place, never a party
PLACES |= {part for place in PLACES for part in place.split(" and ") if " and " in place}
# an address's postcode ("A1C 1A1", "SW1A 2AA"), also ending an address line ("Labrador A1C 1A1"), is never a name
_POSTCODE = re.compile(r"\b(?:[A-Z]\d[A-Z][ -]?\d[A-Z]\d|[A-Z]{1,2}\d[A-Z\d]?[ ]\d[A-Z]{2})\b")
_MONTHS = re.compile(
    r"^(?:january|february|march|april|may|june|july|august|september|october|november|december)\b", re.IGNORECASE
)


# words of clause text, never of a name ("LIMITATIONS OF LIABILITY PROVIDED THEREIN")
_CLAUSE_WORDS = re.compile(
    r"\b(?:therein|thereof|thereto|hereof|herein|hereto|hereunder|provided|pursuant|shall|including|disclaimer)\b",
    re.IGNORECASE,
)


def _place_with_form(name: str) -> bool:
    """ "Delaware Corporation", "a Kentucky Corporation": a descriptor, not a name."""
    m = re.match(
        r"(?:an?\s+)?(.+?)[ ,]+(?:corporation|company|limited\s+liability\s+company|limited|llc|inc\.?)$", name, re.I
    )
    return m is not None and m.group(1).strip(" ,").lower() in PLACES


@dataclass(frozen=True)
class NameSpan:
    start: int
    end: int
    legal_form: bool

    def text(self, source: str) -> str:
        return " ".join(source[self.start : self.end].split())


def _legal_form_at(text: str, pos: int) -> re.Match[str] | None:
    """A legal form at `pos`; "incorporated" or "limited" in lower case is a descriptor, not a name's end."""
    m = legal_form_pattern().match(text, pos)
    if not m or m.end() == pos or (m.group().isalpha() and m.group().islower() and len(m.group()) > 3):
        return None
    return m


# "Registration number 2003/081234/23" on the line under a heading-style name: the identifier, not the name
_IDENTIFIER_LABEL = re.compile(r"(?i:registration|reg\.|company|registered)\s+(?i:number|no\b)")


def _word_at(text: str, pos: int) -> re.Match[str] | None:
    m = _WORD.match(text, pos)
    if not m or _IDENTIFIER_LABEL.match(text, pos):
        return None
    word = m.group().rstrip(".,")
    if word.lower() in (_STOP_WORDS if word.islower() else _CAPITAL_STOP_WORDS):
        return None
    return m


def skip_run(pattern: re.Pattern[str], text: str, pos: int) -> int:
    """Where a run of `pattern` starting at `pos` ends; for patterns that match the empty string."""
    m = pattern.match(text, pos)
    return m.end() if m else pos


def _after_gap(text: str, pos: int) -> int:
    return skip_run(_GAP, text, pos)


def _continue_with_form(text: str, end: int) -> int | None:
    """End of ", Inc." / " Ltd." directly after `end`, or None."""
    m = _FORM_GAP.match(text, end)
    at = m.end() if m else end
    form = _legal_form_at(text, at)
    return form.end() if form else None


_LEAD = re.compile(r"(?:the|(?i:mr|mrs|ms|dr|prof|messrs|m/s)\.?)\s+(?=[A-Z])")


def _ends_sentence(word: str) -> bool:
    """ "Offering." ends a sentence; "U.S.", "Corp." and "J." do not."""
    return word.endswith(".") and len(word) > 4 and "." not in word[:-1]


# a numbered entry of a party list, the name opening its line: "5. ", "(3) "
_ENTRY_NUMBER = re.compile(r"(?:^|\n)[ \t]*\(?\d{1,2}[.)][ \t]+\Z")


def _numbered_entry(text: str, start: int) -> bool:
    """A name that opens a numbered entry of its own, where one name is listed a line: there an "and" after two
    words that goes on to a legal form joins the words of one name ("5. Vale Diagnostic and Imaging Centre Limited")."""
    return _ENTRY_NUMBER.search(text, max(0, start - 12), start) is not None


def _inner_and(text: str, at: int) -> re.Match[str] | None:
    """ "and" inside a long name that goes on to a legal form ("... Netcom Science and Technology Co., Ltd.")."""
    m = _AND.match(text, at)
    if m is None:
        return None
    rest = read_name(text, _after_gap(text, m.end()), max_words=4)
    return m if rest is not None and rest.legal_form else None


# "COLLEGE OF APPLIED ARTS AND TECHNOLOGY, a college established under ...": the object of "OF" joined by "AND"
_CAPS_OF = re.compile(r"\sOF\s")
_DESCRIPTOR_NEXT = re.compile(r"[ \t]*[,(]")


def _and_in_a_capitals_institution(text: str, start: int, end: int, at: int) -> re.Match[str] | None:
    """An upper-case "AND" inside an institution's name in capitals ("UNIVERSITY OF ARTS AND SCIENCES"), the
    name so far naming what it is "OF" and the words after "AND" (capitals, no legal form) closed by a comma or a
    bracket on the same line; two names joined by "AND" read no "OF" in the first."""
    if not _caps_run(text, start, at) or "\n" in text[end:at] or not _CAPS_OF.search(text, start, end):
        return None
    m = _AND.match(text, at)
    if m is None:
        return None
    rest = read_name(text, _after_gap(text, m.end()), max_words=3)
    if rest is None or rest.legal_form or "\n" in text[m.end() : rest.end]:
        return None
    named = text[rest.start : rest.end]
    return m if named.isupper() and _DESCRIPTOR_NEXT.match(text, rest.end) else None


def _caps_run(text: str, start: int, at: int) -> bool:
    """An upper-case "AND" after upper-case words: inside one name ("LOUISVILLE GAS AND ELECTRIC COMPANY"),
    where a list of names in capitals is joined by a lower-case "and"."""
    return text.startswith("AND", at) and text[start:at].isupper()


# a body whose name opens with its legal form and goes on with "of": "The Corporation of the Town of Millbrook",
# "THE CORPORATION OF THE CITY OF ..." (Canadian municipalities); there the form is a word of the name, not its end
_FORM_OF_A_BODY = re.compile(r"[ \t]+(?i:of)[ \t]+(?:(?i:the)[ \t]+)?[A-Z]")


def _opens_a_body_name(text: str, start: int, form: tuple[int, int]) -> bool:
    """The legal form spanning `form` is the first word of the name (after "The") and "of" follows it."""
    return text[start : form[0]].strip().lower() in ("", "the") and bool(_FORM_OF_A_BODY.match(text, form[1]))


def _legal_form_before(text: str, end: int) -> tuple[int, int]:
    """The span of the legal form `_continue_with_form` read up to `end` (its last word)."""
    return text.rfind(" ", 0, end) + 1, end


# a word of a business name written all in lower case ("bendy yoga ltd", "j. mcallister contracting ltd."), and the
# "&" that may join two of them ("saffron & thyme kitchen ltd")
_LOWER_NAME_WORD = re.compile(r"[a-z][a-z0-9'’\-]*\.?")
_LOWER_NAME_GAP = re.compile(r"(?:[ \t]+&)?[ \t]+")
_NOT_LOWER_NAME_WORDS = _STOP_WORDS | {
    "the",
    "of",
    "between",
    "made",
    "is",
    "are",
    "was",
    "were",
    "for",
    "from",
    "each",
}


def _lower_case_name(text: str, start: int, max_words: int = 6) -> NameSpan | None:
    """A business name written all in lower case, as small businesses type it, read only when a legal form ends it
    ("koala physio & rehab pty ltd", "pixel & pine studio, llc"); without the form lower-case words are prose."""
    at = start
    for _ in range(max_words):
        word = _LOWER_NAME_WORD.match(text, at)
        if word is None or word.group().rstrip(".") in _NOT_LOWER_NAME_WORDS:
            return None
        form_gap = _FORM_GAP.match(text, word.end())
        form = _legal_form_at(text, form_gap.end() if form_gap else word.end())
        if form is not None:
            return NameSpan(start, form.end(), True)
        gap = _LOWER_NAME_GAP.match(text, word.end())
        if gap is None:
            return None
        at = gap.end()
    return None


def read_name(text: str, pos: int, max_words: int = 14) -> NameSpan | None:
    """The name that starts exactly at `pos` (after an optional leading "the "), or None."""
    lower_case = _lower_case_name(text, pos) if text[pos : pos + 1].islower() else None
    if lower_case is not None:
        return lower_case
    lead = _LEAD.match(text, pos)
    start = lead.end() if lead else pos
    end, words, formed, body = start, 0, False, False
    at = start
    while words < max_words:
        form = _legal_form_at(text, at)
        if form and not formed and _opens_a_body_name(text, start, form.span()):
            body = True  # read on as a word: "of the Town of Millbrook" is the rest of the name
            form = None
        if form and (words or formed):
            end, formed, words = form.end(), True, words + 1
        elif formed:
            break
        else:
            word = _word_at(text, at)
            if not word:
                break
            end, words = word.end(), words + 1
            if _ends_sentence(word.group()):
                end -= 1
                break
        following = _continue_with_form(text, end)
        while following is not None:
            if not formed and _opens_a_body_name(text, start, _legal_form_before(text, following)):
                break
            end, formed, words = following, True, words + 1
            following = _continue_with_form(text, end)
        nxt = _after_gap(text, end)
        if "\n" in text[end:nxt] and (_LABEL_LINE.match(text, nxt) or _ADDRESS_LINE.match(text, nxt)):
            break  # "Host: Thomas O'Halloran" over "Host account number: H-220914": the next line is another field
        if formed:
            at = nxt
            continue
        connector = _CONNECTOR.match(text, nxt) or _IN_NAME_PAREN.match(text, nxt)
        if connector is None and (
            words >= 3 or (words == 2 and (_caps_run(text, start, nxt) or _numbered_entry(text, start)))
        ):
            connector = _inner_and(text, nxt) or _and_in_a_capitals_institution(text, start, end, nxt)
        if connector:
            beyond = _after_connectors(text, connector)
            if body and text.startswith("the ", beyond):  # "The Corporation of the City of ...": "of the" joins it
                beyond += 4
            # "of 12 Main Street" is an address; "Madison & 31st Owner LLC" is one name ("&" never leads to a house number)
            numbered = text[beyond : beyond + 1].isdigit() and connector.group() != "&"
            if numbered or not (_word_at(text, beyond) or _legal_form_at(text, beyond)):
                break
            at = beyond
        else:
            at = nxt
    if end <= start:
        return None
    while end > start and text[end - 1] in ",;: " and not formed:
        end -= 1
    if not formed and text[end - 1] == "." and not re.search(r"(?:\b[A-Z]|\.[A-Za-z]{1,3})\.$", text[start:end]):
        end -= 1
    return NameSpan(_caps_start(text, start, end), end, formed or body)


# connectors that open a place or an institution's object ("of", "de"), not a purpose ("Products for the Company")
_OF = re.compile(r"(?:of|de|du|di|da|del|von|van)", re.IGNORECASE)
# a defined term after "of the" names the other party, not part of this one: "the Products of the Company"
_TERM_AFTER_OF = {"company", "corporation", "party", "parties", "agreement", "contract"}


def _after_connectors(text: str, connector: re.Match[str]) -> int:
    """Where the name goes on after a connector: past a second one when a capitalised word (not a defined term such
    as "Company") follows it, as in "University of the Eastern Ranges" or "Banco de la Plata"."""
    beyond = _after_gap(text, connector.end())
    second = _CONNECTOR.match(text, beyond)
    if second is None or second.group() == "&" or not _OF.fullmatch(connector.group()):
        return beyond
    after = _after_gap(text, second.end())
    word = _word_at(text, after)
    if word is None or not word.group()[:1].isupper() or word.group().rstrip(".,").lower() in _TERM_AFTER_OF:
        return beyond
    return after


def _caps_start(text: str, start: int, end: int) -> int:
    """Where an ALL-CAPS name starts after words glued in front ("Shares BLUEROCK RESIDENTIAL GROWTH REIT, INC.")."""
    tokens = list(re.finditer(r"\S+", text[start:end]))
    caps = [t.group().isupper() or not any(c.isalpha() for c in t.group()) for t in tokens]
    first = tokens[0].group() if tokens else ""
    if len(tokens) < 3 or first.isupper() or first == "The" or first[:1].islower():  # "bw-3 FRANCHISE SYSTEMS"
        return start  # a leading section number ("10.3 Execution Version GWG HOLDINGS, INC.") is glued text
    first_caps = next((i for i, t in enumerate(tokens) if t.group().isupper()), len(tokens))
    # "Chase Bank USA, N.A." keeps its start: the capitals must hold two words besides the legal form
    words = [t.group().strip(",.") for t in tokens[first_caps:]]
    named = [w for w in words if any(c.isalpha() for c in w) and not legal_form_pattern().fullmatch(w + ".")]
    named = [w for w in named if not legal_form_pattern().fullmatch(w)]
    if len(named) >= 2 and all(caps[first_caps:]):
        return start + tokens[first_caps].start()
    return start


# the words that name the parties together, never one party
_COLLECTIVE = re.compile(r"(?:jointly|collectively|together|individually|severally|each|both)\b")
_PARTIES_TOGETHER = re.compile(r"(?:both|each|either|neither)\s+(?:the|of)\s")


# a Canadian numbered company, its registry number then its jurisdiction and legal form: "1234567 Ontario Inc.",
# "0987654 B.C. Ltd.", "7654321 Canada Inc." (an address's house number is never followed by a province and a form)
_NUMBERED_COMPANY = re.compile(
    r"\d{6,10}[ \t]+(?:Ontario|Alberta|B\.C\.|British[ \t]+Columbia|Canada|Manitoba|Saskatchewan|Nova[ \t]+Scotia|"
    r"New[ \t]+Brunswick|Qu[eé]bec|Newfoundland|Yukon|Nunavut)[ \t]+[A-Z]"
)


def is_plausible_name(name: str, legal_form: bool, described: bool = False) -> bool:
    """Reject addresses, headings, places, dates and bare defined terms. `described`: the text calls the name an
    entity right after it (", an Illinois not-for-profit corporation"), so a building word in it ("Tower", "Plaza")
    names the body, not its address."""
    low = name.lower().strip(" .,")
    numbered_company = legal_form and _NUMBERED_COMPANY.match(name) is not None
    if low.split()[0] in _HEADING_WORDS or re.match(
        r"(?:\d+|[a-z])\.\s+the\b|\d+\.\s|an?\s|\(" + ("" if numbered_company else r"|\d+\s") + r"|\d+(?:\.\d+)+\s",
        low,
    ):
        return False
    if legal_form_pattern().fullmatch(name.strip(" ,")):
        return False
    if not legal_form and _COLLECTIVE.match(low):  # '... AND JOINTLY AS "THE PARTIES"' in a capitals heading
        return False
    if _PARTIES_TOGETHER.match(low):  # "Both the Company and the Investor are a Party": defined terms, no name
        return False
    if _CLAUSE_WORDS.search(name) or _place_with_form(name):
        return False
    if len(low) < 2 or low in _NOT_NAMES or low in PLACES or _MONTHS.match(low):
        return False
    if re.fullmatch(r"[\d\W_]+", low) or re.match(r"(?:state|province|commonwealth|laws?|republic) of\b", low):
        return False
    if not legal_form and not described and _ADDRESS_WORDS.search(name):
        return False
    if not legal_form and (re.match(r"\d+\s", name) or re.search(r"\d{4,}$", name)):
        return False
    if not legal_form and _POSTCODE.search(name):
        return False
    if re.search(r"\bAct\b(?:,?\s+\d{4})?$", name, re.IGNORECASE):
        return False
    if not legal_form and re.search(r"\bCode$", name, re.IGNORECASE):  # a statute: "the Texas Health and Safety Code"
        return False
    return not re.fullmatch(r"(?:\[\s*\*+\s*\]|_+|X+)", name.strip())
