"""The risk playbook: rules over findings and absences, read from data/playbook.json.

riskScore = min(100, sum of the points of the rules that fire); a rule that fires on a finding
weighs its points by that finding's confidence (a 0.6 finding brings 60% of the points), a rule
that fires on an absence brings all of them. Levels come from the playbook's thresholds.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

PLAYBOOK_PATH = Path(__file__).resolve().parent / "data" / "playbook.json"
FINDING = 0.5


@dataclass(frozen=True)
class Fired:
    rule: dict[str, Any]
    points: int
    evidence: tuple[tuple[int, int], ...]  # character ranges the risk quotes


@lru_cache(maxsize=1)
def load_playbook(path: Path = PLAYBOOK_PATH) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def evaluate(best: dict[str, tuple[int, int, float]], notice_days: int | None,
             fallback: tuple[int, int], *, auto_renewal: bool | None = None) -> list[Fired]:
    """`best`: category -> (start, end, confidence) of its best clause; `fallback` is quoted by
    risks about something missing (the contract's title or opening). `auto_renewal`, when not
    None, decides the renewal rules (the term facts know whether renewal is automatic) instead
    of the renewal_term finding."""
    fired: list[Fired] = []
    names: set[str] = set()
    for rule in load_playbook()["rules"]:
        when = rule["when"]
        if auto_renewal is False and rule["category"] == "renewal_term":
            continue
        if auto_renewal and rule["category"] == "renewal_term":
            start, end, _ = best.get("renewal_term", (*fallback, 1.0))
            best = {**best, "renewal_term": (start, end, 1.0)}
        found = [c for c in when.get("found", []) if best.get(c, (0, 0, 0.0))[2] >= FINDING]
        if len(found) < len(when.get("found", [])):
            continue
        any_of = [c for c in when.get("found_any", []) if best.get(c, (0, 0, 0.0))[2] >= FINDING]
        if when.get("found_any") and not any_of:
            continue
        if any(best.get(c, (0, 0, 0.0))[2] >= FINDING for c in when.get("absent", [])):
            continue
        if "notice_days_below" in when and not (notice_days is not None and notice_days < when["notice_days_below"]):
            continue
        if names & set(when.get("not_fired", [])):
            continue
        cats = found + any_of
        weight = min(best[c][2] for c in cats) if cats else 1.0
        evidence = tuple((best[c][0], best[c][1]) for c in cats) or (fallback,)
        fired.append(Fired(rule, round(rule["points"] * weight), evidence))
        names.add(rule["id"])
    return fired


def score(fired: list[Fired]) -> tuple[int, str]:
    value = min(100, sum(f.points for f in fired))
    level = "low"
    for threshold, name in load_playbook()["levels"]:
        if value >= threshold:
            level = name
    return value, level
