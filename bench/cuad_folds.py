"""Held-out CUAD analysis: each contract is analysed with the clause model of the cross-validation
fold that did not train on it (5 folds by contract, the split of `training/train_engine.py`;
each fold's calibration and presence thresholds are fitted without that fold's contracts).
Everything else (candidates, facts, parties, dates, risks) is the live engine as it is on disk.

Use it as the scorer's command (the output is `contractbox analyze --jsonl`'s: one JSON line per
input, `{"source": PATH, "result": ...}` or `{"source": PATH, "error": ...}`):

    cd /work/main
    nice -n 10 .venv/bin/python /work/shared/eval/cuad_eval.py --data /work/shared/data/cuad \\
        --cmd ".venv/bin/python bench/cuad_folds.py" --quiet          # add --pdf for the 23 PDFs

The fold models are not in git. Produce them once (about 10-20 minutes on 2 shared cores):

    nice -n 10 .venv/bin/python training/train_engine.py --data /work/shared/data/cuad \\
        --save-folds bench/out/folds --no-save

Inputs are CUAD paths (`contracts/<id>.txt` or `pdfs/<id>.pdf`): the file name is the contract id.
A path that is not a CUAD contract gets an error line. `--folds DIR` reads models from elsewhere.
CUAD v1 by The Atticus Project, CC BY 4.0.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
DEFAULT_FOLDS = REPO / "bench" / "out" / "folds"
FEATURE_SOURCES = ("candidates.py", "segment.py", "weak_labels.py", "categories.py", "feature_sums.py")
HOW_TO_TRAIN = ("nice -n 10 .venv/bin/python training/train_engine.py --data /work/shared/data/cuad "
                "--save-folds bench/out/folds --no-save")


def feature_key() -> str:
    """Hash of the modules that define candidates and features: fold models trained before a change
    to them score different features than the ones they learned."""
    h = hashlib.sha256()
    for name in FEATURE_SOURCES:
        h.update((REPO / "src/contractbox/engine" / name).read_bytes())
    return h.hexdigest()[:16]


class FoldModels:
    def __init__(self, folds_dir: Path) -> None:
        index_path = folds_dir / "folds.json"
        if not index_path.exists():
            sys.exit(f"cuad_folds: no fold models in {folds_dir}. Produce them with:\n    {HOW_TO_TRAIN}")
        index = json.loads(index_path.read_text())
        self.dir = folds_dir
        self.fold_of: dict[str, int] = index["fold_of"]
        if index.get("feature_key") not in (None, feature_key()):
            print("cuad_folds: warning: candidates/features changed since the fold models were trained; "
                  f"retrain them:\n    {HOW_TO_TRAIN}", file=sys.stderr)
        self._models: dict[int, Any] = {}

    def for_contract(self, contract_id: str) -> Any | None:
        fold = self.fold_of.get(contract_id)
        if fold is None:
            return None
        if fold not in self._models:
            from contractbox.engine.clause_model import load_model

            self._models[fold] = load_model(self.dir / f"fold{fold}.npz")
        return self._models[fold]


def analyze_held_out(path: Path, models: FoldModels) -> dict[str, Any]:
    from contractbox.documents import DocumentError
    from contractbox.engine import live
    from contractbox.documents.sources import read_file as load_document

    model = models.for_contract(path.stem)
    if model is None:
        return {"error": {"code": "not_in_cuad", "message": f"{path.name}: not a CUAD contract of the fold index."}}
    try:
        return {"result": live.analyze(load_document(path), model=model)}
    except DocumentError as exc:
        return {"error": {"code": exc.code, "message": exc.message}}
    except Exception as exc:  # noqa: BLE001  (one bad file must not stop a batch, as in `contractbox analyze`)
        return {"error": {"code": "internal_error", "message": f"{path.name} could not be analysed: {exc}"}}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--folds", type=Path, default=DEFAULT_FOLDS, help="directory of fold models")
    args = ap.parse_args(argv)
    from contractbox.cli.analyze import jsonl_line

    models = FoldModels(args.folds)
    failed = False
    for source in args.paths:
        outcome = analyze_held_out(Path(source), models)
        failed = failed or "error" in outcome
        sys.stdout.write(jsonl_line({"source": source, **outcome}))
        sys.stdout.flush()
    sys.exit(1 if failed else 0)  # as `contractbox analyze`: the lines say which input failed


if __name__ == "__main__":
    main()
