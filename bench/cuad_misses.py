"""List the key-fact misses of an analysis dump against CUAD's answers, as the official scorer
counts them (strict dates: a date where CUAD has none is wrong; governing law by `norm_place`).

    nice -n 10 .venv/bin/python bench/cuad_folds.py /work/shared/data/cuad/contracts/*.txt \\
        > bench/out/heldout.jsonl                                     # held-out analyses, once
    .venv/bin/python bench/cuad_misses.py bench/out/heldout.jsonl [--kind agreement_date] [--context 160]

Prints, per miss, the contract id, CUAD's answer, the engine's date (or law) and the text around
the engine's evidence, then the counts per kind. Read it to find rules that generalise, not to
patch single contracts. CUAD v1 by The Atticus Project, CC BY 4.0.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

DATA = Path("/work/shared/data/cuad")
KINDS = ("agreement_date", "effective_date", "expiration_date", "governing_law")


def scorer(data: Path):
    sys.path.insert(0, str(data.parents[1] / "eval"))
    import cuad_eval

    return cuad_eval


def read_dump(dump: Path) -> dict[str, dict]:
    """Each contract's result in an analysis dump, by contract id (the file name without its suffix)."""
    results = {}
    for line in dump.read_text().splitlines():
        if line.startswith("{"):
            obj = json.loads(line)
            results[Path(obj["source"]).stem] = obj.get("result") or {}
    return results


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dump", type=Path, help="JSONL of {source, result} lines (contractbox analyze --jsonl)")
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--kind", choices=KINDS, action="append")
    ap.add_argument("--context", type=int, default=160)
    args = ap.parse_args(argv)
    ev = scorer(args.data)
    results = read_dump(args.dump)
    counts = {k: [0, 0] for k in KINDS}
    for raw in (args.data / "labels.jsonl").read_text().splitlines():
        entry = json.loads(raw)
        res = results.get(entry["id"])
        if res is None:
            continue
        text = (args.data / entry["text"]).read_text(errors="replace")
        evidence = {e["id"]: e for e in res.get("evidence", [])}
        for kind in args.kind or KINDS:
            answer = (entry["labels"][kind]["answer"] or "").strip()
            if kind == "governing_law":
                if not answer:
                    continue
                law = (res.get("summary") or {}).get("governingLaw") or {}
                got = law.get("jurisdiction") if isinstance(law, dict) else law
                ng, nw = ev.norm_place(got or ""), ev.norm_place(answer)
                ok = bool(ng) and bool(nw) and (ng in nw or nw in ng)
                want, quote = answer, ""
                ids = law.get("evidenceIds", []) if isinstance(law, dict) else []
            else:
                want = ev.parse_answer_date(answer)
                if not (want or answer.lower() in ("", "perpetual")):
                    continue
                dates = [d for d in res.get("keyDates", []) if d.get("kind") == kind]
                got = next((d["date"] for d in dates if d.get("date")), None)
                ok = got == want
                ids = dates[0].get("evidenceIds", []) if dates else []
                quote = dates[0].get("text", "") if dates else ""
            counts[kind][0] += ok
            counts[kind][1] += 1
            if ok:
                continue
            around = ""
            for eid in ids[:1]:
                e = evidence.get(eid, {})
                start, end = e.get("start"), e.get("end")
                if isinstance(start, int) and isinstance(end, int):
                    around = text[max(0, start - args.context) : end + args.context]
            print(f"== {kind} {entry['id'][:70]}\n   CUAD {want or answer!r}  engine {got!r}  {quote[:120]!r}")
            if around:
                print("   ..." + " ".join(around.split()) + "...")
    for kind, (right, total) in counts.items():
        if total:
            print(f"{kind:16s} {right}/{total} = {right / total:.3f}")


if __name__ == "__main__":
    main()
