"""Train the live engine's clause model on CUAD, cross-validate it, and write the model file.

    python training/train_engine.py --data ../shared/data/cuad            # 5-fold CV + ship model
    python training/train_engine.py --data ../shared/data/cuad --no-cv    # ship model only
    python training/train_engine.py --save-folds bench/out/folds --no-save  # CV + the 5 fold models
                                                                          # for bench/cuad_folds.py
    python training/train_engine.py --no-save --static-embeddings T.npy   # CV with a dense block of static
                                                                          # word vectors (measurement only)

Folds are by contract; every number reported is computed on contracts the model (and its
calibration) did not see, with the official scorer's matching and curve functions.
CUAD v1 by The Atticus Project, CC BY 4.0.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np
import scipy.sparse as sp
from sklearn.linear_model import LogisticRegression

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cuad_data import Contract, cuad_eval, load_contracts

from contractbox.engine.candidates import Tokens
from contractbox.engine.categories import CUAD_CATEGORIES, LABELS, eligible
from contractbox.engine.clause_model import MODEL_PATH, save_model
from contractbox.engine.facts import key_facts
from contractbox.engine.selection import TOP_K, calibrated, platt, top_candidates

CATEGORIES = list(LABELS)
MIN_DF = 3
MAX_FEATURES = 1 << 17
SEED = 13
OOF_PATH = Path(__file__).resolve().parent / ".cache" / "oof_scores.npz"
OOF_TAG = ""  # set by --static-embeddings, so its out-of-fold scores never mix with the sparse model's


def log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


# ---------------------------------------------------------------- features -> matrix
def build_vocab(contracts: list[Contract]) -> list[str]:
    df: Counter[str] = Counter()
    for c in contracts:
        for cand in c.candidates:
            df.update(set(cand.features))
    kept = [f for f, n in df.items() if n >= MIN_DF]
    kept.sort(key=lambda f: (-df[f], f))
    return kept[:MAX_FEATURES]


def build_matrix(contracts: list[Contract], vocab: list[str]) -> sp.csr_matrix:
    index = {f: i for i, f in enumerate(vocab)}
    indptr, cols = [0], []
    for c in contracts:
        for cand in c.candidates:
            row = sorted({index[f] for f in cand.features if f in index})
            cols.extend(row)
            indptr.append(len(cols))
    data = np.ones(len(cols), dtype=np.float32)
    return sp.csr_matrix((data, np.array(cols, dtype=np.int32), np.array(indptr)), shape=(len(indptr) - 1, len(vocab)))


# ---------------------------------------------------------------- static word vectors (measurement only)
class StaticEmbeddings:
    """A dense block per candidate: the (weighted) mean static vector of its span's tokens, optionally
    followed by the mean vector of its heading words. The table (float16, one row per word of the
    file `T.txt` beside `T.npy`) comes from bench/static_embeddings.py. The run-time model format has
    no place for it: the flag measures, it does not ship."""

    def __init__(self, table: Path, weighting: str, headings: bool, scale: float) -> None:
        self.vectors = np.load(table).astype(np.float32)
        words = table.with_suffix(".txt").read_text(encoding="utf-8").split("\n")
        self.index = {w: i for i, w in enumerate(words)}
        self.weighting, self.headings, self.scale = weighting, headings, scale

    def tag(self) -> str:
        return f"_emb{self.vectors.shape[1]}{self.weighting}{'h' if self.headings else ''}"

    def word_weights(self, contracts: list[Contract]) -> np.ndarray:
        """SIF weights a / (a + p(w)) from the words' frequencies over the contracts (labels unused)."""
        if self.weighting != "sif":
            return np.ones(len(self.vectors), dtype=np.float32)
        counts = np.zeros(len(self.vectors))
        for c in contracts:
            ids = self.token_ids(Tokens(c.text).words)
            np.add.at(counts, ids[ids >= 0], 1)
        a = 1e-3
        return (a / (a + counts / max(counts.sum(), 1.0))).astype(np.float32)

    def token_ids(self, words: list[str]) -> np.ndarray:
        return np.array([self.index.get(w, -1) for w in words], dtype=np.int64)

    def matrix(self, contracts: list[Contract]) -> np.ndarray:
        """Rows in candidate order; NaN where a candidate has no known word (filled by `with_dense`)."""
        weights = self.word_weights(contracts)
        blocks = [self.span_means(c, weights) for c in contracts]
        return np.vstack(blocks).astype(np.float32)

    def span_means(self, c: Contract, weights: np.ndarray) -> np.ndarray:
        tokens = Tokens(c.text)
        ids = self.token_ids(tokens.words)
        known = ids >= 0
        w = np.where(known, weights[np.maximum(ids, 0)], 0.0)
        vec = self.vectors[np.maximum(ids, 0)] * w[:, None]
        sums = np.vstack([np.zeros((1, vec.shape[1])), np.cumsum(vec, axis=0, dtype=np.float64)])
        mass = np.concatenate(([0.0], np.cumsum(w, dtype=np.float64)))
        spans = np.array([tokens.span(k.start, k.end) for k in c.candidates], dtype=np.int64).reshape(-1, 2)
        total = mass[spans[:, 1]] - mass[spans[:, 0]]
        with np.errstate(invalid="ignore", divide="ignore"):
            out = (sums[spans[:, 1]] - sums[spans[:, 0]]) / total[:, None]
        out[total <= 0] = np.nan
        if self.headings:
            out = np.hstack([out, self.heading_means(c, weights)])
        return out

    def heading_means(self, c: Contract, weights: np.ndarray) -> np.ndarray:
        cache: dict[int, np.ndarray] = {}
        empty = np.full(self.vectors.shape[1], np.nan)
        rows = []
        for cand in c.candidates:
            part = next((p for p in cand.context if isinstance(p, list) and p and p[0].startswith("h:")), None)
            if part is None:
                rows.append(empty)
                continue
            if id(part) not in cache:
                ids = self.token_ids([f[2:] for f in part])
                ids = ids[ids >= 0]
                w = weights[ids]
                cache[id(part)] = (w @ self.vectors[ids]) / w.sum() if ids.size else empty
            rows.append(cache[id(part)])
        return np.vstack(rows) if rows else np.zeros((0, self.vectors.shape[1]))


def with_dense(x: sp.csr_matrix, dense: np.ndarray | None, train_rows: np.ndarray, scale: float) -> sp.csr_matrix:
    """The sparse rows with the dense block appended: each column standardised on the training rows
    (a candidate without known words sits at the mean), the block scaled to norm ~`scale` per row."""
    if dense is None:
        return x
    mean = np.nanmean(dense[train_rows], axis=0)
    std = np.nanstd(dense[train_rows], axis=0) + 1e-6
    block = np.nan_to_num((dense - mean) / std, nan=0.0) * (scale / np.sqrt(dense.shape[1]))
    return sp.hstack([x, sp.csr_matrix(block.astype(np.float32))], format="csr")


def l2_rows(x: sp.csr_matrix) -> sp.csr_matrix:
    norms = np.sqrt(np.asarray(x.multiply(x).sum(axis=1)).ravel())
    norms[norms == 0] = 1.0
    return sp.diags(1.0 / norms) @ x


# ---------------------------------------------------------------- per-category models
class Rows:
    """Row bookkeeping: which contract each candidate row belongs to, and per-category masks."""

    def __init__(self, contracts: list[Contract]) -> None:
        self.doc = np.concatenate([np.full(len(c.candidates), i) for i, c in enumerate(contracts)])
        self.offset = np.cumsum([0] + [len(c.candidates) for c in contracts])
        self.eligible = {}
        self.label = {}
        for cat in CATEGORIES:
            self.eligible[cat] = np.array(
                [eligible(cat, cand.kind, cand.index) for c in contracts for cand in c.candidates]
            )
            y = np.zeros(len(self.doc), dtype=bool)
            for i, c in enumerate(contracts):
                y[self.offset[i] + np.array(c.positives[cat], dtype=int)] = True
            self.label[cat] = y


def fit_category(x: sp.csr_matrix, y: np.ndarray, rows: np.ndarray, c_reg: float) -> LogisticRegression | None:
    """Every eligible candidate of the training contracts is a training row. Until session 8 the
    negatives were sampled down to 40,000 a category, which dropped up to three quarters of them, among
    them most of the near misses that decide the ranking's tail (docs/engine.md, *Session 8*)."""
    if int(y[rows].sum()) < 3:
        return None
    model = LogisticRegression(C=c_reg, solver="liblinear", max_iter=200)
    model.fit(x[rows], y[rows])
    return model


def fit_all(x, rows: Rows, train_docs: np.ndarray, c_reg: float) -> dict[str, LogisticRegression]:
    in_train = np.isin(rows.doc, train_docs)
    models = {}
    for cat in CATEGORIES:
        r = np.flatnonzero(in_train & rows.eligible[cat])
        m = fit_category(x, rows.label[cat], r, c_reg)
        if m is not None:
            models[cat] = m
    return models


# ---------------------------------------------------------------- selection, calibration, scoring
def select(contracts, rows: Rows, scores: dict[str, np.ndarray], docs) -> dict[str, list[tuple[int, int, float, bool]]]:
    """Per category: (doc, candidate, raw score, matches) of the top-k candidates per contract."""
    out = {cat: [] for cat in CATEGORIES}
    for d in docs:
        c = contracts[d]
        lo, hi = rows.offset[d], rows.offset[d + 1]
        bounds = [(k.start, k.end) for k in c.candidates]
        for cat in CATEGORIES:
            if cat not in scores:
                continue
            s = scores[cat][lo:hi]
            elig = np.flatnonzero(rows.eligible[cat][lo:hi]).tolist()
            y = rows.label[cat][lo:hi]
            for i in top_candidates(bounds, s.tolist(), elig, TOP_K):
                out[cat].append((d, i, float(s[i]), bool(y[i])))
    return out


def in_context(items):
    """Each selected item with its category's best score in the contract and its rank there (items come
    grouped by contract, best first, as `select` lists them)."""
    doc, top, rank = None, 0.0, 0
    for it in items:
        if it[0] != doc:
            doc, top, rank = it[0], it[2], 0
        else:
            rank += 1
        yield it, top, rank


def calibration_features(items) -> np.ndarray:
    rows = [[it[2], top - it[2], np.log1p(rank)] for it, top, rank in in_context(items)]
    return np.array(rows if RANK_TERMS else [r[:1] for r in rows])


RANK_TERMS = True  # Platt scaling also sees the gap to the contract's best candidate and the rank


def fit_calibration(selected, contracts) -> dict[str, dict]:
    """Platt scaling of the selected candidates' scores (with the gap to the best candidate of the
    contract and the rank, see RANK_TERMS), then the presence threshold that maximises the category's
    F1 on the same (held-out) contracts."""
    calib = {}
    for cat, items in selected.items():
        if not items:
            continue
        s = calibration_features(items)
        y = np.array([it[3] for it in items])
        if y.all() or not y.any():
            cal = {"a": 0.0, "b": (4.0 if y.all() else -4.0)}
        else:
            lr = LogisticRegression(C=100.0).fit(s, y)
            cal = {"a": float(lr.coef_[0][0]), "b": float(lr.intercept_[0])}
            if RANK_TERMS:
                cal.update(gap=float(lr.coef_[0][1]), rank=float(lr.coef_[0][2]))
        best_top: dict[int, float] = {}
        for d, _, score, _ in items:
            best_top[d] = max(best_top.get(d, -1.0), platt(score, cal["a"], cal["b"]))
        docs = sorted(best_top)
        has = {d: bool(contracts[d].labels[cat]["spans"]) if cat in CUAD_CATEGORIES else bool(contracts[d].positives[cat]) for d in docs}
        threshold, best_f1 = 0.5, -1.0
        for t in np.arange(0.05, 0.951, 0.025):
            tp = sum(1 for d in docs if best_top[d] >= t and has[d])
            fp = sum(1 for d in docs if best_top[d] >= t and not has[d])
            fn = sum(has.values()) - tp
            f1 = 2 * tp / (2 * tp + fp + fn) if tp + fp + fn else 0.0
            if f1 > best_f1 + 1e-9:
                threshold, best_f1 = float(t), f1
        calib[cat] = {**cal, "threshold": threshold}
    return calib


def confidence(score: float, cal: dict, top: float | None = None, rank: int = 0) -> float:
    return calibrated(score, score if top is None else top, rank, cal)


BANDS = (0.0, 0.25, 0.5, 0.75, 0.9, 0.95)


def tune_band(contracts, all_selected, per_fold_calib, fold_of) -> float:
    """The presence-remap band with the best pooled out-of-fold AUPR (one number for all categories;
    the threshold of each category still maps to 0.5 whatever the band)."""
    cat_keys = list(CUAD_CATEGORIES)
    gts = {(c.id, k): c.labels[k]["spans"] for c in contracts for k in cat_keys}
    best, best_aupr = 0.0, -1.0
    for band in BANDS:
        preds: dict = {}
        for cat in cat_keys:
            for (d, i, score, _), top, rank in in_context(all_selected.get(cat, [])):
                cal = per_fold_calib[fold_of[d]].get(cat)
                if cal is None:
                    continue
                cand = contracts[d].candidates[i]
                conf = confidence(score, {**cal, "band": band}, top, rank)
                preds.setdefault((contracts[d].id, cat), []).append((contracts[d].text[cand.start : cand.end], conf))
        env, recs = fast_curve(preds, gts)
        value = cuad_eval.aupr(env, recs)
        log(f"presence-remap band {band}: pooled out-of-fold AUPR {value:.4f}")
        if value > best_aupr + 1e-9:
            best, best_aupr = band, value
    return best


def evaluate(contracts, selected, calib, docs, per_category: bool = True) -> dict:
    """The scorer's metrics over `docs`, computed exactly as cuad_eval.main does."""
    cat_keys = list(CUAD_CATEGORIES)
    preds, gts = {}, {}
    presence = {k: [0, 0, 0] for k in cat_keys}
    found: dict[int, set] = {d: set() for d in docs}
    by_doc: dict[int, dict[str, list]] = {d: {} for d in docs}
    for cat in cat_keys:
        for (d, i, score, _), top, rank in in_context(selected.get(cat, [])):
            conf = confidence(score, calib[cat], top, rank)
            cand = contracts[d].candidates[i]
            text = contracts[d].text[cand.start : cand.end]
            preds.setdefault((contracts[d].id, cat), []).append((text, conf))
            by_doc[d].setdefault(cat, []).append((cand.start, cand.end, conf))
            if conf >= 0.5:
                found[d].add(cat)
    answers = {"agreement_date": [0, 0], "effective_date": [0, 0], "expiration_date": [0, 0], "governing_law": [0, 0]}
    for d in docs:
        c = contracts[d]
        for k in cat_keys:
            spans = c.labels[k]["spans"]
            gts[(c.id, k)] = spans
            p = presence[k]
            if k in found[d] and spans:
                p[0] += 1
            elif k in found[d]:
                p[1] += 1
            elif spans:
                p[2] += 1
        facts = key_facts(c.text, by_doc[d])
        for kind in ("agreement_date", "effective_date", "expiration_date"):
            want = cuad_eval.parse_answer_date(c.labels[kind]["answer"])
            if want:
                answers[kind][1] += 1
                answers[kind][0] += int(facts.get(kind) == want)
        gl = c.labels["governing_law"]["answer"]
        if gl:
            answers["governing_law"][1] += 1
            ng, nw = cuad_eval.norm_place(facts.get("governing_law") or ""), cuad_eval.norm_place(gl)
            answers["governing_law"][0] += int(bool(ng) and bool(nw) and (ng in nw or nw in ng))
    env, recs = fast_curve(preds, gts)
    tp = sum(v[0] for v in presence.values())
    fp = sum(v[1] for v in presence.values())
    fn = sum(v[2] for v in presence.values())
    f1s = [2 * v[0] / (2 * v[0] + v[1] + v[2]) if sum(v) else 1.0 for v in presence.values()]
    per_cat = {}
    for k in cat_keys if per_category else []:
        ce, cr = fast_curve(preds, gts, {k})
        v = presence[k]
        per_cat[k] = {"aupr": cuad_eval.aupr(ce, cr), "f1": 2 * v[0] / (2 * v[0] + v[1] + v[2]) if sum(v) else 1.0}
    return {
        "aupr": cuad_eval.aupr(env, recs),
        "p_at_80r": cuad_eval.prec_at_recall(env, recs, 0.8),
        "p_at_90r": cuad_eval.prec_at_recall(env, recs, 0.9),
        "presence_micro_f1": 2 * tp / (2 * tp + fp + fn),
        "presence_macro_f1": sum(f1s) / len(f1s),
        "answers": {k: v[0] / v[1] if v[1] else None for k, v in answers.items()},
        "categories": per_cat,
    }


def fast_curve(preds, gts, cats=None):
    """cuad_eval.curve with the same semantics, computing each Jaccard once instead of once per
    threshold (the scorer's own loop takes minutes on 8 candidates x 41 categories x 405 contracts)."""
    items = []  # per key: (confidences, match matrix answers x preds, n answers)
    for key, answers in gts.items():
        if cats and key[1] not in cats:
            continue
        ps = preds.get(key, [])
        conf = np.array([c for _, c in ps], dtype=float)
        substr_ok = key[1] == "parties"
        m = np.array([[cuad_eval.matches(a, t, substr_ok) for t, _ in ps] for a in answers], dtype=bool)
        items.append((conf, m.reshape(len(answers), len(ps)), len(answers)))
    precs, recs = [1.0], [0.0]
    for thr in cuad_eval.THRESHOLDS:
        tp = fp = fn = 0
        for conf, m, n_ans in items:
            keep = conf > thr
            if not n_ans:
                fp += int(keep.sum())
                continue
            hit = m[:, keep].any(axis=1)
            tp += int(hit.sum())
            fn += n_ans - int(hit.sum())
            fp += int((~m[:, keep].any(axis=0)).sum())
        precs.append(tp / (tp + fp) if tp + fp else float("nan"))
        recs.append(tp / (tp + fn) if tp + fn else float("nan"))
    env = [0.0 if np.isnan(p) else p for p in precs]
    for i in range(len(env) - 2, -1, -1):
        env[i] = max(env[i], env[i + 1])
    return env, recs


# ---------------------------------------------------------------- driver
def decision(models, x, rows_mask=None) -> dict[str, np.ndarray]:
    return {cat: m.decision_function(x) for cat, m in models.items()}


def restrict_columns(x_raw: sp.csr_matrix, rows: Rows, train_docs) -> tuple[sp.csr_matrix, np.ndarray]:
    """Drop features seen in fewer than MIN_DF training candidates (the test fold never counts)."""
    in_train = np.isin(rows.doc, train_docs)
    df = np.asarray(x_raw[np.flatnonzero(in_train)].sum(axis=0)).ravel()
    keep = df >= MIN_DF
    return l2_rows(x_raw @ sp.diags(keep.astype(np.float32))), keep


def fold_assignment(n: int, folds: int) -> np.ndarray:
    """Fold of each contract (labels.jsonl order); bench/cuad_folds.py relies on the same split."""
    return np.random.default_rng(SEED).permutation(n) % folds


class _Linear:
    """coef_/intercept_ of one category restricted to the fold's kept features (for save_model)."""

    def __init__(self, coef: np.ndarray, intercept: float) -> None:
        self.coef_ = coef[None, :]
        self.intercept_ = np.array([intercept])


def save_fold_model(out_dir: Path, f: int, vocab: list[str], keep: np.ndarray, models: dict, calib: dict) -> None:
    """Fold f's model in the run-time format, its vocabulary cut to the features kept in training
    (run time normalises by the number of known features, as training normalised the kept ones)."""
    cols = np.flatnonzero(keep)
    restricted = {cat: _Linear(m.coef_[0][cols], float(m.intercept_[0])) for cat, m in models.items()}
    save_model(out_dir / f"fold{f}.npz", [vocab[i] for i in cols], CATEGORIES, restricted, calib)


def write_fold_index(out_dir: Path, contracts, fold_of: np.ndarray) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
    from cuad_folds import feature_key

    index = {"seed": SEED, "folds": int(fold_of.max()) + 1, "feature_key": feature_key(),
             "fold_of": {c.id: int(fold_of[i]) for i, c in enumerate(contracts)}}
    (out_dir / "folds.json").write_text(json.dumps(index, indent=0))


def recalibrate_fold_model(out_dir: Path, f: int, calib: dict) -> None:
    """Rewrite a saved fold model with new calibration (used with --reuse-oof)."""
    path = out_dir / f"fold{f}.npz"
    if not path.exists():
        sys.exit(f"{path} is missing: run once without --reuse-oof to train the fold models")
    recalibrate_model(path, calib)


def recalibrate_model(path: Path, calib: dict) -> None:
    """Rewrite a model file's calibration, its weights and vocabulary unchanged."""
    from contractbox.engine.clause_model import load_model

    with np.load(path, allow_pickle=False) as z:
        arrays = {k: z[k] for k in z.files}
    meta = load_model(path).meta
    meta["calibration"] = calib
    arrays["meta"] = np.frombuffer(json.dumps(meta).encode("utf-8"), dtype=np.uint8)
    np.savez_compressed(path, **arrays)


def fold_oof_path(f: int) -> Path:
    return OOF_PATH.with_name(f"oof_fold{f}{OOF_TAG}.npz")


def save_one_fold(save_folds: Path | None, f: int, vocab: list[str], keep, models, oof_rows: dict) -> None:
    """--only-fold: the fold's model (calibrated later, by --reuse-oof) and its out-of-fold scores
    (with --static-embeddings, the scores only: the run-time format cannot hold the dense block)."""
    if save_folds is None and not OOF_TAG:
        sys.exit("--only-fold needs --save-folds DIR")
    if save_folds is not None:
        save_folds.mkdir(parents=True, exist_ok=True)
        save_fold_model(save_folds, f, vocab, keep, models, {})
    fold_oof_path(f).parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(fold_oof_path(f), **oof_rows)
    log(f"fold {f + 1} model and out-of-fold scores written")


def merge_fold_oof(folds: int, fold_of: np.ndarray, row_doc: np.ndarray) -> None:
    """Join the out-of-fold scores of folds trained one by one (--only-fold) into OOF_PATH."""
    parts = [fold_oof_path(f) for f in range(folds)]
    if not all(p.exists() for p in parts):
        return
    if OOF_PATH.exists() and OOF_PATH.stat().st_mtime > max(p.stat().st_mtime for p in parts):
        return
    row_fold = fold_of[row_doc]
    oof = {cat: np.full(len(row_doc), np.nan) for cat in CATEGORIES}
    for f, p in enumerate(parts):
        with np.load(p) as z:
            for cat in CATEGORIES:
                if cat in z:
                    oof[cat][row_fold == f] = z[cat]
    np.savez_compressed(OOF_PATH, fold_of=fold_of, **{cat: np.nan_to_num(v, nan=-20.0) for cat, v in oof.items()})
    log(f"out-of-fold scores of {folds} folds merged into {OOF_PATH}")


def cross_validate(contracts, x_raw, rows: Rows, folds: int, c_reg: float, reuse: bool = False,
                   vocab: list[str] | None = None, save_folds: Path | None = None,
                   only_fold: int | None = None, fixed_band: float | None = None, metrics: bool = True,
                   dense: np.ndarray | None = None, dense_scale: float = 1.0) -> dict:
    n = len(contracts)
    fold_of = fold_assignment(n, folds)
    fold_keep: dict[int, np.ndarray] = {}
    fold_models: dict[int, dict] = {}
    oof = {cat: np.full(len(rows.doc), np.nan) for cat in CATEGORIES}
    if reuse:
        merge_fold_oof(folds, fold_of, rows.doc)
    if reuse and OOF_PATH.exists():
        with np.load(OOF_PATH) as z:
            oof = {cat: z[cat] for cat in CATEGORIES if cat in z}
        folds = 0 if len(next(iter(oof.values()))) == len(rows.doc) else folds
    for f in range(folds):
        if only_fold is not None and f != only_fold:
            continue
        t0 = time.perf_counter()
        train_docs = np.flatnonzero(fold_of != f)
        x, keep = restrict_columns(x_raw, rows, train_docs)
        x = with_dense(x, dense, np.flatnonzero(np.isin(rows.doc, train_docs)), dense_scale)
        models = fit_all(x, rows, train_docs, c_reg)
        if save_folds is not None or only_fold is not None:
            fold_keep[f], fold_models[f] = keep, models
        test_rows = np.flatnonzero(fold_of[rows.doc] == f)
        for cat, m in models.items():
            oof[cat][test_rows] = m.decision_function(x[test_rows])
        log(f"fold {f + 1}/{folds} trained in {time.perf_counter() - t0:.0f}s")
    if only_fold is not None:
        save_one_fold(save_folds, only_fold, vocab or [], fold_keep[only_fold], fold_models[only_fold],
                      {cat: v[fold_of[rows.doc] == only_fold] for cat, v in oof.items()})
        return {}
    scores = {cat: np.nan_to_num(v, nan=-20.0) for cat, v in oof.items()}
    np.savez_compressed(OOF_PATH, fold_of=fold_of, **scores)
    # calibration of fold f is fitted on the other folds' out-of-fold scores only
    fold_results = []
    all_selected = select(contracts, rows, scores, range(n))
    per_fold_calib = {}
    folds = int(fold_of.max()) + 1
    for f in range(folds):
        other = {cat: [it for it in items if fold_of[it[0]] != f] for cat, items in all_selected.items()}
        per_fold_calib[f] = fit_calibration(other, contracts)
    band = tune_band(contracts, all_selected, per_fold_calib, fold_of) if fixed_band is None else fixed_band
    for calib in per_fold_calib.values():
        for cal in calib.values():
            cal["band"] = band
    if save_folds is not None:
        save_folds.mkdir(parents=True, exist_ok=True)
        for f in range(folds):
            if f in fold_models:
                save_fold_model(save_folds, f, vocab or [], fold_keep[f], fold_models[f], per_fold_calib[f])
            else:
                recalibrate_fold_model(save_folds, f, per_fold_calib[f])
        write_fold_index(save_folds, contracts, fold_of)
        log(f"fold models written to {save_folds}")
    if not metrics:
        return {"oof_selected": all_selected, "band": band}
    # evaluate each fold with its own calibration, then pool the predictions as the scorer would
    pooled_calib_selected = {cat: [] for cat in CATEGORIES}
    for cat, items in all_selected.items():
        for it, top, rank in in_context(items):
            cal = per_fold_calib[fold_of[it[0]]].get(cat)
            if cal is None:
                continue
            conf = confidence(it[2], cal, top, rank)
            pooled_calib_selected[cat].append((it[0], it[1], conf, it[3]))
    identity = {cat: {"a": 1.0, "b": 0.0, "threshold": 0.5} for cat in CATEGORIES}
    pooled = {cat: [(d, i, logit(p), y) for d, i, p, y in items] for cat, items in pooled_calib_selected.items()}
    report = evaluate(contracts, pooled, identity, list(range(n)))
    for f in range(folds):
        docs = np.flatnonzero(fold_of == f).tolist()
        sel = {cat: [it for it in items if fold_of[it[0]] == f] for cat, items in pooled.items()}
        fold_results.append(evaluate(contracts, sel, identity, docs, per_category=False))
    report["folds"] = [{k: r[k] for k in ("aupr", "p_at_80r", "presence_micro_f1", "answers")} for r in fold_results]
    report["oof_selected"] = all_selected
    report["band"] = band
    return report


def logit(p: float) -> float:
    return float(np.log(max(p, 1e-9) / max(1 - p, 1e-9)))


def print_report(r: dict) -> None:
    print(f"{'category':38s} {'F1':>5s} {'AUPR':>5s}")
    for k, v in r["categories"].items():
        print(f"{k:38s} {v['f1']:5.2f} {v['aupr']:5.2f}")
    for i, f in enumerate(r.get("folds", [])):
        a = f["answers"]
        print(f"fold {i + 1}: AUPR={f['aupr']:.3f} P@80R={f['p_at_80r']:.3f} microF1={f['presence_micro_f1']:.3f} "
              f"dates={a['agreement_date']:.2f}/{a['effective_date']:.2f}/{a['expiration_date']:.2f} gl={a['governing_law']:.2f}")
    a = r["answers"]
    print(f"pooled 5-fold: AUPR={r['aupr']:.3f} P@80R={r['p_at_80r']:.3f} P@90R={r['p_at_90r']:.3f} "
          f"presenceMicroF1={r['presence_micro_f1']:.3f} presenceMacroF1={r['presence_macro_f1']:.3f} "
          f"dates={a['agreement_date']:.2f}/{a['effective_date']:.2f}/{a['expiration_date']:.2f} governingLaw={a['governing_law']:.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=Path(__file__).resolve().parents[2] / "shared/data/cuad")
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--C", dest="c_reg", type=float, default=1.0)
    ap.add_argument("--no-cv", action="store_true")
    ap.add_argument("--no-save", action="store_true")
    ap.add_argument("--reuse-oof", action="store_true", help="reuse the last run's out-of-fold scores")
    ap.add_argument("--report", type=Path, help="write the CV metrics as JSON here")
    ap.add_argument("--save-folds", type=Path, metavar="DIR",
                    help="write each fold's model (with its calibration) for bench/cuad_folds.py, e.g. bench/out/folds")
    ap.add_argument("--recalibrate-shipped", action="store_true",
                    help="keep the shipped model's weights (trained by this script on all contracts) and rewrite only "
                         "its calibration from the out-of-fold scores; use with --reuse-oof")
    ap.add_argument("--only-fold", type=int, metavar="F",
                    help="train only fold F (0-based) and write its model and out-of-fold scores; once every fold "
                         "is written, --reuse-oof --save-folds DIR joins them and calibrates")
    ap.add_argument("--band", type=float, help="presence-remap band (default: tuned on the out-of-fold AUPR)")
    ap.add_argument("--no-rank-terms", action="store_true",
                    help="calibrate on the score alone (without the gap to the best candidate and the rank)")
    ap.add_argument("--cache", type=Path, default=Path(__file__).resolve().parent / ".cache")
    ap.add_argument("--static-embeddings", type=Path, metavar="T.npy",
                    help="append a dense block per candidate: the mean static vector of its span's words (table and "
                         "word list T.txt from bench/static_embeddings.py); measurement only, needs --no-save")
    ap.add_argument("--emb-weighting", choices=("mean", "sif"), default="mean", help="plain or SIF-weighted mean")
    ap.add_argument("--emb-headings", action="store_true", help="a second block: the mean vector of the heading words")
    ap.add_argument("--emb-scale", type=float, default=1.0, help="row norm of the standardised dense block")
    args = ap.parse_args()

    global RANK_TERMS, OOF_PATH, OOF_TAG
    RANK_TERMS = not args.no_rank_terms
    embeddings = None
    if args.static_embeddings:
        if not args.no_save or (args.save_folds and args.only_fold is None):
            sys.exit("--static-embeddings measures only: use --no-save (and --save-folds only with --only-fold)")
        embeddings = StaticEmbeddings(args.static_embeddings, args.emb_weighting, args.emb_headings, args.emb_scale)
        OOF_TAG = embeddings.tag() + (f"s{args.emb_scale:g}" if args.emb_scale != 1.0 else "")
        OOF_PATH = OOF_PATH.with_name(f"oof_scores{OOF_TAG}.npz")
    contracts = load_contracts(args.data, args.cache)
    log(f"{len(contracts)} contracts, {sum(len(c.candidates) for c in contracts)} candidates")
    rows = Rows(contracts)
    dense = None
    if args.reuse_oof and (args.no_save or args.recalibrate_shipped):
        vocab, x_raw = [], None  # calibration only: the saved models keep their features
    else:
        vocab = build_vocab(contracts)
        x_raw = build_matrix(contracts, vocab)
        log(f"{len(vocab)} features")
        if embeddings is not None:
            dense = embeddings.matrix(contracts)
            log(f"dense block of {dense.shape[1]} columns, {np.isnan(dense[:, 0]).mean():.1%} rows without known words")
    calib_source, band = None, 0.0
    if not args.no_cv:
        report = cross_validate(contracts, x_raw, rows, args.folds, args.c_reg, args.reuse_oof,
                                vocab, args.save_folds, args.only_fold, args.band, not args.recalibrate_shipped,
                                dense, args.emb_scale)
        if args.only_fold is not None:
            return
        calib_source = report.pop("oof_selected")
        band = report.pop("band")
        if report:
            report["band"] = band
            print_report(report)
        if args.report:
            if args.report.exists():  # the official scorer's figures are added by hand after a scorer run
                kept = json.loads(args.report.read_text()).get("official_scorer")
                report.update({"official_scorer": kept} if kept else {})
            args.report.write_text(json.dumps(report, indent=1))
    if args.no_save:
        return
    if calib_source is None:
        sys.exit("the shipped model's calibration is fitted on out-of-fold scores: run with cross-validation")
    calib = fit_calibration(calib_source, contracts)
    for cal in calib.values():
        cal["band"] = band
    if args.recalibrate_shipped:
        recalibrate_model(MODEL_PATH, calib)
        log(f"calibration of {MODEL_PATH} rewritten (weights kept)")
        return
    x = l2_rows(x_raw)
    models = fit_all(x, rows, np.arange(len(contracts)), args.c_reg)
    save_model(MODEL_PATH, vocab, CATEGORIES, models, calib)
    log(f"model written to {MODEL_PATH} ({MODEL_PATH.stat().st_size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
