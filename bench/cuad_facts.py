"""Key facts only (strict dates, governing law and parties) on the 405 CUAD texts, fast enough to iterate on
the fact rules: the clause scores of each contract (after polarity, as `live.analyze` passes them to
`facts.read_facts`) are computed once and cached; the fact rules on disk then run in seconds.

    nice -n 10 .venv/bin/python bench/cuad_facts.py                 # held-out fold models (bench/out/folds)
    nice -n 10 .venv/bin/python bench/cuad_facts.py --shipped       # the shipped model (in-sample)
    .venv/bin/python bench/cuad_facts.py --misses agreement_date    # and list that kind's misses

Scored as `cuad_eval.py` scores them (strict dates: a date where CUAD has none is wrong; governing
law by `norm_place`). The figures to publish come from the official scorer
(`bench/cuad_score_fast.py --cmd "bench/cuad_folds.py"`), which reads the key dates of the whole
result; this script reads `facts.read_facts` directly. CUAD v1 by The Atticus Project, CC BY 4.0.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cuad_folds import DEFAULT_FOLDS, FoldModels, feature_key  # noqa: E402

DATA = Path("/work/shared/data/cuad")
OUT = Path(__file__).resolve().parent / "out"
DATE_KINDS = ("agreement_date", "effective_date", "expiration_date")


def scoring_key() -> str:
    """Hash of the modules that turn model scores into the cached confidences (calibration, polarity)."""
    h = hashlib.sha256()
    for name in ("live.py", "selection.py", "polarity.py"):
        h.update((Path(__file__).resolve().parents[1] / "src/contractbox/engine" / name).read_bytes())
    return h.hexdigest()[:12]


def clause_scores(entries: list[dict], data: Path, shipped: bool, folds: Path) -> dict[str, dict]:
    from contractbox.engine import polarity
    from contractbox.engine.clause_model import MODEL_PATH, default_model
    from contractbox.engine.live import score_clauses

    source = MODEL_PATH if shipped else folds / "folds.json"
    key = f"{'shipped' if shipped else 'heldout'}-{feature_key()}-{scoring_key()}-{source.stat().st_mtime_ns}"
    cache = OUT / f"clause-scores-{key}.pkl"
    if cache.exists():
        return pickle.loads(cache.read_bytes())
    models = None if shipped else FoldModels(folds)
    out = {}
    for entry in entries:
        text = (data / entry["text"]).read_text(errors="replace")
        model = default_model() if models is None else models.for_contract(entry["id"])
        _, by_category = score_clauses(text, model)
        out[entry["id"]] = polarity.apply(text, by_category).by_category
    OUT.mkdir(exist_ok=True)
    cache.write_bytes(pickle.dumps(out))
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--shipped", action="store_true", help="score with the shipped model (in-sample)")
    ap.add_argument("--folds", type=Path, default=DEFAULT_FOLDS)
    ap.add_argument("--misses", action="append", default=[], choices=(*DATE_KINDS, "governing_law", "parties"))
    args = ap.parse_args(argv)
    sys.path.insert(0, str(args.data.parents[1] / "eval"))
    import cuad_eval

    from contractbox.engine.facts import find_key_facts
    from contractbox.engine.parties import find_parties

    entries = [json.loads(line) for line in (args.data / "labels.jsonl").read_text().splitlines()]
    scores = clause_scores(entries, args.data, args.shipped, args.folds)
    strict = {k: [0, 0] for k in (*DATE_KINDS, "governing_law")}
    party = {"tp": 0, "fp": 0, "fn": 0, "contracts": 0, "exact": 0}
    for entry in entries:
        text = (args.data / entry["text"]).read_text(errors="replace")
        facts = find_key_facts(text, scores[entry["id"]])
        for kind in DATE_KINDS:
            raw = (entry["labels"][kind]["answer"] or "").strip()
            want = cuad_eval.parse_answer_date(raw)
            if not (want or raw.lower() in ("", "perpetual")):
                continue
            fact = facts.get(kind)
            got = fact.value if fact else None
            strict[kind][0] += got == want
            strict[kind][1] += 1
            if got != want and kind in args.misses:
                around = " ".join(text[max(0, fact.start - 160) : fact.end + 60].split()) if fact else ""
                print(f"== {kind} {entry['id'][:60]} CUAD {want or raw!r} engine {got!r}\n   ...{around}")
        law = (entry["labels"]["governing_law"]["answer"] or "").strip()
        if law:
            fact = facts.get("governing_law")
            ng, nw = cuad_eval.norm_place(fact.value if fact else ""), cuad_eval.norm_place(law)
            ok = bool(ng) and bool(nw) and (ng in nw or nw in ng)
            strict["governing_law"][0] += ok
            strict["governing_law"][1] += 1
            if not ok and "governing_law" in args.misses:
                around = " ".join(text[max(0, fact.start - 160) : fact.end + 60].split()) if fact else ""
                print(
                    f"== governing_law {entry['id'][:60]} CUAD {law!r} engine {fact.value if fact else None!r}\n"
                    f"   ...{around}"
                )
        gold = cuad_eval.gold_parties(entry["labels"]["parties"]["answer"])
        if gold:
            best = scores[entry["id"]].get("parties")
            found = find_parties(text, best[0][:2] if best else None)
            got = [g for g in dict.fromkeys(cuad_eval.norm_party(p.name) for p in found) if g]
            hit = [g for g in gold if any(cuad_eval.party_match(g, x) for x in got)]
            extra = [x for x in got if not any(cuad_eval.party_match(g, x) for g in gold)]
            party["tp"] += len(hit)
            party["fn"] += len(gold) - len(hit)
            party["fp"] += len(extra)
            party["contracts"] += 1
            exact = len(hit) == len(gold) and not extra
            party["exact"] += exact
            if not exact and "parties" in args.misses:
                print(f"== parties {entry['id'][:60]}\n   CUAD   {gold}\n   engine {[p.name for p in found]}")
    for kind, (right, total) in strict.items():
        print(f"{kind:16s} {right}/{total} = {right / total:.3f}")
    scored = cuad_eval.party_scores(party)
    print("parties          " + " ".join(f"{k} {v:.3f}" for k, v in scored.items() if isinstance(v, float)))


if __name__ == "__main__":
    main()
