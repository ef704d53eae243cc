"""From per-candidate scores to the reported clauses of one category: top-k, overlap pruning,
calibration and the presence threshold. Shared by training (cross-validation) and run time."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np

TOP_K = 20  # candidates per category: the scorer reads up to 20, reviewers see those under 0.5 as candidates


# Two candidates of a category are near-duplicates when they share this part of their union. So a
# sentence and a span more than about twice its length around it (a run of sentences) or under half
# of it inside it (a clause piece) both stay: CUAD labels runs of sentences and fragments as well as
# sentences, and measured on the shorter span (before session 7) only the first was ever reported.
# Chosen on the held-out folds (docs/engine.md, *Session 7*): 0.3 / 0.45 / 0.6 / 0.8 reach 86 / 88 /
# 88 / 87% of the labelled spans with the top 20 (83% measured on the shorter span).
MAX_OVERLAP = 0.45
# A finding nested in a better finding (this share of the shorter span inside it) repeats it.
NESTED = 0.8
FINDING = 0.5  # API conventions: a clause with confidence >= 0.5 is a finding
BELOW_FINDING = 0.499


def nested(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether most of the shorter span lies inside the other."""
    inter = min(a[1], b[1]) - max(a[0], b[0])
    return inter > 0 and inter / min(a[1] - a[0], b[1] - b[0]) >= NESTED


def top_candidates(
    bounds: Sequence[tuple[int, int]],
    scores: Sequence[float],
    eligible: Sequence[int],
    k: int = TOP_K,
    max_overlap: float = MAX_OVERLAP,
) -> list[int]:
    """Indices of the k best eligible candidates, skipping near-duplicates of better ones."""
    order = sorted(eligible, key=lambda i: (-scores[i], bounds[i][0], bounds[i][1]))
    return pick_distinct(bounds, order, k, max_overlap)


def by_position(starts: np.ndarray, ends: np.ndarray, eligible: np.ndarray) -> np.ndarray:
    """`eligible` ordered by start, then end (ties keep their order)."""
    return eligible[np.lexsort((ends[eligible], starts[eligible]))]


def rank_eligible(scores: np.ndarray, eligible_by_position: np.ndarray) -> np.ndarray:
    """Eligible candidates best first, in the order `top_candidates` sorts them (higher score, then
    earlier start, then earlier end, then their order): a stable sort by score of candidates
    already in `by_position` order, so one key is sorted per category instead of three."""
    return eligible_by_position[np.argsort(-scores[eligible_by_position], kind="stable")]


def pick_distinct(
    bounds: Sequence[tuple[int, int]], order: Iterable[int], k: int = TOP_K, max_overlap: float = MAX_OVERLAP
) -> list[int]:
    """The first k of `order` (best first) that share less than `max_overlap` of their union with each
    one picked before."""
    chosen: list[int] = []
    kept: list[tuple[int, int]] = []
    for i in order:
        start, end = bounds[i]
        for kept_start, kept_end in kept:  # the union share, measured inline: this loop runs ~400 times per category
            if start >= kept_end or kept_start >= end:
                continue  # disjoint (most pairs): no intersection to measure
            inter = min(end, kept_end) - max(start, kept_start)
            if inter > 0 and inter / (max(end, kept_end) - min(start, kept_start)) >= max_overlap:
                break
        else:
            chosen.append(i)
            kept.append((start, end))
            if len(chosen) == k:
                break
    return chosen


def repeated_findings_demoted(picked: list[tuple[int, int, float]]) -> list[tuple[int, int, float]]:
    """`picked` (start, end, confidence; best first) with each finding that is nested in a better
    finding reported as a candidate instead (confidence just under the finding threshold), so the
    findings of a category are distinct passages while the candidates keep the longer and shorter
    readings of the same words for a reviewer."""
    findings: list[tuple[int, int]] = []
    out = []
    for start, end, conf in picked:
        if conf >= FINDING:
            if any(nested((start, end), f) for f in findings):
                conf = BELOW_FINDING
            else:
                findings.append((start, end))
        out.append((start, end, conf))
    return sorted(out, key=lambda item: -item[2])  # stable: best first still


def distinct_passages(picked: list[tuple[int, int, float]]) -> list[tuple[int, int, float]]:
    """`picked` (best first) without the readings nested in a better one: the passages the key
    facts read (they were tuned on one reading per passage, and a date in the longer reading of a
    passage belongs to a neighbouring sentence)."""
    kept: list[tuple[int, int, float]] = []
    for item in picked:
        if not any(nested(item[:2], k[:2]) for k in kept):
            kept.append(item)
    return kept


def platt(score: float, a: float, b: float) -> float:
    z = a * score + b
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


class Calibration:
    """One category's calibration, read once per contract: `confidence` is `calibrated` without
    looking the terms up again for each candidate (the same arithmetic, so the same floats)."""

    def __init__(self, cal: dict[str, float]) -> None:
        self.a, self.b = cal["a"], cal["b"]
        self.gap, self.rank = cal.get("gap", 0.0), cal.get("rank", 0.0)
        self.remap = PresenceRemap(cal["threshold"], cal.get("band", 0.0))

    def confidence(self, score: float, top: float, rank: int) -> float:
        z = self.b + self.gap * (top - score) + self.rank * math.log1p(rank)
        p = platt(score, self.a, z)
        # The presence threshold decides whether the category is in the contract, which its best
        # candidate carries; raised to 0.5 by it, any other candidate would read as a finding of its own.
        return self.remap(p) if rank == 0 else min(p, self.remap(p))


def calibrated(score: float, top: float, rank: int, cal: dict[str, float]) -> float:
    """A candidate's confidence: Platt scaling of its score, with (when the calibration has them) terms
    for how far it falls below its category's best candidate in the contract and for its rank there,
    then the presence remap. `top` is the best score of the category in the contract, `rank` 0 for it."""
    return Calibration(cal).confidence(score, top, rank)


class PresenceRemap:
    """Monotone map sending the category's tuned presence threshold to 0.5, so that
    confidence >= 0.5 means "found" while the order of candidates is kept.

    Only probabilities inside a band around the threshold and 0.5 move, linearly on each side;
    outside it the Platt probability is kept, so the order across categories survives as far as
    possible. `band` 0 moves everything (the band is [0, 1]); towards 1 the band narrows to
    [min(threshold, 0.5), max(threshold, 0.5)]."""

    def __init__(self, threshold: float, band: float = 0.0) -> None:
        self.t = t = min(max(threshold, 1e-3), 1 - 1e-3)
        k = min(max(band, 0.0), 0.99)
        self.lo, self.hi = k * min(t, 0.5), 1 - k * (1 - max(t, 0.5))

    def __call__(self, p: float) -> float:
        t, lo, hi = self.t, self.lo, self.hi
        if p <= lo or p >= hi:
            return p
        if p < t:
            return lo + (0.5 - lo) * (p - lo) / (t - lo)
        return 0.5 + (hi - 0.5) * (p - t) / (hi - t)


def presence_remap(p: float, threshold: float, band: float = 0.0) -> float:
    """`PresenceRemap(threshold, band)(p)`."""
    return PresenceRemap(threshold, band)(p)
