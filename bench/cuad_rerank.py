"""Would a second-stage reranker over the engine's own candidates lift precision at 80% recall?

    .venv/bin/python bench/cuad_rerank.py bench/out/heldout.jsonl            # meta features, ~2 min
    .venv/bin/python bench/cuad_rerank.py bench/out/heldout.jsonl --text     # + the span's words, ~20 min

Reads a held-out analysis dump (`bench/cuad_folds.py`, so the clause model never saw the contract),
labels every (category, evidence) prediction by the official scorer's match rule, and scores the
predictions three ways at the scorer's thresholds: as the engine gave them, and re-ranked out of fold
(5 folds by contract) by a classifier trained on the other contracts' predictions:

- meta (default): a gradient-boosted classifier over what selection could know at run time: the
  category, the candidate's confidence, its rank and the best confidence of its category in the
  contract, the span's length and position, the confidences other categories give the same span, the
  share of it inside a better candidate of its category;
- --text: per category, a logistic regression over the span's words and word pairs (hashed), plus the
  same numbers: a second clause model trained only on the hard negatives the first one ranks high.

"keep findings" leaves every confidence >= 0.5 as it is and re-ranks only the candidates below, so
presence would not move. Session 10 measured both on session 9's dump; neither helped (docs/engine.md).
CUAD v1 by The Atticus Project, CC BY 4.0.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cuad_misses import DATA, read_dump, scorer  # noqa: E402


def logit(p: float) -> float:
    p = min(max(p, 1e-4), 1 - 1e-4)
    return math.log(p / (1 - p))


def predictions(dump: Path, data: Path) -> tuple[list[dict], int]:
    """One row per (contract, category, evidence) prediction with its features and the spans it matches."""
    ev = scorer(data)
    entries = [json.loads(line) for line in (data / "labels.jsonl").read_text().splitlines()]
    categories = [c["key"] for c in json.loads((data.parents[1] / "eval" / "categories.json").read_text())]
    results = read_dump(dump)
    rows, total = [], 0
    for entry in entries:
        cid = Path(entry["text"]).stem
        result = results.get(cid, {})
        evidence = {e["id"]: e for e in result.get("evidence", []) if e.get("text")}
        length = max([e.get("end") or 0 for e in evidence.values()] + [1])
        by_category: dict[str, list] = {}
        by_evidence: dict[str, list] = {}
        for clause in result.get("clauses", []):
            if clause["category"] not in categories:
                continue
            for eid in clause.get("evidenceIds", []):
                if eid in evidence:
                    item = (clause["category"], float(clause["confidence"]), evidence[eid])
                    by_category.setdefault(clause["category"], []).append(item)
                    by_evidence.setdefault(eid, []).append(item)
        for cat in categories:
            labels = entry["labels"][cat]["spans"]
            total += len(labels)
            ranked = sorted(by_category.get(cat, []), key=lambda item: -item[1])
            for rank, (_, conf, e) in enumerate(ranked):
                others = [c for k, c, _ in by_evidence[e["id"]] if k != cat]
                start, end = e.get("start") or 0, e.get("end") or 0
                inside = max((_overlap(start, end, b[2]) for b in ranked[:rank]), default=0.0)
                hits = [(cid, cat, i) for i, a in enumerate(labels) if ev.matches(a, e["text"], cat == "parties")]
                rows.append(
                    {"cid": cid, "cat": categories.index(cat), "text": e["text"], "hits": hits,
                     "numbers": [logit(conf), math.log1p(rank), logit(ranked[0][1]), len(ranked),
                                 math.log1p(len(e["text"].split())), start / length,
                                 logit(max(others)) if others else -10.0, len(others),
                                 sum(1 for c in others if c >= 0.5), inside],
                     "conf": conf}
                )  # fmt: skip
    return rows, total


def _overlap(start: int, end: int, better: dict) -> float:
    inter = max(0, min(end, better.get("end") or 0) - max(start, better.get("start") or 0))
    return inter / (end - start) if end > start else 0.0


def scores_at_thresholds(rows: list[dict], scores: np.ndarray, total: int) -> dict[str, float]:
    """AUPR and precision at 80% recall as the official scorer computes them, plus the continuous P@80R."""
    best: dict[tuple, float] = {}
    unmatched = []
    for row, s in zip(rows, scores):
        for h in row["hits"]:
            best[h] = max(best.get(h, -1.0), float(s))
        if not row["hits"]:
            unmatched.append(float(s))
    found, wrong = np.sort(np.array(list(best.values()))), np.sort(np.array(unmatched))
    thresholds = [round(x / 100, 2) for x in range(99, 0, -1)] + [0.001, 0.0]
    precs, recs = [1.0], [0.0]
    for t in thresholds:
        tp = len(found) - np.searchsorted(found, t, side="right")
        fp = len(wrong) - np.searchsorted(wrong, t, side="right")
        precs.append(tp / (tp + fp) if tp + fp else 0.0)
        recs.append(tp / total)
    for i in range(len(precs) - 2, -1, -1):
        precs[i] = max(precs[i], precs[i + 1])
    aupr = sum((r1 - r0) * (p0 + p1) / 2 for r0, r1, p0, p1 in zip(recs, recs[1:], precs, precs[1:]))
    p80 = next((p for p, r in zip(precs, recs) if r >= 0.8), 0.0)
    need = math.ceil(0.8 * total)
    t80 = found[::-1][need - 1] if need <= len(found) else float("inf")
    tp, fp = (found >= t80).sum(), (wrong >= t80).sum()
    return {
        "aupr": round(float(aupr), 4),
        "p@80r": round(float(p80), 4),
        "p@80r continuous": round(float(tp / (tp + fp)), 4),
    }


def out_of_fold(rows: list[dict], use_text: bool) -> np.ndarray:
    from sklearn.model_selection import GroupKFold

    y = np.array([1 if r["hits"] else 0 for r in rows])
    groups = np.array([r["cid"] for r in rows])
    numbers = np.array([r["numbers"] for r in rows])
    folds = list(GroupKFold(5).split(numbers, y, groups))
    if not use_text:
        from sklearn.ensemble import HistGradientBoostingClassifier

        x = np.column_stack([[r["cat"] for r in rows], numbers])
        scores = np.zeros(len(rows))
        for train, test in folds:
            model = HistGradientBoostingClassifier(max_iter=300, learning_rate=0.05, categorical_features=[0])
            scores[test] = model.fit(x[train], y[train]).predict_proba(x[test])[:, 1]
        return scores
    return _text_out_of_fold(rows, numbers, y, folds)


def _text_out_of_fold(rows: list[dict], numbers: np.ndarray, y: np.ndarray, folds: list) -> np.ndarray:
    import scipy.sparse as sp
    from sklearn.feature_extraction.text import HashingVectorizer
    from sklearn.linear_model import LogisticRegression

    words = HashingVectorizer(
        n_features=2**18, ngram_range=(1, 2), alternate_sign=False,
        preprocessor=lambda s: re.sub(r"\d", "0", s.lower()),
    )  # fmt: skip
    x = sp.hstack([words.transform([r["text"] for r in rows]), sp.csr_matrix(numbers)]).tocsr()
    cat = np.array([r["cat"] for r in rows])
    scores = np.array([r["conf"] for r in rows])
    for c in np.unique(cat):
        mine = np.where(cat == c)[0]
        for train, test in folds:
            train_c, test_c = np.intersect1d(mine, train), np.intersect1d(mine, test)
            if len(test_c) and y[train_c].sum() >= 3:
                model = LogisticRegression(solver="liblinear").fit(x[train_c], y[train_c])
                scores[test_c] = model.predict_proba(x[test_c])[:, 1]
    return scores


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dump", type=Path, help="held-out JSONL of {source, result} lines (bench/cuad_folds.py)")
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--text", action="store_true", help="rerank with the span's words (slow)")
    args = ap.parse_args(argv)
    rows, total = predictions(args.dump, args.data)
    engine = np.array([r["conf"] for r in rows])
    print(f"{len(rows)} predictions, {total} labelled spans")
    print("engine          ", scores_at_thresholds(rows, engine, total))
    reranked = out_of_fold(rows, args.text)
    print("reranked        ", scores_at_thresholds(rows, reranked, total))
    kept = np.where(engine >= 0.5, engine, np.minimum(reranked, 0.499))
    print("keep findings   ", scores_at_thresholds(rows, kept, total))


if __name__ == "__main__":
    main()
