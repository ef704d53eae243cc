"""Where precision at 80% recall is lost: an analysis dump's clause predictions matched against
CUAD's spans with the official scorer's rule, then read at the confidence where recall reaches 80%.

    nice -n 10 .venv/bin/python bench/cuad_folds.py /work/shared/data/cuad/contracts/*.txt \\
        > bench/out/heldout.jsonl                                     # held-out analyses, once
    .venv/bin/python bench/cuad_p80.py bench/out/heldout.jsonl [--recall 0.8]

Prints the labelled spans, how many any prediction matches (reach: the ceiling of recall), the
confidence where recall first reaches the target on a continuous sweep and the precision there
(the scorer's 101 thresholds give a little less), then per category: spans, reached, matched above
that confidence, unmatched predictions above it and how many of those are in contracts without a
label of the category. A span counts once however many predictions match it; a prediction that
matches a span of its contract and category is never a false positive (the scorer's rule).

`--oracles` adds two upper bounds at the same recall: every labelled span found at the confidence of
the most confident prediction that covers 30% of it (perfect span boundaries, nothing else changed),
and no prediction in a contract without a label of its category (perfect presence), then both.
CUAD v1 by The Atticus Project, CC BY 4.0.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cuad_misses import DATA, read_dump, scorer  # noqa: E402

# prediction index -> (start, end) of its evidence in the contract text, filled by `load`
where: dict[int, tuple[int, int]] = {}


def load(dump: Path, data: Path, ev) -> tuple[dict, list[tuple[str, str, float, list[int]]]]:
    """Labelled spans by (contract, category) and every prediction as (contract, category,
    confidence, indices of the spans it matches)."""
    entries = [json.loads(line) for line in (data / "labels.jsonl").read_text().splitlines()]
    categories = [c["key"] for c in json.loads((data.parents[1] / "eval" / "categories.json").read_text())]
    results = read_dump(dump)
    spans, predictions = {}, []
    where.clear()
    for entry in entries:
        cid = Path(entry["text"]).stem
        for cat in categories:
            spans[(cid, cat)] = entry["labels"][cat]["spans"]
        result = results.get(cid, {})
        texts = {e["id"]: e.get("text", "") for e in result.get("evidence", [])}
        bounds = {e["id"]: (e.get("start") or 0, e.get("end") or 0) for e in result.get("evidence", [])}
        for clause in result.get("clauses", []):
            cat = clause["category"]
            if cat not in categories:
                continue
            labels = spans[(cid, cat)]
            for eid in clause.get("evidenceIds", []):
                text = texts.get(eid)
                if text:
                    hits = [i for i, a in enumerate(labels) if ev.matches(a, text, cat == "parties")]
                    predictions.append((cid, cat, float(clause["confidence"]), hits))
                    where[len(predictions) - 1] = bounds.get(eid, (0, 0))
    return spans, predictions


def threshold_at(
    spans: dict, predictions: list, target: float, found_at: dict | None = None, presence: bool = False
) -> tuple[float, float, float]:
    """The highest confidence at which recall reaches `target`, with recall and precision there.
    `found_at` raises a span's confidence (an oracle); `presence` drops predictions in contracts
    without a label of their category (an oracle)."""
    best: dict[tuple[str, str, int], float] = dict(found_at or {})
    unmatched = []
    for cid, cat, conf, hits in predictions:
        for i in hits:
            best[(cid, cat, i)] = max(best.get((cid, cat, i), -1.0), conf)
        if not hits and not (presence and not spans[(cid, cat)]):
            unmatched.append(conf)
    total = sum(len(v) for v in spans.values())
    found = sorted(best.values(), reverse=True)
    need = int(-(-target * total // 1))
    if need > len(found):
        return float("nan"), len(found) / total, 0.0
    t = found[need - 1]
    tp = sum(1 for c in found if c >= t)
    fp = sum(1 for c in unmatched if c >= t)
    return t, tp / total, tp / (tp + fp)


def covered_at(spans: dict, predictions: list, data: Path) -> dict[tuple[str, str, int], float]:
    """Each labelled span's best confidence among the predictions that cover 30% of it."""
    entries = [json.loads(line) for line in (data / "labels.jsonl").read_text().splitlines()]
    located: dict[tuple[str, str], list[tuple[int, int, int]]] = {}
    for entry in entries:
        cid = Path(entry["text"]).stem
        text = (data / entry["text"]).read_text(errors="replace")
        for (key_cid, cat), labels in spans.items():
            if key_cid != cid:
                continue
            for i, label in enumerate(labels):
                at = text.find(label)
                if at >= 0:
                    located.setdefault((cid, cat), []).append((i, at, at + len(label)))
    best: dict[tuple[str, str, int], float] = {}
    for n, (cid, cat, conf, _) in enumerate(predictions):
        start, end = where.get(n, (0, 0))
        for i, s, e in located.get((cid, cat), []):
            if min(e, end) - max(s, start) > 0.3 * (e - s):
                best[(cid, cat, i)] = max(best.get((cid, cat, i), -1.0), conf)
    return best


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dump", type=Path, help="JSONL of {source, result} lines (contractbox analyze --jsonl)")
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--recall", type=float, default=0.8)
    ap.add_argument("--oracles", action="store_true", help="also print the two upper bounds (see above)")
    args = ap.parse_args(argv)
    spans, predictions = load(args.dump, args.data, scorer(args.data))
    t, recall, precision = threshold_at(spans, predictions, args.recall)
    total = sum(len(v) for v in spans.values())
    reached: Counter[str] = Counter()
    matched: Counter[str] = Counter()
    seen = set()
    for cid, cat, conf, hits in sorted(predictions, key=lambda p: -p[2]):
        for i in hits:
            if (cid, cat, i) not in seen:
                seen.add((cid, cat, i))
                reached[cat] += 1
                matched[cat] += conf >= t
    wrong: Counter[str] = Counter(cat for cid, cat, conf, hits in predictions if not hits and conf >= t)
    wrong_absent: Counter[str] = Counter(
        cat for cid, cat, conf, hits in predictions if not hits and conf >= t and not spans[(cid, cat)]
    )
    print(f"labelled spans {total}, reached by any prediction {len(seen)} ({len(seen) / total:.1%})")
    print(f"recall {recall:.3f} first at confidence {t:.4f}: precision {precision:.3f}")
    if args.oracles:
        covered = covered_at(spans, predictions, args.data)
        for name, found_at, presence in (
            ("perfect span boundaries", covered, False),
            ("perfect presence", None, True),
            ("both", covered, True),
        ):
            print(f"oracle, {name}: precision {threshold_at(spans, predictions, args.recall, found_at, presence)[2]:.3f}")
    labelled: Counter[str] = Counter()
    for (_, cat), v in spans.items():
        labelled[cat] += len(v)
    print(f"{'category':38s} {'spans':>6s} {'reach':>6s} {'match':>6s} {'wrong':>6s} {'absent':>6s}")
    for cat in sorted(labelled, key=lambda c: -wrong[c]):
        print(
            f"{cat:38s} {labelled[cat]:6d} {reached[cat]:6d} {matched[cat]:6d} {wrong[cat]:6d} {wrong_absent[cat]:6d}"
        )


if __name__ == "__main__":
    main()
