"""Parties and their roles, read from the party list of the preamble.

The opening of the document is read directly (not only the segment the clause model picked): after
"between" / "by and among" / "PARTIES" each party is a legal name at the start of its own part of the
list, followed by descriptors (", a Delaware corporation", "having its principal place of business at ...",
"an individual residing at ...") and usually a defined term ("Licensor"). The list is split only where a
plausible name follows "and", ";", "(2)" or an alias's closing parenthesis, so an address or "England and
Wales" inside a descriptor never becomes a party. When no list is found, legal names with a defined term or
legal form near the opening are harvested instead; signature blocks confirm names (`signatures.py`).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from itertools import islice

from contractbox.engine.dates import NUMBER_WORDS
from contractbox.engine.legal_forms import ends_with_legal_form, legal_form_pattern
from contractbox.engine.markup import without_markup
from contractbox.engine.party_names import PLACES, NameSpan, is_plausible_name, read_name, skip_run
from contractbox.engine.pronoun_parties import pronoun_box_parties
from contractbox.engine.signatures import signature_spans

ROLE_WORDS = {
    "administrator",
    "adviser",
    "advisor",
    "affiliate",
    "agent",
    "assignee",
    "assignor",
    "athlete",
    "bank",
    "borrower",
    "buyer",
    "carrier",
    "charterer",
    "client",
    "collaborator",
    "company",
    "consultant",
    "contractor",
    "customer",
    "depositor",
    "developer",
    "discloser",
    "distributor",
    "employee",
    "employer",
    "endorser",
    "franchisee",
    "franchisor",
    "fund",
    "grantee",
    "grantor",
    "guarantor",
    "hirer",
    "hospital",
    "host",
    "institution",
    "investor",
    "issuer",
    "landlord",
    "lender",
    "lessee",
    "lessor",
    "licensee",
    "licensor",
    "licensors",
    "manager",
    "manufacturer",
    "marketer",
    "member",
    "merchant",
    "occupant",
    "occupier",
    "operator",
    "owner",
    "partner",
    "principal",
    "producer",
    "programmer",
    "promoter",
    "provider",
    "publisher",
    "purchaser",
    "recipient",
    "renter",
    "representative",
    "reseller",
    "retailer",
    "seller",
    "servicer",
    "shipper",
    "sponsor",
    "sub-advisor",
    "subadviser",
    "subcontractor",
    "sublicensee",
    "subscriber",
    # a private household contract's roles: "Teacher: ...", "Parent: ...", "Sitter: ..."
    "teacher",
    "tutor",
    "instructor",
    "parent",
    "guardian",
    "sitter",
    "homeowner",
    "supplier",
    "talent",
    "tenant",
    "transferee",
    "transferor",
    "transporter",
    "trust",
    "trustee",
    "university",
    "vendor",
    "wholesaler",
}
_ANCHOR = re.compile(
    r"\b(?:by\s+and\s+)?(?i:between|among(?:st)?|B\sE\sT\sW\sE\sE\sN)\b[ \t]*:?"
    # a bilingual contract's line that gives the word's translation after a slash: "between / zwischen", "Made on
    # 6 May 2027 between / Conclu le 6 mai 2027 entre" (the list starts on the next line)
    r"(?:[ \t]*/[ \t]*[^\n/]{1,80}$)?"
    # the sentence that announces a list below it: "among the following three parties:", "between the parties below:"
    r"(?:[ \t]*(?i:the[ \t]+(?:following[ \t]+(?:[a-z]+[ \t]+)?(?:parties|people|persons|individuals)|parties[ \t]+(?:below|listed[ \t]+below))|"
    # private parties counted: "between the following three people:", "among three people:"
    r"(?:the[ \t]+)?(?:two|three|four|five|six)[ \t]+(?:parties|people|persons|individuals))[ \t]*:"
    # in a bilingual contract the announcing sentence's translation on the next line, closed by its own colon
    r"(?:[ \t]*\n(?![ \t]*(?:\d|\())[^\n:]{1,250}:[ \t]*$)?)?|"
    # the opening sentence ends in "by:" over the entries, a blank line between: "This agreement is signed on May 2,
    # 2027 by:" (not over its own translation on the next line)
    r"(?i:\b(?:made|signed|entered[ \t]+into)\b)[^.\n:]{0,60}?\bby[ \t]*:(?=[ \t]*\n[ \t]*\n)|"
    # also as a numbered clause's heading: "1. THE PARTIES" over "1.1 Ama Boateng, of ... (the Author)."
    r"^[ \t]*(?:\d{1,2}\.?[ \t]+)?(?:THE\s+)?(?:(?i:parties)|BY)\b[ \t]*:?(?=\s*(?:\(1\)|1\.|\n))|"
    # a deed one party grants to another, the words that name them alone on their lines: "by" over the grantor,
    # "in favour of" over the one it benefits (a deed poll, a deed of covenant)
    r"^[ \t]*by[ \t]*(?=\n)|"
    # the same as labels, the grantor's entry on the "By:" line ("By: Alder Pty Ltd ACN 123 ... (Issuer)"), "In favour
    # of:" on a line below it (a signature's "By: Jane Smith" has none)
    r"^[ \t]*(?:By|BY)[ \t]*:[ \t]*(?=[A-Z][^\n]*\n(?:[^\n]*\n){0,4}?[ \t]*(?i:in\s+favou?r\s+of)\b)|"
    # a notice sent by some parties to another, each group under its label: "From:" over the senders' entries, "To:"
    # over the addressee's (an e-mail's "From: Name <address>" header is not one)
    r"^[ \t]*(?i:from)[ \t]*:[ \t]*(?=\n|[A-Z][^@<>\n]*$)|"
    # no "between" at all, the first entry's paragraph over a line of its own "- and -" and the second entry under it
    r"^(?=[^\n]+\n(?:[^\n]+\n){0,3}?[ \t]*\n?[ \t]*-+[ \t]*(?i:and)[ \t]*-+[ \t]*$)|"
    r"^[ \t]*(?i:parties)[ \t]*:[ \t]*(?=[A-Z])|"  # a label line: "Parties: Alder Ltd, of ... (Buyer); and ..."
    # the same paragraph in a bilingual contract that tags each paragraph with its language, its heading closed by a
    # full stop: "EN: Parties. Alder Ltd, of ... (hereinafter: Buyer), and ..." over "DE: Vertragsparteien. ..."
    r"^[ \t]*[A-Z]{2}[ \t]*:[ \t]*(?i:parties)[ \t]*[:.][ \t]*(?=[A-Z])|"
    # "The parties to this Agreement are:", "The parties are as follows:" introducing the list
    r"^[ \t]*(?i:the\s+parties\s+(?:(?:to|of)\s+this\s+[\w ]{1,40}?\s+)?(?:are|shall\s+be)(?:\s+as\s+follows)?)[ \t]*:|"
    # "The undersigned:" heading a numbered list of parties (the French "Les soussignés")
    r"^[ \t]*(?i:the\s+undersigned)[ \t]*:|"
    # the preamble sentence that ends in a colon before a lettered list: "This term sheet is entered into by:"
    r"\b(?i:(?:entered\s+into|made|executed)\s+by)[ \t]*:|"
    # the list announced as the sentence's subject, ending in a colon: "In Lima, on 3 May 2027, the following parties
    # enter into this Supply Contract:", "the following two parties have agreed as follows:"
    r"\b(?i:the[ \t]+following[ \t]+(?:[a-z]+[ \t]+)?parties)[ \t]+(?=[a-z])[^.:;\n]{1,80}?:|"
    # the preamble that dates the contract and then names its parties after "by", with no "between": "These Terms are
    # entered into as of May 4, 2027 by Alder Ltd, a ... (Supplier), and ..."
    r"\b(?i:(?:entered\s+into|made|executed|concluded)\s+(?:as\s+of|on|this|effective(?:\s+as\s+of)?)\s+)"
    r"[^.;:()\[\]]{1,40}?\s+by(?=\s+[A-Z])",
    re.MULTILINE,
)
_LIST_END = re.compile(
    r"WHEREAS|RECITALS|WITNESSETH|W\s?I\s?T\s?N\s?E\s?S\s?S\s?E\s?T\s?H|BACKGROUND|NOW,?\s+THEREFORE|"
    r"IN\s+CONSIDERATION|TABLE\s+OF\s+CONTENTS|The\s+parties\s+(?:hereto\s+)?agree|"
    r"(?m:^)[ \t]*(?-i:PREMISES|Premises)[ \t]*:?[ \t]*(?m:$)|"  # the recitals of Italian drafting ("Premesse")
    # the recitals under an English heading of their own line: "INTRODUCTION", "Introduction:"
    r"(?m:^)[ \t]*(?-i:INTRODUCTION|Introduction)[ \t]*:?[ \t]*(?m:$)|"
    # the Scots recitals' opening words, in capitals or at a line's start: "CONSIDERING THAT (A) ..."
    r"(?-i:CONSIDERING[ \t]+THAT)\b|(?m:^)[ \t]*(?-i:Considering[ \t]+that)\b|"
    r"(?<=\s)between\b",  # "... with reference to the Distribution Agreement between Zentrix and Redline Corp."
    re.IGNORECASE,
)
_SEPARATOR = re.compile(
    r"\s*(?:;|-+\s*and\s*-+|\band\s*:|\band\b|(?<=\n)[ \t]*in\s+favou?r\s+of[ \t]*(?=\n)|\(\s*(?:\d{1,2}|[a-h]|i{1,3}|iv|first|second|third|fourth|fifth|one|two|three|four|five)\s*\)|,)\s*",
    re.IGNORECASE,
)
_NOISE = re.compile(
    r"(?:\s|[,;:\-–—]|\band\b|\(\s*(?:\d{1,2}|[a-h]|i{1,3}|iv|first|second|third|fourth|fifth|one|two|three|four|five)\s*\)|\d{1,2}\.(?:\d{1,2}\.?)?\s|\bon\s+the\s+(?:one|other)\s+hand\b|"
    r"(?m:^)[ \t]*(?i:to)[ \t]*:|"  # the label over the addressee's entry in a notice "From:" some parties "To:" another
    # a Scots entry's number in words, in capitals and set apart from the name: "ONE  ACME LIMITED ...;" (not the
    # first word of a name, "ONE STOP LIMITED", which a single space joins)
    r"(?m:^)[ \t]*(?-i:ONE|TWO|THREE|FOUR|FIVE|SIX|SEVEN|EIGHT)(?:[ \t]{2,}|\t|[ \t]*\n)|"
    r"\bof\s+the\s+(?:one|other|first|second)\s+part\b|\beach\s+of\b|\bthe\s+undersigned\s*:|\b(?:me|us|myself|you|yourself)\b(?=\s*,)|"
    # the list announced by its count: "between three companies:", "between the following two parties:"
    r"\b(?:the\s+)?(?:following\s+)?(?:two|three|four|five|\d)?\s*(?:companies|parties|persons|entities|businesses|firms)\s*:)*",
    re.IGNORECASE,
)
# the verbs that give a party its defined term, also as translated from civil-law drafting ("ci-après dénommée",
# "en adelante denominada", "doravante designada"): "hereinafter referred to as / called / designated / named"
_CALLED_AS = r"(?:referred\s+to\s+as|called|designated(?:\s+as)?|denominated(?:\s+as)?|named|termed)"
# where in the contract the term is given: "referred to below as", "called in this agreement", "in these terms"
_WHERE_IN_IT = r"(?:below|hereafter|in\s+th(?:is|ese)\s+[A-Za-z]+)"
_QUOTED_ALIAS = re.compile(r"[\"“”]\s*([^\"“”]{1,60}?)\s*[\"“”]|(?<=[(\s])['‘]([^'’\n]{1,40})['’](?=[)\s,;.])")
# the pronouns a letter gives a party beside its defined term: ", we, us", ", you", ", we, us or our"
_PRONOUNS_AFTER_TERM = r"(?:(?:,|\s+or|\s+and)\s+(?:we|us|our|you|your))+"
_PRONOUNS_BEFORE_TERM = r"(?:(?:,|\s+or|\s+and)\s+(?:us|our|your)(?=[\s,]))*(?:,\s+or|,\s+and|,|\s+or|\s+and)"
_BARE_ALIAS = re.compile(
    # "[ \t]*" inside the brackets: a Markdown term "(**Vendor**)" reads "(  Vendor  )" once its markers are blanked
    # "herein" alone in the bracket as some US lease forms write it: "(herein, LESSOR)", "(herein called the Lessee)"
    r"\([ \t]*(?:the\s+|here(?:in(?:after)?|after)[,:]?\s+(?:" + _CALLED_AS + r"[,:]?\s+)?(?:the\s+)?|"
    # "(referred to below as Hotel)", "(called in this contract the Agent)"
    r"(?:referred\s+to|called)\s+(?:below|in\s+this\s+(?:contract|agreement|deed))\s+(?:as\s+)?(?:the\s+)?|"
    # plain English: "(we call it Supplier)", "(which this agreement calls the Buyer)", "(we refer to her as Owner)"
    r"(?:(?:which|that|whom)\s+)?(?:we|this\s+(?:agreement|contract))\s+(?:calls?|refers?\s+to)\s+"
    r"(?:it|them|him|her)?\s*(?:as\s+)?(?:the\s+)?)?"
    # (an ampersand between its words: "(Marrow & Vane)", "(Hale & Co)")
    r"([A-Z][\w&.\-]*(?:\s+(?:&\s+)?[A-Z][\w&.\-]*){0,2})[ \t]*\)|"
    r"here(?:in)?after[,:]?\s+(?:(?:(?:simply|also)\s+)?"
    + _CALLED_AS
    + r"[,:]?\s+)?(?:the\s+)?"  # also "hereinafter the Supplier", "hereinafter referred to as: the Licensor"
    # with the number that tells two parties of one kind apart: "hereinafter referred to as Lender 2"
    r"([A-Z][\w&\-]*(?:\s+[A-Z][\w&\-]*){0,2}(?:[ \t]+\d{1,2}\b(?![.,/:]\d))?)|"
    # the term given after a comma without "hereinafter", as Australian deeds write it: ", called the Principal in
    # this Deed", ", referred to as the Lender", ", referred to below as the Agent", ", called in this agreement the Owner",
    # ", referred to below as Counsel," and ", called in these terms the Solicitors,"; the place first, or in plain
    # English: ", in this document called the Lessee,", ", which this agreement calls the Grower."
    r"(?<=,\s)(?:(?:in\s+th(?:is|ese)\s+[A-Za-z]+\s+)?called(?:\s+"
    + _WHERE_IN_IT
    + r")?(?:\s+as)?|(?:referred\s+to|known)(?:\s+"
    + _WHERE_IN_IT
    + r")?\s+as|(?:which|that|whom)\s+(?:we|th(?:is|ese)\s+[A-Za-z]+)\s+(?:calls?|refers?\s+to)"
    r"(?:\s+(?:it|them|him|her))?(?:\s+as)?)\s+"
    r"(?:the\s+)?([A-Z][\w&\-]*(?:\s+[A-Z][\w&\-]*){0,2})|"
    # the term given in brackets by the document's own words, as Scots and English drafting writes it: "(in this
    # Agreement called the Owner)", "(in this Contract referred to as the Managing Agent)", "(in these presents
    # referred to as the Tenant)"
    r"\([ \t]*in\s+(?:this|these)\s+[A-Za-z]+(?:\s+[A-Za-z]+)?[,:]?\s+(?:here(?:in)?after[,:]?\s+)?"
    + _CALLED_AS
    + r"[,:]?\s+(?:the\s+)?"
    r"([A-Z][\w&\-]*(?:\s+[A-Z][\w&\-]*){0,2})[ \t]*\)|"
    # an engagement letter's term without quotes, the pronouns beside it: "(the Firm, we, us)", "(the Client, you)"
    r"\([ \t]*(?:the\s+)?([A-Z][\w&\-]*(?:\s+[A-Z][\w&\-]*){0,2})" + _PRONOUNS_AFTER_TERM + r"[ \t]*\)|"
    # the same with the pronouns first: "(we or Supplier)", "(you, your or the Customer)"
    r"\([ \t]*(?:we|you)" + _PRONOUNS_BEFORE_TERM + r"\s+(?:the\s+)?([A-Z][\w&\-]*(?:\s+[A-Z][\w&\-]*){0,2})[ \t]*\)|"
    # a private contract's term without quotes, its pronouns quoted after it: '(the Landlord, and "I" or "me" below)',
    # '(together the Owners, and "you" in this contract)', '(the Venue, "we", "us")'
    r"\([ \t]*(?:together\s+)?(?:the\s+)?([A-Z][\w&\-]*(?:\s+[A-Z][\w&\-]*){0,2})"
    r"(?=,?\s+(?:and\s+|or\s+)?[\"“](?:I|me|we|us|you)[\"”])|"
    # the same with the quoted pronouns first: '("you" or the Sitter)', '("I", "me", or the Homeowner)'
    r"\([ \t]*[\"“](?:I|we|you)[\"”](?:(?:,|\s+or|\s+and)\s+[\"“](?:me|us|your?|our)[\"”])*,?\s+(?:or|and)\s+(?:the\s+)?"
    r"([A-Z][\w&\-]*(?:\s+[A-Z][\w&\-]*){0,2})[ \t]*\)"
)
# "(Registered Number SC412883)", "(UID CHE-112.345.678)": identifiers, not defined terms
_REGISTRATION = re.compile(
    r"\b(?:registered|registration|number|no\.?|company)\b.*\d|\d{4,}|(?:\d[.\-/ ]?){5,}", re.IGNORECASE
)
_NOT_ALIASES = {
    "party",
    "parties",
    "agreement",
    "effective date",
    "we",
    "us",
    "you",
    "your",
    "our",
    "this agreement",
    "terms",
    "order form",
    "conditions",
    "services",
    "schedule",
}
_DESCRIPTOR = re.compile(
    r"[ \t]*,?\s*(?:\([ \t]*(?:the\s+|here(?:in)?after[^)]{0,30}?)?[\"“'‘]?[A-Z][^()]{0,40}\)|[\"“]|an?\s|organi[sz]ed|"
    # a person's degree or licence after the name: "Samuel J. Whitcombe, Ph.D., an individual", "Ann Roe, D.V.M."
    # (not "P.A." or "P.C.", which are also a company's form)
    r"(?:Ph\.\s?D|M\.\s?D|D\.\s?Phil|J\.\s?D|D\.\s?V\.\s?M|D\.\s?D\.\s?S|D\.\s?M\.\s?D|D\.\s?P\.\s?M|Pharm\.\s?D|"
    r"Psy\.\s?D|Ed\.\s?D|M\.\s?B\.\s?A|LL\.\s?[MB]|R\.\s?N|Esq|Jr|Sr|CPA|CFA)\.?(?=[,\s(])|"
    r"incorporated|existing|having|with\s|whose|located|(?:(?:also|currently|now|presently)\s+){0,2}residing|of\s+(?:the\s+)?(?:City|County|Town|\d)|at\s+\d|"
    r"(?<=,\s)of\s+(?=[A-Z])|"  # "Jane Smith, of Kingston, Ontario": a person "of" her town
    # a person's occupation, then where the person lives: "Jane Smith, consulting engineer, of 4 Mill Lane",
    # "Jane Smith, farmer, 4 Mill Lane" (not words that join two people: "ROBERT AND MARIA SMITH, husband and wife,")
    r"(?<=,\s)(?:(?!(?:and|or)\b)[a-z][a-z\-]+[ \t]+){0,2}[a-z][a-z\-]+,[ \t]+(?:(?:of|residing)\s+(?=[A-Z\d])|(?=\d))|"
    r"(?:ACN|ABN|CIN|CRN)\b|acting|represented|through|together|hereinafter|herein|d/b/a|f/s/o|formerly|c/o|doing\s+business|trading\s+as|son\s+of|daughter\s+of|wife\s+of|[sdw]/o\b|aged\b|"
    r"company\s+(?:number|no)|registered|registration\s+(?:number|no)|born\b|date\s+of\s+birth)",
    re.IGNORECASE,
)
_ABBREVIATION_END = re.compile(
    r"(?:\b[A-Za-z]|\b(?:No|St|Ave|Blvd|Rd|Dr|Mr|Ms|Mrs|Ste|Fl|Co|Inc|Corp|Ltd|Bros|Jr|Sr|"
    r"Mt|Hwy|Pkwy|Prof|Avv|Calif|Ont|Mass|Penn|Tex|Fla|Ill|Cal|Bldg|Apt|P\.O|N\.A|S\.A|"
    # continental addresses and titles: "ul. Długa 5", "Avda. Europa 3", "Col. Roma", "Mag. Huber", "Ing. Novak"
    r"(?-i:ul|al|pl|Str|Nr|Av|Avda|Pza|Vle|Col|Depto|Dpto|Int|Ext|Mme|Mlle|Ing|Mag|Dipl|Eng|Lic|Arq|Dott|Sig|Sra)|"
    r"U\.S\.A|U\.S)|\.[A-Za-z])\.$",
    re.IGNORECASE,
)
# after a blank line the party's descriptors go on with a lower-case word, "(", "and" or an address line
_CONTINUES_AFTER_BLANK = re.compile(r"\s*(?:\(|and\b|[-—–]|[a-z]|\d|(?:Unit|Suite|Level|Floor|Address|P\.?\s?O\.?)\b)")
_OPENING = 12000
_FAR_OPENING = 40000
_TAIL = 900
MAX_PARTIES = 8


@dataclass
class Party:
    name: str
    role: str
    start: int
    end: int
    aliases: tuple[str, ...] = field(default_factory=tuple)
    confirmed: bool = False
    formal: bool = True  # a legal form, a descriptor or a defined term follows the name


def _role_of(aliases: tuple[str, ...]) -> str:
    """The defined term naming the party's role ("Licensor"), else its first defined term, else "party"."""
    terms = [" ".join(re.sub(r"^the\s+", "", a.lower()).split()) for a in aliases]
    terms = [t for t in terms if t not in _PRONOUNS] or terms  # ("I", "me" or the "Illustrator"): the Illustrator
    for term in terms:
        if term.split()[-1] in ROLE_WORDS:
            return term
    return terms[0] if terms else "party"


def _is_role_word(word: str) -> bool:
    """ "licensor"; also a role in the plural, as shipping forms name their parties ("owners", "charterers")."""
    return word in ROLE_WORDS or (word.endswith("s") and word[:-1] in ROLE_WORDS)


_PRONOUNS = {"i", "me", "my", "we", "us", "our", "you", "your"}


def _unaccented(word: str) -> str:
    """ "Québec" -> "Quebec", for comparing with the place names."""
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


# the words that give a term to every party at once: 'each a "Participant"', 'together the "Members"',
# 'individually referred to as a "Party" and collectively as the "Parties"'
_COLLECTIVE_BEFORE = re.compile(
    r"\b(?:each|together|collectively|individually|jointly)\b(?:\s+(?:referred\s+to\s+)?as)?\s+(?:a|an|the)\s*$|"
    r"\btogether\s+with\s+(?:the\s+)?[\"“]?[A-Z][\w\- ]{1,40}?[\"”]?,?\s+(?:the\s+)?$"  # 'together with the First Founder the "Founders"'
)


# a register's or an identifier's short name in brackets, not the party's term: "the Dutch Chamber of Commerce (KvK)",
# "Québec enterprise number (NEQ)", "Commercial Register (HRB)", the register's court "the Local Court (Amtsgericht)"
_REGISTER_BEFORE = re.compile(
    r"\b(?:commerce|regist(?:er|ry|ration)|number|companies\s+house|enterprise|identification|tax\s+id|"
    r"(?:local|district|regional|commercial)\s+court|"
    # the register's full name, its acronym in the bracket: "the National Register of Legal Entities (CNPJ)"
    r"regist(?:er|ry)\s+(?:of|for)(?:\s+(?:the|and|of|(?-i:[A-Z][\w\-]*))){1,5})\s*$",
    re.IGNORECASE,
)


# a province's or state's code after a postcode and its town, not the party's term: "60020 Porto San Vitale (AN)"
_POSTCODE_TOWN_BEFORE = re.compile(r"\b\d{4,6}[ \t]+(?:[A-Z][\w'\-]*[ \t]+){1,4}$")
# the jurisdiction of a statute the entry cites, not the party's term: "established under the Hop Marketing Act 1981
# (Tas)", "registered under the Corporations Act 2001 (Cth)", "the Co-operatives Act, 1996 (Saskatchewan)"
_STATUTE_BEFORE = re.compile(r"\b(?:Act|Code|Ordinance|Regulations?|Law)(?:,?[ \t]+\d{4})?[ \t]*$")
# a representative's given name between the initials and the surname: "Mr. J.W. (Joost) van der Linde"
_GIVEN_NAME_AROUND = re.compile(r"\b[A-Z]\.[ \t]*\([A-Z][a-z]+\)[ \t]+[a-zA-Z]")


# the craft a charter or lease names in its preamble, its name quoted right after: 'the motor tanker "SEA LARK"',
# 'm.v. "KESTREL"', 'the aircraft "EI-ABC"'
_CRAFT_BEFORE = re.compile(
    r"\b(?:vessel|ship|tanker|carrier|bulker|barge|tug|yacht|aircraft|helicopter|m\.\s?[vt]\.|mv|mt)[ \t]*$",
    re.IGNORECASE,
)


# an individual's address opened by the name of her farm, station or house, quoted: 'of "Willow Bend", 12 Mill Road'
_PROPERTY_NAME_BEFORE = re.compile(r"\bof[ \t]+$")
# the legal form in the original language, in brackets after its English words: "a foundation (Stiftung)", "a stock
# corporation (Aktiengesellschaft)", "a cooperative (Genossenschaft)"; the party's term comes after ("hereinafter the
# Foundation"), so the gloss is no term when another one follows
_LEGAL_FORM_GLOSS_BEFORE = re.compile(
    r"\b(?-i:an?)[ \t]+(?:(?-i:[a-z][\w\-]*)[ \t]+){0,3}(?-i:foundation|corporation|company|partnership|association|"
    r"society|cooperative|co-operative|trust|institution|entity|establishment|authority)[ \t]*$"
)


def _aliases(text: str, start: int, end: int) -> tuple[str, ...]:
    found: list[tuple[int, str]] = []
    for m in _QUOTED_ALIAS.finditer(text, start, end):
        if _CRAFT_BEFORE.search(text, max(start, m.start() - 30), m.start()):
            continue  # 'Owners of the motor tanker "SEA LARK"': the ship's name, not the party's
        if _PROPERTY_NAME_BEFORE.search(text, max(start, m.start() - 6), m.start()) and text.startswith(",", m.end()):
            continue  # 'Jane Ann Doe of "Willow Bend", 12 Mill Road': her farm's or house's name opens her address
        found.append((m.start(), (m.group(1) or m.group(2) or "").strip(" ,.")))
    for m in _BARE_ALIAS.finditer(text, start, end):
        bare = (m.group(1) or "").strip(" ,.")
        if bare and _identifier_suffix(text, m.start(), bare):
            continue  # "registered number 2487R(S)": the bracket is part of the number, no defined term
        if any(m.groups()[1:]) or (
            _unaccented(bare).lower() not in PLACES
            and bare not in {"UK", "US", "USA", "BVI", "PRC", "EU"}
            and not _REGISTER_BEFORE.search(text, max(start, m.start() - 60), m.start())
            and not _STATUTE_BEFORE.search(text, max(start, m.start() - 40), m.start())
            and not (len(bare) == 2 and _POSTCODE_TOWN_BEFORE.search(text, max(start, m.start() - 60), m.start()))
            and not _GIVEN_NAME_AROUND.search(text, max(start, m.start() - 12), min(len(text), m.end() + 3))
        ):
            found.append((m.start(), next((g for g in m.groups()[1:] if g), bare).strip(" ,.")))
    glosses = {
        at
        for at, _ in found
        if text.startswith("(", at) and _LEGAL_FORM_GLOSS_BEFORE.search(text, max(start, at - 60), at)
    }  # (a bare bracket only: 'a corporation ("Acme")' gives its term in quotes)
    if len(glosses) < len(found):
        found = [(at, alias) for at, alias in found if at not in glosses]
    if not found:
        found = _plain_term(text, start, end)
    out: list[str] = []
    for at, alias in sorted(found):
        if _COLLECTIVE_BEFORE.search(text, max(start, at - 70), at):
            continue  # '(each a "Participant" and together the "Participants")' names every party, not the last
        alias = re.sub(r"^the\s+", "", " ".join(alias.split()), flags=re.IGNORECASE)
        if _REGISTRATION.search(alias):  # "(Registered Number SC412883)" is not a defined term
            continue
        if alias and alias.lower() not in _NOT_ALIASES and alias not in out and len(alias.split()) <= 5:
            out.append(alias)
    return tuple(out)


def _identifier_suffix(text: str, at: int, bare: str) -> bool:
    """A bracket of a letter or two written onto the word before it, as a register writes a number's suffix
    ("1934R(S)", "No. 88(B)"); a defined term stands apart from the word before it."""
    return at > 0 and text[at - 1].isalnum() and len(bare) <= 2 and bare.isupper()


# the term a small business gives a party in plain words, in whatever case, in the bracket that closes its entry:
# "(the supplier)", "(dennis)", "(the Shop or the Seller)", "(we call them the seller or the Seller in this agreement)"
_PLAIN_TERM = re.compile(
    r"\([ \t]*(?:(?:we|this[ \t]+(?:agreement|contract))[ \t]+(?:calls?|refers?[ \t]+to)[ \t]+"
    r"(?:(?:it|them|him|her)[ \t]+)?(?:as[ \t]+)?)?(?:the[ \t]+)?"
    r"([A-Za-z][\w\-]+(?:[ \t]+[a-z][\w\-]+)?)"
    r"(?:[ \t]+or[ \t]+(?:the[ \t]+)?[A-Za-z][\w\-]*)*(?:[ \t]+in[ \t]+this[ \t]+[a-z]+)?[ \t]*\)"
    r"(?=[ \t]*(?:[;,.]|\n|\Z|and\b))"
)
_NOT_PLAIN_TERMS = {
    "if",
    "any",
    "as",
    "in",
    "now",
    "formerly",
    "deceased",
    "liquidation",
    "administration",
    "receivership",
}


def _plain_term(text: str, start: int, end: int) -> list[tuple[int, str]]:
    """The entry's closing bracket read as its term when no quoted or capitalised term was found."""
    m = _PLAIN_TERM.search(text, start, end)
    if m is None or _REGISTER_BEFORE.search(text, max(start, m.start() - 40), m.start()):
        return []
    term = m.group(1)
    words = term.lower().split()
    if _unaccented(term).lower() in PLACES or any(w in _NOT_PLAIN_TERMS for w in words):
        return []
    return [(m.start(), term)]


def _is_bare_role(name: str) -> bool:
    words = re.sub(r"^the\s+", "", name.lower()).split()
    generic = ROLE_WORDS | {"company", "corporation", "party", "parties"}
    if re.fullmatch(r"party\s+[a-z]", " ".join(words)):  # "Party A"
        return True
    return bool(words) and all(w.rstrip(".,") in generic or w.rstrip(".,s") in generic for w in words)


def _name_at(text: str, pos: int) -> NameSpan | None:
    span = read_name(text, pos)
    if span is None:
        return None
    name = span.text(text)
    described = _ENTITY_DESCRIPTOR.match(text, span.end, span.end + 80) is not None
    plausible = is_plausible_name(name, span.legal_form, described) or _public_body_acting(text, name, span.end)
    if not plausible or _is_bare_role(name):
        return None
    return span


# "the State of Oregon, acting by and through its Department of Transportation": a state that acts by one of its
# departments or ministers is a party, though "State of Oregon" alone is a place ("a corporation of the State of ...")
_PUBLIC_BODY = re.compile(r"(?i:state|province|commonwealth|republic)\s+(?i:of)\s+[A-Z]")
_ACTS_THROUGH = re.compile(
    r"[ \t]*,?\s*(?:acting\s+(?:by\s+and\s+)?(?:by|through)|(?:as\s+)?represented\s+by|by\s+and\s+through)\b",
    re.IGNORECASE,
)


def _public_body_acting(text: str, name: str, end: int) -> bool:
    return _PUBLIC_BODY.match(name) is not None and _ACTS_THROUGH.match(text, end) is not None


def _strong_name_at(text: str, pos: int) -> NameSpan | None:
    """A name that starts a new party: it has a legal form, or descriptors/a defined term follow it."""
    span = _name_at(text, pos)
    if span is None:
        return None
    ends_list = re.match(r"[ \t]*\.(?:\s|$)", text[span.end : span.end + 3])
    if span.legal_form or _DESCRIPTOR.match(text, span.end) or ends_list or _opens_an_address_line(text, span):
        return span
    return None


def _opens_an_address_line(text: str, span: NameSpan) -> bool:
    """A name alone at the start of its line with its street address after a comma, as a list of parties one a line
    writes each ("  Alder Farm Credit Association, 41 Grain Road, Minneapolis;")."""
    line_start = text.rfind("\n", 0, span.start) + 1
    return (
        not text[line_start : span.start].strip() and re.match(r",[ \t]+\d", text[span.end : span.end + 4]) is not None
    )


def _sentence_ends(text: str, i: int) -> bool:
    if text[i] != "." or not re.match(r"\s+[A-Z]", text[i + 1 : i + 3]):
        return False
    if re.match(r"\s+(?:Hereinafter|Referred|Collectively|Each|Both)\b", text[i + 1 : i + 30], re.IGNORECASE):
        return False
    return not _ABBREVIATION_END.search(text[max(0, i - 8) : i + 1])


def _alias_follows_address(text: str, pos: int, i: int) -> bool:
    """A "." inside an address ("Port Vila. Vanuatu ("the Manufacturer")"): the party's defined term is still to come."""
    return not _QUOTED_ALIAS.search(text, pos, i) and bool(
        re.match(r"[^.;\n]{0,80}\n?[^.;\n]{0,40}?[(\s][\"“'‘](?:the\s+)?[A-Z]", text[i + 1 : i + 160])
    )


_BLANK_NAME = re.compile(r"_{3,}|\[\s*(?:●|•|\*|NAME|name|\.{3,}|_+)\s*\]")


def _scan_tail(text: str, pos: int, limit: int) -> tuple[int, int | None]:
    """End of this party's descriptors, and where the next party's name starts (None: the list ends)."""
    depth, quoted, i = 0, False, pos
    end = min(limit, pos + _TAIL)
    while i < end:
        ch = text[i]
        if ch in '"“”':
            quoted = not quoted if ch == '"' else ch == "“"
        elif ch in "([" and not quoted:
            depth += 1
        elif ch in ")]" and not quoted:
            depth = max(0, depth - 1)
        if depth == 0 and not quoted:
            verdict = _boundary_at(text, pos, i)
            if verdict is not None:
                return i, verdict[0]
        i += 1
    return end, None


# who acts for a party or makes it up, named in its descriptors: "as represented by the Minister of Agriculture, Food
# and Agribusiness", "a general partnership whose partners are Dale Harlan and Curtis Harlan", "a joint venture
# between X Ltd. and Y Corporation", "by its general partner"; none of them is a party of its own
_ACTS_FOR = re.compile(
    r"\b(?:acting\s+(?:by\s+and\s+)?(?:by|through)|(?:as\s+)?represented\s+by|by\s+and\s+through|"
    r"by\s+its\s+(?:\w+\s+){0,2}?(?:partners?|trustees?|operator|manager|members?|agent|executor|administrator)|"
    r"whose\s+(?:\w+\s+)?(?:partners|members|trustees|owners)\s+are|"
    r"(?:joint\s+venture|partnership|consortium)\s+(?:between|among|of))\b",
    re.IGNORECASE,
)
_AND_AT = re.compile(r"\s*\band\b", re.IGNORECASE)
_MEMBERS_BETWEEN = re.compile(r"\b(?:joint\s+venture|partnership|consortium)\s+$", re.IGNORECASE)
# the title of the minister or department acting for a public body: "the Minister of Agriculture, Food, and"
_TITLE_SO_FAR = re.compile(
    r"\s+(?:its|the)\s+[A-Z][\w'’.\-]*\s+(?:of|for)\b(?:[\s,]+(?:of|for|the|and|[A-Z][\w'’&.\-]*))*[\s,]*"
)


# the public body that issued a party's licence or registration, named in its descriptors: "holding trade licence
# no. 123 issued by the Department of Economy and Tourism"; the "and" joins the words of the body's title
_ISSUING_BODY_SO_FAR = re.compile(
    r"\b(?:Department|Ministry|Minister|Registrar|Registry|Office|Bureau|Authority|Commission|Directorate|Secretary)"
    r"\s+(?:of|for)\s+(?:the\s+)?(?:[A-Z][\w'’\-]*\s+){0,3}[A-Z][\w'’\-]*[ \t]*\Z"
)


def _joins_a_body_title(text: str, pos: int, i: int) -> bool:
    """An "and" at `i`, inside a party's descriptors (no defined term yet), that continues a public body's title."""
    if not _AND_AT.match(text, i) or _QUOTED_ALIAS.search(text, pos, i):
        return False
    if _ISSUING_BODY_SO_FAR.search(text[max(pos, i - 80) : i]) is not None:
        return True
    body = _BODY_AFTER_AND.match(text, i)
    if body is None or _THE_BODY_SO_FAR.search(text, max(pos, i - 40), i) is None:
        return False
    company = _name_at(text, body.start(1))
    return company is None or not company.legal_form  # "the Trust and Acme Services Ltd": a company, a new party


# a regulator named in a party's descriptors with "and" inside its name: "registered with the Securities and Exchange
# Commission", "licensed by the Food and Drug Administration"; the "and" joins its words, no new party follows
_THE_BODY_SO_FAR = re.compile(r"\bthe\s+(?:[A-Z][\w'\-]*\s+){0,2}[A-Z][\w'\-]*[ \t]*\Z")
_BODY_AFTER_AND = re.compile(
    r"\s*and\s+((?:[A-Z][\w'\-]*\s+){0,3}(?:Commission|Authority|Administration|Agency|Bureau|Board|Council|"
    r"Services?|Department|Office|Ministry|Directorate|Tribunal))\b"
)


def _names_who_acts_for_it(text: str, pos: int, i: int) -> bool:
    """An "and" at `i` that joins the names of who acts for the party whose descriptors run from `pos` (or the words
    of a minister's title), not two parties: it follows such a clause with no comma before it and no defined
    term closed since."""
    if not _AND_AT.match(text, i):
        return False
    clause = next(reversed(list(_ACTS_FOR.finditer(text, max(pos, i - 200), i))), None)
    if clause is None or ")" in text[clause.end() : i]:
        return False
    return not text[:i].rstrip().endswith(",") or _TITLE_SO_FAR.fullmatch(text, clause.end(), i) is not None


# a party entry closed by its defined term at the end of its line: "... VIC 3000 (Consultant)" / "(the Buyer);"
_ENTRY_CLOSED = re.compile(r"\)[ \t]*[;,.]?[ \t]*\Z")


def _next_line_entry(text: str, pos: int, i: int) -> tuple[int | None] | None:
    """A line break after an entry closed by its defined term, the very next line (numbered or not) naming a
    company by its legal form: a one-line-per-party list with no "and" or blank line between entries."""
    if not _ENTRY_CLOSED.search(text, max(pos, i - 40), i) or not _aliases(text, pos, i):
        return None
    nxt = skip_run(_NOISE, text, i + 1)
    if "\n" in text[i + 1 : nxt]:
        return None
    span = _name_at(text, nxt)
    return (nxt,) if span is not None and span.legal_form else None


# a role in brackets without quotes closing a party's entry: "X Corp., as lender (the Lender), Y Inc., as borrower"
_BARE_ROLE_CLOSED = re.compile(r"\((?:the\s+)?(?:[A-Z][a-z]+[ \t]+)?([A-Z][a-z]+)\)\Z")


_SUB_CLAUSE_INSIDE = re.compile(r"\n[ \t]*\d{1,2}\.\d{1,2}\b")


# a relative clause about the person after the entry's term: '... (the Owner, "you"), who owns two dogs, ...'
_WHO_CLAUSE_AFTER_TERM = re.compile(r"\),[ \t]+who\b")


def _boundary_at(text: str, pos: int, i: int) -> tuple[int | None] | None:
    """At a top-level position of a party's tail: None (go on), or (start of the next party or None: list ends)."""
    if _LIST_END.match(text, i) and not _MEMBERS_BETWEEN.search(text, max(pos, i - 30), i):
        return (None,)
    if text[i] == "\n" and text[i - 1 : i] in (")", ";", ",", ".", " ", "\t"):
        entry = _next_line_entry(text, pos, i)
        if entry is not None:
            return entry
    if text[i] == "\n" and re.match(r"\n[ \t]*\n", text[i : i + 20]):
        nxt = skip_run(_NOISE, text, i)
        if _LIST_END.match(text, nxt):
            return (None,)
        if _ROLE_LABEL_ENTRY.match(text, nxt):
            return (nxt,)
        span = _name_at(text, nxt)
        # after a full stop, "1. Relationship with the MSA" is the first clause, not a party
        # (a sub-clause number "1.2." before the next party's name is not one)
        clause = text[max(0, i - 3) : i].rstrip().endswith(".") and re.search(r"(?<![\d.])\d{1,2}\.\s", text[i:nxt])
        if clause and span and _SUB_CLAUSE_INSIDE.search(text, span.start, span.end):
            return (None,)  # "1. APPOINTMENT" over "1.1 Company appoints ...": a heading and its first sub-clause
        if span and (span.legal_form or (_DESCRIPTOR.match(text, span.end) and not clause)):
            return (nxt,)
        if span and _joined_by_and_alone(text, i, nxt) and _aliases(text, pos, i) and _block_gives_a_term(text, nxt):
            return (nxt,)
        line = text[nxt : text.find("\n", nxt) if "\n" in text[nxt : nxt + 80] else nxt + 80].strip(" ,.")
        if not _CONTINUES_AFTER_BLANK.match(text[i : nxt + 12]) and line.lower() not in PLACES:
            return (None,)
    if _sentence_ends(text, i) and not _alias_follows_address(text, pos, i):
        nxt = skip_run(_NOISE, text, i + 1)
        numbered = re.match(r"\s*(?:\(\s*\d{1,2}\s*\)|and\b)", text[i + 1 : nxt + 1], re.IGNORECASE)
        return (nxt,) if numbered and _strong_name_at(text, nxt) else (None,)
    if _names_who_acts_for_it(text, pos, i) or _joins_a_body_title(text, pos, i):
        return None
    sep = _SEPARATOR.match(text, i)
    closed = _closed_by_a_defined_term(text, pos, i) if text[i] == "," else "quoted"
    if sep and sep.end() > i and closed:
        nxt = skip_run(_NOISE, text, sep.end())
        if _BLANK_NAME.match(text, nxt):
            return (
                None,
            )  # "and ______________, a ________ corporation ("Licensee")": a party left blank, its term its own
        numbered = re.search(r"\(\s*\d", text[i:nxt])
        span = _name_at(text, nxt) if numbered else _strong_name_at(text, nxt)
        occupation = None if span else _OCCUPATION_FIRST.match(text, nxt)
        if occupation:  # "and the publisher, Thornfield Music Limited"
            span = _strong_name_at(text, occupation.end())
        if closed == "bare" and span and not span.legal_form:
            return None  # "Andheri (East), Mumbai 400 069": a bracket of the address, not the party's term
        if span and not span.legal_form and _WHO_CLAUSE_AFTER_TERM.search(text, pos, i):
            return None  # '(the Owner, "you"), who owns two cats, Tiger and Lulu (a tabby)': the person's own words
        if span and not _second_representative(text, pos, i, span) and not _names_an_identifier(text, span):
            return (nxt,)
    return None


def _to_its_line(text: str, span: NameSpan) -> NameSpan:
    """A person's name read on into the address on the next line ("Jonas Weber\nKastanienallee 12") ends at the line
    break: two words or more before it, a number after it."""
    name = text[span.start : span.end]
    cut = name.find("\n")
    if span.legal_form or cut < 0 or len(name[:cut].split()) < 2 or not re.search(r"\d", name[cut:]):
        return span
    return NameSpan(span.start, span.start + len(name[:cut].rstrip()), False)


def _joined_by_and_alone(text: str, i: int, nxt: int) -> bool:
    """Only "and" stands between the blank lines before the next entry: "... Client -\n\nand\n\nJonas Weber"."""
    return text[i:nxt].strip().lower() == "and"


def _block_gives_a_term(text: str, at: int) -> bool:
    """A person whose own block, up to the blank line under it, closes with its defined term: "Jonas Weber / address /
    tax number / - hereinafter referred to as Freelancer -", the next entry of a list written one block a party."""
    person = _person_at(text, at)
    end = text.find("\n\n", at, at + 400)
    return person is not None and end >= 0 and bool(_aliases(text, _to_its_line(text, person).end, end))


def _closed_by_a_defined_term(text: str, pos: int, i: int) -> str:
    """Whether the comma at `i` follows the party's defined term in brackets: "quoted" ('("Parent"),'), "bare" (a term
    without quotes, "(the Parent),"; not a place or a register's short name: "(Québec),", "(HRB),"), else ""."""
    if text[i - 1 : i] != ")":
        return ""
    if re.search(r"[\"”’']\s*\)$", text[max(0, i - 3) : i]):
        return "quoted"
    opening = text.rfind("(", max(pos, i - 60), i)
    if opening >= 0 and _aliases(text, opening, i):
        return "bare"
    role = _BARE_ROLE_CLOSED.search(text, max(pos, i - 40), i)  # "X Corp., as lender (the Lender), Y Inc."
    return "bare" if role and role.group(1).lower() in ROLE_WORDS else ""


# the issuer of a number in a party's descriptors, its label right after the name with no comma: "having CIN
# U12345 and SEBI Registration No. 42", "and FCA Licence Number 1234"; the name is the register's, not a party's
# (or "under number" after the register's short name in brackets: "Trade and Companies Register (R.C.S.
# Luxembourg) under number B 241067", "Chamber of Commerce under no. 123")
_IDENTIFIER_AFTER_NAME = re.compile(
    r"(?:[ \t]+\([^()\n]{1,40}\))?[ \t]+(?:(?:registration|licen[cs]e|reg\.|permit|authori[sz]ation)[ \t]+(?:number|no\b\.?|#)|"
    r"under[ \t]+(?:(?:registration|company|file)[ \t]+)?(?:number|no\b\.?))",
    re.IGNORECASE,
)


def _names_an_identifier(text: str, span: NameSpan) -> bool:
    """The name after an "and" labels the number that follows it ("and SEBI Registration No. 42"): no new party."""
    return not span.legal_form and _IDENTIFIER_AFTER_NAME.match(text, span.end) is not None


# a party's representatives: "represented by its managing directors Mrs. A and Mr. B", "acting through", "in the
# person of"; a person named after one of these, before the party's defined term, signs for it and is no party
_REPRESENTED = re.compile(
    r"\b(?:represented|acting\s+(?:through|by)|in\s+the\s+person\s+of|by\s+(?:its|their)\s+(?:legal\s+)?representatives?)\b",
    re.IGNORECASE,
)


def _second_representative(text: str, pos: int, i: int, span: NameSpan) -> bool:
    """A name without a legal form after "and" that joins a second person to a representation not yet closed by
    the party's defined term ("and Jane Roe, an individual residing at" is a party of her own)."""
    if span.legal_form or _ENTITY_DESCRIPTOR.match(text, span.end, span.end + 80):
        return False
    opened = [m.end() for m in _REPRESENTED.finditer(text, pos, i)]
    return bool(opened) and not _QUOTED_ALIAS.search(text, opened[-1], i)


# a standard form's party entry: the role as a label, a printed instruction in brackets, then the party's details
# ("BETWEEN the Owner:\n(Name, legal status, address)\nHarbourview Holdings LLC ..."; "and the Contractor:")
_ROLE_LABEL_ENTRY = re.compile(
    r"the\s+([A-Z][A-Za-z\-]+(?:[ \t][A-Z][A-Za-z\-]+)?)[ \t]*:\s*(?:\([^()\n]{1,80}\)\s*)?(?=[A-Z])"
)


def _role_label_entry(text: str, at: int) -> tuple[int, tuple[str, ...]]:
    """Where the party's name starts and the role its label gives (none: no label at `at`)."""
    m = _ROLE_LABEL_ENTRY.match(text, at)
    return (m.end(), (m.group(1),)) if m else (at, ())


# what a person is, before the name: "between professional golfer, TOM WATSON, (...)", "and the illustrator, Ana Ruiz"
_OCCUPATION_FIRST = re.compile(r"(?:(?:the|a|an)\s+)?(?:[a-z][a-z-]+\s+){0,2}[a-z][a-z-]+,[ \t]*(?=[A-Z])")


def _name_after_occupation(text: str, at: int) -> NameSpan | None:
    occupation = _OCCUPATION_FIRST.match(text, at)
    return _name_at(text, occupation.end()) if occupation else None


# "Guarantor: Hale Holdings, Inc. Guarantor is not a party to this Lease": a labelled name its own entry excludes
_NOT_A_PARTY = re.compile(r"\bnot\s+(?:be\s+)?(?:a\s+)?part(?:y|ies)\b", re.IGNORECASE)
# an entry that says the company it names is not a party to this contract (not "not a party to the Lease")
_DENIES_BEING_A_PARTY = re.compile(
    _NOT_A_PARTY.pattern + r"(?!\s+to\s+(?:the|that|an?|any|such)\b(?!\s+(?:agreement|contract|deed)\b))",
    re.IGNORECASE,
)


# an entry closed by its defined term and a full stop, then a blank line and nothing else ('("Contractor").')
_CLOSED_ENTRY_GAP = re.compile(r"\)[ \t]*\.[ \t]*\n[ \t]*\n\s*\Z")


def _after_a_closed_list(text: str, previous_end: int, start: int) -> bool:
    """The name at `start` follows a blank line after an entry its defined term and a full stop closed, with no
    number, "and" or label between: a sentence of its own (an affiliate named after the list), not the next party."""
    return _CLOSED_ENTRY_GAP.search(text, max(0, previous_end - 4), start) is not None


def _read_list(text: str, pos: int) -> list[Party]:
    limit = min(len(text), pos + 4000)
    parties: list[Party] = []
    last_tail = pos  # where the last party's entry ends
    at: int | None = skip_run(_NOISE, text, pos)
    while at is not None and len(parties) < MAX_PARTIES:
        at, labelled = _role_label_entry(text, at)
        span = _name_at(text, at) or _name_after_occupation(text, at)
        if span is None:
            break
        span = _to_its_line(text, span)
        tail_end, at = _scan_tail(text, span.end, limit)
        closing = _LIST_CLOSING_COLLECTIVE.search(text, span.end, tail_end)
        alias_end = closing.end() if closing else tail_end
        aliases = _aliases(text, span.end, alias_end) or labelled or _capacity(text, span.end, tail_end)
        if _DENIES_BEING_A_PARTY.search(text, span.end, tail_end):
            continue  # "X Ltd, the group's UK affiliate, is not a party to this Agreement"
        if parties and not aliases and _after_a_closed_list(text, last_tail, span.start):
            break  # the list ended with the last entry's defined term and a full stop: a name below is no party
        span = _company_appeared_for(text, span, tail_end)
        formal = bool(span.legal_form or aliases or _DESCRIPTOR.match(text, span.end))
        if parties and _joined_by_and(text, last_tail, span.start):
            _share_the_joint_term(text, parties[-1], span.end, tail_end)
        parties.append(Party(span.text(text), _role_of(aliases), span.start, span.end, aliases, formal=formal))
        joint = _joint_person(text, span.end)
        if joint is not None:
            parties.append(Party(joint.text(text), _role_of(aliases), joint.start, joint.end, aliases, formal=formal))
        parties += _loaned_out(text, span.end, tail_end)
        last_tail = tail_end
    if parties:
        _collective_role(text, parties, parties[-1].end, last_tail)
        _last_named_role(text, parties, parties[-1].end, last_tail)
        _listed_below_role(text, parties, pos)
    return parties


# a term the list gives its last few entries: "..., the three last named being hereinafter called the Owners, and each
# an Owner" (a charter-party and pool form)
_LAST_NAMED = re.compile(
    r"\bthe\s+(\w+)\s+last[\s-]+(?:named|mentioned)\b[^.;()\n]{0,40}?\b(?:called|referred\s+to\s+as|known\s+as)\s+"
    r"(?:the\s+)?[\"“]?([A-Z][\w\-]*(?:[ \t][A-Z][\w\-]*)?)[\"”]?"
    r"(?:,?\s+and\s+each\s+(?:a|an)\s+[\"“]?([A-Z][\w\-]*(?:[ \t][A-Z][\w\-]*)?))?",
    re.IGNORECASE,
)
_LAST_NAMED_REACH = 300


def _last_named_role(text: str, parties: list[Party], lo: int, hi: int) -> None:
    """The last N parties of the list take the term `_LAST_NAMED` gives them (its singular, "each an Owner", where
    stated) unless a party has a term of its own that is not this one."""
    if "last" not in text[lo : hi + _LAST_NAMED_REACH].lower():
        return
    m = _LAST_NAMED.search(text, lo, hi + _LAST_NAMED_REACH)
    count = NUMBER_WORDS.get(m.group(1).lower()) if m else None
    if m is None or not isinstance(count, int) or not 2 <= count <= len(parties):
        return
    term = m.group(3) or m.group(2)
    plural = m.group(2).lower()
    for p in parties[-count:]:
        if all(" ".join(re.sub(r"^the\s+", "", a.lower()).split()) == plural for a in p.aliases):
            p.role = _role_of((term,))


# the parties listed under an entry that names them by their kind: "(2) the lenders listed below (each a Lender and
# together the Club Lenders):"
_LISTED_BELOW = re.compile(
    r"\b(?:listed|named|set\s+out)\s+below\s*,?\s*\(?\s*each\s+(?:a|an)\s+[\"“]?([A-Z][\w\-]*(?:[ \t][A-Z][\w\-]*)?)"
)


def _listed_below_role(text: str, parties: list[Party], lo: int) -> None:
    """The parties after `_LISTED_BELOW` that the list gives no term of their own take its term."""
    hi = parties[-1].start
    if "below" not in text[lo:hi]:
        return
    m = _LISTED_BELOW.search(text, lo, hi)
    if m is None or m.group(1).lower() in _NOT_ALIASES or m.group(1).lower() in {"party", "parties"}:
        return
    for p in parties:
        if p.start > m.end() and not p.aliases:
            p.role = _role_of((m.group(1),))


# the term the list gives several parties at once, after its last entry, naming them as parties: "the parties under
# 2 to 4 each a Participant", 'the companies named above, each a "Member"' (not '... of the funds listed in Appendix A
# (each a "Fund")': a term of something else)
# Also the bracket after the last entry that names each and all of them: '(each a "Member" and together the "Members")'.
_EACH_A = re.compile(
    r"\b(?:parties|companies|entities|undersigned)\b[^,;()\n.]{0,40}?,?\s*each\s+(?:being\s+)?(?:a|an)\s+[\"“]?"
    r"([A-Z][\w\-]*(?:[ \t][A-Z][\w\-]*)?)|"
    r"(?:^|[,;]\s|\n)\s*\(\s*each\s+(?:a|an)\s+[\"“]?([A-Z][\w\-]*(?:[ \t][A-Z][\w\-]*)?)[\"”]?,?\s+and\s+"
    r"(?:together|collectively)\s+(?:the\s+)?[\"“]?[A-Z][\w\-]*(?:[ \t][A-Z][\w\-]*)?[\"”]?\s*\)"
)
# a bracket that gives every party its term together: a term after it is of something else ("(each a Partner and
# together the Partners), who carry on business as X (the Firm)": the firm is no party)
_LIST_CLOSING_COLLECTIVE = re.compile(r"\(\s*(?:each|collectively)\s+(?:a|an|the|referred)\b[^()]{0,80}\)")


def _collective_role(text: str, parties: list[Party], lo: int, hi: int) -> None:
    """The parties the list gives no term of their own take the term it gives them together as their role (a
    party's own term wins: "The Parent, Holdings and Labs are each a Participant")."""
    if all(p.aliases for p in parties):
        return
    m = _EACH_A.search(text, lo, hi)
    term = m.group(1) or m.group(2) if m else None
    if term is None or term.lower() in _NOT_ALIASES or term.lower() in {"party", "parties"}:
        return
    for p in parties:
        if not p.aliases:
            p.role = _role_of((term,))


# the capacity a party signs in, at the end of its descriptors: "X, a Delaware corporation ..., as seller, and Y ...,
# as buyer."; a role word only ("as agent for the Owner" names whom it acts for, not a term)
_AS_CAPACITY = re.compile(r",\s+as\s+(?:the\s+)?([A-Za-z][a-z]+)[ \t]*(?:[,;.]|\band\b|$)")


def _capacity(text: str, lo: int, hi: int) -> tuple[str, ...]:
    """The party's role from "..., as seller" when no defined term follows its name."""
    found = [m for m in _AS_CAPACITY.finditer(text[lo:hi]) if m.group(1).lower() in ROLE_WORDS]
    return (found[-1].group(1).title(),) if found else ()


_LOAN_OUT = re.compile(r"\b(?:for\s+(?:the\s+)?services\s+of|f/s/o|agent\s+for)\s+", re.IGNORECASE)


def _loaned_out(text: str, lo: int, hi: int) -> list[Party]:
    """The individual a loan-out company contracts for ("Marine MP, LLC, for services of Arnold Schwarzenegger
    ("Endorser")"): a party of the endorsement too."""
    m = _LOAN_OUT.search(text, lo, hi)
    span = _person_at(text, m.end()) if m else None
    if span is None:
        return []
    close = text.find(")", span.end, span.end + 60)
    aliases = _aliases(text, span.end, close + 1 if close >= 0 else span.end)
    if not aliases or aliases[0].split()[-1].lower() not in ROLE_WORDS:
        return []  # 'T&B Seminars, Inc. f/s/o Tarek El Moussa ("T&B")': the defined term is the company's
    return [Party(span.text(text), _role_of(aliases), span.start, span.end, aliases)]


# a word of a person's name: "Weißenborn" (ß), "Whitcombe-Baines" (a capital after the hyphen)
_PERSON_WORD = r"[A-Z][a-z\u00DF-\u00F6\u00F8-\u00FF'’\-]+(?:(?<=-)[A-Z][a-z\u00DF-\u00F6\u00F8-\u00FF'’\-]+)*"
_PERSON = re.compile(rf"(?:(?:Mr|Mrs|Ms|Dr|Prof)\.?\s+)?({_PERSON_WORD}(?:\s+[A-Z]\.)?(?:\s+{_PERSON_WORD}){{1,2}})")


def _person_at(text: str, pos: int) -> NameSpan | None:
    """An individual's name at `pos`: two or three capitalised words, an initial allowed ("Shelby J. Butterfield")."""
    m = _PERSON.match(text, pos)
    if m is None:
        return None
    name = m.group(1)
    if not is_plausible_name(name, False) or _is_bare_role(name) or any(w.lower() in PLACES for w in name.split()):
        return None
    return NameSpan(m.start(1), m.end(1), False)


# two people in one entry, one address for both: "Ana Ruiz and Tomas Berg, both of 4 Elm Road (together the Buyers)"
_JOINT_WITH = re.compile(r"[ \t]+and[ \t]+")
_BOTH_OF = re.compile(r",?[ \t]+(?:both|each)[ \t]+of\b")


def _joint_person(text: str, end: int) -> NameSpan | None:
    """The second person of an entry that names two people who share its address and term."""
    joined = _JOINT_WITH.match(text, end)
    person = _person_at(text, joined.end()) if joined else None
    if person is None or not _BOTH_OF.match(text, person.end):
        return None
    return person


# the term two people listed one after the other take together: '... ("Abby"), both of 3 Elm Row (together the Couple)'
_TOGETHER_TERM = re.compile(r"\(together\s+(?:the\s+)?[\"“]?([A-Z][\w\-]*(?:[ \t][A-Z][\w\-]*){0,2})[\"”]?[ \t]*[,)]")


def _joined_by_and(text: str, previous_end: int, start: int) -> bool:
    return text[previous_end:start].strip().lower() == "and"


def _share_the_joint_term(text: str, previous: Party, lo: int, hi: int) -> None:
    """The person before "and" whose own bracket gave only a short name takes the term the pair is given together."""
    together = _TOGETHER_TERM.search(text, lo, hi)
    if together is None or any(_is_role_word(a.split()[-1].lower()) for a in previous.aliases):
        return
    term = together.group(1)
    if term not in previous.aliases:
        previous.aliases = (*previous.aliases, term)
        previous.role = _role_of(previous.aliases)


def _person_before(text: str, lo: int, alias_at: int) -> NameSpan | None:
    """ "to retain Gianluca Rotino ("Consultant")": a person's name right before a role's defined term."""
    close = text.find(")", alias_at, alias_at + 60)
    aliases = _aliases(text, alias_at, close + 1 if close >= 0 else alias_at + 40)
    if not aliases or aliases[0].split()[-1].lower() not in ROLE_WORDS:
        return None
    for m in re.finditer(r"(?<![\w.])[A-Z]", text[max(lo, alias_at - 60) : alias_at]):
        begin = max(lo, alias_at - 60) + m.start()
        span = _person_at(text, begin)
        if span is not None and not text[span.end : alias_at].strip(" ,"):
            return span
    return None


def _quality(parties: list[Party]) -> int:
    """Two or more names, at least one of them formally introduced ("between the Design Capacity and the Sold
    Capacity" is a definition, not a party list)."""
    if len(parties) < 2 or not any(p.formal for p in parties):
        return 0
    return sum(2 if p.aliases else 1 for p in parties)


_RECITAL = re.compile(r"\bWHEREAS\b|\bRECITALS?\b|[\"”]\s+means\s+(?!this\b)", re.IGNORECASE)


def _in_recital(text: str, at: int) -> bool:
    """ "WHEREAS ... an agreement entered into between X and Y", '"Ares Agreement" means the agreement between X
    and Y': another agreement's parties."""
    sentence_start = max(text.rfind(". ", 0, at), text.rfind("\n\n", 0, at), at - 400, 0)
    return bool(_RECITAL.search(text, sentence_start, at))


_PLACEHOLDER = re.compile(r"_{3,}|\[\s*[•*\s]*\]")
_MADE = re.compile(r"\b(?:made|entered\s+into)\b", re.IGNORECASE)


def _stands_alone(party: Party, text: str) -> bool:
    """One named party whose counterpart is a blank or a form's "you" (franchise and agency forms)."""
    if party.aliases and party.formal:
        return True
    tail = text[party.end : party.end + 600]
    return party.formal and bool(_PLACEHOLDER.search(tail) or re.search(r"[\"“](?:you|we)[\"”,]", tail))


def _from_anchors(text: str, regions: list[tuple[int, int]], preamble_only: bool = False) -> list[Party]:
    best: list[Party] = []
    single: list[Party] = []
    for lo, hi in regions:
        for m in _ANCHOR.finditer(text, lo, hi):
            if _in_recital(text, m.start()):
                continue
            if preamble_only and not _MADE.search(text, max(0, m.start() - 250), m.start()):
                continue
            parties = _read_list(text, m.end())
            if _quality(parties) > _quality(best):
                best = parties
            if len(best) >= 2 and all(p.aliases for p in best):
                return best
            if not single and len(parties) == 1 and _stands_alone(parties[0], text):
                single = parties
    return best or single


_DEFINED = re.compile(
    r"\((?:the\s+|(?:hereinafter[,:]?\s+)?(?:"
    + _CALLED_AS
    + r",?\s+)?(?:the\s+)?)?[\"“']|"  # '(hereinafter, "the Buyer")'
    r"\([^()\"“]{1,60}?,\s+the\s+[\"“]|"  # '(or one or more Affiliates, the "Investor")'
    r"(?<=,\s)hereinafter\s+" + _CALLED_AS + r"\s+(?:the\s+)?[\"“]|"  # 'X, hereinafter referred to as the "Company"'
    # a letter's term without quotes, its pronouns beside it: "asking Harcourt Vane LLP (the Firm, we, us) to act"
    r"\((?:the\s+)?(?=[A-Z][\w&\-]*(?:\s+[A-Z][\w&\-]*){0,2}" + _PRONOUNS_AFTER_TERM + r"[ \t]*\))"
)
_LABELLED = re.compile(
    # "1.2 Landlord: ...", "(b) Tenant: ...", "Item 1 Lessor: ...": a numbered item of a basic-information list
    r"(?:^|^[ \t]*(?:(?:Item[ \t]+)?\d{1,2}(?:\.\d{1,2}){0,2}\.?|\(?[a-z]\))[ \t]+|\s{2,}|(?<=[\s.;,])(?=Party\s))(Party\s+[A-Z](?:\s*\([A-Za-z ]{2,30}\))?|(?:[A-Z][a-z]+[ \t])?[A-Z][a-z]+|"
    r"(?:[A-Z]{2,}[ \t])?[A-Z]{3,})"  # "CONTRACTED PARTY: NUVEM LTDA., ..."
    # a note in lower case on the label: "Guarantor (for clause 9 only): ..."
    r"(?:[ \t]+\((?=[a-z])[^()\n:]{1,50}\))?"
    r"[ \t]*[:：]\s*(?=[^\s:])",
    re.MULTILINE,
)
# the number or code a particulars row may open with: "1.", "3A", "Item 4", "A2", "(b)"
_ROW_NUMBER = r"(?:(?:Item|No\.?)[ \t]+)?(?:\d{1,2}[A-Za-z]?|[A-Z]\d{1,2}|\([a-z\d]{1,3}\))\.?"
# a row of a particulars table: "| Contractor | Glenmorven Facilities Ltd, a company registered in Scotland ... |",
# also after a cell holding the row's number: "| 2 | Contractor | ... |"
_TABLE_LABELLED = re.compile(
    r"^[ \t]*\|(?:[ \t]*" + _ROW_NUMBER + r"[ \t]*\|)?[ \t]*((?:[A-Z][a-z]+[ \t])?[A-Z][a-z]+)[ \t]*\|[ \t]*(?=[^\s|])",
    re.MULTILINE,
)
# a row of a particulars table laid out in plain text, columns aligned with spaces or joined by a dot leader:
# "1. Owner      Coonawarra ... Pty Ltd", "Item 2   Tenant      ...", "A1  Licensor   ...", "Client ........ ..."
_SPACED_LABELLED = re.compile(
    r"^[ \t]*(?:" + _ROW_NUMBER + r"[ \t]+)?((?:[A-Z][a-z]+[ \t])?[A-Z][a-z]+)"
    r"(?:[ \t]{3,}|[ \t]*\.{3,}[ \t]*)(?=[^\s.])",
    re.MULTILINE,
)
_NEXT_LABEL = re.compile(r"\s+(?:Party\s+[A-Z]|Legal\s+Representative|Address)\b")
_NAME_BOUNDARY = re.compile(r"(?=(^|\s|\(|[.,:;]\s)[\w\[])")
_CLUSTER_GAP = 900


_ENTITY_DESCRIPTOR = re.compile(
    r"[ \t]*,?\s*(?:(?:is\s+)?an?\s+(?:[\w.\-]+\s+){0,5}?(?:corporation|company|partnership|individual|entity|organi[sz]ation|"
    r"association|bank|trust|university|society|institution|limited\s+liability|business|"
    # public bodies and non-profits: "a public library system established under Chapter 43", "a statutory authority"
    r"system|authority|agency|council|board|commission|district|municipality|foundation|charity|college|school|"
    r"hospital|library|cooperative|co-operative|body)\b|residing|born\s+(?:on\s+)?(?:\d|[A-Z][a-z]+\s+\d)|date\s+of\s+birth|"
    r"organi[sz]ed\s+(?:and\s+existing\s+)?under|incorporated\s+(?:in|under)|(?:established|constituted|created)\s+(?:by|under)\b|"
    r"(?:an?\s+)?(?:sole\s+(?:trader|proprietor(?:ship)?)|self[- ]employed)\b|trading\s+as\b|"
    # a person introduced the civil-law way: "Mr. X, of legal age, married, domiciled at", "holder of identity card no."
    r"of\s+(?:full\s+|legal\s+)+age\b|domiciled\b|with\s+domicile\b|"
    r"(?:holder\s+of|with)\s+(?:the\s+)?(?:national\s+)?(?:identity\s+(?:card|document)|passport)\b)",
    re.IGNORECASE,
)


# "Mr. X, of legal age, ... acting in the name and on behalf of the company Y, S.L., ... (hereinafter, "the Licensor")":
# the person appears for the company, which is the party
_ON_BEHALF = re.compile(
    r"\b(?:(?:acting\s+)?(?:(?:in\s+the\s+name\s+and\s+)?on\s+behalf|in\s+(?:the\s+)?(?:name\s+and\s+)?representation)|"
    r"in\s+(?:his|her|their)\s+capacity\s+as\s+(?:[\w\-]+\s+){1,4}?)\s*"  # "in his capacity as managing director of"
    r"of\s+(?:the\s+(?:(?:commercial\s+)?company|firm|entity|corporation)\s+)?(?=(?-i:[A-Z\u00C0-\u00DE]))",
    re.IGNORECASE,
)


def _company_appeared_for(text: str, span: NameSpan, tail_end: int) -> NameSpan:
    """The list's name, or the company with a legal form its person appears for ("between Mr. X, acting in the name
    and on behalf of Y, S.L., ...")."""
    if span.legal_form:
        return span
    appearance = _ON_BEHALF.search(text, span.end, tail_end)
    company = _name_at(text, appearance.end()) if appearance else None
    return company if company is not None and company.legal_form else span


def _represented_company(text: str, lo: int, alias_at: int) -> NameSpan | None:
    """The company a person appears for, in the same paragraph as the defined term: a name with a legal form."""
    lo = max(lo, text.rfind("\n\n", lo, alias_at) + 1)
    for appearance in reversed(list(_ON_BEHALF.finditer(text, lo, alias_at))):
        span = _name_at(text, appearance.end())
        if span is not None and span.legal_form and span.end <= alias_at:
            return span
    return None


def _walk_back(text: str, lo: int, alias_at: int) -> NameSpan | None:
    """The earliest legal name in text[lo:alias_at] that starts at a boundary and has a form or descriptor."""
    for b in _NAME_BOUNDARY.finditer(text, lo, alias_at):
        span = _name_at(text, b.start() + len(b.group(1)))
        if span is None or span.end > alias_at:
            continue
        if span.legal_form or _ENTITY_DESCRIPTOR.match(text, span.end, span.end + 80):
            return span
        if re.match(r",?\s*hereinafter\b", text[span.end : alias_at + 12]):  # the defined term follows the name
            return span
    return None


def _is_role_label(label: str) -> bool:
    """ "Party A", "Licensor", "Disclosing Party", "Receiving Party", "Provider Name"."""
    words = label.lower().split()
    if len(words) == 2 and words[1] == "name":
        return words[0] in ROLE_WORDS
    if words[-1] == "representative" and words[0] in {"legal", "authorized", "authorised", "statutory"}:
        return False  # "Legal Representative: Zhou Min" under a party: the person who signs for it
    return label.startswith("Party") or _is_role_word(words[-1]) or (words[-1] == "party" and len(words) > 1)


_ROW_REACH = 250


def _entry_naming_its_label(text: str, at: int, label: str) -> int:
    """Where a labelled line ends when it gives its label back as its party's defined term, so the label is a role
    whatever the word: 'Venue: Harbour Rooms Ltd, ... (referred to below as Venue)', 'Agency: Alder LLP ("Agency")';
    -1 when it does not."""
    line_end = text.find("\n", at, at + _ROW_REACH)
    end = line_end if line_end >= 0 else min(len(text), at + _ROW_REACH)
    if label.lower() not in text[at:end].lower():  # cheap: most labelled lines never repeat their label
        return -1
    return end if label.lower() in (alias.lower() for alias in _aliases(text, at, end)) else -1


def _label_is_its_term(text: str, at: int, label: str) -> bool:
    """A label line that names a company ("Search Firm: Alder Search, Inc., a California corporation") whose label
    the contract then uses as that party's defined term ("The Search Firm shall ..."): a role whatever the word."""
    if (
        label.isupper()
        or label.lower() in _NOT_ALIASES
        or not text[max(0, at - 4) : at].rstrip().endswith((":", "：", "|"))
    ):
        return False  # a spaced column ("Alder   Holdings   Inc.") is no label
    span = _name_at(text, at)
    if span is None or not span.legal_form:
        return False
    line_end = text.find("\n", at)
    body = line_end if line_end >= 0 else len(text)
    term = re.compile(r"\b[Tt]he\s+" + re.escape(label) + r"(?![\w-])")
    return term.search(text, body) is not None


_ENTRY_SENTENCE_END = re.compile(r"\.[ \t]+(?=[A-Z])")


def _short_names_on_its_line(text: str, at: int) -> tuple[str, ...]:
    """The defined terms a labelled row gives its party after the name: 'Supplier: Alder Ltd, ... ("Alder")'."""
    line_end = text.find("\n", at)
    end = min(line_end if line_end >= 0 else len(text), at + _ROW_REACH)
    # the entry ends at the next label ("Party A (Shipper): ... Party B (Carrier):", "Legal Representative:") or at
    # its sentence's end: "Party A: X Co., Ltd. Legal Representative: ... Y Corporation (the "Company")" on one line
    stops = [m.start() for m in (_LABELLED.search(text, at, end), _NEXT_LABEL.search(text, at, end)) if m]
    stops += [m.start() for m in [_ENTRY_SENTENCE_END.search(text, at, end)] if m]
    end = min([end, *stops])
    quoted = [(m.group(1) or m.group(2) or "").strip(" ,.") for m in _QUOTED_ALIAS.finditer(text, at, end)]
    # or bare in brackets that close the entry: "Licensor: Kea Press Limited, Level 3, 9 Quay St (Publisher)" (not a
    # code before the next field: "Company: Bravatek Solutions, Inc. (BVTK) Telephone: ...")
    closing = text[at:end].rstrip(" \t.;,")
    opening = text.rfind("(", at, end)
    if closing.endswith(")") and opening >= 0:
        quoted += [a for a in _aliases(text, opening, at + len(closing)) if a not in quoted]
    return tuple(a for a in dict.fromkeys(quoted) if a and a.lower() not in _NOT_ALIASES)


def _label_role(label: str) -> tuple[str, ...]:
    """ "Party A (Shipper)" -> ("Shipper", "Party A")."""
    m = re.match(r"(Party\s+[A-Z])\s*\(([^)]+)\)", label)
    if m:
        return (m.group(2).strip(), m.group(1))
    return (re.sub(r"\s+Name$", "", label),)  # "Franchisor Name:" -> "Franchisor"


_OTHER_AGREEMENT = re.compile(
    r"\b(?:the|that|an?|certain)\s+(?:[\w-]+\s+){0,3}(?:lease|agreement|contract|licen[cs]e)\s+dated\b[^.;()]{0,60}"
    r"\b(?:between|among)\b[^.;()]{0,80}$",
    re.IGNORECASE,
)


def _labelled_name(text: str, at: int) -> NameSpan | None:
    """The name after "Party A:" / "Licensor:": one with a legal form, or two or more words up to the next label
    ("Party A: People's Government of Fenyi County Party B: ...")."""
    span = _name_at(text, at)
    if span is None:
        return None
    cut = _NEXT_LABEL.search(text, span.start, span.end)
    if cut:
        span = NameSpan(span.start, cut.start(), False)
        if not is_plausible_name(span.text(text), False):
            return None
    if span.legal_form or len(span.text(text).split()) >= 2:
        return span
    return None


def _entry_denies_party(text: str, at: int) -> bool:
    """Whether the labelled entry starting at `at` (to its line's end) says the one it names is not a party."""
    end = text.find("\n", at, at + 400)
    return _NOT_A_PARTY.search(text, at, end if end >= 0 else at + 400) is not None


# where the recitals begin: a "RECITALS" / "BACKGROUND" heading on its own line, or "WHEREAS"
_RECITALS_START = re.compile(
    r"^[ \t]*(?:RECITALS?|BACKGROUND|WITNESSETH|PREMISES|CONSIDERING[ \t]+THAT)[ \t]*:?[ \t]*$|\bWHEREAS\b",
    re.MULTILINE,
)


# a defined term that names a date or a document, not a party: '(the "Effective Date")', '(the "General Terms")'
_DOCUMENT_TERM = re.compile(
    r"\bdate\b|agreement|\b(?:terms|conditions|order\s+form|schedule|statement\s+of\s+work|SOW|MSA)\b", re.IGNORECASE
)


# a numbered clause of the body ("1. Purchase Price. The purchase price is ... (the "Purchase Price")"): a term it
# defines names no party of an earlier paragraph
_NUMBERED_CLAUSE = re.compile(r"\s*\d{1,2}(?:\.\d{1,2})*\.?[ \t]+(?=[A-Z])")


# only lower-case words between a name and the bracket that follows: "Nipigon Timber Corp. in receivership ("
_LOWER_WORDS_TO_BRACKET = re.compile(r"[ \t]+(?:[a-z][\w\-]*[ \t]+){1,4}$")


def _term_of_a_thing_after(text: str, span: NameSpan, at: int, aliases: tuple[str, ...]) -> bool:
    """Whether the defined term at `at` names a thing the sentence goes on to describe, not the company named before
    it: lower-case words (no descriptor) stand between the name and the bracket, and the term is neither a role
    nor a short form of the name ("the sawmill assets of Nipigon Timber Corp. in receivership (the "Transaction")")."""
    if not aliases or not _LOWER_WORDS_TO_BRACKET.match(text, span.end, at) or _DESCRIPTOR.match(text, span.end):
        return False
    term = aliases[0].lower().split()
    name_words = set(span.text(text).lower().split())
    return term[-1] not in ROLE_WORDS and not name_words.intersection(term)


def _harvested(text: str, hi: int, least: int = 2) -> list[Party]:
    """Defined parties near the opening when no party list follows "between": `Name, a ... ("Alias")`;
    none unless at least `least` are found."""
    found: list[Party] = []
    rows: list[Party] = []  # the parties a label row names ("Company: Alder Ltd")
    lo, last, previous = 0, -1, 0
    hits: list[tuple[int, int, str | None]] = [(m.start(), m.end(), None) for m in _DEFINED.finditer(text, 0, hi)]
    hits += [(m.end(), m.end(), m.group(1)) for m in _LABELLED.finditer(text, 0, hi)]
    hits += [(m.end(), m.end(), m.group(1)) for m in _TABLE_LABELLED.finditer(text, 0, hi)]
    hits += [(m.end(), m.end(), m.group(1)) for m in _SPACED_LABELLED.finditer(text, 0, hi)]
    for at, after, label in sorted(hits):
        if at < lo:
            continue
        own: tuple[str, ...] = ()
        entry_end = -1
        listed: list[NameSpan] = []
        if label is None:
            close = text.find(")", after, after + 80)
            window = max(lo, previous, at - 400)
            paragraph = max(window, text.rfind("\n\n", window, at) + 1)  # its own paragraph first, not a letterhead
            span = (
                _represented_company(text, max(lo, previous, at - 1200), at)
                or _walk_back(text, paragraph, at)
                or (None if _NUMBERED_CLAUSE.match(text, paragraph) else _walk_back(text, window, at))
                or _person_before(text, max(lo, previous), at)
            )
            aliases = _aliases(text, at, close + 1 if close >= 0 else after + 60)
            previous = close + 1 if close >= 0 else after
        else:
            if not _is_role_label(label) or label.endswith(("s", "S")):  # "Lessors: ... ("Lessors")": the row whole
                entry_end = _entry_naming_its_label(text, at, label)
            role_label = _is_role_label(label) or entry_end >= 0 or _label_is_its_term(text, at, label)
            plural = _plural_label(label) and entry_end < 0
            denied = _entry_denies_party(text, at)
            span = _labelled_name(text, at) if (role_label or plural) and not denied else None
            listed = _more_under_plural_label(text, span) if span is not None and plural else []
            if span is not None and not role_label and not listed:
                span = None  # a plural label that is no role ("Services: ...") names parties only as a list of them
            own = _short_names_on_its_line(text, span.end) if span is not None and not listed else ()
            aliases = tuple(dict.fromkeys(_label_role(label) + own))
            if listed:
                aliases = (singular(label),)
        if span is None or (aliases and _DOCUMENT_TERM.search(aliases[0])):
            continue
        if label is None and _term_of_a_thing_after(text, span, at, aliases):
            continue  # "the assets of Nipigon Timber Corp. in receivership (the "Transaction")": not a party
        if _OTHER_AGREEMENT.search(text, max(0, span.start - 160), span.start):
            continue  # "with respect to the lease dated ... between Landlord and Haines Fitness LLC": not a party here
        if found and at - last > _CLUSTER_GAP:
            if len(found) >= 2:
                break
            found = []
        if len(found) >= 2 and _RECITALS_START.search(text, last, span.start):
            break  # "RECITALS A. Landlord and Acme Inc. ("Tenant") have entered into a lease": a party of another deal
        role = _role_of(own) if label is not None and own else _role_of(aliases)  # the row's own term names its role
        found.append(Party(span.text(text), role, span.start, span.end, aliases))
        if label is not None:
            rows.append(found[-1])
        elif aliases:
            _defined_after_its_row(found[-1], rows)
        lo, last = max(at, span.end), at
        if entry_end >= 0:
            lo = entry_end  # its defined term read with the row: no party of its own to look for before it
        for more in listed:
            found.append(Party(more.text(text), role, more.start, more.end, aliases))
            lo = max(lo, more.end)
    return found if len(found) >= least else []


def _defined_after_its_row(party: Party, rows: list[Party]) -> None:
    """A party a label row names ("Vendor: Alder Ltd, 4 Mill Lane") that the opening sentence then defines by a
    term of its own ('Alder Ltd ("Alder") and ...'): that term, not the row's label, is the role the contract gives it."""
    for row in rows:
        if _key(row.name) == _key(party.name) and row.role != party.role:
            row.role = party.role
            row.aliases = tuple(dict.fromkeys(party.aliases + row.aliases))


# a plural label over a list of parties: "Recipients:", "Beneficiaries:", "Lenders:"
_PLURAL_LABEL = re.compile(r"(?:[A-Z][a-z]+[ \t])?[A-Z][a-z]+(?:ies|[^s]s)")
# the next party on the same line of a plural label's entry: "...; and Cascadia Ltd, a ..."
_NEXT_ON_THE_LINE = re.compile(r"[ \t]*;[ \t]*(?:and[ \t]+)?(?=[A-Z])")
# a line of a list under a label: indented, opening with a capital
_INDENTED_LINE = re.compile(r"\n[ \t]+(?=[A-Z\u00C0-\u00DE])")
_ADDRESS_WORD = re.compile(r"\b(?:Street|Road|Avenue|Lane|Drive|Boulevard|Floor|Suite|Building|Tower|Plaza|Box)\b")


def _plural_label(label: str) -> bool:
    return _PLURAL_LABEL.fullmatch(label) is not None


def singular(plural: str) -> str:
    """A plural label or group term's singular: "Beneficiaries" -> "Beneficiary", "Recipients" -> "Recipient",
    "restricted parties" -> "restricted party"; a word without a plural "s" stays as it is."""
    if plural.endswith("ies"):
        return plural[:-3] + "y"
    return plural[:-1] if plural.endswith("s") else plural


def _introduced(text: str, span: NameSpan) -> bool:
    """A name with a legal form, or one its descriptors introduce as a company or an institution."""
    return span.legal_form or _ENTITY_DESCRIPTOR.match(text, span.end, span.end + 80) is not None


def _more_under_plural_label(text: str, first: NameSpan) -> list[NameSpan]:
    """The other parties of a plural label's entry after its first name `first`: joined to it by "; and" on its
    line ("Beneficiaries: X Credit Union, ...; and Y Insurance Company, ..."), or one a line, indented, below it
    ("Recipients:" over "  X Pte. Ltd. (UEN ...), address" and "  PT Y, address"): none where the list has one."""
    line_end = text.find("\n", first.end)
    line_end = line_end if line_end >= 0 else len(text)
    found = []
    for sep in _NEXT_ON_THE_LINE.finditer(text, first.end, line_end):
        span = _name_at(text, sep.end())
        if span is not None and _introduced(text, span):
            found.append(span)
    own_line = not text[text.rfind("\n", 0, first.start) + 1 : first.start].strip()
    if found or not own_line or not text[first.end : line_end].strip(" \t"):
        return found  # one entry a line only where each line holds a name and its details
    while (row := _INDENTED_LINE.match(text, line_end)) is not None:
        span = _name_at(text, row.end())
        row_end = text.find("\n", row.end())
        row_end = row_end if row_end >= 0 else len(text)
        if span is None or _ADDRESS_WORD.search(text, span.start, span.end):
            break
        if not _introduced(text, span) and not re.match(r"[ \t]*[,(]", text[span.end : row_end]):
            break
        found.append(span)
        line_end = row_end
    return found


# a Markdown table's header row and the rule under it: "| No. | Member | Registered office |" over "|---|---|---|"
_TABLE_HEADER = re.compile(r"^[ \t]*\|([^\n]+)\|[ \t]*\n[ \t]*\|[ \t:|-]*-[ \t:|-]*\n", re.MULTILINE)
_TABLE_ROW = re.compile(r"[ \t]*\|([^\n]+)\|[ \t]*(?:\n|\Z)")


def _table_column_parties(text: str, hi: int) -> list[Party]:
    """The parties listed in a table whose column is headed by their role ("| No. | Member | Registered office |"),
    one a row, each cell holding a name and nothing else; none unless at least two rows name one."""
    for header in _TABLE_HEADER.finditer(text, 0, hi):
        cells = [cell.strip() for cell in header.group(1).split("|")]
        column = next((k for k, cell in enumerate(cells) if _is_party_column(cell)), None)
        if column is None:
            continue
        found: list[Party] = []
        at = header.end()
        while (row := _TABLE_ROW.match(text, at)) is not None:
            at = row.end()
            name = _name_in_cell(text, row, column)
            if name is None:
                break
            label = cells[column]
            role = singular(label) if _plural_label(label) and not _is_role_word(label.lower()) else label
            found.append(Party(name.text(text), role.lower(), name.start, name.end, (role,)))
        if len(found) >= 2:
            return found
    return []


def _is_party_column(cell: str) -> bool:
    words = cell.lower().split()
    return 1 <= len(words) <= 2 and (words[-1] in ("party", "parties") or _is_role_word(words[-1]))


def _name_in_cell(text: str, row: re.Match[str], column: int) -> NameSpan | None:
    """The name that fills the row's cell in `column`, or None."""
    cells = row.group(1).split("|")
    if column >= len(cells):
        return None
    start = row.start(1) + sum(len(cell) + 1 for cell in cells[:column])
    cell = cells[column]
    begin = start + len(cell) - len(cell.lstrip())
    span = _name_at(text, begin)
    if span is None:
        return None
    rest = text[span.end : start + len(cell)].strip(" \t,.")
    if not rest:
        return span
    # a name the reader stops short in ("Instituto Costeiro do Minho", "Alder Data OÜ"): the whole cell, if short
    whole = cell.strip()
    if any(ch.isdigit() for ch in whole) or len(whole.split()) > 8 or _ADDRESS_WORD.search(whole):
        return None
    return NameSpan(begin, begin + len(whole), ends_with_legal_form(whole))


# a row of role labels printed side by side over the parties' names, as order forms lay them out:
# "BUYER:            SELLER:" and on the next line "Great Lakes Axle Co.    Ridgefield Forging, Inc."
_COLUMN_LABELS = re.compile(r"^[ \t]*(?:[A-Za-z][A-Za-z]*(?:[ \t][A-Za-z]+)?[ \t]*:[ \t]*){2,4}$", re.MULTILINE)
_COLUMN_LABEL = re.compile(r"([A-Za-z][A-Za-z]*(?:[ \t][A-Za-z]+)?)[ \t]*:")
_LINE_BELOW = re.compile(r"\n[ \t]*\n?([^\n]*)")  # the first line under a label row, one blank line allowed


def _column_parties(text: str, hi: int) -> list[Party]:
    """The parties of a form whose role labels stand side by side, each over its party's name (the first
    line under the label row, read at each label's column)."""
    for row in _COLUMN_LABELS.finditer(text, 0, hi):
        labels = [(m.start(), m.group(1).title()) for m in _COLUMN_LABEL.finditer(row.group(0))]
        if not all(_is_role_label(label) for _, label in labels):
            continue
        below = _LINE_BELOW.match(text, row.end())
        if below is None:
            continue
        line, at = below.group(1), below.start(1)
        found = _names_in_columns(text, line, at, labels) or _names_in_a_row(text, line, at, labels)
        if found:
            return found
    return []


def _names_in_columns(text: str, line: str, at: int, labels: list[tuple[int, str]]) -> list[Party]:
    """One name under each label, starting at the label's column and ending inside it."""
    found = []
    for i, (col, label) in enumerate(labels):
        end = labels[i + 1][0] if i + 1 < len(labels) else len(line)
        cell = line[col:end]
        if col > len(line) or (col and line[col - 1] not in " \t") or not cell.strip():
            break
        pos = at + col + len(cell) - len(cell.lstrip())
        span = _name_at(text, pos)
        if span is None or span.end > at + end:
            break
        found.append(Party(span.text(text), _role_of((label,)), span.start, span.end, (label,)))
    return found if len(found) == len(labels) else []


def _names_in_a_row(text: str, line: str, at: int, labels: list[tuple[int, str]]) -> list[Party]:
    """The columns' spacing lost (text taken from a PDF): as many legal names as labels, one right after the
    other, filling the line ("Great Lakes Axle Company Ridgefield Forging, Inc."); each must end with a legal
    form, which is what tells where one name ends."""
    found, pos, end = [], at + len(line) - len(line.lstrip()), at + len(line.rstrip())
    for _, label in labels:
        span = _name_at(text, pos)
        if span is None or not span.legal_form or span.end > end:
            return []
        found.append(Party(span.text(text), _role_of((label,)), span.start, span.end, (label,)))
        rest = text[span.end : end]
        pos = span.end + len(rest) - len(rest.lstrip())
    return found if pos >= end else []


_WE = re.compile(r"\b(?:We|we|I),\s+")
_YOU = re.compile(r"\byou,\s+")
_CALLED = re.compile(
    r",?\s+(?:are|is|shall\s+be|will\s+be)\s+(?:called|referred\s+to\s+as)\s+(?:the\s+)?[\"“][^\"”]{1,40}[\"”]"
)


def _letter_parties(text: str) -> list[Party]:
    """A letter agreement: "We, Larkspur Design Studio Ltd ("we"), ... engage you, Arjun Patel ("you"), ...".
    When the writer is not named that way, its one defined party ("advise Thistlebank Advisory Limited
    ("Thistlebank")") stands beside the addressee ("you, Isla Margaret Fenwick, are called the "Adviser"")."""
    found: list[Party] = []
    for pattern in (_WE, _YOU):
        for m in pattern.finditer(text):
            span = _strong_name_at(text, m.end()) or _person_at(text, m.end())
            if span is not None:
                called = _CALLED.match(text, span.end)
                close = called.end() if called else text.find(")", span.end, span.end + 60) + 1
                aliases = _aliases(text, span.end, close if close > 0 else span.end)
                found.append(Party(span.text(text), _role_of(aliases), span.start, span.end, aliases))
                break
    if len(found) == 1:
        writer = _harvested(text, len(text), least=1)[:1]
        found = sorted(_dedupe(writer + found), key=lambda party: party.start)
    return found if len(found) == 2 else []


# a letter's salutation by the addressee's given name, or title and surname: "Dear Marisol:", "Dear Ms. Reyes,"
_GREETING = re.compile(
    r"^[ \t]*Dear[ \t]+(?:(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Sir|Dame)\.?[ \t]+)?([A-Z][\w'’\-]+)[ \t]*[,:]", re.MULTILINE
)
# an inside address's first line naming a person, a title allowed: "Dr Imogen Fairweather", "Ms. Ana Ruiz-Lopez"
_ADDRESSEE_LINE = re.compile(
    rf"[ \t]*(?:(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Sir|Dame)\.?[ \t]+)?"
    rf"({_PERSON_WORD}(?:[ \t]+[A-Z]\.)?(?:[ \t]+{_PERSON_WORD}){{1,3}})[ \t]*$",
    re.MULTILINE,
)
# the term a letter gives its addressee: 'the "Executive" means Ana Ruiz', 'Ana Ruiz (the "Employee")', "you (the Director)"
_MEANS_NAME = r"(?:the\s+)?[\"“]([A-Z][\w\- ]{{1,30}}?)[\"”]\s+means?\s+{name}"
_NAME_THEN_TERM = r"{name}[\s,]*\((?:the\s+)?[\"“]?([A-Z][\w\-]*(?:[ \t][A-Z][\w\-]*)?)[\"”]?\)"
_YOU_THEN_TERM = re.compile(r"\byou\s*\((?:the\s+)?[\"“]?([A-Z][\w\-]*(?:[ \t][A-Z][\w\-]*)?)[\"”]?\)")


def _greeted_letter_parties(text: str) -> list[Party]:
    """A letter from a company to an individual: the company of the letterhead (the name its first line gives, with a
    legal form) and the person on the first line of the inside address whom the salutation greets ("Marisol Achterberg"
    over her street address, then "Dear Marisol:"). An address block that names a company is the company's, its
    first line an officer's: no individual party."""
    greeting = _GREETING.search(text, 0, min(len(text), _LETTER_HEAD))
    if greeting is None:
        return []
    blocks = [b.end() for b in _BLOCK_STARTS.finditer(text, 0, greeting.start())]
    head = _name_at(text, blocks[0]) if blocks else None
    if head is None or not head.legal_form:
        return []
    for at in blocks[1:]:
        line_end = text.find("\n", at, greeting.start())
        line = _ADDRESSEE_LINE.match(text, at, line_end if line_end >= 0 else greeting.start())
        if line is None or greeting.group(1) not in line.group(1).split():
            continue
        block_end = text.find("\n\n", line.end(), greeting.start())
        address = text[line.end() : block_end if block_end >= 0 else greeting.start()]
        if any(ends_with_legal_form(row.strip(" ,.")) for row in address.splitlines() if row.strip()):
            return []
        writer = _writer_in_body(text, head, greeting.end())
        person = line.group(1)
        role = _addressee_term(text, person, greeting.end())
        addressee = Party(person, _role_of(role), line.start(1), line.end(1), (*role, "you"))
        return [writer, addressee]
    return []


def _writer_in_body(text: str, head: NameSpan, lo: int) -> Party:
    """The letterhead's company as the body writes it, with the term the body gives it ('Pecos Ridge Midstream,
    L.P. ("Pecos Ridge", "we" or "us")'); the letterhead's name when the body does not repeat it."""
    name = head.text(text)
    mention = re.compile(rf"(?<!\w){_name_as_written(name)}(?!\w)").search(text, lo, min(len(text), _OPENING))
    if mention is None:
        return Party(name, "party", head.start, head.end, ())
    close = text.find(")", mention.end(), mention.end() + _TERM_REACH)
    opening = text.find("(", mention.end(), mention.end() + 4)
    aliases = _aliases(text, mention.end(), close + 1) if opening >= 0 and close >= 0 else ()
    if aliases and _DOCUMENT_TERM.search(aliases[0]):
        aliases = ()
    return Party(mention.group(), _role_of(aliases), mention.start(), mention.end(), aliases)


def _addressee_term(text: str, person: str, lo: int) -> tuple[str, ...]:
    """The defined term the body gives the addressee: 'the "Executive" mean(s) <name>', '<name> (the "Employee")',
    or 'you (the Director)'."""
    name = re.escape(person)
    body = text[lo : min(len(text), lo + _OPENING)]
    for pattern in (_MEANS_NAME, _NAME_THEN_TERM):
        m = re.search(pattern.format(name=name), body)
        if m is not None and not _DOCUMENT_TERM.search(m.group(1)):
            return (m.group(1),)
    m = _YOU_THEN_TERM.search(body, 0, 3000)
    return (m.group(1),) if m is not None and not _DOCUMENT_TERM.search(m.group(1)) else ()


# a contract made by an exchange of e-mails: each message opens with its headers, the sender's address in brackets
_EMAIL_FROM = re.compile(r"^[ \t]*From:[ \t]*([^<\n]+?)[ \t]*<[^<>\s]+@[^<>\s]+>[ \t]*$", re.MULTILINE)
_EMAIL_TO = re.compile(r"^[ \t]*To:[ \t]*[^<\n]*<[^<>\s]+@[^<>\s]+>", re.MULTILINE)


def _email_parties(text: str) -> list[Party]:
    """The companies an e-mail exchange binds: each sender signs with the name, then "Title, Company Ltd" (or the
    company alone) on the next line. The first sender's company writes "we", its addressee's is "you"."""
    if not text.lstrip().startswith("From:") or not _EMAIL_TO.search(text, 0, 600):
        return []
    headers = list(_EMAIL_FROM.finditer(text))
    found: list[Party] = []
    for k, header in enumerate(headers):
        end = headers[k + 1].start() if k + 1 < len(headers) else len(text)
        company = _signed_company(text, header.group(1), header.end(), end)
        if company is not None and all(_key(company.text(text)) != _key(p.name) for p in found):
            name = company.text(text)
            found.append(Party(name, name.split()[0].lower(), company.start, company.end, (name.split()[0],)))
    if len(found) != 2:
        return []
    found[0].aliases += ("we",)
    found[1].aliases += ("you",)
    return found


def _signed_company(text: str, sender: str, lo: int, hi: int) -> NameSpan | None:
    """The company with a legal form on the line under the sender's signed name, after a title and a comma."""
    signatures = list(
        re.finditer(rf"^[ \t]*{re.escape(sender.strip())}[ \t]*\n[ \t]*([^\n]+)", text[lo:hi], re.MULTILINE)
    )
    if not signatures:
        return None
    signed = signatures[-1]
    line_at = lo + signed.start(1)
    line_end = lo + signed.end(1)
    starts = [line_at] + [line_at + m.end() for m in re.finditer(r",[ \t]+", signed.group(1))]
    for at in starts:
        span = _name_at(text, at)
        if span is not None and span.legal_form and not text[span.end : line_end].strip(" .,"):
            return span
    return None


# "... under which Alder cleans six practices in Glasgow and Paisley": the second of a list of places
_PLACE_LIST_BEFORE = re.compile(r"\b(?:in|at|near)\s+[A-Z][\w-]*(?:\s*,\s*[A-Z][\w-]*)*\s*(?:,|and|or)\s*$")


def _without_stray_words(text: str, parties: list[Party]) -> list[Party]:
    """Beside two or more named and defined parties, a single capitalised word with neither a legal form
    nor a defined role that ends a list of places is a word the party list ran into, not a party."""
    defined = [p for p in parties if p.aliases or ends_with_legal_form(p.name)]
    if len(defined) < 2:
        return parties
    return [
        p
        for p in parties
        if p in defined or len(p.name.split()) > 1 or not _PLACE_LIST_BEFORE.search(text, max(0, p.start - 60), p.start)
    ]


def _dedupe(parties: list[Party]) -> list[Party]:
    seen: dict[str, Party] = {}
    for p in parties:
        others = {a.lower() for q in parties if q is not p for a in q.aliases}  # "HEMISPHERX" ("HEMISPHERX") stays
        if p.name.lower() in others or re.sub(r"^the\s+", "", p.name.lower()) in others:
            continue
        key = re.sub(r"\W+", " ", p.name.lower()).strip()
        if key in seen and not seen[key].aliases and p.aliases:
            seen[key] = p  # the letterhead's "BRIGHTLINE MEDIA GROUP, INC." and the body's defined party
        elif key in seen:
            seen[key].aliases = tuple(dict.fromkeys(seen[key].aliases + p.aliases))
        else:
            seen[key] = p
    return list(seen.values())


# continental quotation marks read as the English ones, so their defined terms are read the same way
_CONTINENTAL_QUOTES = (("«", "“"), ("»", "”"), ("„", "“"))


def _english_quotes(text: str) -> str:
    """`text` with continental quotation marks as English ones (`str.replace`: `str.translate` with a table costs
    4 ms on a long contract)."""
    for mark, english in _CONTINENTAL_QUOTES:
        if mark in text:
            text = text.replace(mark, english)
    return text


def find_parties(text: str, hint: tuple[int, int] | None = None) -> list[Party]:
    """Parties named in the preamble, in order of appearance; `hint` is the clause model's preamble span."""
    text = without_markup(text)  # a Markdown contract: names in **bold**, parties as list items
    text = _english_quotes(text)  # '(hereinafter: „Seller“)', '« Buyer »': one character for one
    regions = [(0, min(len(text), _OPENING))]
    if hint and hint[0] >= _OPENING:
        regions.append(hint)
    parties = _dedupe(_from_anchors(text, regions))
    if not parties and len(text) > _OPENING:  # a long table of contents before the preamble
        parties = _dedupe(_from_anchors(text, [(_OPENING, min(len(text), _FAR_OPENING))], preamble_only=True))
    if len(parties) < 2:  # a consumer form: a "we"/"you" box and the form's name fields, no preamble
        box = pronoun_box_parties(text)
        parties = [Party(p.name, p.role, p.start, p.end, _box_aliases(p.role, p.pronoun)) for p in box] or parties
    if len(parties) < 2:
        parties = _dedupe(_harvested(text, min(len(text), 5000))) or parties
    if len(parties) < 2:
        parties = _table_column_parties(text, min(len(text), 5000)) or parties
    if len(parties) < 2:
        parties = _letter_parties(text[: min(len(text), 5000)]) or parties
    if len(parties) < 2:
        parties = _greeted_letter_parties(text) or parties
    if len(parties) < 2:
        parties = _column_parties(text, min(len(text), 5000)) or parties
    if len(parties) < 2:
        parties = _named_below(text, parties)
    if len(parties) < 2:
        parties = _email_parties(text) or parties
    parties = _dedupe(_named_elsewhere(text, _without_stray_words(text, parties)))
    parties = _without_denied(text, parties)
    _defined_later(text, parties)
    signed = [Party(s.text(text), _signature_role(text, s.start), s.start, s.end) for s in signature_spans(text)]
    if len(parties) < 2 and len(signed) >= 2:  # e.g. joint filing agreements: "the undersigned" sign below
        parties = _dedupe(signed)
        _defined_later(text, parties)  # a letter names its parties in the body and in the signature blocks
        _short_names_quoted(text, parties)
    parties = _with_addressees(text, parties)
    signed_keys = {_key(s.name) for s in signed}
    for p in parties:
        p.confirmed = _key(p.name) in signed_keys
    if len(parties) < 2:
        return parties if len(parties) == 1 and _stands_alone(parties[0], text) else []
    return parties


# the body's own word that one it names is no party to it: "The Lessee is not a party to this letter", "The Customer
# is not a party to it" (a guarantor "not a party to the Lease" may still be one to this document)
_DENIED = r"[ \t]+(?:is[ \t]+not|shall[ \t]+not[ \t]+be)[ \t]+(?:a[ \t]+)?party[ \t]+to[ \t]+(?:it|this)\b"


def _without_denied(text: str, parties: list[Party]) -> list[Party]:
    """`parties` less those the body says are not a party to it, while two or more remain."""
    opening = text[:_OPENING]
    if "not a party" not in opening and "not be a party" not in opening:
        return parties
    kept = []
    for p in parties:
        names = "|".join(re.escape(n) for n in (p.name, *p.aliases) if n.lower() not in _PRONOUNS)
        denied = re.search(rf"(?<!\w)(?:{names}){_DENIED}", opening) if names else None
        if denied is None:
            kept.append(p)
    return kept if len(kept) >= 2 else parties


# the salutation that ends a letter's heading: the inside address stands above it
_SALUTATION = re.compile(r"^[ \t]*(?:Dear\b|Ladies\s+and\s+Gentlemen\b|Gentlemen\b|To\s+whom\b)", re.MULTILINE)
_LETTER_HEAD = 2500
_BLOCK_STARTS = re.compile(r"(?:\A|\n[ \t]*\n)[ \t]*(?=\S)")
_TERM_REACH = 160  # from the name to the bracket that gives it its term, over its descriptors ("a Texas ... company")


def _with_addressees(text: str, parties: list[Party]) -> list[Party]:
    """`parties` and each one a letter addresses that is missing from them: a name on the first line of an address
    block above the salutation ("Priya Raman" over "c/o Dunmore Analytics, Inc."), which the body then gives a
    defined term ("of which Priya Raman (Principal Stockholder) holds 82%"). An addressee the body gives no term
    (an officer to whose attention the letter goes) is no party."""
    salutation = _SALUTATION.search(text, 0, min(len(text), _LETTER_HEAD))
    if salutation is None:
        return parties
    known = [_key(p.name) for p in parties]
    added: list[Party] = []
    for start in _heading_line_starts(text, salutation.start()):
        span = _heading_name_at(text, start)
        if span is None or text[span.end : span.end + 1] not in ("\n", " ", "("):
            continue
        name = span.text(text)
        if any(_key(name) in k or k in _key(name) for k in known):
            continue
        aliases = _term_in_body(text, name, salutation.end())
        if aliases:
            added.append(Party(name, _role_of(aliases), span.start, span.end, aliases))
            known.append(_key(name))
    terms = {_key(p.aliases[0]) for p in added}
    return [p for p in parties if _key(p.name) not in terms] + added  # "PSS" read as a name gives way to its owner


_HEADING_LINE = re.compile(r"^[ \t]*(?=\S)", re.MULTILINE)


def _heading_line_starts(text: str, hi: int) -> list[int]:
    """Where each line of a letter's heading starts: a block's first line may be the company or a person, a later
    line a company only (the addressee's company under "The Directors" or an attention line)."""
    return [m.end() for m in _HEADING_LINE.finditer(text, 0, hi)]


def _heading_name_at(text: str, start: int) -> NameSpan | None:
    """The party a heading line may name: at a block's start a company or a person; on a later line of the block
    only a name with a legal form (not a street, a town or an officer's name)."""
    line_start = text.rfind("\n", 0, start) + 1
    before = text[: max(0, line_start - 1)].rstrip(" \t")
    if not before.strip() or before.endswith("\n"):  # the first line, or one after a blank line
        return _strong_name_at(text, start) or _person_at(text, start)
    span = _name_at(text, start)
    return span if span is not None and span.legal_form else None


def _term_in_body(text: str, name: str, lo: int) -> tuple[str, ...]:
    """The defined term the body gives `name` at its first mention after `lo`, read up to the first bracket closed."""
    mention = re.compile(rf"(?<!\w){_name_as_written(name)}(?!\w)").search(text, lo, min(len(text), _OPENING))
    if mention is None:
        return ()
    close = text.find(")", mention.end(), mention.end() + _TERM_REACH)
    aliases = _aliases(text, mention.end(), close + 1) if close >= 0 else ()
    return () if not aliases or _DOCUMENT_TERM.search(aliases[0]) else aliases[:1]


def _box_aliases(role: str, pronoun: str) -> tuple[str, ...]:
    """A form's party is its role ("Landlord") and the pronoun its sentences use for it ("we")."""
    return (role.title(), pronoun) if pronoun and pronoun != role else (role,)


# "the customer named in the Order Form ("Customer")": the name stands in the order form, on its role's line;
# also "the organisation identified as the licensee in the Acceptance Record"
_NAMED_IN = re.compile(
    r"\b(?:named|identified|specified|set\s+out|described|listed|stated)\s+(?:as\s+(?:the\s+)?[a-z]+(?:\s+[a-z]+)?\s+)?"
    r"(?:in|on)\s+(?:the\s+|an?\s+|each\s+|its\s+)?$",
    re.IGNORECASE,
)
# a form's party entry that points at the details block under the preamble: "and the individual named below (the
# "Contributor"):" then "Full name: ..."; "the company whose details are set out below"
_NAMED_BELOW = re.compile(
    r"\bthe\s+(?:individual|person|organi[sz]ation|company|entity|business|firm)\s+"
    r"(?:named|identified|specified|described|listed|whose\s+(?:name\s+and\s+)?details\s+are\s+(?:given|set\s+out))\s+"
    r"(?:below|hereunder)\b",
    re.IGNORECASE,
)
_BELOW_REACH = 1500  # the details block follows the preamble sentence


def _name_field(text: str, lo: int, aliases: tuple[str, ...]) -> NameSpan | None:
    """The first "Full name:" / "Name:" / "Contributor:" line of the details block after `lo`."""
    labels = "|".join(re.escape(a) for a in aliases if a.lower() not in _PRONOUNS)
    label = rf"(?:(?:full|legal|registered|company)[ \t]+)?(?:name|{labels})(?:[ \t]+name)?" if labels else "name"
    line = re.compile(rf"^[ \t]*{label}[ \t]*:[ \t]*(?=\S)", re.MULTILINE | re.IGNORECASE)
    found = line.search(text, lo, min(len(text), lo + _BELOW_REACH))
    if found is None:
        return None
    return _labelled_name(text, found.end()) or _person_at(text, found.end())


def _named_below(text: str, parties: list[Party]) -> list[Party]:
    """The party a form's preamble names only as "the individual named below (the "Contributor")", named by the
    first name field under it; its defined terms leave the party before it, whose descriptors they were read into."""
    if "below" not in text[:5000] and "hereunder" not in text[:5000]:
        return parties
    entry = _NAMED_BELOW.search(text, 0, min(len(text), 5000))
    if entry is None:
        return parties
    close = text.find(")", entry.end(), entry.end() + 80)
    aliases = _aliases(text, entry.end(), close + 1) if close >= 0 else ()
    span = _name_field(text, entry.end(), aliases)
    if span is None:
        return parties
    for p in parties:
        if set(aliases) & set(p.aliases):
            p.aliases = tuple(a for a in p.aliases if a not in aliases)
            p.role = _role_of(p.aliases)
    return [*parties, Party(span.text(text), _role_of(aliases), span.start, span.end, aliases)]


def _named_elsewhere(text: str, parties: list[Party]) -> list[Party]:
    """A party the preamble names only by reference to another document gets the name on its role's line there
    ("Customer: Ohio River Barge Lines, Inc."), or is dropped: the document's title is not the party."""
    out = []
    for p in parties:
        if not _NAMED_IN.search(text, max(0, p.start - 40), p.start):
            out.append(p)
            continue
        for alias in p.aliases:
            line = re.search(rf"^[ \t]*{re.escape(alias)}[ \t]*:[ \t]*(?=\S)", text, re.MULTILINE)
            span = _labelled_name(text, line.end()) if line else None
            if span is not None:
                out.append(Party(span.text(text), p.role, span.start, span.end, p.aliases, p.confirmed, True))
                break
    return out


# the name, then its defined term in a parenthesis: 'Glenmoor Security Services Limited (the "Supplier")'
# or a sentence that names it: 'In this Agreement Alder Mills, Inc. is called Seller', '... shall be referred to as the "Buyer"'
_DEFINITION_AFTER_NAME = (
    r"(?:\s*,?\s*\(\s*(?:the\s+|hereinafter\s+(?:called|referred\s+to\s+as)\s+(?:the\s+)?)?[\"“]([A-Z][\w\- ]{1,40}?)[\"”]\s*\)|"
    r"\s+(?:is|shall\s+be|will\s+be)\s+(?:called|referred\s+to\s+as)\s+(?:the\s+)?"
    r"(?:[\"“]([A-Z][\w\- ]{1,40}?)[\"”]|([A-Z][\w\-]*(?:[ \t][A-Z][\w\-]*){0,2})(?=[\s,;.])))"
)


def _name_as_written(name: str) -> str:
    """A pattern for `name` in the body: a name in capitals (a letterhead's, a signature block's) is written there in
    any case ("CADDO STREET PROPERTIES, L.P." and "Caddo Street Properties, L.P., a Texas limited partnership")."""
    return f"(?i:{re.escape(name)})" if name.isupper() else re.escape(name)


def _defined_later(text: str, parties: list[Party]) -> None:
    """A party the preamble names without a defined term takes the one the body gives its full name (a letter that
    names both parties in its heading and defines them in paragraph 1.1); the first definition in the opening counts."""
    opening = text[:_OPENING]
    for p in parties:
        if p.aliases or len(p.name) < 6:
            continue
        for m in re.finditer(_name_as_written(p.name) + _DEFINITION_AFTER_NAME, opening):
            term = m.group(1) or m.group(2) or m.group(3)
            # a role ("Supplier") or a short name ("Glenmoor"); '... and Glenmoor Ltd (the "Agreement")' is the letter's
            if term.split()[-1].lower() in ROLE_WORDS or term.split()[0].lower() in p.name.lower().split():
                p.aliases = (term,)
                p.role = _role_of(p.aliases)
                break
        if not p.aliases:
            p.aliases = _bare_role_after_descriptors(opening, p, parties)
            p.role = _role_of(p.aliases) if p.aliases else p.role


def _short_names_quoted(text: str, parties: list[Party]) -> None:
    """A party named only where it signs takes the short name the body puts in quotes, its name's first word: 'In
    this agreement "Kilbride" and "Ardmore" mean the companies whose names appear above their signatures'."""
    opening = text[:_OPENING]
    for p in parties:
        first = p.name.split()[0].strip(",.").lower()
        if p.aliases or len(first) < 4 or first in ROLE_WORDS or not first.isalpha():
            continue
        quoted = re.search(rf"[\"“]({re.escape(first)})[\"”]", opening, re.IGNORECASE)
        if quoted:
            p.aliases = (quoted.group(1),)
            p.role = _role_of(p.aliases)


def _bare_role_after_descriptors(opening: str, party: Party, parties: list[Party]) -> tuple[str, ...]:
    """A role in brackets without quotes after the name's registration number and address, as a facility letter
    defines its parties in its first clause: 'X plc (registered number 123) (the Lender) agrees to lend to Y Limited
    (company number 456), whose registered office is at ... (the Borrower)'. The first mention of the name followed
    by a defined term decides: its first term counts, read before another party's name and near the name, and only
    when it names a role (not after a pronoun's quoted term: 'X ("we") and ... (the "Franchisee")')."""
    others = [_name_as_written(q.name) for q in parties if q is not party and len(q.name) >= 6]
    other_name = re.compile("|".join(others)) if others else None
    for m in islice(re.finditer(_name_as_written(party.name), opening), _MENTIONS_READ):
        end = m.end() + _ROLE_REACH
        stop = _CLAUSE_ENDS.search(opening, m.end(), end)  # its own sentence, not the next clause's terms
        other = other_name.search(opening, m.end(), end) if other_name else None
        end = min(end, stop.start() if stop else end, other.start() if other else end)
        aliases = _aliases(opening, m.end(), end)
        if not aliases:
            continue
        at = opening.find(aliases[0], m.end(), end)
        quoted = _QUOTED_ALIAS.search(opening, m.end(), at)
        if aliases[0].split()[-1].lower() in ROLE_WORDS and quoted is None:
            return aliases[:1]
        return ()
    return ()


_ROLE_REACH = 300  # a defined term further from the name than this belongs to something else
_MENTIONS_READ = 5  # the name's first mentions: a letterhead, an address block, the first clause
_CLAUSE_ENDS = re.compile(r"\.\s+(?=[A-Z(])|\n[ \t]*\n")


_SIGNATURE_LABEL = re.compile(r"([A-Z][A-Za-z]+(?:[ \t][A-Z][A-Za-z]+)?)[ \t]*:[ \t]*$")


def _signature_role(text: str, start: int) -> str:
    """ "CONTRACTOR: SAFEWORKS TRAINING LLC" in a signature block: the label is the party's role."""
    line = text[text.rfind("\n", 0, start) + 1 : start]
    m = _SIGNATURE_LABEL.search(line)
    if m and m.group(1).split()[-1].lower() in ROLE_WORDS | {"party"}:
        return " ".join(m.group(1).lower().split())
    return "party"


def _key(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", name.lower()).strip()


# a parties passage that names none of the parties found stays a candidate for a reviewer, ranked
# after every passage that does (a 0.9 falls to 0.027: under the 80%-recall tail of CUAD's curve)
UNNAMED_PASSAGE_SCALE = 0.03
_GENERIC_WORDS = {"the", "and", "of", "a", "an"}


def mention_pattern(parties: list[Party]) -> re.Pattern[str] | None:
    """Any word that names one of `parties` in a passage: the first distinctive word of its name,
    its defined terms ("Licensee", "ISA") and its role."""
    words: set[str] = set()
    for party in parties:
        head = next((w for w in re.findall(r"[^\W_][\w&'.-]*", party.name) if _distinctive(w)), None)
        words.update(w for w in (head, *party.aliases, party.role) if w and w != "party")
    if not words:
        return None
    alternatives = "|".join(re.escape(w.rstrip(".")) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE)


def _distinctive(word: str) -> bool:
    return len(word) > 2 and word.lower() not in _GENERIC_WORDS and not legal_form_pattern().fullmatch(word)


def named_passages_first(
    text: str, scored: list[tuple[int, int, float]], parties: list[Party]
) -> list[tuple[int, int, float]]:
    """`scored` parties passages (best first) with those that name no party found scaled down."""
    names = mention_pattern(parties)
    if names is None:
        return scored
    out = [(s, e, c if names.search(text[s:e]) else round(c * UNNAMED_PASSAGE_SCALE, 4)) for s, e, c in scored]
    return sorted(out, key=lambda item: (-item[2], item[0], item[1]))
