"""Awkward input end to end (issue 4): every file of samples/ submitted to a real server with a
live key, and to `contractbox analyze`, ends in its documented error code or a valid result,
and the server keeps serving. Expected outcomes are read from samples/README.md."""

from __future__ import annotations

import base64
import json
import re
import subprocess
import sys

import httpx
import pytest

from conftest import REPO, Key, Server, wait_done

SAMPLES = REPO / "samples"
ROW = re.compile(r"^\| `([^`]+)` \| (pdf|text|html) \| `([a-z_]+)` \|", re.MULTILINE)
EXPECTED = {name: (kind, outcome) for name, kind, outcome in ROW.findall((SAMPLES / "README.md").read_text())}
SUBMITTABLE = {name: v for name, v in EXPECTED.items() if v[0] in ("pdf", "text")}

sys.path.insert(0, str(SAMPLES))
from make_samples import many_pages_pdf  # noqa: E402


@pytest.fixture(scope="module")
def live_key(server: Server) -> Key:
    return server.key(server.org("hostile-input", live=True), "live")


def submit(client: httpx.Client, name: str, kind: str, data: bytes) -> dict:
    if kind == "pdf":
        body = {"title": name, "sourceType": "pdf", "pdfBase64": base64.b64encode(data).decode(), "filename": name}
    else:
        body = {"title": name, "sourceType": "text", "text": data.decode("utf-8", errors="replace")}
    response = client.post("/v1/analyses", json=body)
    if response.status_code == 400:  # rejected at the door (e.g. an all-whitespace text)
        return {"status": "rejected", "error": response.json()["error"]}
    assert response.status_code == 202, response.text
    return wait_done(client, response.json()["analysisId"], timeout=120)


def test_the_corpus_is_all_there() -> None:
    assert len(SUBMITTABLE) >= 15
    for name in EXPECTED:
        assert (SAMPLES / name).exists(), name


@pytest.mark.parametrize("name", sorted(SUBMITTABLE))
def test_each_sample_through_the_live_api(server: Server, live_key: Key, name: str) -> None:
    kind, outcome = SUBMITTABLE[name]
    with live_key.client() as client:
        done = submit(client, name, kind, (SAMPLES / name).read_bytes())
        if outcome == "success":
            assert done["status"] == "completed", done["error"]
            result = client.get(done["links"]["result"]).json()
            assert result["engine"]["name"] != "mock"
            text_len = done["document"]["characterCount"]
            assert all(0 <= e["start"] <= e["end"] <= text_len for e in result["evidence"])
        elif not (SAMPLES / name).read_bytes().strip():  # nothing to read: refused at the door with a 400
            assert done["status"] == "rejected" and done["error"]["param"] in ("text", "pdfBase64")
        else:
            assert done["status"] == "failed" and done["error"]["code"] == outcome
            assert len(done["error"]["message"]) > 30
    assert httpx.get(server.base_url + "/healthz").status_code == 200


def test_two_thousand_pages_complete_through_the_live_api(live_key: Key) -> None:
    with live_key.client() as client:
        done = submit(client, "long.pdf", "pdf", many_pages_pdf(2000))
    assert done["status"] == "completed", done["error"]
    assert done["document"]["pageCount"] == 2000


def test_cli_reports_each_sample_and_never_crashes() -> None:
    files = [SAMPLES / name for name, (kind, _) in sorted(SUBMITTABLE.items()) if kind == "pdf" or name.endswith(".txt")]
    run = subprocess.run([sys.executable, "-m", "contractbox", "analyze", "--jsonl", *map(str, files)], capture_output=True, text=True, timeout=300)
    lines = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    by_source = {line["source"]: line for line in lines}
    assert set(by_source) == {str(f) for f in files}
    for path in files:
        outcome = SUBMITTABLE[path.name][1]
        line = by_source[str(path)]
        if outcome == "success":
            assert "result" in line, line
        else:
            assert line["error"]["code"] == outcome, (path.name, line)
