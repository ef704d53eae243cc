"""The term of a contract: when it ends, whether it renews by itself, and how much notice stops that.

Read from the sentences the clause model ranks for expiration, renewal and notice, with rules a
lawyer would apply: an expiry is an explicit end date or a stated period added to its anchor
(the effective date, the date of signing, a date in the same sentence); a term that runs from an
event ("the Launch Date") or "until terminated" / "in perpetuity" has no date, and says why.
Renewal is automatic only when the text makes it so ("automatically renewed", "renewed for
successive one-year terms unless either party gives notice"); renewal by mutual agreement or at
a party's option is not.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date

from contractbox.engine.dates import (
    MONTHS,
    NUMBER_WORDS,
    ORDINAL_DAYS,
    PERIOD,
    TIME_OF_DAY,
    add_period,
    days_in,
    find_dates,
    find_dates_loose,
    period_amount,
)
from contractbox.engine.first_chars import Scanned
from contractbox.engine.particulars import THE_DATE_IN, VALUE_OPENING, Particular, particulars, referenced
from contractbox.engine.segment import paragraphs, sentences

Scored = list[tuple[int, int, float]]

_MIN_CONFIDENCE = 0.05
_ORDINALS = {"zeroth": 0, **ORDINAL_DAYS}
_ORD_SUFFIX = r"\s?(?:st|nd|rd|th|s\s?t|t\s?h|n\s?d|r\s?d)"
ANNIVERSARY = re.compile(
    r"\b(?:(" + "|".join(_ORDINALS) + r")|(\d{1,2})" + _ORD_SUFFIX + r"|(\w+)-year)"
    r"(?:\s*\((?:\d{1,2})" + _ORD_SUFFIX + r"\))?\s+(?:anniversary|(?:contract |agreement )?year)\b",
    re.IGNORECASE,
)
# a term with no end, in plain words: one list, read in the term's sentences (`_OPEN_ENDED`) and, with a subject
# that is the contract, anywhere in the text (`_OPEN_END_STATED`)
_RUNS_UNTIL_ENDED = (
    r"\buntil\s+(?:(?:it\s+is\s+|such\s+time\s+as\s+it\s+is\s+|so\s+)?terminated|(?:either|a|one)\s+party\s+terminates|"
    r"terminated\s+by|(?:you|we|either\s+party|either\s+of\s+us|one\s+of\s+us)(?:\s+or\s+(?:you|we))?\b[^.;\n]{0,20}?"
    r"\b(?:end|terminate)s?\s+it\b)|\bno\s+fixed\s+(?:(?:end|expiry|expiration)(?:\s+date)?|term)\b"
)
_OPEN_ENDED = re.compile(
    rf"\bperpetu|\bindefinite|\bevergreen\b|\bunless and until terminated|{_RUNS_UNTIL_ENDED}", re.IGNORECASE
)
# a term given part by part, one part for ever ("(i) with respect to the Marks, for the Trademark Term, ... (iv) with
# respect to Patents, in perpetuity"): the contract lasts as long as its longest part, not until a part's defined end
_A_PERPETUAL_PART = re.compile(
    r"\b(?:with\s+respect\s+to|in\s+respect\s+of)\b[^.]{0,600}?\b(?:in\s+perpetuity|perpetual(?:ly)?)\b", re.IGNORECASE
)
# what a sentence must speak of to state the term of the contract
_TERM_SUBJECT = re.compile(
    r"\b(?:term|(?:sub-?)?(?:agreement|contract|license|licence|lease|tenancy)|period|duration|appointment|engagement|mandate|memorandum|sow|"
    # a private arrangement's own words for its term: "Your placement starts on ...", "the first season runs from"
    r"dpa|mou|nda|placement|arrangement|first\s+season)\b",  # "This Subcontract ends on"
    re.IGNORECASE,
)
_TERM_VERB = re.compile(
    r"\b(?:expir\w*|terminat\w*|continu\w*|remain\w*|in (?:full )?(?:force|effect)|valid\w*|end|"
    r"ending|ends|conclud\w*|shall be|will be|is|through|until|commenc\w*|begin\w*|runs?|"
    r"lasts|lasting|(?:shall|will)\s+last|"  # "comes into force on the Start Date and lasts for the Initial Period"
    r"starts|finish(?:es|ing)?)\b",  # "The engagement period starts on 1 August and finishes on 30 September"
    re.IGNORECASE,
)
_END_CUE = re.compile(
    r"(?:\b(?:expir\w*|terminat\w*|end|ends|ending|finish(?:es|ing)?|conclud\w*|until|through|thru|to|continu\w*|including)"
    r"(?:\s+(?:on|at|upon|as of|in))?(?:\s+the\s+(?:later|earlier)\s+of(?:\s*\(\w+\))?)?"
    r"|\b(?:expir\w*|end|ends|ending)\b[^.;]{0,40}?\bon"
    rf"|\b(?:expir\w*|ends?|ending|terminat\w*)\s+at\s+{TIME_OF_DAY}[^;\n]{{0,30}}?\bon"  # "at 5 p.m. (Toronto time) on"
    r"|\bi\.\s?e\.,?(?:\s+on)?"
    r"|\b(?:expiration|termination|end) date\s*:)"
    r"(?:\s+the(?=\s*$))?\s*$",  # "expiring on the 31st day of December, 2076": the ordinal form's "the"
    re.IGNORECASE,
)
# a period inside the term that ends on its own date (a fiscal year, a phase, an exclusivity period)
_SUB_PERIOD = re.compile(
    r"\b(?:fiscal|financial|calendar|contract)\s+(?:year|quarter)s?\b|"
    r"\b(?:production|exclusivity|warranty|trial|pilot|launch|sale|payment|interest|billing|invoicing|accounting|"
    r"reporting|notice|cure|grace|availability|probation(?:ary)?)\s+period\b|"
    r"\b(?:twelve|\d+)[- ]month period\b|\bphase\b|\bexclusivity\b|"
    r"\bwarrants?\b",  # "Seller warrants that the Goods will conform ... for a period of 24 months": a warranty's length
    re.IGNORECASE,
)
# "these Terms", "these Master Terms", "These Heads of Terms": the contract itself
_THESE_TERMS = r"these\s+(?:[A-Z][\w-]*\s+){0,3}(?:terms|heads\s+of\s+terms)"
_THE_TERM = re.compile(
    rf"\b(?:this|the)\s+(?:agreement|term)\b|\b{_THESE_TERMS}\b",
    re.IGNORECASE,
)


def _about_a_part(sentence: str, upto: int) -> bool:
    """The sentence dates a part of the term (a fiscal year, a phase), not the term itself, before `upto`."""
    part = _SUB_PERIOD.search(sentence, 0, upto)
    return part is not None and not _THE_TERM.search(sentence, 0, part.start())


# an end date labelled as a field: "End Date: June 30, 2028", a table's cell ("| Subscription End Date | March 31,
# 2028 |") or a dot leader ("End Date ....... June 30, 2028")
_END_LABEL = re.compile(
    r"^[ \t]*(?:\|[ \t]*)?(?:\d{1,2}(?:\.\d{1,2}){0,2}\.?[ \t]+)?(?:[A-Z][a-z]+[ \t]+)?(?:End|Expiration|Expiry|Termination) Date"
    r"(?:[ \t]*(?::|\||\.{3,})|[ \t]{2,})[ \t]*",
    re.MULTILINE | re.IGNORECASE,
)
# the contract's own end, stated plainly: its subject, then the words that end it right before the date
_ITS_END = (
    r"\b[^.;:]{0,80}?"
    r"\b(?:(?:term|period)\s+(?:ending|expiring)|(?:shall|will)\s+(?:automatically\s+)?(?:expire|end|terminate)|"
    r"expires|ends|finishes|terminates|(?<=,\s)(?:end|expire)|remains?\s+in\s+(?:full\s+)?(?:force|effect)\s+until|"
    r"(?:shall\s+|will\s+)?ceases?\s+to\s+have\s+effect(?:\s+at\s+the\s+end\s+of)?|"
    r"(?:shall|will)\s+(?:automatically\s+)?lapse|lapses)\s+(?:on\s+)?"  # "This Term Sheet shall lapse on"
)
_STATED_END = re.compile(
    rf"\b(?:this\s+(?:agreement|contract)|this\s+letter(?!\s+of\b)|{_THESE_TERMS}|"  # "This contract ends on"  # a side letter: "This letter ceases to have effect"
    r"the\s+(?:(?:revolving|credit|loan|term\s+loan)\s+)?facility|"  # a facility letter: "The Facility terminates on"
    # a preliminary document, named as such: "This Term Sheet shall lapse on", "This Memorandum of Understanding expires"
    r"this\s+(?:term\s+sheet|memorandum\s+of\s+understanding|letter\s+of\s+intent)|"
    r"the\s+(?:initial\s+)?term(?:\s+of\s+this\s+agreement)?)" + _ITS_END,
    re.IGNORECASE,
)
# an instrument that is not called an agreement ("PERFORMANCE BOND ... This Bond remains in force until 30 June 2029"):
# its own end, when the title or opening names the document by that word
# (a mandate, the civil-law contract for services that calls itself so: "DESIGN MANDATE ... The mandate begins on 1 May
# 2027 and ends on 30 April 2028", "the mandate" being the document where its title says so)
_INSTRUMENTS = r"deed|bond|guarantee|guaranty|indemnity|undertaking|warranty|letter\s+of\s+credit|mandate"
_STATED_INSTRUMENT_END = re.compile(
    rf"\b(?:this|the(?=\s+mandate\b))\s+({_INSTRUMENTS})\b[^.;:]{{0,80}}?"
    r"\b(?:(?:shall|will)\s+(?:automatically\s+)?(?:expire|end|terminate|cease)|expires|ends|terminates|"
    r"remains?\s+in\s+(?:full\s+)?(?:force|effect)\s+until)\s+(?:on\s+)?",
    re.IGNORECASE,
)
_INSTRUMENT_IN_OPENING = re.compile(rf"\b(?:{_INSTRUMENTS})\b", re.IGNORECASE)
_OPENING_CHARS = 300
# the same said of "It", matched where "It " opens a sentence (found by its letters: the pattern scan costs more)
_IT_ENDS = re.compile(r"(?-i:It)" + _ITS_END, re.IGNORECASE)
_EARLIER_AGREEMENT = re.compile(r"\b(?:original|prior|previous|existing|former)\b", re.IGNORECASE)
_FIRM_END = re.compile(r"expir|terminat|\bend|until|through|date\s*:", re.IGNORECASE)
_DAY_BEFORE = re.compile(r"\b(?:the\s+)?day\s+(?:before|prior\s+to|preceding)\s+(?:the\s+)?$", re.IGNORECASE)
_PERIOD_LEAD = re.compile(
    r"\b(?:term|period|continu\w*|remain\w*|expir\w*|terminat\w*|for|until|end|ending|ends|valid\w*|duration|in effect|"
    r"in force)\b"
    r"(?:\W+\w+){0,6}?\W*$",
    re.IGNORECASE,
)
_OWN_ANCHOR = re.compile(
    r"(?:the\s+)?(?:effective date|date (?:hereof|of this agreement|of (?:its )?execution|first (?:above |set forth )?written|"
    r"(?:on which )?(?:this agreement|it) (?:is|was|has been) (?:signed|executed)|"
    # "three years from the date on which this Agreement comes into effect": its effective date
    r"(?:on |upon )?which (?:(?:this|the) (?:agreement|contract)|it) (?:(?:comes|enters|came|entered) into (?:force|effect)|"
    r"takes effect|took effect|becomes effective))|execution (?:date|hereof|of this agreement)|"
    r"commencement date|signing|full execution|date of signature)",
    re.IGNORECASE,
)
_EVENT_ANCHOR = re.compile(
    r"\b(?:from|after|following|upon|commencing (?:on|from|upon|with)|commence on|begin(?:ning|s)? on|start(?:s|ing)? on|"
    r"effective as of)\s+(?:the\s+)?"
    # "from the time of her delivery": the moment of an event, as charters count their period
    r"((?:date (?:on|upon) which|date of (?:the )?(?!(?i:effective|execution|signature|signing|this))|"
    r"(?:time|moment) of (?:the |her |its |his |their )?(?!(?i:effective|execution|signature|signing|this))|first|initial|launch|closing|completion|delivery|acceptance|"
    r"[A-Z][\w-]+(?:\s+[A-Z][\w-]+)*\s+(?:Date|Launch)\b)[^,.;()]{0,40})",
)
_AUTO_RENEWAL = re.compile(
    r"\bautomatic(?:ally)?\s+(?:and\s+\w+\s+)?(?:be\s+)?(?:renew|extend|continue|prolong|roll(?:s|ed)?\s+(?:over|forward))|"
    r"\b(?:renew|extend|continue|prolong)\w*\s+(?:automatically|(?:by|of)\s+itself\b)|\broll(?:s|ed)?\s+(?:over|forward)\s+automatically|"
    r"\bautomatic\s+(?:\w+\s+){0,3}(?:renewal|extension)s?\b|\bauto-renew|\bevergreen\b|"
    # the civil-law tacit renewal (reconduction tacite, stillschweigende Verlängerung): "it is tacitly renewed", "is
    # renewed by tacit agreement", "tacit renewal"
    r"\btacit(?:ly)?\s+(?:be\s+)?(?:renew|extend|prolong|reconduct)|"
    r"\b(?:renew|extend|prolong)\w*\s+(?:by\s+)?tacit(?:ly|\s+(?:agreement|consent|reconduction))\b|"
    r"\btacit\s+(?:renewal|extension|prolongation|reconduction)|"
    # the next period said to begin of itself: "a Renewal Term of two (2) years shall automatically begin", "a further
    # term automatically commences"
    r"\b(?:renewal|extension|successive|further|additional)\s+(?:term|period)s?\b[^.;]{0,60}?"
    r"\b(?:automatically\s+(?:begins?|commences?|starts?|follows?)|(?:begins?|commences?|starts?|follows?)\s+automatically)\b",
    re.IGNORECASE,
)
# "this Agreement shall be extended for one (1) year", "the Term will be renewed for a period of two years": the
# contract itself (not an option, not a part of it) lengthened by a stated period
# (in the present tense and "by" the period too: "the service term is extended by twelve (12) months")
_CONTRACT_EXTENDED_BY_A_PERIOD = (
    r"\b(?:this\s+(?:agreement|contract)|the\s+(?:initial\s+|service\s+)?term|it)\s+"
    r"(?:(?:shall|will)\s+(?:automatically\s+)?be|is(?:\s+automatically)?)\s+"
    r"(?:renewed|extended)\s+(?:for|by)\s+(?:a\s+(?:further\s+)?(?:period|term)\s+of\s+)?(?:[\w-]+\s+)?(?:\(\d+\)\s+)?"
    r"(?:years?|months?)\b"
)
# a party telling the other in plain words, the notice of the renewal formulas below ("unless either party has told the
# other in writing"), or telling a party the contract names by its role, in writing (a three-party contract's notice
# goes to the one who holds the deposit: "unless the Licensor or the Licensee tells the Trustee in writing")
_TELLS_THE_OTHER = (
    r"(?:tells?|told|informs?|informed)\s+(?:the\s+other|(?:the\s+)?(?-i:[A-Z])[\w-]*(?:\s+(?-i:[A-Z])[\w-]*){0,3}\s+"
    r"(?:in\s+writing|by\s+(?:written\s+)?notice)\b)"
)
_RENEWS_UNLESS = re.compile(
    # "will carry on for successive one-year periods unless either party notifies": "carry on" is "continue"
    # (or objects to the extension, as civil-law drafting puts it: "is extended by five years in each case unless
    # either party objects to the extension")
    # ("runs on" / "rolls on" / "is prolonged" for a further period: the same renewal in other verbs)
    # (the notice's right put as a proviso: "rolls over for a further year, save that either party may prevent a
    # roll-over by notice")
    # ("rolls into a further term": the same roll-over)
    # ("carries forward" for a further period: "it shall carry forward for a further twelve (12) months unless")
    r"\b(?:renew\w*|extend\w*|continue\w*|prolong\w*|carr(?:y|ies)\s+(?:on|forward)|(?:run|runs|roll|rolls)\s+on|"
    r"roll(?:s|ed)?\s+(?:over|forward|into))\b[^.;]{0,160}?\b(?:successive|additional|further|another|year[- ]to[- ]year|"
    r"month[- ]to[- ]month|at a time|each time|in each case)\b[^.]{0,200}?\b(?:unless|save\s+that|except\s+that)\b[^.]{0,120}?"
    # (or "declares" it, the German form: "unless one of the parties declares ... that it does not wish an extension")
    # (or "opts out" of it: "unless either party opts out in writing")
    rf"\b(?:noti(?:ce|fies|fy|fication)|objects?|objection|declares?|declaration|opts?\s+out|{_TELLS_THE_OTHER})\b|"
    # "If neither party gives written notice of its intention not to renew ..., this Agreement shall be renewed for a
    # further one (1) year"
    # (or tells the other so in plain words: "Unless either party tells the other in writing ... that it does not wish
    # to continue, the term is extended by a further 12 months")
    r"\b(?:unless|if\s+(?:neither|no)\s+party|in\s+the\s+absence\s+of)\b[^.]{0,150}?"
    rf"\b(?:noti(?:ce|fies|fy|fication)|{_TELLS_THE_OTHER})\b"
    # (the notice's time may be long: "is received by the other party at least 270 days before the end of the Fixed
    # Term or of any extension period, this Agreement shall be extended each time by a further year")
    r"[^.]{0,240}?\b(?:continue|renew|extend)\w*\b[^.]{0,40}?"
    r"\b(?:year[- ]to[- ]year|month[- ]to[- ]month|successive|additional|further|another)\b|"
    # the contract itself extended by a stated period unless a party objects, in either order (the Japanese basic
    # agreement's form: "Unless either party notifies the other ... of its intention not to extend ..., this Agreement
    # shall be extended for one (1) year on the same terms, and the same shall apply thereafter")
    r"\b(?:unless|if\s+(?:neither|no)\s+party)\b[^.]{0,150}?\bnoti(?:ce|fies|fy|fication)\b[^.]{0,240}?"
    + _CONTRACT_EXTENDED_BY_A_PERIOD
    + r"|"
    + _CONTRACT_EXTENDED_BY_A_PERIOD
    + rf"[^.]{{0,200}}?\bunless\b[^.]{{0,120}}?\b(?:noti(?:ce|fies|fy|fication)|{_TELLS_THE_OTHER})\b",
    re.IGNORECASE,
)
# renewal refused or taken away: "does not renew automatically", "will not renew", "Clause 3.2 (Automatic Renewal) is
# deleted", "the renewal provisions formerly in Section 3.2 are deleted" (an amendment overrides the renewal clause
# it quotes; a section number's dot does not end the sentence)
_NO_RENEWAL = re.compile(
    r"\b(?:not|never)\s+(?:be\s+)?(?:automatically\s+|tacitly\s+)?(?:renew|extend)\w*|\bno\s+(?:automatic|tacit)\s+(?:renewal|extension)|"
    r"\b(?:renewal|extension)\b(?:[^.]|\.(?=\d)){0,60}\b(?:is|are|shall be|hereby)\s+(?:deleted|removed|revoked)\b|"
    # the deleted clause described in a relative clause: "Clause 3.2, which provided for the Agreement to renew
    # automatically ... unless notice was given, is deleted in its entirety"
    r"[,(]\s*(?:which|that)\s+(?:[^.]|\.(?=\d)){0,160}?\b(?:renew\w*|extension|extend\w*)\b(?:[^.]|\.(?=\d)){0,120}?"
    r"[,)]\s*(?:is|are|shall\s+be)\s+(?:hereby\s+)?(?:deleted|removed|revoked)\b",
    re.IGNORECASE,
)
# the notice that stops a renewal: "renews ... unless either party gives notice ... that it will not renew"
_IN_NOTICE_OF_NON_RENEWAL = re.compile(r"\b(?:unless|notice|notif(?:y|ies|ication))\b[^.;]{0,200}$", re.IGNORECASE)


def _refuses_renewal(sentence: str) -> bool:
    """Whether the sentence refuses renewal; "not renew" inside the notice that stops one is the notice's
    content ("unless either party gives notice that it will not renew"), not a refusal, and a part of the term
    that does not lengthen it ("The warranty period does not extend the term") refuses nothing."""
    return any(
        not _IN_NOTICE_OF_NON_RENEWAL.search(sentence, 0, m.start()) and not _said_of_a_part(sentence, m.start())
        for m in _NO_RENEWAL.finditer(sentence)
    )


def _said_of_a_part(sentence: str, at: int) -> bool:
    """The words at `at` have a part of the term for subject (the last one named before them, with the contract
    itself not named in between): "The exclusivity period shall not be extended"."""
    parts = list(_SUB_PERIOD.finditer(sentence, 0, at))
    return bool(parts) and not _THE_TERM.search(sentence, parts[-1].end(), at)


# said of the contract itself, wherever the model ranked it: "This Agreement does not renew automatically."
_STATED_NO_RENEWAL = re.compile(
    r"\b(?:this\s+agreement|the\s+(?:initial\s+)?term)\s+(?:does|shall|will)\s+not\s+(?:be\s+)?(?:automatically\s+|tacitly\s+)?renew",
    re.IGNORECASE,
)
_BY_AGREEMENT = re.compile(
    r"\bmutual(?:ly)?\b|\bby (?:the )?(?:written )?agreement of\b|\bif (?:both|the) parties (?:so )?agree|"
    r"\boption to (?:renew|extend)|\bmay (?:be )?(?:renew|extend)|\bat (?:its|the) (?:sole )?option",
    re.IGNORECASE,
)
# later in the text, automatic renewal taken away or renewal left to the parties: an amendment's "The automatic
# renewal provisions formerly set out in this Section 3.2 are deleted. This Agreement may be renewed only by mutual
# written agreement" overrides the recital that tells how the original agreement renewed
_RENEWAL_TAKEN_AWAY = re.compile(
    r"\b(?:automatic|auto-)\s*(?:renewal|extension)s?\b(?:[^.]|\.(?=\d)){0,80}?\b(?:is|are|shall be|hereby)\s+"
    r"(?:deleted|removed|revoked)\b|"
    # also past a date and by an amendment: "may be extended beyond 30 June 2030 only by a further written amendment"
    # (or a further document of the amendment's own kind: "only by a further supplemental agreement in writing", "only
    # by a further written variation", as a Scots minute of variation says)
    r"(?P<agreed>\b(?:renew|extend)\w*(?:\s+(?:beyond|after|past)\s+[^.;]{1,30}?)?\s+only\s+(?:by|with|upon)\s+"
    r"(?:the\s+|an?\s+)?(?:mutual\s+|further\s+)?(?:written\s+)?(?:supplemental\s+|amending\s+|variation\s+)?"
    r"(?:agreement|consent|amendment|deed|variation)|"
    # or as what a renewal of the term itself needs: "Any further extension of the Term shall require a written
    # amendment signed by both parties"
    r"\b(?:renewal|extension)\s+of\s+(?:the|this)\s+(?:initial\s+)?(?:term|agreement|contract|lease)\b[^.;]{0,40}?"
    r"\b(?:shall|will|must)\s+require\s+(?:the\s+|an?\s+)?(?:mutual\s+|further\s+)?(?:written\s+)?"
    r"(?:agreement|consent|amendment|variation))",
    re.IGNORECASE,
)
_RENEWAL_TAKEN_AWAY_SCAN = Scanned.of(_RENEWAL_TAKEN_AWAY)  # scanned for by its first letters
# "from Lease Year to Lease Year", "from term to term": period after period, as "year to year" says
_PERIOD_TO_PERIOD = (
    r"from\s+(?:[\w-]+\s+)?(?:year|month|quarter|season|term|period)\s+to\s+"
    r"(?:[\w-]+\s+)?(?:year|month|quarter|season|term|period)"
)
# "This Lease shall continue from Lease Year to Lease Year ... unless either party gives ... notice": automatic
# (or, once a fixed first period is over, "until" a party ends it by notice: "After the Initial Period, this agreement
# continues from month to month until either party ends it by giving ... notice"; without the fixed period first,
# "continues from month to month until terminated by notice" is a contract with no end, not a renewal)
_CONTINUES_UNLESS = re.compile(
    # (a Scots contract "endures" or an English one "remains in force" period after period: "shall endure until 30 June
    # 2031 and thereafter from year to year, unless and until either party gives notice")
    r"\b(?:continue\w*|endur\w*|remains?\s+in\s+(?:full\s+)?(?:force|effect))\b[^.;]{0,160}?\b"
    + _PERIOD_TO_PERIOD
    + r"\b[^.]{0,200}?\bunless\b[^.]{0,120}?\bnoti(?:ce|fies|fy)\b|"
    r"\b(?:after|following|(?:at|on|upon)\s+the\s+(?:end|expiry|expiration)\s+of)\s+the\s+(?:[\w-]+\s+){0,2}?"
    r"(?:term|period)\b[^.;]{0,60}?\bcontinue\w*\s+(?:[\w-]+\s+){0,2}?(?:"
    + _PERIOD_TO_PERIOD
    + r"|on\s+an?\s+(?:year|month)[- ]to[- ](?:year|month)\s+basis)\b[^.]{0,40}?\buntil\b[^.]{0,120}?\bnoti(?:ce|fies|fy)\b|"
    # the fixed period said in the sentence before, "then" after it: "This Subcontract then carries on from year to
    # year, without any further act of the parties, until either party ... gives the other written notice"
    r"\bthen\s+(?:continue\w*|carr(?:y|ies)\s+on|runs?\s+on)\s+(?:[\w-]+\s+){0,2}?(?:"
    + _PERIOD_TO_PERIOD
    + r"|on\s+an?\s+(?:year|month)[- ]to[- ](?:year|month)\s+basis)\b[^.]{0,120}?\buntil\b[^.]{0,200}?"
    r"\bnoti(?:ce|fies|fy)\b",
    re.IGNORECASE,
)
_RENEW_WORD = re.compile(
    r"\brenew|\bextend|\bextension|\bsuccessive\b|\bautomatically\b|\b(?:year|month)[- ]to[- ](?:year|month)\b|\broll(?:s|ed)?\s+(?:over|forward|into)\b|"
    # "this agreement continues for a further period of 12 months unless ...": a renewal without the word
    r"\b(?:continue[sd]?|carr(?:y|ies)\s+(?:on|forward)|(?:run|runs|roll|rolls)\s+on)\s+(?:in\s+force\s+)?for\s+(?:a\s+|an\s+)?"
    r"(?:further|another|additional)\b|\bprolong|"
    r"\b" + _PERIOD_TO_PERIOD + r"\b",
    re.IGNORECASE,
)
_ENDS_ON_EVENT = re.compile(
    r"\b(?:(?:ends|end|finish(?:es)?|expires?|terminates?)\s+(?:upon|on|with|at)|continu\w*,? (?:\w+,? ){0,4}?until)\s+"
    r"(?:the\s+)?+"
    r"(?!date\b|day\b|\d|end of the (?:initial|then|term)|(?:first|second|third|\w+th) anniversary|"
    r"(?:expiration|expiry|end) of (?:the |its |this )?(?:[\w-]+ ){0,2}(?:term|period))"
    r"((?:[\w'’-]+\s+){0,6}?(?:acceptance|completion|payment|delivery|closing|sale|termination|expiration|"
    r"approval|launch|expiry)\b[^.;]{0,40})",
    re.IGNORECASE,
)
_NOTICE_AFTER = re.compile(
    r"^\W*(?:prior\b|before(?:hand)?\b|in advance\b|advance\b|written\b|notice\b|'|’)", re.IGNORECASE
)
_NOTICE_BEFORE = re.compile(
    r"(?:at least|not less than|no less than|no later than|minimum of|upon|giving|gives|give)\s*$", re.IGNORECASE
)


@dataclass(frozen=True)
class Span:
    start: int
    end: int


@dataclass(frozen=True)
class Expiry:
    """The end of the initial term: a date, or None with the reason."""

    date: date | None
    start: int
    end: int
    reason: str


@dataclass(frozen=True)
class Term:
    expiry: Expiry | None
    auto_renewal: bool | None  # None: the engine found nothing about renewal
    renewal: Span | None  # the sentence that provides (or refuses) renewal
    renewal_by_agreement: bool
    notice_days: int | None
    notice: Span | None  # the notice period's words
    notice_period: tuple[int, str] | None = None  # as stated: (3, "month"), (90, "day")


# how deep the expiration candidates are read for the three best that state a term: the model can
# rank a sentence about fees or insurance above a short "Term." clause
_TERM_CANDIDATES = 6
# how many renewal candidates below _MIN_CONFIDENCE are read for a sentence that states an automatic renewal in full
_LOW_RANKED_RENEWALS = 2


def _ranked(scored: Scored | None, limit: int, floor: float = _MIN_CONFIDENCE) -> Scored:
    ordered = sorted(scored or [], key=lambda s: (-s[2], s[0]))
    return [s for s in ordered if s[2] >= floor][:limit]


def _ordinal(match: re.Match[str]) -> int | None:
    word, digits, hyphen = match.group(1), match.group(2), match.group(3)
    if word:
        return _ORDINALS[word.lower()]
    if digits:
        return int(digits)
    return NUMBER_WORDS.get(hyphen.lower()) if hyphen else None


def _term_period(sentence: str) -> tuple[int, str, int, int] | None:
    """The length of the initial term stated in a sentence: (amount, unit, start, end), first one stated."""
    found = []
    for m in ANNIVERSARY.finditer(sentence):
        n = _ordinal(m)
        if n and _IN_A_YEAR.search(sentence, max(0, m.start() - 30), m.start()):
            continue  # "From the sixth year of service the notice period is six months": a point, not a length
        if n:
            # "ends on the day before the third anniversary": the last day of the term
            before = sentence[max(0, m.start() - 60) : m.start()]
            unit = (
                "year-1d" if _DAY_BEFORE.search(before) else "year-eom" if _END_OF_MONTH_OF.search(before) else "year"
            )
            found.append((m.start(), n, unit, m.end()))
    for m in _NTH_MONTH.finditer(sentence):  # "the last day of the sixtieth (60th) calendar month of the Term"
        n = int(m.group("digits")) if m.group("digits") else _MONTH_ORDINALS[m.group("word").lower()]
        found.append((m.start(), n, _NTH_MONTH_UNIT, m.end()))
    for m in _END_OF_YEAR_N.finditer(sentence):  # "will end automatically upon the end of Year 3"
        found.append((m.start(), int(m.group(1)), _CONTRACT_YEAR, m.end()))
    for m in PERIOD.finditer(sentence):
        amount = period_amount(m)
        if not amount:
            continue
        # "three hundred and sixty-five (365) days": the hundreds are part of the number, not words before it
        before = _HUNDREDS_BEFORE.sub("", sentence[max(0, m.start() - 80) : m.start()])[-60:]
        after = sentence[m.end() : m.end() + 30]
        # a renewal's period ("is extended automatically by twelve (12) months at a time") is not the term's;
        # "shall extend for a period of five (5) years" is
        # nor is a deadline ("throughout the term, and shall notify Purchaser within two (2) business days")
        if _WITHIN_BEFORE.search(before):
            continue
        if re.search(r"renew|notice|extended\s+(?:\w+\s+)?(?:by|for)\b", before, re.IGNORECASE) or re.match(
            r"\W*(?:prior|before|notice|written|advance|after (?:receipt|notice)|"
            r"(?:after|following|from|beyond)\s+(?:the\s+)?(?:date\s+of\s+)?(?:\w+\s+)?(?:expir|terminat|ends?\b|term\b)|"
            # "shall begin forty-five (45) days after the date hereof": when it starts, not how long it lasts
            r"(?:after|following)\s+the\s+date\s+(?:hereof|of\s+this\b)|"
            # "for 60 days after you remove it": the length of something that follows an act of a party
            r"(?:after|following|once|when)\s+(?:you|we|it|they|he|she|either\s+party|a\s+party)\b)",
            after,
            re.IGNORECASE,
        ):
            continue
        if _PERIOD_LEAD.search(before) and not _A_DAY_OF.search(before):
            found.append((m.start(), amount[0], amount[1], m.end()))
    if not found:
        return None
    s, n, unit, e = min(found)
    return n, unit, s, e


# a period a duty must be done within is a deadline, not the term's length: "within thirty (30) days", "within a
# period of five (5) business days"
_WITHIN_BEFORE = re.compile(r"\bwithin\s+(?:a\s+(?:further\s+)?period\s+of\s+)?$", re.IGNORECASE)
# a day of a period is a point, not a length: "ending on the last day of a calendar month"
_A_DAY_OF = re.compile(r"\b(?:last|first)\s+day\s+of\s+$", re.IGNORECASE)
# "ends on the last day of the month in which the second anniversary of the Start Date falls"
_END_OF_MONTH_OF = re.compile(
    r"\b(?:last\s+day|end)\s+of\s+the\s+(?:calendar\s+)?month\s+in\s+which\s+(?:the\s+)?$", re.IGNORECASE
)
_TENS = {word: n for word, n in NUMBER_WORDS.items() if word.isalpha() and n in range(20, 100, 10)}
_MONTH_ORDINALS = {
    **{word: n for word, n in ORDINAL_DAYS.items() if n < 20},
    **{word[:-1] + "ieth": n for word, n in _TENS.items()},  # "twentieth", "sixtieth"
    **{f"{tens}-{word}": t + n for tens, t in _TENS.items() for word, n in ORDINAL_DAYS.items() if n < 10},
}
_MONTH_ORDINAL_WORDS = "|".join(w.replace("-", r"[\s-]") for w in sorted(_MONTH_ORDINALS, key=len, reverse=True))
# the term's last month counted from the month it starts in: "the last day of the sixtieth (60th) calendar month of
# the Term", "the last day of the 36th month of this Lease"
_NTH_MONTH = re.compile(
    rf"\blast\s+day\s+of\s+the\s+(?:(?P<word>{_MONTH_ORDINAL_WORDS})|(?P<digits>\d{{1,3}}){_ORD_SUFFIX})"
    rf"(?:\s*\(\d{{1,3}}{_ORD_SUFFIX}\))?\s+(?:full\s+)?(?:calendar\s+)?month\s+of\s+"
    r"(?:the\s+(?:initial\s+)?term|this\s+[a-z]+)\b",
    re.IGNORECASE,
)
_NTH_MONTH_UNIT = "nth-month"


_HUNDREDS_BEFORE = re.compile(
    r"\b(?:one|two|three|four|five|six|seven|eight|nine)\s+hundred\s+(?:and\s+)?$", re.IGNORECASE
)
# an ordinal year read as a moment within the term ("from the sixth year of service"), not as its length
_IN_A_YEAR = re.compile(
    r"\b(?:from|in|during|after|since|beginning\s+with|starting\s+with)\s+(?:the\s+)?$", re.IGNORECASE
)
# the anniversary of an event is no date until the event happens ("the tenth anniversary of the first sale")
_ANNIVERSARY_OF_EVENT = re.compile(
    r"\s+of\s+(?:the\s+|its\s+|a\s+)?((?:first|initial|last|final)\s+[\w-]+(?:\s+of\s+(?:the\s+|a\s+|an\s+)?[\w-]+)?|"
    r"(?:date\s+(?:on|upon)\s+which|completion|launch|closing|delivery|acceptance|approval|grant|issue|issuance|"
    r"publication|receipt|expiry|expiration|termination)\b[^,.;]{0,40})",
    re.IGNORECASE,
)
# the anniversary of a defined date ("the fifth anniversary of the Opening Date"): dated only where the contract
# gives that date (or it is the contract's own start); a date defined by an event is no date until the event happens
_ANNIVERSARY_OF_DEFINED = re.compile(r"\s+of\s+(?:the\s+)?((?:[A-Z][\w-]*\s+){1,3}Date)\b")


def _anniversary_base(text: str, sentence: str, at: int) -> tuple[date | None, str | None] | None:
    """The defined date an anniversary in `sentence` (the period ending at `at`) is counted from: (its date, None)
    when the contract gives it, (None, its name) when it does not; None when the anniversary is of no defined date
    or of the contract's own start (counted from the anchor as before)."""
    m = _ANNIVERSARY_OF_DEFINED.match(sentence, at)
    label = " ".join(m.group(1).split()) if m else ""  # "the Effective\nDate" broken over lines
    if not label or _OWN_ANCHOR.fullmatch(label):
        return None
    particular = particulars(text).get(label.lower())
    dated = _date_at_start(particular.value) if particular else None
    return (dated[0], None) if dated else (None, f"the {label}")


# "Year 3" is a defined term: twelve months from the start, unless the contract defines its years as calendar years
_END_OF_YEAR_N = re.compile(
    r"\bend\s+of\s+(?-i:(?:Contract\s+|Agreement\s+)?Year)\s+(\d{1,2})\b(?!\.\d|,\d)", re.IGNORECASE
)
_CALENDAR_YEARS = re.compile(
    r"[\"“](?:Contract\s+|Agreement\s+)?Year[\"”]\s+(?:shall\s+)?means?\s+(?:a|each|any|the)\s+calendar\s+year",
    re.IGNORECASE,
)
_CONTRACT_YEAR = "contract-year"


# an end on an event or a date, whichever comes first: the date is the latest the term can run, and the
# end a reviewer diarises ("ends on completion of the Project or 30 June 2029, whichever is earlier")
_EVENT_OR_DATE = re.compile(
    r"(?:\b(?:expir\w*|terminat\w*|end|ends|ending|until|continu\w*)\b[^.;]{0,120}?\b(?:or|and)"
    r"|\bthe\s+(?:earlier|earliest)\s+of\b[^.;]{0,120}?\b(?:or|and))\s*(?:\(\w+\)\s*)?(?:on\s+)?$",
    re.IGNORECASE,
)
_WHICHEVER_FIRST = re.compile(
    r"\s*,?\s*(?:\(\w+\)\s*)?whichever\s+(?:is|occurs|comes|shall\s+occur|happens)\s+(?:the\s+)?"
    r"(?:earlier|earliest|first|sooner|soonest)\b",
    re.IGNORECASE,
)


def _first_of_event_and_date(sentence: str, s: int, e: int) -> bool:
    before = sentence[max(0, s - 160) : s]
    earlier_of = re.search(r"\bthe\s+(?:earlier|earliest)\s+of\b", before, re.IGNORECASE)
    return bool(_EVENT_OR_DATE.search(before)) and bool(earlier_of or _WHICHEVER_FIRST.match(sentence, e))


# a date the sentence itself says is not the term's end: "the facility is available until 30 June 2030; neither date
# limits the duration of this Agreement", "which does not affect the term of this Agreement"
_NOT_THE_TERMS_END = re.compile(
    r"\b(?:neither|none\s+of|no)\b[^.;]{0,30}\bdates?\b[^.;]{0,20}?\b(?:limits?|affects?|determines?|ends?|shortens?)\b"
    r"[^.;]{0,20}?\b(?:duration|term)\b|"
    r"\b(?:does|do|shall|will)\s+not\s+(?:limit|affect|determine|end|shorten)\s+the\s+(?:duration|term)\b",
    re.IGNORECASE,
)
# another date moved by the document: "the date by which Buyer must deliver the statement is moved from March 1 to
# April 14"; its "to" is no end of the term unless the term or its end date is what is moved
_MOVED_FROM_TO = re.compile(
    r"\b(?:moved|postponed|deferred|rescheduled|brought\s+forward|put\s+back|pushed\s+back)\s+from\s+[^.;]{1,40}?\s+to\s*$",
    re.IGNORECASE,
)
_NAMES_THE_END = re.compile(r"\b(?:term|expir\w*|(?:end|expiry|termination)\s+date)\b", re.IGNORECASE)


# the end an amendment or restatement takes away: "which shall no longer expire on 30 September 2027", "ends on
# 31 March 2031 instead of 31 March 2028"
_NO_LONGER_THE_END = re.compile(
    r"(?:\bno\s+longer\s+(?:expires?|ends?|terminates?|runs?\s+(?:until|to))|\b(?:instead\s+of|rather\s+than))"
    r"(?:\s+(?:on|at|until))?\s*$",
    re.IGNORECASE,
)


def _a_date_moved(sentence: str, s: int) -> bool:
    if _NO_LONGER_THE_END.search(sentence, max(0, s - 40), s):
        return True
    moved = _MOVED_FROM_TO.search(sentence, 0, s)
    return moved is not None and not _NAMES_THE_END.search(sentence, 0, moved.start())


_FROM_AND_INCLUDING = re.compile(r"\bfrom\s+and\s+including\s*$", re.IGNORECASE)
# the end of the period before this one, as a renewal order states it: "The support period under the previous renewal
# order ends on December 31, 2027"
_EARLIER_PERIOD = re.compile(
    r"\b(?:previous|prior|preceding|former)\s+(?:[\w-]+\s+){0,2}?(?:order|agreement|contract|period|term)\b",
    re.IGNORECASE,
)


def _ends_an_earlier_period(sentence: str, s: int) -> bool:
    """The date at `s` ends a period before this contract's: its own sentence names the earlier one."""
    own = max(sentence.rfind(". ", 0, s), sentence.rfind("; ", 0, s), 0)
    return _EARLIER_PERIOD.search(sentence, own, s) is not None


# the day an employee's employment ends, as a separation or release agreement defines it: 'employment ends on March 31,
# 2027 (the "Separation Date")', "his last day of employment will be June 30, 2027": a past relationship's end, not the
# end of the agreement that settles it
_EMPLOYMENT_END_NAME = re.compile(r"(?:separation|resignation|retirement)\s+date", re.IGNORECASE)
_END_OF_EMPLOYMENT_NAMED = re.compile(r"\s*\(\s*(?:the\s+)?[\"“]?" + _EMPLOYMENT_END_NAME.pattern, re.IGNORECASE)
_LAST_DAY_OF_EMPLOYMENT = re.compile(
    r"\blast\s+day\s+of\s+(?:(?:his|her|their|the)\s+)?employment\b[^.;]{0,30}$", re.IGNORECASE
)


# a payment duty that runs to a date, in its own clause: "(b) the Company shall reimburse the premiums through
# September 30, 2027": the payments' last day, not the term's
_PAID_UNTIL = re.compile(
    r"\b(?:shall|will)\s+(?:continue\s+to\s+)?(?:pay|reimburse)\b(?![^;:]*\b(?:term|agreement|contract)\b)[^;:]*$",
    re.IGNORECASE,
)


def _payments_end(sentence: str, s: int) -> bool:
    own = max(sentence.rfind("; ", 0, s), sentence.rfind(": ", 0, s), sentence.rfind(". ", 0, s), 0)
    return _PAID_UNTIL.search(sentence, own, s) is not None


def _ends_employment(sentence: str, s: int, e: int) -> bool:
    return bool(
        _END_OF_EMPLOYMENT_NAMED.match(sentence, e) or _LAST_DAY_OF_EMPLOYMENT.search(sentence, max(0, s - 80), s)
    )


def _explicit_end(sentence: str, anchor: date | None) -> tuple[date, int, int] | None:
    """The first date stated as the end ("expire on", "until", "through", "Expiration Date:") of the term, not
    of a part of it ("the first Fiscal Year shall ... end on March 31, 2018") nor another date the document moves,
    or the date of an end on an event or that date, whichever is earlier."""
    for s, e, d in find_dates_loose(sentence):
        if _about_a_part(sentence, s) or _a_date_moved(sentence, s) or _ends_an_earlier_period(sentence, s):
            continue
        if _ends_employment(sentence, s, e) or _payments_end(sentence, s):
            continue
        if d is not None and _first_of_event_and_date(sentence, s, e):
            return d, s, e
        cue = _END_CUE.search(sentence[max(0, s - 40) : s]) if d is not None else None
        if cue and _FROM_AND_INCLUDING.search(sentence, max(0, s - 40), s):
            continue  # "the term from and including 24 June 2027 to and including ...": its first day
        if d is not None and cue and (anchor is None or d > anchor or _FIRM_END.search(cue.group(0))):
            return d, s, e
    return None


# the term ends with a fiscal year the contract names: "ends on the last day of Fiscal Year 2030"
_FISCAL_YEAR_END = re.compile(
    r"\b(?:last\s+day|end)\s+of\s+(?:the\s+)?(?:[A-Z][\w'’]*\s+)?(?:fiscal|financial)\s+year\s+(?P<year>\d{4})\b",
    re.IGNORECASE,
)
_MONTH_DAY = re.compile(
    r"\b(?:(?P<month>(?:jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*)\.?\s+(?P<day>\d{1,2})(?!\d)|"
    r"(?P<day_first>\d{1,2})(?:st|nd|rd|th)?\s+(?P<month_after>(?:jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*))\b",
    re.IGNORECASE,
)
_RUNS_TO = re.compile(
    r"\b(?:end\w*|through|thru|to|until)(?:\s+on)?\s+(?:the\s+(?:following|next)\s+)?$", re.IGNORECASE
)
_NAMED_FOR_ITS_START = re.compile(
    r"\bnamed\s+(?:for|after|by)\s+the\s+(?:calendar\s+)?year\s+in\s+which\s+it\s+(?:begins|starts|commences)\b",
    re.IGNORECASE,
)


def _end_of_fiscal_year(text: str, sentence: str) -> tuple[date, int, int] | None:
    """The last day of the fiscal year the term ends with, from the contract's definition of its fiscal year: the
    year it runs to (its last month and day, the one it ends in or "through") and which year names it (the one it
    ends in unless the definition says it is named for the one it begins in)."""
    m = _FISCAL_YEAR_END.search(sentence)
    if m is None:
        return None
    defined = re.search(r"[\"“](?:Fiscal|Financial)\s+Year[\"”]\s+(?:means|shall\s+mean|is)\b[^.]{0,300}", text)
    if defined is None:
        return None
    days = [(d, md) for d in _MONTH_DAY.finditer(defined.group(0)) if (md := _month_day(d)) is not None]
    if not days:
        return None
    ends = [md for d, md in days if _RUNS_TO.search(defined.group(0), 0, d.start())]
    last_month, last_day = ends[0] if ends else days[min(1, len(days) - 1)][1]
    year = int(m.group("year"))
    if _NAMED_FOR_ITS_START.search(defined.group(0)) and (last_month, last_day) != (12, 31):
        year += 1
    try:
        return date(year, last_month, last_day), m.start("year"), m.end("year")
    except ValueError:
        return None


_MONTH_NUMBERS = {name.lower(): number for name, number in MONTHS.items()}


def _month_day(m: re.Match[str]) -> tuple[int, int] | None:
    month = _MONTH_NUMBERS.get((m.group("month") or m.group("month_after")).lower()[:3])
    day = int(m.group("day") or m.group("day_first"))
    return (month, day) if month and 1 <= day <= 31 else None


def _anchor_in(sentence: str, fallback: date | None) -> tuple[date | None, str | None]:
    """The start of the term: a date it commences on, the contract's own date, or an event (no date)."""
    sentence = " ".join(sentence.split())  # names broken over lines ("Effective\nDate")
    m = re.search(
        r"\b(?:commenc\w*|begin\w*|start\w*|effective|from)\s+(?:on\s+|as of\s+|from\s+)?", sentence, re.IGNORECASE
    )
    if m:
        for s, _, d in find_dates(sentence[m.end() : m.end() + 40]):
            if d is not None and s < 5:
                return d, None
    for event in _EVENT_ANCHOR.finditer(sentence):
        if not _OWN_ANCHOR.match(event.group(1)) and not _OWN_ANCHOR.match(sentence, event.start(1)):
            return None, " ".join(re.split(r"\s+(?:and|or|until|for)\s", event.group(1))[0].split())
    return fallback, None


# the start a period counts from, named as a defined date: "three (3) years from the Service Start Date"
_DEFINED_DATE_NAME = re.compile(r"(?:[A-Z][\w-]*\s+){1,3}Date\b")


def _dated_event(text: str, event: str) -> tuple[date, None] | None:
    """The date of the defined date a term runs from, when the contract states it elsewhere ("starts on 15 September
    2027 (the "Service Start Date")"), so the period is counted from it rather than left undated."""
    name = _DEFINED_DATE_NAME.match(event)
    particular = particulars(text).get(" ".join(name.group().split()).lower()) if name else None
    dated = _date_at_start(particular.value) if particular else None
    return (dated[0], None) if dated else None


def _end_of_term(start: date, amount: int, unit: str) -> date:
    if unit == _CONTRACT_YEAR:
        return add_period(start, amount, "year")
    if unit == _NTH_MONTH_UNIT:  # the month the term starts in is its first
        return add_period(add_period(start.replace(day=1), amount, "month"), -1, "day")
    if unit.endswith("-eom"):
        end = add_period(start, amount, unit[:-4])
        return add_period(add_period(end.replace(day=1), 1, "month"), -1, "day")
    if unit.endswith("-1d"):
        return add_period(add_period(start, amount, unit[:-3]), -1, "day")
    return add_period(start, amount, unit)


def _is_term_sentence(sentence: str) -> bool:
    return bool(_TERM_SUBJECT.search(sentence) and _TERM_VERB.search(sentence)) or bool(
        re.search(
            # "Term: ...", "the renewal of the Agreement for a further term from 1 April 2026 to 31 March 2027"
            r"\b(?:term|period|expiration date|termination date|end date)\s*:|\bterm\s+from\b|"
            # a lease's letting clause: "The Landlord lets the Premises to the Tenant from ... until ..."
            r"\blets?\b[^.;]{0,120}?\bfrom\b[^.;]{0,120}?\buntil\b",
            sentence,
            re.IGNORECASE,
        )
    )


def read_expiry(text: str, scored: Scored | None, anchor: date | None, also: Scored | None = None) -> Expiry | None:
    """The end of the initial term from the best expiration sentences (`also`: other sentences that
    may state the term, e.g. the best effective-date ones, read for an explicit end date only)."""
    own_open_end = _own_open_end(text)
    if own_open_end is not None:
        return own_open_end
    term_sentences = [(s, e) for s, e, _ in _ranked(scored, _TERM_CANDIDATES) if _is_term_sentence(text[s:e])]
    term_sentences = [(s, e) for s, e in term_sentences if not _NOT_THE_TERMS_END.search(text, s, e)]
    for start, end in term_sentences[:3]:
        found = _expiry_in(text, start, end, anchor)
        if found is not None:
            return found
    for start, end, _ in _ranked(also, 3):
        sentence = text[start:end]
        term_sentence = _is_term_sentence(sentence) and not _NOT_THE_TERMS_END.search(sentence)
        explicit = _explicit_end(sentence, anchor) if term_sentence else None
        if explicit:
            d, s, e = explicit
            return Expiry(d, start + s, start + e, "stated end date")
    return (
        _labelled_end(text)
        or _stated_end(text, anchor)
        or _stated_instrument_end(text, anchor)
        or _end_of_a_defined_period(text, anchor)
        or _end_of_the_period_it_ends_with(text)
        or _end_of_the_period_it_starts_with(text, anchor)
        or _end_in_the_term_definition(text, anchor, term_sentences[:3])
        or _stated_open_end(text)
    )


# the sentence that states the term with the term as its subject, whatever the clause model made of it: "(a) The term
# of this Lease (the "Term") begins on ...", "2.1 The Initial Term commences on ..." (not "During the term of this
# Agreement and for five years thereafter", where the term measures something else)
# (scanned for from its "he": a pattern that opens with a letter class is tried at every character)
_THE_TERM_AS_SUBJECT = re.compile(
    r"he\s+(?:(?:[Ii]nitial|[Ff]irst)\s+[Tt]erm|[Tt]erm|[Ff]irst\s+[Ss]eason)\b(?!\s*[\"”])(?!\s+of\s+(?!this\b))"
)
# what may stand between the start of a line or sentence and that subject: clause numbers, "(a)", "Term." headings
_OPENING_OF_SENTENCE = re.compile(
    r"(?:^|[.;:\n])[ \t]*(?:(?:\(?[a-z0-9]{1,4}[.)]|\d+(?:\.\d+)*\.?|Section\s+\d+(?:\.\d+)*\.?)[ \t]+)*$",
)


def _terms_as_subjects(text: str) -> list[int]:
    """Where "The term", "the Initial Term" ... (`_THE_TERM_AS_SUBJECT`) start."""
    return [
        m.start() - 1
        for m in _THE_TERM_AS_SUBJECT.finditer(text)
        if m.start() > 0 and text[m.start() - 1] in "Tt" and (m.start() < 2 or not text[m.start() - 2].isalnum())
    ]


def _end_in_the_term_definition(text: str, anchor: date | None, read: list[tuple[int, int]]) -> Expiry | None:
    """The dated end read from the sentence whose subject is the term, when the clause model ranked it too low to be
    read (a lease whose sentences the model takes for the term speak of casualty and default)."""
    for at in _terms_as_subjects(text):
        if not _OPENING_OF_SENTENCE.search(text, max(0, at - 30), at):
            continue
        span = _sentence_at(text, at)
        sentence = text[span.start : span.end]
        if (span.start, span.end) in read or not _is_term_sentence(sentence) or _EARLIER_AGREEMENT.search(sentence):
            continue
        found = _expiry_in(text, span.start, span.end, anchor)
        if found is not None and found.date is not None:
            return found
    return None


def _expiry_in(text: str, start: int, end: int, anchor: date | None) -> Expiry | None:
    """The end of the term one sentence states (a date, or None with the reason), or None when it states none."""
    sentence = text[start:end]
    if _NAMES_A_PARTICULAR.search(sentence) and not _A_PERPETUAL_PART.search(sentence):
        by_definition = _defined_end(sentence, particulars(text), anchor)
        if by_definition is not None:
            return by_definition
    explicit = _explicit_end(sentence, anchor) or _end_of_fiscal_year(text, sentence)
    period = _term_period(sentence)
    open_ended = _OPEN_ENDED.search(sentence)
    event_end = _ENDS_ON_EVENT.search(sentence)
    if explicit:
        d, s, e = explicit
        return Expiry(d, start + s, start + e, "stated end date")
    if open_ended and not (period and period[2] < open_ended.start()):
        why = (
            "is perpetual"
            if re.search(r"perpetu|indefinite|evergreen", sentence, re.IGNORECASE)
            else "runs until terminated"
        )
        return Expiry(None, start, end, f"no end date: the term {why}")
    if event_end and not (period and period[2] < event_end.start()):
        what = " ".join(event_end.group(1).split())
        return Expiry(None, start, end, f"the term ends on an event ({what}), not a stated date")
    if period and not _about_a_part(sentence, period[2]):
        amount, unit, s, e = period
        of_event = _ANNIVERSARY_OF_EVENT.match(sentence, e) if unit.startswith("year") else None
        if of_event:
            what = " ".join(of_event.group(1).split())
            return Expiry(None, start, end, f"the term runs from an event ({what}), not a stated date")
        base, event = _anchor_in(sentence, anchor)
        if event:
            base, event = _dated_event(text, event) or (base, event)
        of_defined = _anniversary_base(text, sentence, e) if unit.startswith("year") else None
        if of_defined is not None:
            base, event = of_defined
        if event:
            return Expiry(None, start, end, f"the term runs from an event ({event}), not a stated date")
        if unit == _CONTRACT_YEAR and _CALENDAR_YEARS.search(text):
            return Expiry(None, start, end, "the term ends with a calendar year the contract does not date")
        if base is not None:
            return Expiry(_end_of_term(base, amount, unit), start + s, start + e, "term added to its start date")
    return None


_THIS_AGREEMENT_ENDS = re.compile(r"\bthis\s+agreement\s+(?:ends|expires|terminates|lapses)\b", re.IGNORECASE)


def _end_of_a_defined_period(text: str, anchor: date | None) -> Expiry | None:
    """ "... by the end of the Option Period, it lapses and this Agreement ends", the Option Period's end stated in a
    sentence of its own, wherever the clause model ranked either sentence."""
    for m in _THIS_AGREEMENT_ENDS.finditer(text):
        span = _sentence_at(text, m.start())
        sentence = text[span.start : span.end]
        if _NAMES_A_PARTICULAR.search(sentence):
            found = _defined_end(sentence, particulars(text), anchor)
            if found is not None and found.date is not None:
                return found
    return None


# the contract ends with a period of it the document dates elsewhere: "The Pilot Agreement ... ends on the last day of
# the Pilot Period" beside "the Pilot Period ends on June 30, 2027" (an amendment that moves the period's end)
_ENDS_WITH_A_PERIOD = re.compile(
    r"\b(?:(?:this|the)\s+(?:[A-Z][\w-]*\s+){0,3}(?i:agreement|contract)|it)\s+(?:shall\s+|will\s+)?"
    r"(?i:ends?|expires?|terminates?)\s+(?i:on|at)\s+the\s+(?i:last\s+day|end|expiry)\s+of\s+the\s+"
    r"((?:[A-Z][\w-]*\s+){0,3}Period)\b"
)


def _end_of_the_period_it_ends_with(text: str) -> Expiry | None:
    """The stated end of the period the contract says it ends with (read back from each "Period", not scanned for)."""
    for m in _periods_it_ends_with(text):
        if m.group(0).startswith("it") and not re.search(
            r"(?i:agreement|contract)", _sentence_before_at(text, m.start())
        ):
            continue  # "it" must stand for the contract named before it in its sentence
        period = " ".join(m.group(1).split())
        stated = re.compile(
            re.escape(period).replace(r"\ ", r"\s+") + r"\s+(?:shall\s+|will\s+)?(?:ends?|expires?)\s+on\s+"
        )
        ends = [e for e in (_date_after(text, s.end()) for s in stated.finditer(text)) if e is not None]
        if ends:
            return ends[-1]  # the last statement: the period as the document leaves it
    return None


# a named period that carries the whole contract, dated both ways in one sentence: "The Grant Period begins on July 1,
# 2027 and ends on June 30, 2030" (read back from each "Period"; its start must be the contract's own start)
_PERIOD_BEGINS = re.compile(
    r"\b(?:[Tt]he|[Tt]his)\s+((?:[A-Z][\w-]*\s+){1,3})Period\s+(?:shall\s+|will\s+)?"
    r"(?i:begins?|commences?|starts?|runs?\s+from)\s+(?:on\s+)?"
)
_AND_ENDS = re.compile(r"\s*,?\s+and\s+(?:shall\s+|will\s+)?(?i:ends?|expires?|terminates?|runs?\s+to)\s+(?:on\s+)?")


def _end_of_the_period_it_starts_with(text: str, anchor: date | None) -> Expiry | None:
    """The stated end of a period that begins on the day the contract starts (a grant or loan period, not a part)."""
    if anchor is None:
        return None
    at = text.find("Period")
    while at >= 0:
        for m in _PERIOD_BEGINS.finditer(text, max(0, at - 60), at + 40):
            if m.end(1) != at or _SUB_PERIOD.search(m.group(0)):
                continue
            begins = _date_after(text, m.end())
            ends = _AND_ENDS.match(text, begins.end) if begins is not None else None
            end = _date_after(text, ends.end()) if ends is not None else None
            if begins is not None and begins.date == anchor and end is not None and end.date and end.date > anchor:
                return end
        at = text.find("Period", at + 6)
    return None


def _periods_it_ends_with(text: str) -> list[re.Match[str]]:
    found = []
    at = text.find("Period")
    while at >= 0:
        lo = max(0, at - 160)
        m = _ENDS_WITH_A_PERIOD.search(text, lo, at + 6)
        if m is not None and m.end() == at + 6:
            found.append(m)
        at = text.find("Period", at + 6)
    return found


def _sentence_before_at(text: str, at: int) -> str:
    span = _sentence_at(text, at)
    return text[span.start : at]


def _date_after(text: str, at: int) -> Expiry | None:
    for s, e, d in find_dates_loose(text[at : at + 40]):
        if d is not None and s == 0:
            return Expiry(d, at, at + e, "stated end date")
    return None


# "The employment is for an indefinite period.", "It has no fixed end date. It lasts until you or we end it."
_OPEN_END_STATED = re.compile(
    r"\b(?:(?:the|this)\s+(?:agreement|contract|employment|engagement|mandate|agency|appointment|term)|it)\s+"
    # a first predicate before it: "The agency commences on 1 May 2027 and is entered into for an indefinite period"
    r"(?:[^.;\n]{0,50}?\s+and\s+)?(?:is|lasts|runs|continues|has)\b"
    rf"[^.;\n]{{0,40}}?(?:\bindefinite\s+(?:period|term|duration)|{_RUNS_UNTIL_ENDED})",
    re.IGNORECASE,
)


# the document saying of itself that it has no term of its own: "This letter has no fixed term.", "This deed is for an
# indefinite period"; it outranks any end date read elsewhere (a consent letter restates the lease's expiry, a side
# letter the main agreement's), while "The Agreement continues until terminated" beside a stated initial term does not
_OWN_OPEN_END = re.compile(
    r"\bthis\s+(?:letter(?:\s+agreement)?|deed(?:\s+poll)?|agreement|undertaking|guarantee|guaranty|consent|instrument)\s+"
    r"(?:has|is\s+(?:for|of)|is\s+made\s+for|runs\s+for)\s+(?:no\s+fixed\s+(?:term|duration|end(?:\s+date)?)|"
    r"an\s+indefinite\s+(?:period|term|duration))\b",
    re.IGNORECASE,
)


def _own_open_end(text: str) -> Expiry | None:
    """`_OWN_OPEN_END` (behind a substring test: the pattern is tried only where "no fixed" or "indefinite" occurs)."""
    lower = text.lower()
    if "no fixed" not in lower and "indefinite" not in lower:
        return None
    m = _OWN_OPEN_END.search(text)
    if m is None:
        return None
    sentence = _sentence_at(text, m.start())
    return Expiry(None, sentence.start, sentence.end, "no end date: the document has no fixed term of its own")


# the words `_OPEN_END_STATED` ends with, and how far from one of them its match may start or end
_OPEN_END_WORDS = re.compile(r"indefinite|until|no fixed")
_OPEN_END_REACH = 200


def _stated_open_end(text: str) -> Expiry | None:
    """A term the contract says in so many words has no end, wherever the clause model ranked the sentence (read
    only around the words that end the pattern: one scan of a long text for it costs about 0.1 second)."""
    lower = text.lower()
    m = None
    for word in _OPEN_END_WORDS.finditer(lower):
        at = word.start()
        m = _OPEN_END_STATED.search(text, max(0, at - _OPEN_END_REACH), at + _OPEN_END_REACH)
        if m is not None:
            break
    if m is None:
        return None
    sentence = _sentence_at(text, m.start())
    return Expiry(None, sentence.start, sentence.end, "no end date: the term runs until terminated")


# a term sentence that takes its end or its length from a defined term given elsewhere: "ends on the Final
# Repayment Date", "continues for the Initial Term set out in Schedule 1", "runs for the Term from the Start Date"
# or a numbered row of the particulars: "ending on the date in Item 6", "ends on the date in paragraph 4 of Schedule 1"
_NAMES_A_PARTICULAR = re.compile(
    r"\b(?:ends?|ending|expires?|expiring|terminates?|terminating|until|through|end\s+of|for|during)\s+(?:on\s+)?the\s+"
    r"(?:[A-Z][\w-]*\s+){0,3}"
    r"(?:Date|Term|Period)\b|"
    # a span between two defined dates: "runs from the Start Date to the Expiry Date"
    r"\bfrom\s+the\s+(?:[A-Z][\w-]*\s+){0,3}Date\s+to\s+the\s+(?:[A-Z][\w-]*\s+){0,3}Date\b|"
    r"\b(?:end\w*|expir\w*|terminat\w*|until)\s+(?:on\s+)?"
    + THE_DATE_IN
    + r"\s+(?:(?i:item|paragraph|row)\s+\d|[A-Z]\d)"
)
# "to" only after a date's name: "from the Start Date to the Expiry Date"
_ENDS_ON = r"ends?|ending|expires?|expiring|terminates?|terminating|until|through|(?<=\bdate\s)to"
_LASTS_FOR = r"for|during|end\s+of"
_STARTS_ON = r"from|after|commencing\s+on|starting\s+on|beginning\s+on"


def _defined_end(sentence: str, defined: dict[str, Particular], anchor: date | None) -> Expiry | None:
    """The end of the term when the sentence names a defined date or term whose value is given elsewhere."""
    for particular, _ in referenced(sentence, defined, rf"(?:{_ENDS_ON})(?:\s+on)?(?:\s+{THE_DATE_IN})?"):
        if _EMPLOYMENT_END_NAME.fullmatch(particular.label):
            continue  # "wages earned through the Separation Date": the employment's end, not the term's
        dated = _date_at_start(particular.value)
        if dated is not None:
            d, s, e = dated
            return Expiry(d, particular.start + s, particular.start + e, "stated end date")
    for particular, _ in referenced(sentence, defined, _LASTS_FOR):
        value = particular.value
        explicit = _explicit_end(value, anchor)
        if explicit:
            d, s, e = explicit
            return Expiry(d, particular.start + s, particular.start + e, "stated end date")
        # "24 months from the Start Date", "the period beginning on the Commencement Date and ending on the day
        # before the third anniversary of the Commencement Date"
        period = _period_at_start(value) or _term_period(value)
        if period is None:
            continue
        amount, unit, s, e = period
        starts = referenced(value, defined, _STARTS_ON)
        start_value = _date_at_start(starts[0][0].value) if starts else None
        base = start_value[0] if start_value else anchor
        if base is not None:
            end = _end_of_term(base, amount, unit)
            return Expiry(end, particular.start + s, particular.start + e, "term added to its start date")
    return None


def _period_at_start(value: str) -> tuple[int, str, int, int] | None:
    """The period a particular's value opens with ("24 months from the Start Date", "30 days"):
    (amount, unit, start, end)."""
    period = next((m for m in PERIOD.finditer(value) if m.start() < 3), None)
    amount = period_amount(period) if period else None
    if period is None or amount is None:
        return None
    return amount[0], amount[1], period.start(), period.end()


def _date_at_start(value: str) -> tuple[date, int, int] | None:
    for s, e, d in find_dates_loose(value):
        if d is not None and (s < 3 or VALUE_OPENING.fullmatch(value[:s])):
            return d, s, e
    return None


def _labelled_end(text: str) -> Expiry | None:
    """An end date given as a labelled field of an order form or cover page ("Subscription End Date: 30 June 2026",
    or the term's field as a span of two dates: "Subscription Term: June 1, 2027 to May 31, 2028")."""
    for label in _END_LABEL.finditer(text):
        for s, e, d in find_dates_loose(text[label.end() : label.end() + 40]):
            if d is not None and s == 0:
                return Expiry(d, label.end() + s, label.end() + e, "stated end date")
    return _labelled_term_span(text)


# a field whose label names the contract's term ("Term", "Subscription Term", "Initial Period"), not a renewal's,
# a trial's or a payment's; its value a span of two dates ("June 1, 2027 to May 31, 2028", "1 May 2027 - 30 April 2029")
# (a hire's or a lease's minimum or fixed period too: "Minimum Hire Period: 1 March 2027 to 29 February 2028")
_TERM_FIELD = re.compile(
    r"(?:(?:minimum|fixed)\s+)?(?:(?:initial|subscription|service|contract|agreement|licen[cs]e|hire|rental|lease)\s+)?"
    r"(?:term|period)"
)
_SPAN_JOINER = re.compile(r"[ \t]*(?:to|through|thru|until|till|-|–|—)[ \t]*(?:and\s+including\s+)?", re.IGNORECASE)
# the value stands after a field's separator, not after "means" (a definition is read with the term's sentence)
_FIELD_SEPARATOR = re.compile(r"(?::|\||\t|[ ]{2,}|\.{3,})[ \t]*$")


def _labelled_term_span(text: str) -> Expiry | None:
    """The later date of a term field stated as a span of two dates (its first date first)."""
    for label, particular in particulars(text).items():
        if not _TERM_FIELD.fullmatch(label) or not _FIELD_SEPARATOR.search(
            text, max(0, particular.start - 8), particular.start
        ):
            continue
        dates = find_dates_loose(particular.value[:80])
        if len(dates) < 2 or dates[0][0] != 0 or dates[1][2] is None or dates[0][2] is None:
            continue
        joined = _SPAN_JOINER.fullmatch(particular.value, dates[0][1], dates[1][0])
        if joined is not None and dates[1][2] > dates[0][2]:
            s, e = dates[1][0], dates[1][1]
            return Expiry(dates[1][2], particular.start + s, particular.start + e, "stated end date")
    return None


# a facility letter's term is the facility's availability: "The Facility is available until 28 February 2028 (the
# "Expiry Date")"; read only where the document defines the Facility, not where a security agreement mentions the
# loan it secures ("the revolving facility is available until ...; neither date limits the duration")
_FACILITY_AVAILABLE = re.compile(
    r"\bthe\s+(?:(?:revolving|credit|loan|term\s+loan|banking)\s+)?facility\s+(?:is|shall\s+be|will\s+be|remains?)\s+"
    r"available\s+(?:for\s+(?:drawing|utili[sz]ation|use)\s+)?until\s+(?:and\s+including\s+)?",
    re.IGNORECASE,
)
_DEFINES_THE_FACILITY = re.compile(r"\(\s*(?:the\s+)?[\"“]Facility[\"”]\s*\)")


def _facility_available(text: str) -> list[re.Match[str]]:
    if "available" not in text or not _DEFINES_THE_FACILITY.search(text):
        return []
    return [
        m for m in _FACILITY_AVAILABLE.finditer(text) if not _NOT_THE_TERMS_END.search(text, m.end(), m.end() + 200)
    ]


def _stated_end(text: str, anchor: date | None) -> Expiry | None:
    """An end date the contract states for itself in so many words ("This Agreement is concluded for a
    fixed term ending on 30 June 2028", "the Term shall expire on 31 December 2027"), wherever the
    clause model ranked the sentence: wording this plain is the expiry whatever its score."""
    found = [*_STATED_END.finditer(text), *_its_stated_ends(text), *_facility_available(text)]
    for m in sorted(found, key=lambda m: m.start()):
        opening = re.split(r"[.;:\n]\s", text[max(0, m.start() - 100) : m.start()])[-1]
        stated = opening + m.group(0)
        if _EARLIER_AGREEMENT.search(stated) or _about_a_part(stated, len(stated)):
            continue
        for s, e, d in find_dates_loose(text[m.end() : m.end() + 40]):
            if d is not None and s == 0 and (anchor is None or d > anchor):
                return Expiry(d, m.end() + s, m.end() + e, "stated end date")
    return None


def _stated_instrument_end(text: str, anchor: date | None) -> Expiry | None:
    """The stated end of a bond, deed or guarantee that names itself so in its title or opening ("PERFORMANCE
    BOND ... This Bond remains in force until 30 June 2029"); a guarantee inside an agreement is a part of it."""
    own = {" ".join(m.group(0).lower().split()) for m in _INSTRUMENT_IN_OPENING.finditer(text, 0, _OPENING_CHARS)}
    if not own:
        return None
    for m in _STATED_INSTRUMENT_END.finditer(text):
        if " ".join(m.group(1).lower().split()) not in own:
            continue
        for s, e, d in find_dates_loose(text[m.end() : m.end() + 40]):
            if d is not None and s == 0 and (anchor is None or d > anchor):
                return Expiry(d, m.end() + s, m.end() + e, "stated end date")
    return None


def _its_stated_ends(text: str) -> list[re.Match[str]]:
    """`_IT_ENDS` where its "It" is the contract: the sentence before it speaks of the contract."""
    found = []
    at = text.find("It ")
    while at >= 0:
        m = _IT_ENDS.match(text, at)
        if m and (at == 0 or not text[at - 1].isalnum()) and _after_the_contract_itself(text, at):
            found.append(m)
        at = text.find("It ", at + 3)
    return found


# a sentence, after any clause number, whose subject is the contract itself: "(1) This Agreement is signed on ..."
_THE_CONTRACT_OPENS = re.compile(
    r"^\W*(?:(?:\d+(?:\.\d+)*|[a-z]|[ivx]+)[.)]?\W*)?(?:this|the)\s+(?:agreement|contract)\b", re.IGNORECASE
)
_CLAUSE_NUMBER_AT_END = re.compile(r"(?:\(\w{1,4}\)|\d+(?:\.\d+)*\.?|[a-z]\))\s*$")


def _after_the_contract_itself(text: str, at: int) -> bool:
    """The sentence that opens at `at` ("It is concluded for a fixed term ...") follows one about the contract
    itself, so its "It" is the contract: "(1) This Agreement is signed on ... (2) It is concluded for ..."."""
    before = _CLAUSE_NUMBER_AT_END.sub("", text[max(0, at - 400) : at]).rstrip()
    if not before.endswith((".", ";")):
        return False
    previous = re.split(r"(?<=[.;])\s+|\n", before[:-1])[-1]
    return bool(_THE_CONTRACT_OPENS.match(previous)) and not _EARLIER_AGREEMENT.search(previous)


def _notice_period(text: str, start: int, end: int) -> tuple[int, str, int, int] | None:
    """The notice period stated in a sentence, (amount, unit, start, end): the period followed by "prior",
    "notice"... or after "at least"."""
    for m in PERIOD.finditer(text, start, end):
        amount = period_amount(m)
        if not amount:
            continue
        after = text[m.end() : min(end, m.end() + 25)]
        before = text[max(start, m.start() - 25) : m.start()]
        if _NOTICE_AFTER.search(after) or _NOTICE_BEFORE.search(before):
            return amount[0], amount[1], m.start(), m.end()
    return None


def read_renewal(
    text: str, renewal: Scored | None, notice: Scored | None, expiration: Scored | None
) -> tuple[bool | None, Span | None, bool]:
    """(automatic?, the sentence, renewal only by agreement?). None when no sentence speaks of renewal."""
    by_agreement_at: Span | None = None
    automatic_at: Span | None = None
    refused_at: Span | None = None
    seen = False
    for start, end, _ in _ranked(renewal, 3) + _ranked(notice, 2) + _ranked(expiration, 2):
        sentence = text[start:end]
        if not _RENEW_WORD.search(sentence):
            continue
        seen = True
        if _refuses_renewal(sentence):
            refused_at = refused_at or Span(start, end)
        elif automatic_at is None and (
            _AUTO_RENEWAL.search(sentence) or _RENEWS_UNLESS.search(sentence) or _CONTINUES_UNLESS.search(sentence)
        ):
            automatic_at = Span(start, end)
        if _BY_AGREEMENT.search(sentence) and by_agreement_at is None:
            by_agreement_at = Span(start, end)
    if automatic_at is None and refused_at is None and by_agreement_at is None:
        automatic_at = _plainly_automatic(text, renewal)
    if automatic_at and not refused_at:
        taken_away = _renewal_taken_away(text, automatic_at.end)
        if taken_away:
            return False, *taken_away
        return True, automatic_at, False
    if by_agreement_at:  # "does not renew automatically; it may be renewed by mutual written agreement"
        return False, by_agreement_at, True
    if not seen and (stated := _stated_no_renewal(text)) is not None:
        return False, _sentence_at(text, stated), False
    if refused_at is not None and (agreed := _renewal_left_to_agreement(text, refused_at.start)) is not None:
        # "Clause 3.2 ... is deleted ...": "the term may be extended only by a further agreement"
        return False, agreed, True
    return (False if seen else None), refused_at, False


def _plainly_automatic(text: str, renewal: Scored | None) -> Span | None:
    """A renewal candidate the model ranked low that states an automatic renewal in full, period after period unless a
    party gives notice ("It shall continue thereafter from year to year ... unless a Group Company gives notice"): the
    wording, not the score, decides."""
    for start, end, _ in _ranked(renewal, _LOW_RANKED_RENEWALS, floor=0.0):
        sentence = text[start:end]
        if not _RENEW_WORD.search(sentence) or _refuses_renewal(sentence) or _BY_AGREEMENT.search(sentence):
            continue
        # (the "unless notice" forms only: "shall automatically be extended until ..." may be a one-off extension)
        if _RENEWS_UNLESS.search(sentence) or _CONTINUES_UNLESS.search(sentence):
            return Span(start, end)
    return None


def _stated_no_renewal(text: str) -> int | None:
    """Where the text says the contract does not renew, read only around each "renew" (a scan of the
    whole text for the pattern costs about a millisecond a contract)."""
    for word in ("enew", "ENEW"):  # "renew", "Renew", "RENEW"
        at = text.find(word)
        while at >= 0:
            m = _STATED_NO_RENEWAL.search(text, max(0, at - 90), at + 8)
            if m:
                return m.start()
            at = text.find(word, at + 4)
    return None


def _renewal_taken_away(text: str, after: int) -> tuple[Span, bool] | None:
    """The sentence after `after` that takes automatic renewal away, and whether renewal is then left to
    the parties' agreement; None when nothing later does."""
    found = list(_RENEWAL_TAKEN_AWAY_SCAN.finditer(text, after))
    if not found:
        return None
    return _sentence_at(text, found[0].start()), any(m.group("agreed") for m in found)


def _renewal_left_to_agreement(text: str, after: int) -> Span | None:
    """The sentence after `after` that leaves renewal to the parties' agreement ("may be extended ... only by a
    further written agreement"), None when none does."""
    found = next((m for m in _RENEWAL_TAKEN_AWAY_SCAN.finditer(text, after) if m.group("agreed")), None)
    return _sentence_at(text, found.start()) if found else None


def _sentence_at(text: str, at: int) -> Span:
    start, end = next(((s, e) for s, e in paragraphs(text) if s <= at < e), (at, at + 1))
    return Span(*next(((s, e) for s, e in sentences(text, start, end) if s <= at < e), (start, end)))


# an amendment that restates a clause in so many words: 'Section 5.1 of the Agreement is deleted and replaced with
# the following: "5.1 Initial Term. ... end on April 30, 2020."', 'is hereby amended to read as follows: "..."', also
# "replaced" alone: 'clause 4.1 of the Licence is replaced with: "The Licence Period ends on 30 June 2031."'
_RESTATED = re.compile(
    r"\b(?:(?:deleted|amended|replaced)\b[^.:\"“]{0,60}?\b(?:replaced|restated|to\s+read)|replaced\s+(?:with|by))\b"
    r"[^.:\"“]{0,40}?:?\s*[\"“]([^\"”]{20,2000})[\"”]",
    re.IGNORECASE,
)
_RESTATED_SCAN = Scanned.of(_RESTATED)  # scanned for by its first letters
# the same restatement by striking words out and putting others in: 'Article 3 is amended by deleting "The period of
# performance ends on 30 September 2027" and substituting "The period of performance ends on 30 September 2028"'
# (group 1: the words put in)
_DELETED_AND_SUBSTITUTED = re.compile(
    r"\b(?:delet|strik|remov)(?:e|es|ed|ing)\s+(?:the\s+(?:words?|sentence|text|phrase)\s+)?[\"“][^\"”]{1,2000}[\"”]"
    r"\s*,?\s+and\s+(?:substitut|insert|replac)(?:e|es|ed|ing)\b[^.:\"“]{0,40}?:?\s*[\"“]([^\"”]{20,2000})[\"”]",
    re.IGNORECASE,
)
_DELETED_AND_SUBSTITUTED_SCAN = Scanned.of(_DELETED_AND_SUBSTITUTED)


def restated_first(text: str, by_category: dict[str, Scored]) -> dict[str, Scored]:
    """`by_category` with the sentences of clauses an amendment restates put first (confidence 1.0) in the
    categories of the term they speak of: the restated clause is the one in force, whatever the model ranked
    above it (usually the clause it replaces)."""
    found: dict[str, Scored] = {}
    lower = text.lower()
    restated: dict[tuple[int, int], None] = {}
    if "replaced" in lower or "restated" in lower or "to read" in lower:
        restated.update(dict.fromkeys(m.span(1) for m in _RESTATED_SCAN.finditer(text)))
    if any(w in lower for w in ("delet", "strik", "remov")) and any(
        w in lower for w in ("substitut", "insert", "replac")
    ):
        restated.update(dict.fromkeys(m.span(1) for m in _DELETED_AND_SUBSTITUTED_SCAN.finditer(text)))
    if not restated:
        return by_category  # the common case, found without the patterns' scans
    for words_start, words_end in restated:
        for s, e in sentences(text, words_start, words_end):
            sentence = text[s:e]
            if _is_term_sentence(sentence) and (_explicit_end(sentence, None) or _term_period(sentence)):
                found.setdefault("expiration_date", []).append((s, e, 1.0))
            if _RENEW_WORD.search(sentence):
                found.setdefault("renewal_term", []).append((s, e, 1.0))
            if _notice_period(text, s, e):
                found.setdefault("notice_period_to_terminate_renewal", []).append((s, e, 1.0))
    if not found:
        return by_category
    return {**by_category, **{cat: spans + list(by_category.get(cat, [])) for cat, spans in found.items()}}


# a change to the term made later in the same document (a change order or variation appended to the contract): "Section
# 2.1 is amended so that the End Date is December 17, 2027 instead of October 29, 2027", "the Term is extended until 30
# June 2029"; not an option ("may be extended"), a renewal, or a recital of what an earlier document did
_AMENDING = re.compile(r"\b(?:amended|extended|varied|modified|changed|replaced)\b", re.IGNORECASE)
_NOT_A_CHANGE_MADE = re.compile(
    r"\b(?:may|might|can|could|option|whereas|recitals?|previously|wish\w*|intends?|desires?|was|were|had\s+been|"
    r"automatic\w*|successive|renew\w*)\b",
    re.IGNORECASE,
)
_END_DATE_NAME = r"(?:end|expiry|expiration|termination|completion)\s+date"
_THIS_DOCUMENT = (
    r"\b(?:this|the)\s+(?:[\w-]+\s+){0,2}?(?:agreement|contract|sow|statement\s+of\s+work|order|lease|licen[cs]e)\b"
)
# "The Agreement is hereby extended until ...": the contract itself is extended (its term, not a clause amended)
_DOCUMENT_CHANGED = re.compile(_THIS_DOCUMENT + r"\s+(?:is|shall\s+be|will\s+be)\s+(?:hereby\s+)?$", re.IGNORECASE)
_CONDITION = re.compile(r"\b(?:if|unless|in\s+the\s+event|provided\s+that|where|should|subject\s+to)\b", re.IGNORECASE)
_CHARGES = re.compile(r"\b(?:fees?|prices?|rates?|charges?|discounts?)\b", re.IGNORECASE)
_OLD_DATE_CUE = re.compile(
    r"\b(?:instead\s+of|in\s+place\s+of|rather\s+than|from|originally|previously|formerly)\s*(?:on\s+)?$", re.IGNORECASE
)
_QUOTE_MARK = re.compile(r"[\"“”]")
# the words that bring in the replacing text, before a quoted definition of the end date
_REPLACING = re.compile(r"\b(?:replac(?:ed|ing)|substitut(?:ed|ing)|to\s+read)\b[^\"“”]{0,40}[\"“]", re.IGNORECASE)
_DEFINED_AFTER = re.compile(r"\s*\((?:the\s+)?[\"“]([A-Z][\w -]{1,40}?)[\"”]\)")


def _amended_end(text: str, expiry: Expiry) -> Expiry | None:
    """The end date a later amendment in the same text sets for the term, past the sentence `expiry` was read from:
    the last such change is the one in force (None when nothing later changes the end)."""
    defined = _DEFINED_AFTER.match(text, expiry.end)  # 'ends on 31 July 2026 (the "Completion Date")'
    names = _END_DATE_NAME + (rf"|{re.escape(defined.group(1))}" if defined else "")
    named = re.compile(rf"\bterm\b|\b(?:{names})\b", re.IGNORECASE)
    # also a definition restated in the words that replace it: 'the definition of "Expiry Date" is deleted and
    # replaced by: ""Expiry Date" means 14 March 2031."'
    new_end = re.compile(
        rf"\b(?:{names})[\"”]?\s+(?:is|shall\s+be|will\s+be|becomes|is\s+changed\s+to|means|shall\s+mean)\s*$",
        re.IGNORECASE,
    )
    found: Expiry | None = None
    for verb in _AMENDING.finditer(text, expiry.end):
        span = _sentence_at(text, verb.start())
        if (found is not None and span.start < found.end) or _NOT_A_CHANGE_MADE.search(text, span.start, span.end):
            continue
        if _CONDITION.search(text, span.start, verb.start()):
            continue  # "if the approval is delayed, the Long Stop Date shall be extended until ...": not made yet
        sentence = text[span.start : span.end]
        the_document_changed = verb.group(0).lower() == "extended" and _DOCUMENT_CHANGED.search(
            text, max(span.start, verb.start() - 80), verb.start()
        )
        for s, e, d in find_dates_loose(sentence):
            before = sentence[max(0, s - 40) : s]
            if d is None or s < verb.start() - span.start or _about_a_part(sentence, s) or _OLD_DATE_CUE.search(before):
                continue  # the change is stated before its new date ("... as amended in Amendment 5": a reference)
            if len(_QUOTE_MARK.findall(sentence, 0, s)) % 2 and not (
                new_end.search(before) and _REPLACING.search(sentence, 0, s)
            ):
                continue  # inside the words quoted for deletion or replacement (a restatement is read elsewhere)
            if not (the_document_changed or named.search(sentence, 0, s)) or _CHARGES.search(
                sentence, max(0, s - 60), s
            ):
                continue  # the term's end, not what a fee or price is until
            if new_end.search(before) or _END_CUE.search(before):
                found = Expiry(d, span.start + s, span.start + e, "end date as amended")
                break
    return found


# a party exercising its option to extend or renew, in the present: "The Tenant exercises that option", "we hereby
# exercise the renewal option" (not "may exercise", "if it exercises", "exercisable by notice")
_OPTION_EXERCISED = re.compile(
    r"\b(?:hereby\s+exercises?|exercises)\s+(?:that|the|its|this|such|our|their)\s+(?:[\w-]+\s+){0,2}?option\b",
    re.IGNORECASE,
)
_EXTENDED_PERIOD = re.compile(
    r"\b(?:further|extended|extension|renewal|renewed|new|additional|option)\s+(?:term|period)\b", re.IGNORECASE
)
_EXERCISE_REACH = 400


def _options_exercised(text: str) -> Iterator[re.Match[str]]:
    """Each `_OPTION_EXERCISED` in the text, sought only around the word "exercise" (a scan of the whole text for a
    pattern that ignores case costs about a millisecond)."""
    lowered = text.lower()
    at = lowered.find("exercise")
    while at >= 0:
        found = _OPTION_EXERCISED.search(text, max(0, at - 12), at + 120)
        if found is not None and found.start() <= at:  # this word's match, not a later one's
            yield found
        at = lowered.find("exercise", at + 8)


def _exercised_option_end(text: str, expiry: Expiry) -> Expiry | None:
    """The end of the further term a party takes up by exercising its option in this document ("The Licensee
    exercises that option. The further term starts on 1 July 2027 and ends on 30 June 2030"): the term now runs
    to it, later than the initial term's end the document recalls."""
    if expiry.date is None:
        return None  # no initial end to run past
    for exercised in _options_exercised(text):
        if _CONDITION.search(text, max(0, exercised.start() - 40), exercised.start()):
            continue  # "if the Tenant exercises the option": not exercised yet
        window_end = min(len(text), exercised.end() + _EXERCISE_REACH)
        for s, e, d in find_dates_loose(text[exercised.end() : window_end]):
            at = exercised.end() + s
            sentence = _sentence_at(text, at)
            before = text[max(sentence.start, at - 40) : at]
            if d is None or d <= expiry.date or not _END_CUE.search(before):
                continue
            if _EXTENDED_PERIOD.search(text, sentence.start, at):
                return Expiry(d, at, exercised.end() + e, "end of the further term the option takes up")
    return None


def read_term(text: str, by_category: dict[str, Scored], anchor: date | None) -> Term:
    by_category = restated_first(text, by_category)
    expiry = read_expiry(text, by_category.get("expiration_date"), anchor, by_category.get("effective_date"))
    if expiry is not None and expiry.date is not None:
        expiry = _amended_end(text, expiry) or _exercised_option_end(text, expiry) or expiry
    auto, span, by_agreement = read_renewal(
        text,
        by_category.get("renewal_term"),
        by_category.get("notice_period_to_terminate_renewal"),
        by_category.get("expiration_date"),
    )
    notice_days, notice_span, period = None, None, None
    places = ([(span.start, span.end)] if span else []) + [
        (s, e) for s, e, _ in _ranked(by_category.get("notice_period_to_terminate_renewal"), 2)
    ]
    for s, e in places:
        found = _notice_period(text, s, e) or _defined_notice(text, s, e)
        if found:
            amount, unit, at, to = found
            notice_days, notice_span, period = days_in(amount, unit), Span(at, to), (amount, unit)
            break
    return Term(expiry, auto, span, by_agreement, notice_days, notice_span, period)


# "notice of non-renewal of at least the Notice period" ("within the Notice Period"), the period given in a particulars
# table or the schedule item that states it: "at least the number of days stated in Item 5 of the Schedule"
_NAMES_A_NOTICE = re.compile(
    r"\b(?:least|of|giving|within)\s+the\s+(?:[A-Z][\w-]*\s+){0,2}?Notice(?:\s+[Pp]eriod)?\b|"
    r"\b(?:days|period|notice)\s+(?:stated|set\s+(?:out|forth)|specified)\s+in\s+(?:(?:Item|Part|[Pp]aragraph)\s+\d|[A-Z]\d)"
)


def _defined_notice(text: str, start: int, end: int) -> tuple[int, str, int, int] | None:
    """The notice period when the sentence names a defined one ("the Notice period") given elsewhere."""
    sentence = text[start:end]
    if not _NAMES_A_NOTICE.search(sentence):
        return None
    for particular, _ in referenced(
        sentence, particulars(text), r"least|of|giving|within|stated\s+in|set\s+(?:out|forth)\s+in|specified\s+in"
    ):
        period = _period_at_start(particular.value)
        if period is not None:
            amount, unit, s, e = period
            return amount, unit, particular.start + s, particular.start + e
    return None


def notice_deadline(
    expiry: Expiry | None, notice_days: int | None, period: tuple[int, str] | None = None
) -> date | None:
    """The last day to give notice of non-renewal: the end of the current term minus the notice period, counted
    in the unit the contract uses ("three (3) months" before 31 December is 30 September, not 90 days)."""
    if expiry is None or expiry.date is None or notice_days is None:
        return None
    amount, unit = period if period else (notice_days, "day")
    return add_period(expiry.date, -amount, unit)
