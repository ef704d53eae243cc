"""The first-character lookahead (engine/first_chars.py) must never change what an alternation finds."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import pytest

from contractbox.engine import facts, first_chars, legal_forms, polarity, term
from contractbox.engine.first_chars import (
    Scanned,
    either,
    first_char_class,
    folded_class,
    presence_past_start,
    presence_pattern,
)

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


def test_only_four_characters_outside_ascii_fold_to_ascii_ones() -> None:
    ascii_class = re.compile(r"[\x00-\x7f]", re.IGNORECASE)
    folding = "".join(chr(c) for c in range(128, 0x110000) if ascii_class.match(chr(c)))
    assert folding == first_chars._FOLDS_TO_ASCII


@pytest.mark.parametrize("flags", [0, re.IGNORECASE])
def test_the_presence_pattern_finds_the_first_match_where_the_alternation_does(flags: int) -> None:
    patterns = (
        r"\bsep\w*",
        r"\bday\b",
        r"\bkelvin\b",
        r"[\d$]+\s*%",
        r"\bnothing\b[^.;]{0,40}\bprevents?\b",
        r"\s+shall",
    )
    plain = re.compile("|".join(f"(?:{p})" for p in patterns), flags)
    fast = presence_pattern(patterns, flags)
    assert fast.pattern.startswith("(?-i:[")  # scanned for by its first character
    extra = ["ſeptember", "\u212aelvin", "Nothing here prevents it", "a 5 % fee", "x\nshall", "SEPT", ""]
    for sentence in _sentences() + extra:
        expected, found = plain.search(sentence), fast.search(sentence)
        assert (found and found.start()) == (expected and expected.start()), sentence


def test_a_first_character_outside_ascii_keeps_the_lookahead_under_ignorecase() -> None:
    patterns = (r"“notice", r"\bnotice")
    assert presence_pattern(patterns, re.IGNORECASE).pattern == either(patterns, re.IGNORECASE).pattern
    assert presence_pattern(patterns, 0).pattern.startswith("(?-i:[")


def _texts() -> list[str]:
    paths = sorted((ROOT / "sample_contracts").glob("*.txt")) + sorted((ROOT / "factset").rglob("*.txt"))
    return [p.read_text(encoding="utf-8") for p in paths] + ["ſhall \u212aelvin SHALL", ""]


@pytest.mark.parametrize(
    ("module", "name"),
    [
        (term, "_RESTATED_SCAN"),
        (term, "_RENEWAL_TAKEN_AWAY_SCAN"),
        (facts, "_FROM_ITS_DATE_SCAN"),
        (facts, "_STARTS_ON_SIGNING_SCAN"),
    ],
)
def test_scanned_finds_the_matches_of_its_pattern(module: ModuleType, name: str) -> None:
    scanned = getattr(module, name)
    found = 0
    for text in [form for raw in _texts() for form in (raw, raw.lower())]:
        expected = [(m.span(), m.groups()) for m in scanned.pattern.finditer(text)]
        assert [(m.span(), m.groups()) for m in scanned.finditer(text)] == expected
        found += len(expected)
        for pos, endpos in ((0, 240), (100, 400), (len(text) // 2, len(text))):
            plain, fast = scanned.pattern.search(text, pos, endpos), scanned.search(text, pos, endpos)
            assert (fast and (fast.span(), fast.lastgroup)) == (plain and (plain.span(), plain.lastgroup))
    assert found >= 1


def test_scanned_needs_a_first_character() -> None:
    with pytest.raises(ValueError):
        Scanned((r"(?:^|;)\s*shall",), re.IGNORECASE)


def test_a_folded_class_holds_what_ignorecase_matches() -> None:
    assert folded_class("s") == "[Ss\u017f]" and folded_class("K") == "[Kk\u212a]" and folded_class("b") == "[Bb]"


def test_legal_forms_match_where_the_case_folded_forms_do() -> None:
    fast = legal_forms.legal_form_pattern()
    # each form's first letter as its folded class back to the letter (not the lookbehind's "[a-z...]" range)
    plain = re.compile(re.sub(r"\(\?-i:\[(\w)[^\]\-]*\]\)", r"\1", fast.pattern), fast.flags)
    assert plain.pattern != fast.pattern and "(?-i:[" not in plain.pattern.replace("(?-i:[a-z\u00e0-\u00ff])", "")
    for text in _texts():
        assert [m.span() for m in fast.finditer(text)] == [m.span() for m in plain.finditer(text)]
        for at in (m.start() for m in re.finditer(r"\b\w", text)):
            found, expected = fast.match(text, at), plain.match(text, at)
            assert (found and found.span()) == (expected and expected.span())


def test_past_the_start_only_the_alternatives_without_a_caret_are_scanned_for() -> None:
    patterns = (r"(?:^\s*(?:\(?\d+\)?\.?\s+)?|[.;]\s+)(?![^.;]*\bnot\b)[^.;]*?\bgrants?\b", r"^\s*Licen[cs]e")
    plain = re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)
    later = presence_past_start(patterns, re.IGNORECASE)
    assert later is not None and later.pattern.startswith(r"(?-i:[\.;])")
    assert presence_past_start((r"^\s*Licen[cs]e",), re.IGNORECASE) is None  # matches only at the start
    spans = ["Licence granted.", "(2) Acme grants a licence.", "It does not grant; Acme grants it.", "x. Not grants"]
    for span in spans + _sentences():
        expected = plain.search(span) is not None
        assert (plain.match(span) is not None or later.search(span, 1) is not None) == expected, span


def test_every_polarity_rule_finds_what_its_patterns_find_in_runs_of_sentences() -> None:
    sentences = _sentences()
    runs = [" ".join(sentences[i : i + 3]) for i in range(0, len(sentences), 2)]
    for category, rule in polarity.RULES.items():
        for kind in ("topic", "negative", "positive", "required", "required_when", "asserting"):
            group = getattr(rule, kind)
            for run in runs:
                expected = any(p.search(run) for p in group.patterns)
                assert group.found_in(run) == expected, (category, kind, run)


def test_needed_words_are_the_literals_every_match_holds() -> None:
    clauses = first_chars.needed_words(
        r"\b(?:shall|will)\s+not\s+(?:license|appoint)\b(?!\s+only)[^.]{0,40}other", re.I
    )
    assert set(clauses) == {
        frozenset({"shall", "will"}),
        frozenset({"not"}),
        frozenset({"license", "appoint"}),
        frozenset({"other"}),
    }
    assert first_chars.needed_words(r"(?:exclusive)?\s*(?:rights?|)", re.I) == ()  # optional or empty: nothing needed


def test_an_alternation_needs_what_all_its_wordings_share_and_one_word_of_each() -> None:
    clauses = first_chars.needed_words(
        r"(?:must\s+charge\s+no\s+higher\s+than\s+any\s+other|must\s+invoice\s+less\s+than\s+another)", re.I
    )
    # both wordings need "must" and "than"; past that, a match holds a word of either wording: "charge" or "another"
    assert frozenset({"must"}) in clauses and frozenset({"than"}) in clauses
    assert frozenset({"charge", "another"}) in clauses


def test_every_polarity_pattern_match_holds_its_needed_words() -> None:
    sentences = _sentences()
    for rule in polarity.RULES.values():
        for kind in ("topic", "negative", "positive", "required", "required_when", "asserting"):
            for pattern in getattr(rule, kind).patterns:
                needs = first_chars.needed_words(pattern.pattern, re.IGNORECASE)
                for sentence in sentences:
                    if pattern.search(sentence):
                        lowered = sentence.lower()
                        assert all(any(word in lowered for word in clause) for clause in needs), (
                            pattern.pattern,
                            sentence,
                        )
