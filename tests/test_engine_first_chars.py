"""The first-character lookahead (engine/first_chars.py) must never change what an alternation finds."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from contractbox.engine import polarity
from contractbox.engine.first_chars import either, first_char_class

ROOT = Path(__file__).resolve().parents[1]


def test_the_class_holds_the_first_character_of_every_alternative() -> None:
    patterns = (r"\bnothing\b", r"(?<!non\s)free\s+to", r"\b(?:shall|will)\s+not", r"[\d$]+\s*%")
    assert first_char_class(patterns, re.IGNORECASE) == r"[nfsw\d\$]"


@pytest.mark.parametrize(
    "pattern",
    [
        r"(?:^|[.;]\s+)agreed",  # "^" consumes nothing: the first character is not known
        r"(?:\s+)?notice",  # an optional start
        r"[^.;]+notice",  # a negated class
        r"(?i:notice)",  # a group with flags of its own
        r"\b",  # matches without consuming anything
    ],
)
def test_no_lookahead_where_the_first_character_is_not_known(pattern: str) -> None:
    assert first_char_class((r"\bnothing\b", pattern), 0) is None
    assert either((r"\bnothing\b", pattern), 0).pattern == rf"(?:\bnothing\b)|(?:{pattern})"


def test_the_lookahead_folds_case_like_the_patterns() -> None:
    patterns = (r"\bsep\w*", r"\bday\b", r"\bkelvin\b")
    text = "ſeptember SEPT Day today \u212aelvin the 1st Sept."
    plain = re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)
    fast = either(patterns, re.IGNORECASE)
    assert fast.pattern.startswith("(?=[")
    assert [m.span() for m in fast.finditer(text)] == [m.span() for m in plain.finditer(text)]
    assert len(list(fast.finditer(text))) == 5


def _sentences() -> list[str]:
    texts = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "sample_contracts").glob("*.txt"))]
    texts += [p.read_text(encoding="utf-8") for p in sorted((ROOT / "factset").glob("*.txt"))]
    return [" ".join(s.split()) for text in texts for s in re.split(r"(?<=[.;])\s+(?=[A-Z])", text)]


def test_every_polarity_rule_finds_what_its_patterns_find_one_by_one() -> None:
    sentences = _sentences()
    assert len(sentences) > 1000
    for category, rule in polarity.RULES.items():
        for kind in ("topic", "negative", "positive", "required", "required_when", "asserting"):
            group = getattr(rule, kind)
            for sentence in sentences:
                expected = any(p.search(sentence) for p in group.patterns)
                assert group.found_in(sentence) == expected, (category, kind, sentence)
