"""Confidence calibration: the presence threshold of each category maps to 0.5 for its best candidate
(findings keep their meaning) while probabilities outside the band around it, and every other
candidate's below it, are left as Platt scaling gave them."""

from __future__ import annotations

import pytest

from contractbox.engine.selection import (
    calibrated,
    pick_distinct,
    platt,
    presence_remap,
    repeated_findings_demoted,
)

GRID = [i / 200 for i in range(201)]


@pytest.mark.parametrize("threshold", [0.05, 0.2, 0.5, 0.65, 0.9])
@pytest.mark.parametrize("band", [0.0, 0.5, 0.9])
def test_the_threshold_maps_to_one_half_and_the_order_is_kept(threshold: float, band: float) -> None:
    mapped = [presence_remap(p, threshold, band) for p in GRID]
    assert all(b >= a for a, b in zip(mapped, mapped[1:]))
    assert all((m >= 0.5) == (p >= threshold) for p, m in zip(GRID, mapped))
    assert presence_remap(threshold, threshold, band) == pytest.approx(0.5)


def test_outside_the_band_the_probability_is_kept() -> None:
    # threshold 0.2, band 0.5: only [0.1, 0.75] moves
    assert presence_remap(0.05, 0.2, 0.5) == pytest.approx(0.05)
    assert presence_remap(0.9, 0.2, 0.5) == pytest.approx(0.9)
    assert presence_remap(0.3, 0.2, 0.5) > 0.5
    # band 0 is the whole-range map: 0.05 under a 0.2 threshold becomes 0.125
    assert presence_remap(0.05, 0.2, 0.0) == pytest.approx(0.125)


def test_gap_and_rank_terms_lower_later_candidates() -> None:
    cal = {"a": 2.0, "b": -1.0, "threshold": 0.5, "gap": -0.5, "rank": -0.4}
    best = calibrated(1.0, 1.0, 0, cal)
    assert best == pytest.approx(platt(1.0, 2.0, -1.0))  # the best candidate: Platt scaling alone
    assert calibrated(0.8, 1.0, 3, cal) < calibrated(0.8, 0.8, 0, cal)
    old_format = {"a": 2.0, "b": -1.0, "threshold": 0.5}  # models saved before the gap/rank/band terms
    assert calibrated(0.8, 1.0, 3, old_format) == pytest.approx(platt(0.8, 2.0, -1.0))


def test_only_the_best_candidate_is_lifted_by_the_presence_threshold() -> None:
    # threshold 0.05: the category is present when its best candidate reaches 0.05
    cal = {"a": 1.0, "b": 0.0, "threshold": 0.05, "band": 0.95}
    score = -2.5  # Platt probability 0.076
    assert calibrated(score, score, 0, cal) >= 0.5  # the best carries the presence decision
    second = calibrated(score, 0.0, 1, cal)  # the same probability ranked after a better candidate
    assert second == pytest.approx(platt(score, 1.0, 0.0)) and second < 0.5
    # a threshold over 0.5 still lowers every candidate
    high = {"a": 1.0, "b": 0.0, "threshold": 0.8, "band": 0.0}
    assert calibrated(1.0, 2.0, 1, high) == pytest.approx(presence_remap(platt(1.0, 1.0, 0.0), 0.8, 0.0))


def test_a_sentence_and_the_group_around_it_are_both_candidates() -> None:
    # CUAD labels runs of sentences as well as sentences: the group of sentences that holds the
    # best sentence is a different reading, not a duplicate; a near-copy of the sentence is one.
    sentence, group, near_copy, elsewhere = (100, 200), (100, 350), (102, 200), (500, 600)
    bounds = [sentence, group, near_copy, elsewhere]
    assert pick_distinct(bounds, [0, 1, 2, 3], k=4) == [0, 1, 3]


def test_a_finding_nested_in_a_better_finding_is_reported_as_a_candidate() -> None:
    picked = [(100, 200, 0.9), (100, 300, 0.7), (500, 600, 0.6), (520, 580, 0.3)]
    demoted = repeated_findings_demoted(picked)
    assert demoted == [(100, 200, 0.9), (500, 600, 0.6), (100, 300, 0.499), (520, 580, 0.3)]
    assert [c for _, _, c in demoted] == sorted((c for _, _, c in demoted), reverse=True)
