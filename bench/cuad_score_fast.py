"""The official CUAD scorer (`/work/shared/eval/cuad_eval.py`) with its precision-recall sweep
computed faster and identically: the same arguments, the same output.

The scorer's `curve` re-matches every prediction against every labelled span at each of its 101
thresholds (tens of minutes for 20 candidates per category over 405 contracts on a shared
machine). Here each (span, prediction) pair is matched once with the scorer's own `matches`:
a labelled span counts as found at threshold t when its best matching prediction has confidence
> t, and a prediction is a false positive at t when it matches no labelled span of its contract
and category, which is what `pr_at` counts. Nothing else of the scorer is replaced.

    python bench/cuad_score_fast.py --data /work/shared/data/cuad --cmd ".venv/bin/python bench/cuad_folds.py" --quiet

CUAD v1 by The Atticus Project, CC BY 4.0.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np

EVAL_DIR = Path("/work/shared/eval")
sys.path.insert(0, str(EVAL_DIR))
import cuad_eval  # type: ignore[import-not-found]  # the shared scorer, beside the repository

Key = tuple[str, str]
_memo: dict[int, tuple[list[tuple[str, float]], list[tuple[str, float]]]] = {}


def _match_summary(preds: dict[Key, list[tuple[str, float]]], gts: dict[Key, list[str]]):
    """Per category: best matching confidence of each labelled span (-inf if none matches) and the
    confidences of predictions that match no labelled span. Computed once per (preds, gts)."""
    memo_key = id(preds) ^ id(gts)
    if memo_key in _memo:
        return _memo[memo_key]
    best: list[tuple[str, float]] = []
    unmatched: list[tuple[str, float]] = []
    for key, answers in gts.items():
        ps = preds.get(key, [])
        substr_ok = key[1] == "parties"
        hit_pred = [False] * len(ps)
        for a in answers:
            top = -np.inf
            for j, (text, conf) in enumerate(ps):
                if cuad_eval.matches(a, text, substr_ok):
                    hit_pred[j] = True
                    top = max(top, conf)
            best.append((key[1], top))
        unmatched.extend((key[1], conf) for (_, conf), hit in zip(ps, hit_pred) if not hit)
    _memo.clear()
    _memo[memo_key] = (best, unmatched)
    return best, unmatched


def fast_curve(preds: dict[Key, Any], gts: dict[Key, Any], cats: set[str] | None = None):
    best_all, unmatched_all = _match_summary(preds, gts)
    best = np.array([c for k, c in best_all if not cats or k in cats], dtype=float)
    fp_conf = np.array([c for k, c in unmatched_all if not cats or k in cats], dtype=float)
    precs, recs = [1.0], [0.0]
    for thr in cuad_eval.THRESHOLDS:
        tp = int((best > thr).sum())
        fn = len(best) - tp
        fp = int((fp_conf > thr).sum())
        precs.append(tp / (tp + fp) if tp + fp else float("nan"))
        recs.append(tp / (tp + fn) if tp + fn else float("nan"))
    env = [0.0 if np.isnan(p) else p for p in precs]
    for i in range(len(env) - 2, -1, -1):
        env[i] = max(env[i], env[i + 1])
    return env, recs


if __name__ == "__main__":
    cuad_eval.curve = fast_curve
    cuad_eval.main()
