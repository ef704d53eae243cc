"""Finding the governing-law jurisdiction named in a clause."""

from __future__ import annotations

import re

US_STATES = [
    "Alabama",
    "Alaska",
    "Arizona",
    "Arkansas",
    "California",
    "Colorado",
    "Connecticut",
    "Delaware",
    "Florida",
    "Georgia",
    "Hawaii",
    "Idaho",
    "Illinois",
    "Indiana",
    "Iowa",
    "Kansas",
    "Kentucky",
    "Louisiana",
    "Maine",
    "Maryland",
    "Massachusetts",
    "Michigan",
    "Minnesota",
    "Mississippi",
    "Missouri",
    "Montana",
    "Nebraska",
    "Nevada",
    "Ohio",
    "Oklahoma",
    "Oregon",
    "Pennsylvania",
    "Tennessee",
    "Texas",
    "Utah",
    "Vermont",
    "Virginia",
    "Washington",
    "Wisconsin",
    "Wyoming",
] + [
    "New Hampshire",
    "New Jersey",
    "New Mexico",
    "New York",
    "North Carolina",
    "North Dakota",
    "Rhode Island",
    "South Carolina",
    "South Dakota",
    "West Virginia",
    "District of Columbia",
]
OTHER = [
    "Ontario",
    "British Columbia",
    "Alberta",
    "Quebec",
    "Québec",  # as French and bilingual drafting spells the province
    "England and Wales",
    "England",
    "Scotland",
    "Ireland",
    "Hong Kong",
    "Singapore",
    "Israel",
    "Germany",
    "Netherlands",
    "Switzerland",
    "Japan",
    "Taiwan",
    "India",
    "Spain",
    "Italy",
    "France",
    "Colombia",
    "Kazakhstan",
    "South Africa",
    "Belgium",
    "Luxembourg",
    "Sweden",
    "Australia",
    "New South Wales",
    "Victoria",
    "Canada",
    "Mexico",
    "Brazil",
    "Korea",
    "Bermuda",
    "Cayman Islands",
    "Beijing",
    "Shanghai",
    "Malaysia",
    "Philippines",
    "Thailand",
    "Denmark",
    "Norway",
    "Finland",
    "Austria",
    "United Kingdom",
    "United States",
    "Manitoba",
    "Saskatchewan",
    "Nova Scotia",
    "New Brunswick",
    "Newfoundland and Labrador",
    "Prince Edward Island",
    "Queensland",
    "Western Australia",
    "South Australia",
    "Tasmania",
    "Northern Territory",
    "Australian Capital Territory",
    "New Zealand",
    "Northern Ireland",
    "Isle of Man",
    "Guernsey",
    "British Virgin Islands",
    "Puerto Rico",
    "Cyprus",
    "Malta",
    "Portugal",
    "Greece",
    "Poland",
    "Hungary",
    "Czech Republic",
    "Romania",
    "Turkey",
    "Russian Federation",
    "Russia",
    "Ukraine",
    "United Arab Emirates",
    "Dubai",
    "Saudi Arabia",
    "Qatar",
    "Egypt",
    "Nigeria",
    "Kenya",
    "Chile",
    "Argentina",
    "Peru",
    "Vietnam",
    "Indonesia",
    "Liechtenstein",
    "Monaco",
    "Macau",
    "Slovenia",
    "Slovakia",
    "Croatia",
    "Serbia",
    "Bulgaria",
    "Estonia",
    "Latvia",
    "Lithuania",
    "Iceland",
    "Bosnia and Herzegovina",
    "Albania",
    "North Macedonia",
    "Montenegro",
    "Moldova",
    "Belarus",
    "Armenia",
    "Azerbaijan",
    "Uzbekistan",
    "Mongolia",
    "Jersey",
    "Gibraltar",
    "Channel Islands",
    "Bahamas",
    "Barbados",
    "Jamaica",
    "Trinidad and Tobago",
    "Cayman",
    "Anguilla",
    "Curacao",
    "Bahrain",
    "Kuwait",
    "Oman",
    "Lebanon",
    "Morocco",
    "Tunisia",
    "Algeria",
    "Abu Dhabi",
    "Dubai International Financial Centre",
    "Abu Dhabi Global Market",
    "Ghana",
    "Tanzania",
    "Uganda",
    "Rwanda",
    "Ethiopia",
    "Zambia",
    "Zimbabwe",
    "Botswana",
    "Namibia",
    "Mauritius",
    "Seychelles",
    "Pakistan",
    "Bangladesh",
    "Sri Lanka",
    "Nepal",
    "Cambodia",
    "Myanmar",
    "Brunei",
    "Fiji",
    "Papua New Guinea",
    "Uruguay",
    "Paraguay",
    "Bolivia",
    "Ecuador",
    "Venezuela",
    "Costa Rica",
    "Panama",
    "Guatemala",
    "El Salvador",
    "Honduras",
    "Nicaragua",
    "Dominican Republic",
    "Wales",
    "Delhi",
    "Maharashtra",
    # not "Jordan": a first name as often as a country (every word of a place is never part of a party's name);
    # "Jordanian law" still reads as Jordan
]
CHINA = re.compile(r"People'?s\s+Republic\s+of\s+China|\bPRC\b|\bChina\b|\bChinese\s+law", re.IGNORECASE)
# "English law", "Italian Law": the adjective names the jurisdiction
ADJECTIVES = {
    "English": "England",
    "Scots": "Scotland",
    "Scottish": "Scotland",
    "Irish": "Ireland",
    "German": "Germany",
    "French": "France",
    "Italian": "Italy",
    "Spanish": "Spain",
    "Dutch": "Netherlands",
    "Swiss": "Switzerland",
    "Swedish": "Sweden",
    "Israeli": "Israel",
    "Japanese": "Japan",
    "Indian": "India",
    "Singaporean": "Singapore",
    "Canadian": "Canada",
    "Australian": "Australia",
    "Belgian": "Belgium",
    "Danish": "Denmark",
    "Norwegian": "Norway",
    "Finnish": "Finland",
    "Austrian": "Austria",
    "Korean": "Korea",
    "Brazilian": "Brazil",
    "Mexican": "Mexico",
    "Colombian": "Colombia",
    "Chilean": "Chile",
    "Argentine": "Argentina",
    "Polish": "Poland",
    "Portuguese": "Portugal",
    "Greek": "Greece",
    "Czech": "Czech Republic",
    "Taiwanese": "Taiwan",
    "Singapore": "Singapore",
    "New Zealand": "New Zealand",
    "South African": "South Africa",
    "Luxembourg": "Luxembourg",
    "Hong Kong": "Hong Kong",
    "Slovenian": "Slovenia",
    "Slovene": "Slovenia",
    "Slovak": "Slovakia",
    "Croatian": "Croatia",
    "Serbian": "Serbia",
    "Bulgarian": "Bulgaria",
    "Estonian": "Estonia",
    "Latvian": "Latvia",
    "Lithuanian": "Lithuania",
    "Icelandic": "Iceland",
    "Hungarian": "Hungary",
    "Romanian": "Romania",
    "Turkish": "Turkey",
    "Russian": "Russia",
    "Ukrainian": "Ukraine",
    "Cypriot": "Cyprus",
    "Maltese": "Malta",
    "Luxembourgish": "Luxembourg",
    "Thai": "Thailand",
    "Vietnamese": "Vietnam",
    "Indonesian": "Indonesia",
    "Malaysian": "Malaysia",
    "Philippine": "Philippines",
    "Egyptian": "Egypt",
    "Nigerian": "Nigeria",
    "Kenyan": "Kenya",
    "Ghanaian": "Ghana",
    "Peruvian": "Peru",
    "Uruguayan": "Uruguay",
    "Saudi": "Saudi Arabia",
    "Qatari": "Qatar",
    "Emirati": "United Arab Emirates",
    "Bahraini": "Bahrain",
    "Kuwaiti": "Kuwait",
    "Omani": "Oman",
    "Jordanian": "Jordan",
    "Moroccan": "Morocco",
    "Pakistani": "Pakistan",
    "Bangladeshi": "Bangladesh",
    "Sri Lankan": "Sri Lanka",
    "Northern Irish": "Northern Ireland",
    "Welsh": "Wales",
    "Manx": "Isle of Man",
    "Bermudian": "Bermuda",
    "Hong Kong SAR": "Hong Kong",
    "Venezuelan": "Venezuela",
    "Ecuadorian": "Ecuador",
    "Bolivian": "Bolivia",
    "Paraguayan": "Paraguay",
    "Costa Rican": "Costa Rica",
    "Panamanian": "Panama",
    "Georgian": "Georgia",
    "Kazakh": "Kazakhstan",
    "Mauritian": "Mauritius",
}
_NAMES = sorted(US_STATES + OTHER, key=len, reverse=True)


def _spaced(name: str) -> str:
    """A name as a pattern that allows any whitespace (line breaks in PDF text) between its words."""
    return r"\s+".join(re.escape(w) for w in name.split())


_ANY = re.compile(r"\b(" + "|".join(_spaced(n) for n in _NAMES) + r")\b", re.IGNORECASE)
_ADJECTIVE = re.compile(
    r"\b(" + "|".join(_spaced(a) for a in ADJECTIVES) + r")(?:\s+(?:private|civil|commercial|substantive))?\s+laws?\b",
    re.IGNORECASE,
)
_CANONICAL = {n.lower(): n for n in _NAMES}
_ADJ_CANONICAL = {a.lower(): n for a, n in ADJECTIVES.items()}
_LAWS_OF = re.compile(r"\blaws?\b|\bgoverned\b|\bconstrued\b|\bregulations?\b", re.IGNORECASE)
_DIRECT = re.compile(
    r"\blaws?\s+of\s+(?:the\s+)?(?:(?:state|province|commonwealth|republic|kingdom)\s+of\s+)?$", re.IGNORECASE
)
_BROAD = ("United States", "Canada", "United Kingdom")
# "the laws of the Republic of Estonia", "the Kingdom of Bahrain": a country named by its style is that country,
# also one the lists above do not hold (its name is the capitalised words after the style)
_STYLED_COUNTRY = re.compile(
    r"\b(?:Republic|Kingdom|Principality|Grand\s+Duchy|Sultanate|Emirate|Commonwealth|Federation)\s+of\s+(?:the\s+)?"
    r"((?-i:[A-Z][\w'’\-]+(?:[ \t]+(?:and[ \t]+)?[A-Z][\w'’\-]+){0,3}))",  # a name's words on one line
    re.IGNORECASE,
)


def _found_from(sentence: str, begin: int) -> list[tuple[str, int, int]]:
    found = [
        (_CANONICAL[" ".join(m.group(1).lower().split())], m.start(), m.end()) for m in _ANY.finditer(sentence, begin)
    ]
    found += [
        (_ADJ_CANONICAL[" ".join(m.group(1).lower().split())], m.start(), m.end())
        for m in _ADJECTIVE.finditer(sentence, max(0, begin - 30))
    ]
    m = CHINA.search(sentence, begin)
    if m:
        found.append(("People's Republic of China", m.start(), m.end()))
    if not found:
        found = _styled_countries(sentence, begin)
    return sorted(found, key=lambda f: f[1])


def _styled_countries(sentence: str, begin: int) -> list[tuple[str, int, int]]:
    """Countries the lists do not hold, named by their style ("the Republic of Estonia" -> "Estonia")."""
    return [(" ".join(m.group(1).split()), m.start(1), m.end(1)) for m in _STYLED_COUNTRY.finditer(sentence, begin)]


def jurisdiction_in(sentence: str) -> tuple[str, int, int] | None:
    """The jurisdiction whose law a clause chooses, with its offsets in `sentence`.

    Prefers the first name after "laws of" / "governed by"; "United States" only when nothing
    more specific is named (federal law plus a state is the state) or when it directly follows
    "the laws of"."""
    anchor = _LAWS_OF.search(sentence)
    found = _found_from(sentence, anchor.start() if anchor else 0) or (_found_from(sentence, 0) if anchor else [])
    if not found:
        return None
    first = found[0]
    if first[0] in _BROAD and _DIRECT.search(sentence[max(0, first[1] - 40) : first[1]]):
        # "the laws of the United States of America and of the State of Texas" is Texas law
        joined = [f for f in found if f[0] not in _BROAD and f[1] - first[2] <= 60]
        return joined[0] if joined else first
    specific = [f for f in found if f[0] not in _BROAD]
    return (specific or found)[0]


# A sentence that chooses a law, wherever it stands: what to read when the clause model's best governing-law
# clauses name no jurisdiction (a short clause the model ranked low, "CLAUSE TWENTY-SEVENTH LEGAL REGIME").
_CHOOSES_LAW = re.compile(
    r"\b(?:governed\s+by|governing\s+law|applicable\s+law\s*[.:]|construed\s+(?:and\s+enforced\s+)?in\s+accordance\s+with|"
    r"subject\s+to\s+the\s+application\s+of|(?:laws?|regulations)\s+of\s+[^.;]{0,60}\b(?:(?:shall|will)\s+)?(?:govern|apply)\b|"
    r"\blaws?\s+(?:governs?|applies|(?:shall|will)\s+(?:govern|apply))\b|"  # terse: "Iowa law governs this Agreement."
    # translated drafting: "is subject to Austrian law", "shall be submitted to the legislation of", "is regulated by
    # the laws of", "shall be interpreted according to Swiss law", "the laws of Chile are applicable"
    r"\b(?:is|are|shall\s+be|will\s+be)\s+(?:subject|submitted)\s+to\s+(?:the\s+)?(?:[\w-]+\s+){0,3}?(?:laws?|legislation)\b|"
    r"\b(?:regulated|ruled|interpreted|construed|enforced)\s+(?:[\w,]+\s+){0,3}?(?:by|under|in\s+accordance\s+with|"
    r"according\s+to|pursuant\s+to)\s+(?:the\s+)?(?:[\w-]+\s+){0,3}?(?:laws?|legislation)\b|"
    r"\b(?:laws?|legislation)\s+of\s+[^.;]{0,60}\b(?:is|are)\s+applicable\b|\blaw\s+applicable\s+to\s+(?:this|the)\b)",
    re.IGNORECASE,
)


def _after_last(text: str, separator: str, before: int) -> int:
    """Where the text after the last `separator` before `before` starts (0 where there is none)."""
    at = text.rfind(separator, 0, before)
    return at + len(separator) if at >= 0 else 0


# A choice of law: a verb of choosing before a law ("governed by and construed in accordance with the laws of",
# "is subject to Austrian law", "submitted to the legislation of", "requires application of the laws of"), a law that
# governs or applies ("the laws of Ontario shall govern", "Swiss law is applicable"), or a heading ("Governing law",
# "Applicable law:", "the proper law of")
_CHOICE_OF_LAW = re.compile(
    r"\b(?:govern(?:ed|s|ing)?|constru(?:ed|e|ction)|interpret(?:ed|ation)|enforced|regulated|ruled|controlled|"
    r"subject(?:ed)?\s+to|submitted\s+to|application\s+of|pursuant\s+to|in\s+accordance\s+with|according\s+to)\b"
    r"[^.;]{0,150}?\b(?:laws?|legislation)\b|"
    r"\b(?:laws?|legislation)\b[^.;]{0,80}?\b(?:govern(?:s|ed)?|appl(?:y|ies)|(?:is|are|be)\s+applicable|prevails?)\b|"
    r"\b(?:applicable|governing|proper)\s+law\b|\blaw\s+applicable\b|\bchoice\s+of\s+law\b",
    re.IGNORECASE,
)
# a name that tells where a party was formed, not the law the contract chooses ("a company organized and existing
# under the laws of", "incorporated in")
_FORMED_UNDER = re.compile(
    r"\b(?:organi[sz]ed|incorporated|existing|formed|registered|established|constituted|chartered|domiciled)\b"
    r"[^.;]{0,60}?\b(?:under|in|of|pursuant\s+to)\s+(?:the\s+)?(?:laws?\s+of\s+)?(?:the\s+)?"
    r"(?:(?:state|province|commonwealth|republic|kingdom)\s+of\s+)?$",
    re.IGNORECASE,
)
_FORUM = re.compile(r"\b(?:courts?|arbitration|arbitral|venue|jurisdiction|tribunal)\b", re.IGNORECASE)
_LAW_HEADING = re.compile(r"\b(?:governing|applicable|proper)\s+law\b|\bchoice\s+of\s+law\b", re.IGNORECASE)
# a question-and-answer layout: the question asks which law governs, the answer names it ("Q. Which law applies?
# A. The laws of the State of Texas.")
_QUESTION_OF_LAW = re.compile(
    r"\b(?:(?:governing|applicable|proper)\s+law|laws?\s+(?:govern|appl[yi]|is\s+applicable)\w*)\b[^?.\n]{0,60}\?"
)
_ANSWER_LABEL = re.compile(r"[ \t]*\n?[ \t]*(?:(?:A|Answer)[ \t]*[.:)\-]?)?[ \t]*", re.IGNORECASE)


def _sentence_around(text: str, start: int, end: int) -> tuple[int, int]:
    """The sentence holding text[start:end]: from the last ". " or blank line before it to the next (300 characters
    at most either side)."""
    begin = max(_after_last(text, ". ", start), _after_last(text, "\n\n", start), start - 300)
    ends = [e for e in (text.find(". ", end), text.find("\n\n", end)) if e >= 0]
    return begin, min(ends + [end + 300, len(text)])


def chooses_law_at(text: str, start: int, end: int, forum_counts: bool = False) -> bool:
    """Whether the jurisdiction named at text[start:end] is the one a sentence chooses as the contract's law, not an
    address, a territory or a party's place of formation. A forum ("the courts of", "arbitration in") counts only
    when `forum_counts` (the clause model is sure it is the governing-law clause) or under a "Governing law" heading."""
    _, stop = _sentence_around(text, start, end)
    # back to the last full stop only: PDF text breaks a sentence with blank lines ("governed by, the\n\nlaws of")
    begin = max(_after_last(text, ". ", start), start - 300)
    if _FORMED_UNDER.search(text, max(begin, start - 120), start):
        return False
    if _CHOICE_OF_LAW.search(text, begin, stop) or _answers_a_question_of_law(text, begin):
        return True
    under_heading = _LAW_HEADING.search(text, max(0, begin - 60), begin) is not None
    return (forum_counts or under_heading) and _FORUM.search(text, begin, stop) is not None


def _answers_a_question_of_law(text: str, begin: int) -> bool:
    """Whether the sentence from `begin` answers a question that asks which law governs."""
    for question in _QUESTION_OF_LAW.finditer(text, max(0, begin - 120), begin):
        if _ANSWER_LABEL.fullmatch(text, question.end(), begin):
            return True
    return False


def _answer_to(text: str, question_end: int) -> tuple[int, int] | None:
    """The sentence that answers a question of law ending at `question_end`."""
    label = _ANSWER_LABEL.match(text, question_end)
    if label is None or label.end() >= len(text):
        return None
    return _sentence_around(text, label.end(), label.end() + 1)


def stated_governing_law(text: str, begin: int = 0, end: int | None = None) -> tuple[str, int, int] | None:
    """The jurisdiction of the first sentence in `text` (or in text[begin:end]) that chooses a law, with its offsets
    in `text`."""
    for m in _CHOOSES_LAW.finditer(text, begin, len(text) if end is None else end):
        start, stop = _sentence_around(text, m.start(), m.end())
        question = _QUESTION_OF_LAW.match(text, m.start())
        answer = _answer_to(text, question.end()) if question else None
        if answer:
            start, stop = answer
        found = jurisdiction_in(text[start:stop])
        if found and chooses_law_at(text, start + found[1], start + found[2]):
            name, s, e = found
            return name, start + s, start + e
    return None
