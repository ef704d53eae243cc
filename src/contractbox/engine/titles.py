"""What may be reported as a document's name: a title that names a kind of document.

The title candidates are short lines and "... AGREEMENT" phrases near the top; a bare "AGREEMENT",
"This Agreement", "Term of Agreement", "Entire Agreement" or "PARTIES TO THIS CONTRACT" names no kind
of document (CUAD labels none of them) and is not offered even as a candidate.
"""

from __future__ import annotations

import re

_NAMES_NOTHING = frozenset(
    {
        "a",
        "agreement",
        "an",
        "and",
        "contract",
        "copy",
        "entire",
        "execution",
        "hereto",
        "herein",
        "of",
        "original",
        "page",
        "parties",
        "party",
        "signature",
        "term",
        "termination",
        "the",
        "this",
        "to",
        "version",
    }
)


def names_a_document(title: str) -> bool:
    """Whether the title has a word besides articles, "agreement"/"contract" and clause headings."""
    return any(word not in _NAMES_NOTHING for word in re.findall(r"[a-z]+", title.lower()))
