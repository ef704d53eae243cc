"""`contractbox analyze PATH... [--jsonl]`: analyse local files (.txt, .pdf, .docx, and scans as
.png/.jpg/.tif) in-process with the live engine (no server, no data dir)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

PROGRESS_MIN_FILES = 5


def analyze_path(path: Path) -> dict[str, Any]:
    # Imported here, not at the top: every `contractbox` command imports this module (cli/main.py).
    from contractbox import engine
    from contractbox.documents import DocumentError
    from contractbox.documents.sources import read_file

    try:
        document = read_file(path)
        return {"result": engine.analyze(document, "live")}
    except DocumentError as exc:
        return {"error": {"code": exc.code, "message": exc.message}}
    except Exception as exc:  # one bad file must not stop a batch
        return {"error": {"code": "internal_error", "message": f"{path.name} could not be analysed: {exc}"}}


# Characters that str.splitlines() treats as line ends; json.dumps leaves them raw with
# ensure_ascii=False, which would cut a JSON line in two for a reader that splits lines.
_LINE_SEPARATORS = str.maketrans({"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"})


def jsonl_line(obj: dict[str, Any]) -> str:
    """One JSON line; other control characters are already escaped by json.dumps."""
    line = json.dumps(obj, ensure_ascii=False)
    if not line.isascii() and any(c in line for c in "\x85\u2028\u2029"):
        line = line.translate(_LINE_SEPARATORS)
    return line + "\n"


def render_report(source: str, outcome: dict[str, Any]) -> str:
    if "error" in outcome:
        return f"== {source}\n  error {outcome['error']['code']}: {outcome['error']['message']}\n"
    r = outcome["result"]
    s = r["summary"]
    lines = [f"== {source}", f"  {s['text']}", f"  risk score {r['riskScore']['value']} ({r['riskScore']['level']})"]
    for p in s["parties"]:
        lines.append(f"  party: {p['name']} ({p['role']})")
    for d in r["keyDates"]:
        lines.append(f'  {d["kind"]}: {d["date"] or "-"}  "{d["text"][:80]}"')
    evidence = {e["id"]: e for e in r["evidence"]}
    lines.append("  findings:")
    for c in r["clauses"]:
        if c["confidence"] >= 0.5:
            quote = " ".join(evidence[c["evidenceIds"][0]]["text"].split())
            lines.append(f"    [{c['confidence']:.2f}] {c['label']}: {quote[:110]}")
    lines.append("  risks:")
    for k in r["risks"]:
        lines.append(f"    {k['severity']:8s} {k['title']}")
    return "\n".join(lines) + "\n"


@click.command("analyze")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=str))
@click.option("--jsonl", is_flag=True, help="One JSON object per input on stdout.")
def analyze_command(paths: tuple[str, ...], jsonl: bool) -> None:
    """Analyse local contracts (.txt, .pdf, .docx, .png, .jpg, .tif) with the live engine.

    Exits 1 when any input could not be analysed (its line or report says why), 2 on usage errors."""
    failed = 0
    show_progress = len(paths) >= PROGRESS_MIN_FILES and sys.stderr.isatty()
    with (
        click.progressbar(paths, label="Analysing", file=sys.stderr, show_pos=True)
        if show_progress
        else _plain(paths) as items
    ):
        for source in items:
            outcome = analyze_path(Path(source))
            failed += "error" in outcome
            if jsonl:
                sys.stdout.write(jsonl_line({"source": source, **outcome}))
            else:
                sys.stdout.write(render_report(source, outcome) + "\n")
            sys.stdout.flush()
    if failed:
        click.echo(f"{failed} of {len(paths)} inputs could not be analysed.", err=True)
        sys.exit(1)


class _plain:
    def __init__(self, items):
        self.items = items

    def __enter__(self):
        return self.items

    def __exit__(self, *exc) -> None:
        return None


if __name__ == "__main__":
    analyze_command()
