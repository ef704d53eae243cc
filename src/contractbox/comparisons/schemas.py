"""Request and response shapes of /v1/comparisons (API-CONVENTIONS.md, Comparisons; the diff
itself is built in comparisons/diff.py)."""

from __future__ import annotations

from typing import Literal

import msgspec

from contractbox.analyses.schemas import Due, Level
from contractbox.core.params import Mode

Change = Literal["added", "removed", "changed", "unchanged"]


class CreateComparisonRequest(msgspec.Struct, forbid_unknown_fields=True):
    left: str
    right: str


class ScoreSide(msgspec.Struct):
    value: int
    level: Level


class ScoreSides(msgspec.Struct):
    left: ScoreSide
    right: ScoreSide


class RedlineSegment(msgspec.Struct):
    op: Literal["equal", "delete", "insert"]
    text: str


class ClauseSide(msgspec.Struct):
    clauseIds: list[str]
    label: str
    confidence: float
    text: str


class ClauseDiff(msgspec.Struct):
    category: str
    label: str
    change: Change
    similarity: float
    left: ClauseSide | None
    right: ClauseSide | None
    redline: list[RedlineSegment] | None


class KeyDateSide(msgspec.Struct):
    keyDateId: str
    date: str | None
    text: str


class KeyDateDiff(msgspec.Struct):
    kind: str
    change: Change
    left: KeyDateSide | None
    right: KeyDateSide | None
    daysMoved: int | None


class RiskSide(msgspec.Struct):
    riskId: str
    title: str
    severity: Level
    explanation: str


class RiskDiff(msgspec.Struct):
    category: str
    change: Change
    left: RiskSide | None
    right: RiskSide | None


class ObligationSide(msgspec.Struct):
    obligationId: str
    action: str
    kind: str
    due: Due | None


class ObligationDiff(msgspec.Struct):
    party: str
    change: Change
    similarity: float
    left: ObligationSide | None
    right: ObligationSide | None


class Comparison(msgspec.Struct):
    comparisonId: str
    object: Literal["comparison"]
    mode: Mode
    left: str
    right: str
    createdAt: str
    riskScore: ScoreSides
    riskScoreDelta: int
    summary: str
    clauses: list[ClauseDiff]
    keyDates: list[KeyDateDiff]
    risks: list[RiskDiff]
    obligations: list[ObligationDiff]
