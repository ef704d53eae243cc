"""Names in the signature blocks: a line holding a legal name, followed shortly by "By: ___" or "Name: ___".

Used to confirm the parties read from the preamble and, when the preamble names fewer than two, to find them.
"""

from __future__ import annotations

import re

from contractbox.engine.legal_forms import legal_form_pattern
from contractbox.engine.party_names import NameSpan, is_plausible_name, read_name

_UPPER_NAME = re.compile(
    r"(?<![\w.,&])((?:(?:[A-Z0-9\u00C0-\u00DE][A-Z0-9\u00C0-\u00DE&'’.\-/]*|[-&]|\([A-Z ]+\)),?[ \t]+){1,9}"
    r"[A-Z\u00C0-\u00DE][A-Z\u00C0-\u00DE.]*(?:[ \t]+[A-Z\u00C0-\u00DE][A-Z.]*)?\.?)(?=[\s,])"
)
# the words of a signature block's caption, never the first of a name: "APPROVED FOR ADAMS GOLF, LTD.", "Accepted by"
_CAPTION_WORDS = "approved|agreed|accepted|acknowledged|signed|executed|for|and|by|on|behalf|of"
_SIGNING_WORDS = re.compile(rf"(?:(?:{_CAPTION_WORDS.upper()}|WITNESS|TO|\d[\d,.]*)[ \t:,.]+)+")
_REAL_WORD = r"\b(?!(?:GP|LP|LLC|II|III|IV|VI|VII|VIII|IX|XI|XII)\b)[A-Z\u00C0-\u00DE]{3,}"
_SIGNED_AFTER = re.compile(r"\bBy\s*:|/s/|\bName\s*:|\bSignature\b", re.IGNORECASE)
_WITNESS = re.compile(
    r"IN\s+WITNESS\s+WHEREOF|the\s+undersigned|EXECUTED\s+(?:as\s+an\s+agreement|by)|SIGNED\s+(?:by|for)", re.IGNORECASE
)
_BY = re.compile(r"\bBy\s*:")
_TOKEN_START = re.compile(r"(?<![\w'’.&\-/])[\w(]")
_TITLE_WORDS = re.compile(
    r"\b(?:Officer|President|Director|Secretary|Manager|Member|Partner|Signatory|Esq|Title|Name|CEO|CFO|COO|"
    r"Treasurer|Chairman|Counsel|Date|Dated|Its|Witness|behalf)\b",
    re.IGNORECASE,
)
_WITNESS_MARKERS = (
    "in witness whereof",
    "the undersigned",
    "executed as an agreement",
    "executed by",
    "signed by",
    "signed for",
)
_CAPTION_WORD = re.compile(rf"(?:{_CAPTION_WORDS})\b", re.IGNORECASE)
_SIGN_LINE = re.compile(r"\n[ \t]*(?:By|Signature|Signed|Name)\s*:", re.IGNORECASE)
_NAME_LINE = re.compile(
    r"^[ \t]*(?:for\s+and\s+on\s+behalf\s+of\s+|on\s+behalf\s+of\s+)?", re.IGNORECASE | re.MULTILINE
)

# after the name on its line: nothing, or one parenthesis of company details
# ("KESTREL LIMITED (registered in Scotland, company number SC000000, registered office ...)")
_ONLY_DETAILS = re.compile(r"[ \t:,.]*(?:\([^()\n]{0,300}\)[ \t:,.]*)?$")


def _signature_area(text: str) -> int:
    """Where the signature pages start: the last "IN WITNESS WHEREOF" (or the like) in the second half."""
    half = len(text) // 2
    low = text[half:].lower()
    last = max(low.rfind(marker) for marker in _WITNESS_MARKERS)
    if last < 0:
        odd_spacing = list(_WITNESS.finditer(text, half))  # the markers with odd spacing ("IN  WITNESS")
        return odd_spacing[-1].start() if odd_spacing else max(0, len(text) - 6000)
    return half + last


def _upper_case_names(text: str, start: int) -> list[NameSpan]:
    """ALL-CAPS names ending in a legal form, followed by "By:" / "/s/" / "Name:" (flattened signature pages)."""
    out = []
    for m in _UPPER_NAME.finditer(text, start):
        run_start, run_end = m.start(1), m.end(1)
        if re.search(r"\bBy:?\s*$", text[max(0, run_start - 6) : run_start]):
            continue
        if not _SIGNED_AFTER.search(text, run_end, run_end + 160):
            continue
        s = run_start
        for form in legal_form_pattern().finditer(text, run_start, run_end):  # a run may hold several names
            if text[form.end() : form.end() + 1] not in ("", " ", "\t", "\n", ","):
                continue
            if legal_form_pattern().match(
                text,
                form.end()
                + len(text[form.end() : form.end() + 3])
                - len(text[form.end() : form.end() + 3].lstrip(" ,")),
            ):
                continue  # "CO., LTD.": the name ends at the last form
            s = _after_last_column_gap(text, s, form.start())
            lead = _SIGNING_WORDS.match(text, s, form.start())
            begin = lead.end() if lead else s
            if re.search(_REAL_WORD, text[begin : form.start()]):
                out.append(NameSpan(begin, form.end(), True))
            s = form.end()
            while s < run_end and text[s] in " ,\t":
                s += 1
    return out


# the gap between two columns of a signature page flattened to one line: "LICENSEE            XACCT TECHNOLOGIES, INC."
_COLUMN_GAP = re.compile(r"[ \t]*(?:\t|[ ]{3,})[ \t]*")


def _after_last_column_gap(text: str, start: int, end: int) -> int:
    """Where the name ending at `end` begins when a one-word label stands in the column before it ("LICENSEE", "BY");
    a name wrapped over a wide gap ("INTERNATIONAL FAST FOOD      POLSKA SP ZO.O") stays whole."""
    for gap in _COLUMN_GAP.finditer(text, start, end):
        if len(text[start : gap.start()].split()) != 1:
            break
        start = gap.end()
    return start


def _name_ending_at(text: str, lo: int, end: int) -> NameSpan | None:
    """The longest name in text[lo:end] that ends exactly at `end`, without job titles or dates glued in front."""
    for token in _TOKEN_START.finditer(text, lo, end):
        s = token.start()
        first = text[s : s + 20].split(maxsplit=1)[0] if text[s : s + 20].strip() else ""
        if not re.search(r"[A-Za-z]", first) or _CAPTION_WORD.match(text, s):
            continue
        span = read_name(text, s)
        if span and span.end == end and not _TITLE_WORDS.search(text, s, end):
            return span if is_plausible_name(span.text(text), True) else None
    return None


def _names_before_by(text: str, start: int) -> list[NameSpan]:
    """Mixed-case names with a legal form right before "By:" ("... Officer YA II PN, Ltd. By:/s/ ...")."""
    out = []
    for by in _BY.finditer(text, start):
        lo = max(start, by.start() - 160)
        forms = [
            m
            for m in legal_form_pattern().finditer(text, lo, by.start())
            if not text[m.end() : by.start()].strip(" ,\t\n")
        ]
        if forms:
            span = _name_ending_at(text, lo, forms[-1].end())
            if span is not None:
                out.append(span)
    return out


def signature_spans(text: str) -> list[NameSpan]:
    """Legal names (with a legal form) written just above a "By:" line, in document order."""
    start = _signature_area(text)
    spans: list[NameSpan] = []
    for line in _NAME_LINE.finditer(text, start):
        span = read_name(text, line.end())
        if span is None or not span.legal_form:
            continue
        line_end = text.find("\n", span.end)
        line_end = len(text) if line_end < 0 else line_end
        rest_of_line = text[span.end : line_end]
        if not _ONLY_DETAILS.match(rest_of_line) or not _SIGN_LINE.search(text, line_end, line_end + 160):
            continue
        spans.append(span)
    spans += _upper_case_names(text, start)
    spans += _names_before_by(text, start)
    seen: set[str] = set()
    out: list[NameSpan] = []
    for span in sorted(spans, key=lambda s: (s.start, -s.end)):
        name = span.text(text)
        key = re.sub(r"[^a-z0-9]+", " ", name.lower()).strip()
        # the tail of a name wrapped onto a second line is read alone too ("TRADING LTD." under "NORTHWIND COMMODITIES")
        inside_another = any(kept.start <= span.start and span.end <= kept.end for kept in out)
        if key not in seen and not inside_another and is_plausible_name(name, True):
            seen.add(key)
            out.append(span)
    return out


def signature_names(text: str) -> list[str]:
    return [span.text(text) for span in signature_spans(text)]
