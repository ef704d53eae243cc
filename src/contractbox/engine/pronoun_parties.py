"""Parties of a plain-English consumer form that has no preamble: a "who's who" box maps the pronouns to the
parties ('"we", "us", "our" means Acme Ltd (company number ...)', 'you / your: the customer named below') and the
form's fields give the names it points at ("Customer name: Jo Bloggs", "Parent 1: ...", a "Hirer" heading over
"Name: ..."). The box may also define a third party beside the pronouns ('"the Lender" ..... Acme Credit Union')."""

from __future__ import annotations

import re
from dataclasses import dataclass

from contractbox.engine.party_names import is_plausible_name, read_name

_BOX_REACH = 3000  # the box stands at the top of the form
_FIELDS_REACH = 2500  # the fields follow the box

_QUOTE_OPEN = "[\"“']?"
_QUOTE_CLOSE = "[\"”']?"
# 'we', '"We", "us" and "our"', 'we / us / our', 'We, us, our' at the start of a line (a box's border read through)
_PRONOUN_LIST = (
    rf"{_QUOTE_OPEN}(we|you){_QUOTE_CLOSE}"
    rf"(?:[ \t]*(?:,|/|,?[ \t]+and)[ \t]*{_QUOTE_OPEN}(?:us|our|ours|your|yours){_QUOTE_CLOSE})*"
)
# what joins the term to its party: "means", "mean", "=", ":", "--", "-", a dot leader
_JOIN = r"[ \t]*(?:means?\b|=|:|--?|–|—|\.{2,})[ \t]*"
_PRONOUN_ENTRY = re.compile(rf"^[ \t|]*{_PRONOUN_LIST}{_JOIN}(\S[^\n]*)$", re.MULTILINE | re.IGNORECASE)
# another term the box defines: '"the Lender" ....... Acme Credit Union', 'Additional Driver ...... the person named ...'
_OTHER_ENTRY = re.compile(
    r"^[ \t|]*(?:[\"“](?:the[ \t]+)?([A-Z][\w -]{1,30}?)[\"”]|([A-Z][\w -]{1,30}?))"
    r"[ \t]*(?:means\b|=|--|\.{2,})[ \t]*(\S[^\n]*)$",
    re.MULTILINE,
)
# 'the Landlord: Morag Lindsay, ...': the party's role before its name
_ROLE_BEFORE_NAME = re.compile(r"(?:the[ \t]+)?([A-Z][a-z]+(?:[ \t]+[A-Z][a-z]+)?)[ \t]*:[ \t]*")
# 'the customer named in the form below', 'each Parent named below', 'the person named as the Member below'
_REFERENCE = re.compile(
    r"(?:the|each|any)[ \t]+([^\n]{1,80}?)\b(?:named|identified|listed|described|specified|shown|set[ \t]+out)\b"
    r"(?:[ \t]+as[ \t]+(?:the[ \t]+|an?[ \t]+)?((?:[A-Z][\w-]*[ \t]*){1,3}))?",
    re.IGNORECASE,
)
_NOT_LABEL_WORDS = {
    "person", "who", "signs", "sign", "this", "contract", "agreement", "as", "the", "or", "and", "each", "a", "an",
    "of", "to", "in", "is", "individual",
}  # fmt: skip
# a form's field: "Customer name: Rosa Delgado", "Parent 2: ...", "Customer name(s):" over names on lines below,
# "Name: ..." under a heading
_FIELD = re.compile(r"^[ \t]*([A-Za-z][A-Za-z'’/ ]{0,30}?(?:\(s\))?)(?:[ \t]+\d)?[ \t]*:[ \t]*([^\n]*)$", re.MULTILINE)
_NAME_LABEL = re.compile(r"(?:^|[ \t])name(?:\(s\)|s)?$", re.IGNORECASE)


@dataclass(frozen=True)
class BoxParty:
    name: str
    role: str
    start: int
    end: int
    pronoun: str = ""  # "we" / "you": how the form's sentences name the party


def _unboxed(text: str) -> str:
    """The text with a drawn box's side borders blanked out (same length, so positions hold)."""
    return re.sub(r"(?m)^([ \t]*)\||\|([ \t]*)$", lambda m: (m.group(1) or m.group(2) or "") + " ", text)


def _name_in(text: str, at: int) -> BoxParty | None:
    """The name that starts at `at`: a company up to its legal form, else up to a comma or a bracket."""
    line_end = text.find("\n", at)
    span = read_name(text[: line_end if line_end >= 0 else len(text)], at)  # a name ends with its line
    if span is None:
        return None
    name = span.text(text)
    if not is_plausible_name(name, span.legal_form) or (not span.legal_form and len(name.split()) < 2):
        return None
    return BoxParty(name, "", span.start, span.end)


def _label_words(label: str) -> set[str]:
    words = set(re.split(r"[/\s,.;]+", label.lower())) - {"name", "name(s)", "names", ""}
    return {w for w in words if not w.isdigit()}


def _fields(text: str, lo: int) -> list[tuple[set[str], int, str]]:
    """(label words, value start, value) of each field line after `lo`; a bare "Name:" takes its heading's words."""
    out = []
    for m in _FIELD.finditer(text, lo, min(len(text), lo + _FIELDS_REACH)):
        label = m.group(1).strip()
        numbered = m.group(0).split(":")[0].strip()[-1:].isdigit()
        if not (_NAME_LABEL.search(label) or numbered):
            continue
        words = _label_words(label)
        if not words:  # "Name:" under a heading line ("Hirer", "Additional Driver")
            before = text.rfind("\n", 0, max(0, m.start() - 1))
            heading = text[before + 1 : m.start()].strip()
            if ":" in heading or not heading:
                continue
            words = _label_words(heading)
        out.append((words, m.start(2), m.group(2)))
    return out


def _names_of_field(text: str, at: int, value: str) -> list[BoxParty]:
    if value.strip():
        party = _name_in(text, at)
        return [party] if party else []
    names = []  # "Customer name(s):" then one name a line
    pos = at + 1 if text[at : at + 1] == "\n" else text.find("\n", at) + 1
    while 0 < pos < len(text):
        line_end = text.find("\n", pos)
        line = text[pos : line_end if line_end >= 0 else len(text)]
        if not line.strip() or ":" in line or not line[:1].isspace():
            break
        party = _name_in(text, pos + len(line) - len(line.lstrip()))
        if party is None:
            break
        names.append(party)
        pos = line_end + 1 if line_end >= 0 else len(text)
    return names


def _referred(text: str, reference: re.Match[str], lo: int, used: set[int]) -> list[BoxParty]:
    """The names in the fields the reference points at ("the client named below": "Client name: ...")."""
    wanted = _label_words(reference.group(1)) | _label_words(reference.group(2) or "")
    wanted -= _NOT_LABEL_WORDS
    fields = [f for f in _fields(text, lo) if f[1] not in used]
    chosen = [f for f in fields if f[0] & wanted]
    if not chosen:  # "each homeowner named below" over "Customer name(s):": the form's first name field
        chosen = fields[:1]
    out = []
    for _, at, value in chosen:
        used.add(at)
        out.extend(_names_of_field(text, at, value))
    return out


def _role_of_reference(reference: re.Match[str], pronoun: str) -> str:
    noun = reference.group(1).strip()
    if re.fullmatch(r"(?:[A-Z][\w-]*[ \t]*){1,3}", noun):  # "the Customer named below": a defined term
        return " ".join(noun.lower().split())
    return pronoun


def _entry_parties(text: str, value_at: int, role: str, box_end: int, used: set[int]) -> list[BoxParty]:
    pronoun = role if role in ("we", "you") else ""
    value = text[value_at : text.find("\n", value_at) if "\n" in text[value_at:] else len(text)]
    reference = _REFERENCE.match(value)
    if reference:
        found = _referred(text, reference, box_end, used)
        return [BoxParty(p.name, _role_of_reference(reference, role), p.start, p.end, pronoun) for p in found]
    named_role = _ROLE_BEFORE_NAME.match(value)
    if named_role:
        role = named_role.group(1).lower()
        value_at += named_role.end()
    party = _name_in(text, value_at)
    return [BoxParty(party.name, role, party.start, party.end, pronoun)] if party else []


def _box_lines(text: str, first: int) -> tuple[int, int]:
    """The block of lines around the first pronoun entry: from the blank line before it to the blank line after."""
    start = text.rfind("\n\n", 0, first)
    end = text.find("\n\n", first)
    return (start + 2 if start >= 0 else 0), (end if end >= 0 else len(text))


def pronoun_box_parties(text: str) -> list[BoxParty]:
    """The parties a "we"/"you" box and the form's fields name, in the box's order; [] unless the box names two."""
    opening = _unboxed(text[: min(len(text), _BOX_REACH + _FIELDS_REACH)])
    entries = list(_PRONOUN_ENTRY.finditer(opening, 0, min(len(opening), _BOX_REACH)))
    if not entries or {m.group(1).lower() for m in entries} != {"we", "you"}:
        return []
    lo, hi = _box_lines(opening, entries[0].start())
    if any(m.start() > hi for m in entries):
        return []
    used: set[int] = set()
    parties: list[BoxParty] = []
    for line in re.finditer(r"[^\n]+", opening[lo:hi]):
        at = lo + line.start()
        pronoun = _PRONOUN_ENTRY.match(opening, at)
        if pronoun:
            parties += _entry_parties(opening, pronoun.start(2), pronoun.group(1).lower(), hi, used)
            continue
        other = _OTHER_ENTRY.match(opening, at)
        if other:
            role = " ".join((other.group(1) or other.group(2)).lower().split())
            parties += _entry_parties(opening, other.start(3), role, hi, used)
    distinct = {p.name.lower() for p in parties}
    return parties if len(distinct) == len(parties) and len(parties) >= 2 else []
