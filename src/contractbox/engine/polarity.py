"""Polarity: a clause that says the opposite of its category is not a finding of that category.

The clause model scores topics: "a non-exclusive licence", "nothing restricts either party from
competing" and "a change of control does not give any right to terminate" are about exclusivity,
competition and change of control, and score high for them. Here each candidate of a category
with a polarity rule is read once more: when it negates the category (and does not also assert it
elsewhere in the span), its confidence is scaled below 0.5, so it stays a candidate for a reviewer
and for the CUAD scorer but is never a finding and never fires a risk.

A rule negates a span when one of its `negative` patterns matches and none of its `positive`
patterns matches what is left once the negative matches are cut out; or, for rules with a
`required` marker, when the span lacks it (a cap with no carve-out is not "uncapped"), optionally
only when a `required_when` pattern matches (termination that cites breach is not termination for
convenience unless it also says "convenience", "any reason", "without cause", ...). A heading
alone ("Change of Control.") states nothing and is never a finding of these categories.

The other way round, a rule's `asserting` patterns are express wording of the category ("liable
without limitation", "shall not exceed", "hereby assigns ... all right, title"): when the category has
no finding, the first candidate (its own, or one of its `sources` categories) that says so becomes a
finding at 0.55.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from contractbox.engine.first_chars import (
    first_char_class,
    lowered_as_ignorecase_folds,
    needed_words,
    presence_past_start,
    presence_pattern,
)

Scored = tuple[int, int, float]
DEMOTED_SCALE = 0.45  # a negated candidate keeps its rank among negated ones, always below 0.5
PROMOTED = 0.55  # an express statement of the category, when the model found none

_X = re.IGNORECASE


class AnyOf:
    """Patterns of which a span must match at least one. `found_in` tries those whose first characters
    can be read as one pattern that `re` scans for by those characters (`first_chars.presence_pattern`): a
    single scan of the span instead of one per pattern, with the same answer (an alternative of a top-level
    alternation matches where it would match alone). Patterns whose first character cannot be read (one
    that opens with "^" or a sentence start) are tried after them as one alternation: at the span's start,
    then, past it, scanned for by the first characters of their alternatives that do not open with "^"
    (`first_chars.presence_past_start`). `found_in` asks only whether one matches, not where."""

    __slots__ = ("patterns", "_classed", "_unclassed", "_unclassed_later", "_needs")

    def __init__(self, sources: tuple[str, ...]) -> None:
        self.patterns = tuple(re.compile(p, _X) for p in sources)
        # what each pattern's every match holds, rarest-looking clause first (`_may_match`)
        self._needs = tuple(sorted(needed_words(p, _X), key=lambda clause: -min(map(len, clause))) for p in sources)
        firsts = [first_char_class((p,), _X) for p in sources]  # each pattern parsed once (import time)
        classed = tuple(p for p, first in zip(sources, firsts) if first)
        unclassed = tuple(p for p, first in zip(sources, firsts) if not first)
        self._classed = presence_pattern(classed, _X) if classed else None
        self._unclassed = re.compile("|".join(f"(?:{p})" for p in unclassed), _X) if unclassed else None
        self._unclassed_later = presence_past_start(unclassed, _X) if unclassed else None

    def __bool__(self) -> bool:
        return bool(self.patterns)

    def __add__(self, other: AnyOf) -> AnyOf:
        return AnyOf(tuple(p.pattern for p in self.patterns + other.patterns))

    def found_in(self, span: str) -> bool:
        lowered = lowered_as_ignorecase_folds(span) if len(self.patterns) > 1 else None
        if lowered is not None:
            live = [p for p, needs in zip(self.patterns, self._needs) if _may_match(lowered, needs)]
            if len(live) <= _TRIED_ALONE:  # most spans hold the words of few patterns: each is tried alone
                return any(p.search(span) is not None for p in live)
        return self._found_in_all(span)

    def _found_in_all(self, span: str) -> bool:
        if self._classed is not None and self._classed.search(span) is not None:
            return True
        if self._unclassed is None:
            return False
        if self._unclassed_later is None:
            return self._unclassed.search(span) is not None
        return self._unclassed.match(span) is not None or self._unclassed_later.search(span, 1) is not None


_TRIED_ALONE = 12  # measured: searching up to 12 patterns alone beats one alternation of them all


def _may_match(lowered: str, needs: list[frozenset[str]]) -> bool:
    """`lowered` holds a string of every clause of a pattern's needs (else the pattern cannot match it)."""
    # plain loops: this runs for every pattern on every span asked about, and all(any(...)) builds two generators
    for clause in needs:
        for word in clause:
            if word in lowered:
                break
        else:
            return False
    return True


def _any(*patterns: str | tuple[str, ...]) -> AnyOf:
    return AnyOf(tuple(p for item in patterns for p in ((item,) if isinstance(item, str) else item)))


_NONE = _any()


_GAP = r"[^.;]{0,200}"
# the same gap read through the dots of an abbreviation or a company's form ("by Rijnmond Holding N.V., does not"):
# a dot right before a letter or a comma ends no sentence
_GAP_THROUGH_ABBREVIATIONS = r"(?:[^.;]|\.(?=[\w,])){0,200}"


# where a sentence starts: the text's start (a clause number such as "5.3" or "(2)" opens no sentence) or after ". "
# (a sub-clause's number after its article's heading opens one too: "Article 7 - Special Termination 7.1 The Buyer may")
_SENTENCE_OPENING = r"(?:^\s*(?:\(?\d+(?:\.\d+)*\)?\.?\s+)?|[.;]\s+|(?<=\s)\d{1,3}(?:\.\d{1,3})+\.?\s+(?=(?-i:[A-Z])))"


# a character of the sentence, a clause number's dot included ("Duration 2.1 The employment ...", "12. The lease")
_IN_SENTENCE = r"(?:[^.;]|\.(?=\d)|(?<=\b\d)\.\s|(?<=\b\d\d)\.\s)"


def _ungoverned(negations: str, needs: str = "") -> str:
    """The start of a sentence in which none of `negations` occurs (and, if given, `needs` does: a
    sentence without it is passed over at once), up to where the wording sought begins."""
    return (
        _SENTENCE_OPENING + (rf"(?=[^.;]*?\b(?:{needs}))" if needs else "") + rf"(?![^.;]*\b(?:{negations})\b)[^.;]*?"
    )


# the start of a sentence with no negation before the words that follow (one after them may be part of the formula)
_UNDENIED_BEFORE = _SENTENCE_OPENING + r"(?:(?!\b(?:not|never|nothing|neither|no)\b)[^.;])*?"
# a right or a consent the sentence says there is none of: "confers no termination right", "has no entitlement to be
# offered", "requires no consent"
_NO_RIGHT = r"no\s+(?:[\w-]+\s+)?(?:rights?|entitlements?|consents?)"
# the start of a sentence that no negation governs (what follows is stated, not denied)
_AFFIRMED = _ungoverned(rf"nothing|neither|no\s+party|not|never|free\s+to|{_NO_RIGHT}")


# a sentence that binds a party: no negation governs it, and it does not say a party is under no obligation
_NO_DUTY = r"no\s+(?:obligation|duty|requirement|commitment)|without\s+(?:any\s+)?obligation"
# no party, or none named by its role before what it may do: "No Group Company may terminate ... for convenience"
_NO_ONE = r"no\s+(?:party|(?-i:[A-Z])[\w-]*(?:\s+(?-i:[A-Z])[\w-]*){0,2}\s+(?=(?:may|shall|will|can|is|has)\b))"
_BINDS = _ungoverned(rf"nothing|neither|no\s+party|not|never|free\s+to|{_NO_DUTY}|{_NO_RIGHT}")
# the same for a prohibition, whose own "not" is the point ("shall not engage any other haulier")
_PROHIBITS = _ungoverned(
    rf"nothing|neither|no\s+party|never|free\s+to|{_NO_DUTY}|not\s+(?:be\s+)?(?:required|obliged|obligated|bound)"
)


# what a radius clause bars, up to its distance: "open a salon within five kilometres of the Premises", "provide
# anaesthesia services at any other clinic within ten (10) miles of the Hospital"
_RADIUS_RESTRAINT = (
    # (a profession's own verb too: "shall not practise as a dentist within ten miles of the Surgery")
    r"(?:\w+,?\s+){0,3}?(?:perform|appear|play|operate|open|practi[sc]e|carry\s+on|engage\s+in|(?:provide|render|offer)\s+"
    r"(?:\w+\s+){0,3}?services)\b[^.;]{0,120}?\bwithin\s+(?:a\s+(?:radius|distance)\s+of\s+)?"
    r"(?:[\w-]+\s+){1,4}(?:\(\d+\)\s+)?(?:miles?|kilomet(?:er|re)s?|km)\s+(?:of|from)\b"
)
# the start of a "neither A nor B shall ..." sentence that binds both rather than leaving them free
_NEITHER_BINDS = _ungoverned(
    rf"nothing|no\s+party|never|free|{_NO_DUTY}|restrict\w*|prevent\w*|prohibit\w*|preclud\w*|limit\w*|"
    r"not\s+(?:be\s+)?(?:required|obliged|obligated|bound)"
)


# a character of a sentence, the dot of a clause number in it included: "at a price lower than the price in Section 2.1,
# Provider shall offer ..." is one sentence
_IN_SENTENCE_THROUGH_NUMBERS = r"(?:[^.;]|(?<=\d)\.(?=\d))"


def _through_clause_numbers(*wordings: str) -> tuple[str, ...]:
    """`wordings` with each gap of sentence characters (`[^.;]`) read through a clause number's dot ("Section 2.1")."""
    return tuple(w.replace("[^.;]", _IN_SENTENCE_THROUGH_NUMBERS) for w in wordings)


def _affirmed(*wordings: str, opening: str = _AFFIRMED) -> tuple[str, ...]:
    """Sentences no negation governs that say one of `wordings`: one pattern a wording, each the sentence's `opening`
    (`_AFFIRMED`, `_BINDS`, `_PROHIBITS`) then the wording (after a lookahead on its first letters where they can be
    read, which spares trying it at every character of the sentence). Apart, each is gated by the words its own matches
    need (`AnyOf.found_in`), so a span is read only for the wordings it could hold."""
    out = []
    for wording in wordings:
        first = first_char_class((wording,), _X)
        out.append(opening + (f"(?={first})" if first else "") + "(?:" + wording + ")")
    return tuple(out)


# (or said of who holds it: "a change in the persons who control the Tenant", "a change in the shareholders of X")
_CONTROL = (
    r"change\s+(?:of|in)\s+(?:the\s+)?(?:control|ownership|shareholding|shareholders|owners|members|"
    r"persons\s+who\s+(?:control|own))"
)
# a party bought out on its change of control: "may require that Shareholder to sell all its shares", "may buy its shares"
# (the shares named before: "... offering all its shares to the other Shareholder, who may buy them")
_BOUGHT_OUT = (
    r"require\b[^.;]{0,60}?\b(?:sell|transfer)|(?:buy|purchase|acquire)\b[^.;]{0,60}?\bshares|"
    r"(?:buy|purchase|acquire)\s+(?:them|those\s+shares|such\s+shares)\b"
)
# a change of control said without the words: "a competitor ... acquires control of the Sublicensee", "any person
# acquires more than fifty percent (50%) of the voting stock of Lessee"
# ending the contract: "may terminate", "may end this Agreement"
_ENDS_IT = r"(?:terminat\w*|end\s+(?:this|the)\s+(?:agreement|contract|licen[cs]e|lease|hire|engagement|appointment))"
_CONTROL_ACQUIRED = (
    # "acquires directly or indirectly more than 50 percent of the shares", "acquires more than half of the shares"
    r"(?:(?:acquires?|obtains?|gains?)[\s,]+(?:(?:directly|indirectly|whether|or|and|,)\s*){0,4}(?:control\s+of|"
    r"(?:more\s+than|over|at\s+least)\s+(?:[^.;]{0,30}?(?:per\s*cent|percent|%)\)?|(?:one[\s-])?half|a\s+majority)\s+"
    r"of\s+(?:the\s+)?(?:\w+\s+){0,2}?(?:stock|shares|voting\s+rights|equity|securities))|"
    # the party as the one taken over: "is acquired by, or comes under the control of, a competitor"
    r"(?:is|are|becomes?)\s+(?:acquired\s+by|controlled\s+by|taken\s+over\s+by)|(?:comes?|falls?)\s+under\s+(?:the\s+)?"
    r"control\s+of|"
    # control itself as the subject: "if control of the Agent passes to any person", "control of Licensee is transferred"
    r"control\s+of\s+(?:the\s+|a\s+|either\s+|any\s+)?(?:[\w'’]+\s+){0,3}?(?:pass(?:es)?|is\s+transferred|transfers)\s+to|"
    # the majority of a party's shares as the subject: "more than half of the shares in the Member are transferred"
    r"(?:more\s+than|over)\s+(?:[^.;]{0,30}?(?:per\s*cent|percent|%)\)?|(?:one[\s-])?half)\s+of\s+(?:the\s+)?"
    r"(?:\w+\s+){0,2}?(?:shares|stock|voting\s+rights)\s+(?:in|of)\s+[^.;]{1,60}?\b(?:is|are)\s+"
    r"(?:transferred|sold|assigned|acquired))"
)
# a relative clause's "not" describes the acquirer, it does not deny the right: "if a person who is not a related
# company of Licensee acquires control", "comes under the control of a person that did not control it at signing"
_NOT_OUTSIDE_A_RELATIVE = (
    "".join(rf"(?<!{who}\s{verb}\s)" for who in ("who", "that", "which") for verb in ("is", "was", "did", "does"))
    + "not"
)
# the party leaves its group: "ceases to be directly or indirectly controlled by", "ceases to be a subsidiary of"
_LEAVES_GROUP = (
    r"ceas(?:es?|ed)\s+to\s+be\s+(?:(?:directly|indirectly|or|and|,)\s*){0,4}(?:controlled\s+by|under\s+the\s+control\s+of|"
    r"an?\s+(?:(?:wholly[- ]owned|direct|indirect)\s+)?(?:subsidiary|affiliate)\s+of)"
)
# a promise not to deal with anyone but the other party (a no-shop, a lock-out, a category exclusivity): "shall not
# ... negotiate ... any offer from any person other than the Buyer", "shall not grant ... rights ... to any other person"
_DEAL_ONLY_WITH = (
    r"\b(?:shall|will|must)\s+not\b(?![^.;]*\b(?:compet\w*|similar|rival\w*|disclos\w*|confidential\w*|assign\w*|sublicen[cs]\w*|"
    # (nor a price the other party is "not entitled to": "shall not be entitled to any price that the Licensor offers to
    # any other customer" refuses a most-favoured price)
    r"transfer\w*|entitl\w*|pric\w*|favou?r\w*|personal\s+(?:data|information))\b)"
    # soliciting the other party's customers or staff is a non-solicitation ("solicit any customer ... to buy ... from
    # anyone other than the Buyer"), not a promise to deal only with the other party
    r"(?![^.;]{0,200}?\b(?:solicit\w*|entic\w*|canvass\w*)\s+(?:any\s+|the\s+|its\s+|their\s+)?(?:\w+\s+){0,2}?"
    r"(?:customers?|clients?|employees?|staff)\b)[^.;]{0,200}?\b(?:solicit\w*|negotiat\w*|sell|offer\w*|grant\w*|place|"
    r"licen[cs]e|agree(?:s|d|ing)?|"
    r"deal\w*|accept\w*|entertain\w*|list)\b[^.;]{0,160}?\b(?:to|with|from)\s+(?:any\s+(?:person|party|one|entity|third\s+part(?:y|ies))\s+other\s+than|"
    # a category named before the exception: "from any bank, credit union or other deposit-taking institution other
    # than the Sponsor"
    r"any\s+[^.;]{1,120}?\s+other\s+than\s+(?:the\s+)?(?-i:[A-Z])\w*|"
    r"any\s+other\s+(?:person|party|entity|sponsor|buyer|purchaser|bidder|licensee|distributor|supplier|company|companie|"
    r"firm|brand|business(?:e)?|organi[sz]ation|customer|client|dealer|reseller|retailer|wholesaler|"
    r"insurer|reinsurer|underwriter|broker|carrier)s?|anyone\s+"
    r"(?:else|other\s+than))\b"
)
# a party whose services one uses or engages ("use the Carrier exclusively"), not a thing ("use the Software solely")
_PROVIDER = (
    r"(?:(?:service\s+|logistics\s+)?provider|carrier|haulier|hauler|courier|forwarder|supplier|seller|vendor|"
    r"(?:sub)?contractor|consultant|agent|agency|distributor|manufacturer|licensor|operator|packer|processor|"
    r"laborator(?:y|ies)|firm|broker|company)s?\b"
)
_PRICE = r"(?:price|prices|pricing|terms|rates?|fees?|royalt\w*)"
_PRICE_OR_RENT = rf"(?:{_PRICE}|rents?)"
_REST = r"[^.;]*"  # a negation covers the rest of its sentence
_SOLICIT = _any(
    r"\bsolicit\w*",
    r"\bentic\w*",
    r"\binduc\w*",
    r"\bhir(?:e|ing)\b",
    r"\brecruit\w*",
    r"\bemploy\w*",
    r"\bpoach\w*",
    r"\bdivert\w*",
    r"\binterfer\w*",
    r"\bapproach\w*",
    r"\bcanvass\w*",
    r"\bengag\w*",
    r"\bcontract\s+with\b",
    r"\bretain\w*",
    r"\blure\w*",
    r"\bencourag\w*",
)
_LIABILITY = r"\bliabilit\w*\b[^.;]{0,120}"
# a cap made subject to a clause of the same span that only excludes kinds of loss carves nothing out of it: "Subject to
# clause 9.3, the Seller's liability shall not exceed the price. 9.3 In no event shall either party be liable for lost
# profits" (the exclusion narrows the liability further; "subject to" a clause that lifts the cap stays a marker)
_SUBJECT_TO_AN_EXCLUSION = re.compile(
    r"\bsubject\s+to\s+(?:section|clause|article|paragraph)\s+(?P<ref>\d+(?:\.\d+)*)(?![.\d]*\d)"
    r"(?=.*?(?<![\w.])(?P=ref)\.?\s+(?:neither\s+party|no\s+party|in\s+no\s+event|under\s+no\s+circumstances)\b"
    r"[^.;]{0,60}?\b(?:shall|will|is|are)\s+(?:\w+\s+){0,2}?(?:be\s+)?liable\s+(?:to\s+[^.;]{0,40}?)?for\b)",
    _X,
)
_LIABILITY_TOPIC = _any(
    r"\bliab\w*",
    r"\bdamages?\b",
    r"\bindemni\w*",
    r"\blosses\b",
    r"\bclaims?\b",
    r"\bcap(?:s|ped)?\b",
    r"\blimit\w*",
    r"\bexceed\w*",
)  # not "unlimited repair calls"


# a cause named after the notice: "by written notice for good cause", "on notice if the other party ..."
_CAUSE_NAMED = (
    r"if|breach\w*|default\w*|in\s+the\s+event|(?:good|just|serious|important)\s+cause|(?:serious|important)\s+reasons?|"
    r"for\s+cause|wichtige[mn]?\s+grund|"
    # a change of control is a cause too: "... by notice within sixty days after the other comes under the control of"
    r"change\s+(?:of|in)\s+control|(?:comes?|falls?)\s+under\s+the\s+control|acquires?\s+control"
)
# express wording of a right to end the contract with no cause: "Customer may terminate this Agreement for
# convenience", "either party may terminate ... without giving reasons", "may at any time cancel ... for any reason"
_TERMINATION_RIGHT = (
    r"\b(?:may|can|(?:is|are|shall\s+be)\s+entitled\s+to|(?:has|have|shall\s+have)\s+the\s+right\s+to|"
    r"reserves?\s+the\s+right\s+to)\s+(?:(?!not\b|never\b)\w+\s+){0,3}?(?:terminat\w*|cancel\w*|end|"
    r"bring\s+(?:\S+\s+){1,3}?to\s+an\s+end)\b"  # "may bring this Sub-Contract to an end"
)
# a right used as the party sees fit, or whatever the other party did: "at its discretion", "without having to show any
# default", "whether or not the Architect is in breach"
_AT_DISCRETION = (
    r"(?:(?:at|in)\s+(?:its|their|his|her|our|your)\s+(?:(?:own|sole|absolute|complete|entire|unfettered)\s+(?:and\s+)?)*"
    r"discretion\b|without\s+(?:having\s+|needing\s+|being\s+(?:required|obliged)\s+)?to\s+"
    r"(?:show|prove|establish|give|state|specify|provide)\s+"
    r"(?:any\s+)?(?:cause|reasons?|grounds?|default|breach|fault)\b|whether\s+or\s+not\s+[^.;]{0,60}?\b(?:breach|default)\w*)"
)
_NO_CAUSE = (
    r"(?:for\s+(?:(?:its|their|his|her|our|your)\s+)?(?:own\s+)?convenience|without\s+(?:any\s+)?(?:cause|reason)\b|"
    r"without\s+(?:assigning|giving|stating|specifying|providing|"
    # "without being required to state grounds", "without having to give a reason"
    r"(?:being\s+(?:required|obliged)\s+|having\s+|needing\s+)to\s+(?:assign|give|state|specify|provide))\s+"
    r"(?:any\s+|a\s+)?(?:reasons?|cause|grounds?)\b|"
    r"for\s+(?:any|no|whatever)\s+reason\b|with\s+or\s+without\s+(?:cause|reason)\b|at\s+will\b|"
    # the reasons set aside: "may end it on 30 days' notice whatever its reasons", "whatever the reason"
    r"whatever\s+(?:its|their|his|her|our|your|the)\s+reasons?\b)"
)
# a character of a termination right before its notice, where no cause is named ("for good cause by written notice")
_NO_CAUSE_BEFORE = rf"(?:(?!\b(?:{_CAUSE_NAMED})\b)[^.;])"
# the no-cause words set off by commas before the verb: "the Bank may at any time, without giving any reason, cancel the
# Facility", "Either party may, for any reason, terminate"
_NO_CAUSE_SET_OFF = (
    r"\b(?:may|can)\b(?:(?!\b(?:not|never|if|unless)\b)[^.;,]){0,30}?,\s*" + _NO_CAUSE + r"\s*,\s*"
    r"(?:(?!not\b|never\b)\w+\s+){0,2}?(?:terminat\w*|cancel\w*|end)\b"
)
# the no-cause words in a sentence of their own after the right: "... by giving the other 120 days' notice. No reason is
# needed.", "No reason need be given", "It need not give any reason"
_NO_REASON_NEEDED = (
    r"(?:no\s+(?:reason|explanation|cause|grounds?|justification)s?\s+(?:is|are|need|needs|has\s+to|have\s+to|has|have)\s+"
    r"(?:to\s+)?(?:be\s+)?(?:needed|required|necessary|given|stated|provided|shown)|"
    r"(?:it|he|she|they|the\s+\w+)\s+(?:need|needs)\s+not\s+(?:give|state|show)\s+(?:a|any)\s+(?:reasons?|cause|grounds?))\b"
)
_CONVENIENCE_RIGHT = (
    rf"(?:{_TERMINATION_RIGHT}(?:(?!\b(?:if|unless|breach\w*|default\w*|in\s+the\s+event)\b)[^.;]){{0,150}}?\b"
    rf"{_NO_CAUSE}|{_NO_CAUSE_SET_OFF})"
)
# the same right named as a party's right, as an amendment restates it: "the Member's right under Section 9.1 to
# withdraw from the Network for any reason on 90 days' notice is unchanged" (leaving a group ends its membership);
# not a right the sentence takes away ("is deleted", "is waived")
_NAMED_CONVENIENCE_RIGHT = (
    rf"(?:['’]s|\b(?:its|their|his|her))\s+right\s+(?:under\s+{_IN_SENTENCE}{{1,80}}?\s+)?to\s+"
    r"(?:terminat\w*|cancel\w*|end|withdraw\s+from\s+(?:this|the)\s+(?:\w+\s+){0,3}?"
    r"(?-i:[A-Z][\w-]*)|withdraw\s+from\s+(?:this|the)\s+(?:\w+\s+){0,3}?(?:agreement|membership|participation))\b"
    rf"(?:(?!\b(?:if|unless|breach\w*|default\w*|in\s+the\s+event)\b){_IN_SENTENCE}){{0,150}}?\b{_NO_CAUSE}"
    rf"(?!{_IN_SENTENCE}*\b(?:deleted|removed|waived|excluded|revoked|not|never|no\s+longer)\b)"
)


# "termination by Corrib on three months' written notice for any reason", "termination by either party on notice
# without cause"
_NOTICE_TERMINATION_NOUN = (
    r"\btermination\s+by\s+(?:(?:either|any|each)\s+party|(?:the\s+)?(?-i:[A-Z])[\w-]*(?:\s+(?-i:[A-Z])[\w-]*)?)\s+"
    r"(?:on|upon|by|with|after)\s+[^.;()]{0,60}?\bnotice\s+" + _NO_CAUSE
)
# a right to withdraw at will, then "Withdrawal ends this Agreement" in the next sentence
_WITHDRAWAL_AT_WILL_ENDS_IT = (
    r"\b(?:may|can)\s+(?:\w+\s+){0,2}?withdraw\b(?:(?!\b(?:if|unless|breach\w*|default\w*|in\s+the\s+event)\b)[^.;]){0,100}?"
    + _NO_CAUSE
    + r"[^.]{0,250}?\.\s+(?:(?:such|any|a|the|that)\s+)?withdrawal\s+(?:ends|terminates|shall\s+(?:end|terminate)|"
    r"will\s+(?:end|terminate))\s+(?:this|the)\s+(?:agreement|contract|engagement|appointment)\b"
)

# a member's right to leave the group the agreement forms, at will: "a Participant may withdraw from the Alliance for
# any reason on sixty days' notice" (leaving ends its membership, as `_NAMED_CONVENIENCE_RIGHT` reads it)
_WITHDRAWAL_FROM_GROUP_AT_WILL = (
    r"\b(?:may|can)\s+(?:\w+\s+){0,2}?withdraw\s+from\s+(?:this|the)\s+(?:\w+\s+){0,3}?"
    r"(?:(?-i:[A-Z][\w-]*)|agreement|membership|participation)\b"
    r"(?:(?!\b(?:if|unless|breach\w*|default\w*|in\s+the\s+event)\b)[^.;]){0,60}?\b" + _NO_CAUSE
)


_MAKES = r"(?:makes?|creates?|develops?|conceives?|generates?|produces?|authors?)\b"
_MADE = r"(?:made|created|developed|conceived|generated|produced|authored)\b"
_STAFF = r"(?:employees?|personnel|staff|agents?|contractors?|representatives?)"  # "made by employees of iBio"


# "Exclusivity. ...", or a heading before its first sub-clause: "Exclusive Rights 2.1 The appointment ... is
# non-exclusive" (spans are read with their line breaks squashed)
_LEADING_HEADING = re.compile(
    r"^\s*(?:\d+(?:\.\d+)*\.?\s+)?[A-Z][\w\-&]*(?:\s+[\w\-&]+){0,4}?(?:\.\s+|\s+\d+(?:\.\d+)+\.?\s+)(?=\S)"
)


_SENTENCE_BREAK = re.compile(r"(?<=[.!?])[\"”]?\s+(?=[A-Z(\"“])")
_HEADING_WORDS = 5


@dataclass(frozen=True)
class Rule:
    reason: str  # why a negated span is not a finding, in words a reviewer reads
    negative: AnyOf = _NONE
    positive: AnyOf = _NONE
    required: AnyOf = _NONE
    required_when: AnyOf = _NONE
    # express wording that is the category whatever the model says (promotes one candidate when the
    # category has no finding); `sources` are categories whose candidates are read for it too
    asserting: AnyOf = _NONE
    sources: tuple[str, ...] = ()
    topic: AnyOf = _NONE  # a span that names none of these is about something else
    # the `required` marker counts only in a sentence on the topic: "Except for the warranties in section 4, the
    # Software is provided as is. Liability shall not exceed $100" carves nothing out of the cap
    required_on_topic: bool = False
    # a list item that says `item` under a lead-in that says `lead_in` ("Each of the following is an Event of Default:
    # ... (d) a change of control of the Borrower occurs") states the category as the lead-in's consequence
    item: AnyOf = _NONE
    lead_in: AnyOf = _NONE
    # wording that looks like a `required` marker but marks nothing, cut from the span before the markers are sought
    not_a_marker: re.Pattern[str] | None = None

    def negates(self, span: str) -> bool:
        if self.topic and not self.topic.found_in(span):
            return True
        if self.negative.found_in(span):
            rest = _LEADING_HEADING.sub(" ", span, count=1)  # "Exclusivity. ... nothing grants any exclusive right"
            for p in self.negative.patterns:
                rest = p.sub(" ", rest)
            if not self.positive.found_in(rest):
                return True
        if self.required and not self._required_found(span):
            return not self.required_when or self.required_when.found_in(span)
        return False

    def _required_found(self, span: str) -> bool:
        if self.not_a_marker is not None:
            span = self.not_a_marker.sub(" ", span)
        if not self.required.found_in(span):
            return False
        if not self.required_on_topic or not self.topic:
            return True
        sentences = _SENTENCE_BREAK.split(span)
        for i, sentence in enumerate(sentences):
            # a heading before it ("LIMITATION OF LIABILITY. EXCEPT FOR ...") names the sentence's topic
            heading = sentences[i - 1] if i and len(sentences[i - 1].split()) <= _HEADING_WORDS else ""
            if self.required.found_in(sentence) and self.topic.found_in(f"{heading} {sentence}"):
                return True
        return False

    def asserts(self, span: str) -> bool:
        """Express wording of the category; it wins over a missing `required` marker. Wording the rule reads as a
        denial asserts nothing, so it is cut out and the express wording sought again (only where it was found:
        the denials are tried on few spans)."""
        if (self.topic and not self.topic.found_in(span)) or not self.asserting.found_in(span):
            return False
        if not self.negative.found_in(span):
            return True
        for p in self.negative.patterns:
            span = p.sub(" ", span)
        return self.asserting.found_in(span)


RULES: dict[str, Rule] = {
    "exclusivity": Rule(
        "non-exclusive, or exclusive only in another sense (jurisdiction, remedy)",
        negative=_any(
            r"\bnon[\s\-\u2010-\u2013]{0,3}exclusive(?:ly)?\b",
            # "is not exclusive", "is not appointed as an exclusive supplier"
            r"\bnot\s+(?:be\s+|been\s+)?(?:appointed\s+)?(?:as\s+)?(?:an?\s+|the\s+)?exclusive(?:ly)?\b",
            # "is not bound to promote the Products exclusively": no duty to deal only with the other party
            r"\bnot\s+(?:bound|obliged|obligated|required)\s+to\s+(?:\w+\s+){1,5}?exclusively\b",
            r"\bexclusive\s+(?:jurisdiction|venue|forum|remed(?:y|ies)|courts?|property|of\b)",
            r"\bsole\s+and\s+exclusive\s+(?:remed(?:y|ies)|jurisdiction|venue|property|owner)",
            r"\bnothing\b"
            + _GAP
            + r"\b(?:prevent|preclude|restrict|prohibit|limit)s?\b"
            + _GAP
            + r"\b(?:appoint|enter|sell|licen[cs]e|deal|contract|engage|purchas|buy|work)\w*",
            r"\bfree\s+to\s+(?:appoint|sell|enter|deal|engage|licen[cs]e|contract|purchase|buy)\b",
            # "Neither party has an exclusive relationship with the other", "does not have any exclusive right"
            r"\b(?:neither|no)\s+(?:party|side)\s+(?:has|have|holds?|enjoys?|(?:shall|will)\s+have)\s+(?:an?\s+|any\s+)?exclusiv\w*",
            # "Neither party grants the other any exclusive right"
            r"\b(?:neither|no)\s+party\s+(?:grants?|gives?|confers?|(?:shall|will)\s+(?:grant|give|confer))\s+"
            r"(?:(?:the\s+)?other(?:\s+party)?\s+)?(?:an?\s+|any\s+)?exclusiv\w*",
            r"\b(?:does|do|shall|will)\s+not\s+(?:have|hold|enjoy|create|confer)\s+(?:an?\s+|any\s+)?exclusiv\w*",
            r"\bnothing\b" + _GAP + r"\b(?:grants?|gives?|creates?|confers?|makes?)\b" + _GAP + r"\bexclusiv\w*",
            # "grants no sole or exclusive rights", a "NO EXCLUSIVITY" heading, "there is no exclusivity"
            # (also of its kind: "the appointment carries no sole or exclusive character", "has no exclusive nature")
            r"\bno\s+(?:sole\s+(?:or|and)\s+)?exclusiv\w*\s+(?:\w+\s+)?(?:rights?|relationship|licen[cs]e|arrangement|"
            r"character|nature|status|basis)",
            r"\bno\s+exclusivity\b",
            # "does not grant Party B any exclusive right to supply" (not a promise about others: "shall not grant any
            # third party an exclusive licence")
            r"\b(?:does|do|shall|will)\s+not\s+(?:grant|give|confer|create)\b(?![^.;]{0,60}\b(?:third|other|another)\b)"
            r"[^.;]{0,60}\bexclusiv\w*",
            r"\bnothing\b" + _GAP + r"\b(?:oblig|requir)\w*\b" + _GAP + r"\bexclusiv\w*",
            # a buyer left free to buy elsewhere: "Buyer has made no commitment to buy its requirements from Seller",
            # "Buyer may at any time purchase similar goods from any other source", a "No Exclusive Dealing" heading
            r"\bno\s+(?:commitment|obligation|undertaking)\s+to\s+(?:buy|purchase|obtain|source)\b",
            r"\bmay\s+(?:at\s+any\s+time\s+)?(?:purchase|buy|obtain|source)\b[^.;]{0,80}?\bfrom\s+(?:any\s+)?other\s+"
            r"(?:sources?|suppliers?|vendors?|manufacturers?|providers?)\b",
            r"\bno\s+exclusive\s+dealing\b",
        ),
        positive=_any(
            r"\bexclusiv(?:e|ely|ity)\b",
            r"\bsole\s+(?:source|supplier|distributor|provider|licensee|agent|reseller|representative)\b",
            r"\b(?:only|solely|exclusively)\s+from\b",
            r"\ball\s+(?:of\s+)?(?:its|their)\s+requirements\b",
        ),
        # a promise not to license or appoint anyone else, or to do the business only through one party
        asserting=_any(
            # (a negation after the appointment does not deny it: "appoints the Agent as its exclusive agent, and shall
            # not appoint any other")
            _affirmed(
                r"\b(?:appoints?|grants?)\b[^.;]{0,80}"
                r"(?<![\w\-])(?<!non\s)(?<!non-\s)(?<!\bno\s)(?<!\bno\ssole\sor\s)exclusive\s+(?:[\w-]+\s+)?(?:distributor|agent|reseller|"
                r"licensee|supplier|dealer|representative|broker|provider|contractor|operator|right|licen[cs]e|"
                # the one firm a principal's work goes to: "appoints the Firm as its sole and exclusive claims manager"
                r"manager|administrator|advis[eo]r|consultant|servicer|insurer|reinsurer|underwriter|coverholder)",
                opening=_UNDENIED_BEFORE,
            ),
            _affirmed(
                # "grants the Caterer the sole right to operate ...": a right given to one party alone
                r"\bgrants?\b[^.;]{0,80}(?<![\w\-])(?<!\bno\s)\bsole\s+(?:and\s+exclusive\s+)?rights?\s+to\b",
                # a requirements contract: "purchase all of its requirements of cartons exclusively from Seller"
                # (or "purchase from Supplier one hundred percent (100%) of Buyer's requirements for the Parts")
                r"\b(?:purchase|buy|obtain|source)\w*\s+(?:from\s+(?:the\s+)?[\w-]+\s+)?(?:all|(?:one\s+hundred|100)\s*"
                r"(?:percent|per\s*cent|%)(?:\s*\(100\s*%\))?)\s+(?:of\s+)?(?:its|their|[\w-]+['’]s)\s+requirements\b",
            ),
            # a requirements or sole-source duty restated as a ban after it: "shall obtain all its hosting exclusively
            # from the Supplier and shall not buy it elsewhere" (only a negation before the duty denies it)
            _affirmed(
                r"\b(?:purchase|buy|obtain|source)\w*\b[^.;]{0,80}\b(?:exclusively|solely)\s+from\b",
                opening=_UNDENIED_BEFORE,
            ),
            # a lock-out from other venues: "the Issuer shall not seek the admission or listing of the Coin on any other
            # exchange", "shall not offer the Game on another app store"
            _affirmed(
                r"\b(?:shall|will|must)\s+not\b[^.;]{0,80}?\b(?:list(?:s|ed|ing)?|launch(?:es|ed|ing)?|admission|"
                r"admit(?:ted)?|offer(?:s|ed|ing)?)\b[^.;]{0,60}?\bon\s+(?:any\s+other|another|any\s+competing)\s+"
                r"(?:[\w-]+\s+){0,2}?(?:exchanges?|marketplaces?|trading\s+(?:platforms?|venues?)|app\s+stores?)\b",
                opening=_PROHIBITS,
            ),
            # (a franchisor's protected area: "will not itself operate, or license any other person to operate", "will
            # not build or run, or grant anyone else a franchise to run, an outlet in the Zone")
            r"\b(?:shall|will|must)\s+not\s+(?:(?:itself\s+)?\w+,?\s+(?:(?:or|nor)\s+\w+,?\s+)?(?:or|nor)\s+)?"
            r"(?:license|appoint|grant\s+(?:any\s+)?(?:rights?|licen[cs]es?|franchises?))\b[^.;]{0,160}"
            r"\b(?:any\s+other|any\s+third\s+part|anyone\s+else|another)",
            # (the one granted named first: "grant any other person a franchise", not "shall not grant any other right")
            r"\b(?:shall|will|must)\s+not\s+(?:(?:itself\s+)?\w+,?\s+(?:(?:or|nor)\s+\w+,?\s+)?(?:or|nor)\s+)?"
            r"grant\s+(?:any\s+other|another|any\s+third|anyone\s+else)\b[^.;]{0,30}?\b(?:a|an|any|the)\s+"
            r"(?:[\w-]+\s+){0,2}?(?:franchises?|licen[cs]es?|rights?|concessions?|dealerships?|distributorships?)\b",
            r"\b(?:carry\s+on|conduct|pursue)\s+the\s+\w+(?:\s+\w+){0,6}\s+exclusively\s+through\b",
            # the work given to one maker alone: "the Customer shall have all its wines bottled exclusively by the
            # Bottler", "shall have the Products made solely by Packer"
            _affirmed(
                r"\b(?:shall|will|must)\s+(?:(?!not\b|never\b)\w+\s+)?(?:have|get)\s+(?:all\s+)?[^.;]{1,80}?\b\w+ed\s+"
                r"(?:exclusively|solely)\s+by\s+(?:the\s+)?(?-i:[A-Z])",
                opening=_UNDENIED_BEFORE,
            ),
            # a channel exclusivity: "the Retailer shall sell the gift cards in its stores exclusively through the Issuer"
            _affirmed(
                r"\b(?:shall|will|must)\s+(?:(?!not\b|never\b)\w+\s+)?(?:offer|sell|distribute|market|promote|issue|provide|supply)\b"
                r"[^.;]{0,100}?\bexclusively\s+through\s+(?:the\s+)?(?-i:[A-Z])",
                opening=_UNDENIED_BEFORE,  # (a promise after it may be a "not": "and shall not offer any other")
            ),
            # a site exclusivity: "the Landlord shall not permit any vending machine or kiosk other than the Machines to be
            # placed in the Building"
            _affirmed(
                r"\b(?:shall|will|must)\s+not\s+(?:permit|allow|authori[sz]e)\s+any\s+[^.;]{1,100}?\s+other\s+than\s+"
                r"(?:the\s+)?(?-i:[A-Z])[\w-]*(?:\s+(?-i:[A-Z])[\w-]*)*\s+to\s+be\s+(?:\w+\s+)?(?:installed|operated|placed|"
                r"located|sited|sold|offered|displayed|used)\b",
                opening=_PROHIBITS,
            ),
            _DEAL_ONLY_WITH,
            # a mutual no-shop of a term sheet or letter of intent: "no Party shall, directly or indirectly, solicit,
            # negotiate or enter into any agreement with any third party for ..." (not a want of authority: "neither
            # party shall negotiate with any third party on behalf of the other")
            r"\b(?:no|neither)\s+part(?:y|ies)\s+(?:shall|will|may)\b(?![^.;]*\b(?:on\s+behalf|authority|bind)\b)"
            r"[^.;]{0,40}?\b(?:solicit|negotiat)\w*\b[^.;]{0,120}?\bwith\s+(?:any\s+third\s+part(?:y|ies)|"
            r"any\s+other\s+(?:person|party|bidder|investor)|anyone\s+else)\b",
            # a category exclusivity of a promoter: "the Creator must not promote or endorse any other swimwear brand"
            _affirmed(
                r"\b(?:shall|will|must)\s+not\s+(?:(?:promote|endorse|advertise|represent|model\s+for)\s+(?:or|and|nor)\s+)?"
                r"(?:promote|endorse|advertise|represent|model\s+for)\s+(?:any\s+other|another)\s+(?:\w+\s+){0,2}?"
                r"(?:brands?|labels?|products?|compan(?:y|ies)|manufacturers?|retailers?|sponsors?)\b",
                # a medium's category exclusivity for its sponsor: "the Publisher will not accept advertising in the
                # Newsletter from any other bank", "... no sponsorship from a competing airline"
                r"\b(?:shall|will|must)\s+not\s+(?:accept|take(?:\s+on)?|carry|run)\s+(?:any\s+)?(?:sponsorships?|"
                r"advertising|advertisements?|adverts?|endorsements?)\b[^.;]{0,80}?\bfrom\s+(?:any\s+other|another|"
                r"(?:any\s+|a\s+)?competing)\s+(?:[\w-]+\s+){0,3}?(?:brands?|labels?|compan(?:y|ies)|manufacturers?|"
                r"retailers?|sponsors?|advertisers?|banks?|airlines?|suppliers?|providers?)\b",
                opening=_PROHIBITS,
            ),
            # a seller's category exclusivity: "the Dealer shall not stock, display or sell any other make of electric
            # bicycle in its showrooms" (another product of the kind the contract is about, named in up to six words)
            _affirmed(
                r"\b(?:shall|will|must)\s+not\s+(?:(?:offer|promote|integrate|stock|carry|display|market|sell)\s*,\s*){0,3}"
                r"(?:(?:offer|promote|integrate|stock|carry|display|market|sell)\s*,?\s+(?:or|and|nor)\s+)?"
                r"(?:offer|promote|integrate|stock|carry|display|market|sell)\s+(?:any\s+other|another)\s+"
                r"(?:[\w-]+\s+){0,6}?(?:brands?|makes?|products?|programs?|programmes?|plans?)\b",
                opening=_PROHIBITS,
            ),
            # exclusive personal services: "the Singer shall not record for any person other than the Company", "must not
            # render modelling services for anyone else during the Term"
            _affirmed(
                r"\b(?:shall|will|must)\s+not(?:\s*,[^,.;]{0,60},)?\s+(?:\w+\s+)?(?:render|perform|provide|record|present|work|act)\b"
                r"[^.;]{0,100}?\bfor\s+(?:any\s+(?:person|party|one|entity|company|third\s+part(?:y|ies))\s+other\s+than|"
                r"anyone\s+(?:else|other\s+than)|any\s+third\s+part(?:y|ies)|"
                # (or a business of the kind the talent serves: "for any other eyewear brand", "any other fashion house")
                r"any\s+other\s+(?:\w+\s+)?(?:person|party|entity|company|label|producer|employer|broadcaster|studio|"
                r"brand|retailer|designer|house|magazine|publisher|sponsor))\b",
                opening=_PROHIBITS,
            ),
            # a duty to use or buy from the other party only: "the Shipper shall use the Carrier exclusively",
            # "shall engage only the Contractor", "shall buy its fuel only from Seller"
            _affirmed(
                r"\b(?:use|engage|appoint|retain|employ)\w*\s+(?:the\s+)?" + _PROVIDER + r"\s+(?:exclusively|solely)\b",
                r"\b(?:use|engage|appoint|retain|employ)\w*\s+(?:exclusively|solely|only)\s+(?:the\s+)?" + _PROVIDER,
                # the other party and no one else: "shall engage the Contractor, and no one else, for all repairs"
                r"\b(?:use|engage|appoint|retain|employ|instruct)\w*\s+(?:the\s+)?" + _PROVIDER + r",?\s+(?:and|but)\s+"
                r"(?:no\s+one|nobody|no\s+other\s+(?:[\w-]+\s+)?(?:person|party|firm|company|"
                + _PROVIDER
                + r"))(?:\s+else)?\b",
                r"\b(?:purchase|buy|obtain|source|order)\w*\b[^.;]{0,80}\bonly\s+from\s+(?:the\s+)?(?-i:[A-Z])",
                opening=_BINDS,
            ),
            # a seller's whole output to the other party alone: "shall sell to the Miller, and to no other buyer, all the
            # barley it grows" (a ban after it restates it: "..., and shall not offer it to anyone else")
            _affirmed(
                r"\b(?:shall|will|must)\s+(?:sell|supply|deliver|offer)\s+(?:[^.;]{0,40}?\s)?to\s+(?:the\s+)?(?-i:[A-Z])[\w-]*,?\s+"
                r"(?:and|but)\s+(?:to\s+)?(?:no\s+other|no\s+one\s+else|nobody\s+else)\b",
                opening=_UNDENIED_BEFORE,
            ),
            # "shall not engage any other haulier", "must not buy from another supplier", "shall not buy power for the
            # site from any other retail energy provider" (the kind of supplier in up to two words)
            _affirmed(
                # (what is bought may be named at length: "shall not purchase the Parts, or parts of substantially the
                # same design and function, from any other source")
                r"\b(?:shall|will|must)\s+not\s+(?:use|engage|appoint|retain|employ|instruct|(?:purchase|buy|source|obtain|order)\s+"
                r"(?:[^.;]{0,80}?\s)??from)\s+(?:any\s+other|another|any\s+third[\s\-]part(?:y|ies))\s+(?:[\w-]+\s+){0,2}?"
                r"(?:carriers?|hauliers?|haulers?|suppliers?|providers?|vendors?|contractors?|manufacturers?|sources?|"
                r"firms?|compan(?:y|ies)|persons?|part(?:y|ies)|operators?|forwarders?|brokers?|intermediar(?:y|ies)|"
                r"distributors?|wholesalers?|dealers?|growers?|producers?)\b"  # "from any other distributor or grower"
                # not a ban on subcontracting: "shall not engage any other company to perform the Services"
                r"(?![^.;]*\b(?:to\s+(?:perform|provide|carry\s+out|deliver|do)|sub-?contract\w*)\b)",
                opening=_PROHIBITS,
            ),
            # the same said with "no": "shall engage no other provider of cleaning at the Site", and a promise to give
            # the other party all of a kind of work: "shall place all guarding requirements for the Site with the
            # Contractor"; a promise to keep others out: "shall not permit any other food operator to sell"
            _affirmed(
                r"\b(?:shall|will|must)\s+(?:use|engage|appoint|retain|employ|instruct)\s+no\s+other\s+(?:[\w-]+\s+)?"
                + _PROVIDER,
                r"\b(?:shall|will|must)\s+(?:place|give|award|route)\s+all\s+(?:of\s+)?(?:its\s+|their\s+)?(?:[\w-]+\s+){0,2}?"
                r"(?:requirements|work|orders|business)\b[^.;]{0,60}?\bwith\s+the\s+(?-i:[A-Z])",
                r"\b(?:shall|will|must)\s+not\s+(?:permit|allow|authori[sz]e)\s+(?:any\s+other|another|any\s+third[\s\-]part(?:y|ies))"
                r"\s+(?:[\w-]+\s+){0,3}?" + _PROVIDER + r"[^.;]{0,20}?\bto\s+(?:sell|supply|provide|operate|trade)\b",
                # (or any other person, the kind of service named after the verb: "shall not permit any other person
                # to provide catering or vending services at the Premises"; not the contract's own work, which is a
                # ban on subcontracting: "shall not permit any other person to provide the Services")
                r"\b(?:shall|will|must)\s+not\s+(?:permit|allow|authori[sz]e)\s+(?:any\s+other|another)\s+"
                r"(?:person|party|entity|business|organi[sz]ation)\s+to\s+(?:sell|supply|provide|operate|offer|run)\s+"
                r"(?!(?:all\s+|any\s+)?(?:(?:part|portion)\s+of\s+)?(?:the|its|their|his|her|such|this)\b)"
                r"(?:[\w-]+,?\s+(?:(?:and|or)\s+)?){0,5}?(?:services?|facilit(?:y|ies)|outlets?|concessions?)\b",
                # (a kind of equipment kept off a named site: "shall not permit any third party to install or run
                # vending machines at the Premises")
                r"\b(?:shall|will|must)\s+not\s+(?:permit|allow|authori[sz]e)\s+(?:any\s+other|another|any\s+third[\s\-]part(?:y|ies))"
                r"\s+(?:(?:person|party|entity|business|organi[sz]ation)\s+)?to\s+(?:(?:install|place|erect|operate|run)\s+"
                r"(?:or|and)\s+)?(?:install|place|erect|operate|run)\s+"
                r"(?!(?:all\s+|any\s+)?(?:(?:part|portion)\s+of\s+)?(?:the|its|their|his|her|such|this)\b)"
                r"(?:[\w-]+,?\s+(?:(?:and|or)\s+)?){0,5}?(?:equipment|machines?|stations?|points?|kiosks?|units?|"
                r"installations?|facilit(?:y|ies))\b[^.;]{0,40}?\b(?:at|on|in)\s+(?:the|its)\s+(?-i:[A-Z])",
                opening=_PROHIBITS,
            ),
            # a member's promise to bid only through the group: "each Venturer shall tender for the Works exclusively
            # through the Joint Venture" (not a channel for goods: "shall sell the cards only through the Terminal")
            _affirmed(
                r"\b(?:shall|will|must)\s+(?:(?!not\b|never\b)\w+\s+){0,2}?(?:participate|bid|tender|compete)\b"
                r"[^.;]{0,80}?\b(?:solely|only|exclusively)\s+through\s+(?:the\s+)?(?-i:[A-Z])",
                opening=_UNDENIED_BEFORE,
            ),
            # a member's promise to work with the other party alone ("each Team Member shall team exclusively with
            # Prime"), or to trade only through it ("its Owner shall not employ it, or offer it for employment, other
            # than through the Pool Manager")
            _affirmed(
                r"\b(?:shall|will|must)\s+(?:\w+\s+){0,2}?(?:team|work|deal|partner|collaborate|co-?operate|contract|"
                r"trade|do\s+business)\s+exclusively\s+with\s+(?:the\s+)?(?-i:[A-Z])",
                opening=_UNDENIED_BEFORE,  # (a ban after it restates it: "..., and shall not join any other bid")
            ),
            _affirmed(
                # (the business itself: not "shall not receive any payment ... other than through the Institution")
                r"\b(?:shall|will|must)\s+not\s+(?:\w+ly\s+)?(?:employ|offer|sell|market|trade|hire|charter|let|lease|"
                r"deal|supply|distribute|book|place|contract)\b[^.;]{0,100}?\b(?:other\s+than|except)\s+through\s+"
                r"(?:the\s+)?(?-i:[A-Z])",
                opening=_PROHIBITS,
            ),
            # a depositor's promise to store only with the other party: "shall store at the Terminal, and shall not
            # store at any other grain terminal, all the wheat it exports"
            _affirmed(
                r"\b(?:shall|will|must)\s+not\s+(?:store|warehouse|deposit)\b[^.;]{0,40}?\b(?:at|in|with)\s+"
                r"(?:any\s+other|another)\s+(?:[\w-]+\s+){0,2}?(?:stores?|warehouses?|facilit(?:y|ies)|depots?|"
                r"terminals?|elevators?|silos?|storage\s+providers?)\b",
                opening=_PROHIBITS,
            ),
            # a landlord's exclusive-use promise: "Landlord shall not lease other premises ... to a tenant whose
            # primary business is the sale of ..."
            r"\b(?:shall|will|must)\s+not\s+(?:lease|let|rent|license)\b[^.;]{0,160}\bto\s+(?:a|an|any)\s+"
            r"(?:other\s+)?(?:tenant|occupant|retailer|operator|licensee)s?\b[^.;]{0,120}\b(?:business|use|sale|sell\w*)\b",
        ),
        sources=("non_compete", "license_grant"),
    ),
    "non_compete": Rule(
        "says that a party remains free to compete",
        negative=_any(
            r"\bnothing\b"
            + _GAP
            + r"\b(?:prevent|preclude|restrict|prohibit|limit|bar|impair)s?\b"
            + _GAP
            + r"\b(?:compet|develop|market|engag|offer|sell|provid|pursu|enter|work)\w*",
            r"\bfree\s+to\s+(?:compete|develop|market|engage|offer|sell|provide|pursue|enter)\b",
            # the same freedom with a time between "free" and "to" and a list of verbs: "each Party remains free,
            # during and after the Term, to design, make and commercialise products, including ones that compete"
            r"\bfree,\s+[^.;,]{1,60},\s+to\s+(?:[a-z]+,?\s+(?:(?:and|or)\s+)?){0,4}?(?:compete|develop|market|engage|"
            r"offer|sell|provide|pursue|enter|commerciali[sz]e|manufacture|make)\b",
            # "Distributor may sell ... products that compete with the Products"
            # (an adverb may stand between: "Each party may independently develop ... products that compete")
            # (or a list of verbs: "The Stockist may stock, promote and sell goods of any maker, including rivals that compete")
            r"\bmay\s+(?:\w+ly\s+)?(?:(?!not\b|never\b)[a-z]+,?\s+(?:(?:and|or)\s+)?){0,3}?"
            r"(?:sell|offer|provide|market|distribute|develop|work|engage|render|perform)\b[^.;]{0,120}"
            r"\bcompet\w*",
            # the same freedom for a maker, packer or carrier: "the Packer may pack goods for any other customer,
            # including brands that compete" (no "not", "never" or "only" before the competitors are named)
            r"\bmay\s+(?:\w+ly\s+)?(?:(?!not\b|never\b|only\b)[a-z]+,?\s+(?:(?:and|or)\s+)?){0,3}?"
            r"(?:pack|make|manufacture|produce|process|supply|serve|carry|haul|transport|ship|stock|handle|represent|"
            r"act\s+for|buy|purchase|source)\b(?:(?!\b(?:not|never|only)\b)[^.;]){0,120}\bcompet\w*",
            # a ban on hiring the other party's people is a non-solicitation, not a restraint on competing: "must not
            # solicit, engage or employ any person who has been employed by the Contractor"
            r"\b(?:shall|will|must)\s+not\s+(?![^.;]*\bcompet)(?:\w+,?\s+){0,3}?(?:solicit|engage|employ|hire|recruit)\b"
            r"[^.;]{0,80}\b(?:persons?|employees?|staff|personnel|individuals?)\s+(?:who|whom)\s+(?:is|was|were|are|has\s+been|"
            r"have\s+been)\s+(?:\w+\s+)?(?:employed|engaged)\b" + _REST,
            # "neither Party shall solicit for employment or engage ... any employee of the other Party"
            r"\bneither\s+part(?:y|ies)\s+(?:shall|will|may|must)\s+(?![^.;]*\bcompet)(?:[\w,]+\s+){0,4}?"
            r"(?:solicit|engage|employ|hire|recruit)\w*\b[^.;]{0,80}?\b(?:employees?|staff|personnel)\s+of\s+the\s+other\b"
            + _REST,
            r"\bnot\s+(?:be\s+)?(?:restricted|prevented|prohibited|precluded|limited)\s+(?:in\s+any\s+way\s+)?from\s+"
            r"(?:compet|develop|market|engag|offer|sell)\w*",
            r"\bno\s+non[\s\-]?compet\w*",
            # "This Agreement does not restrict any Participant from engaging in any business, including one that competes"
            r"\b(?:does|do|shall|will)\s+not\s+(?:in\s+any\s+way\s+)?(?:restrict|prevent|preclude|prohibit|limit|bar)\s+"
            r"(?:any|either|each|a|an|the)\b[^.;]{0,60}?\bfrom\s+(?:compet|develop|market|engag|offer|sell|provid|pursu|"
            r"enter|work|conduct|carry)\w*" + _REST,
            # "The Consultant shall not be subject to any non-compete", "is not bound by a covenant not to compete"
            r"\bnot\s+(?:be\s+)?(?:subject\s+to|bound\s+by)\s+(?:any\s+|a\s+)?(?:non[\s\-]?compet\w*|covenants?\s+not\s+to\s+compete)",
            r"\b(?:neither|no)\s+party\s+(?:is|shall\s+be|will\s+be)\s+(?:restricted|prevented|prohibited|precluded)\b",
            # a span opening with a licence grant that restricts nothing: "grants ... a licence ... to market"
            r"^(?![^.;]*\b(?:not|never|refrain\w*|compet\w*)\b)[^.;]*\bgrants?\b[^.;]{0,80}\blicen[cs]e\b",
            # a promise to deal only with the other party is exclusivity, not a restraint on competing with it
            _DEAL_ONLY_WITH + _REST,
            # nor is a grantor's promise to appoint, license or franchise no one else (even with its own sales in the
            # area barred too): "the Principal will not appoint another agent, or itself sell, in the Region", "will not
            # run an outlet, or grant anyone else a franchise to run one, in the Zone"
            r"\b(?:shall|will|must)\s+not\s+(?![^.;]*\b(?:compet|similar|rival)\w*)(?:[\w,]+\s+){0,6}?"
            r"(?:appoint|designate|nominate|approve|authori[sz]e|license|licence|franchise|grant)\s+(?:to\s+)?(?:any\s+other|another|any\s+third\s+part|anyone\s+else)"
            + _REST,
            # a customer's promise to use no one else for the work: "the Owner shall not engage any other person to
            # operate or maintain the Plant" (the provider's exclusivity)
            r"\b(?:shall|will|must)\s+not\s+(?![^.;]*\bcompet)(?:engage|appoint|use|retain|employ|instruct|contract\s+with)"
            r"\s+(?:any\s+)?(?:other|another|third[\s-]part(?:y|ies)|additional)\b[^.;]{0,30}?\b(?:persons?|part(?:y|ies)|"
            r"entit(?:y|ies)|" + _PROVIDER + r")\s+(?:to|for)\b" + _REST,
            # nor a promise to keep a site's use clear: "the Owner shall not erect or allow any building on the land that
            # obstructs or interferes with the Operator's transmissions" (a tower, rooftop or easement's non-interference)
            r"\b(?:shall|will|must)\s+not\s+(?![^.;]*\bcompet)(?:\w+\s+(?:or|and|nor)\s+)?(?:build|erect|construct|install|"
            r"place|locate|permit|allow|suffer)\b[^.;]{0,80}?\b(?:obstruct\w*\s+or\s+)?interfer\w*\s+with\b" + _REST,
            # nor a promise to keep other traders out: "the College shall not permit any other food service operator
            # to sell prepared food on the campus" (the provider's exclusivity)
            r"\b(?:shall|will|must)\s+not\s+(?![^.;]*\bcompet)(?:permit|allow|authori[sz]e|let)\s+(?:any\s+other|another|"
            r"any\s+third[\s-]part(?:y|ies))\b[^.;]{0,40}?\bto\s+(?:sell|supply|provide|operate|trade|offer)\b" + _REST,
            # nor is a promise not to dispose of rights in the subject matter to others: "Author shall not sell, option or
            # license any film right in the Property to any third party"
            r"\b(?:shall|will|must)\s+not\s+(?:sell|option|licen[cs]e|grant|transfer|assign|encumber|dispose)\w*\b[^.;]{0,80}?"
            r"\b(?:rights?|interests?)\s+(?:in|to|of)\s+(?:the|its|their|his|her)\s+[^.;]{0,80}?\bto\s+(?:any|a)\s+"
            r"(?:third|other)\b" + _REST,
        ),
        positive=_any(
            r"\b(?:shall|will|must|may)\s+not\b[^.;]{0,250}\b(?:compet|engag|develop|market|sell|offer|manufactur|"
            r"distribut|own|operat|participat|carry\s+on)\w*",
            r"\bagrees?\s+not\s+to\b",
            r"\brefrain\s+from\b",
            r"\bcovenants?\s+not\s+to\s+compete\b",
        ),
        # an express covenant: "the Seller shall not, for three years, carry on or be engaged in any business
        # that competes with the business of the Company"
        asserting=_any(
            # (or no one named by its role: "no Seller shall engage in any business that competes")
            r"\b(?:(?:shall|will|must)\s+not|(?:neither|(?-i:[Nn]o)\s+(?=(?-i:[A-Z])))\s*(?:the\s+)?\w+(?:\s+\w+)?\s+(?:shall|will|may)"
            r"(?![^.;]*\b(?:restrict\w*|prevent\w*|prohibit\w*|preclud\w*|limit\w*|free)\b))\b[^.;]{0,120}"
            r"\b(?:carry\s+on|be\s+(?:engaged|concerned|interested)\s+in|engage(?:,[^.;,]{1,40},)?\s+in)\b[^.;]{0,160}\bcompet\w*",
            # an agent's or distributor's promise not to handle competing goods: "the Agent shall not promote, directly
            # or indirectly, products of companies in competition with the Principal"
            _affirmed(
                r"\b(?:shall|will|must)\s+not\s+(?:\w+,?\s+){0,6}?(?:promote|represent|distribute|market|sell|"
                r"manufacture|handle|offer|deal\s+in)\b[^.;]{0,60}\b(?:products?|goods|services|lines|brands?)\b"
                r"[^.;]{0,80}\b(?:compet\w*|in\s+competition)\b",
                # the goods named by what they are: "shall not sell any garden chairs that compete with the Products"
                r"\b(?:shall|will|must)\s+not\s+(?:\w+,?\s+){0,6}?(?:promote|represent|distribute|market|sell|"
                r"manufacture|handle|offer|deal\s+in)\b[^.;]{0,80}\b(?:that|which)\s+(?:directly\s+or\s+indirectly\s+)?"
                r"compete",
                opening=_PROHIBITS,
            ),
            # the same with the period first, running after the party leaves: "For two years after he ceases to be a
            # Shareholder, the Founder shall not own or operate any bakery within Cook County"
            _affirmed(
                r"\b(?:for|during)\s+(?:a\s+(?:further\s+)?period\s+of\s+)?[^.;,]{1,40}?\b(?:years?|months?)\s+"
                r"(?:after(?:wards)?|thereafter|following)\b[^.;]{0,80}?\b(?:shall|will|must)\s+not\s+"
                r"(?:\w+,?\s+(?:(?:or|and)\s+)?){0,4}?(?:develop|own|manage|operate|carry\s+on|engage\s+in|manufactur\w*|"
                r"sell|market|distribut\w*|produc\w*|open|run)\b[^.;]{0,120}?\b(?:in|within)\s+(?:the\s+)?(?-i:[A-Z])",
                opening=_PROHIBITS,
            ),
            # a venturer's promise not to bid for the venture's work on its own: "neither Venturer shall, alone or with
            # others, tender for the Employer's further works other than through the Joint Venture"
            _affirmed(
                r"\b(?:(?:shall|will|must|may)\s+not|neither\s+(?:the\s+)?\w+(?:\s+\w+)?\s+(?:shall|will|may))\b[^.;]{0,80}?"
                r"\b(?:submit|make|tender|bid)\s+(?:(?:any|an)\s+)?(?:\w+\s+)?(?:offers?|bids?|tenders?|quotations?|"
                r"proposals?|for)\b[^.;]{0,120}?\bother\s+than\s+through\s+(?:the\s+)?(?-i:[A-Z])",
                opening=_NEITHER_BINDS,
            ),
            # a seller's covenant for a period and a territory: "Seller shall not, for four years after the Closing Date,
            # manufacture or sell valves in the United States"
            _affirmed(
                r"\b(?:shall|will|must)\s+(?:\w+\s+)?not,?\s+(?:for|during)\s+(?:a\s+period\s+of\s+)?[^.;,]{1,40}?"
                r"\b(?:years?|months?)\b[^.;]{0,80}?(?:\w+,?\s+){0,3}?(?:manufactur\w*|sell|market|distribut\w*|produc\w*|"
                r"carry\s+on|engage\s+in)\b[^.;]{0,120}\bin\s+(?:the\s+)?(?-i:[A-Z])",
                opening=_PROHIBITS,
            ),
            # a restraint on handling anything but the contract's own goods or business: "the Stockist shall not stock in
            # the Region any kettle made by any maker other than Brand", "shall not be interested in any bakery business
            # other than the Franchised Business"
            _affirmed(
                r"\b(?:shall|will|must)\s+not\b[^.;]{0,80}?\b(?:distribute|promote|market|sell|stock|handle|represent|"
                r"be\s+(?:engaged|interested|concerned)(?:\s+or\s+(?:engaged|interested|concerned))?\s+in)\b"
                r"[^.;]{0,80}?\bany\s+(?!(?:person|party|one|entity|third)\b)"
                # (not whom it deals with: "shall not sell any kettle to any person other than Brand" is exclusivity)
                # (nor a lock-up of shares, nor an exception in brackets: "by any technology (other than cable)")
                r"(?:(?!\b(?:(?:to|with|from)\s+any\s+(?:person|party|one|entity|third)|shares|stock|securities)\b)"
                r"[^.;]){0,100}?(?<!\()\bother\s+than\s+(?:the\s+)?(?-i:[A-Z])",
                opening=_PROHIBITS,
            ),
            # a radius clause: "the Band shall not play at any venue within 100 miles of the Festival site", "shall not
            # open another salon within five kilometres of the Premises"
            _affirmed(
                r"\b(?:shall|will|must)\s+not\s*(?:,[^.;,]{1,60},\s*)?\s" + _RADIUS_RESTRAINT,
                opening=_PROHIBITS,
            ),
            # the same laid on a party and its people together: "neither the Practice nor any of its partners shall open
            # a surgery within five miles of the Clinic" (a "neither ... shall" that is no freedom: "neither party shall
            # be restricted from")
            _affirmed(
                r"\bneither\s+[^.;]{1,100}?\b(?:shall|will|may|must)\s+(?!not\b)" + _RADIUS_RESTRAINT,
                opening=_NEITHER_BINDS,
            ),
        ),
        # a promise not to solicit employees or customers is a non-solicitation, not a non-compete
        required=_any(
            r"\bcompet\w*",
            # "engage in", not "during the engagement", "an employee who was engaged in the performance" or
            # "solicit or engage any designer or employee" (hiring a person; an aside between: "engage, directly or
            # through an agency, any designer")
            r"\bengag(?:e|es|ing)\b(?![\s,]+(?:\w+,?\s+){0,6}?(?:(?:employees?|designers?|staff|personnel|persons?|"
            r"individuals?|contractors?|consultants?|workers?|officers?)\b|"
            # (whoever the person is called: "engage any illustrator who was employed by")
            r"(?:any|an?)\s+\w+\s+(?:who|whom)\s+(?:is|was|are|were|has|have)\b))",
            r"\bengaged\s+in\s+(?:any\s+|a\s+)?(?:business|activit|trade|enterprise|undertaking)",
            r"\bbusiness\w*",
            r"\bsimilar\b",
            r"\brival\w*",
            # the verbs, not a party called "Developer", "Seller" or "Distributor"
            r"\b(?:develop|market|sell|manufactur|distribut|commerciali[sz])(?!(?:er|or)s?\b)\w*",
        ),
        required_when=_any(
            r"\bsolicit\w*",
            r"\bhire\b",
            r"\bemploy\w*",
            r"\brecruit\w*",
            r"\bgrants?\b[^.;]{0,80}\blicen[cs]e",
            r"\bdisclos\w*",  # "shall not disclose confidential information" is confidentiality
            r"\bconfidential\w*",
            # "shall not appoint any other agent or distributor in the Territory" is exclusivity
            r"\bnot\s+(?:appoint|licen[cs]e)\b[^.;]{0,40}\b(?:any\s+other|another|anyone\s+else)\b",
            # the term's own clause: "This Agreement will expire at the end of the term and will not renew"
            r"\bexpir(?:e|es|y|ation)\b",
            r"\brenew(?:s|ed|al)?\b",
        ),
    ),
    "change_of_control": Rule(
        "says a change of control has no consequence (no right to terminate, no consent needed)",
        # CUAD's own definition: a right to terminate, or a consent needed, when a party's control changes
        asserting=_any(
            _affirmed(
                r"\b"
                + _ENDS_IT
                + r"\b[^.;]{0,160}\b(?:if|upon|on|in\s+the\s+event\s+(?:of|that)|following)\b[^.;]{0,80}\b"
                + _CONTROL,
                # (a right denied on the way is no consent needed: "... gives the other party no right to terminate
                # it or to require its consent")
                _CONTROL + r"\b(?:(?!\bno\s+right)[^.;]){0,120}\b(?:requires?|subject\s+to)\b[^.;]{0,60}\bconsent\b",
                # "undergoes a change of control ... the other Participants may exclude it from the consortium", "the
                # other Shareholder may require it to sell its shares"
                _CONTROL
                + r"\b[^.;]{0,200}\bmay\b[^.;]{0,60}\b(?:terminat\w*|exclude|expel|remove|"
                + _BOUGHT_OUT
                + r")\b",
                # the compulsory transfer of a shareholders' agreement: "a Shareholder that undergoes a Change of
                # Control is deemed to have given a Transfer Notice for all its shares"
                _CONTROL + r"\b[^.;]{0,120}\bdeemed\s+to\s+have\s+(?:served|given|delivered|issued)\s+(?:a|an)\s+"
                r"(?:\w+\s+)?(?:transfer|sale)\s+notice\b",
                # an employment ended after a change of control, with its benefit (a "double trigger"): "If, within
                # twelve months following a Change in Control, the Executive's employment is terminated without Cause"
                _CONTROL + r"\b[^.;]{0,120}\b(?:employment|engagement|appointment)\s+(?:is|shall\s+be)\s+terminated\b",
            ),
            # "if a person who is not a related company of Licensee acquires control of Licensee": a relative
            # clause's "not" describes the acquirer, it does not deny the right
            _affirmed(
                r"\b"
                + _ENDS_IT
                + r"\b[^.;]{0,160}\b(?:if|upon|on|in\s+the\s+event\s+(?:of|that)|following|after)\b[^.;]{0,120}\b"
                + _CONTROL_ACQUIRED,
                _CONTROL_ACQUIRED + r"\b[^.;]{0,120}\b(?:without|requires?|subject\s+to)\b[^.;]{0,60}\bconsent\b",
                # the right in the next sentence: "... after any person acquires control of the Operator. The Owner
                # may, within sixty (60) days after receiving that notice, terminate this Contract"
                rf"(?:{_CONTROL_ACQUIRED}|{_CONTROL})\b[^.;]{{0,80}}\.\s+[^.;]{{0,40}}?\bmay\b(?!\s+not\b)[^.;]{{0,80}}?"
                rf"\b{_ENDS_IT}",
                # a party's right to end it when the other leaves its group ("Licensor may terminate this Agreement if
                # Licensee ceases to be controlled by its parent"); not the term that simply runs until then
                rf"\bmay\b(?!\s+not\b)[^.;]{{0,80}}?\b{_ENDS_IT}\b[^.;]{{0,160}}\b(?:if|in\s+the\s+event\s+that|should)\b"
                rf"[^.;]{{0,80}}\b{_LEAVES_GROUP}",
                opening=_ungoverned(r"nothing|neither|no\s+party|" + _NOT_OUTSIDE_A_RELATIVE + r"|never|free\s+to"),
            ),
            # the new controller described by a relative clause, also with words set off inside it: "may terminate ...
            # if control of the Agent passes to any person who, at the date of signing, did not control it" (its "not"
            # describes the person; only a negation before the right denies it)
            _affirmed(
                r"\b"
                + _ENDS_IT
                + r"\b[^.;]{0,160}\b(?:if|upon|on|in\s+the\s+event\s+(?:of|that)|following|after)\b[^.;]{0,120}\b"
                + _CONTROL_ACQUIRED
                + r"\s+(?:any|a|an|another|some)\s+(?:[\w-]+\s+){0,3}?(?:who|that|which|whom)\b",
                opening=_UNDENIED_BEFORE,
            ),
            # the control acquired first, then the other party's right: "if any person gains control of the Borrower,
            # ... the Bank may, by not less than ten days' notice, cancel the Facility" ("not less than" denies nothing)
            _affirmed(
                _CONTROL_ACQUIRED
                + r"\b[^.;]{0,200}\bmay\b[^.;]{0,60}\b(?:terminat\w*|cancel\w*|exclude|expel|remove|"
                + _BOUGHT_OUT
                + r")\b",
                # a relative clause's "not" describes the new controller: "to any person who did not control it"
                opening=_ungoverned(
                    r"nothing|neither|no\s+party|" + _NOT_OUTSIDE_A_RELATIVE + r"(?!\s+(?:less|more|later|"
                    r"earlier|fewer)\s+than)|never|free\s+to"
                ),
            ),
            # a change of control named as a default: "A Change of Control shall constitute an Event of Default"
            _affirmed(
                rf"(?:{_CONTROL_ACQUIRED}|{_CONTROL})\b[^.;]{{0,120}}?\b(?:is|shall\s+(?:be|constitute)|will\s+(?:be|constitute)|"
                r"constitutes?)\s+(?:an?\s+)?(?:event\s+of\s+default|termination\s+event|default\s+event)\b",
            ),
            # a ground for termination defined after the right: "Either party may terminate for good cause. Good cause
            # exists in particular if ... a competitor acquires control of the Licensee"
            _affirmed(
                r"\b(?:good|just|important|serious)\s+(?:cause|reasons?)\b(?:(?!\b(?:not|no|never)\b)[^.;]){0,80}?"
                r"\b(?:if|where|when|in\s+the\s+event)\b[^.;]{0,200}?(?:" + _CONTROL_ACQUIRED + "|" + _CONTROL + ")",
                opening=_UNDENIED_BEFORE,
            ),
        ),
        negative=_any(
            _CONTROL
            + _GAP_THROUGH_ABBREVIATIONS
            + r"\b(?:shall|will|does|do|did)\s+not,?\s+(?:(?:in|of|by)\s+itself,?\s+)?(?:give|entitle|constitute|"
            r"be\s+deemed|require|trigger|confer|result|permit|allow|create|affect|terminate|operate|accelerat)\w*"
            + _REST,
            # "a change of control of either party is not a ground for termination"
            _CONTROL + _GAP + r"\b(?:is|are|shall|will)\s+(?:not|never)\s+(?:be\s+)?(?:a|an|any)?\s*"
            r"(?:ground|reason|cause|basis|event)s?\s+(?:for|of)\s+(?:termination|terminating|cancell?ation)" + _REST,
            r"\b(?:shall|will|does|do)\s+not\s+(?:give|entitle|confer|create)\b" + _GAP + r"\b" + _CONTROL + _REST,
            r"\bno\s+(?:consent|approval|notice|right)\b" + _GAP + r"\b" + _CONTROL + _REST,
            # "its merger with another firm gives Consultant no right to terminate this Agreement"
            r"\b(?:gives?|confers?|creates?)\s+(?:[\w-]+\s+){0,3}?no\s+(?:right|option|consent)\b" + _REST,
            # "neither party may terminate this Agreement because of a change of control"; not "... except on a change"
            r"\b(?:neither|no)\s+party\s+(?:may|shall|can|will)\s+terminat\w*(?![^.;]*\b(?:except|unless|save)\b)"
            + _GAP
            + r"\b"
            + _CONTROL
            + _REST,
            # "no change of control of either party gives rise to any right of termination"
            r"\bno\s+"
            + _CONTROL
            + _GAP
            + r"\b(?:gives?|entitles?|confers?|creates?|allows?|permits?|constitutes?)\b"
            + _REST,
            # "without the other's consent, except to a successor in a merger": a merger needs no consent
            r"\bexcept\s+(?:to\s+)?(?:a|an|any|its)\s+(?:successor|acquirer|purchaser|affiliate)\b[^.;]{0,80}"
            r"\b(?:merg\w*|acqui\w*|control)" + _REST,
            # "a change in the shareholders of the Buyer requires no consent and entitles neither party to terminate"
            _CONTROL
            + _GAP
            + r"\b(?:(?:requires?|needs?)\s+no\s+(?:\w+\s+)?(?:consent|approval)|entitles?\s+(?:neither|no)\s+party\s+to\s+"
            r"terminat\w*)\b(?![^.;]*\bmay\s+terminat)" + _REST,
            # "a change of control of either party gives the other party no right to terminate"
            _CONTROL + _GAP + r"\b(?:gives?|confers?|creates?)\b[^.;]{0,40}\bno\s+(?:right|consent|approval)\b" + _REST,
            # the denial in the next sentence, the change its subject: "A change of control of a Member is not a
            # transfer. It requires no consent and gives the others no right to terminate."
            _CONTROL
            + _GAP
            + r"\.\s+(?:it|this|such\s+(?:a\s+)?change(?:\s+of\s+control)?)\s+(?:(?:requires?|needs?)\s+no\s+"
            r"(?:\w+\s+)?(?:consent|approval)\b[^.;]{0,80}\b)?(?:gives?|confers?|creates?)\b[^.;]{0,40}\bno\s+"
            r"(?:right|consent|approval)\b" + _REST,
            # "a change of control of the Buyer gives neither party any right to terminate"
            _CONTROL
            + _GAP
            + r"\b(?:gives?|confers?|creates?)\s+(?:neither|no)\s+party\s+(?:any\s+)?(?:right|consent|approval)\b"
            + _REST,
            r"\bnothing\b" + _GAP + r"\b(?:restrict|prevent|prohibit|limit)s?\b" + _GAP + r"\b" + _CONTROL + _REST,
            # "if the Supplier undergoes a change of control, this Agreement continues in full force; the Customer
            # acquires no right to terminate by reason of it" (the semicolon is no end of what the change does)
            _CONTROL
            + r"[^.]{0,200}?\b(?:this\s+agreement|the\s+agreement|it)\s+(?:shall\s+|will\s+)?(?:continues?|remains?)\s+"
            r"in\s+(?:full\s+)?(?:force|effect)[^.]*",
            _CONTROL + r"[^.]{0,200}?\b(?:acquires?|has|obtains?|gains?|gets?)\s+no\s+right\s+to\s+terminat[^.]*",
            # "A change of control of either party shall have no consequence (no effect) under this Agreement"
            _CONTROL
            + _GAP
            + r"\b(?:shall|will|does|do|is\s+to)\s+(?:have|has)\s+no\s+(?:\w+\s+)?(?:consequences?|effect)\b"
            + _REST,
            # an amendment that deletes the clause giving the right: "Section 14.3, which allowed Licensor to terminate
            # if control of Licensee changed, is deleted"
            r"\b(?:which|that)\s+(?:allowed|permitted|entitled|gave|provided\s+for|required)\b[^.;]{0,160}\b"
            r"(?:terminat\w*|consent)\b[^.;]{0,160}\b(?:is|are|shall\s+be|has\s+been|have\s+been)\s+(?:hereby\s+)?"
            r"(?:deleted|removed|revoked|withdrawn)\b" + _REST,
        ),
        item=_any(_CONTROL, _CONTROL_ACQUIRED, _LEAVES_GROUP),
        lead_in=_any(
            r"\bevents?\s+of\s+default\b",
            r"\btermination\s+events?\b",
            r"\bmay\b[^.;:]{0,80}?\b(?:terminat\w*|cancel\w*|accelerat\w*)\b[^.;:]{0,120}\b(?:if|where|when|upon|on)\b",
        ),
        # a duty only to give notice of the change is no consequence once the span says the change gives
        # no right to terminate and needs no consent ("shall notify ...; this does not give any right to terminate")
        positive=_any(
            r"\b(?:control|merg\w*|acqui\w*)\b" + _GAP + r"\b(?:terminat\w*|consent|approv\w*)\b",
            r"\b(?:terminat\w*|consent|approv\w*)\b" + _GAP + r"\b(?:control|merg\w*|acqui\w*)",
        ),
    ),
    # the model can rank boilerplate near the end ("Entire Agreement. ...") as the law clause; a span that
    # names no law, court or forum is not one (and "no governing law" can then say so)
    "governing_law": Rule(
        "does not name the law, courts or forum that govern the contract",
        topic=_any(r"\blaws?\b", r"\bgovern\w*", r"\bjurisdiction\w*", r"\bcourts?\b", r"\bvenue\b", r"\barbitra\w*"),
    ),
    "most_favored_nation": Rule(
        "says no party must match better terms given to others",
        # "If Manufacturer sells ... at a price lower than ..., Manufacturer shall reduce Reseller's price to that lower price"
        asserting=_any(
            _affirmed(
                r"\b(?:reduce|lower|adjust)\w*\b[^.;]{0,80}\b(?:price|prices|fees?|rates?|royalt\w*)\b[^.;]{0,40}"
                # (or "reduce Customer's fee to the same level")
                # (or "reduce the Dealer's fee to match any lower fee it grants to another dealer")
                r"\bto\s+(?:(?:that|such|the\s+same|the)\s+lower|the\s+same\s+(?:level|amount)|"
                r"match\s+(?:any|the|that|such)\s+(?:lower|better|reduced))\b"
            ),
            # "If Supplier sells ... to any other customer at a lower price, Supplier shall offer that lower price to
            # Buyer", "Licensor shall extend to Licensee any more favourable royalty it grants another licensee"
            _affirmed(
                *_through_clause_numbers(
                    r"\b(?:other|another|third[\s\-]part(?:y|ies))\b[^.;]{0,260}\b(?:offer|extend|give|grant|provide|pass|apply)\w*\s+"
                    r"(?:\w+\s+){0,3}?(?:that|such|the\s+same|those|any\s+such)\s+(?:lower|better|more\s+favou?rable|reduced|"
                    r"lowest|best)\b",
                    r"\b(?:offer|extend|give|grant|provide|pass|apply)\w*\s+(?:\w+\s+){0,3}?(?:any|the|a|such)\s+(?:lower|better|"
                    r"more\s+favou?rable|reduced|lowest)\s+(?:\w+\s+)?"
                    + _PRICE
                    + r"\b[^.;]{0,120}\b(?:other|another|third)\s+"
                    r"(?:customers?|buyers?|purchasers?|licensees?|clients?|distributors?|resellers?|part(?:y|ies))\b",
                    # "Vendor shall charge Buyer fees no less favourable than the fees it charges to any other customer":
                    # matching what the promisor gives others (not "than those obtainable from an unaffiliated third party",
                    # an arm's-length test)
                    # (also a revenue share: "the percentage of Net Revenue payable to the Partner shall be no less favourable")
                    # (or an agent's buying for its principal: "rates obtained for the Client no less favourable than those
                    # it obtains for any other client")
                    r"\b(?:" + _PRICE + r"|percentages?|commissions?|(?:revenue|profit)\s+shares?)\b[^.;]{0,80}"
                    r"\bno\s+less\s+favou?rable\s+than\b[^.;]{0,120}?\b(?:to|for)\s+"
                    r"(?:any\s+other|all\s+other|another|other|(?:any\s+|a\s+)?third[\s\-]part(?:y|ies))\b",
                    # "If Vendor grants better rates to another customer, Vendor shall extend those rates to Buyer"
                    r"\b(?:lower|better|more\s+favou?rable|reduced)\s+(?:\w+\s+)?" + _PRICE + r"\b[^.;]{0,60}\bto\s+"
                    r"(?:any\s+other|another|other|(?:any\s+|a\s+)?third)\b[^.;]{0,120}\b(?:shall|will|must)\s+"
                    r"(?:offer|extend|give|grant|provide|pass|apply|make)\w*\s+(?:\w+\s+){0,2}?(?:those|such|the\s+same|that)\s+"
                    + _PRICE
                    + r"\b",
                    # "If Vendor offers any other library a lower fee for a comparable volume, Vendor shall offer the same
                    # fee to the Customer"
                    r"\b(?:offers?|charges?|grants?|gives?|sells?|extends?)\s+(?:to\s+)?(?:any\s+other|another|other|"
                    r"(?:any\s+|a\s+)?third)\b[^.;]{0,120}\b(?:lower|better|more\s+favou?rable|reduced)\s+(?:[\w\-]+\s+){0,2}?"
                    + _PRICE
                    + r"\b[^.;]{0,120}\b(?:shall|will|must)\s+(?:offer|extend|give|grant|provide|pass|apply|make)\w*\s+"
                    r"(?:\w+\s+){0,2}?(?:those|such|the\s+same|that)\s+(?:[\w\-]+\s+){0,2}?" + _PRICE + r"\b",
                    # the better terms given to anyone, then the same terms to this party: "If Vendor charges any customer of
                    # like volume a fee lower than Schedule 2's, Vendor shall give the Buyer the same lower fee"
                    r"\b(?:if|where|whenever|should)\b[^.;]{0,200}\b(?:lower|better|more\s+favou?rable|reduced)\b[^.;]{0,200}"
                    r"\b(?:shall|will|must)\s+(?:offer|extend|give|grant|provide|pass|apply|make)\w*\s+(?:\w+\s+){0,3}?"
                    r"(?:the\s+same|that|such|those)\s+(?:lower|better|more\s+favou?rable|reduced)\b",
                    # the same with the price or terms named and an adverb: "If Vendor offers any other customer ... a lower
                    # price or better terms, Vendor shall promptly offer the same price or terms to Buyer"
                    r"\b(?:if|where|whenever|should)\b[^.;]{0,200}\b(?:other|another|third)\b[^.;]{0,200}"
                    r"\b(?:lower|better|more\s+favou?rable|reduced)\b[^.;]{0,200}\b(?:shall|will|must)\s+(?:\w+ly\s+)?"
                    r"(?:offer|extend|give|grant|provide|pass|apply|make)\w*\s+(?:\w+\s+){0,3}?(?:the\s+same|those|such)\s+"
                    + _PRICE
                    + r"\b",
                    # the beneficiary's right to the better terms: "If the Owner grants any other tenant a lower rent, the
                    # Tenant is entitled to that lower rent", "the Buyer shall be entitled to the same price"; an investor's
                    # too: "if the Company grants a later investor any right more favourable than the Investor's, the
                    # Investor is entitled to the same right"
                    r"\b(?:if|where|whenever|should)\b[^.;]{0,200}\b(?:other|another|third|subsequent|later|future)\b[^.;]{0,200}"
                    r"\b(?:lower|better|more\s+favou?rable|reduced)\b[^.;]{0,200}\b(?:(?:shall|will)\s+be|is|are)\s+entitled\s+to\s+"
                    r"(?:\w+\s+){0,2}?(?:the\s+same|that|such|those)\s+(?:(?:lower|better|more\s+favou?rable|reduced)\b|"
                    + _PRICE
                    + r"\b|rights?\b|term\b)",
                ),
                opening=_BINDS,
            ),
            # a ceiling at the promisor's (best) price to others: "Vendor shall not charge Buyer fees higher than the
            # lowest fees it charges any other customer", "... a price that is higher than the price it charges any other
            # customer for the same product"
            _affirmed(
                r"\b(?:shall|will|must)\s+not\s+(?:charge|invoice|bill)\b[^.;]{0,80}\b(?:higher|greater|more)\s+than\s+"
                r"(?:the\s+)?(?:(?:lowest|best)\s+)?(?:\w+\s+)?"
                + _PRICE
                + r"\b[^.;]{0,40}\b(?:charges?|offers?|gives?|grants?|"
                r"provides?|invoices?|bills?)\b[^.;]{0,30}\b(?:any\s+other|another|all\s+other|other|(?:any\s+)?third)\b",
                # rate parity, the same ceiling said of the others: "shall not offer to any other agent ... a rate lower
                # than the rate granted to the Agent", "shall not grant any other licensee a better royalty than"
                # (what is sold may be named at length first: "shall not sell rolled oats of the same grade and origin
                # to any other buyer at a price lower than")
                r"\b(?:shall|will|must)\s+not\s+(?:offer|grant|give|extend|sell|provide|quote)\b[^.;]{0,80}?\b(?:to\s+)?"
                r"(?:any\s+other|another|all\s+other|(?:any\s+)?third)\b[^.;]{0,120}\b(?:"
                + _PRICE
                + r"\s+(?:lower|better|more\s+favou?rable)|(?:lower|better|more\s+favou?rable)\s+(?:[\w\-]+\s+)?"
                + _PRICE
                + r")\s+than\b",
                opening=_PROHIBITS,
            ),
            # the same ceiling said as a level: "the prices charged to Buyer shall be no higher than those Seller charges
            # any other customer"
            _affirmed(
                # or as the charge itself: "Vendor shall bill the Customer a rate no higher than the lowest rate it bills
                # any other customer"
                # (or a sale: "Maker shall sell the Goods to Dealer at prices no higher than the lowest prices at which
                # it sells them to any other dealer")
                r"\b(?:shall|will|must)\s+(?:charge|invoice|bill|quote|sell)\b[^.;]{0,80}\bno\s+(?:higher|greater|more)\s+"
                r"than\s+(?:the\s+)?(?:(?:lowest|best)\s+)?(?:\w+\s+)?"
                + _PRICE
                + r"\b[^.;]{0,40}\b(?:charges?|offers?|gives?|grants?|provides?|invoices?|bills?|quotes?|sells?)\b[^.;]{0,30}"
                r"\b(?:any\s+other|another|all\s+other|other|(?:any\s+)?third)\b",
                # (also a rent, and a level the promisor must ensure: "must ensure that the rent charged to the Members
                # is no higher than the lowest rent it charges any other club")
                # (or a level it keeps, said between commas: "the fee is, and shall remain throughout the Term, no higher
                # than the lowest fee it charges any other client")
                r"\b"
                + _PRICE_OR_RENT
                + r"\b[^.;]{0,80}\b(?:(?:shall|will|must)\s+(?:be|remain)|is|are|remains?)(?:\s*,[^.;,]{0,60},)?\s+no\s+"
                r"(?:higher|greater)\s+than\b[^.;]{0,60}\b(?:charges?|"
                r"offers?|gives?|grants?|provides?|invoices?|bills?)\b[^.;]{0,30}\b(?:any\s+other|another|all\s+other|"
                r"(?:any\s+)?third)\b",
                opening=_BINDS,
            ),
        ),
        # the match-the-better-price promise is often ranked as a price restriction or exclusive dealing
        sources=("price_restrictions", "exclusivity"),
        negative=_any(
            r"\b(?:no|not\s+(?:a|any))\s+(?:most[\s\-]+)?favou?red[\s\-]+(?:nation|customer|licensee|pricing|terms|treatment|clause|"
            r"commitment|provision)" + _REST,
            r"\b(?:not|no)\b[^.;]{0,60}\b(?:obligat|requir|entitl|bound|oblig)\w*\b[^.;]{0,120}\b(?:most[\s\-]+"
            r"favou?red|no\s+less\s+favou?rable|more\s+favou?rable|better|lower|lowest|same)\b[^.;]{0,60}\b" + _PRICE,
            r"\bnothing\b" + _GAP + r"\b(?:require|obligate|oblige)s?\b" + _GAP + r"\b" + _PRICE + r"\b",
            r"\bfree\s+to\s+(?:set|determine|establish|change)\b[^.;]{0,40}\bpric\w*",
            # a party left free to treat others better: "Supplier may offer other buyers lower prices than those in this
            # Agreement, and Buyer is not entitled to them"
            r"\bmay\s+(?:grant|give|offer|charge|extend|provide|agree)\b[^.;]{0,40}\b(?:other|another|third)\b[^.;]{0,80}"
            r"\b(?:more\s+favou?rable|better|lower|reduced)\b" + _REST,
            # a promise refused: "gives no undertaking that its Fees are equal to or lower than", "does not warrant that
            # its prices are the lowest", "makes no commitment to match"
            r"\b(?:(?:gives?|makes?|provides?|offers?|has|have)\s+no|(?:does|do|shall|will)\s+not)\s+"
            r"(?:undertak\w*|commit\w*|assurances?|warrant\w*|represent\w*|guarantee\w*|promises?)\b[^.;]{0,120}?"
            r"\b(?:equal|lower|lowest|best|better|favou?r\w*|same|match\w*|less\s+than|no\s+(?:greater|higher))\b"
            + _REST,
        ),
        positive=_any(
            r"\bmost[\s\-]+favou?red\b",
            r"\bno\s+less\s+favou?rable\b",
            r"\bno\s+(?:greater|higher)\s+than\b",
            r"\b(?:lowest|best)\s+" + _PRICE,
            r"\bmore\s+favou?rable\b",
        ),
        required=_any(
            r"\bfavou?r\w*",
            r"\b" + _PRICE + r"\b",
            r"\bdiscount\w*",
            r"\blowest\b",
            r"\bbest\b",
            r"\bequal\w*",
            r"\bmatch\w*",
            r"\bno\s+(?:less|greater|higher)\b",
            r"\bparity\b",
            r"\bcomparable\b",
            r"\bsimilarly\s+situated\b",
        ),
    ),
    "termination_for_convenience": Rule(
        "termination for breach or another cause, or a statement that no party may terminate for convenience",
        # "continues until terminated by either party giving three months' notice": ending on notice, no cause
        asserting=_any(
            # (from any sentence of the span: a candidate may open with the sentence before)
            _SENTENCE_OPENING + rf"(?!{_IN_SENTENCE}*\b(?:neither|no)\s+party\b)(?!{_IN_SENTENCE}*\bmay\s+not\b)"
            rf"{_IN_SENTENCE}*\buntil\s+(?:terminated\s+by\s+(?:either|any|each)\s+party|"
            # "remains in force until either party ends it by written notice", "until either the Company or the
            # Consultant terminates this Agreement on notice": the same right, the party the subject
            r"(?:either|any)\s+(?:party|side|(?:the\s+)?\w+(?:\s+\w+)?\s+or\s+(?:the\s+)?\w+(?:\s+\w+)?)\s+"
            r"(?:ends|terminates)\s+(?:it|them|this\s+\w+|these\s+\w+))\s+"
            # ("by giving the other at least one full calendar month's written notice")
            r"(?:giving|on|upon|by|with)\b[^.;]{0,80}\bnotice\b"
            rf"(?![^.;]{{0,80}}\b(?:{_CAUSE_NAMED})\b)",
            # not a right another contract must give: "each sub-agency agreement shall stipulate that ... may terminate"
            _ungoverned(
                r"nothing|neither|" + _NO_ONE + r"|none\s+of\s+the\s+parties|not|never|free\s+to|stipulat\w*|"
                r"(?:provide|require|ensure)s?\s+that",
                needs=r"convenience|without\s|(?:any|no|whatever)\s+(?:\w+\s+)?reason|at\s+will",
            )
            + _CONVENIENCE_RIGHT,
            _SENTENCE_OPENING
            + rf"(?!{_IN_SENTENCE}*\b(?:nothing|neither|{_NO_ONE}|never)\b){_IN_SENTENCE}*?"
            + _NAMED_CONVENIENCE_RIGHT,
            # a right the sentence opens with, used at the party's discretion or whatever the other did, and on no
            # condition: "The Main Contractor may bring this Sub-Contract to an end at its discretion"; not "In the
            # event the Professional should ..., the Company shall have the right to terminate ... at its discretion"
            _SENTENCE_OPENING
            + r"(?![^.;,]{0,60}?\b(?:if|in\s+the\s+event|should|upon|where|when|unless|neither|nothing|"
            + _NO_ONE
            + r")\b)"
            + r"[^.;,]{0,60}?"
            + _TERMINATION_RIGHT
            + r"[^.;]{0,100}?\b"
            + _AT_DISCRETION
            + r"(?![^.;]*\b(?:if|in\s+the\s+event|upon\s+the\s+occurrence|should)\b)",
            # on notice, no cause: "Either party may terminate this Agreement by giving three months' notice" (CUAD's
            # own definition: solely by giving a notice), "The Buyer may end the Exclusivity Period early at any time by
            # written notice"; not one ending a renewal ("notice before the end of the term")
            # (in plain words too: "Either party may end this Agreement by written notice ...")
            r"(?:^|[.;:]\s|\n)\s*(?:\(?\d+(?:\.\d+)*\)?\.?\s+)?(?:either|each|any)\s+party\s+(?:may|can)\s+"
            rf"(?:terminat\w*|end)\b{_NO_CAUSE_BEFORE}{{0,60}}\b(?:by|on|upon|with)\s+(?:giving\s+)?[^.;]{{0,40}}\bnotice\b"
            # (notice "effective at the end of a calendar month" ends the contract then; notice before "the end of the
            # term" ends a renewal)
            rf"(?![^.;]{{0,80}}\b(?:{_CAUSE_NAMED}|expir\w*|renew\w*|end\s+of\s+(?!(?:an?|the|each|any)\s+calendar\b))\b)",
            # the right restated as a noun, as a variation recalls a clause it leaves in force: "Clause 16 (termination
            # by Corrib on three months' written notice for any reason, ...) continues to apply"
            _ungoverned(
                # (a "not" of the clause's other limb denies nothing: "for material breach not remedied")
                r"nothing|neither|"
                + _NO_ONE
                + r"|(?:does|do|shall|will|is|are|no)\s+(?:not|longer)|never|deleted|removed|"
                r"revoked|waived",
                needs=r"termination\s+by",
            )
            + _NOTICE_TERMINATION_NOUN,
            # a party's withdrawal at will that the contract says ends it: "Either Party may withdraw from the mediation
            # at any time, for any reason ... Withdrawal ends this Agreement"
            _ungoverned(
                # ("on not less than ninety days' notice" denies nothing)
                r"nothing|neither|" + _NO_ONE + r"|not(?!\s+(?:less|more|later|earlier|fewer)\s+than)|never",
                needs=r"withdraw",
            )
            + _WITHDRAWAL_AT_WILL_ENDS_IT,
            _ungoverned(
                r"nothing|neither|" + _NO_ONE + r"|not(?!\s+(?:less|more|later|earlier|fewer)\s+than)|never",
                needs=r"withdraw",
            )
            + _WITHDRAWAL_FROM_GROUP_AT_WILL,
            # a right to end it on notice, the next sentence saying no reason is needed: "The Tenant may end this Lease on
            # 30 June 2029 by giving at least six months' notice. No reason need be given." (a break option), "Buyer or
            # Supplier can end this agreement by giving the other 120 days' written notice. No explanation is needed."
            _ungoverned(
                r"nothing|neither|" + _NO_ONE + r"|not(?!\s+(?:less|more|later|earlier|fewer)\s+than)|never",
                needs=r"notice",
            )
            + _TERMINATION_RIGHT
            + _NO_CAUSE_BEFORE
            + r"{0,200}?\bnotice\b"
            + _NO_CAUSE_BEFORE
            + r"*[.;]\s+"
            + _NO_REASON_NEEDED,
            _ungoverned(
                r"nothing|neither|" + _NO_ONE + r"|not|never|stipulat\w*|(?:provide|require|ensure)s?\s+that",
                needs=r"any\s+time",
            )
            + _TERMINATION_RIGHT
            + _NO_CAUSE_BEFORE
            + r"{0,80}\bat\s+any\s+time\s+(?:by|on|upon|with)\b[^.;]{0,40}\bnotice\b"
            rf"(?![^.;]*\b(?:{_CAUSE_NAMED}|expir\w*|renew\w*|end\s+of)\b)",
        ),
        # "Customer may terminate for convenience ... Supplier may not terminate for convenience": one party has it
        positive=_any(_CONVENIENCE_RIGHT),
        negative=_any(
            # also "None of the parties may terminate this Agreement for convenience" (a three-party agreement)
            # (or a party named by its role: "No Group Company may terminate this Agreement for convenience")
            r"\b(?:neither\s+party|none\s+of\s+the\s+parties|" + _NO_ONE + r")\s*"
            r"(?:may|shall|will|is\s+entitled\s+to|has\s+the\s+right\s+to)\b[^.;]{0,60}"
            r"\bterminat\w*\b[^.;]{0,120}\b(?:convenience|without\s+cause|any\s+reason)\b",
            r"\b(?:may|shall|will|can)\s+not\s+(?:be\s+entitled\s+to\s+|have\s+the\s+right\s+to\s+|be\s+)?terminat\w*\b"
            r"[^.;]{0,120}\b(?:convenience|without\s+cause|any\s+reason)\b",
            r"\bno\s+(?:right\s+(?:of|to)\s+)?terminat\w*\s+(?:right\s+)?(?:[^.;]{0,40}\s)?for\s+convenience\b",
            # a party's right to end it limited to a cause: "Supplier has no right to terminate this Agreement for any
            # reason other than an unremedied breach"
            r"\b(?:has|have|shall\s+have|with)\s+no\s+right\s+to\s+terminat\w*\b[^.;]{0,120}\b(?:convenience|without\s+cause|"
            r"any\s+reason)\b" + _REST,
            # "Neither Landlord nor Tenant may terminate this Lease for convenience"
            r"\bneither\s+[^.;]{1,60}\bnor\s+[^.;]{1,60}\b(?:may|shall|will|can)\s+terminat\w*\b[^.;]{0,120}"
            r"\b(?:convenience|without\s+cause|any\s+reason)\b",
            # German drafting: "Ordinary termination (ordentliche Kündigung) during the fixed term is excluded"
            r"\b(?:ordinary|ordentliche)\s+(?:termination|kündigung)\b[^.;]{0,80}\b(?:is|are|shall\s+be)\s+excluded\b",
            r"\btermination\s+for\s+convenience\b[^.;]{0,40}\b(?:is|are|shall\s+be)\s+excluded\b",
            # an amendment that deletes the clause giving the right: "Section 9.3, which allowed the Buyer to
            # terminate on ninety days' notice without cause, is deleted"
            r"\b(?:which|that)\s+(?:allowed|permitted|entitled|gave|provided\s+for)\b[^.;]{0,160}\bterminat\w*\b[^.;]{0,160}"
            r"\b(?:is|are|shall\s+be|has\s+been|have\s+been)\s+(?:hereby\s+)?(?:deleted|removed|revoked|withdrawn)\b"
            + _REST,
        ),
        required=_any(
            r"\bconvenience\b",
            r"\bany\s+reason\b",
            r"\bno\s+reason\b",
            r"\bwithout\s+(?:cause|reason)\b",
            r"\bwith\s+or\s+without\s+cause\b",
            r"\b(?:sole|absolute)\s+discretion\b",
            r"\b" + _AT_DISCRETION,
            r"\bat\s+will\b",
            r"\bat\s+any\s+time\s+(?:upon|on|by|with|after)\b[^.;]{0,60}\bnotice\b"
            rf"(?![^.;]{{0,40}}\b(?:upon\s+the\s+occurrence|should|{_CAUSE_NAMED})\b)",
            r"\bwithout\s+(?:assigning|giving|stating|specifying)\s+(?:any\s+|a\s+)?reasons?\b",
            r"\bfor\s+whatever\s+reason\b",
            r"\b" + _NO_REASON_NEEDED,
            # "Either party may terminate this Agreement by giving three months' notice": on notice, no cause
            # (a sentence that opens so: "If X, either party may terminate on notice" has a cause)
            r"(?:^|[.;:]\s|\n)\s*(?:\(?\d+(?:\.\d+)*\)?\.?\s+)?(?:either|each|any)\s+party\s+(?:may|can)\s+"
            r"terminat\w*\b[^.;]{0,60}\b(?:by|on|upon|with)\s+(?:giving\s+)?[^.;]{0,30}\bnotice\b"
            rf"(?![^.;]{{0,80}}\b(?:{_CAUSE_NAMED})\b)",
        ),
        required_when=_any(
            r"\bbreach\w*",
            r"\bdefault\w*",
            r"\bcured?\b",
            r"\bfail(?:s|ure|ed)?\s+to\b",
            r"\binsolven\w*",
            # termination for cause: "for good cause (aus wichtigem Grund)", "for cause"
            # not "Good Reason", an employee's defined right to resign with severance
            r"\b(?:(?:good|just|serious|important)\s+cause|(?:serious|important)\s+reasons?)\b",
            r"\bwichtige[mn]?\s+grund\b",
            r"\bfor\s+cause\b",
            # notice tied to the end of the term ends its renewal, not the contract at will
            r"\bbefore\s+the\s+(?:end|expiry|expiration)\s+of\b",
            r"\bbankrupt\w*",
            r"\breceiver\b",
            r"\bwinding[\s\-]up\b",
            r"\bliquidat\w*",
            r"\b" + _CONTROL,
            r"\b(?:if|in\s+the\s+event|upon\s+the\s+occurrence|should)\b(?!\s+(?:it|such\s+party|the\s+\w+)\s+"
            r"(?:wishes|elects|decides|chooses|desires))",
        ),
    ),
    "uncapped_liability": Rule(
        "a cap or exclusion of liability with no carve-out, so nothing is left uncapped",
        not_a_marker=_SUBJECT_TO_AN_EXCLUSION,
        required=_any(
            r"\bexcept\w*\b",
            r"\bexclud(?:ing|es?)\b",
            r"\bother\s+than\b",
            r"\bsave\s+(?:for|in|as)\b",
            r"\b(?:not|never)\s+(?:apply|be\s+limited|limit|restrict|exclude|be\s+subject|count)\w*",
            r"\bnothing\b" + _GAP + r"\b(?:limit|exclude|restrict)s?\b",
            r"\bunlimited\b",
            r"\buncapped\b",
            r"\bwithout\s+(?:any\s+)?(?:limit|cap|ceiling)\b(?!\w)",
            r"\b(?:is|are|shall\s+be|will\s+be)\s+inapplicable\b",
            r"\bno\s+(?:limit|cap)\b",
            r"\bno\s+(?:monetary\s+|financial\s+|dollar\s+|money\s+)?(?:ceiling|cap|limit)\b",
            r"\bnotwithstanding\b",
            r"\b(?:has|have|shall\s+have|will\s+have)\s+no\s+application\b",
            r"\b(?:is|are|shall\s+be|will\s+be)\s+(?:lifted|disapplied)\b",
            r"\bcarve[\s\-]?outs?\b",
            r"\bin\s+addition\s+to\s+the\s+(?:cap|limit)",
            r"\bprovided\s+(?:that|however)\b",
            r"\bexclusions?\b",
            r"\bunless\b",
            r"\bexcluded\s+from\b",
            r"\bsubject\s+to\s+(?:section|clause|article)",
            r"\b(?:not|neither)\b[^.;]{0,30}\bapply\b",
        ),
        asserting=_any(
            r"\bunlimited\b",
            # (also to whom: "The parties are liable to each other without limitation for intent")
            r"\bliable\s+(?:to\s+(?:each\s+other|one\s+another|the\s+other(?:\s+party)?|(?:the\s+)?(?-i:[A-Z])\w+)\s+)?"
            r"without\s+limitation\b",
            r"\bnot\s+(?:be\s+)?subject\s+to\s+any\s+(?:limit|cap)",
            r"\bnothing\b[^.;]{0,100}\b(?:limits?|exclud\w*|restricts?)\b[^.;]{0,60}\bliabilit",
            _LIABILITY + r"\b(?:(?:is|are)\s+not|(?:shall|will)\s+not\s+be)\s+(?:limited|capped)\b",
            # "the limitation in clause 8.1 does not apply in cases of ...": a clause number's dot ends no sentence
            r"\b(?:limits?|limitations?|caps?|exclusions?)\b(?:[^.;]|(?<=\d)\.(?=\d)){0,80}\b(?:shall|will|do|does)\s+not\s+"
            r"apply\s+"
            r"(?:to|in|where|for|if)\b",
            # the same in one word: "The limitations in Section 9.1 shall be inapplicable to ..."
            r"\b(?:limits?|limitations?|caps?)\b(?:[^.;]|(?<=\d)\.(?=\d)){0,80}\b(?:is|are|shall\s+be|will\s+be)\s+"
            r"inapplicable\s+(?:to|in|where|for|if)\b",
            # "Section 7.1 does not apply to the Contractor's indemnity ..., which is not limited in amount"
            r"\b(?:clause|section|article|paragraph)\s+\d+(?:\.\d+)*(?:\s*\([a-z]\))?\s+(?:shall|will|does)\s+not\s+apply\s+"
            r"to\s+(?:\w+\s+){0,2}?(?:(?:\w+'s|its|their|his|her)\s+)?(?:\w+\s+)?(?:indemni\w*|liabilit\w*|obligations?|"
            r"claims?|breach\w*|damages?|losses)\b",
            r"\b(?:is|are|shall\s+be|will\s+be)\s+not\s+(?:limited|capped)\s+in\s+amount\b",
            # the cap's clause said not to limit a liability, or the liabilities it leaves out called uncapped: "Section
            # 9.1 does not limit either party's liability for ...", "... and those liabilities are uncapped"
            r"\b(?:clause|section|article|paragraph)\s+\d+(?:\.\d+)*(?:\s*\([a-z]\))?\s+(?:shall|will|does)\s+not\s+limit\s+"
            r"(?:\w+\s+){0,2}?(?:(?:\w+'s|\w+’s|its|their|his|her)\s+)?(?:\w+\s+)?(?:indemni\w*|liabilit\w*|obligations?|"
            r"claims?)\b",
            # (the carve-out may name the cap's clause on the way: "Liability for fraud falls outside Clause 10.1 and is
            # uncapped")
            r"\b(?:liabilit\w*|indemnit\w*|obligations?|claims?)\b(?:[^.;]|(?<=\d)\.(?=\d)){0,140}?\b(?:is|are|shall\s+be|"
            r"will\s+be|remains?)\s+uncapped\b",
            # the carve-out's liability stated without a cap: "for which its liability is without limit", "A party's
            # liability for Excluded Claims has no monetary ceiling"
            # (or its exposure: "each Party's exposure shall be without any ceiling")
            r"\b(?:liabilit\w*|exposure)\b[^.;]{0,60}?\b(?:is|are|shall\s+be|will\s+be)\s+without\s+(?:any\s+)?"
            r"(?:limit|cap|ceiling)\b"
            r"(?!\s+(?:of|in)\s+time)",
            r"\bliabilit\w*\b[^.;]{0,60}?\b(?:has|have|shall\s+have|will\s+have)\s+no\s+(?:monetary\s+|financial\s+)?"
            r"(?:limit|cap|ceiling)\b",
            r"\bliabilit\w*\b.{0,300}?\b(?:clause|section|article)\s+[\d.]+(?:\s*\([a-z]\))?\s+(?:shall\s+|does\s+|will\s+)?"
            r"not\s+apply\s+to\b",
            # the cap taken away in other words: "Section 7.1 has no application to ...", "The ceiling in clause 8.1 is
            # lifted for ...", "no monetary ceiling of any kind applies", "There is no dollar limit on liability for"
            r"\b(?:clause|section|article|paragraph)\s+\d+(?:\.\d+)*(?:\s*\([a-z]\))?\s+(?:has|shall\s+have|will\s+have)\s+"
            r"no\s+application\s+(?:to|in|where|for)\b",
            r"\b(?:limits?|limitations?|caps?|ceilings?)\b(?:[^.;]|(?<=\d)\.(?=\d)){0,40}\b(?:is|are|shall\s+be|will\s+be)\s+"
            r"(?:\w+\s+)?(?:lifted|disapplied)\b",
            r"\bno\s+(?:monetary\s+|financial\s+|dollar\s+|money\s+)?(?:ceiling|cap|limit)\s+(?:of\s+any\s+kind\s+)?"
            r"(?:applies|(?:shall|will)\s+apply|on\s+(?:\w+\s+){0,2}liabilit)",
        ),
        sources=("cap_on_liability",),
        topic=_LIABILITY_TOPIC,
        required_on_topic=True,
    ),
    "renewal_term": Rule(
        "says nothing about renewal or extension (a term that runs until terminated is not a renewal)",
        required=_any(
            r"\brenew\w*",
            r"\bextend\w*",
            r"\bextension\w*",
            r"\bsuccessive\b",
            r"\bautomatic\w*",
            r"\bevergreen\b",
            r"\bthereafter\b",
            r"\b(?:year|month)\s+to\s+(?:year|month)\b",
            r"\broll\w*\s+over\b",
            r"\badditional\s+(?:term|period|year)",
        ),
        negative=_any(
            r"\b(?:may|can|might)\s+(?:\w+\s+){0,3}(?:extend|renew)\w*\b[^.;]{0,120}\b(?:by|upon|with|on)\s+(?:their\s+)?"
            r"(?:mutual|written|the\s+parties'?)\s+(?:written\s+)?(?:agreement|consent|amendment)" + _REST,
            r"\b(?:only|solely)\s+(?:by|upon|with)\s+(?:the\s+)?(?:mutual|written)\s+(?:written\s+)?(?:agreement|consent|amendment)"
            + _REST,
            r"\b(?:shall|will|does)\s+not\s+(?:be\s+)?(?:automatically\s+)?(?:renew|extend)\w*" + _REST,
            r"\bno\s+(?:automatic\s+)?(?:renewal|extension)\b" + _REST,
        ),
        positive=_any(
            r"\bautomatic\w*",
            r"\bunless\b[^.;]{0,120}\bnotice\b",
            r"\bsuccessive\b",
            r"\bevergreen\b",
            r"\b(?:year|month)\s+to\s+(?:year|month)\b",
        ),
    ),
    "no_solicit_of_customers": Rule(
        "restricts something other than dealing with the other party's customers",
        required=_SOLICIT
        + _any(
            r"\bcustomers?\b", r"\bclients?\b", r"\baccounts?\b", r"\binsureds?\b", r"\bsubscribers?\b", r"\bpatrons?\b"
        ),
        # "the Seller shall not solicit any customer on the customer list", "any client of the Firm": a prohibition (its
        # "not" is the point) about the other party's customers, not "shall not actively solicit customers outside the
        # Territory"; a clause number may open the sentence inside a span ("Napier. 5.2 For the same period ...")
        asserting=_any(
            r"(?:^|[.;]\s+)\s*(?:\(?\d+(?:\.\d+)*\)?\.?\s+)?(?![^.;]*\b(?:nothing|neither|free\s+to)\b)[^.;]*?"
            r"\b(?:shall|must|will)\s+not\b[^.;]{0,60}\b(?:solicit\w*|entic(?:e|ing)|canvass\w*)\s+"
            r"(?:(?:any|the|its|their)\s+)?(?:\w+\s+){0,2}?(?:(?:customers?|clients?)\s+(?:of|on|who|whom|that|listed|named)\b|"
            r"\w+(?:'s|s')\s+(?:\w+\s+)?(?:customers?|clients?)\b)",
            # the business sought from whoever was a client: "must not solicit, canvass or accept work from any person
            # who was a client of the Practice" (after its clause number too: "7.3 For a year an outgoing member ...")
            r"(?:^|[.;]\s+)\s*(?:\(?\d+(?:\.\d+)*\)?\.?\s+)?(?![^.;]*\b(?:nothing|neither|free\s+to)\b)[^.;]*?"
            r"\b(?:shall|must|will)\s+not\b[^.;]{0,60}"
            r"\b(?:solicit\w*|canvass\w*)\b[^.;]{0,80}\bfrom\s+any\s+(?:person|one|entity|business)\s+(?:who|which|that)\s+"
            r"(?:is|was|has\s+been|had\s+been)\s+(?:a\s+)?(?:customer|client)\b",
        ),
        sources=("no_solicit_of_employees", "non_compete"),
    ),
    "no_solicit_of_employees": Rule(
        "restricts something other than soliciting customers or employees",
        required=_SOLICIT,
        # a prohibition, so not `_affirmed` (its "not" is the point): no "nothing"/"neither"/"free to" governs it
        asserting=_any(
            # "shall not", "must not solicit or employ any person who was employed by the Franchisor"
            _ungoverned(r"nothing|neither|free\s+to") + r"\b(?:shall|must|will)\s+not\b[^.;]{0,60}"
            r"\b(?:solicit\w*|employ(?:s|ed|ing)?|hir(?:e|ing)|recruit\w*|engag(?:e|ing)|entic(?:e|ing)|induc(?:e|ing))\b"
            r"[^.;]{0,80}\b(?:employees?|engineers?|staff|personnel|"
            r"consultants?|workers?|operatives?|(?:who|whom)\s+(?:is|was|were|are|has\s+been|have\s+been)\s+(?:\w+\s+)?(?:employed|engaged)|"
            # the staff a contractor puts on the job: "any cleaner whom the Contractor assigned to the Premises"
            r"(?:who|whom)\s+(?:the\s+)?(?:\w+\s+){0,2}?(?:assigned|deployed|placed|seconded|supplied|introduced)|"
            # a person named by the work and then by who engages them: "any translator engaged by the Contractor"
            r"(?:employed|engaged)\s+by\s+(?:the\s+)?(?:other\s+)?(?-i:[A-Z])\w+)\b",
            # "neither Founder shall solicit or entice away any employee", "no Shareholder shall solicit any employee":
            # "neither" and "no" are the prohibition here
            # (an adverb may come first, and "solicit for employment" names whom: "shall ... actively solicit for
            # employment any member of the other party's staff")
            r"\b(?:neither|no)\s+(?:the\s+)?\w+(?:\s+\w+)?\s+(?:shall|will|may)(?:\s+directly\s+or\s+indirectly|\s*,[^,.;]{0,80},)?\s+"
            r"(?:\w+ly\s+)?(?:solicit\w*|entic(?:e|ing)|employ|hire|recruit)\b(?:[^.;]{0,80}\b(?:employees?|engineers?|staff|"
            r"personnel|consultants?)\b|\s+(?:\w+\s+)?for\s+employment\b)",
        ),
    ),
    "termination_for_cause": Rule(
        "termination on notice without any cause (that is termination for convenience)",
        required=_any(
            r"\bbreach\w*",
            r"\bdefault\w*",
            r"\binsolven\w*",
            r"\bbankrupt\w*",
            r"\bcause\b",
            r"\bfail\w*",
            r"\bcured?\b",
            r"\bremed\w*",
            r"\bviolat\w*",
            r"\breceiver\w*",
            r"\bliquidat\w*",
            r"\bwinding[\s\-]up\b",
            r"\bnon-?(?:payment|performance)\b",
            r"\bmaterial\w*",
            # plain English: "if you seriously or repeatedly break this agreement"
            r"\b(?:break|breaks|broke|broken|breaking)\s+(?:\w+\s+){0,2}?(?:agreement|contract|terms|rules|promises?)\b",
            r"\b(?:seriously|materially|repeatedly|persistently)\s+(?:break|breaks|broke|breaking)\s+(?:it|them)\b",
        ),
    ),
    "liquidated_damages": Rule(
        "says the sum is not liquidated damages or a penalty, or is a fee due in the ordinary course",
        # "this repayment is the return of an unearned advance and is neither liquidated damages nor a penalty"
        negative=_any(
            r"\b(?:(?:is|are|constitutes?)\s+(?:neither|not)|(?:shall|will)\s+not\s+(?:be|constitute))\s+(?:\w+\s+){0,2}?"
            r"liquidated\s+damages\b"
        ),
        positive=_any(r"\bliquidated\s+damages\b", r"\bpre-?estimate\b", r"\bcontractual\s+penalty\b"),
        # a fee, an instalment or a royalty due on a date or as the contract runs ("shall pay an annual maintenance fee
        # of $50,000 on or before 1 March") is the price, not a sum payable on breach, delay or termination: where
        # the span names a fee it must name such an event (or a penalty, forfeiture, a sum per day of delay)
        required=_any(
            r"\b(?:breach\w*|default\w*|delay\w*|late|lateness|overdue|terminat\w*|cancel\w*|fail\w*|liquidated|"
            r"penalt\w*|pre-?estimate|forfeit\w*|retain\w*|damages|compensat\w*|fines?|violat\w*|withdraw\w*|early|"
            r"shortfall|break|breakage|unless|interest|non-?(?:performance|compliance|delivery|payment))\b",
            r"\b(?:for\s+(?:each|every)|per)\s+(?:\w+\s+)?(?:day|week|month|hour|occurrence|incident)\b",
            r"\bnot\s+(?:met|achieved|reached|delivered|performed|completed|paid)\b",
            r"\bdoes\s+not\s+(?:meet|achieve|reach|deliver|perform|pay|complete)\b",
        ),
        required_when=_any(r"\b(?:fees?|instal(?:l)?ments?|royalt(?:y|ies))\b"),
        asserting=_any(
            r"\bliquidated\s+damages\b[^.;]{0,80}\b(?:of|in\s+the\s+amount|equal)",
            r"\bcontractual\s+penalty\s+(?:\([^()]{1,40}\)\s+)?(?:of|in\s+the\s+amount)\b",  # "(Vertragsstrafe)"
            r"\bshall\s+pay\b[^.;]{0,120}\b(?:as\s+)?(?:liquidated|agreed)\s+damages\b",
            # the FIDIC name, a fixed sum for each day or week of delay: "shall pay delay damages to the Employer of
            # AED 150,000 for every day"
            r"\b(?:shall|will|must)\s+pay\s+(?:to\s+\w+(?:\s+\w+)?\s+)?delay\s+damages\b[^.;]{0,80}?"
            r"\b(?:for\s+(?:each|every)|per|a)\s+(?:\w+\s+)?(?:day|week|month)\b",
            # English law's mark of liquidated damages: "the parties agree this sum is a genuine pre-estimate of loss",
            # also "a fair / reasonable pre-estimate" (its usual tail "and not a penalty" is no negation of it: only a
            # "not" before the words denies them)
            _UNDENIED_BEFORE + r"\b(?:genuine|fair|reasonable|proper|honest|bona\s+fide)\s+pre-?estimate\b",
            # a deposit or fee kept on default: "Optionor shall retain the Option Fee ... as liquidated damages"
            r"\b(?:retain|keep|forfeit)\w*\b[^.;]{0,120}\bas\s+(?:liquidated|agreed)\s+damages\b",
            # a penalty clause in civil-law drafting, a sum one party pays the other: "shall pay to the other party a
            # non-compensatory fine equivalent to ten percent (10%)" (multa), "shall pay a penalty of 0.5% per day"
            r"\b(?:shall|will|must)\s+pay\b[^.;]{0,80}?\b(?:(?:non-?compensatory|compensatory|penal|contractual|"
            r"conventional|moratory)\s+)?(?:fine|penalty)\s+(?:\([^()]{1,40}\)\s+)?(?:of|equal|equivalent|amounting|"
            r"in\s+the\s+amount|corresponding)\b",
        ),
    ),
    "cap_on_liability": Rule(
        "says liability is not limited",
        negative=_any(
            r"\bno\s+(?:limit(?:ation)?|cap)\s+(?:on|of|to)\s+(?:the\s+)?(?:\w+\s+){0,3}liabilit\w*",
            r"\bliabilit\w*\b[^.;]{0,80}\bshall\s+be\s+unlimited\b",
            r"\bunlimited\s+liabilit\w*",
        ),
        positive=_any(
            r"\bshall\s+not\s+exceed\b",
            r"\bin\s+no\s+event\b",
            r"\blimited(?:\s*,[^,.;]{1,40},)?\s+to\b",
            r"\bmaximum\b",
            r"\baggregate\b",
        ),
        asserting=_any(
            _LIABILITY + r"\b(?:shall|will|does|do|must)\s+not\s+(?:in\s+(?:the\s+)?aggregate\s+)?exceed\b",
            # (a measure set off by commas before the sum: "is limited, per calendar year, to EUR 100,000")
            _LIABILITY + r"\b(?:is|are|shall\s+be|will\s+be)\s+limited(?:\s*,[^,.;]{1,40},)?\s+to\b",
            # the negation on the subject, not the verb: "neither party's liability under this Agreement shall exceed
            # the fees paid", "in no event shall the total liability of either party exceed"
            r"\b(?:neither|no)\s+(?:party|side|\w+)['’]s\s+(?:\w+\s+){0,3}?"
            + _LIABILITY
            + r"\b(?:shall|will|may)\s+(?:in\s+(?:the\s+)?aggregate\s+)?exceed\b",
            r"\b(?:in\s+no\s+event|under\s+no\s+circumstances)\s+(?:shall|will)\s+(?:[\w'’]+\s+){0,4}?"
            + _LIABILITY
            + r"\bexceed\b",
            # the civil-law form: "is liable only for ..., limited to the foreseeable damage and in any event to EUR
            # 500,000 per year" (a sum the liability is limited to)
            r"\bliable\b[^.;]{0,160}?\blimited\s+to\b[^.;]{0,160}?(?:[$€£]\s?\d|\b(?:EUR|USD|GBP|CHF|AUD|CAD|NZD|SGD|"
            r"INR|JPY|SEK|NOK|DKK)\s?\d|\d[\d,.]*\s*(?:EUR|euros?|dollars?|pounds)\b)",
            r"\bin\s+no\s+event\b[^.;]{0,80}\bliable\b[^.;]{0,80}\b(?:indirect|consequential|special|incidental)",
            r"\bnot\s+be\s+liable\s+(?:to\s+\w+(?:\s+\w+)?\s+)?for\b[^.;]{0,80}\b(?:indirect|consequential|lost\s+profits)",
            # the damages a party must make good, capped at a stated amount (the Japanese and civil-law form): "shall
            # compensate the other party for direct and ordinary damages, up to the amount of the fee"; not a sum
            # payable for delay or a penalty, nor insurance cover
            _ungoverned(r"liquidated|penalt\w*|delay|insur\w*", needs=r"up\s+to")
            + r"\b(?:compensat\w*|liab\w*|indemnif\w*)\b[^.;]{0,160}?\bup\s+to\s+(?:the\s+|an?\s+)?"
            r"(?:amount|sum|total|aggregate|maximum)\b",
        ),
        sources=("uncapped_liability",),
    ),
    # a span that speaks of no secrecy ("Financial Information.", a clause on statements to deliver) is no
    # confidentiality clause, whatever its score (then "no confidentiality" may say none was found)
    "confidentiality": Rule(
        "does not speak of keeping information confidential",
        topic=_any(
            r"\bconfiden\w*",
            r"\bsecre(?:t|ts|cy)\b",
            r"\bdisclos\w*",
            r"\bdivulg\w*",
            r"\breveal\w*",
            r"\bproprietary\b",
            r"\bprivacy\b",
        ),
    ),
    "ip_ownership_assignment": Rule(
        "says intellectual property is not transferred (each party keeps its own)",
        negative=_any(
            r"\bnothing\b" + _GAP + r"\b(?:assign|transfer|convey|grant)s?\b[^.;]{0,120}\b(?:right|title|interest|"
            r"ownership|intellectual)",
            r"\bno\s+(?:right,?\s+title|ownership|title)\b[^.;]{0,80}\b(?:transfer|pass|assign|convey)\w*",
            r"\bshall\s+not\s+(?:be\s+deemed\s+to\s+)?(?:transfer|assign|convey)\w*\b[^.;]{0,80}\b(?:ownership|title|"
            r"intellectual)",
            r"\bretains?\s+(?:all\s+)?(?:of\s+its\s+)?(?:rights?|title|ownership)\b",
            # what a party makes stays its own: "Improvements belong to the Party that makes them", "vest in the Member
            # creating them"
            r"\b(?:belongs?|(?:shall|will)\s+(?:belong|vest|remain)|vests?|remains?)\s+(?:\w+\s+){0,2}?(?:to|in|with)\s+"
            r"(?:the\s+|whichever\s+)?[\w-]+\s+(?:(?:that|which|who)\s+(?:\w+\s+)?"
            r"(?:makes?|made|creates?|created|develops?|developed|conceives?|conceived|generates?|generated|invents?|"
            r"invented)|making|creating|developing|conceiving|generating|inventing)\b",
            # a contract assigned, not intellectual property: "assigns to Buyer all of its right, title and interest
            # in, to and under the Supply Agreement", "its rights and obligations under the Lease"
            r"\b(?:hereby\s+)?(?:(?:sells?|assigns?|transfers?|conveys?|novates?),?\s+(?:and\s+)?)*"
            r"(?:assigns?|transfers?|conveys?|novates?)\b[^.;]{0,100}?"
            r"\b(?:right,?\s+title\s+and\s+interest|rights\s+and\s+obligations)\s+(?:(?:in|to),?\s+)*(?:and\s+)?"
            r"under\s+(?:the|this|that|each)\s+(?:[\w-]+\s+){0,3}?(?:agreements?|contracts?|leases?|licen[cs]es?|"
            r"statements?\s+of\s+work|orders?)\b(?=\s*[.;])",
        ),
        positive=_any(
            r"\bhereby\s+(?:irrevocably\s+)?(?:assign|transfer|convey)s?\b",
            r"\b(?:assign|transfer|convey)s\s+(?:and\s+\w+\s+)?to\b",
            r"\b(?:shall|will|agrees?\s+to)\s+(?:promptly\s+)?(?:assign|transfer|convey)\b",
            r"\bshall\s+(?:vest|become|be)\s+(?:in\s+)?(?:the\s+)?(?:sole\s+(?:and\s+exclusive\s+)?)?(?:property|owned)",
            r"\bwork[\s\-]+made[\s\-]+for[\s\-]+hire\b",
            r"\bshall\s+own\b",
        ),
        asserting=_any(
            # also after other verbs of the same grant: "hereby sells, grants and assigns to the Producer all film rights"
            r"\bhereby\s+(?:irrevocably\s+)?(?:(?:sells?|grants?|conveys?|transfers?|sets?\s+over),?\s+(?:and\s+)?){0,3}"
            r"(?:assigns?|transfers?)\b[^.;]{0,120}\b(?:right|title|interest|intellectual|copyright|patent)",
            # (a qualifier set off by commas may stand before what is assigned: "assigns to the Buyer, with full title
            # guarantee, all copyright")
            r"\b(?:assigns|transfers)\s+(?:and\s+\w+\s+)?to\s+(?:the\s+)?\w+(?:\s+\w+)?(?:,\s*[^,.;]{1,60}?,)?\s+all\s+(?:of\s+its\s+)?(?:right|title|"
            r"intellectual|copyright)",
            # the inventions themselves assigned now: "you hereby assign to the Company all inventions you conceive"
            r"\bhereby\s+(?:irrevocably\s+)?assigns?\s+to\s+(?:the\s+)?\w+(?:\s+\w+)?\s+all\s+(?:(?:of\s+)?(?:its|his|her|your|"
            r"their)\s+)?(?:inventions?|works?|developments?|discoveries|designs?|work\s+product|deliverables)\b",
            r"\bworks?\s+made\s+for\s+hire\b",
            # a right in the work passing by the contract itself, from one party to the other (the Japanese form):
            # "The copyright in each deliverable ... shall transfer from the Developer to the Client upon payment"
            _UNDENIED_BEFORE
            + r"\b(?:copyrights?|intellectual\s+property(?:\s+rights?)?|patent\s+rights?)\s+(?:in|to|of)\b"
            r"(?:(?!\b(?:not|never|no)\b)[^.;]){0,160}?\b(?:shall|will)\s+(?:be\s+)?(?:transfer(?:red)?|pass(?:ed)?)\s+"
            r"from\b[^.;]{1,60}?\bto\b",
            # ownership of what one party makes vests in another by the contract itself: "Inventions that the
            # Employee makes in performing her work belong to the Company" (not "... made by Licensee belong to Licensee")
            _ungoverned(r"nothing|neither|never|(?:shall|will|does|do|is|are)\s+not|cannot", needs=r"belong|vest")
            + r"\b(?:inventions?|designs?|discoveries|developments?|improvements?|works?|deliverables|work\s+product|"
            r"results|intellectual\s+property)\b[^.;]{0,160}?\b(?:(?:that|which)\s+(?:the\s+)?(?!the\b)(?P<ip_maker>\w+)\s+"
            rf"(?:\w+\s+)?{_MAKES}|{_MADE}\s+(?:\w+\s+){{0,3}}?by\s+(?:the\s+)?(?:{_STAFF}\s+of\s+(?:the\s+)?)?(?!the\b|{_STAFF}\b)(?P<ip_by>\w+))\b[^.;]{{0,200}}"
            r"\b(?:belongs?|(?:shall|will)\s+(?:belong|vest)|vests?)\s+(?:\w+\s+){0,2}?(?:to|in)\s+(?:the\s+)?"
            r"(?!the\b)(?!(?P=ip_maker)\b)(?!(?P=ip_by)\b)\w+",
        ),
    ),
}


@dataclass
class Polarity:
    """Clauses per category after polarity, best first, and the spans each rule negated."""

    by_category: dict[str, list[Scored]]
    negated: dict[str, list[tuple[int, int]]]


_VERB = re.compile(r"\b(?:shall|may|will|must|is|are|be|does|do|has|have|agrees?|grants?|hereby|can|cannot)\b", _X)


# a table-of-contents entry: a heading, dot leaders and a page number ("12. Change of Control ...... 14")
_CONTENTS_ENTRY = re.compile(r"[^.\n]{0,80}?(?:\.\s?){4,}\s*\d{1,4}\b")


def is_heading(span: str) -> bool:
    """A few words with no verb ("Change of Control."), or table-of-contents entries: a heading names a
    topic, it states nothing. `span` has its whitespace collapsed to single spaces (`negates`)."""
    # dot leaders hold ".." or ". ."; checked first because the entry's lazy lead-in, tried at every
    # character of a long passage, cost over a millisecond a call
    if (".." in span or ". ." in span) and _CONTENTS_ENTRY.search(span):
        rest = _CONTENTS_ENTRY.sub(" ", span)
        return len(rest.split()) <= 8 and not _VERB.search(rest)
    return len(span.split()) <= 8 and not _VERB.search(span)


# superscript footnote markers ("unlimited⁷", "Contractor"¹) are not part of the words they follow
_FOOTNOTE_MARKERS = "\u00b9\u00b2\u00b3\u2070\u2074\u2075\u2076\u2077\u2078\u2079"
_WITHOUT_MARKERS = dict.fromkeys(map(ord, _FOOTNOTE_MARKERS))


def readable(span: str) -> str:
    """`span` as the rules read it: whitespace collapsed to single spaces, footnote markers dropped."""
    if not span.isascii() and any(marker in span for marker in _FOOTNOTE_MARKERS):  # rare: a scan per marker
        span = span.translate(_WITHOUT_MARKERS)
    return " ".join(span.split())


def negates(category: str, span: str) -> bool:
    """True when `span` says the opposite of `category` (and nothing in it asserts the category),
    or is only a heading."""
    rule = RULES.get(category)
    if rule is None:
        return False
    return _negates_readable(rule, readable(span))


def _negates_readable(rule: Rule, span: str) -> bool:
    return is_heading(span) or rule.negates(span)


# a span that only defines a term: '1.7 "Change of Control" means a sale of ...', '(c) Exclusivity Period shall mean ...'
_DEFINITION = re.compile(
    r"(?:\(?[a-z0-9]{1,4}\)\s*|\d+(?:\.\d+)*\.?\s+)?(?:as\s+used\s+(?:in\s+this\s+\w+|herein),\s+)?"
    r"(?:[\"“']([^\"”'.;]{2,60})[\"”']|((?-i:[A-Z][\w-]*(?:\s+(?:of|in|[A-Z][\w-]*)){0,5})))\s+"
    r"(?:means|shall\s+mean|(?:shall\s+)?ha(?:s|ve)\s+the\s+meaning|refers\s+to)\b",
    _X,
)


def unused_definition(text: str, span: str) -> bool:
    """`span` (readable) defines a term that the text uses nowhere else: a definition attaches no right or duty to
    what it defines, so a term defined and never used is no finding of the category it names."""
    m = _DEFINITION.match(span)
    if m is None:
        return False
    term = (m.group(1) or m.group(2)).split()
    uses = re.finditer(r"\b" + r"\s+".join(map(re.escape, term)) + r"\b", text, _X)
    return next(uses, None) is not None and next(uses, None) is None


class _Readable(dict[tuple[int, int], str]):
    """`readable` of the text's spans, each made once (categories share candidates)."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def __missing__(self, span: tuple[int, int]) -> str:
        value = self[span] = readable(self.text[span[0] : span[1]])
        return value


def reason(category: str) -> str | None:
    rule = RULES.get(category)
    return rule.reason if rule else None


def apply(text: str, by_category: dict[str, list[Scored]]) -> Polarity:
    """Scale down the candidates that negate their category and re-sort each category."""
    out: dict[str, list[Scored]] = {}
    negated: dict[str, list[tuple[int, int]]] = {}
    spans = _Readable(text)
    for category, items in by_category.items():
        rule = RULES.get(category)
        if rule is None:
            out[category] = items
            continue
        kept = []
        for start, end, conf in items:
            span = spans[start, end]
            if _negates_readable(rule, span) or (unused_definition(text, span) and not rule.asserts(span)):
                negated.setdefault(category, []).append((start, end))
                conf = round(conf * DEMOTED_SCALE, 4)
            kept.append((start, end, conf))
        out[category] = sorted(kept, key=lambda item: (-item[2], item[0], item[1]))
    for category, rule in RULES.items():
        if rule.asserting:
            _promote(spans, category, rule, by_category, out)
    return Polarity(out, negated)


def _promote(
    spans: _Readable, category: str, rule: Rule, scored: dict[str, list[Scored]], out: dict[str, list[Scored]]
) -> None:
    """When `category` has no finding, raise its first candidate (own, then `sources`) that states
    the category expressly to a finding."""
    own = out.get(category, [])
    if own and own[0][2] >= 0.5:
        return
    pool = [(s, e) for s, e, _ in own] + [(s, e) for src in rule.sources for s, e, _ in scored.get(src, [])]
    for start, end in dict.fromkeys(pool):  # a span in two pools reads the same: tried once
        if rule.asserts(spans[start, end]) or _listed_under_its_consequence(spans, start, end, rule):
            rest = [item for item in own if (item[0], item[1]) != (start, end)]
            out[category] = [(start, end, PROMOTED)] + rest
            return


_LEAD_IN_REACH = 1500  # how far above an item its list's lead-in may stand
# an item of a list: "(d) ...", "d) ...", "(iv) ...", "(3) ...", "- ..." (not "8. ...": a clause of the contract)
_LIST_ITEM = re.compile(r"[ \t]*(?:\(?(?:[a-zA-Z]{1,2}|[ivxIVX]{1,5}|\d{1,2})\)|[a-z]\.|[-–•])[ \t]+")


def _listed_under_its_consequence(spans: _Readable, start: int, end: int, rule: Rule) -> bool:
    """The span is an item of a list whose lead-in (a sentence ending in a colon above it) names the consequence of
    each item, and says the rule's `item`, undenied: "Each of the following is an Event of Default: ... (d) a change
    of control of the Borrower occurs"."""
    if not rule.item:
        return False
    text = spans.text
    line_start = text.rfind("\n", 0, start) + 1
    item = _LIST_ITEM.match(text, line_start)
    if item is None or not line_start <= start <= item.end():
        return False  # the span opens a line with the item's marker (or right after it)
    colon = text.rfind(":", max(0, start - _LEAD_IN_REACH), line_start)
    if colon < 0 or not all(
        _LIST_ITEM.match(line) for line in text[colon + 1 : line_start].splitlines() if line.strip()
    ):
        return False
    lead_start = max(text.rfind(".", 0, colon), text.rfind("\n\n", 0, colon), colon - 300) + 1
    span = spans[start, end]
    return (
        rule.lead_in.found_in(text[lead_start:colon]) and rule.item.found_in(span) and not _negates_readable(rule, span)
    )
