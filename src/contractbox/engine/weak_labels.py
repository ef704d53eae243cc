"""Keyword patterns that label sentences for the categories CUAD does not annotate.

Used only at training time: the clause model learns these categories from the patterns' hits,
so it also scores paraphrases the patterns miss, with the same calibrated confidence.
"""

from __future__ import annotations

import re

WEAK_PATTERNS: dict[str, re.Pattern[str]] = {
    "indemnification": re.compile(r"\bindemnif|\bhold (?:\w+ )?harmless", re.I),
    "confidentiality": re.compile(
        r"confidential information|keep (?:\w+ )?confidential|in (?:strict )?confidence|shall not disclose", re.I
    ),
    "termination_for_cause": re.compile(
        r"terminat\w*[^.]{0,200}\b(?:material(?:ly)? breach|breach(?:es)? (?:of )?any|insolven|bankrupt|fails? to cure)"
        r"|(?:material(?:ly)? breach|insolven|bankrupt)[^.]{0,200}\bterminat",
        re.I,
    ),
    "force_majeure": re.compile(r"force majeure|acts? of god|beyond (?:its|their|the) reasonable control", re.I),
    "payment_terms": re.compile(
        r"(?:shall|will|agrees to) pay\b|payments? (?:shall|will) be (?:made|due)|within [\w\s()]{1,20} days (?:of|after|following) (?:receipt of )?(?:the |an |each |such )?invoice|net \d+ days",
        re.I,
    ),
    "limitation_of_warranties": re.compile(
        r"disclaim|\bas is\b|no other warrant|makes? no (?:other )?(?:representations? or )?warrant|implied warrant",
        re.I,
    ),
    "dispute_resolution": re.compile(
        r"arbitrat|\bmediat|dispute resolution|submit\w* to the (?:exclusive |non-exclusive )?jurisdiction", re.I
    ),
}
