"""Loading CUAD, building candidates and their labels (cached), for training and cross-validation.

CUAD v1 by The Atticus Project, CC BY 4.0.
"""

from __future__ import annotations

import hashlib
import json
import pickle
import sys
from dataclasses import dataclass
from pathlib import Path

from contractbox.engine.candidates import Candidate, build_candidates
from contractbox.engine.categories import CUAD_CATEGORIES, LABELS, OWN_CATEGORIES, eligible
from contractbox.engine.weak_labels import WEAK_PATTERNS

EVAL_DIR = Path(__file__).resolve().parents[2] / "shared" / "eval"
sys.path.insert(0, str(EVAL_DIR))
import cuad_eval  # noqa: E402  (the official scorer: its word sets and Jaccard define a match)


@dataclass
class Contract:
    id: str
    text: str
    labels: dict  # category -> {"spans": [...], "answer": str}
    candidates: list[Candidate]
    positives: dict[str, list[int]]  # category -> indices of matching candidates


def load_entries(data: Path) -> list[dict]:
    with open(data / "labels.jsonl", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


def _matches(category: str, gold: list[str], text: str, words: set[str]) -> bool:
    for g in gold:
        if category == "parties" and g in text:
            return True
        gw = cuad_eval.words(g)
        union = len(gw | words)
        if union and len(gw & words) / union >= cuad_eval.IOU:
            return True
    return False


def label_candidates(entry: dict, text: str, cands: list[Candidate]) -> dict[str, list[int]]:
    positives: dict[str, list[int]] = {c: [] for c in LABELS}
    slices = [text[c.start : c.end] for c in cands]
    word_sets = [cuad_eval.words(s) for s in slices]
    for cat in CUAD_CATEGORIES:
        gold = entry["labels"][cat]["spans"]
        if not gold:
            continue
        for i, c in enumerate(cands):
            if eligible(cat, c.kind, c.index) and _matches(cat, gold, slices[i], word_sets[i]):
                positives[cat].append(i)
    for cat, pattern in WEAK_PATTERNS.items():
        positives[cat] = [i for i, c in enumerate(cands) if c.kind == "sent" and pattern.search(slices[i])]
    return positives


def _cache_key(data: Path) -> str:
    sources = [Path(__file__).parents[1] / "src/contractbox/engine" / n for n in
               ("candidates.py", "segment.py", "weak_labels.py", "categories.py")]
    h = hashlib.sha256()
    for p in sources + [data / "labels.jsonl"]:
        h.update(p.read_bytes())
    return h.hexdigest()[:16]


def load_contracts(data: Path, cache_dir: Path) -> list[Contract]:
    cache_dir.mkdir(parents=True, exist_ok=True)
    cache = cache_dir / f"contracts-{_cache_key(data)}.pkl"
    if cache.exists():
        with open(cache, "rb") as fh:
            return pickle.load(fh)
    out = []
    for entry in load_entries(data):
        text = (data / entry["text"]).read_text(encoding="utf-8")
        cands = build_candidates(text)
        out.append(Contract(entry["id"], text, entry["labels"], cands, label_candidates(entry, text, cands)))
    with open(cache, "wb") as fh:
        pickle.dump(out, fh, protocol=pickle.HIGHEST_PROTOCOL)
    return out


__all__ = ["Contract", "load_contracts", "load_entries", "cuad_eval", "OWN_CATEGORIES"]
