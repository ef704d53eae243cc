"""Answers read from the best clauses: agreement, effective and expiration dates, governing law.

Each answer keeps the character range it was read from, so the result can quote it. A date is
chosen among the date expressions of the document by the clause model's confidence in the
sentence around it plus the words just before it ("dated", "made as of", "effective as of",
"commencing on"); dates that refer to something else (another agreement, a filing header,
deliveries, expiry) are not agreement or effective dates. A blank date ("dated as of ____")
is an answer with no date and a reason, never a guess. The term and its expiry come from
`term.read_term`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

from contractbox.engine.date_pattern import occurrences
from contractbox.engine.dates import PERIOD, TIME_OF_DAY, add_period, find_dates_loose, parse_date, period_amount
from contractbox.engine.first_chars import Scanned
from contractbox.engine.jurisdictions import chooses_law_at, jurisdiction_in, stated_governing_law
from contractbox.engine.particulars import THE_DATE_IN, VALUE_OPENING, particulars
from contractbox.engine.selection import FINDING
from contractbox.engine.term import Term, notice_deadline, read_term

Scored = list[tuple[int, int, float]]  # (start, end, confidence) of one category's clauses
# The categories whose clauses `read_facts` reads (`term.read_term` included): a caller prepares only these.
FACT_CATEGORIES = (
    "agreement_date",
    "effective_date",
    "expiration_date",
    "governing_law",
    "renewal_term",
    "notice_period_to_terminate_renewal",
)

_SOURCE_LINE = re.compile(r"Source:[^\n]{0,160}$")
# a person's birth date in the party's particulars ("Dr. A. Nowak, born 3 June 1985"): never a date of the contract
_BIRTH_DATE_BEFORE = re.compile(
    r"\b(?:born(?:\s+on)?|date\s+of\s+birth|d\.o\.b\.?|DOB|geboren(?:\s+am)?|n[ée]e?\s+le)[\s:,]*$", re.IGNORECASE
)
# "dated for reference March 22, 2027" (the British Columbia form) is the date the agreement bears
_AGREEMENT_CUE = re.compile(
    r"(?:\bdated\b(?:\s+for\s+(?:reference|identification)(?:\s+purposes)?)?|\bmade\b|\bentered into\b|\bexecuted\b|\bas of\b|\bday of\b|\bsigned\b|\bdate[d]? of\b|"
    r"\bdate:|\b(?:made|entered|executed|signed|subscribed|dated|concluded|agreement|contract|amendment|deed)\b"
    r"[^.;\d]{0,60}?\bon\b|"
    r"\bdate\s+of\s+(?:signing|signature|execution|conclusion)\b|\bsigning\s+date\b|"  # "Date of signing: 18 March 2027"
    r"\bthis\b)[\s,:\-]*(?:the\s+)?(?:\d{1,2}\w*\s+day\s+of\s+)?(?:[a-z-]+(?:st|nd|rd|th)\s*\(?\s*)?$",
    re.IGNORECASE,
)
_EFFECTIVE_CUE = re.compile(
    r"\b(?:effective|co(?:m|rn){2}enc\w*|begin|begins|beginning|starting|starts|start date|start|(?:come|comes|enters?) into (?:force|effect)|"
    r"takes? effect|in force|with effect from|appl(?:y|ies) from|valid (?:from|as of)|"
    r"(?:has|have|shall\s+have|will\s+have)\s+effect\s+(?:from|on|as\s+(?:of|from))|"  # "This Deed has effect from"
    # the period named before its first day: "shall be in force for the 2027 and 2028 seasons, that is, from"
    r"(?:be|remains?|continues?)\s+in\s+(?:full\s+)?(?:force|effect)\b[^.;]{0,80}?\bfrom|"
    r"(?:the|a)\s+term\s+from(?:\s+and\s+including)?|"  # a lease's "Term means the term from and including 24 June"
    r"(?:agreement|contract|term|lease|licen[cs]e|order|engagement|appointment|subscription)\s+(?:shall\s+|will\s+)?"
    r"run(?:s|ning)?\s+from|"
    # the past tense only of this contract (a consolidated text: "The Term of this Agreement began on"), not of one
    # it amends or extends ("The Initial Term of the Agreement began on" in a letter that extends it)
    r"\bthis\s+(?:[\w-]+\s+){0,2}?(?:agreement|contract|lease|licen[cs]e|deed)\s+(?:began|started|took\s+effect|"
    r"came\s+into\s+(?:force|effect)))\b"
    r"(?:[^.;\d]|\.{3,}(?!\.)){0,50}$",  # a dot leader between a field's label and its date: "Start Date ...... 1 May"
    re.IGNORECASE,
)
# what a later sentence must speak of for its start date to be this contract's effective date
_STARTS_THIS = re.compile(
    r"\b(?:this|the present)\s+(?:[\w-]+\s+){0,5}?(?:agreement|contract|amendment|deed|lease|licen[cs]e|addendum|"
    r"memorandum|statement of work|sow|dpa|mou|nda)\b|"
    r"\bthe\s+(?:initial\s+|contractual\s+|contract\s+|minimum\s+|fixed\s+)?term\b|\b(?:effective|co(?:m|rn){2}encement|start) date\b|\bhereof\b|\bhereunder\b|"
    r"\bthe\s+(?:contract|agreement|initial)\s+period\b|"  # "The Contract Period starts on 1 April 2026"
    r"\b(?:contract|agreement|term)\s+(?:start|co(?:m|rn){2}encement)\b|"
    r"\bthe\s+(?:joint venture|venture|engagement|mandate|appointment|agency|subscription|services)\s+"
    r"(?:(?:shall|will)\s+(?:co(?:m|rn){2}ence|begin|start)|co(?:m|rn){2}ences|begins|starts)|"
    r"\b(?:signed|executed) and effective\b|"
    # click-through and standard terms name themselves so: "These Marketplace Terms (the "Terms") ... take effect on"
    r"\bthese\s+(?:[\w-]+\s+){0,4}?(?:terms|conditions)\b",
    re.IGNORECASE,
)
# a part or a period of the contract that starts on its own date (not the contract's start)
_SUB_PERIOD = re.compile(
    r"\b(?:fiscal|financial|calendar|contract)\s+(?:year|quarter|month)s?\b|"
    r"\b(?:production|exclusivity|warranty|notice|payment|launch|trial|pilot|renewal)\s+(?:period|term)s?\b|"
    r"\bphase\b|\bforecast|\bredeem|\brevenue|\bfees?\b|\bcharges?\b|\bprices?\b|\brates?\b|\brent\b|\btermination\b|\bintends?\b|"
    # a loan's repayments, a share vesting schedule: "monthly instalments ... starting August 1, 2027"
    r"\binstal(?:l)?ments?\b|\brepay\w*|\bvest(?:s|ed|ing)\b",
    re.IGNORECASE,
)
# a template's year left after the date filled in ("as of 12-23-2019 , 2019 (the "Effective Date")")
_STRAY_YEAR = r"^[\s,]*(?:(?:19|20)\d\d\b[\s,]*)?"
_START_WORD = r"(?:effective|co(?:m|rn){2}encement|start)"  # "rn" for "m": an OCR misreading
_EFFECTIVE_AFTER = re.compile(
    rf"{_STRAY_YEAR}\(?(?:hereinafter\s+(?:called|referred\s+to\s+as|defined\s+as)\s+)?(?:the\s+|hereinafter\s+)?[\"“']*"
    rf"{_START_WORD}\s*date",
    re.IGNORECASE,
)
# the next line of a list of fields, not a name for this date: "Agreement Date:  June 7, 2027" over "Effective Date:
# June 14, 2027"
# (the label may name the document: "Effective date of this Modification: August 1, 2027")
_NEXT_FIELD = re.compile(
    r"[ \t]*\n[ \t]*[\w ]{0,30}?\bdate(?:[ \t]+of[ \t]+(?:this|the)(?:[ \t]+\w+){1,3})?[ \t]*(?::|\.{3,}|[ \t]{2,})",
    re.IGNORECASE,
)
# defined as the Effective Date: '(the "Effective Date")', '("Amendment Effective Date")'
_DEFINED_EFFECTIVE = re.compile(
    rf"{_STRAY_YEAR}(?:the\s+)?\((?:the\s+|hereinafter\s+)?[\"“']*(?:[A-Z][\w-]*\s+){{0,2}}{_START_WORD}\s+date|"
    r"^[\s,]*hereinafter\s+(?:called|referred\s+to\s+as|defined\s+as)\s+(?:the\s+)?[\"“']*(?:effective|co(?:m|rn){2}encement)\s+date",
    re.IGNORECASE,
)
# "The lease shall commence on": the contract named is the subject that starts, so it is this one (its defined term
# may stand between: 'The hire contract term (the "Term") commences on')
_SUBJECT_STARTS = re.compile(
    r"\b(?:the|this)\s+(?:[\w-]+\s+){0,2}?(?:agreement|contract|lease|licen[cs]e|term)(?:\s+period)?"
    r"(?:\s*\([^()]{1,40}\))?\s+(?:shall|will|is to)?\s*"
    r"(?:commence|begin|start|takes? effect|(?:come|comes|enters?) into (?:force|effect)|runs?\s+from|"
    r"(?:is|be) valid (?:from|as of))[^.;\d]{0,20}$",
    re.IGNORECASE,
)
_OTHER_THING = re.compile(
    r"\b(?:amended|original|prior|previous|existing|expir\w*|terminat\w*|until|through|thru|before|after|scheduled|"
    r"deliver\w*|warrant\w*|"
    r"fiscal|end|ends|ending|ended|conclud\w*|filed|no later than|not later than|prior to|due|paid|payable|"
    r"beginning|launch\w*|from\b[^.;]{1,25}\bto)"  # "valid from 1 April 2027 to": the date after "to" is an end
    r"\b[^.;]{0,30}$",
    re.IGNORECASE,
)
_DOCUMENT_NOUN = re.compile(
    r"\b(?:agreement|arrangement|memorandum|contract|amendment|addendum|letter|lease|plan|license|licence|note|"
    r"convention|act|order|deed)s?\b",
    re.IGNORECASE,
)
# "the specification in Annex 1 (Lastenheft) dated 2026-03-30": a paper the contract refers to, dated on its own
_IS_ENTERED_INTO = re.compile(
    r"\s+(?:is|shall\s+be|has\s+been)\s+(?:hereby\s+)?(?:entered\s+into|made|concluded)\b", re.I
)
_OTHER_DATED_PAPER = re.compile(
    r"\b(?:annex|appendix|exhibit|specification|quotation|proposal|offer|invoice)\b[^.;]{0,40}\bdated\s*$|"
    # the notarial papers a civil-law preamble cites for a company or its representative: "public deed number 31,905
    # dated", "a power of attorney granted on ... before the Notary"
    r"\b(?:(?:public|notarial)\s+(?:deed|instrument)|deed\s+(?:no\.?|number)|powers?\s+of\s+attorney|proxy)\b"
    r"[^.;]{0,40}\b(?:dated|granted|issued|executed|of)\b[^.;\d]{0,12}$|"
    # a filing with an office: "filed with the Patent and Trademark Office, on"
    r"\b(?:filed|lodged|submitted)\s+(?:with|at|to)\b[^.;\d]{0,60}$",
    re.IGNORECASE,
)
# a verb naming the document that follows as another one this contract replaces, amends or renews
# (verbs only: an "Assignment and Novation Agreement" or an "Amended and Restated Agreement" is this one)
_REPLACES = re.compile(r"\b(?:replac|supersed|amend|restat|succeed|renew|extend|novat)(?:es|s|ing)\s+$")
_DETERMINER = re.compile(
    r"\b(?:this|these|the present|(?-i:[Tt]he)|(?-i:[Tt]hat)|(?-i:an?)|said|such|certain|prior|original|"
    r"existing|previous)\b",
    re.IGNORECASE,
)
_RECITAL = re.compile(
    r"\b(?:whereas|recitals?|previously|have entered into|has entered into|entered into an?)\b", re.IGNORECASE
)
_UNTIL_BEFORE = re.compile(
    r"\b(?:until|through|thru|to|end|ends|ending|ended|conclud\w*|expir\w*|terminat\w*|(?<!from )and|"
    # "from and including 1 May", "beginning on and including 24 June": the first day, not the last
    r"(?<!from and )(?<!beginning on and )(?<!commencing on and )(?<!starting on and )including|no later than|"
    r"not later than|prior to|before|after)\s*"
    # "shall expire at midnight on", "ends at 5 p.m. (Sydney time) on"
    rf"(?:at\s+(?:{TIME_OF_DAY}|the\s+close\s+of\s+business)\s*(?:\([^)]{{0,30}}\)\s*)?)?"
    r"(?:on\s*|at\s*)?$",
    re.IGNORECASE,
)
# a calendar week named by its first day ("installation during the week beginning 13 March 2028", "the week commencing
# 4 May"): a date in a programme, not the contract's start
_WEEK_NAMED_BEFORE = re.compile(
    r"\b(?:week|month|quarter|(?:calendar|financial|fiscal)\s+year|season)\s+(?:beginning|commencing|starting)"
    r"(?:\s+on)?\s*$",
    re.IGNORECASE,
)
_STARTS_ON_SIGNING = re.compile(
    r"\b(?:effective(?!\s+date)|commenc\w*|begin\w*|start(?:s|ed)?|(?:come|comes|enters?) into (?:force|effect)|takes? effect|"
    r"(?:becomes?|is) binding|binds|"  # "This agreement binds the parties from the date of this agreement"
    r"entered into as of|(?:is|was|shall be) concluded (?:on|as of)|(?:effective|commencement) date(?: of this \w+)?\W*\s+(?:means|is|shall be)|"
    # a particulars line that defines it: "Effective Date: the date on which the Supplier countersigns"
    r"(?:effective|commencement) date[ \t]*:[ \t]*(?=the\b))\b"
    r"[^.]{0,80}?\b(?:(?:date|day and year) (?:first |last )?(?:above |set forth |set out |written |signed |noted )*"
    r"(?:written|above|below|signed)|"
    r"date (?:stated|set out|set forth|shown|given|specified|appearing|mentioned|recorded|entered) "
    r"(?:at (?:the|its) (?:beginning|start|top|head)|(?:above|at the top|on the (?:first|cover) page))|"
    r"date (?:at the (?:top|head|(?:beginning|start) of this)|at its (?:top|head)|on the (?:first|cover) page)|"
    r"(?:date|day) of (?:this agreement|the agreement|this letter|these terms|(?:its |actual )?(?:execution|signature|signing|conclusion))|"
    # a deed or contract's own date ("This Deed starts on the date of this Deed"), not its "effective date of this
    # Contract, which shall be the date on which ... approved" (an event)
    r"(?<!effective )(?<!commencement )(?:date|day) of this (?:deed|contract)\b|"
    r"date hereof|on its date\b|"
    r"(?:upon|on|after|of) (?:the )?(?:completion of the |last |later |latest |most recent (?:final )?)?(?:signature|execution|signing)|"
    r"(?:upon|on) (?:its )?acceptance\b(?! of)|"  # a click-through: "This Agreement takes effect on acceptance"
    # "starts on the date it is dated", "takes effect on the date it bears"
    r"signing date|signature dates?|(?:from|on|as of|upon) the execution date|last signature|date (?:on which )?(?:it|this agreement) "
    r"(?:is (?:signed|executed|made|entered into|concluded|dated)|bears)|later of the|"
    r"(?:last |later )?dates? signed|(?:have|has) been (?:signed|executed|subscribed)|"
    # (a Scots deed is "subscribed": "takes effect on the date on which it has been subscribed by the last party")
    r"date (?:when|on which) [^.]{0,60}\b(?:sign|countersign|subscrib)|(?:when|once) (?:it is |it has been )?(?:counter)?signed by|"
    # "takes effect when both parties have signed it", "once all the parties have executed it"
    # (also in the present: "starts when both parties sign it")
    r"(?:when|once|after) (?:both|all|each) (?:of )?(?:the )?parties (?:have |has )?(?:signed|executed|subscribed|sign|"
    r"execute|subscribe)\b|"
    # "it binds the parties permanently once executed", "takes effect once signed"
    r"once (?:it is |it has been )?(?:signed|executed)\b|"
    # "is made on 3 November 2025 and takes effect on that date", "entered into as of August 18, 2025,
    # which is also the date on which it takes effect"; not "effective as of that date (the "Effective
    # Date") the Site becomes fully operational" (an event)
    r"(?:on|from|as of) (?:that|the same) date(?!\s*\(|\s+(?:on which|when|that|the)\b)|"
    r"also the date on which it takes effect)",
)
# '... is effective as of the date of the last signature below (the "Effective Date")': the contract's own start,
# however long the preamble sentence that names the contract
_DEFINES_EFFECTIVE_NEXT = re.compile(r"\s*(?:below|above|hereto|hereof)?\s*\((?:the\s+)?[\"“']?effective date\b")
# the term runs from the contract's own date ("shall remain in force for three (3) years from the date hereof")
_FROM_ITS_DATE = re.compile(
    r"\b(?:from|as of|commencing (?:on|with)) the date (?:hereof|of (?:this|the) (?:agreement|contract|deed))"
)
_FROM_ITS_DATE_SCAN = Scanned.of(_FROM_ITS_DATE)  # scanned for by its first letters
_STARTS_ON_SIGNING_SCAN = Scanned.of(_STARTS_ON_SIGNING)  # likewise: the pattern opens with a word boundary
# (or "with effect": "It replaces the letter agreement of 2021 with effect from the date of this Agreement")
_TERM_WORDS = re.compile(r"\b(?:term|in (?:full )?(?:force|effect)|valid|with effect)\b[^.]*$")
_LATER_THAN = re.compile(r"\b(?:days?|weeks?|months?|years?)\W+(?:\w+\W+)?(?:after|following)\b")  # "90 days after"
_THIS_CONTRACT = re.compile(
    r"\b(?:this|the)\s+(?:[\w-]+\s+){0,3}?(?:agreement|contract|amendment|deed|document|lease|letter|licen[cs]e|"
    r"memorandum|sow|dpa|mou|nda|order|statement\s+of\s+work)\b"  # "This work order binds ...", "this Purchase Order"
    r"(?!\s+dated)|\bthe term\b|\bthese\s+terms\b|"  # terms of appointment call themselves "these terms"
    r"\b(?:effective|commencement) date\b",
    re.IGNORECASE,
)
_BLANK = re.compile(r"_|\[")
# a signature block's date: "Date: January 8, 2025", "Munich, 12 May 2025" (place, date on a line of its own)
_SIGNED_CUE = re.compile(
    r"(?:\b(?:date|dated|signed|executed|subscribed)\b[^.]{0,60}|(?:^|\n|[ \t]{3})[ \t]*[A-Z][\w.'/ -]{1,40},[ \t]*)$",
    re.IGNORECASE,
)
# a signature block's marks ("/s/", "By:", "Signature", "Name:", "Title:", "IN WITNESS WHEREOF") and its cells
_SIGNATURE_MARK = re.compile(
    r"/s/|\bS/\s+[A-Z]|\bBy:|\b[Ss]ignature\b|\bSIGNATURE\b|\b(?:Name|NAME|Title|TITLE)(?::|[ \t]{2,}|\n)|\b(?i:in witness whereof)\b|"
    # "Signed in duplicate.", "Signed for and on behalf of", "Signed at Utrecht"
    r"\b(?i:signed\s+(?:in\s+(?:duplicate|triplicate|\w+\s+(?:originals|counterparts|copies))|at|for|on\s+behalf))\b",
)
_BLOCK_REACH = 400
_CELL_BREAK = re.compile(r"\n|[ \t]{3,}")
_PLACE_CELL = re.compile(r"[ \t]*[A-Z][\w.'/ -]{1,40},(?:[ \t]*[A-Z][\w.' -]{1,30},?)?[ \t]*")
# a PDF line that holds the signature and its date: "/s/ Geno Auriemma 5/17/12"
_SIGNED_CELL = re.compile(r"[ \t]*/s/[ \t]*[A-Z][\w.'-]*(?:[ \t]+[A-Z][\w.'-]*){0,3}[ \t]*")
_SENTENCE_END = re.compile(r"(\w+)\.\s+(?=[A-Z\"“(])")
_ABBREVIATIONS = {
    "no",
    "inc",
    "co",
    "ltd",
    "corp",
    "mr",
    "ms",
    "mrs",
    "dr",
    "st",
    "s",
    "u",
    "n",
    "v",
    "vs",
    "sec",
    "art",
}
_EARLY = 3000
_SIGNATURE_BONUS = 0.3
_WINDOW = 6000
_EFFECTIVE_NEAR = re.compile(r"\b(?:effective|co(?:m|rn){2}enc\w*)\b[^.;\d]{0,20}$", re.IGNORECASE)
_MIN_SCORE = 0.45
_NOT_STATED = "the contract does not say when it takes effect (it is dated {})"
# a bare "Date:" label (not "Effective Date:", "Termination Date:"), or "Date" printed under a row of dates
_DATE_LABEL_BEFORE = re.compile(r"(?<![A-Za-z] )(?<![A-Za-z]\t)\bdate[ \t]*:[ \t]*$", re.IGNORECASE)
_DATE_LABEL_AFTER = re.compile(r"[ \t]+(?:\S*\d\S*[ \t]+)?date\b(?![ \t]*:)", re.IGNORECASE)
_STRONG_CUE = re.compile(r"\b(?:dated|made|entered into|executed|as of)\b[^.;\d]{0,20}$", re.IGNORECASE)
_STARTS_LATER = re.compile(
    r"\b(?:co(?:m|rn){2}enc\w*|begin|begins|start|starts|starting|continuing|scheduled|with effect from|"
    r"(?:come|comes|enters?) into (?:force|effect)|takes? effect|valid (?:from|as of)|appl(?:y|ies) (?:from|as of))\b[^.;\d]{0,25}$",
    re.IGNORECASE,
)
# the start date as a field or a definition of its own ("1.4 Effective Date: 1 June 2027", '"Effective Date" means 1 June
# 2027'): when the contract starts, not the date it bears (a contract with no date of its own and blank signature dates
# is undated)
_START_DATE_FIELD = re.compile(
    r"\b(?:effective|commencement|start)\s+date[\"”']?[ \t]*(?::|means|shall\s+mean)[ \t]*$", re.IGNORECASE
)
# the start date's own definition in a list of definitions run on with semicolons: "; Commencement Date means "
_START_DEFINED_IN_A_LIST = re.compile(
    r"^\s*(?:and\s+)?[\"“']?(?:effective|commencement|start)\s+date[\"”']?\s+(?:means|shall\s+mean)[ \t]*$",
    re.IGNORECASE,
)
# a signature block's date left blank: "Date: ____________ 2027"
_BLANK_SIGNING_DATE = re.compile(r"\bDated?[ \t]*:?[ \t]*_{3,}", re.IGNORECASE)


def _start_field_of_an_undated_contract(text: str, fact: Fact) -> bool:
    """A start date given as a field or definition ("1.4 Effective Date: 1 June 2027") in a contract whose parties
    left their signing dates blank: the contract bears no date of its own (over dated signatures, the last of them
    dates it: _signed_under_a_start_field)."""
    if fact.value is None or not _START_DATE_FIELD.search(text, max(0, fact.start - 40), fact.start):
        return False
    return "___" in text and _BLANK_SIGNING_DATE.search(text) is not None


# the contract gives its start field as the date it bears too: "is dated as of the Effective Date", "have executed this
# Agreement as of the Effective Date", "as of the date first written above"
_DATED_AS_OF_ITS_START = re.compile(
    r"\b(?:dated|executed|entered\s+into|made|signed|delivered)\s+(?:this\s+\w+\s+)?(?:as\s+of|on)\s+(?:the\s+)?(?:"
    r"(?:effective|commencement|start)\s+date|(?:date|day)\s+first\s+(?:above\s+|written\s+|set\s+)?"
    r"(?:written|set\s+(?:forth|out)|stated|mentioned|above))",
    re.IGNORECASE,
)


def _signed_under_a_start_field(text: str, mentions: list[_Mention], agreement: Fact) -> Fact | None:
    """The latest date under the signatures, when the only date the contract gives itself is a start-date field
    ("Effective Date: 1 June 2027" on its cover): a start is not the date it bears, and with none the contract is
    concluded when the last party signs (None otherwise)."""
    if agreement.value is None or not _START_DATE_FIELD.search(text, max(0, agreement.start - 40), agreement.start):
        return None
    if _start_field_of_an_undated_contract(text, agreement) or _DATED_AS_OF_ITS_START.search(text):
        return None  # the signing dates are blank (undated), or the contract is dated as of its start
    signed = [
        m
        for m in mentions
        if m.start > agreement.end and _is_signature_date(text, m) and not _refers_elsewhere(text, m.start)
    ]
    signed = [m for m in signed if _same_part(text, signed[0].start, m.start)]  # not an exhibit's dates
    last = _latest_signed(signed)
    if last is None or last.date is None:
        return None
    return Fact(last.date.isoformat(), last.start, last.end, text[last.start : last.end])


# a definition that states the date ('"Effective Date" means October 31, 2019'), wherever it is
_DATE_DEFINITION = re.compile(r"(?:effective|commencement|start) date[\"”']?\s*(?:means|shall mean|shall be|is|:)")
_LAW_TIE = 0.05  # governing-law clauses this close in confidence are taken in document order


@dataclass(frozen=True)
class Fact:
    value: str | None  # ISO date or jurisdiction name; None when the contract gives none (see reason)
    start: int
    end: int
    text: str
    reason: str = ""


@dataclass(frozen=True)
class _Mention:
    start: int
    end: int
    date: date | None  # None: a blank ("____, 2020") or month-only date


def _windows(text: str, lower: str, by_category: dict[str, Scored]) -> list[tuple[int, int]]:
    """Where agreement and effective dates can be: the opening, the closing (signature blocks) and
    around the clauses the model ranks for dates. Reading dates only there keeps long contracts fast."""
    n = len(text)
    spans = [(0, _WINDOW), (max(0, n - _WINDOW), n)]
    spans += [(at, min(n, at + _WINDOW // 2)) for at in occurrences(lower, "in witness")]
    spans += [(m.start(), min(n, m.end() + 120)) for m in _DATE_DEFINITION.finditer(lower)]
    for category in ("agreement_date", "effective_date", "expiration_date"):
        spans += [(max(0, s - 200), min(n, e + 200)) for s, e, _ in by_category.get(category, [])]
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def _mentions(text: str, lower: str, by_category: dict[str, Scored]) -> list[_Mention]:
    found = [
        _Mention(w0 + s, w0 + e, d)
        for w0, w1 in _windows(text, lower, by_category)
        for s, e, d in find_dates_loose(text[w0:w1])
    ]
    out = []
    for m in found:
        line_start = text.rfind("\n", 0, m.start) + 1
        if _SOURCE_LINE.search(text[line_start : m.start]):
            continue  # EDGAR filing header ("Source: ACME INC, 10-K, 3/6/2020"), not the contract's own date
        if _BIRTH_DATE_BEFORE.search(text, max(0, m.start - 20), m.start):
            continue
        if m.date is None and not _BLANK.search(text, m.start, m.end):
            continue  # "July 2017": a month, not a date and not a blank
        out.append(m)
    return out


def _model_confidence(mention: _Mention, scored: Scored | None) -> float:
    best = 0.0
    for start, end, conf in scored or []:
        if start <= mention.start and mention.end <= end and conf > best:
            best = conf
    return best


def _sentence_before(text: str, at: int) -> str:
    window = text[max(0, at - 300) : at]
    cut = window.rfind("\n\n")
    for m in _SENTENCE_END.finditer(window):
        if m.group(1).lower() not in _ABBREVIATIONS:
            cut = max(cut, m.end() - 1)
    return window[cut + 1 :] if cut >= 0 else window


# the recitals as a section: a heading ("WHEREAS", "RECITALS", "BACKGROUND") opens it, the operative words close it
_RECITALS_HEADING = re.compile(r"^[ \t]*(?:WHEREAS|RECITALS?|BACKGROUND|PRELIMINARY\s+STATEMENTS?)\b", re.MULTILINE)
_OPERATIVE_WORDS = re.compile(
    r"\bNOW,?\s+THEREFORE\b|\bagree[sd]?\s+as\s+follows\b|\bIT\s+IS\s+(?:HEREBY\s+)?AGREED\b|\bHAVE\s+AGREED\b|"
    r"^[ \t]*AGREED\s+TERMS\b",  # the English heading that opens the operative part
    re.IGNORECASE | re.MULTILINE,
)
_RECITALS_REACH = 3000


def _in_recitals(text: str, at: int) -> bool:
    """Whether `at` lies between a recitals heading and the operative words that end the recitals ("(Three)
    Following an invitation to tender dated 5 November 2026, ..." under "WHEREAS"): a date there is another
    paper's or event's, whatever its own sentence says."""
    lo = max(0, at - _RECITALS_REACH)
    heading = next(reversed(list(_RECITALS_HEADING.finditer(text, lo, at))), None)
    if heading is None or _OPERATIVE_WORDS.search(text, heading.end(), at):
        return False
    return _OPERATIVE_WORDS.search(text, at, at + _RECITALS_REACH) is not None


# a letter's subject line: "Re: Consent to assignment - Lease dated April 18, 2021", "Sub: Deed of Lease dated ..."
_SUBJECT_LINE = re.compile(r"[ \t]*(?:re|subject|sub)[ \t]*[:.\-]", re.IGNORECASE)


def _in_subject_line(text: str, at: int) -> bool:
    """The date stands on a letter's subject line after a document's name: the letter refers to that document, whose
    date it is; the letter's own date stands on a line of its own above."""
    line_start = text.rfind("\n", 0, at) + 1
    return bool(_SUBJECT_LINE.match(text, line_start, at)) and _DOCUMENT_NOUN.search(text, line_start, at) is not None


def _refers_elsewhere(text: str, at: int) -> bool:
    """The date belongs to another document ("the Master Agreement ... dated as of July 27, 2009"): the
    last document named before it in the sentence is not "this" one, or the sentence is a recital."""
    if _in_subject_line(text, at):
        return True
    prefix = _sentence_before(text, at)
    if _RECITAL.search(prefix) or _OTHER_DATED_PAPER.search(prefix[-80:]):
        return True
    nouns = [
        m
        for m in _DOCUMENT_NOUN.finditer(prefix)
        if prefix[max(0, m.start() - 1) : m.start()] not in "\"“'(" or m.start() == 0
    ]
    if not nouns:
        return False
    last = nouns[-1]
    if _IS_ENTERED_INTO.match(prefix, last.end()):
        return False  # "The lease is entered into for a period of 36 months commencing on": this one
    lead = prefix[max(0, last.start() - 80) : last.start()]
    if _REPLACES.search(lead):
        return True  # "This Contract replaces Contract No. 29904 dated May 2, 2023": the document it replaces
    determiner = list(_DETERMINER.finditer(lead))
    return bool(determiner) and determiner[-1].group(0).lower() not in ("this", "these", "the present")


def _is_signature_date(text: str, mention: _Mention) -> bool:
    if mention.date is None:
        return False
    if (
        mention.start > 0.6 * len(text)
        and _SIGNED_CUE.search(text, max(0, mention.start - 90), mention.start)
        and not _AN_END_BEFORE.search(text, max(0, mention.start - 30), mention.start)
        # "is signed on 20 January 2027 and enters into force (comes into effect) on 1 February 2027": the start
        and not _STARTS_LATER.search(text, max(0, mention.start - 60), mention.start)
    ):
        return True
    return (
        _in_signature_block(text, mention.start)
        or _in_testing_clause(text, mention.start)
        or _place_and_date_line(text, mention)  # "Bologna, on 7 May 2028" alone on its line
        or _execution_line(text, mention)
    )


# an execution clause that opens its line and ends with the day its party signs: "Signed for X by its authorised
# officer on 3 May 2027:", "Executed by X Pty Ltd in accordance with section 127 ... on 9 May 2027:"
_EXECUTION_OPENS_LINE = re.compile(
    r"(?:^|\n)[ \t]*(?i:signed|executed|subscribed)\b[^\n]*?\bon[ \t]+(?:the[ \t]+)?$|"
    # a line that names its party, then who signed for it and when: "Alder Ltd - signed by J. Roe, Director, on 2 May
    # 2027", the signatory's words in a bilingual contract's other language ("firmado por", "signé par")
    r"(?:^|\n)[^\n]{0,120}?\b(?i:(?:signed|executed)[ \t]+by|firmad[oa][ \t]+por|sign[ée]e?[ \t]+par|"
    # (a name and a title up to the comma before "on", no second clause: not "in force once signed by both parties and
    # ends on 30 June 2028.")
    r"assinad[oa][ \t]+por|firmat[oa][ \t]+da|unterzeichnet[ \t]+von)\b(?:(?!\band\b)[^\n;])*?,[ \t]*on[ \t]+(?:the[ \t]+)?$"
)
_EXECUTION_LINE_END = re.compile(r"[ \t]*[:.]?[ \t]*(?:\n|$)")


def _execution_line(text: str, mention: _Mention) -> bool:
    return (
        mention.date is not None
        and _EXECUTION_LINE_END.match(text, mention.end) is not None
        and _EXECUTION_OPENS_LINE.search(text, max(0, mention.start - 300), mention.start) is not None
    )


# "by that date, this offer lapses and the Term will end on February 28, 2027": an end, not a signature's date
# "Prices apply from the Start Date to March 31, 2028": the end of a range, not a signature's date
_AN_END_BEFORE = re.compile(
    r"\b(?:end|ends|ending|ended|expires?|expiring|terminates?|until|through|lapses?|to)\s+(?:on\s+)?$"
)
# the heading of an exhibit, schedule or annex on a line of its own ("EXHIBIT 3 - PRICES", "Schedule B"): what
# follows is another part of the document, and its dates (price lists, reviews, milestones) are not signatures
_ATTACHMENT_HEADING = re.compile(
    r"^[ \t]*(?:EXHIBIT|SCHEDULE|ANNEX|APPENDIX|ATTACHMENT|Exhibit|Schedule|Annex|Appendix|Attachment)"
    r"(?:[ \t]+[A-Z0-9][\w.]{0,4})?[ \t]*(?:[-–—:.][^\n]{0,80})?$",
    re.MULTILINE,
)


def _same_part(text: str, first: int, second: int) -> bool:
    """No exhibit, schedule or annex begins between the two offsets."""
    low, high = sorted((first, second))
    return _ATTACHMENT_HEADING.search(text, low, high) is None


# a testing clause (the Scots form of execution): "subscribed for and on behalf of X LIMITED at Glasgow on 19 January
# 2027 by ...", where each party's place and date of signing follow its name ("l9": a scan's "1")
_TESTING_CLAUSE = re.compile(
    r"\b(?i:subscribed|signed|executed)\b[^.]{0,120}?\bat\s+[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+){0,2}\s+on\s+[lI]?$"
)


# the civil-law signing formula, where and when the parties sign: "Done in Lyon, on 12 March 2027, in two originals",
# "concluded in Kraków on", "the Parties sign it in duplicate in the city of Querétaro, Querétaro, on", and a line
# that opens with the place: "In Madrid, on the twelfth of March ..."
_PLACE_NAME = r"[A-Z][a-z\u00df-\u024f][\w'’.-]*(?:(?:[ \t]+|,[ \t]*|-)[A-Z][\w'’.-]*){0,3}"
_SIGNING_PLACE = re.compile(
    # "made" only where it opens the line ("Made in Warsaw on"), not "payments shall be made in Euro on"
    r"(?:(?:\b(?i:done|signed|signs?|executed|subscribed|concluded|drawn\s+up)|(?:^|\n)[ \t]*(?i:made))\b"
    r"[^.;:]{0,80}?\b(?i:in|at)\s+"
    rf"(?:the\s+(?:city|town|municipality)\s+of\s+)?{_PLACE_NAME},?\s+(?i:on\s+)?"
    rf"|(?:^|\n)[ \t]*(?i:in|at)\s+{_PLACE_NAME},?\s+(?i:on)\s+)(?i:the\s+)?$"
)
# a line that holds only a place and the date, at the end of the document, where civil-law contracts are signed
# ("Vienna, 03.09.2027", "Graz, 11.05.2027"), even with no signature mark before it
_PLACE_COMMA = re.compile(r"(?:^|\n)[ \t]*[A-Z][\w.'’/ -]{1,40},[ \t]*(?:on[ \t]+|the[ \t]+|dated[ \t]+)?$")
_LINE_REST = re.compile(r"[ \t.]*(?:\n|$)")


# a line of the testing clause's schedule, each party's own line after "... are subscribed as follows:": "For X
# LIMITED at Forfar on 6 April 2027 by ...", "On behalf of X at Leith on"; or the next party's part of one running
# clause: "... subscribed for and on behalf of X LTD at Glasgow on 3 May 2027 by ..., and for and on behalf of Y
# LIMITED at Edinburgh on 12 May 2027 by ..."
# An individual's part reads "by" and the signer: "... subscribed as follows: by A at Perth on 2 May 2027; and by B at
# Ayr on 9 May 2027".
_TESTING_LINE = re.compile(
    r"(?:(?:^|\n)[ \t]*|,?\s(?i:and)\s+)(?i:for(?:\s+and\s+on\s+behalf\s+of)?|on\s+behalf\s+of)\s+[^\n.]{1,120}?"
    r"\bat\s+[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+){0,2}\s+on\s+[lI]?$|"
    r";\s+(?:(?i:and)\s+)?(?i:by)\s+[^\n.;]{1,120}?"
    r"\bat\s+[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+){0,2}\s+on\s+[lI]?$"
)
_TESTIFIED = re.compile(r"\b(?i:in\s+witness\s+whereof|subscribed)\b")


def _in_testing_clause(text: str, at: int) -> bool:
    window = max(0, at - 180)
    return (
        _TESTING_CLAUSE.search(text, window, at) is not None
        or _SIGNING_PLACE.search(text, window, at) is not None
        or (
            _TESTING_LINE.search(text, window, at) is not None
            and _TESTIFIED.search(text, max(0, at - 1500), at) is not None
        )
    )


def _place_and_date_line(text: str, mention: _Mention) -> bool:
    return (
        mention.date is not None
        and mention.start > 0.6 * len(text)
        and _PLACE_COMMA.search(text, max(0, mention.start - 50), mention.start) is not None
        and _LINE_REST.match(text, mention.end) is not None
    )


def _in_signature_block(text: str, at: int) -> bool:
    """A date standing on its own in a signature block, wherever the block is (schedules may follow it):
    signature marks just before ("/s/ Geno Auriemma  5/17/12", "Authorized Signature ... Patrick C. Barry
    1/9/02", "Title  Markham, ON 24 OCT 2011 Place Date") and at most a name or a place in its cell."""
    before = text[max(0, at - _BLOCK_REACH) : at]
    if not _SIGNATURE_MARK.search(before):
        return False
    cell = _CELL_BREAK.split(before)[-1]
    short = len(cell.split()) <= 3 and not re.search(r"[a-z]\s*$", cell)
    return short or _PLACE_CELL.fullmatch(cell) is not None or _SIGNED_CELL.fullmatch(cell) is not None


def _dated_line(text: str, mention: _Mention) -> bool:
    """A date in a row of signature dates, wherever the block is ("Date: 1/19/07 Date: January 22, 2007" on a
    cover page, "4/24/2018 04/25/2018 Date Date")."""
    return mention.date is not None and bool(
        _DATE_LABEL_BEFORE.search(text, max(0, mention.start - 12), mention.start)
        or _DATE_LABEL_AFTER.match(text, mention.end, mention.end + 30)
    )


def _latest_signed(mentions: list[_Mention]) -> _Mention | None:
    """The latest of the dates signed, the later in the text on the same date (the last party to sign)."""
    return max(mentions, key=lambda m: (m.date, m.start), default=None)


def _last_signature(text: str, mentions: list[_Mention], chosen: _Mention) -> _Mention:
    """The agreement is made when the last party signs: the latest date of the same signature block."""
    if _is_signature_date(text, chosen):
        block = [
            m
            for m in mentions
            if abs(m.start - chosen.start) <= 400
            and _is_signature_date(text, m)
            and _same_part(text, chosen.start, m.start)
        ]
    else:
        block = [m for m in mentions if abs(m.start - chosen.start) <= 120 and _dated_line(text, m)]
    attestation = _attestation_before(text, chosen.start)
    if attestation is not None:  # a milestone table's "Completion date" column just above is no signature
        block = [m for m in block if m.start > attestation]
    return _latest_signed(block) or chosen


# the attestation clause that opens the signatures: "IN WITNESS WHEREOF", "AS WITNESS"
_ATTESTATION = re.compile(r"\b(?i:in\s+witness\s+whereof)\b|\bAS\s+WITNESS\b")


def _attestation_before(text: str, at: int) -> int | None:
    """Where the attestation clause closest before `at` (within the reach of a signature block) ends."""
    found = list(_ATTESTATION.finditer(text, max(0, at - 3 * _BLOCK_REACH), at))
    return found[-1].end() if found else None


# an approval under the signatures, not a party's signature: "Approved by: Dana Okafor, State Controller\nDate of
# approval: March 22, 2027", "Approved for Legal Sufficiency: ..., March 12, 2027"
_APPROVAL_BEFORE = re.compile(r"\bapprov\w*\b[^\n]*(?:\n[^\n]*)?$", re.IGNORECASE)


# the effective date noted under the signatures, on its own line: "Effective Date confirmed as April 14, 2027" after a
# revocation period, "Effective Date: 1 May 2027": the day it takes effect, not a party's signature
_EFFECTIVE_NOTE_BEFORE = re.compile(r"\beffective\s+date\b[^\n]{0,30}$", re.IGNORECASE)


def _not_approvals(text: str, mentions: list[_Mention]) -> list[_Mention]:
    """The dates without the approvals and effective-date notes under the signatures, unless there is nothing else."""
    signed = [
        m
        for m in mentions
        if not _APPROVAL_BEFORE.search(text, max(0, m.start - 160), m.start)
        and not _EFFECTIVE_NOTE_BEFORE.search(text, max(0, m.start - 50), m.start)
    ]
    return signed or mentions


# a letter agreement is dated at its head: a date alone on its line, then the salutation ("9 March 2026 ... Dear Ms
# McAllister"); the countersignature's later date is when it was accepted, not the date it bears
# a letter's date on its own line, the salutation a few lines below it ("Dear Ms. Okafor:", "Ladies and Gentlemen:")
_LETTER_DATE = re.compile(
    r"\n[ \t]*(?=[^\n]+\n(?:[^\n]*\n){0,12}?[ \t]*(?:Dear\s+[A-Z]|(?:Ladies\s+and\s+)?Gentlemen\s*[:,]))"
)


# "This Agreement shall take effect on the Go-Live Date", with '"Go-Live Date" means 1 July 2026' elsewhere
# (found from its literal " the ": a scan for the verbs first costs several times more)
# also "takes effect on the first day of the Framework Period", the period defined as "the period from 1 April 2027 to ..."
# (or "commences on the date in paragraph 3 of Schedule 1", "the date in Item 5", "the date in A4": a numbered row)
_THE_DEFINED_DATE = re.compile(
    r" the +(?:(?:first\s+day|start|beginning|commencement)\s+of\s+the\s+((?:[A-Z][\w-]*\s+){0,3}(?:Period|Term))|"
    r"((?:[A-Z][\w-]*\s+){0,3}Date))\b|"
    r" +(?=the\s+date\s)" + THE_DATE_IN + r"\s+((?i:item|paragraph|row)\s+\d{1,2}[A-Za-z]?"
    r"(?:\s+of\s+(?:the\s+)?(?i:schedule)\s+(?:\d{1,2}|[A-Z])\b)?|[A-Z]\d{1,2})\b"
)
# where a defined period's value says it starts: "the period from 1 April 2027 to 31 March 2031"
_PERIOD_STARTS = re.compile(r"\b(?:from|beginning\s+on|commencing\s+on|starting\s+on)\s+$", re.IGNORECASE)
# "This Agreement continues from the Restatement Date until ...": a contract that runs from a defined date starts on it
_STARTS_ON_BEFORE = re.compile(
    r"\b(?:takes?\s+effect|commences?|starts?|begins?|comes?\s+into\s+(?:force|effect)|"
    r"(?:continues?|remains?|runs?)(?:\s+in\s+(?:full\s+)?(?:force|effect))?|is\s+effective)\s+(?:on|from)$"
)


# a variation's operative clause: "With effect on and from the Variation Date, the Lease is varied as follows" (the
# deed or amendment changes the contract from that date: its own effective date)
_WITH_EFFECT_BEFORE = re.compile(r"\b(?i:with\s+effect\s+(?:on\s+and\s+)?from|with\s+effect\s+on)$")
_CONTRACT_VARIED_AFTER = re.compile(
    r"[ \t]*,[^.;]{0,80}?\b(?i:lease|agreement|contract|licen[cs]e|deed)\b[^.;]{0,20}?"
    r"\b(?i:is|are)\s+(?:hereby\s+)?(?i:varied|amended|extended|modified)\b"
)


def _defined_start(text: str) -> Fact | None:
    """The start of the contract when its sentence names a defined date whose value is given elsewhere."""
    for m in _THE_DEFINED_DATE.finditer(text):
        starts = _STARTS_ON_BEFORE.search(text, max(0, m.start() - 40), m.start())
        if not starts:
            if not _WITH_EFFECT_BEFORE.search(text, max(0, m.start() - 40), m.start()):
                continue
            if not _CONTRACT_VARIED_AFTER.match(text, m.end()):
                continue
        elif not _STARTS_THIS.search(_sentence_before(text, m.start()) + text[m.start() : m.end()]):
            return None
        period = m.group(1)
        particular = particulars(text).get(" ".join((period or m.group(2) or m.group(3)).lower().split()))
        if particular is None:
            return None if period else _date_in_apposition(text, m.end())
        for s, e, d in find_dates_loose(particular.value):
            opens = _PERIOD_STARTS.search(particular.value[max(0, s - 25) : s]) if period else None
            if d is not None and (opens or (not period and VALUE_OPENING.fullmatch(particular.value[:s]))):
                return Fact(d.isoformat(), particular.start + s, particular.start + e, particular.value[s:e])
        return None
    return None


# the defined date's value given beside its name: "begins on the Go-Live Date, which the parties have fixed as 1
# October 2027, and ends on ...", "the Transfer Date, being 1 April 2028", "the Launch Date (being 3 May 2027)"
_APPOSITION = re.compile(
    r"\s*(?:,\s*|\(\s*)(?:being|which\s+(?:is|shall\s+be|will\s+be|(?:[a-z]+\s+){1,4}?(?:as|at|to\s+be)))\s+(?:on\s+)?$"
)
_APPOSITION_REACH = 70


def _date_in_apposition(text: str, at: int) -> Fact | None:
    """The date set beside a defined date's name at `at` (`_APPOSITION`), None when none is."""
    window = text[at : at + _APPOSITION_REACH]
    for s, e, d in find_dates_loose(window):
        if d is not None and _APPOSITION.fullmatch(window[:s]):
            return Fact(d.isoformat(), at + s, at + e, window[s:e])
        break
    return None


# "This deed takes effect on Completion": the contract starts on an event the text names by a defined term
_TAKES_EFFECT_ON_EVENT = re.compile(
    r"\b(?:takes?\s+effect|comes?\s+into\s+(?:force|effect)|commences?|(?:is|becomes?)\s+effective)\s+(?:on|from|upon)\s+"
    r"(?:the\s+)?([A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)(?=[\s.,;])"
)
# the same term in a list of definitions, a date opening its meaning: '"Closing Date" means August 16, 2027, the date
# on which ...'
_DEFINED_AS_A_DATE = r"[\"“]{}[\"”]\s+(?:means|shall\s+mean|is)\s+(?:the\s+date\s+)?"
_DATE_REACH = 40  # the date stands right before the term's bracket: "which completes on 1 September 2027 (Completion)"


def _defined_event_start(text: str) -> Fact | None:
    """The start of a contract that takes effect on an event ("Completion", "Closing") the text defines by its date:
    '... completes on 1 September 2027 (Completion)' or '... on 3 May 2026 (the "Closing")'."""
    for m in _TAKES_EFFECT_ON_EVENT.finditer(text):
        if not _STARTS_THIS.search(_sentence_before(text, m.start()) + text[m.start() : m.end()]):
            continue
        term = re.escape(m.group(1))
        for bracket in re.finditer(rf"\((?:the\s+)?[\"“]?{term}[\"”]?\)", text):
            lo = max(0, bracket.start() - _DATE_REACH)
            dated = [(s, e, d) for s, e, d in find_dates_loose(text[lo : bracket.start()]) if d is not None]
            if dated and not text[lo + dated[-1][1] : bracket.start()].strip():
                s, e, d = dated[-1]
                return Fact(d.isoformat(), lo + s, lo + e, text[lo + s : lo + e])
        return _defined_as_a_date(text, term)
    return None


def _defined_as_a_date(text: str, term: str) -> Fact | None:
    """The date a definition of `term` (escaped) opens with (`_DEFINED_AS_A_DATE`)."""
    for definition in re.finditer(_DEFINED_AS_A_DATE.format(term), text):
        at = definition.end()
        dated = find_dates_loose(text[at : at + _DATE_REACH])
        if not dated:
            continue
        s, e, d = dated[0]
        if s == 0 and d is not None:
            return Fact(d.isoformat(), at + s, at + e, text[at + s : at + e])
    return None


# a field of particulars stating the contract's whole period, its first day and its last: a slip's "Period: Losses
# occurring during the period from 1 January 2028 to 31 December 2028", a schedule's "Contract Period | 1 May 2026 to
# 30 April 2028" (a field, not "the Term" named in a sentence)
_PERIOD_FIELD = re.compile(
    r"(?:(?:minimum|fixed)\s+)?(?:(?:contract|agreement|insurance|policy|initial|hire|rental|lease)\s+)?(?:period|term)"
    r"(?:\s+of\s+(?:insurance|cover|(?:this\s+|the\s+)?(?:agreement|contract)))?"
)
# (its own name: the "from" of a period in a sentence, `_FROM_BEFORE` below, needs a word before the date)
_FIELD_FROM_BEFORE = re.compile(r"(?:^|\b(?:from|beginning\s+on|commencing\s+on|starting\s+on))\s*$", re.IGNORECASE)
_TO_BEFORE = re.compile(
    r"\b(?:to|until|till|through|ending\s+on)\s+(?:and\s+including\s+)?$|^\s*[-–]\s*$", re.IGNORECASE
)


def _period_field_start(text: str) -> Fact | None:
    """The first day of the contract's period as a field of particulars states it, from one date to another."""
    for label, particular in particulars(text).items():
        if not _PERIOD_FIELD.fullmatch(label):
            continue
        value = particular.value
        dated = [(s, e, d) for s, e, d in find_dates_loose(value) if d is not None]
        if len(dated) < 2:
            continue
        (s, e, d), (s2, _, d2) = dated[0], dated[1]
        if d < d2 and _FIELD_FROM_BEFORE.search(value[max(0, s - 25) : s]) and _TO_BEFORE.search(value[e:s2]):
            return Fact(d.isoformat(), particular.start + s, particular.start + e, value[s:e])
    return None


# a form's start-date field the body points at in lower case: "This agreement starts on the enrolment start date",
# "The initial term starts on the date services begin" over "Enrolment start date: 5 January 2027", "Services begin:
# March 15, 2027"
_FIELD_START = re.compile(
    r"\b(?:takes?\s+effect|commences?|starts?|begins?|continues?|runs?)\s+(?:on|from)\s+the\s+"
    r"(?:((?:[a-z][\w-]*\s+){1,3}date)|date\s+((?:[a-z][\w-]*\s+){1,2}(?:begins?|starts?|commences?)))\b"
)


# a form's field that gives a date, near its top: "Services begin: March 15, 2027" (the gate of `_field_start`)
_DATE_FIELD_LINE = re.compile(
    r"^[ \t]*[A-Z][\w'’ ()-]{1,38}:[ \t]*(?:\d{1,2}\s+[A-Z][a-z]+|[A-Z][a-z]+\s+\d{1,2},)\s+\d{4}", re.MULTILINE
)


def _field_start(text: str) -> Fact | None:
    """The start date a form's field gives, where the contract's own start sentence names the field."""
    if not _DATE_FIELD_LINE.search(text, 0, min(len(text), 3000)):
        return None
    for m in _FIELD_START.finditer(text):
        if not _STARTS_THIS.search(_sentence_before(text, m.start()) + text[m.start() : m.end()]):
            continue
        particular = particulars(text).get(" ".join((m.group(1) or m.group(2)).split()))
        if particular is None:
            continue
        for s, e, d in find_dates_loose(particular.value):
            if d is not None and VALUE_OPENING.fullmatch(particular.value[:s]):
                return Fact(d.isoformat(), particular.start + s, particular.start + e, particular.value[s:e])
            break
    return None


# a schedule of particulars or a cover page that dates the agreement: "| Item 1 | Date of this agreement | 2 September
# 2024 |", "Agreement Date: 1 March 2026"
_AGREEMENT_DATE_LABEL = re.compile(
    r"(?:date\s+of\s+(?:this\s+|the\s+)?(?:agreement|deed|contract)|(?:agreement|deed|contract)\s+date)", re.IGNORECASE
)


_DATE_FIELD_WORDS = (
    "agreement date",
    "deed date",
    "contract date",
    "date of this agreement",
    "date of agreement",
    "date of the agreement",
    "date of this deed",
    "date of this contract",
)
# the label as a field (a table cell or "Label:"), not the words in a sentence ("from the date of this Agreement")
_AGREEMENT_DATE_FIELD = re.compile(
    r"^[ \t]*(?:\|[^|\n]*\|)?[ \t]*(?:" + _AGREEMENT_DATE_LABEL.pattern + r")[ \t]*(?:\||:|\t)",
    re.IGNORECASE | re.MULTILINE,
)


def _as_field(text: str, lower: str, words: str) -> bool:
    """Whether `words` stand as a field's label somewhere: read at each occurrence, not by a scan of every line."""
    at = lower.find(words)
    while at >= 0:
        line_start = text.rfind("\n", 0, at) + 1
        if _AGREEMENT_DATE_FIELD.match(text, line_start, min(len(text), at + len(words) + 20)):
            return True
        at = lower.find(words, at + len(words))
    return False


def _labelled_agreement_date(text: str, lower: str) -> Fact | None:
    # most contracts have no such field: skip the scan, then reading every particular
    if not any(_as_field(text, lower, words) for words in _DATE_FIELD_WORDS):
        return None
    for label, particular in particulars(text).items():
        if not _AGREEMENT_DATE_LABEL.fullmatch(label):
            continue
        for s, e, d in find_dates_loose(particular.value):
            if d is not None and s < 3:
                return Fact(d.isoformat(), particular.start + s, particular.start + e, particular.value[s:e])
    return None


# the date an order form or a cover sheet bears, labelled at its head: "Order Date: May 11, 2027", "Date of Order:
# 3 June 2026", "Date: 14 March 2027", a letter's "Dated: 3 March 2027" (not "Start Date:", "Quotation date:": a start,
# an offer's date)
_HEAD_DATE_LABEL = re.compile(
    r"^[ \t]*(?:\|[ \t]*)?(?:(?:order|purchase\s+order|po)\s+date|date\s+of\s+(?:this\s+|the\s+)?(?:purchase\s+)?order|dated?)"
    r"[ \t]*[:|][ \t]*",
    re.IGNORECASE | re.MULTILINE,
)
_HEAD = 1500
# a field left blank to its line's end: "Date: ______________"
_BLANK_FIELD = re.compile(r"_{3,}[ \t]*(?=\n)")


def _head_date(text: str) -> Fact | None:
    """The date labelled at the head of the document, before any signature block: the date the document bears,
    before the dates its parties sign on."""
    head = text[:_HEAD]
    mark = _SIGNATURE_MARK.search(head)
    for label in _HEAD_DATE_LABEL.finditer(head, 0, mark.start() if mark else len(head)):
        blank = _BLANK_FIELD.match(text, label.end())
        if blank is not None:  # "Date: ______________": the contract bears no date of its own
            return Fact(None, blank.start(), blank.end(), blank.group(0), "the date is left blank in the contract")
        for s, e, d in find_dates_loose(text[label.end() : label.end() + 40]):
            if d is not None and s == 0:
                return Fact(d.isoformat(), label.end() + s, label.end() + e, text[label.end() + s : label.end() + e])
    return None


# the contract says what date it bears in a sentence of its own, as an exchange of e-mails does: "For our records, our
# contract is dated today, October 6, 2027"
_SAID_TO_BE_DATED = re.compile(
    r"\b(?:this|our)\s+(?:contract|agreement)\s+is\s+dated\s+(?:today\s*,?\s*(?:the\s+)?)?", re.IGNORECASE
)
# the record of a click-through acceptance: "Accepted on: 14 May 2027 at 10:42", "Date of acceptance: 3 March 2026"
_ACCEPTANCE_FIELD = re.compile(
    r"^[ \t]*(?:accepted\s+on|date\s+(?:of\s+)?acceptance|acceptance\s+date|date\s+accepted)[ \t]*:[ \t]*",
    re.IGNORECASE | re.MULTILINE,
)


_ACCEPTANCE_WORDS = ("accepted on", "acceptance date", "date of acceptance", "date acceptance", "date accepted")


def _date_at(text: str, at: int) -> Fact | None:
    """The date that starts at `at`, if one does."""
    for s, e, d in find_dates_loose(text[at : at + 40]):
        if d is not None and s == 0:
            return Fact(d.isoformat(), at, at + e, text[at : at + e])
    return None


def _said_to_be_dated(text: str, lower: str) -> Fact | None:
    if "is dated" not in lower:
        return None
    for m in _SAID_TO_BE_DATED.finditer(text):
        fact = _date_at(text, m.end())
        if fact is not None:
            return fact
    return None


def _acceptance_date(text: str, lower: str) -> Fact | None:
    """The date a click-through or an accepted form was accepted, recorded as a field: it is concluded then."""
    if not any(words in lower for words in _ACCEPTANCE_WORDS):
        return None
    for m in _ACCEPTANCE_FIELD.finditer(text):
        fact = _date_at(text, m.end())
        if fact is not None:
            return fact
    return None


# a letter's complimentary close on a line of its own ("Very truly yours,", "Yours sincerely", "Kind regards")
_LETTER_CLOSE = re.compile(
    r"^[ \t]*(?:(?:very\s+)?truly\s+yours|yours\s+(?:very\s+)?(?:truly|sincerely|faithfully)|sincerely(?:\s+yours)?|"
    r"(?:kind|best|warm)\s+regards|regards)[ \t]*[,.]?[ \t]*$",
    re.IGNORECASE | re.MULTILINE,
)
# a contract's preamble that dates it: "This Escrow Agreement is dated as of August 2, 2027", "... is made on 4 May 2026"
_DATES_ITSELF = re.compile(
    r"\bThis\s+(?:[A-Z][\w-]*\s+){0,5}?(?:Agreement|Contract|Deed|Lease|Licen[cs]e)\b[^.;]{0,120}?"
    r"\b(?:is\s+)?(?:dated|made|entered\s+into|executed)(?:\s+(?:as\s+of|on|effective))?[ \t]*(?:the\s+)?$"
)
_LETTER_CLOSE_SEEN_IN = 4000


def _covering_letter(text: str, letter_date_end: int, mentions: list[_Mention]) -> bool:
    """The letter closes ("Very truly yours") before a contract that dates itself in its own preamble: a covering
    letter sent with the contract, whose date is the day it was sent, not the date the contract bears."""
    close = _LETTER_CLOSE.search(text, letter_date_end, letter_date_end + _LETTER_CLOSE_SEEN_IN)
    if close is None:
        return False
    for m in mentions:
        if m.start > close.end() and m.date is not None and _DATES_ITSELF.search(text, max(0, m.start - 200), m.start):
            return True
    return False


def _letter_date(text: str, mentions: list[_Mention]) -> Fact | None:
    for m in mentions:
        if m.start > 1500:
            break
        line_end = text.find("\n", m.end)
        alone = not text[m.end : line_end if line_end >= 0 else len(text)].strip()
        if m.date is not None and alone and _LETTER_DATE.match(text, m.start - 1) and text[m.start - 1] == "\n":
            if _covering_letter(text, m.end, mentions):
                return None
            return Fact(m.date.isoformat(), m.start, m.end, text[m.start : m.end])
    return None


# a restated agreement's cover line: "originally dated 12 May 2021 and amended and restated on 1 February 2027", "as
# amended and restated as of June 3, 2026": the restatement's date is the date this document bears, the original's not
_RESTATEMENT_LINE = re.compile(
    r"^[ \t]*(?:as[ \t]+)?(?:originally[ \t]+(?:dated|made|entered[ \t]+into)[^\n]{0,40}?[ \t]+and[ \t]+)?"
    r"(?:amended[ \t]+and[ \t]+)?restated[ \t]+(?:on|as[ \t]+of|with[ \t]+effect[ \t]+from)?[ \t]*(?:the[ \t]+)?$",
    re.IGNORECASE,
)
_ORIGINAL_ON_ITS_LINE = re.compile(
    r"^[ \t]*(?:as[ \t]+)?originally[ \t]+(?:dated|made|entered[ \t]+into)(?:[ \t]+(?:as[ \t]+of|on))?[ \t]*$",
    re.IGNORECASE,
)


def _restatement_cue(text: str, at: int) -> int:
    """+1 for the restatement's date on a restated agreement's cover line, -1 for the original's date there, else 0."""
    line_start = text.rfind("\n", 0, at) + 1
    line_to_date = text[line_start:at] if at - line_start <= 120 else ""
    lower = line_to_date.lower()
    if "original" not in lower and "restated" not in lower:
        return 0  # cheap: most dates stand on no such line
    if _RESTATEMENT_LINE.match(line_to_date):
        return 1
    return -1 if _ORIGINAL_ON_ITS_LINE.match(line_to_date) else 0


def _agreement_score(text: str, mention: _Mention, scored: Scored | None) -> float:
    before = text[max(0, mention.start - 90) : mention.start]
    score = _model_confidence(mention, scored)
    restatement = _restatement_cue(text, mention.start)
    if restatement:
        return score + (1.0 if restatement > 0 else -1.0)
    signing_place = _SIGNING_PLACE.search(text, max(0, mention.start - 180), mention.start) is not None
    cue = signing_place or bool(_AGREEMENT_CUE.search(before))
    if cue:
        score += 0.35
    if mention.start < _EARLY:
        score += 0.35 if _STRONG_CUE.search(before[-40:]) else 0.25  # "made this first day of July, 2017"
    elif _is_signature_date(text, mention):
        score += _SIGNATURE_BONUS
    # (a date under the recitals' heading is another paper's or event's; the start the recitals define for this
    # contract, '(C) ... from 03.05.2027 (the "Commencement Date")', is still its effective date)
    if (
        _refers_elsewhere(text, mention.start)
        or (_OTHER_THING.search(before[-45:]) and not signing_place)
        or _in_recitals(text, mention.start)
    ):
        score -= 1.0  # (a contract "concluded in Kraków on" a date is made then, not ended)
    near = _EFFECTIVE_NEAR.search(before)
    if near and re.search(r"\b(?:19|20)\d\d\b", before[: near.start()]):
        score -= 0.3  # "dated June 1, 2020, effective as of July 1, 2020": the later date is the effective date
    if _STARTS_LATER.search(before[-60:]):
        score -= 1.0  # "The Term shall commence on March 15, 2018": when it starts, not when it was made
    return score


# a definition of another term dates that term, not this contract's start: '"Settlement Day" means the last day of each
# quarter, beginning March 31, 2026' ('"Term" means the period beginning on ...' and the like still date the contract);
# the definition nearest the date counts (a list of definitions may run on without full stops)
_DEFINES_A_TERM = re.compile(r'["“]([^"”\n]{1,40})["”]\s+(?:means|shall\s+mean)\b', re.IGNORECASE)
_THE_CONTRACT_OR_ITS_START = re.compile(
    r"\b(?:effective|co(?:m|rn){2}encement|start|term|period|agreement|contract|lease|licen[cs]e)\b", re.IGNORECASE
)


def _defines_another_term(own_limb: str) -> bool:
    """The limb defines a term other than this contract, its term or its start."""
    if "mean" not in own_limb.lower():
        return False
    definitions = list(_DEFINES_A_TERM.finditer(own_limb))
    return bool(definitions) and not _THE_CONTRACT_OR_ITS_START.search(definitions[-1].group(1))


def _effective_score(text: str, mention: _Mention, scored: Scored | None) -> float:
    before = text[max(0, mention.start - 90) : mention.start]
    after = text[mention.end : mention.end + 40]
    score = _model_confidence(mention, scored)
    defined = bool(_DEFINED_EFFECTIVE.search(after))
    named_after = not _NEXT_FIELD.match(after) and _EFFECTIVE_AFTER.search(after)
    cue = defined or named_after or _EFFECTIVE_CUE.search(before)
    # a date the contract names its Effective Date is its start whatever word leads to it ("information disclosed on or
    # after 14 May 2027 (the "Effective Date")")
    if not cue or (not defined and _UNTIL_BEFORE.search(before)) or _WEEK_NAMED_BEFORE.search(before):
        return score - 1.0
    score += 0.8 if defined else 0.5  # the date the contract defines as its Effective Date beats other "effective X"
    # the sentence's own limb: in "Rent means ...; Term means the term from 1 May" the date is the Term's
    sentence = _sentence_before(text, mention.start)
    own_limb = sentence.rsplit(";", 1)[-1]
    if not defined and _defines_another_term(own_limb):
        return score - 1.0
    if mention.start < _EARLY and not _SUB_PERIOD.search(own_limb):
        score += 0.2
    elif not _about_this_contract(text, mention.start):
        score -= 1.0
    # a definition of the start date in a list run on with semicolons ("...; Commencement Date means 1 October 2027")
    # names this contract's start, whatever paper an earlier definition of the list names ("the attached plan")
    defines_its_start = ";" in sentence and _START_DEFINED_IN_A_LIST.search(own_limb) is not None
    if _refers_elsewhere(text, mention.start) and not _SUBJECT_STARTS.search(before) and not defines_its_start:
        score -= 1.0
    if _IN_REPLACEMENT_WORDING.search(text, max(0, mention.start - _REPLACEMENT_REACH), mention.start):
        # the amended agreement's own clause, quoted: its "this Agreement began on" is not this amendment's start
        score -= 1.0
    return score


# an amendment's new wording for a clause of the agreement it amends, quoted after "replaced with:" or "amended to read:"
# up to the date (no closing quote between)
_IN_REPLACEMENT_WORDING = re.compile(
    r"\b(?:replaced\s+(?:with|by)|substituted\s+(?:with|by)|amended\s+(?:so\s+as\s+)?to\s+read|read(?:s)?\s+as\s+follows)"
    r"\s*:?\s*[\"“][^\"“”]*$",
    re.IGNORECASE,
)
_REPLACEMENT_REACH = 300


# "The term of this Agreement shall commence thirty (30) days after the date hereof"
_STARTS_WORD = re.compile(
    r"\b(?=[cbst])(?:commence|begin|start|take\s+effect|come\s+into\s+(?:force|effect))\w*\s+"
    r"(?:on\s+the\s+(?:date|day)\s+(?:falling\s+|that\s+is\s+)?)?",
    re.IGNORECASE,
)
_STARTS_WORD_SCAN = Scanned.of(_STARTS_WORD)  # scanned for by its first letters, not tried at every word
_AFTER_ITS_DATE = re.compile(
    r"\s+(?:after|following|from)\s+the\s+date\s+(?:hereof|of\s+this\s+(?:agreement|contract))\b", re.IGNORECASE
)


def _start_after_its_date(text: str, agreement: Fact | None) -> Fact | None:
    """A start a stated period after the contract's own date, counted from its agreement date."""
    if agreement is None or agreement.value is None:
        return None
    for m in _STARTS_WORD_SCAN.finditer(text):
        period = PERIOD.match(text, m.end())
        after = _AFTER_ITS_DATE.match(text, period.end()) if period else None
        amount = period_amount(period) if period and after else None
        if after and amount and _about_this_contract(text, m.start()):
            start = add_period(date.fromisoformat(agreement.value), *amount)
            return Fact(start.isoformat(), m.start(), after.end(), text[m.start() : after.end()])
    return None


def _about_this_contract(text: str, at: int) -> bool:
    """A later sentence dates this contract's start ("The term of this Agreement shall commence on"), not a
    part of it ("the first Fiscal Year shall commence on", "Phase I will commence on", "fees starting on")."""
    prefix = _own_clause(_sentence_before(text, at))
    if _IT_STARTS.search(prefix):  # "This Agreement is signed on the date below. It enters into force on 1 April"
        previous = _sentence_before(text, at - len(prefix))
        return bool(_THE_CONTRACT_SUBJECT.match(previous)) and not _SUB_PERIOD.search(previous + prefix)
    return bool(_STARTS_THIS.search(prefix) or _THE_CONTRACT_STARTS.search(prefix)) and not _SUB_PERIOD.search(prefix)


# the services (the work, the supply) begin on the date, not the contract: "Services begin on the night of 1 March"
_SERVICES_START = re.compile(
    r"^\W*(?:[\d.()a-z]{1,6}\s+)?(?:the\s+)?(?:[A-Z][\w-]*\s+)?(?:services?|work|works|supply|supplies|deliveries)\s+"
    r"(?:shall\s+|will\s+|are\s+to\s+|is\s+to\s+)?(?:commence|begin|start)\w*[^.;\d]{0,30}$",
    re.IGNORECASE,
)


# a period of the contract that the sentence defines and starts, in quotes: 'The "Tolling Period" begins on', 'the
# "Supply Term" shall commence on' (not the contract's own "Term" or "Initial Term")
_DEFINED_PERIOD_START = re.compile(
    r"^\W*(?:[\d.()a-z]{1,6}\s+)?the\s+[\"“](?!(?:initial|original|first)\b)(?:[A-Z][\w-]*\s+){1,3}(?:period|term)[\"”]\s+"
    r"(?:shall\s+|will\s+)?(?:commence|begin|start)\w*[^.;\d]{0,30}$",
    re.IGNORECASE,
)


# the same sentence starts the contract with the services: 'The Services start on 1 March 2028 (the "Service Start
# Date"), and this Agreement takes effect on that date', "..., on which date this Agreement comes into force"
_CONTRACT_STARTS_WITH_THEM = re.compile(
    r"[^.;]{0,80}?(?:\b(?:and|on\s+which\s+date)\s+(?:this|the)\s+(?:agreement|contract|deed)\s+(?:shall\s+|will\s+)?"
    r"(?:takes?\s+effect|comes?\s+into\s+(?:force|effect)|commences?|(?:is|becomes?)\s+effective)"
    r"(?:\s+(?:on|from|as\s+of)\s+(?:that|the\s+same)\s+(?:date|day))?\s*[.;,]|"
    r"\bon\s+which\s+date\s+(?:this|the)\s+(?:agreement|contract|deed)\s+(?:shall\s+|will\s+)?"
    r"(?:takes?\s+effect|comes?\s+into\s+(?:force|effect)|commences?|(?:is|becomes?)\s+effective))",
    re.IGNORECASE,
)


def _services_start(text: str, at: int) -> bool:
    """The date at `at` is when the services (or a period the sentence defines) begin, the sentence's subject being
    the services or that period."""
    clause = _own_clause(_sentence_before(text, at))
    return bool(_SERVICES_START.search(clause) or _DEFINED_PERIOD_START.search(clause))


# a sentence whose subject is "the contract" that starts: in translated drafting "the contract" is this one ("6.1 The
# contract enters into force on 1 October 2027")
_THE_CONTRACT_STARTS = re.compile(
    r"^\W*(?:[\d.()a-z]{1,6}\s+)?the\s+(?:contract|agreement)\s+(?:shall\s+|will\s+)?"
    r"(?:commence|begin|start|takes?\s+effect|(?:come|comes|enters?)\s+into\s+(?:force|effect)|(?:is|be)\s+valid\s+from)"
    r"[^.;\d]{0,20}$",
    re.IGNORECASE,
)


# a numbered clause opening a line: what comes before it is a heading ("Article 7 — Commencement, duration and
# termination\n7.1 The agency commences on"), not part of the sentence
_CLAUSE_LINE = re.compile(r"\n[ \t]*(?:\(?\d{1,3}(?:\.\d{1,3})*\)?\.?|§\s*\d{1,3}|\([a-z]\))[ \t]+(?=[A-Z])")


def _own_clause(sentence: str) -> str:
    """The sentence from the last numbered clause that opens a line in it."""
    if "\n" not in sentence:
        return sentence
    cuts = [m.start() + 1 for m in _CLAUSE_LINE.finditer(sentence)]
    return sentence[cuts[-1] :] if cuts else sentence


# "It" opening the sentence that dates a start, the previous sentence's subject being this contract
_IT_STARTS = re.compile(
    r"^\W*(?:[\d.()a-z]{1,6}\s+)?it\s+(?:shall\s+|will\s+)?"
    r"(?:commences?|begins?|starts?|takes?\s+effect|(?:come|comes|enters?)\s+into\s+(?:force|effect)|(?:is|be)\s+valid\s+from)"
    r"[^.;\d]{0,20}$",
    re.IGNORECASE,
)
_THE_CONTRACT_SUBJECT = re.compile(r"^\W*(?:[\d.()a-z]{1,6}\s+)?(?:this|the)\s+(?:agreement|contract)\b", re.IGNORECASE)


def _best(text: str, mentions: list[_Mention], scored: Scored | None, scorer, least: float = _MIN_SCORE) -> Fact | None:
    ranked = sorted(
        ((scorer(text, m, scored), -m.start, m) for m in mentions), key=lambda t: (t[0], t[1]), reverse=True
    )
    if not ranked or ranked[0][0] < least:
        return None
    m = ranked[0][2]
    quote = text[m.start : m.end]
    if m.date is None:
        return Fact(None, m.start, m.end, quote, "the date is left blank in the contract")
    return Fact(m.date.isoformat(), m.start, m.end, quote)


def _governing_law(text: str, scored: Scored | None) -> Fact | None:
    """The law chosen by the first of the best governing-law clauses (a later one is usually an exhibit's);
    when none of them names a jurisdiction, the first sentence of the text that chooses a law."""
    ranked = sorted(scored or [], key=lambda s: (-s[2], s[0]))[:3]
    close = sorted((s for s in ranked if s[2] >= ranked[0][2] - _LAW_TIE), key=lambda s: s[0]) if ranked else []
    for start, end, confidence in close + [s for s in ranked if s not in close]:
        found = jurisdiction_in(text[start:end])
        chosen = (
            (found[0], start + found[1], start + found[2])
            if found and chooses_law_at(text, start + found[1], start + found[2], confidence >= FINDING)
            else stated_governing_law(text, start, end)
        )
        if chosen:
            name, s, e = chosen
            return Fact(name, s, e, text[s:e])
    stated = stated_governing_law(text)
    if stated:
        name, s, e = stated
        return Fact(name, s, e, text[s:e])
    return None


@lru_cache(maxsize=1)  # read by the signing rules of the same contract
def _squashed(lower: str) -> str:
    r"""`re.sub(r"\s+", " ", lower)`: `str.split` splits at what `\s` matches, and is faster."""
    words = lower.split()
    if not words:
        return " " if lower else ""
    return (" " if lower[0].isspace() else "") + " ".join(words) + (" " if lower[-1].isspace() else "")


# "It becomes binding when signed", "It is effective as of the date written above"
_IT_BEFORE = re.compile(r"\bit\s+(?:is\s+|shall\s+be\s+|will\s+be\s+)?$")


# a deed takes effect when it is delivered, and its testimonium says when that is: "EXECUTED as a deed by the parties
# on the date first written above", "executed this Bond as a deed on the date stated at the beginning of it"
_DELIVERED_AS_DEED = re.compile(
    r"\bas a deed\b[^.]{0,60}?\b(?:on|as of) the (?:date|day and year) (?:first |last )?"
    r"(?:written|stated|set out|set forth|appearing|given|shown|above|at the)\b"
)


# the start said apart from the signing: "The Services shall begin on July 1, 2027, regardless of the date on which
# this Agreement is signed"
_APART_FROM = re.compile(r"\b(?:regardless|irrespective|independent(?:ly)?)\s+of\b|\bwhatever\b|\bno\s+matter\b")


def _starts_on_signing_said(squashed: str) -> Iterator[re.Match[str]]:
    """The sentences that tie a start to the signing, not those that set the start apart from it."""
    return (m for m in _STARTS_ON_SIGNING_SCAN.finditer(squashed) if not _APART_FROM.search(m.group(0)))


# the operative grant takes effect on signing: "With effect from the date of signature, the Owner grants to the
# User a licence ...", "with effect from signing, the Company appoints the Agent"
_GRANT_FROM_SIGNING = re.compile(
    r"\bwith effect from (?:the )?(?:date of (?:its |this agreement's )?(?:signature|signing|execution)|signature|signing)\b"
    r"[^.]{0,40}?\b(?:grants?|appoints?|licen[cs]es)\b"
)


def _starts_on_signing(text: str, lower: str) -> bool:
    """The contract says it takes effect when signed ("effective as of the date first written above"), or is a deed
    delivered on its date. Matched on the lower-cased text: a case-sensitive scan is several times faster."""
    squashed = _squashed(lower)  # "commencing on the date of\nthis Agreement"
    if "as a deed" in squashed and _DELIVERED_AS_DEED.search(squashed):
        return True
    runs_from_its_date = any(
        _TERM_WORDS.search(squashed, max(0, m.start() - 100), m.start()) for m in _FROM_ITS_DATE_SCAN.finditer(squashed)
    )
    if "with effect from" in squashed and _GRANT_FROM_SIGNING.search(squashed):
        return True
    return runs_from_its_date or any(
        (
            _THIS_CONTRACT.search(squashed, max(0, m.start() - 80), m.end())
            or _DEFINES_EFFECTIVE_NEXT.match(squashed, m.end())
            or _IT_BEFORE.search(squashed, max(0, m.start() - 12), m.start())  # "It becomes binding when signed"
        )
        and not _LATER_THAN.search(m.group(0))
        for m in _starts_on_signing_said(squashed)
    )


# it takes effect when the last party has signed: "the date on which this Agreement has been signed by the last
# of the Parties to sign it", "upon the later of the dates of signature", "once signed by both Parties"
_LAST_TO_SIGN = re.compile(
    r"\b(?:last|latest|later)\b[^.]{0,60}?\b(?:sign|subscrib)|"
    # "signed by the second of the parties to sign it" (the Scots form for two parties)
    r"\b(?:second|final)\s+(?:of\s+the\s+)?(?:two\s+)?(?:parties|party|signatories|signatory)\b[^.]{0,30}?\bsign|\bsigned by (?:both|all|each) (?:of )?(?:the )?parties|\bcountersign|"
    r"\b(?:both|all|each) (?:of )?(?:the )?parties (?:have |has )?(?:signed|executed)"
)


def _latest_signature(text: str, lower: str, mentions: list[_Mention], agreement: Fact) -> Fact | None:
    """The latest date under the signatures, when the contract takes effect on the last signature and the
    parties signed after the date it bears (None otherwise)."""
    squashed = _squashed(lower)
    if not any(_LAST_TO_SIGN.search(squashed, m.start(), m.end() + 60) for m in _starts_on_signing_said(squashed)):
        return None
    signed = [m for m in mentions if _is_signature_date(text, m)]
    signed = [m for m in signed if _same_part(text, signed[0].start, m.start)]  # not an exhibit's dates
    last = _latest_signed(signed)
    if last is None or last.date is None or agreement.value is None or last.date <= date.fromisoformat(agreement.value):
        return None
    return Fact(last.date.isoformat(), last.start, last.end, text[last.start : last.end])


# the date an offer bears ("Quotation date:", "Date of proposal:", "Offer dated"): the contract is made when it is
# accepted, not when it is offered
_OFFER_DATE_CUE = re.compile(
    r"\b(?:quotation|quote|offer|proposal|tender)\s*(?:date|dated|no\.?[^\n:]{0,20}?date)\s*:?\s*$|"
    r"\bdate\s+of\s+(?:the\s+|this\s+)?(?:quotation|quote|offer|proposal|tender)\s*:?\s*$",
    re.IGNORECASE,
)
# where the other party accepts it: an "ACCEPTANCE" heading, "Accepted by", "We accept the above quotation"
_ACCEPTANCE_MARK = re.compile(
    r"^[ \t]*(?:acceptance|(?:agreed\s+and\s+)?accepted|(?:we|i)\s+(?:hereby\s+)?accept)\b",
    re.IGNORECASE | re.MULTILINE,
)


def _accepted_offer(text: str, mentions: list[_Mention], agreement: Fact) -> Fact | None:
    """The date the offer was accepted, when the date the document bears is an offer's and the acceptance signed
    below it is dated later: the acceptance concludes the contract (None otherwise)."""
    offered = _iso(agreement)
    if offered is None or not _OFFER_DATE_CUE.search(text, max(0, agreement.start - 40), agreement.start):
        return None
    mark = _ACCEPTANCE_MARK.search(text, agreement.end)
    if mark is None:
        return None
    signed = [
        m
        for m in mentions
        if m.start > mark.start() and m.date is not None and (_is_signature_date(text, m) or _dated_line(text, m))
    ]
    last = _latest_signed(signed)
    if last is None or last.date is None or last.date <= offered:
        return None
    return Fact(last.date.isoformat(), last.start, last.end, text[last.start : last.end])


def _start_of_something_else(text: str, lower: str, effective: Fact, agreement: Fact | None) -> bool:
    """A start date whose sentence is about something else (a work term, a placement), where the contract says it
    takes effect when the last party signs: that signature starts it, not the date."""
    if effective.value is None or (agreement is not None and agreement.value == effective.value):
        return False
    if _DEFINED_EFFECTIVE.search(text, effective.end, effective.end + 40) or _about_this_contract(
        text, effective.start
    ):
        return False
    squashed = _squashed(lower)
    return any(_LAST_TO_SIGN.search(squashed, m.start(), m.end() + 60) for m in _starts_on_signing_said(squashed))


# a period stated by its first and last days: "runs from 1 May 2027 until 30 April 2029", "from and including ... to",
# "The Licence Term begins on 1 May 2027 and ends on 30 April 2029"
_FROM_BEFORE = re.compile(
    r"(?:\bfrom|\b(?:begins?|commences?|starts?)\s+on)\s+(?:and\s+including\s+)?(?:the\s+)?$", re.IGNORECASE
)
# (a bracket may name the first day between: "from 1 May 2027 (the first Change Date of that year) to 30 April 2030")
_TO_BETWEEN = re.compile(
    r"\s*(?:\([^()]{1,80}\)\s*)?,?\s*(?:until|till|to|through|and\s+end(?:s|ing)\s+on)\s+(?:and\s+including\s+)?(?:the\s+)?$",
    re.IGNORECASE,
)


def _start_of_the_period_ending(text: str, mentions: list[_Mention], expiry: date) -> Fact | None:
    """The first day of a period whose last day is the day the contract expires, where nothing else says when it
    takes effect: the contract's own period (its "Sharing Period", "Licence Period"), not a part of it."""
    for first, last in zip(mentions, mentions[1:]):
        if last.date != expiry or first.date is None or first.date >= expiry:
            continue
        if not _TO_BETWEEN.fullmatch(text, first.end, last.start):
            continue
        if not _FROM_BEFORE.search(text, max(0, first.start - 30), first.start):
            continue
        if _SUB_PERIOD.search(_own_clause(_sentence_before(text, first.start))) or _refers_elsewhere(text, first.start):
            continue
        return Fact(first.date.isoformat(), first.start, first.end, text[first.start : first.end])
    return None


# the term clause dates the contract's making and runs it from there: "This Agreement is entered into on 22 April 2027
# and shall remain in force until terminated", "The Contract was made on 3 May 2027 and continues until ..."
_MADE_ON = re.compile(
    r"\b(?:this|the)\s+(?:agreement|contract|deed|lease|licen[cs]e)\s+(?:is|was|has\s+been)\s+"
    r"(?:made(?:\s+and\s+entered\s+into)?|entered\s+into|concluded|signed|executed)\s+(?:on|as\s+of)\s+(?:the\s+)?$",
    re.IGNORECASE,
)
_AND_IN_FORCE = re.compile(
    r",?\s+and\s+(?:(?:shall|will)\s+|is\s+to\s+)?(?:(?:remains?|continues?|stays?)\s+in\s+(?:full\s+)?(?:force|effect)|"
    r"continues?\s+(?:until|for)\b|(?:remains?|is|be)\s+valid\b)",
    re.IGNORECASE,
)


def _in_force_from_its_making(text: str, mentions: list[_Mention]) -> Fact | None:
    """The date the term clause says the contract is made on, where the same sentence keeps it in force from then:
    the term runs from that date, so the contract says when it takes effect."""
    for m in mentions:
        if m.date is None or not _AND_IN_FORCE.match(text, m.end):
            continue
        if _MADE_ON.search(text, max(0, m.start - 80), m.start):
            return Fact(m.date.isoformat(), m.start, m.end, text[m.start : m.end])
    return None


def _iso(fact: Fact | None) -> date | None:
    return date.fromisoformat(fact.value) if fact and fact.value else None


def read_facts(text: str, by_category: dict[str, Scored]) -> tuple[dict[str, Fact], Term]:
    """Dates, governing law and the term. A fact with value None is a known absence (its reason says why)."""
    lower = text.lower()
    mentions = _mentions(text, lower, by_category)
    labelled = (
        _said_to_be_dated(text, lower)
        or _labelled_agreement_date(text, lower)
        or _head_date(text)
        or _acceptance_date(text, lower)
    )
    agreement = (
        _letter_date(text, mentions)
        or labelled
        or _best(text, mentions, by_category.get("agreement_date"), _agreement_score)
    )
    if agreement is None:
        # nothing else dates it: the signatures do ("/s/ Geno Auriemma  5/17/12")
        signed = [
            m
            for m in mentions
            if m.date is not None
            and (
                _in_signature_block(text, m.start)
                or _in_testing_clause(text, m.start)
                or _place_and_date_line(text, m)
                or _execution_line(text, m)
            )
        ]
        agreement = _best(text, signed, by_category.get("agreement_date"), _agreement_score, _SIGNATURE_BONUS - 0.05)
    read_from_text = agreement is not None and agreement is not labelled and agreement.value is not None
    if agreement is not None and read_from_text and not _LETTER_DATE.match(text, agreement.start - 1):
        chosen = next(m for m in mentions if m.start == agreement.start)
        if _is_signature_date(text, chosen) or _dated_line(text, chosen):
            last = _last_signature(text, _not_approvals(text, mentions), chosen)
            agreement = Fact(
                last.date.isoformat() if last.date else None, last.start, last.end, text[last.start : last.end]
            )
    if agreement is not None:
        agreement = _accepted_offer(text, mentions, agreement) or agreement
        agreement = _signed_under_a_start_field(text, mentions, agreement) or agreement
    if agreement is not None and _start_field_of_an_undated_contract(text, agreement):
        agreement = None
    effective = (
        _start_after_its_date(text, agreement)
        or _best(text, mentions, by_category.get("effective_date"), _effective_score)
        or _defined_start(text)
        or _defined_event_start(text)
        or _period_field_start(text)
        or _field_start(text)
    )
    services_begin_later = (
        effective is not None
        and _services_start(text, effective.start)
        and not _CONTRACT_STARTS_WITH_THEM.match(text, effective.end)
    )
    if services_begin_later and agreement is not None and _starts_on_signing(text, lower):
        effective = None  # the work begins later; the contract itself on its date
    if effective is not None and _start_of_something_else(text, lower, effective, agreement):
        effective = None  # "takes effect on the last signature ... The work term runs from May 3, 2027"
    if effective is None and agreement is not None:
        effective = _in_force_from_its_making(text, mentions)
    if effective is None and agreement is not None and _starts_on_signing(text, lower):
        effective = _latest_signature(text, lower, mentions, agreement) or agreement
    if (
        agreement is None
        and effective is not None
        and effective.start < _EARLY
        and not _STARTS_LATER.search(text, max(0, effective.start - 60), effective.start)
        and not _start_field_of_an_undated_contract(text, effective)
    ):
        agreement = effective  # "made effective as of June 1, 2020" in the preamble dates the agreement too
    if effective is None and agreement is not None and agreement.value is not None:
        # not a guess: the contract does not say when it takes effect (see docs/engine.md, "effective date")
        effective = Fact(None, agreement.start, agreement.end, agreement.text, _NOT_STATED.format(agreement.value))
    term = read_term(text, by_category, _iso(effective) or _iso(agreement))
    not_stated = effective is None or (
        agreement is not None and effective.reason == _NOT_STATED.format(agreement.value)
    )
    if not_stated and term.expiry is not None and term.expiry.date is not None:
        period_start = _start_of_the_period_ending(text, mentions, term.expiry.date)
        if period_start is not None:  # "The Licence Period runs from 1 May 2027 until 30 April 2029"
            effective = period_start
            term = read_term(text, by_category, _iso(effective))
    facts: dict[str, Fact] = {}
    if term.expiry is not None:
        x = term.expiry
        facts["expiration_date"] = Fact(
            x.date.isoformat() if x.date else None, x.start, x.end, text[x.start : x.end], "" if x.date else x.reason
        )
    for kind, fact in (
        ("agreement_date", agreement),
        ("effective_date", effective),
        ("governing_law", _governing_law(text, by_category.get("governing_law"))),
    ):
        if fact is not None:
            facts[kind] = fact
    return facts, term


def summary_sentences(facts: dict[str, Fact], term: Term) -> list[str]:
    """The dates and term for the summary, only from facts with a value (or a known absence: perpetual, until
    terminated); what the engine did not establish is left out, its reason stays on the key date."""
    out = []
    eff, agr, exp = (facts.get(k) for k in ("effective_date", "agreement_date", "expiration_date"))
    ending = f", expiring {exp.value}." if exp and exp.value else "."
    if eff and eff.value:
        out.append(f"Effective {eff.value}{ending}")
    elif agr and agr.value:
        out.append(f"Dated {agr.value}{ending}")
    elif exp and exp.value:
        out.append(f"Expires {exp.value}.")
    if exp and exp.value is None and exp.reason.startswith("no end date"):
        out.append(exp.reason[0].upper() + exp.reason[1:] + ".")
    if term.auto_renewal:
        deadline = notice_deadline(term.expiry, term.notice_days, term.notice_period)
        amount, unit = term.notice_period or (term.notice_days, "day")
        period = f"{amount} {unit}{'' if amount == 1 else 's'}"
        notice = f" unless notice is given {period} before the end of the term" if term.notice_days else ""
        by = f" (last day for notice: {deadline.isoformat()})" if deadline else ""
        out.append(f"Renews automatically{notice}{by}.")
    elif term.renewal_by_agreement:
        out.append("Renewal only by agreement of the parties.")
    return out


def find_key_facts(text: str, by_category: dict[str, Scored]) -> dict[str, Fact]:
    return read_facts(text, by_category)[0]


def key_facts(text: str, by_category: dict[str, Scored]) -> dict[str, str | None]:
    """Only the values: ISO dates and the jurisdiction (what the scorer compares)."""
    return {k: f.value for k, f in find_key_facts(text, by_category).items()}


__all__ = ["FACT_CATEGORIES", "Fact", "find_key_facts", "key_facts", "parse_date", "read_facts", "summary_sentences"]


# an agreement- or effective-date candidate that states another date than the one the key facts
# established stays a candidate for a reviewer, ranked after those that agree (a 0.5 falls to 0.025)
OTHER_DATE_SCALE = 0.05
DATED_KINDS = ("agreement_date", "effective_date")


def stating_the_date_first(text: str, scored: Scored, fact: Fact | None) -> Scored:
    """`scored` (best first) with every candidate after the best that dates something other than
    `fact` scaled down; the best keeps its place, so the category is found as before."""
    if fact is None or fact.value is None or len(scored) < 2:
        return scored
    out = [scored[0]]
    for start, end, conf in scored[1:]:
        stated = [d.isoformat() for _, _, d in find_dates_loose(text[start:end]) if d is not None]
        other = bool(stated) and fact.value not in stated
        out.append((start, end, round(conf * OTHER_DATE_SCALE, 4) if other else conf))
    return out[:1] + sorted(out[1:], key=lambda item: (-item[2], item[0], item[1]))
