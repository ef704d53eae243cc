"""Confidence calibration: the presence threshold of each category maps to 0.5 (findings keep their
meaning) while probabilities outside the band around it are left as Platt scaling gave them."""

from __future__ import annotations

import pytest

from contractbox.engine.selection import calibrated, platt, presence_remap

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
