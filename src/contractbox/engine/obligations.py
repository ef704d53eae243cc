"""Obligations: sentences where a party shall, will or must do something (or grants or guarantees something),
attributed to the named party.

The subject is resolved through the parties found in the preamble: their legal names, their defined terms
("Ono", "the Licensee") and their roles all map to the party's legal name. A mutual duty ("each Party",
"either party", "the Parties", or a term the preamble gives every party: 'each a "Participant"') is listed once
for each named party (as "Each Party" when there are more than six or none). The action is the whole rest of the sentence (cut only
at a word boundary when very long); a due date or period is read from that same sentence only.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple, Protocol

from contractbox.engine.dates import NUMBER_WORDS, PERIOD, find_dates
from contractbox.engine.first_chars import either, lowered_as_ignorecase_folds
from contractbox.engine.markup import without_emphasis
from contractbox.engine.parties import ROLE_WORDS, singular

# "gives"/"grant" read as a licence only when a licence follows in the clause ("You give us a non-exclusive licence");
# not "receiving the grant of a licence"
_GIVES_A_LICENCE = r"(?!\s+of\b)(?=\s[^.;:]{0,80}?\blicen[cs]e\b)"
_KINDS = (
    ("payment", re.compile(r"\b(pay|payment|fees?\b|invoice|royalt|reimburse|compensat)", re.IGNORECASE)),
    (
        "delivery",
        re.compile(
            r"\b(deliver|ship|supply|provide\s+(?:the\s+)?(?:[\w-]+\s+){0,2}(?:products|services|goods|software)|"
            r"manufactur|perform the|return\s+(?:to\s+\w+\s+)?(?:all|any|the|each)\b(?![^.;]{0,40}\bconfidential))",
            re.IGNORECASE,
        ),
    ),
    ("purchase", re.compile(r"\b(purchase|buy)\w*|\bplace\w*\s+(?:purchase\s+)?orders?\b", re.IGNORECASE)),
    (
        "license",
        re.compile(rf"\b(grants?|licen[cs]e|gives?{_GIVES_A_LICENCE})\b", re.IGNORECASE),
    ),
    ("reporting", re.compile(r"\b(report|statements?\b(?!\s+of\s+work)|records|account)", re.IGNORECASE)),
    ("insurance", re.compile(r"\binsur(?:e|es|ance)\b|\binsured\b", re.IGNORECASE)),
    # "keep secret", "secrecy"; a "trade secret" in a list of rights is intellectual property
    ("confidentiality", re.compile(r"\b(confidential|disclos|secrecy|(?<!trade )secret\b)", re.IGNORECASE)),
    ("compliance", re.compile(r"\b(comply|compliance|laws|regulation)", re.IGNORECASE)),
    ("notice", re.compile(r"\b(notify|notice|inform(?!ation))", re.IGNORECASE)),
)
# behind a lookahead on the kinds' first letters (`first_chars.either`): the same first match, found sooner
_ANY_KIND = either(("|".join(f"(?P<{kind}>{pattern.pattern})" for kind, pattern in _KINDS),), re.IGNORECASE)
# "shall not sell", "shall have no right to sell": a restriction
_NOT_TO_DO = re.compile(r"\w+\s+(?:not|have\s+no)\b", re.IGNORECASE)
_CONFIDENTIALITY = dict(_KINDS)["confidentiality"]
_MAIN_KINDS = {"payment", "delivery", "purchase", "license", "reporting", "insurance"}
# a clause with a subject of its own ("acknowledges that Newegg is and shall be"), not a pronoun for the same party
# ("represents that it has and will comply")
_OTHER_SUBJECT = r"(?:that|which|who|whom|whose|if|when|where|unless|whether)\s+(?!(?:it|he|she|they)\b)"
# a letter's confirmation of the party's own duty, given back by its pronoun: "The Tenant confirms that it shall"
# (an alternative of _BETWEEN_END of its own: inside that alternation it cost 3 ms a contract)
_CONFIRMS_THAT = re.compile(r"\s+(?:also\s+)?confirms\s+that\s+(?:it|they)\s+")
_BETWEEN_END = re.compile(
    r"(?=[,\s(])"  # every alternative starts so: most places in the look-back fail one class test
    r"(?:,[^,;.]{1,60},\s*|\s*\([^()]{1,60}\)\s*|"
    # "unconditionally and irrevocably", "hereby absolutely, unconditionally and irrevocably"
    r"(?:,?\s+(?:also|hereby|promptly|further|\w+ly)(?:\s+and)?)+\s+|"
    # "Neither Ono nor its Affiliates shall", "Neither Party nor any of its respective Subsidiaries will"
    r"\s+nor\s+(?:any\s+of\s+)?(?:its|their)\s+(?:[\w-]+\s+){1,4}?|"
    # "Each party receiving Confidential Information shall"; not "The Receiving Party shall"
    r"(?<=party|rties)\s+(?:receiving|disclosing)\s+[^,;.]{1,40}?\s+|"
    # a second predicate of the same subject: "Developer retains its libraries listed in the SOW and grants", "The
    # Agency is the employer of the Workers and shall pay their wages"; a
    # longer one or one with commas ("Contractor keeps its fonts, templates and tools and grants") holds no clause
    # with a subject of its own and does not end in ", and" (a third predicate: "warrants to SIGA, and covenants")
    r"\s+(?:retains|reserves|owns|holds|keeps|acknowledges|accepts|confirms|represents|warrants|appoints|"
    # the object clause of a lease or a sale, its thing listed and defined before the duty: "The Lessor lets to the
    # Tenant the two forklifts listed in Schedule 1 (the Equipment) and shall deliver them by 1 May"
    r"consents|waives|releases|rents|lets|leases|sells)\s+"
    r"(?:[^,;.]{1,60}?|(?:(?!\b" + _OTHER_SUBJECT + r"|,\s*and\s)[^;.]){1,120}?(?<!,))\s+and\s+|"
    # "is the employer of the Workers and shall pay", "is responsible for the design and shall provide", "are bound by
    # professional secrecy and shall keep"; not a
    # passive ("is hereby granted and shall have") or "is effective ... and will continue"
    r"\s+(?:is|are|remains?)\s+(?:the|an?|solely\s+responsible|responsible|bound\s+by)\s+[^,;.]{1,60}?\s+and\s+|"
    # a second duty of the same subject after its first and a comma: "Assignor shall remain responsible for, and shall
    # pay"; or after a right or a release, no duty of its own: "Buyer shall have the option to pick the carrier and
    # shall bear the freight", "shall not be required to test the goods but shall inspect them"
    r"\s+(?:shall|will|must)\s+(?:[^;.]{1,80}?,\s*and\s+|"
    r"(?:not\s+)?(?:also\s+)?(?:have|be|(?:\w+ly\s+)?own)\s+[^;.]{1,100}?\s+(?:and|but)\s+)|"
    # a right of the same subject, then its duty: "The Buyer may withhold tax at source and shall issue the certificate";
    # a verb and its object, no clause of its own, no other modal, no comma before "and" ("may rely upon, and shall be
    # protected"), and not a right to end the contract (what follows it is a right too: "and shall receive a refund")
    r"\s+may\s+(?!(?:have|be|not|otherwise|terminat\w*|cancel\w*)\b)[a-z]+\s+"
    r"(?:(?!\b(?:shall|will|must|terminat\w*|cancel\w*)\b)(?!\b" + _OTHER_SUBJECT + r")[^;.]){1,100}?(?<!,)\s+and\s+|"
    r"\s+)$",
    re.IGNORECASE,
)
_MODAL = re.compile(
    # the lookahead holds the first letters of the words: most word starts fail one class test (twice as fast)
    r"\b(?=[swmaucigoblp])(shall|will|(?<=\s)ll(?=\s)|must|agrees?\s+to|undertakes?\s+to|covenants?\s+to|"
    r"pledges?\s+to|"  # a donor's promise of a gift: "The Donor pledges to give the Trust $50,000"
    # translated civil-law duties ("est tenu de", "ist verpflichtet", "se obliga a", "obriga-se a"): "The Buyer is obliged
    # to pay", "The Lessee binds itself to return", "The Agent commits to visit"
    r"(?:is|are)\s+(?:required|obliged|obligated|bound)\s+to|(?:obliges|binds)\s+(?:itself|themselves)\s+to|"
    r"commits?\s+(?:itself\s+|themselves\s+)?to|"
    # a party's grant, guarantee or assignment in the present tense binds it too ("Licensor hereby grants",
    # "The Consultant hereby assigns to the Company ... all intellectual property rights"; not "successors and assigns")
    # "Party B and Party C hereby assign": two assignors
    r"grants|guarantees|(?<=hereby )assigns?\b|"
    # plain English: "You give us a non-exclusive licence", "We grant you a licence"
    rf"(?:gives?|grant){_GIVES_A_LICENCE}|"
    r"(?<=irrevocably )assigns?\b|assigns(?=\s+to\s+the\s+(?-i:[A-Z])))"  # "assigns to the Client"
    r"(\s+not)?\b\s*",
    re.IGNORECASE,
)
# what `text.lower()` holds where a modal can match ("is" of "is required to" is found from "required")
_MODAL_WORDS = (
    "shall",
    "will",
    "must",
    "agree",
    "undertake",
    "covenant",
    "grant",
    "guarantee",
    "assign",
    "give",
    "oblige",
    "bind",
    "commit",
    "pledge",
)
_AFTER_IS = ("required", "obliged", "obligated", "bound")
# "Neither party is obliged to negotiate", "no Party is bound to": no duty at all; "amounts that AT&T is obligated to
# reimburse", "If Seller is obliged to pay a third party, ...": a duty referred to, not stated (after "shall" these read
# as the clause's own duty, as they always have)
_DENIED = re.compile(
    r"\b(?:neither|no|nor|nothing|none|if|which|that|who|whom|whose|where|wherever|when|whenever|unless|extent|"
    r"whether|until|as|than|what|whatever|because|since)\b[^.;:,]{0,60}$",
    re.IGNORECASE,
)
# the modal words that state a duty whatever precedes them ("which the Buyer shall pay" is one); "is obliged to", "binds
# itself to" and "commits to" after a circumstance refer to a duty (`_denied`)
_SHALL_LIKE = tuple(word for word in _MODAL_WORDS if word not in ("oblige", "bind", "commit"))


def modal_matches(text: str) -> Iterator[re.Match[str]]:
    """`_MODAL.finditer(text)`, sooner: the pattern is matched only where `str.find` sees one of its words
    start (a superset of its match starts), not tried at every word of the text."""
    lowered = lowered_as_ignorecase_folds(text)
    if lowered is None:
        yield from _MODAL.finditer(text)
        return
    starts = _found_at(lowered, _MODAL_WORDS)
    starts |= {at + 1 for at in _found_at(lowered, (" ll ",))}  # "you ll pay": a contraction spelt out
    for word in _AFTER_IS:
        at = lowered.find(word)
        while at >= 0:
            before = _before_spaces(lowered, at)  # "is" or "are", then whitespace
            if before < at and lowered.endswith("is", 0, before):
                starts.add(before - 2)
            elif before < at and lowered.endswith("are", 0, before):
                starts.add(before - 3)
            at = lowered.find(word, at + 1)
    end = 0
    for start in sorted(starts):
        if start >= end and (m := _MODAL.match(text, start)) is not None:
            yield m
            end = m.end()


_LOOK_BACK = 150  # a subject, then a second predicate of up to 100 characters ("keeps its fonts, ... and grants")
_MUTUAL_TERM = re.compile(
    r"(?=[etao])\b(?:(?:each|either|the\s+other|a|one|any)\s+part(?:y|ies)\s*(?:\((?:as\s+|the\s+|a\s+|an\s+)*|"
    r"(?:\w+\s+){1,3}(?:it\s+)?is\s+(?:the|a|an)\s+)|"  # 'a Party receiving it is the "Recipient"'
    # 'the party disclosing information is the "Discloser" and the party receiving it is the "Recipient"'
    r"the\s+part(?:y|ies)\s+(?:receiving|disclosing|providing|furnishing|sharing|obtaining)\b(?:\s+\w+){0,3}?\s+"
    r"(?:is|are)\s+(?:the|a|an)\s+|"
    # 'disclosed by one Party (the "Disclosing Party") to the other (the "Receiving Party")', "... to the other (as
    # "Recipient")"
    r"the\s+other\s*\((?:as\s+|the\s+|a\s+|an\s+)*)[\"“]"
    r"([A-Z][\w\- ]{1,38})[\"”]|"
    # '"Recipient" means the Party receiving Confidential Information': whichever party receives it
    r"[\"“]([A-Z][\w\- ]{1,38})[\"”]\s+(?:means|shall\s+mean|refers\s+to)\s+(?:the|a|either|any|each)\s+part(?:y|ies)\s+"
    r"(?:that\s+|which\s+|who\s+)?(?:receiv|disclos|provid|furnish|obtain|acquir)\w*|"
    # the term in brackets without quotes, as English drafting gives it: "disclosed to the other Party (the
    # Recipient)", "each Party (as Recipient)"
    r"\b(?:(?:each|either|one|the\s+other)\s+party|the\s+other)\s*\((?:as\s+|the\s+|a\s+|an\s+)*"
    # (a word, not a list's letter or numeral: "if either party (A) fails to pay")
    r"((?-i:[A-Z][a-z][\w\-]*)(?:[ \t](?-i:[A-Z][\w\-]*)){0,2})[ \t]*\)",
    re.IGNORECASE,
)
# the words before "party" where a match can start, with their length, as `text.lower()` spells them
_MUTUAL_SUBJECTS = (("each", 4), ("either", 6), ("a", 1), ("one", 3), ("any", 3), ("the", 3))


def mutual_terms(text: str) -> Iterator[re.Match[str]]:
    """`_MUTUAL_TERM.finditer(text)`, sooner: a match opens with a quotation mark, with "the other", or with "each",
    "either", "a", "one", "any" or "the", whitespace and "part"; the pattern is matched only where `str.find` sees those in
    the lower-cased text, not at every a, e, o and t."""
    lowered = lowered_as_ignorecase_folds(text)
    if lowered is None:
        yield from _MUTUAL_TERM.finditer(text)
        return
    starts: set[int] = set()
    for word, after in (("part", _MUTUAL_SUBJECTS), ("other", (("the", 3),))):
        at = lowered.find(word)
        while at >= 0:
            word_end = _before_spaces(lowered, at)
            if word_end < at:
                starts.update(word_end - n for before, n in after if lowered.endswith(before, 0, word_end))
            at = lowered.find(word, at + 1)
    for quote in '"“':  # '"Recipient" means the Party receiving ...'
        at = text.find(quote)
        while at >= 0:
            starts.add(at)
            at = text.find(quote, at + 1)
    end = 0
    for start in sorted(starts):
        if start >= end and (m := _MUTUAL_TERM.match(text, start)) is not None:
            yield m
            end = m.end()


def _found_at(lowered: str, words: Iterable[str]) -> set[int]:
    """Every place one of `words` occurs in the lower-cased text (`str.find`, in C)."""
    starts: set[int] = set()
    for word in words:
        at = lowered.find(word)
        while at >= 0:
            starts.add(at)
            at = lowered.find(word, at + 1)
    return starts


def _before_spaces(text: str, at: int) -> int:
    r"""Where the whitespace (what `\s` matches: `str.isspace`) that ends at `at` starts."""
    while at > 0 and text[at - 1].isspace():
        at -= 1
    return at


_DUTY_WORD = r"(?:obligations?|liabilit(?:y|ies)|dut(?:y|ies)|responsibilit(?:y|ies))\b"
# rights, states and ownership after "shall" are not duties ("shall own", "will retain the right", "shall be deemed",
# "shall solely and exclusively own", "shall have no responsibility", "shall be under no obligation")
_NOT_DUTIES = re.compile(
    r"(?:be\s+entitled|be\s+deemed|be\s+liable|"
    r"be\s+permitted|have\s+no\s+(?:\w+\s+)?" + _DUTY_WORD + r"|be\s+under\s+no\s+(?:obligation|duty)|"
    r"in\s+no\s+(?:event|case)\s+be\s+(?:liable|responsible|required|obligated|obliged)|"
    r"(?:(?:also|continue\s+to|solely|exclusively|jointly|wholly|fully|absolutely|beneficially|legally|"
    r"separately|individually|collectively|respectively)\s+(?:and\s+)?)*own\b|hold\s+all\s+right,?\s+title|"
    # keeping records, samples or a statutory holdback is a duty ("shall retain copies of the records for six years",
    # "shall retain the holdback required by the Act", "shall retain full responsibility for"); keeping ownership or
    # rights ("shall retain all rights") is not
    # (a count in figures may follow the words: "shall retain three (3) samples")
    # (their kinds may be listed first: "shall retain inspection, test and traceability records")
    r"retain\b(?!\s+(?:(?:\w+,\s+){1,4}(?:\w+\s+){1,2}?(?:and|or)\s+\w+\s+|(?:\w+\s+|\(\d+\)\s+){0,3}?)(?:records?|samples?|copies|documents?|documentation|books|data|evidence|files?|"
    r"logs?|specimens?|invoices?|receipts?|holdbacks?|retention\s+money|responsibilit(?:y|ies)|liabilit(?:y|ies))\b|"
    # so is keeping one copy for a stated time ("shall retain a signed copy of each delivery note for two years"); "will
    # retain one copy of the Materials" alone is a right to keep it
    r"\s+(?:\w+\s+){0,3}?copy\b(?=[^.;]{0,120}?\b(?:for\s+(?:at\s+least\s+|not\s+less\s+than\s+|a\s+(?:minimum\s+)?"
    r"period\s+of\s+)?[\w-]+(?:\s+\(\d+\))?\s+(?:days?|months?|years?)|until)\b)|"
    # engaging a professional or keeping a holding at a floor is one too: "shall retain, at its own cost, a financial
    # adviser", "shall retain, directly or indirectly, not less than 75% of the shares"
    r"(?:,[^,.;]{1,40},)?\s+(?:(?:an?|one\s+or\s+more)\s+(?:[\w-]+\s+){0,3}?(?:advis[eo]rs?|consultants?|accountants?|"
    r"auditors?|counsel|attorneys?|lawyers?|solicitors?|brokers?|firms?)\b|(?:not|no)\s+less\s+than\b|at\s+least\b))|"
    # (staying bound to pay or perform is a duty: "shall remain primarily liable for the payment of all rent")
    r"remain\b(?!\s+(?:\w+ly\s+)?(?:(?:and|or)\s+\w+ly\s+)?(?:liable|responsible)\s+for\s+(?:the\s+)?"
    r"(?:payment|performance|observance|discharge)\b)|become\b|be\s+(?:and\s+remain\s+)?the\s+(?:(?:sole|exclusive|joint|and)\s+)*owners?\b|"
    r"be\s+(?:construed|vested|owned)|"
    # a definition, not a duty: '"Disclosing Party" shall have the meaning ascribed to it in Section 11.1'
    r"have\s+the\s+(?:same\s+)?meanings?\b|"
    # a period granted, a state reached: "shall have thirty (30) days to cure", "will have an additional 180 days",
    # "shall have received written notice", "shall be excused from performance", "shall be subject to a cure period"
    r"have\s+(?:an?\s+)?(?:additional\s+|further\s+)?(?:[\w-]+\s+)?(?:\(\d+\)\s+)?(?:business\s+|calendar\s+)?"
    r"(?:days?|weeks?|months?)\b|have\s+received\b|be\s+excused\b|be\s+subject\s+to\b|no\s+longer\s+be\b)",
    re.IGNORECASE,
)
# a release after "shall not" or "Neither ... shall": "shall not be obligated to supply more than", "Neither party shall be
# required to", "will not have any obligation to"; not a denial of a duty's object ("shall not disclose")
_RELEASE = re.compile(
    r"(?:,?\s*(?:however|otherwise|thereby|then|thereafter|at\s+any\s+time|in\s+any\s+(?:event|case|way)|"
    r"under\s+any\s+circumstances?)\s*,?\s*)*"
    r"(?:be\s+(?:held\s+|deemed\s+|considered\s+)?(?:in\s+any\s+way\s+)?"
    r"(?:required|obligated|obliged|responsible|liable|bound|under\s+any\s+(?:obligation|duty))\b|"
    r"have\s+(?:any\s+|an?\s+|the\s+)?(?:\w+\s+)?" + _DUTY_WORD + r")",
    re.IGNORECASE,
)
_DUTY = re.compile(_DUTY_WORD, re.IGNORECASE)
# a right or a power, not a duty: "shall have the option to extend", "will have sole control of the defence", "shall have
# full discretion", "shall have the authority to approve"; not a right that is denied ("shall have no right to set off",
# "Neither party shall have any authority to bind the other": a restriction)
_RIGHT = re.compile(
    r"(?:also\s+)?have\s+(?!no\b|any\b)(?:the\s+|an?\s+|all\s+)?(?:[\w-]+,?\s+){0,3}?"
    r"(?:options?|rights?|discretion|authority|powers?|ability|"
    r"control\b(?!\s+(?:procedures?|measures?|systems?|processes|plans?|programs?)))\b",
    re.IGNORECASE,
)
# the same sentence makes the right a duty too: "shall have the right and the obligation to", "shall have sole control
# over, and responsibility for, the budget"; not "the right, but not the obligation, to", nor the object of the right
# ("the right to assign its rights and obligations")
_AND_A_DUTY = re.compile(
    r"(?:(?!\bto\b)[^.;:()]){0,60}?\b(?:and|&)\s+(?:the\s+|an?\s+|full\s+|sole\s+|primary\s+)*" + _DUTY_WORD,
    re.IGNORECASE,
)
# the amendment a document makes, not a duty: "The parties agree to make the following changes to the Agreement:",
# "agree to amend Section 4 as follows"
_AMENDS = re.compile(
    r"(?:make\s+the\s+following\s+(?:changes?|amendments?|modifications?)|"
    r"(?:amend|modify|restate|supplement)\b[^.;:]{0,80}?\b(?:as\s+follows?|as\s+set\s+(?:forth|out)\s+below))",
    re.IGNORECASE,
)
_MUTUAL = (
    "each party",
    # in a contract of three or more, the duty of every party but the one named in the condition: "On a disclosing
    # Party's request, each other Party shall return its information"
    "each other party",
    "either party",
    "both parties",
    "the parties",
    "each of the parties",
    "neither party",
    "each of us",  # terms written as "we" and "you"
    "either of us",
    "both of us",
    "neither of us",
    # whichever party is in that situation: "the Party in breach shall pay the other Party a contractual penalty",
    # "the affected party shall notify the other party of the force majeure event"
    "the party in breach",
    "the breaching party",
    "the defaulting party",
    "the party in default",
    "the non-performing party",
    "the affected party",
    # whichever party receives or discloses, not a defined role: "each receiving Party shall return all data"
    "each receiving party",
    "each disclosing party",
)
# a full stop before a capital, a blank line, or a colon at the end of a line that a list item follows ("The Supplier
# shall:" over "a) maintain ..."): the lead-in is a sentence of its own, so its items are read as its duties
_SENTENCE_END = re.compile(
    r"\.(?=\s+(?:[A-Z(\"“]|\d+\.))|\n[ \t]*\n|:(?=[ \t]*\n[ \t]*(?:[-*•–]|\(?[a-z]{1,3}\)|\(?\d{1,2}[.)])[ \t]+\S)"
)
_ABBREVIATION = re.compile(r"(?:\b[A-Z]|\b(?:No|Nos|Inc|Ltd|Co|Corp|Sec|St|Rs|Mr|Ms|Dr|U\.S|e\.g|i\.e|Art|para|Reg))$")
# "Schedule B." and "Part C." end a sentence: the capital there is a reference, not an initial
_LETTERED_REFERENCE = re.compile(
    r"\b(?:Schedules?|Exhibits?|Annex(?:es)?|Appendix|Appendices|Attachments?|Parts?|Sections?|Articles?|Clauses?|"
    r"Tables?|Items?|Phases?|Tiers?|Levels?|Options?|Class(?:es)?|Series|Categor(?:y|ies))\s+[A-Z]$"
)


# a clock time that names its time zone after "a.m." / "p.m.": "until 6:00 p.m. Mountain Time on business days"
_CLOCK_BEFORE = re.compile(r"\b[ap]\.m$")
_TIME_ZONE_AFTER = re.compile(
    r"\s+\(?(?:(?:Eastern|Central|Mountain|Pacific|Atlantic|Alaska|Hawaii|Greenwich|British|local)\b|"
    r"[A-Z]{1,3}[SD]?T\b|UTC\b)"
)


def _ends_in_abbreviation(text: str, lo: int, dot: int) -> bool:
    """The full stop at `dot` (looked at from `lo` on) closes an abbreviation or an initial, not a sentence."""
    if (
        text[dot - 1 : dot] == "m"
        and _CLOCK_BEFORE.search(text, max(lo, dot - 4), dot)
        and _TIME_ZONE_AFTER.match(text, dot + 1)
    ):
        return True
    return bool(_ABBREVIATION.search(text, max(lo, dot - 6), dot)) and not _LETTERED_REFERENCE.search(
        text, max(lo, dot - 16), dot
    )


_MAY_HOLD_DATE = re.compile(r"\b(?:1[89]|20)\d\d\b")
_DUE_PERIOD = re.compile(
    r"(?=[wnapb])\b(?:within|no later than|at least|not less than|prior to|before)\s+[^,.;]{0,20}?" + PERIOD.pattern,
    re.IGNORECASE,
)
# Up to 60 duties, and in a long contract one for every 50 words (an 8,000-word services agreement holds a
# hundred real duties and its last clauses, confidentiality, data return, IP, matter as much as its first), never
# more than 250 (a 100-page contract's list must still be readable)
_MAX = 60
_WORDS_A_DUTY = 50
_MAX_LONG = 250
_SECONDARY_KINDS = {"confidentiality", "compliance", "notice"}
# listed last when a contract has more duties than its cap: a denied right ("shall have no right to sublicense"); a
# release or a right ("shall not be obligated to file", "shall have the option to extend") is no duty (`_no_duty`)
_RELEASE_OR_RIGHT = re.compile(
    r"(?:shall|will|must)\s+(?:not\s+(?:be\s+(?:required|obligated|obliged|responsible|liable)|"
    r"have\s+(?:any\s+|such\s+)?(?:obligation|liability))|"
    r"(?:not\s+)?have\s+(?:the\s+|any\s+|no\s+)?(?:\w+\s+){0,2}?(?:option|ability|control|discretion|authority|power|right)s?\b)",
    re.IGNORECASE,
)
_MAX_ACTION = 400
EACH_PARTY = "Each Party"
# a mutual duty is listed under each party's name up to this many parties (a consortium's four participants each
# fund their share); past it, once as "Each Party"
_EACH_LISTED_UP_TO = 6
# a term the preamble gives every party at once: '(each a "Participant" and together the "Participants")',
# 'individually referred to as a "Member"'
_COLLECTIVE_TERM = re.compile(
    r"\b(?:each|individually)\s+(?:referred\s+to\s+as\s+)?an?\s+[\"“]([A-Z][\w\-]*(?:\s[A-Z][\w\-]*)?)[\"”]|"
    # drafting without quotes: "... (the Trust),\n\neach a Participant."
    r"\beach\s+an?\s+([A-Z][\w\-]*)(?=\s*[.;,)])"
)
# the same term given every party of a multi-party list, also with words between "each" and the term and without
# quotes before "and together": '– each hereinafter a "Partner" –', "each of the above a Member and collectively the
# Members", "each a Member and together the Consortium"
_EVERY_PARTY_TERM = re.compile(
    r"\beach\s+(?:hereinafter|of\s+(?:the\s+above|them))\s+(?:referred\s+to\s+as\s+)?an?\s+"
    r"[\"“]?([A-Z][\w\-]*)[\"”]?(?=\s*[.;,)–—-]|\s+and\s+(?:together|collectively)\b)|"
    r"\beach\s+an?\s+([A-Z][\w\-]*)(?=\s+and\s+(?:together|collectively)\b)"
)
_COLLECTIVE_FORMS = ("each {}", "either {}", "every {}", "each {}s", "the {}s", "each of the {}s", "all {}s")
# a role a party takes on in the body: 'Prairie North is appointed as leader of the consortium (the "Leader")',
# '"Acme shall act as operator (the "Operator")'
_APPOINTED = re.compile(
    r"([A-Z][\w&.,'\- ]{1,60}?)(?:\s+also)?\s+(?:is\s+(?:hereby\s+)?appointed|shall\s+act|will\s+act|acts)\s+as\s+"
    r"(?:[^.;()]{1,80}?\((?:the\s+)?[\"“]([A-Z][\w\- ]{1,30})[\"”]\)|"
    # the role alone, the sentence ending with it: "Alder Ltd acts as Coordinator.", "... acts as project lead."
    r"(?:the\s+)?([A-Za-z][\w\-]*(?:\s[A-Za-z][\w\-]*){0,2}?)(?=\s*\.\s|\s+for\s+the\s))"
)


# the verb alone, found first: the name before it, tried at every capital of the text, cost 4 ms a contract
_APPOINTED_VERB = re.compile(r"\s(?:is\s+(?:hereby\s+)?appointed|shall\s+act|will\s+act|acts)\s+as\s")


# a role a named party takes in the sentence that gives it a duty: "Alder University, as Administering Institution,
# shall hold the funds" (found by its ", as " first)
_AS_ROLE_VERB = re.compile(r", as (?:the )?[A-Z]")
_AS_ROLE = re.compile(
    r"([A-Z][\w&.,'\- ]{1,80}?),\s+as\s+(?:the\s+)?([A-Z][\w\-]*(?:\s[A-Z][\w\-]*){0,2}),\s+"
    r"(?:shall|will|must|agrees)\b"
)


def _roles_taken_in_a_duty(text: str, subjects: dict[str, str]) -> dict[str, str]:
    """Terms for a role a named party takes as it is given a duty (`_AS_ROLE`): "the Administering Institution"."""
    found: dict[str, str] = {}
    for comma in _AS_ROLE_VERB.finditer(text):
        start = max(0, comma.start() - 82)
        m = _AS_ROLE.search(text, start, comma.end() + 60)
        if m is None or m.end(1) != comma.start():
            continue
        who = " ".join(m.group(1).lower().split())
        named = [key for key in subjects if who == key or who.endswith(" " + key)]
        party = subjects[max(named, key=len)] if named else None
        if party and party != EACH_PARTY and not party.startswith(_GROUP):
            found.setdefault(" ".join(m.group(2).lower().split()), party)
    return found


def _appointed_roles(text: str, subjects: dict[str, str]) -> dict[str, str]:
    """Defined terms for a role a named party is given in the body of the contract ("the Leader")."""
    found: dict[str, str] = {}
    for verb in _APPOINTED_VERB.finditer(text):
        m = _APPOINTED.search(text[max(0, verb.start() - 62) : verb.end() + 140])
        if m is None:
            continue
        who = " ".join(m.group(1).lower().split())
        named = [key for key in subjects if who == key or who.endswith(" " + key)]  # "4.1 Prairie North"
        party = subjects[max(named, key=len)] if named else None
        if party and party != EACH_PARTY:
            found.setdefault(" ".join((m.group(2) or m.group(3)).lower().split()), party)
    return found


# the capacity a person signs in, after the name in the preamble: "Karen Doe, as Executor of the Estate of ...",
# "Jane Roe, as Trustee of the Roe Family Trust": "the Executor shall" is that party's duty
_CAPACITY = re.compile(
    r",?\s+(?:as|in\s+(?:her|his|its|their)\s+capacity\s+as)\s+(?:the\s+)?(?:sole\s+)?"
    r"([A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\s+(?:of|for|under)\b"
)


def _capacities(text: str, parties: Sequence[PartyLike]) -> dict[str, str]:
    """The capacity each party acts in, as the preamble states it after its name ("executor" -> "Karen Doe")."""
    found: dict[str, str] = {}
    head = text[:_PRONOUN_REACH]
    for p in parties:
        at = head.find(p.name)
        m = _CAPACITY.match(head, at + len(p.name)) if at >= 0 else None
        if m:
            found.setdefault(" ".join(m.group(1).lower().split()), p.name)
    return found


def _shared_role_noun(parties: Sequence[PartyLike]) -> str | None:
    """The noun every party's role ends in when the roles differ only in what goes before it ("referring practice",
    "lead practice" -> "practice"); None otherwise (one word roles, "party", or different nouns)."""
    roles = {" ".join(p.role.lower().split()) for p in parties}
    if len(parties) < 2 or len(roles) < len(parties) or any(len(role.split()) < 2 for role in roles):
        return None
    nouns = {role.split()[-1] for role in roles}
    noun = nouns.pop() if len(nouns) == 1 else None
    return noun if noun and noun not in ("party", "parties") else None


class PartyLike(Protocol):
    name: str
    role: str
    aliases: tuple[str, ...]


@dataclass(frozen=True)
class Obligation:
    party: str
    action: str
    kind: str
    due_text: str | None
    due_date: str | None
    start: int
    end: int


def subject_map(parties: Sequence[PartyLike]) -> dict[str, str]:
    """Lower-cased subject words -> the party's legal name ("licensee" -> "Ono Pharmaceutical Co., Ltd.")."""
    subjects: dict[str, str] = {}
    roles: dict[str, list[str]] = {}
    for p in parties:
        for term in (p.name, *p.aliases):
            subjects.setdefault(term.lower(), p.name)
        if p.role != "party":
            roles.setdefault(p.role.lower(), []).append(p.name)
    for role, names in roles.items():
        if len(names) == 1:  # a role shared by two parties names neither
            subjects.setdefault(role, names[0])
    for mutual in _MUTUAL:
        subjects[mutual] = EACH_PARTY
    return subjects


# the parties called "partners" without a defined term, as German-law cooperation and research agreements write them:
# "Each partner shall treat the data received from the other partner as confidential"
_MUTUAL_PARTNERS = ("each partner", "either partner", "both partners", "neither partner")


# "Kestrel Harbour Events Ltd ("the Company", "we" or "us")", "Aoife Brennan (referred to in this letter as "you")"
_PRONOUNS_IN_PARENS = re.compile(r"\(([^()]{0,120}?[\"“](?:we|us|you)[\"”][^()]{0,80})\)", re.IGNORECASE)
# '"Brightquill", "we", "us" and "our" mean Brightquill Analytics, Inc., and "you" and "your" mean the Customer'
_PRONOUNS_MEAN = re.compile(
    r"((?:[\"“][\w ]{1,30}[\"”](?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)?)+)\s*means?\s+(?:the\s+)?", re.IGNORECASE
)
_PRONOUN = re.compile(r"[\"“](we|you)[\"”]", re.IGNORECASE)
# a letter's term without quotes, the pronouns beside it: "Harcourt Vane LLP (the Firm, we, us)", "(the Client, you)"
_PRONOUNS_BESIDE_TERM = re.compile(
    r"\((?:the\s+)?([A-Z][\w&\-]*(?:\s+[A-Z][\w&\-]*){0,2})((?:(?:,|\s+or|\s+and)\s+(?:we|us|our|you|your)\b)+)[ \t]*\)"
)
_WE_NAMED = re.compile(r"\b(?-i:We)\s*,\s+")


def pronoun_subjects(text: str, parties: Sequence[PartyLike]) -> dict[str, str]:
    """ "we" and "you" -> the party the contract says they mean (terms of service, letter agreements)."""
    found: dict[str, str] = {}
    head = text[:_PRONOUN_REACH]
    for m in _PRONOUNS_IN_PARENS.finditer(head):  # the party's own term in the parenthesis, else the name before it
        before = head[max(0, m.start() - 80) : m.start()]
        _attach(found, m.group(1), _party_quoted(m.group(1), parties) or _party_named(before, parties, str.endswith))
    for m in _PRONOUNS_MEAN.finditer(head):  # the name follows "mean"
        _attach(found, m.group(1), _party_named(head[m.end() : m.end() + 80], parties, str.startswith))
    for m in _PRONOUNS_BESIDE_TERM.finditer(head):  # the party whose term the bracket gives
        term = " ".join(m.group(1).lower().split())
        named = {p.name for p in parties for alias in p.aliases if alias.lower() == term}
        if len(named) == 1:
            own = named.pop()
            for pronoun in re.findall(r"\b(we|you)\b", m.group(2)):
                found.setdefault(pronoun, own)
    for m in _WE_NAMED.finditer(head):  # the name in apposition: "We, Alder Ltd (the "Supplier"), offer"
        party = _party_named(head[m.end() : m.end() + 80], parties, str.startswith)
        if party:
            found.setdefault("we", party)
    return found if len(set(found.values())) == len(found) else {}  # "we" and "you" are two different parties


_PRONOUN_REACH = 8000


def _attach(found: dict[str, str], quoted: str, party: str | None) -> None:
    if party:
        for pronoun in _PRONOUN.findall(quoted):
            found.setdefault(pronoun.lower(), party)


_QUOTED = re.compile(r"[\"“]([^\"“”]{1,60})[\"”]")


def _party_quoted(definition: str, parties: Sequence[PartyLike]) -> str | None:
    """The party whose own defined term the parenthesis also gives ('("Homestead", "we", "us" or "our")'): the name
    may stand far before it, behind a registration number and an address."""
    terms = {" ".join(t.lower().split()).removeprefix("the ") for t in _QUOTED.findall(definition)}
    named = {p.name for p in parties for term in (p.name, *p.aliases) if term and term.lower() in terms}
    return named.pop() if len(named) == 1 else None


def _party_named(fragment: str, parties: Sequence[PartyLike], at_edge: Callable[[str, str], bool]) -> str | None:
    """The party whose name or defined term the fragment ends with (`str.endswith`) or starts with."""
    words = " ".join(fragment.split()).lower().rstrip(" ,")
    for p in parties:
        if any(term and at_edge(words, term.lower()) for term in (p.name, *p.aliases)):
            return p.name
    return None


class _Subjects(NamedTuple):
    """The subjects of a modal verb (keys of the subject map, the last first), whether they deny it ("Neither party
    shall"), and where the clause they open starts when it is joined to the one before in its sentence (", and the
    Buyer shall ...": the comma), else -1."""

    found: list[str]
    neither: bool
    clause_at: int


def _subjects_before(text: str, lo: int, modal_at: int, subjects: list[str]) -> _Subjects:
    """The subjects (keys of the subject map) ending right before a modal verb: one, or several joined by "and"
    ("The Institution and the Principal Investigator shall") or "nor"; empty when none. And whether they deny the
    modal: "Neither party shall", "Neither the Supplier nor the Buyer shall", "Neither the Supplier nor any third
    party shall" (the third party is no party: the Supplier's restriction).

    Plain string tests instead of one regex per contract: compiling an alternation of every party's
    names takes longer than reading the whole contract.
    """
    gap = _BETWEEN_END.search(text, lo, modal_at)
    if text.find("confirms", lo, modal_at) >= 0:  # first at the same place, as the first alternative would be
        confirms = _CONFIRMS_THAT.search(text, lo, modal_at)
        gap = confirms if confirms and (gap is None or confirms.start() <= gap.start()) else gap
    if gap is None:
        return _Subjects([], False, -1)
    whole = " ".join(text[lo : gap.start()].lower().split())
    before = prefix = whole
    found: list[str] = []
    while (subject := _subject_ending(before, subjects)) is not None:
        before = _ARTICLE_AT_END.sub("", before[: len(before) - len(subject)])
        if _AGENT_OR_OBJECT.search(before):  # "Equipment supplied by the Host is ...": the Host is no subject
            break
        found.append(subject)
        prefix = before
        if subject.startswith("neither "):  # "between the Parties, and neither Party shall": no subject joins it
            break
        joined = _JOINED_SUBJECT.search(before)
        if joined is None:
            break
        before = before[: joined.start()]
    neither = bool(found) and (found[-1].startswith("neither ") or _NEITHER_AT_END.search(before) is not None)
    if not neither and "neither" in whole and (with_others := _neither_party_nor_others(whole, subjects)):
        found, prefix = with_others
        neither = True
    joint = _CLAUSE_JOINT.search(prefix) if found else None
    clause_at = _raw_offset(text, lo, gap.start(), joint.start()) if joint else -1
    return _Subjects(found, neither, clause_at)


# "neither the Supplier nor any third party", "Neither party nor any subcontractor engaged by it", "neither the
# Company nor any Shareholder": the first a party, the second anyone
# the second a noun phrase, no verb in it ("neither the Grower nor the Packer will grant": "grant" has no subject)
_NEITHER_NOR = re.compile(
    r"\bneither\s+(?:of\s+)?([^,;:.()]{1,60}?),?\s+nor\s+"
    r"((?:(?!\b(?:shall|will|must|may|can|agrees?|is|are|has|have|does|do)\b)[^;:.]){1,80}?)$"
)
_ANYONE = re.compile(r"^(?:the|any|each|all|every)\s+")
# what joins a clause with a subject of its own to the one before it in the sentence: ", and the Parties shall", "; (c)
# the Buyer shall"; not a bare comma, which also ends a clause that opens the sentence ("If ..., the Buyer shall")
_CLAUSE_JOINT = re.compile(r"(?:[,;]?\s*\b(?:and|but|while|whereas)|;)(?:\s*\(?(?:[a-z]{1,4}|\d{1,2})\))?$")


def _neither_party_nor_others(whole: str, subjects: list[str]) -> tuple[list[str], str] | None:
    """ "neither <a party> nor <anyone>" ending the lower-cased look-back: its subjects (the last first; the second
    only when it is a party too, "nor any Shareholder") and what stands before "neither"; None when the first is no
    party ("Neither this Agreement nor any right under it shall be assigned")."""
    m = _NEITHER_NOR.search(whole)
    if m is None:
        return None
    named, other = m.group(1), _ANYONE.sub("", m.group(2))
    first = next((s for s in (f"neither {named}", named, _ANYONE.sub("", named)) if s in subjects), None)
    if first is None:
        return None
    found = [other, first] if other in subjects else [first]
    return found, whole[: m.start()].rstrip()


_WORD = re.compile(r"\S+")


def _raw_offset(text: str, lo: int, hi: int, at: int) -> int:
    """Where in `text[lo:hi]` the character stands that is at `at` in its words joined by single spaces."""
    joined = 0
    for word in _WORD.finditer(text, lo, hi):
        if at <= joined + len(word.group()):
            return word.start() + max(0, at - joined)
        joined += len(word.group()) + 1
    return hi


# a party named after a preposition is not the subject of what follows
_AGENT_OR_OBJECT = re.compile(r"\b(?:by|to|for|from|with|(?<!each )(?<!either )(?<!both )(?<!neither )(?<!one )of)\s*$")
# "..., she shall": a pronoun as the subject of the main clause
_PRONOUN_BEFORE = re.compile(r",\s*(?:he|she|it|they)\s+$", re.IGNORECASE)
_PASSIVE = re.compile(r"be\s+\w+(?:ed|en)\b", re.IGNORECASE)
# a sentence that opens with a condition on a party: "8.3 If the Employee breaches clause 8.1, ..."
_CONDITION_OPENS = re.compile(
    r"(?:\(?\d+(?:\.\d+)*[.)]?\s+|\([a-z]{1,3}\)\s+)?"
    # "If a Recipient is required ..., it shall": a party's role with the indefinite article
    r"(?:if|where|when|whenever|should|unless|in\s+the\s+event\s+that|in\s+case)\s+(?:the\s+|an?\s+)?",
    re.IGNORECASE,
)


def _antecedent(text: str, start: int, modal: re.Match[str], subjects: list[str]) -> list[str]:
    """The subject a pronoun stands for when the sentence opens with a condition on a party: "If the Employee
    breaches clause 8.1, she shall pay the Company a penalty" binds the Employee; empty otherwise, and for "it"
    in the passive ("If the Licensee asks, it shall be extended": "it" is the thing asked for)."""
    modal_at = modal.start()
    pronoun = _PRONOUN_BEFORE.search(text, max(start, modal_at - 12), modal_at)
    if pronoun is None or (pronoun.group().rstrip().lower().endswith("it") and _PASSIVE.match(text, modal.end())):
        return []
    opening = _CONDITION_OPENS.match(text, start, modal_at)
    if opening is None:
        return []
    cased = " ".join(text[opening.end() : opening.end() + _LOOK_BACK].split())
    after = cased.lower()
    indefinite = opening.group().rstrip().lower().endswith((" a", " an"))
    for subject in subjects:  # longest first
        if after.startswith(subject) and not after[len(subject) : len(subject) + 1].isalnum():
            # "a Recipient" is a party in that role; "a Sonos Tool" is a thing named after the party
            if indefinite and re.match(r" [A-Z]", cased[len(subject) :]):
                continue
            return [subject]
    return []


# "The Buyer may resell the goods; it shall tell the Seller who bought them": "he", "she" or "it" after a semicolon, with
# a party the subject the sentence opens with
# or after "provided (that)": "The Consultant may act for others, provided he shall first disclose it"
_PRONOUN_AFTER_SEMICOLON = re.compile(r"(?:;|,?\s+provided(?:\s+that)?)\s*(?:he|she|it)\s+$", re.IGNORECASE)
_SUBJECT_OPENS = re.compile(r"(?:\(?\d+(?:\.\d+)*[.)]?\s+|\([a-z]{1,3}\)\s+)?(?:the\s+)?", re.IGNORECASE)


def _subject_before_semicolon(text: str, start: int, modal: re.Match[str], subjects: list[str]) -> list[str]:
    """The party a pronoun after a semicolon stands for: the subject the sentence opens with (none before "be": "the
    Licensee may copy the report; it shall be marked confidential" speaks of the report, and "it will not be a
    fiduciary" in a list of warranties states a fact, no act)."""
    modal_at = modal.start()
    pronoun = _PRONOUN_AFTER_SEMICOLON.search(text, max(start, modal_at - 24), modal_at)
    if pronoun is None or _STATE_AFTER.match(text, modal.end()):
        return []
    opening = _SUBJECT_OPENS.match(text, start, modal_at)
    at = opening.end() if opening else start
    after = " ".join(text[at : at + _LOOK_BACK].split()).lower()
    for subject in subjects:  # longest first
        if after.startswith(subject) and not after[len(subject) : len(subject) + 1].isalnum():
            return [subject]
    return []


# "The Carrier may reroute the cargo in a storm, and shall tell the Shipper why": a duty joined by "and" to the right
# the sentence opens with binds the party that holds the right
_AND_BEFORE = re.compile(r",?\s+and\s+$", re.IGNORECASE)
_RIGHT_AFTER_SUBJECT = re.compile(r"\s+(?:may|can|is\s+(?:entitled|permitted|free)\s+to)\s", re.IGNORECASE)


def _subject_of_the_right_before(text: str, start: int, modal: re.Match[str], subjects: list[str]) -> list[str]:
    """The party whose right ("X may ...") opens the sentence, for a duty that "and" joins to it with no subject of
    its own and no semicolon between; none before "be" ("and shall be refunded" states what becomes of a thing)."""
    modal_at = modal.start()
    if not _AND_BEFORE.search(text, max(start, modal_at - 8), modal_at) or _STATE_AFTER.match(text, modal.end()):
        return []
    opening = _SUBJECT_OPENS.match(text, start, modal_at)
    at = opening.end() if opening else start
    if ";" in text[at:modal_at]:
        return []
    after = " ".join(text[at : at + _LOOK_BACK].split()).lower()
    for subject in subjects:  # longest first
        if after.startswith(subject) and not after[len(subject) : len(subject) + 1].isalnum():
            return [subject] if _RIGHT_AFTER_SUBJECT.match(after, len(subject)) else []
    return []


_IT_OPENS = re.compile(r"\s*It\s+$")


def _it_after_a_party_sentence(text: str, start: int, modal: re.Match[str], subjects: list[str]) -> list[str]:
    """The party an "It" that opens a sentence stands for: the subject of the sentence before it in the same paragraph
    ("(2) Alder GmbH acts as project lead. It shall convene the committee"); none before "be" ("It shall be kept")."""
    if not _IT_OPENS.fullmatch(text, start, modal.start()) or _STATE_AFTER.match(text, modal.end()):
        return []
    line_start = text.rfind("\n", 0, start) + 1
    opening = _SUBJECT_OPENS.match(text, line_start, start)
    at = opening.end() if opening else line_start
    before = text[at:start].rstrip()
    if not before.endswith(".") or "." in before[:-1]:
        return []  # after its clause number, the sentence before is the paragraph's only one (kept narrow)
    after = " ".join(text[at : at + _LOOK_BACK].split()).lower()
    for subject in subjects:  # longest first
        if after.startswith(subject) and not after[len(subject) : len(subject) + 1].isalnum():
            return [subject]
    return []


# a guarantee or undertaking opening the sentence, then a duty of the same subject: "Guarantor absolutely and
# irrevocably guarantees to Landlord the payment of all rent due under the Lease, and shall pay ... on demand"
_GUARANTEES_THEN = re.compile(
    r"(?:\s+hereby)?(?:[\s,]+(?:and\s+)?\w+ly)*\s+(?:guarantees|guaranties|undertakes|covenants)\b[^;.:]{1,240}?,\s*and\s+"
    r"(?:also\s+)?$"
)


# a warranty of a thing that opens the sentence, then a duty only the warrantor can owe: "Supplier warrants that the
# Goods will be free from defects for twelve months and shall replace any defective Goods" (the Goods replace nothing;
# the warranted state is in "will", the duty in "shall" or "must")
_WARRANTS_THAT_THEN = re.compile(
    r"(?:[\s,]+(?:and\s+)?\w+ly)*\s+(?:represents\s+and\s+warrants|warrants(?:\s+and\s+represents)?|represents)"
    r"(?:\s+to\s+[^;.:,]{1,40}?)?\s+that\s+([^;.:]{1,240}?),?\s+and\s+(?:also\s+)?$"
)


# the warranted state in "will" or "is" ("the Goods will be free from defects", "the glaze is lead-free"), not a duty in
# "shall" of the thing warranted; or in "shall" with a verb of a thing's state ("each deliverable shall conform to its
# specification")
_PREDICTS = re.compile(
    r"\b(?:will|is|are)\b(?![^;.]*\bshall\b)|"
    r"\bshall\s+(?:conform|comply|function|operate|perform|remain|be)\b(?![^;.]*\bshall\b)"
)
# the verbs of a thing's state after the continuing modal: "... shall conform and shall operate" is no duty of its own
_THING_STATE_AFTER = re.compile(r"(?:conform|comply|function|operate|perform|remain)\b", re.IGNORECASE)
# a modal followed by a state or a passive: "shall, as appropriate, be manufactured", "shall have been"
_STATE_AFTER = re.compile(r"(?:,[^,;.]{1,30},\s*)?(?:be|been|have\s+been)\b", re.IGNORECASE)
# a clause's heading before its first sentence: run in ("11. Warranty. ") or on a line of its own ("5. WARRANTY\n")
_HEADING = re.compile(r"\s*(?:\(?\d+(?:\.\d+)*[.)]?\s+)?(?:[A-Z][\w ,&/-]{0,30}\.[ \t]+|[A-Z][A-Z ,&/-]{1,40}[ \t]*\n)")


def _guarantor(text: str, start: int, modal: re.Match[str], subjects: list[str]) -> list[str]:
    """The subject of a guarantee that opens the sentence, when the modal continues it after ", and" (the look-back
    for a subject is too short for a guarantee's long first predicate), or of a warranty that a thing (not another
    party) will be so, continued by "and shall"; empty otherwise."""
    opening = " ".join(text[start : modal.start()].lower().split()) + " "
    opening = re.sub(r"^(?:\(?\d+(?:\.\d+)*[.)]?\s+)?(?:the\s+)?", "", opening)
    headed = _HEADING.match(text, start, modal.start())  # "11. Warranty. Supplier warrants", "WARRANTY\nSupplier ..."
    openings = [opening]
    if headed:
        opening = " ".join(text[headed.end() : modal.start()].lower().split()) + " "
        opening = re.sub(r"^the\s+", "", opening)
        openings.append(opening)
    for subject in subjects:  # longest first ("2. Guarantee. The Guarantor hereby ... guarantees ..., and shall pay")
        for o in openings:  # plain loops: this runs for every modal of the contract
            if o.startswith(subject) and _GUARANTEES_THEN.match(o, len(subject)):
                return [subject]
    state_after = _STATE_AFTER.match(text, modal.end()) or _THING_STATE_AFTER.match(text, modal.end())
    if modal.group(1).lower() not in ("shall", "must") or state_after:
        return []  # "... will conform and will perform", "... and shall be manufactured": the thing's predicate
    for subject in subjects:
        warranty = _WARRANTS_THAT_THEN.match(opening, len(subject)) if opening.startswith(subject) else None
        if (
            warranty
            and _PREDICTS.search(warranty.group(1))
            and not _opens_with_a_party(warranty.group(1), subject, subjects)
        ):
            return [subject]
    return []


# a lead-in that promises, for its subject, what each item below it says: "the Chargor covenants with the Lender that
# it:" over "(a) shall keep the Property in good repair;"
_PROMISES_THAT_IT = re.compile(
    r"\b(?:covenants?|undertakes?|agrees?|warrants?)\b[^.;:\n]{0,80}?\bthat\s+(?:it|he|she|they)\s*:[ \t]*$",
    re.IGNORECASE,
)
_ITEM_MARKER = re.compile(r"[ \t]*(?:[-*•–]|\(?[a-z]{1,3}\)|\(?\d{1,2}[.)])[ \t]+")
_LEAD_IN_REACH = 4000


def _lead_in_subject(text: str, modal_at: int, subjects: list[str]) -> list[str]:
    """The subject of a lead-in for a list item that opens with its modal ("(b) shall deliver ..."): the party the
    lead-in above the list's items promises for ("the Debtor covenants that it:"); empty otherwise."""
    line_start = text.rfind("\n", 0, modal_at) + 1
    if not _ITEM_MARKER.fullmatch(text, line_start, modal_at):
        return []
    lo = max(0, line_start - _LEAD_IN_REACH)
    end = line_start - 1
    while end > lo:
        begin = text.rfind("\n", lo, end) + 1
        line = text[begin:end]
        if line.rstrip().endswith(":"):  # the lead-in, numbered or not ("4. the Debtor covenants that it:")
            promise = _PROMISES_THAT_IT.search(line)
            if promise is None:
                return []
            lead_lo = begin + max(0, promise.start() - _LOOK_BACK)
            return _subjects_before(text, lead_lo, begin + promise.start(), subjects)[0]
        if line.strip() and not _ITEM_MARKER.match(line):
            return []  # a line of other text: the item belongs to no lead-in
        end = begin - 1
    return []


# a lead-in whose items are each an infinitive of its subject's promise: "The Tenant covenants with the Landlord:" over
# "4.1 to keep the Premises in repair;" and "4.2 not to assign ..." (the items hold no modal verb of their own)
_COVENANTS_AS_FOLLOWS = re.compile(
    r"\b(?:covenants?|undertakes?|agrees?)(?:\s+(?:with|to|for\s+the\s+benefit\s+of)\s+[^.;:\n]{1,80}?)?"
    r"(?<!\bthat)(?:\s+as\s+follows)?\s*:[ \t]*$",  # "covenants that:" leads into clauses (`_PROMISES_THAT_IT`)
    re.IGNORECASE,
)
# an item's marker, numbered clauses included ("4.1", "(a)", "-"), then its text
_INFINITIVE_ITEM = re.compile(r"[ \t]*(?:[-*•–]|\(?[a-z]{1,3}\)|\(?\d{1,2}(?:\.\d{1,2})*[.)]?)[ \t]+(\S[^\n]*)")
_COLON_AT_LINE_END = re.compile(r":[ \t]*$", re.MULTILINE)
# "to keep", "not to assign"; not "to the best of its knowledge" (a word no verb is: `_NOT_A_VERB`); when first said
# ("on the expiry of the Term to hand back the keys", "within 14 days of demand to pay")
_AN_INFINITIVE = re.compile(
    r"(?:at\s+all\s+times\s+|promptly\s+|(?:at|on|upon|before|by|within|during|throughout)\s+[^;:,\n]{1,60}?\s+)?"
    r"(?:not\s+)?to\s+(?!(?:for|to|in|on|at|by|with|from|of|as|the|a|an|any|all|"
    r"each|if|when|where|whether|it|its|his|her|their|such|this|that|these|those)\b)[a-z]",
    re.IGNORECASE,
)


def _infinitive_items(text: str, pos: int) -> list[tuple[int, int]]:
    """The items after the lead-in ending at `pos` that are infinitives ("to keep ...", "not to assign ..."); other
    items ("that the Tenant may quietly enjoy ...") are passed over, and the list ends at an item that opens with a
    capital (the next clause's heading)."""
    items: list[tuple[int, int]] = []
    for start, end in _item_lines(text, pos):
        if _AN_INFINITIVE.match(text, start, end):
            items.append((start, end))
        elif text[start].isupper():
            break
    return items


def _item_lines(text: str, pos: int) -> Iterator[tuple[int, int]]:
    """The text spans of the list items on the lines after `pos`, each running on over the lines that carry no marker,
    up to the first line that is no item."""
    pos = text.find("\n", pos) + 1
    while 0 < pos < len(text):
        while pos < len(text) and text[pos] in " \t\r\n":
            pos += 1
        m = _INFINITIVE_ITEM.match(text, pos)
        if m is None:
            return
        end = m.end()
        while text.startswith("\n", end):
            following = text.find("\n", end + 1)
            following = len(text) if following < 0 else following
            line = text[end + 1 : following]
            if not line.strip() or _INFINITIVE_ITEM.match(line):
                break
            end = following
        yield m.start(1), end
        pos = end


def _covenant_lists(
    text: str, ordered: list[str], subjects: dict[str, str], named: list[str], groups: dict[str, list[str]]
) -> list[tuple[Obligation, bool]]:
    """The duties of the lists a subject's promise introduces, an item an infinitive each ("The Tenant covenants with
    the Landlord:" over "4.1 to keep ..."): "covenants with the Landlord: to keep ...", once per obligor, and whether
    it is a list's third item on."""
    found: list[tuple[Obligation, bool]] = []
    for verb in _covenant_verbs(text):
        line_start = text.rfind("\n", 0, verb.start()) + 1
        found_subjects = _subjects_before(text, max(line_start, verb.start() - _LOOK_BACK), verb.start(), ordered)[0]
        if not found_subjects:
            continue
        obligors = _obligors([subjects[s] for s in reversed(found_subjects)], named, groups)
        lead = whole_action(text, verb.start(), verb.end())
        for place, (start, end) in enumerate(_infinitive_items(text, verb.end())):
            found.extend((duty, place >= _ITEMS_FIRST) for duty in _listed_duties(text, lead, start, end, obligors))
    return found


def _covenant_verbs(text: str) -> Iterator[re.Match[str]]:
    """Each lead-in line's promise that ends in a colon ("covenants with the Landlord:"), found from the colons."""
    for colon in _COLON_AT_LINE_END.finditer(text):
        line_start = text.rfind("\n", 0, colon.start()) + 1
        m = _COVENANTS_AS_FOLLOWS.search(text, line_start, colon.end())
        if m is not None:
            yield m


def _opens_with_a_party(clause: str, warrantor: str, subjects: list[str]) -> bool:
    """Whether the clause's subject is a party other than the warrantor ("that the Customer will ..."): the duty
    after it may be that party's."""
    clause = re.sub(r"^(?:the|each|any|all)\s+", "", clause)
    return any(clause.startswith(s) and not clause[len(s) : len(s) + 1].isalnum() for s in subjects if s != warrantor)


_JOINED_SUBJECT = re.compile(r"(?:,|,?\s+(?:and|&|nor))$")  # "neither the Supplier nor the Buyer shall"
_NEITHER_AT_END = re.compile(r"\bneither(?:\s+of)?$")  # "neither of the parties shall"
_ARTICLE_AT_END = re.compile(r"(?:\s*\bthe)?\s*$")


def _subject_ending(before: str, subjects: list[str]) -> str | None:
    for subject in subjects:  # longest first
        if before.endswith(subject):
            cut = len(before) - len(subject)
            if cut == 0 or not (before[cut - 1].isalnum() or before[cut - 1] in "'’"):
                return subject
    return None


def _kind(action: str) -> str:
    """The kind whose word comes first in the action (the main verb, not a word in a subordinate clause); a duty
    not to do something is a restriction ("other") unless it is about confidential information."""
    if _NOT_TO_DO.match(action) and not _CONFIDENTIALITY.search(action):
        return "other"
    m = kind_match(action)
    return m.lastgroup or "other" if m else "other"


# the words every alternative of `_KINDS` opens with, as `str.lower` spells them
_KIND_WORDS = (
    "pay", "fee", "invoice", "royalt", "reimburse", "compensat",
    "deliver", "ship", "supply", "provide", "manufactur", "perform the", "return",
    "purchase", "buy", "place", "grant", "licen", "give", "report", "statement", "records", "account", "insur",
    "confidential", "disclos", "secrecy", "secret", "comply", "compliance", "laws", "regulation",
    "notify", "notice", "inform",
)  # fmt: skip
_KIND_REACH = 240


def kind_match(action: str) -> re.Match[str] | None:
    """`_ANY_KIND.search(action, 0, 240)`, sooner: the pattern is matched only where `str.find` sees one of the
    kinds' words start in the lower-cased action, not at every one of its first letters."""
    lowered = lowered_as_ignorecase_folds(action[:_KIND_REACH])
    if lowered is None:
        return _ANY_KIND.search(action, 0, _KIND_REACH)
    starts = _found_at(lowered, _KIND_WORDS)
    for start in sorted(starts):
        if (m := _ANY_KIND.match(action, start, _KIND_REACH)) is not None:
            return m
    return None


def _due(sentence: str) -> tuple[str | None, str | None]:
    if _MAY_HOLD_DATE.search(sentence):  # every date the engine reads has a year
        for _, _, d in find_dates(sentence):
            if d is not None:
                return None, d.isoformat()
    m = _DUE_PERIOD.search(sentence)
    if m:
        return " ".join(m.group().split()), None
    return None, None


def _sentences(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The candidate span cut into sentences, so nothing is read from a neighbouring sentence."""
    out, at = [], start
    for m in _SENTENCE_END.finditer(text, start, end):
        if m.group() == "." and _ends_in_abbreviation(text, start, m.start()):
            continue
        out.append((at, m.end()))
        at = m.end()
    if at < end:
        out.append((at, end))
    return [(s + len(text[s:e]) - len(text[s:e].lstrip()), e) for s, e in out if text[s:e].strip()]


def whole_action(text: str, start: int, end: int) -> str:
    """The rest of the sentence from `start`, whitespace collapsed, cut only between words."""
    action = " ".join(text[start:end].split()).rstrip(" .;:")
    if len(action) <= _MAX_ACTION:
        return action
    cut = action.rfind(" ", 0, _MAX_ACTION)
    return action[:cut].rstrip(" ,;") + " …"


class _Sentences:
    """The sentence around a position, from the (rejoined) sentence candidates, each cut at most once."""

    def __init__(self, text: str, spans: list[tuple[int, int]]) -> None:
        self.text = text
        self.spans = _rejoined(text, spans)
        self.starts = [s for s, _ in self.spans]
        self._cut: dict[int, list[tuple[int, int]]] = {}

    def around(self, pos: int) -> tuple[int, int] | None:
        i = bisect_right(self.starts, pos) - 1
        if i < 0 or pos >= self.spans[i][1]:
            return None
        if i not in self._cut:
            self._cut[i] = _sentences(self.text, *self.spans[i])
        for start, end in self._cut[i]:
            if start <= pos < end:
                return start, end
        return None


def _rejoined(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Sentence candidates joined again where they were split after an abbreviation ("Rs. 2,40,000")."""
    out: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if (
            out
            and out[-1][1] <= start
            and not text[out[-1][1] : start].strip()
            and _ends_in_abbreviation(text, 0, out[-1][1] - 1)
        ):
            out[-1] = (out[-1][0], end)
        else:
            out.append((start, end))
    return out


def _obligors(parties: list[str], named: list[str], groups: dict[str, list[str]]) -> list[str]:
    """The parties a duty binds: each named party for a mutual duty (up to six), each member of a group the contract
    defines ("Each Founder"), else the subjects named."""
    if EACH_PARTY in parties:
        return named if 2 <= len(named) <= _EACH_LISTED_UP_TO else [EACH_PARTY]
    members = [m for p in parties for m in (groups[p[len(_GROUP) :]] if p.startswith(_GROUP) else [p])]
    return list(dict.fromkeys(members))


# a subject-map value standing for a group of parties the contract defines, expanded by `_obligors`
_GROUP = "\x00group:"
_QUOTED_TERM = re.compile(r"[\"“]([A-Z][\w\- ]{1,40}?)[\"”]")
# '(the "Second Founder", and together with the First Founder the "Founders")'
_TOGETHER_WITH = re.compile(
    r"\btogether\s+with\s+(?:the\s+)?[\"“]?([A-Z][\w\- ]{1,40}?)[\"”]?,?\s+(?:the\s+)?[\"“]([A-Z][\w\-]*(?:\s[A-Z][\w\-]*)?)[\"”]"
)
# 'The Founders, the Investor and the Angel are together the "Shareholders"', also without quotes, as UK and
# Scandinavian drafting defines terms: "Brook and Fell are together the Non-Operators."
_ARE_TOGETHER = re.compile(
    r"(?:^|(?<=[.;\n]))\s*(?:The\s+)?([A-Z](?:[^.;\n]|\.(?!\s+[A-Z])){1,160}?)\s+are\s+"
    r"(?:each\s+an?\s+[A-Z][\w\-]*(?:\s[A-Z][\w\-]*)?,?\s+and\s+)?"  # "are each a Team Member and together the Team Members"
    r"(?:together|collectively|jointly)\s+"
    r"(?:referred\s+to\s+as\s+)?(?:the\s+)?(?:[\"“]([A-Z][\w\-]*(?:\s[A-Z][\w\-]*)?)[\"”]|"
    r"([A-Z][\w\-]*(?:\s[A-Z][\w\-]*)?)(?=[\s.,;)]))"
)
# "Harlan, Brazos, Coldwater and Ambrose are each a Settling Party.": a group named by the singular term alone
_ARE_EACH = re.compile(
    r"(?:^|(?<=[.;\n]))\s*(?:The\s+)?([A-Z](?:[^.;\n]|\.(?!\s+[A-Z])){1,160}?)\s+are\s+each\s+an?\s+"
    r"([A-Z][\w\-]*(?:\s[A-Z][\w\-]*)?)(?=\s*[.;])"
)
# what both of them need: a quick test before either is tried at every line of the contract's head
_ARE_EACH_OR_TOGETHER = re.compile(r"\sare\s+(?:each|together|collectively|jointly)\s")


def _group_sentences(pattern: re.Pattern[str], text: str, end: int) -> Iterator[re.Match[str]]:
    """The matches of `_ARE_TOGETHER` or `_ARE_EACH` before `end`: none, at once, where no "are each" or "are
    together" is said."""
    if _ARE_EACH_OR_TOGETHER.search(text, 0, end) is None:
        return iter(())
    return pattern.finditer(text, 0, end)


_LIST_SEPARATOR = re.compile(r",\s*(?:and\s+)?|\s+and\s+")
# parties counted by their kind after the list: "The three institutions are the Academic Members; the two companies
# are the Industry Members; all five are the Members." (the kind read from each party's name and description)
_COUNTED_KIND = re.compile(
    r"\b(?:[Tt]he|[Aa]ll)\s+(\w+)\s+(\w+)\s+are\s+(?:(?:together|collectively)\s+)?the\s+"
    r"([A-Z][\w\-]*(?:\s[A-Z][\w\-]*)?)(?=\s*[.;,])"
)
_COUNTED_ALL = re.compile(
    r"\b(?:[Aa]ll|[Tt]he)\s+(\w+)(?:\s+(?:of\s+them|parties))?\s+are\s+(?:(?:together|collectively)\s+)?the\s+"
    r"([A-Z][\w\-]*(?:\s[A-Z][\w\-]*)?)(?=\s*[.;,])"
)
# the words that mark a party as of a kind, by the kind's plural
_KIND_CUES = {
    "institutions": r"universit|college|institut|polytechnic|school|academy|hospital|foundation",
    "universities": r"universit",
    "colleges": r"college",
    "hospitals": r"hospital",
    "companies": r"\bcompany\b|corporation|\binc\b|\bltd\b|\bllc\b|limited|\bgmbh\b|\bcorp\b|\bplc\b",
    "corporations": r"corporation|\binc\b|\bcorp\b",
    "banks": r"\bbank\b",
    "individuals": r"\ban\s+individual\b",
}
_DESCRIPTION_REACH = 160


def _counted_kinds(text: str, parties: Sequence[PartyLike]) -> dict[str, list[str]]:
    """Groups the text defines by counting the parties of a kind (`_COUNTED_KIND`): kept only where exactly that
    many parties are of the kind by their name and the description after it in the list."""
    if " are the " not in text[:_PRONOUN_REACH]:
        return {}
    low = text[:_PRONOUN_REACH].lower()
    described = {}
    for p in parties:
        at = low.find(p.name.lower())
        described[p.name] = re.split(r"[;\n]", low[at : at + len(p.name) + _DESCRIPTION_REACH])[0] if at >= 0 else ""
    groups: dict[str, list[str]] = {}
    for m in _COUNTED_KIND.finditer(text, 0, _PRONOUN_REACH):
        count, cue = NUMBER_WORDS.get(m.group(1).lower()), _KIND_CUES.get(m.group(2).lower())
        if not isinstance(count, int) or cue is None:
            continue
        members = [p.name for p in parties if re.search(cue, described[p.name])]
        if len(members) == count >= 2:
            groups.setdefault(m.group(3), members)
    return groups


def _counted_all(text: str, parties: Sequence[PartyLike]) -> list[str]:
    """A term given every party by their number: "all five are the Members" among five parties."""
    if " are the " not in text[:_PRONOUN_REACH]:
        return []
    terms = []
    for m in _COUNTED_ALL.finditer(text, 0, _PRONOUN_REACH):
        if NUMBER_WORDS.get(m.group(1).lower()) == len(parties) >= 2:
            term = " ".join(m.group(2).lower().split())
            terms.append(singular(term))
    return terms


def _groups(head: str, subjects: dict[str, str]) -> dict[str, list[str]]:
    """Groups of parties the preamble defines, by their defined term, with their members' legal names."""
    groups: dict[str, list[str]] = {}
    order = list(dict.fromkeys(subjects.values()))

    def members(terms: list[str]) -> list[str]:
        out: list[str] = []
        for term in terms:
            key = " ".join(re.sub(r"^the\s+", "", term.strip(), flags=re.IGNORECASE).lower().split())
            value = subjects.get(key)
            group = next((v for g, v in groups.items() if g.lower() == key), None)
            if value is not None and value != EACH_PARTY:
                out.append(value)
            elif group is not None:
                out += group
            else:
                return []  # a member the contract does not name: not a group of parties
        return sorted(dict.fromkeys(out), key=order.index)  # in the order the parties are listed

    for m in _TOGETHER_WITH.finditer(head):
        own = _QUOTED_TERM.findall(head, max(0, m.start() - 80), m.start())
        found = members([own[-1], m.group(1)]) if own else []
        if len(found) >= 2:
            groups.setdefault(m.group(2), found)
    for m in _group_sentences(_ARE_TOGETHER, head, len(head)):
        found = members(_LIST_SEPARATOR.split(m.group(1)))
        if len(found) < 2:  # names with commas of their own: "Alder Group, Inc. and Birch Works, L.L.C."
            found = _names_within(m.group(1), subjects)
        if len(found) >= 2:
            groups.setdefault(m.group(2) or m.group(3), found)
    return groups


def _listed_members(listed: str, subjects: dict[str, str]) -> list[str]:
    """The parties a list names by their names or defined terms ("Harlan, Brazos and Ambrose")."""
    found = []
    for item in _LIST_SEPARATOR.split(listed):
        key = " ".join(re.sub(r"^the\s+", "", item.strip(), flags=re.IGNORECASE).lower().split())
        party = subjects.get(key)
        if party is not None and party != EACH_PARTY and not party.startswith(_GROUP):
            found.append(party)
    return list(dict.fromkeys(found)) if len(found) >= 2 else _names_within(listed, subjects)


def _names_within(listed: str, subjects: dict[str, str]) -> list[str]:
    """The parties whose legal names the list holds, in its order."""
    low = listed.lower()
    at = {name: low.find(name.lower()) for name in dict.fromkeys(subjects.values()) if not name.startswith(_GROUP)}
    return sorted((name for name, i in at.items() if i >= 0 and name != EACH_PARTY), key=lambda name: at[name])


def _shared_roles(parties: Sequence[PartyLike]) -> dict[str, list[str]]:
    """Roles two or more parties hold ("Recipients:" over four companies, each a "recipient"): role -> their names."""
    held: dict[str, list[str]] = {}
    for p in parties:
        role = " ".join(p.role.lower().split())
        if role and role != "party":
            held.setdefault(role, []).append(p.name)
    return {role: names for role, names in held.items() if len(names) >= 2}


def _shared_role_forms(role: str) -> list[str]:
    """How a duty names every holder of a shared role: "each Recipient", "the Beneficiaries", "all Recipients"."""
    plural = role[:-1] + "ies" if role.endswith("y") and role[-2:-1] not in "aeiou" else role + "s"
    return [
        f"each {role}",
        f"every {role}",
        f"the {plural}",
        f"each of the {plural}",
        f"all {plural}",
        f"all the {plural}",
    ]


def _group_forms(group: str) -> list[str]:
    """How a duty names the group's members: "the Founders", "each Founder", "each of the Founders"."""
    plural = " ".join(group.lower().split())
    single = singular(plural)
    return [
        f"the {plural}",
        plural,
        f"each {single}",
        f"every {single}",
        f"each of the {plural}",
        f"all {plural}",
        f"both {plural}",
        f"all of the {plural}",
    ]


def _duties(
    text: str, action_start: int, end: int, start: int, obligors: list[str], restriction: bool = False
) -> list[Obligation]:
    """The duty from `action_start` to the end of its sentence (which starts at `start`), once per obligor; a
    `restriction` when its subject denies the modal ("Neither party shall disclose": "shall not disclose")."""
    action = _modal_in_full(whole_action(text, action_start, end))
    if restriction:
        action = _as_restriction(action)
    due_text, due_date = _due(text[start:end])
    kind = _kind(action)
    return [Obligation(obligor, action, kind, due_text or due_date, due_date, start, end) for obligor in obligors]


# the modals a denying subject turns into a restriction: "Neither party shall disclose" = each "shall not disclose"
_NEGATABLE = ("shall", "will", "must")
_FIRST_WORD = re.compile(r"^\w+")  # "shall, except at its own risk, assume" -> "shall not, except ..."


def _as_restriction(action: str) -> str:
    """ "shall disclose the price" -> "shall not disclose the price", as a duty not to do something reads ("shall,
    without consent, assign" -> "shall not, without consent, assign")."""
    return _FIRST_WORD.sub(lambda modal: f"{modal[0]} {'NOT' if modal[0].isupper() else 'not'}", action, count=1)


# a modal that ends its sentence with a colon introduces a list of duties ("The Client shall:")
_INTRODUCES_LIST = re.compile(r"\s*:\s*")
# an item of a bulleted or lettered list on a line of its own ("- provide ...", "(a) deliver ...", "2. pay ...")
_LIST_ITEM = re.compile(r"[ \t]*(?:[-*•–]|\(?[a-z]{1,3}\)|\(?\d{1,2}[.)])[ \t]+(\S[^\n]*)")
_LIST_ITEMS_AT_MOST = 20
# under the cap, a list's first two items rank with the duties that open a sentence, the rest after them
_ITEMS_FIRST = 2
_ITEM_JOINER = re.compile(r"\s*;\s*(?:and|or)\s*$")  # "...; and" joins an item to the next


# a lead-in that ends its sentence with a colon: "shall perform the following services (the "Services"):"; not a
# relative clause the items complete ("shall have any obligation with respect to Information which:")
_LEADS_INTO_LIST = re.compile(r"(?![^:]*\b(?:which|that|who|whom|where|when|if|unless|whether)\s*:)[^.;:\n]{3,120}:\s*")


_NOT_A_VERB = re.compile(
    r"(?:for|to|in|on|at|by|with|from|of|as|the|a|an|any|all|each|if|when|where|whether|it|its|his|her|their)\b"
)


def _duty_items(text: str, pos: int) -> list[tuple[int, int]]:
    """The list items after a lead-in that are the rest of its duty ("(a) map the legacy data ..."), up to the first
    that is a sentence or a heading of its own ("Test Development. The parties shall ...")."""
    items = []
    for start, end in list_items(text, pos):
        if not text[start].islower() or _NOT_A_VERB.match(text, start):
            break  # "for a fax, when receipt is confirmed": the lead-in's circumstances, not a duty
        items.append((start, end))
    return items


def _listed_duties(text: str, lead: str, start: int, end: int, obligors: list[str]) -> list[Obligation]:
    """The duty of one list item under a lead-in, once per obligor: the lead-in's words, then the item's."""
    item = whole_action(text, start, end)
    action = f"{lead}: {item}"
    kind = _kind(item)
    due_text, due_date = _due(text[start:end])
    return [
        Obligation(
            obligor, action, kind if kind != "other" else _kind(action), due_text or due_date, due_date, start, end
        )
        for obligor in obligors
    ]


def _restricted_items(text: str, denied: str, start: int, end: int, obligors: list[str]) -> list[Obligation]:
    """The restriction of one list item under "Neither party shall:" or "The Client shall not:", once per obligor:
    "shall not" and the item's words ("shall not copy the manual"), a restriction as any "shall not" duty is."""
    action = f"{denied} {whole_action(text, start, end)}"
    due_text, due_date = _due(text[start:end])
    return [Obligation(ob, action, _kind(action), due_text or due_date, due_date, start, end) for ob in obligors]


def _listed(
    text: str, modal: re.Match[str], end: int, obligors: list[str], restriction: bool = False
) -> tuple[list[tuple[int, int]], Callable[[int, int], list[Obligation]]] | None:
    """The items of the list a modal introduces and how an item becomes duties; None when it introduces none.
    "The Client shall:" makes each item a duty ("Neither party shall:" and "The Client shall not:" each a restriction,
    "shall not <item>");
    "Vendor shall perform the following services:" each item with the lead-in's words."""
    if _INTRODUCES_LIST.fullmatch(text, modal.end(), end):
        if restriction or modal.group(2) is not None:
            denied = _as_restriction(modal.group(1)) if restriction else " ".join(f"{modal[1]}{modal[2]}".split())
            return list_items(text, end), lambda s, e: _restricted_items(text, denied, s, e, obligors)
        return list_items(text, end), lambda s, e: _duties(text, s, e, s, obligors)
    items = _duty_items(text, end) if _LEADS_INTO_LIST.fullmatch(text, modal.end(), end) else []
    if not items:
        return None
    lead = whole_action(text, modal.start(1), end)
    if restriction:
        lead = _as_restriction(lead)
    return items, lambda s, e: _listed_duties(text, lead, s, e, obligors)


def _marker_kind(item: str) -> str:
    """The kind of a list item's marker: a bullet, a letter or a number."""
    marker = item.lstrip(" \t")[:1]
    if marker == "(":
        marker = item.lstrip(" \t(")[:1]
    return "number" if marker.isdigit() else "letter" if marker.isalpha() else "bullet"


def list_items(text: str, pos: int) -> list[tuple[int, int]]:
    """The spans of the list items that follow `pos` (blank lines between items allowed), without their markers."""
    items: list[tuple[int, int]] = []
    first_kind = ""
    while len(items) < _LIST_ITEMS_AT_MOST:
        while pos < len(text) and text[pos] in " \t\r\n":
            pos += 1
        m = _LIST_ITEM.match(text, pos)
        if m is None or (items and first_kind != "number" and _marker_kind(m.group(0)) == "number"):
            break  # "4. MILESTONES" after "(a) ... (e) ...": the next clause, not an item
        first_kind = first_kind or _marker_kind(m.group(0))
        tail = _ITEM_JOINER.search(text, m.start(1), m.end(1))
        items.append((m.start(1), tail.start() if tail else m.end(1)))
        pos = m.end()
    return items


# "You'll pay", "we'll deliver": a letter's or an e-mail's duty; the apostrophe becomes a space (the same length), so
# the subject stands before its modal "ll"
_CONTRACTED_WILL = re.compile(r"\b(we|you|they|i)['’](?=ll\b)", re.IGNORECASE)


def _contractions_spelt_out(text: str) -> str:
    if "'ll" not in text and "’ll" not in text:
        return text
    return _CONTRACTED_WILL.sub(lambda m: m.group(1) + " ", text)


def _modal_in_full(action: str) -> str:
    """ "ll pay" read from a contraction spelt out ("you ll pay") is "will pay"."""
    return "will" + action[2:] if action.startswith("ll ") else action


def _every_party_terms(text: str, parties: Sequence[PartyLike]) -> list[str]:
    """Terms the preamble gives every party of its list ("each a Member and together the Consortium"): only where
    no party holds a role of another kind ("the Borrower" beside "each a Lender" names a lender list, not all of them;
    "the Lead Member" is a Member too)."""
    terms = []
    for m in _EVERY_PARTY_TERM.finditer(text, 0, _PRONOUN_REACH):
        term = (m.group(1) or m.group(2)).lower()
        others = [p.role for p in parties if p.role.split()[-1] in ROLE_WORDS and not p.role.endswith(term)]
        if not others:
            terms.append(term)
    return terms


def find_obligations(text: str, spans: list[tuple[int, int]], parties: Sequence[PartyLike]) -> list[Obligation]:
    """Obligations in the sentence spans, main duties of named parties first when there are too many (`_cap`).

    One duty per party per clause: a clause joined to the one before with a subject of its own (", and the Parties
    shall cooperate") ends the actions before it and is a duty of its own; a second verb of the same subject is not. A
    mutual duty ("each Party shall") is each named party's. A Markdown contract is
    read as the plain text it shows ("**The Hirer** must pay"): its bold markers become spaces, the offsets stay the
    same (its list markers stay: a list's items are read by them).
    """
    text = _contractions_spelt_out(without_emphasis(text))
    subjects = subject_map(parties)
    for pronoun, party in pronoun_subjects(text, parties).items():
        subjects.setdefault(pronoun, party)
    for m in mutual_terms(text):  # "each Party (as "Recipient")": either party can be the Recipient
        subjects.setdefault(" ".join((m[1] or m[2] or m[3]).lower().split()), EACH_PARTY)
    every_party_terms = [
        " ".join((quoted or bare).lower().split()) for quoted, bare in _COLLECTIVE_TERM.findall(text, 0, _PRONOUN_REACH)
    ]  # 'each a "Participant"': every party is one
    every_party_terms += _every_party_terms(text, parties) + _counted_all(text, parties)
    shared = _shared_role_noun(parties)
    if shared:  # "Referring Practice" and "Lead Practice": "Each practice must" binds both
        every_party_terms.append(shared)
    for term in every_party_terms:
        for form in _COLLECTIVE_FORMS:
            subjects.setdefault(form.format(term), EACH_PARTY)
    for term, party in _appointed_roles(text, subjects).items():
        subjects.setdefault(term, party)
    for term, party in _roles_taken_in_a_duty(text, subjects).items():
        subjects.setdefault(term, party)
    for term, party in _capacities(text, parties).items():
        subjects.setdefault(term, party)
    named = list(dict.fromkeys(v for v in subjects.values() if v != EACH_PARTY))
    groups = _groups(text[:_PRONOUN_REACH], subjects)
    for group, members in _counted_kinds(text, parties).items():
        groups.setdefault(group, members)
    for group in groups:
        for form in _group_forms(group):
            subjects.setdefault(form, _GROUP + group)
    for m in _group_sentences(_ARE_EACH, text, _PRONOUN_REACH):
        term, members = " ".join(m.group(2).lower().split()), _listed_members(m.group(1), subjects)
        if len(members) >= 2 and term not in groups:
            groups[term] = members
            for form in _shared_role_forms(term):
                subjects.setdefault(form, _GROUP + term)
    for role, members in _shared_roles(parties).items():
        groups[role] = members
        for form in _shared_role_forms(role):
            subjects.setdefault(form, _GROUP + role)
        if singular(role) != role:  # a plural term every member holds ("the Owners") names them all, not the first
            for form in _group_forms(role):
                if subjects.get(form) in (None, *members):
                    subjects[form] = _GROUP + role
    if not any(word in subjects for word in ("partner", "partners")):  # no party or group is "the Partner(s)"
        for mutual in _MUTUAL_PARTNERS:
            subjects.setdefault(mutual, EACH_PARTY)
    sentences = _Sentences(text, spans)
    found: list[Obligation] = []
    further: list[bool] = []  # a list's third item on, a party's second duty in one clause (`_rank`)
    seen: set[tuple[int, str]] = set()
    in_clause: set[tuple[int, str]] = set()
    open_duties: list[_OpenDuty] = []  # the duties of the sentence so far, whose actions run to its end
    sentence_start = clause_start = -1
    ordered = sorted(subjects, key=len, reverse=True)
    for m in modal_matches(text):
        if _NOT_DUTIES.match(text, m.end()) or _denied(text, m) or _a_defined_noun(text, m):
            continue
        sentence = sentences.around(m.start())
        if sentence is None:
            continue
        start, end = sentence
        if sentence_start != start:  # the sentence's first clause opens with it
            sentence_start = clause_start = start
            open_duties = []
        found_subjects, neither, clause_at = _subjects_before(
            text, max(start, m.start() - _LOOK_BACK), m.start(), ordered
        )
        if not found_subjects:
            found_subjects = (
                _antecedent(text, start, m, ordered)
                or _subject_before_semicolon(text, start, m, ordered)
                or _it_after_a_party_sentence(text, start, m, ordered)
                or _subject_of_the_right_before(text, start, m, ordered)
            )
        if not found_subjects:
            found_subjects = _guarantor(text, start, m, ordered)
            if found_subjects:
                # "guarantees the payment ..., and shall pay on demand": a duty of its own after the comma
                clause_at = text.rfind(",", start, m.start())
        found_subjects = found_subjects or _lead_in_subject(text, m.start(), ordered)
        if not found_subjects or _no_duty(text, m, start, end, neither):
            continue
        party = subjects[found_subjects[0]]
        obligors = _obligors([subjects[s] for s in reversed(found_subjects)], named, groups)
        restriction = neither and m.group(2) is None and m.group(1).lower() in _NEGATABLE
        listed = _listed(text, m, end, obligors, restriction)
        if listed is not None:
            items, duties_of = listed
            for place, (item_start, item_end) in enumerate(items):
                if (item_start, party) not in seen:
                    seen.add((item_start, party))
                    duties = duties_of(item_start, item_end)
                    found.extend(duties)
                    further.extend(place >= _ITEMS_FIRST for _ in duties)
            continue
        # a clause joined to the one before with a subject of its own ("..., and the Parties shall cooperate") is a
        # duty of its own even for a party the clause before bound; a second verb of the same subject is not
        if clause_at > start and text.count("(", start, clause_at) > text.count(")", start, clause_at):
            clause_at = -1  # "conduct the recall (and the Buyer shall help)": the bracket is part of the clause before
        if clause_at > clause_start and open_duties and not _ends_a_clause(text, open_duties[-1], clause_at):
            clause_at = -1  # "Seller shall sell and Buyer shall buy the goods": the goods are both clauses' object
        clause = max(clause_at, clause_start)
        if (clause, party) in seen or len(whole_action(text, m.start(1), end)) < 12:
            continue
        seen.add((clause, party))
        if clause > clause_start:
            _end_actions_at(found, open_duties, text, clause)
            clause_start = clause
        duties = _duties(text, m.start(1), end, start, obligors, restriction)
        open_duties.extend(_OpenDuty(len(found) + i, m.start(1), restriction) for i in range(len(duties)))
        found.extend(duties)
        further.extend((clause, ob.party) in in_clause for ob in duties)
        in_clause.update((clause, ob.party) for ob in duties)
    _add_in_text_order(found, further, _covenant_lists(text, ordered, subjects, named, groups), seen)
    _add_in_text_order(found, further, _engaged_to_do(text, sentences, subjects), seen)
    return _most_important(found, further, _cap(text))


# a party engaged by another to do the work, no modal of its own: "The Company engages the Contractor to design and
# write the user guide" (the Contractor's duty); not "engages ... to the extent"
_ENGAGES = re.compile(
    r"\b(?:engages|retains|hires|commissions)\s+(?:the\s+)?([^,;.]{1,60}?)\s+to\s+(?!the\b|an?\b|such\b)(?=[a-z]+\b)",
    re.IGNORECASE,
)
_ENGAGE_WORDS = ("engages", "retains", "hires", "commissions")


def _engaged_to_do(text: str, sentences: _Sentences, subjects: dict[str, str]) -> list[tuple[Obligation, bool]]:
    """The duty of a party another engages "to" do something: the words from "to", the engaged party's."""
    found: list[tuple[Obligation, bool]] = []
    lowered = lowered_as_ignorecase_folds(text)
    for m in _ENGAGES.finditer(text) if lowered is None else _engage_matches(text, lowered):
        engaged = subjects.get(m.group(1).lower())
        sentence = sentences.around(m.end())
        if engaged is None or engaged == EACH_PARTY or engaged.startswith(_GROUP) or sentence is None:
            continue
        action = whole_action(text, m.end(), sentence[1])
        if len(action) >= 12:
            found.append((Obligation(engaged, action, _kind(action), None, None, m.end(), sentence[1]), False))
    return found


def _engage_matches(text: str, lowered: str) -> Iterator[re.Match[str]]:
    """`_ENGAGES.finditer(text)`, tried only where `str.find` sees one of its verbs."""
    end = 0
    for at in sorted(_found_at(lowered, _ENGAGE_WORDS)):
        m = _ENGAGES.match(text, at) if at >= end else None
        if m is not None:
            end = m.end()
            yield m


def _add_in_text_order(
    found: list[Obligation], further: list[bool], listed: list[tuple[Obligation, bool]], seen: set[tuple[int, str]]
) -> None:
    """Put each duty read without a modal of its own (a covenant list's item, an engagement "to" do the work) among
    those found, before the first found later in the text; a place already read another way is not read again."""
    for duty, is_further in listed:
        if (duty.start, duty.party) in seen:
            continue
        seen.add((duty.start, duty.party))
        at = next((i for i, ob in enumerate(found) if ob.start > duty.start), len(found))
        found.insert(at, duty)
        further.insert(at, is_further)


class _OpenDuty(NamedTuple):
    """A duty listed from a sentence whose action, so far, runs to the end of the sentence."""

    at: int  # its place in the list found
    action_start: int
    restriction: bool


# the clause before a joint holds more than its verb: "shall deliver the Products to the Buyer", not "shall sell" or "shall
# pay to the Agent" (", and the Agent shall pay to the Bank, all amounts due": the object follows the second clause), nor
# "... and Company" (the first of two subjects)
_CLAUSE_WORDS_AT_LEAST = 4
_MODAL_WORDS_AT_START = re.compile(r"^\w+(?:\s+(?:to|not))?\s+")
_OBJECT_MISSING = re.compile(
    r"\b(?:(?:to|for|with|from|of|in|on|by|into|upon|and|or)|"
    r"(?:to|from|for)\s+(?:the\s+|each\s+|any\s+)?[A-Z][\w.&-]*(?:\s+[A-Z][\w.&-]*)?|"
    # "... of the situation and Company and Consultant shall": a subject the map does not know starts the next clause
    r"(?:and|or)\s+[A-Z][\w.&-]*)$"
)


def _ends_a_clause(text: str, duty: _OpenDuty, joint_at: int) -> bool:
    """The duty's action up to `joint_at` is a clause of its own, not a verb that shares its object with the clause
    after the joint."""
    action = whole_action(text, duty.action_start, joint_at)
    words = _MODAL_WORDS_AT_START.sub("", action, count=1).split()
    return len(words) >= _CLAUSE_WORDS_AT_LEAST and not _OBJECT_MISSING.search(action)


def _end_actions_at(found: list[Obligation], open_duties: list[_OpenDuty], text: str, clause_at: int) -> None:
    """End the actions of the sentence's duties so far where the next clause with a subject of its own starts:
    "Neither party shall assign this Agreement, and the Parties shall cooperate ..." lists "shall not assign this
    Agreement" and "shall cooperate ...", not the cooperation twice."""
    for duty in open_duties:
        if duty.action_start < clause_at:
            action = _modal_in_full(whole_action(text, duty.action_start, clause_at))
            if duty.restriction:
                action = _as_restriction(action)
            found[duty.at] = replace(found[duty.at], action=action, kind=_kind(action))
    open_duties.clear()


def _no_duty(text: str, modal: re.Match[str], start: int, end: int, neither: bool) -> bool:
    """The modal in the sentence from `start` to `end` reads as no duty: a release ("shall not be obligated to",
    "Neither party shall be required to"), a right ("shall have the option to", unless also "and the obligation"),
    the amendment the document makes ("agree to make the following changes") or a clause inside a parenthesis.
    A right denied ("shall not have the right to sublicense", "Neither party shall have the right to assign") is a
    restriction, as "shall have no right to sublicense" is: no release."""
    after = modal.end()
    if modal.group(2) is not None or neither:
        if _RELEASE.match(text, after):
            return True
    elif _is_a_right(text, after):
        return True
    return _AMENDS.match(text, after) is not None or _in_parenthesis(text, start, modal.start(), end)


def _is_a_right(text: str, at: int) -> bool:
    """What follows the modal at `at` gives a right, not also a duty ("shall have the right and the obligation to")."""
    right = _RIGHT.match(text, at)
    return right is not None and not _AND_A_DUTY.match(text, right.end()) and not _DUTY.search(right.group())


def _in_parenthesis(text: str, start: int, at: int, end: int) -> bool:
    """`at` stands in a circumstance inside a parenthesis the sentence goes on after ("... within 30 days (or such
    other period as the parties shall agree in writing) from the notice", "(but only if the Supplier agrees to
    install them)"): no duty of its own; not a proviso ("(provided that the Buyer shall collect them)"), an assent
    ("(which the Supplier agrees to supply)") nor a whole sentence in brackets."""
    opened = text.rfind("(", start, at)
    if opened < 0 or text.find(")", opened, at) >= 0:
        return False
    closed = text.find(")", at, end)
    if closed < 0 or text[closed - 1] == "." or not text[closed + 1 : end].strip(' \t\r\n.;:"”'):
        return False
    return _CIRCUMSTANCE_BEFORE.search(text, opened, at) is not None


# "as the Agent shall", "if the Supplier expressly agrees", "unless the parties agree": the modal's subject right after
# the word that opens a circumstance or a comparison, with no comma between
_CIRCUMSTANCE_BEFORE = re.compile(
    r"\b(?:as|than|if|unless|when|whenever|where|until|whether)\s+[^,;()]{1,60}$", re.IGNORECASE
)


_PRESENT_TENSE = ("grants", "guarantees", "assigns")
# what a present-tense grant or guarantee goes on with: "the Depositor Grants to the Issuer", "Guarantees the payment"
_GRANTS_WHAT = re.compile(r"(?:to|the|a|an|all|any|each|its|their|unto)\b", re.IGNORECASE)


def _a_defined_noun(text: str, modal: re.Match[str]) -> bool:
    """ "all RGHI Guarantees, in each case ...": a capitalised "Guarantees" or "Grants" is a defined term, not the verb
    ("RGHI guarantees", "THE LICENSOR GRANTS", "the Depositor Grants to the Issuer")."""
    verb = modal[1]
    return (
        verb.lower() in _PRESENT_TENSE
        and verb[0].isupper()
        and not verb.isupper()
        and not _GRANTS_WHAT.match(text, modal.end())
    )


def _denied(text: str, modal: re.Match[str]) -> bool:
    """ "Neither party is obliged to ...", "which the Buyer is obliged to pay": a duty denied or referred to, after a
    verb other than "shall" and its kin ("neither party shall" is a restriction)."""
    verb = modal.group(1).lower()
    return not verb.startswith(_SHALL_LIKE) and bool(_DENIED.search(text, max(0, modal.start() - 80), modal.start()))


def _cap(text: str) -> int:
    """How many duties a contract of this length lists at most."""
    return min(_MAX_LONG, max(_MAX, len(text.split()) // _WORDS_A_DUTY))


def _most_important(found: list[Obligation], further: list[bool], cap: int) -> list[Obligation]:
    """At most `cap` duties, in text order, chosen by `_rank`: named parties' before "Each Party"'s; main duties (pay,
    deliver, purchase, license, report, insure); then the other duties that open a sentence or a list; then a list's
    third item on and a party's second duty in one sentence (`further`); last what reads as a release or a right."""
    if len(found) <= cap:
        return found
    kept = set(sorted(range(len(found)), key=lambda i: (*_rank(found[i], further[i]), i))[:cap])
    return [ob for i, ob in enumerate(found) if i in kept]


def _rank(ob: Obligation, further: bool) -> tuple[bool, int, int]:
    """Where a duty stands when there are too many: (a mutual duty of unnamed parties, band, kind tier)."""
    tier = 0 if ob.kind in _MAIN_KINDS else 1 if ob.kind in _SECONDARY_KINDS else 2
    band = 3 if _RELEASE_OR_RIGHT.match(ob.action) else 0 if tier == 0 else 2 if further else 1
    return (ob.party == EACH_PARTY, band, tier)
