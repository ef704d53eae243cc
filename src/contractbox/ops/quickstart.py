"""`contractbox quickstart` (what `python3 dev.py start` runs): checks, then the printed guide.

Everything is checked before anything is created, so a taken port or a server already running
on the data dir costs no key. The printed commands must work verbatim in a new shell (a test
runs them): the `contractbox` program is named by its full path, resolved at run time, and every
CLI command names the data dir."""

from __future__ import annotations

import os
import shlex
import socket
import sys
from pathlib import Path

from contractbox.core.paths import ui_dir
from contractbox.core.serverlock import server_running

SAMPLE_PDF_NAME = "mutual_nda.pdf"

# bash-safe one-liners for python3 (single quotes outside, only double quotes inside, no f-strings)
FIELD = "python3 -c 'import json,sys; print(json.load(sys.stdin)[sys.argv[1]])'"
PDF_BODY = (
    'python3 -c \'import base64,json,sys; print(json.dumps({"title": "Sample mutual NDA", "sourceType": "pdf",'
    ' "pdfBase64": base64.b64encode(open(sys.argv[1], "rb").read()).decode()}))\''
)
READABLE = (
    'python3 -c \'import json,sys; r=json.load(sys.stdin); ev={e["id"]: e for e in r["evidence"]};'
    ' print(r["summary"]["text"]); print("Risk score:", r["riskScore"]["value"], r["riskScore"]["level"]);'
    ' [print("-", k["title"] + (" (page " + str(ev[k["evidenceIds"][0]]["page"]) + "): "'
    ' + repr(ev[k["evidenceIds"][0]]["text"][:90]) if k["evidenceIds"] else "")) for k in r["risks"]]\''
)
TEST_TEXT = (
    "This Agreement is made on January 5, 2026 between Acme Corp and Beta LLC. Beta LLC shall keep all "
    "Confidential Information secret. It is governed by the laws of the State of New York."
)


def preflight(data_dir: Path, host: str, port: int) -> str | None:
    """Why the quick start cannot serve here, or None. Creates only the data dir itself."""
    if server_running(data_dir):
        return (
            f"A ContractBox server is already running on {data_dir}. Use it (`contractbox console-url` "
            "prints a sign-in link), stop it, or pass another --data-dir."
        )
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"Cannot create the data dir {data_dir}: {exc.strerror}. Pass another --data-dir."
    if not os.access(data_dir, os.W_OK):
        return f"The data dir {data_dir} is not writable. Pass another --data-dir."
    if not port_is_free(host, port):
        return f"Port {port} on {host} is in use by another program. Pass another port, for example --port {port + 1}."
    return None


def port_is_free(host: str, port: int) -> bool:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds: TIME_WAIT is no conflict
        try:
            sock.bind((host, port))
        except OSError:
            return False
    return True


def program() -> str:
    """This very `contractbox`, as a new shell can run it."""
    if getattr(sys, "frozen", False):
        return shlex.quote(sys.executable)
    script = Path(sys.argv[0])
    if script.name == "contractbox" and script.is_file():
        return shlex.quote(str(script.absolute()))
    return f"{shlex.quote(sys.executable)} -m contractbox"


def activation_hint() -> str:
    """How to get plain `contractbox` on PATH in a new shell, when this runs from a venv."""
    if getattr(sys, "frozen", False) or sys.prefix == sys.base_prefix:
        return ""
    activate = Path(sys.prefix) / "bin" / "activate"
    return (
        f" (or run `source {shlex.quote(str(activate))}` first, then plain `contractbox`)" if activate.is_file() else ""
    )


def guide(base: str, secret: str, data_dir: Path) -> str:
    """The quick start, copy-paste runnable as printed (bash or zsh with curl and python3)."""
    cli = program()
    at_data = f"--data-dir {shlex.quote(str(data_dir))}"
    sample = shlex.quote(str(ui_dir() / "samples" / SAMPLE_PDF_NAME))
    test_auth = '-H "Authorization: Bearer $CB_KEY"'
    live_auth = '-H "Authorization: Bearer $CB_LIVE_KEY"'
    return f"""
ContractBox quick start
Server:   {base} (starting below; Ctrl+C stops it)
Data:     {data_dir} (databases and logs; --data-dir or CONTRACTBOX_DATA_DIR chooses another)
Command:  {program()}{activation_hint()}

Demo organization ready. Test key (shown once): {secret}

1. Test mode. Test keys run a mock engine: the result is fixed sample data, NOT about the
document you send (it is there to build integrations against). Paste into another terminal:

  export CB_KEY={secret}
  ID=$(curl -s {base}/v1/analyses {test_auth} -H "Content-Type: application/json" \\
    -d '{{"title": "Demo NDA", "sourceType": "text", "text": "{TEST_TEXT}"}}' \\
    | {FIELD} analysisId)
  until curl -s {base}/v1/analyses/$ID {test_auth} | grep -qE '"status":"(completed|failed)"'; do sleep 0.2; done
  curl -s {base}/v1/analyses/$ID/result {test_auth}; echo

2. Live mode, the real engine: approve the Demo organization for live access, create a live key
and analyse a sample contract (a mutual NDA, as a PDF). Paste:

  {cli} orgs approve-live Demo {at_data}
  export CB_LIVE_KEY=$({cli} keys create --org Demo --mode live --name quickstart-live --json {at_data} | {FIELD} secret)
  ID=$({PDF_BODY} {sample} \\
    | curl -s {base}/v1/analyses {live_auth} -H "Content-Type: application/json" -d @- | {FIELD} analysisId)
  until curl -s {base}/v1/analyses/$ID {live_auth} | grep -qE '"status":"(completed|failed)"'; do sleep 0.2; done
  curl -s {base}/v1/analyses/$ID/result {live_auth} | {READABLE}

Reviewer and console in a browser: `{cli} console-url {at_data}` prints a one-time sign-in link.
API reference: {base}/docs
"""
