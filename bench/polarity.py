"""The effect of polarity (engine/polarity.py) on CUAD's clause metrics, as a scorer command.

Prints what `contractbox analyze --jsonl` prints, restricted to clauses and their evidence (the
only parts the CUAD span and presence metrics read), with polarity applied or, with `--off`, not:

    cd /work/main
    for mode in "--off" ""; do nice -n 10 .venv/bin/python /work/shared/eval/cuad_eval.py \\
        --data /work/shared/data/cuad --cmd ".venv/bin/python bench/polarity.py $mode" \\
        --report bench/out/polarity$mode.json --quiet; done

`--folds DIR` scores each contract with its held-out fold model (see bench/cuad_folds.py).
CUAD v1 by The Atticus Project, CC BY 4.0.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]


def clauses_only(path: Path, use_polarity: bool, model: Any = None) -> dict[str, Any]:
    from contractbox.engine import live, polarity
    from contractbox.documents.sources import read_file as load_document

    document = load_document(path)
    _, by_category = live.score_clauses(document.text, model or live.default_model())
    if use_polarity:
        by_category = polarity.apply(document.text, by_category).by_category
    evidence = live.Evidence(document)
    return {"clauses": live._clauses(by_category, evidence), "evidence": evidence.items}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--off", action="store_true", help="without polarity (the baseline)")
    parser.add_argument("--folds", type=Path, help="held-out fold models (bench/cuad_folds.py)")
    args = parser.parse_args()
    from contractbox.cli.analyze import jsonl_line

    folds = None
    if args.folds:
        sys.path.insert(0, str(REPO / "bench"))
        from cuad_folds import FoldModels

        folds = FoldModels(args.folds)
    for source in args.paths:
        path = Path(source)
        model = folds.for_contract(path.stem) if folds else None
        try:
            line = {"source": source, "result": clauses_only(path, not args.off, model)}
        except Exception as exc:  # noqa: BLE001 - one bad file must not stop the batch
            line = {"source": source, "error": {"code": "internal_error", "message": str(exc)}}
        sys.stdout.write(jsonl_line(line))  # escapes U+2028 and friends, which would split the line


if __name__ == "__main__":
    main()
