"""Does a document-level presence model per category raise precision at 80% recall?

    .venv/bin/python bench/cuad_docpresence.py bench/out/heldout.jsonl \\
        [--variants words:logit,words+max:logitc] [--doc-c 4]

For each category, a logistic regression reads the whole contract (hashed word unigrams and bigrams
of the full text, digits folded to 0, plus the words of its opening 400 characters as title words;
the `+max` variants add the contract's best confidence of each of the 41 categories from the dump)
and answers "does this contract have a labelled span of the category at all?" (q_doc). Each
prediction's confidence in the held-out dump is then combined with its contract's q_doc. All of it
is out of fold on the split of `training/train_engine.py` (`bench/out/folds/folds.json`): for the
contracts of fold f the document model is trained on the other four folds only, and the combination's
parameters are fitted on those four folds' predictions with q_doc from an inner 4-fold split of them
(nested, so no parameter ever saw fold f). After combining, each category's presence threshold is
tuned again on the other folds (F1 of the best candidate, as `fit_calibration` does) and sent to 0.5
with the engine's `PresenceRemap` (band 0.95, best candidate only), so confidence >= 0.5 still means
"finding".

Printed per variant: AUPR and P@80R at the scorer's 101 thresholds, the continuous P@80R (the
confidence where recall first reaches 80%, `cuad_p80.threshold_at`), presence micro-F1 (a category
found when a prediction of it has confidence >= 0.5, as the scorer counts it) and the document
model's own presence micro-F1 (q_doc >= 0.5). Matching is the scorer's rule (`cuad_p80.load`).

Combinations:
  logit   confidence' = sigmoid(a*logit(conf) + b*logit(q_doc) + c), pooled over categories
  logitc  the same with (a, b, c) per category
  scaled  confidence' = conf * q_doc (no parameters)

A control, `none`, leaves the confidence as it is and only tunes the thresholds again.

Measured on session 12's held-out dump (`bench/out/heldout.jsonl`, 2026-11-27 04:44 UTC, 405
contracts, 10,529 labelled spans; document models with C = 4 unless said; the runs took 5-12 minutes
each on two shared cores):

  variant (features:comb.) AUPR    P@80R   continuous P@80R  presence F1   q_doc >= 0.5 alone
  engine as it is          0.6639  0.2961  0.3059            0.8462        -
  words:none (control)     0.6618  0.2961  0.3059            0.8220        0.7350
  words:logit              0.6525  0.2917  0.3015            0.8305        0.7350
  words:scaled             0.6354  0.2020  0.2788            0.8502        0.7350
  words+max:logit          0.6557  0.2829  0.2962            0.8293        0.8479
  words+max:logitc         0.6509  0.2553  0.2761            0.8361        0.8479
  words:logit, C = 30      0.6535  0.2884  0.2992            0.8321        0.7602
  words+max:logit, C = 30  0.6582  0.2817  0.2955            0.8303        0.8462

The control's presence F1 (0.822) is below the engine's because the dump's confidences were already
remapped once and the thresholds tuned again on four folds are noisier; compare presence against it.

Every variant loses: continuous P@80R 0.306 -> 0.276-0.302, AUPR 0.664 -> 0.635-0.658. The words
alone judge presence worse than the engine's best span does (out-of-fold micro-F1 of q_doc >= 0.5:
0.735 at C = 4, 0.760 at C = 30, 0.769 at C = 300, mean per-category ROC AUC 0.80-0.83, against the
spans' 0.846; out-of-fold log loss 0.334, 0.318, 0.356, 0.457 at C = 4, 30, 300, 3000: the C = 30
rows were chosen on these contracts, so they flatter the idea); with the best confidences as inputs
q_doc only reaches the spans' own 0.848, so it adds no knowledge the confidences lack, and the
combined order is worse than the confidences' own. Multiplying by q_doc (`scaled`) raises presence F1 a little (0.822 -> 0.850 against the
control, 0.846 -> 0.850 against the engine) but drags the labelled spans of categories the words miss
down, so the confidence where recall reaches 80% falls from 0.054 to 0.019 and lets in far more
unmatched predictions. (The engine's continuous figure on this dump is 0.306; 0.313 was session 10's.) Not shipped; step 2 (engine change) not attempted.
CUAD v1 by The Atticus Project, CC BY 4.0.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import scipy.sparse as sp
from sklearn.feature_extraction.text import HashingVectorizer
from sklearn.linear_model import LogisticRegression

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "src"))
from cuad_misses import DATA, scorer  # noqa: E402
from cuad_p80 import load, threshold_at  # noqa: E402

from contractbox.engine.selection import PresenceRemap  # noqa: E402

BAND = 0.95
EPS = 1e-4
TITLE_CHARS = 400
HASH_BITS = 18
DOC_C = 4.0

Prediction = tuple[str, str, float, list[int]]


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0]+", re.sub(r"\d", "0", text.lower()))


def doc_tokens(text: str) -> list[str]:
    ws = words(text)
    title = ["t_" + w for w in words(text[:TITLE_CHARS])]
    return ws + [f"{a}_{b}" for a, b in zip(ws, ws[1:])] + title


def text_features(data: Path, ids: list[str], entries: dict[str, dict]) -> sp.csr_matrix:
    hv = HashingVectorizer(analyzer=doc_tokens, n_features=2**HASH_BITS, binary=True, norm="l2", alternate_sign=False)
    texts = [(data / entries[cid]["text"]).read_text(errors="replace") for cid in ids]
    return hv.transform(texts).tocsr()


def row_space(x: sp.csr_matrix) -> np.ndarray:
    """Z with Z @ Z.T == x @ x.T: x's rows in the basis of their own span (405 dense columns). An
    L2-regularised linear model's weights lie in the span of its training rows, so a logistic
    regression fitted on Z scores exactly as one fitted on x, in a fraction of the time."""
    gram = (x @ x.T).toarray()
    values, vectors = np.linalg.eigh(gram)
    return vectors * np.sqrt(np.clip(values, 0.0, None))


def logit(p: np.ndarray) -> np.ndarray:
    p = np.clip(p, EPS, 1 - EPS)
    return np.log(p / (1 - p))


def fit_doc_models(x: np.ndarray, has: np.ndarray, train: np.ndarray, c: float) -> list:
    """One logistic regression per category on the `train` rows; a constant where one class only."""
    models = []
    for k in range(has.shape[1]):
        y = has[train, k]
        if y.all() or not y.any():
            models.append(float(y.mean()))
        else:
            models.append(LogisticRegression(C=c, max_iter=1000).fit(x[train], y))
    return models


def doc_probabilities(models: list, x: np.ndarray, rows: np.ndarray) -> np.ndarray:
    out = np.empty((len(rows), len(models)))
    for k, m in enumerate(models):
        out[:, k] = m if isinstance(m, float) else m.predict_proba(x[rows])[:, 1]
    return out


def out_of_fold_q(x: np.ndarray, has: np.ndarray, fold: np.ndarray, rows: np.ndarray, c: float) -> np.ndarray:
    """q_doc for `rows`, each from a model trained on the other folds among `rows`."""
    q = np.zeros((len(fold), has.shape[1]))
    for f in np.unique(fold[rows]):
        test, train = rows[fold[rows] == f], rows[fold[rows] != f]
        q[test] = doc_probabilities(fit_doc_models(x, has, train, c), x, test)
    return q


def nested_q(x: np.ndarray, has: np.ndarray, fold: np.ndarray, c: float) -> tuple[dict[int, np.ndarray], np.ndarray]:
    """Per outer fold f, q_doc of the other folds' contracts from an inner split of them; and q_doc of
    every contract from the model trained on the other folds."""
    everyone = np.arange(len(fold))
    inner, outer = {}, np.zeros(has.shape)
    for f in np.unique(fold):
        train_docs = everyone[fold != f]
        inner[int(f)] = out_of_fold_q(x, has, fold, train_docs, c)
        outer[fold == f] = doc_probabilities(fit_doc_models(x, has, train_docs, c), x, everyone[fold == f])
        print(f"  fold {f}: document models fitted", file=sys.stderr, flush=True)
    return inner, outer


def combine_inputs(conf: np.ndarray, q: np.ndarray) -> np.ndarray:
    return np.column_stack([logit(conf), logit(q)])


def fit_combination(kind: str, conf, q, y, cat_idx, n_cats) -> Callable:
    """The combination's parameters fitted on (conf, q, match) of training predictions."""
    if kind == "none":  # a control: only the presence thresholds tuned again
        return lambda c, qq, ci: c
    if kind == "scaled":
        return lambda c, qq, ci: c * qq
    if kind == "logit":
        lr = LogisticRegression(C=100.0).fit(combine_inputs(conf, q), y)
        return lambda c, qq, ci: lr.predict_proba(combine_inputs(c, qq))[:, 1]
    per_cat: dict[int, LogisticRegression] = {}
    for k in range(n_cats):
        m = cat_idx == k
        if y[m].any() and not y[m].all():
            per_cat[k] = LogisticRegression(C=100.0).fit(combine_inputs(conf[m], q[m]), y[m])

    def apply(c, qq, ci):
        out = c.copy()
        for k, lr in per_cat.items():
            m = ci == k
            if m.any():
                out[m] = lr.predict_proba(combine_inputs(c[m], qq[m]))[:, 1]
        return out

    return apply


def presence_thresholds(score, doc_idx, cat_idx, has, docs: np.ndarray, n_cats: int) -> np.ndarray:
    """Per category the F1-optimal threshold on the best candidate of each of `docs`."""
    best = np.zeros((has.shape[0], n_cats))
    np.maximum.at(best, (doc_idx, cat_idx), score)
    out = np.full(n_cats, 0.5)
    grid = np.arange(0.05, 0.951, 0.025)
    for k in range(n_cats):
        b, h = best[docs, k], has[docs, k]
        f1s = [2 * (tp := ((b >= t) & h).sum()) / (tp + (b >= t).sum() + h.sum()) for t in grid]
        out[k] = grid[int(np.argmax(f1s))]
    return out


def remapped(score, doc_idx, cat_idx, thresholds) -> np.ndarray:
    """The engine's presence remap: the best candidate of its contract and category lifted so its
    threshold reads 0.5, the others kept at min(p, remap(p))."""
    order = np.lexsort((-score, cat_idx, doc_idx))
    out = np.empty_like(score)
    seen: set[tuple[int, int]] = set()
    for i in order:
        key = (int(doc_idx[i]), int(cat_idx[i]))
        r = PresenceRemap(float(thresholds[cat_idx[i]]), BAND)(float(score[i]))
        out[i] = r if key not in seen else min(float(score[i]), r)
        seen.add(key)
    return np.round(out, 4)


def scorer_curve(ev, spans: dict, predictions: list[Prediction], conf: np.ndarray) -> tuple[float, float]:
    """AUPR and P@80R at the scorer's thresholds (a prediction counts when conf > threshold)."""
    best: dict[tuple[str, str, int], float] = {}
    unmatched = []
    for (cid, cat, _, hits), c in zip(predictions, conf):
        for i in hits:
            best[(cid, cat, i)] = max(best.get((cid, cat, i), -1.0), c)
        if not hits:
            unmatched.append(c)
    total = sum(len(v) for v in spans.values())
    found, wrong = np.sort(np.array(list(best.values()))), np.sort(np.array(unmatched))
    precs, recs = [1.0], [0.0]
    for thr in ev.THRESHOLDS:
        tp = len(found) - np.searchsorted(found, thr, side="right")
        fp = len(wrong) - np.searchsorted(wrong, thr, side="right")
        precs.append(tp / (tp + fp) if tp + fp else float("nan"))
        recs.append(tp / total)
    env = [p if p == p else 0.0 for p in precs]
    for i in range(len(env) - 2, -1, -1):
        env[i] = max(env[i], env[i + 1])
    return ev.aupr(env, recs), ev.prec_at_recall(env, recs, 0.8)


def presence_f1(score, doc_idx, cat_idx, has) -> float:
    found = np.zeros(has.shape, dtype=bool)
    found[doc_idx[score >= 0.5], cat_idx[score >= 0.5]] = True
    tp, fp, fn = (found & has).sum(), (found & ~has).sum(), (~found & has).sum()
    return 2 * tp / (2 * tp + fp + fn)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dump", type=Path)
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--folds", type=Path, default=ROOT / "bench" / "out" / "folds" / "folds.json")
    ap.add_argument("--variants", default="words:none,words:logit,words:scaled,words+max:logit,words+max:logitc")
    ap.add_argument("--doc-c", type=float, default=DOC_C, help="the document models' inverse regularisation")
    args = ap.parse_args(argv)
    ev = scorer(args.data)
    spans, predictions = load(args.dump, args.data, ev)
    entries = {Path(e["text"]).stem: e for e in map(json.loads, (args.data / "labels.jsonl").read_text().splitlines())}
    cats = [c["key"] for c in json.loads((args.data.parents[1] / "eval" / "categories.json").read_text())]
    ids = sorted(entries)
    fold_of = json.loads(args.folds.read_text())["fold_of"]
    fold = np.array([fold_of[cid] for cid in ids])
    row = {cid: i for i, cid in enumerate(ids)}
    col = {cat: k for k, cat in enumerate(cats)}
    has = np.array([[bool(spans[(cid, cat)]) for cat in cats] for cid in ids])
    doc_idx = np.array([row[p[0]] for p in predictions])
    cat_idx = np.array([col[p[1]] for p in predictions])
    conf = np.array([p[2] for p in predictions])
    match = np.array([bool(p[3]) for p in predictions])
    best_conf = np.zeros(has.shape)
    np.maximum.at(best_conf, (doc_idx, cat_idx), conf)

    def report(name: str, score: np.ndarray, extra: str = "") -> None:
        a, p80 = scorer_curve(ev, spans, predictions, score)
        scored = [(c, k, float(s), h) for (c, k, _, h), s in zip(predictions, score)]
        t, _, cont = threshold_at(spans, scored, 0.8)
        pf1 = presence_f1(score, doc_idx, cat_idx, has)
        print(
            f"{name:22s} AUPR {a:.4f}  P@80R {p80:.4f}  continuous {cont:.4f} (at {t:.4f})  presence F1 {pf1:.4f}{extra}"
        )

    report("engine as it is", conf)
    x_words = text_features(args.data, ids, entries)
    z_words = row_space(x_words)
    features = {"words": z_words, "words+max": np.hstack([z_words, best_conf])}
    everyone = np.arange(len(ids))
    cache: dict[str, tuple[dict[int, np.ndarray], np.ndarray]] = {}
    for variant in args.variants.split(","):
        feat, kind = variant.split(":")
        if feat not in cache:
            cache[feat] = nested_q(features[feat], has, fold, args.doc_c)
        q_inners, q_outer = cache[feat]
        score = np.zeros_like(conf)
        for f in np.unique(fold):
            train_docs = everyone[fold != f]
            q_inner = q_inners[f]
            tr = fold[doc_idx] != f
            te = ~tr
            fn = fit_combination(kind, conf[tr], q_inner[doc_idx[tr], cat_idx[tr]], match[tr], cat_idx[tr], len(cats))
            train_score = fn(conf[tr], q_inner[doc_idx[tr], cat_idx[tr]], cat_idx[tr])
            thresholds = presence_thresholds(train_score, doc_idx[tr], cat_idx[tr], has, train_docs, len(cats))
            raw = fn(conf[te], q_outer[doc_idx[te], cat_idx[te]], cat_idx[te])
            score[te] = remapped(raw, doc_idx[te], cat_idx[te], thresholds)
        q_found = q_outer >= 0.5
        tp, fp, fn_ = (q_found & has).sum(), (q_found & ~has).sum(), (~q_found & has).sum()
        report(variant, score, f"  (q_doc alone {2 * tp / (2 * tp + fp + fn_):.4f})")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
