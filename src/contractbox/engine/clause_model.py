"""The clause model: one linear classifier per category over the candidates' sparse binary
features, stored as a vocabulary and an int8 weight matrix (one scale per category).

Scoring a contract sums the weight rows of each candidate's distinct known features
(`feature_sums.py`) and divides by the square root of their number: rows are L2-normalised
binary vectors, as in training.
"""

from __future__ import annotations

import io
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from contractbox.engine.candidates import Candidate
from contractbox.engine.feature_sums import feature_sums

MODEL_PATH = Path(__file__).resolve().parent / "data" / "clause_model.npz"


class ClauseModel:
    def __init__(
        self,
        vocab: list[str],
        categories: list[str],
        weights: np.ndarray,
        scale: np.ndarray,
        bias: np.ndarray,
        calibration: dict[str, dict[str, float]],
        meta: dict[str, Any],
    ) -> None:
        self.index = {f: i for i, f in enumerate(vocab)}
        self.categories = categories
        self.null_row = len(vocab)  # an all-zero row, so empty candidates sum to zero
        self.weights = np.vstack([weights, np.zeros((1, weights.shape[1]), dtype=weights.dtype)])
        self.scale = scale.astype(np.float32)
        self.bias = bias.astype(np.float32)
        self.calibration = calibration
        self.meta = meta

    def score(self, candidates: list[Candidate]) -> np.ndarray:
        """Raw decision scores, shape (len(candidates), len(categories))."""
        if not candidates:
            return np.zeros((0, len(self.categories)), dtype=np.float32)
        sums, counts = feature_sums(candidates, self.index, self.weights, self.null_row)
        norms = np.sqrt(np.maximum(counts.astype(np.float32), 1.0))[:, None]
        return sums.astype(np.float32) * self.scale / norms + self.bias


def save_model(path: Path, vocab: list[str], categories: list[str], models: dict, calibration: dict) -> None:
    """Write sklearn-style linear models (coef_, intercept_) as the compact run-time format."""
    dense = np.zeros((len(vocab), len(categories)), dtype=np.float32)
    bias = np.full(len(categories), -20.0, dtype=np.float32)
    for j, cat in enumerate(categories):
        if cat in models:
            dense[:, j] = models[cat].coef_[0]
            bias[j] = models[cat].intercept_[0]
    scale = np.maximum(np.abs(dense).max(axis=0), 1e-9) / 127.0
    weights = np.round(dense / scale).astype(np.int8)
    meta = {"categories": categories, "calibration": calibration, "format": 1}
    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    np.savez_compressed(
        buf,
        vocab=np.frombuffer("\n".join(vocab).encode("utf-8"), dtype=np.uint8),
        weights=weights,
        scale=scale.astype(np.float32),
        bias=bias,
        meta=np.frombuffer(json.dumps(meta).encode("utf-8"), dtype=np.uint8),
    )
    path.write_bytes(buf.getvalue())


def load_model(path: Path = MODEL_PATH) -> ClauseModel:
    with np.load(path, allow_pickle=False) as z:
        vocab = z["vocab"].tobytes().decode("utf-8").split("\n")
        meta = json.loads(z["meta"].tobytes().decode("utf-8"))
        return ClauseModel(vocab, meta["categories"], z["weights"], z["scale"], z["bias"], meta["calibration"], meta)


@lru_cache(maxsize=1)
def default_model() -> ClauseModel:
    return load_model(MODEL_PATH)
