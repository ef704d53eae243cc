"""Would the fact readers make a better second opinion on the fact categories' candidates?

For each clause prediction of a fact category (parties, agreement / effective / expiration date, renewal term, notice
period, governing law) in a held-out analysis dump, note whether its evidence overlaps the evidence of the engine's own
fact of that kind; then demote the confidence of the predictions that do not (and of every prediction of a category
whose fact is missing) and read precision at 80% recall again with the scorer's match rule (`cuad_p80.threshold_at`).

    .venv/bin/python bench/cuad_fact_demotion.py bench/out/heldout.jsonl

Session 16: every demotion lowered precision at 80% recall (docs/engine.md). CUAD v1 by The Atticus Project, CC BY 4.0.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import cuad_p80  # noqa: E402
from cuad_misses import DATA, read_dump, scorer  # noqa: E402

# clause category -> the key-date kinds whose evidence is its fact (None: the category's own summary fact)
FACT_KINDS: dict[str, list[str] | None] = {
    "agreement_date": ["agreement_date"],
    "effective_date": ["effective_date"],
    "expiration_date": ["expiration_date"],
    "renewal_term": ["renewal_date"],
    "notice_period_to_terminate_renewal": ["notice_deadline"],
    "governing_law": None,
    "parties": None,
}
Bounds = tuple[int, int]


def fact_evidence(result: dict) -> dict[str, list[Bounds]]:
    """Evidence ranges of the engine's facts, by key-date kind, "governing_law" and "parties"."""
    where = {e["id"]: (e.get("start") or 0, e.get("end") or 0) for e in result.get("evidence", [])}
    found: dict[str, list[Bounds]] = defaultdict(list)
    for key_date in result.get("keyDates", []):
        found[key_date["kind"]] += [where[e] for e in key_date["evidenceIds"]]
    summary = result.get("summary") or {}
    if summary.get("governingLaw"):
        found["governing_law"] += [where[e] for e in summary["governingLaw"]["evidenceIds"]]
    for party in summary.get("parties", []):
        found["parties"] += [where[e] for e in party["evidenceIds"]]
    return found


def overlaps(a: Bounds, b: Bounds) -> bool:
    return min(a[1], b[1]) > max(a[0], b[0])


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dump", type=Path)
    ap.add_argument("--data", type=Path, default=DATA)
    args = ap.parse_args(argv)
    spans, predictions = cuad_p80.load(args.dump, args.data, scorer(args.data))
    facts = {cid: fact_evidence(result) for cid, result in read_dump(args.dump).items()}
    threshold, _, precision = cuad_p80.threshold_at(spans, predictions, 0.8)
    print(f"as it is: confidence at 80% recall {threshold:.4f}, precision {precision:.3f}")
    # per prediction: None (not a fact category) or (the fact exists, the prediction overlaps it)
    features: list[tuple[bool, bool] | None] = []
    counts: Counter[tuple[str, bool, bool, bool]] = Counter()
    for n, (cid, category, confidence, hits) in enumerate(predictions):
        if category not in FACT_KINDS:
            features.append(None)
            continue
        ranges = [r for kind in FACT_KINDS[category] or [category] for r in facts.get(cid, {}).get(kind, [])]
        feature = (bool(ranges), any(overlaps(cuad_p80.where[n], r) for r in ranges))
        features.append(feature)
        if confidence >= threshold:
            counts[(category, *feature, bool(hits))] += 1
    print("above that confidence: category, fact found, overlaps it, matches a label -> predictions")
    for key in sorted(counts):
        print(" ", key, counts[key])
    for apart, missing in ((0.5, 1.0), (1.0, 0.5), (0.5, 0.5), (0.3, 0.3), (0.1, 0.5)):
        demoted = []
        for (cid, category, confidence, hits), feature in zip(predictions, features):
            if feature is not None:
                has_fact, overlapping = feature
                confidence *= missing if not has_fact else (1.0 if overlapping else apart)
            demoted.append((cid, category, confidence, hits))
        threshold, _, precision = cuad_p80.threshold_at(spans, demoted, 0.8)
        print(
            f"x{apart} apart from the fact, x{missing} without one: confidence {threshold:.4f}, precision {precision:.3f}"
        )


if __name__ == "__main__":
    main()
