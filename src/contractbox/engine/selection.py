"""From per-candidate scores to the reported clauses of one category: top-k, overlap pruning,
calibration and the presence threshold. Shared by training (cross-validation) and run time."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np

TOP_K = 20  # candidates per category: the scorer reads up to 20, reviewers see those under 0.5 as candidates


def overlap(a: tuple[int, int], b: tuple[int, int]) -> float:
    inter = min(a[1], b[1]) - max(a[0], b[0])
    if inter <= 0:
        return 0.0
    return inter / min(a[1] - a[0], b[1] - b[0])


def top_candidates(
    bounds: Sequence[tuple[int, int]],
    scores: Sequence[float],
    eligible: Sequence[int],
    k: int = TOP_K,
    max_overlap: float = 0.8,
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
    bounds: Sequence[tuple[int, int]], order: Iterable[int], k: int = TOP_K, max_overlap: float = 0.8
) -> list[int]:
    """The first k of `order` (best first) that are not near-duplicates of one picked before."""
    chosen: list[int] = []
    kept: list[tuple[int, int]] = []
    for i in order:
        start, end = bounds[i]
        for kept_start, kept_end in kept:  # `overlap` inlined: this loop runs ~400 times per category
            if start >= kept_end or kept_start >= end:
                continue  # disjoint (most pairs): no intersection to measure
            inter = min(end, kept_end) - max(start, kept_start)
            if inter > 0 and inter / min(end - start, kept_end - kept_start) >= max_overlap:
                break
        else:
            chosen.append(i)
            kept.append((start, end))
            if len(chosen) == k:
                break
    return chosen


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
        return self.remap(platt(score, self.a, z))


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
