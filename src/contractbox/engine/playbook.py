"""The risk playbook: rules over findings and absences, read from data/playbook.json.

riskScore = min(100, sum of the points of the rules that fire); a rule that fires on a finding
weighs its points by that finding's confidence (a 0.6 finding brings 60% of the points), a rule
that fires on an absence brings all of them. Levels come from the playbook's thresholds.

Only findings (confidence >= 0.5 after polarity, see polarity.py) fire rules or block absence
rules: a candidate never counts. A rule about something missing quotes no evidence: there is no
text to point at, and the reviewer says "not found in this contract".
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from contractbox.engine.first_chars import either
from contractbox.engine.selection import FINDING

PLAYBOOK_PATH = Path(__file__).resolve().parent / "data" / "playbook.json"
RENEWAL = "renewal_term"

Scored = tuple[int, int, float]


@dataclass(frozen=True)
class Fired:
    rule: dict[str, Any]
    points: int
    evidence: tuple[tuple[int, int], ...]  # character ranges the risk quotes; () for an absence

    @property
    def is_absence(self) -> bool:
        """A rule about something missing (it requires no finding)."""
        return not (self.rule["when"].get("found") or self.rule["when"].get("found_any"))


_PIECE = re.compile(r"\{([a-z_]+)\}")  # a named piece; a regex quantifier ({0,250}) holds no letters


@lru_cache(maxsize=1)
def load_playbook(path: Path = PLAYBOOK_PATH) -> dict[str, Any]:
    """The playbook with every `unless_text` written out: a rule may name a piece of the
    playbook's `patterns` as `{name}`, so a wording two rules (or two halves of one) share is
    written once."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    pieces: dict[str, str] = data.get("patterns", {})
    for rule in data["rules"]:
        when = rule["when"]
        if "unless_text" in when:
            when["unless_text"] = expand_pieces(when["unless_text"], pieces)
    return data


def expand_pieces(source: str, pieces: dict[str, str]) -> str:
    """`source` with each `{name}` replaced by `pieces[name]`; a name the playbook lacks is an error."""

    def piece(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in pieces:
            raise ValueError(f"playbook pattern names an undefined piece {{{name}}}")
        return pieces[name]

    return _PIECE.sub(piece, source)


def _found(best: dict[str, Scored], category: str) -> bool:
    return best.get(category, (0, 0, 0.0))[2] >= FINDING


def _with_renewal(
    best: dict[str, Scored], auto_renewal: bool | None, renewal_span: tuple[int, int] | None
) -> dict[str, Scored]:
    """`best` with the renewal finding set by the term facts when they know (True / False); its
    evidence is the sentence the term facts read, else the best renewal candidate."""
    if auto_renewal is None:
        return best
    out = {k: v for k, v in best.items() if k != RENEWAL}
    if auto_renewal:
        start, end = renewal_span or best.get(RENEWAL, (0, 0, 0.0))[:2]
        out[RENEWAL] = (start, end, 1.0)
    return out


@lru_cache(maxsize=64)
def _pattern(source: str) -> re.Pattern[str]:
    return either((source,), re.IGNORECASE)  # a first-character lookahead: these read the whole text


def _matches(
    when: dict[str, Any],
    best: dict[str, Scored],
    notice_days: int | None,
    fired: set[str],
    text: str,
    established: frozenset[str] = frozenset(),
) -> bool:
    if not all(_found(best, c) for c in when.get("found", [])):
        return False
    if when.get("found_any") and not any(_found(best, c) for c in when["found_any"]):
        return False
    if any(_found(best, c) or c in established for c in when.get("absent", [])):
        return False  # a risk about something missing never contradicts a key fact read from the text
    if "notice_days_below" in when and not (notice_days is not None and notice_days < when["notice_days_below"]):
        return False
    if text and "unless_text" in when and _pattern(when["unless_text"]).search(text):
        return False  # the model found no clause, but the contract talks about it: do not claim it is missing
    return not fired & set(when.get("not_fired", []))


def evaluate(
    best: dict[str, Scored],
    notice_days: int | None,
    fallback: tuple[int, int] | None = None,
    *,
    auto_renewal: bool | None = None,
    renewal_span: tuple[int, int] | None = None,
    text: str = "",
    established: frozenset[str] = frozenset(),
) -> list[Fired]:
    """`best`: category -> (start, end, confidence) of its best clause (after polarity).

    `auto_renewal`, when not None, decides the renewal rules (the term facts know whether renewal
    is automatic) instead of the renewal_term finding; `renewal_span` is the sentence that says so.
    `fallback` is no longer quoted (risks about
    something missing have no evidence); it stays for callers written against the old signature.
    `text` is the contract: an absence rule with `unless_text` does not fire when its pattern occurs
    in it (the clause may be there although the model did not find it). `established` are the categories the key
    facts read from the text (a governing law): an absence rule over one of them does not fire."""
    best = _with_renewal(best, auto_renewal, renewal_span)
    out: list[Fired] = []
    names: set[str] = set()
    for rule in load_playbook()["rules"]:
        when = rule["when"]
        if not _matches(when, best, notice_days, names, text, established):
            continue
        cats = list(when.get("found", [])) + [c for c in when.get("found_any", []) if _found(best, c)][:1]
        weight = min(best[c][2] for c in cats) if cats else 1.0
        evidence = tuple((best[c][0], best[c][1]) for c in cats if best[c][1] > best[c][0])
        out.append(Fired(rule, round(rule["points"] * weight), evidence))
        names.add(rule["id"])
    return out


def score(fired: list[Fired]) -> tuple[int, str]:
    value = min(100, sum(f.points for f in fired))
    level = "low"
    for threshold, name in load_playbook()["levels"]:
        if value >= threshold:
            level = name
    return value, level
