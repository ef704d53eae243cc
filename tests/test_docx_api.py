"""Word files through the API and the CLI: a .docx made with python-docx from a sample contract, with
numbering, a table and tracked changes by two authors; hostile packages end in 400 at submission."""

from __future__ import annotations

import base64
import importlib.util
import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest
from conftest import Key, Server, wait_done

from contractbox.documents.docx import MAX_PART_BYTES

REPO = Path(__file__).resolve().parent.parent
SAAS = REPO / "sample_contracts" / "saas_subscription_agreement.txt"


def _load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module
    spec.loader.exec_module(module)
    return module


make_docx = _load(REPO / "samples" / "make_docx.py")


@pytest.fixture(scope="module")
def live_key(server: Server) -> Key:
    return server.key(server.org("docx-live", live=True), mode="live")


@pytest.fixture(scope="module")
def saas() -> make_docx.Built:
    return make_docx.contract_docx(SAAS.read_text(), make_docx.SAAS_CHANGES, make_docx.SAAS_TABLE)


def analyse(key: Key, **source: str) -> dict:
    with key.client() as client:
        created = client.post("/v1/analyses", json={"title": "SaaS markup", **source})
        assert created.status_code == 202, created.text
        done = wait_done(client, created.json()["analysisId"], timeout=120)
        assert done["status"] == "completed", done
        return client.get(done["links"]["result"]).json()


def submit(key: Key, **body: object) -> dict:
    with key.client() as client:
        response = client.post("/v1/analyses", json={"title": "hostile", **body})
    return {"status": response.status_code, **response.json()}


def test_a_marked_up_docx_is_analysed_with_its_changes_accepted_and_listed(live_key: Key, saas) -> None:
    result = analyse(live_key, sourceType="docx", docxBase64=base64.b64encode(saas.data).decode())
    as_text = analyse(live_key, sourceType="text", text=saas.text)
    assert result["hasUnacceptedChanges"] is True
    revisions = result["revisions"]
    assert {(r["kind"], r["author"]) for r in revisions} == {("inserted", "Bob Buyer"), ("deleted", "Alice Counsel")}
    for revision in revisions:
        if revision["kind"] == "inserted":
            assert saas.text[revision["start"] : revision["end"]] == revision["text"]
        else:
            assert revision["start"] == revision["end"] and revision["text"] not in saas.text
            assert revision["text"] == saas.deleted[0]
    # The uncapped-liability risk rests on Bob Buyer's insertion; the others on the original text.
    marked = {risk["category"]: risk["revisionIds"] for risk in result["risks"] if risk.get("fromRevision")}
    carve_out = next(r["id"] for r in revisions if r["text"].startswith("EXCEPT FOR BREACH OF SECTION 7"))
    assert marked == {"uncapped_liability": [carve_out]}
    for part in ("summary", "clauses", "keyDates", "obligations", "evidence", "riskScore"):
        assert result[part] == as_text[part], part
    markup = ("fromRevision", "revisionIds")
    assert [{k: v for k, v in r.items() if k not in markup} for r in result["risks"]] == as_text["risks"]
    assert "revisions" not in as_text and "hasUnacceptedChanges" not in as_text


def test_a_risk_raised_by_struck_out_text_is_marked_with_the_deletion(live_key: Key) -> None:
    """Bob Buyer strikes out the termination-for-cause sentences: the absence risk quotes nothing, yet it
    exists only because of his deletion (the text with the changes rejected does not raise it)."""
    paragraphs = make_docx.paragraphs_of(SAAS.read_text())
    six = next(p for p in paragraphs if p.startswith("6. TERMINATION."))
    struck = six[len("6. TERMINATION.") : six.index(" On termination")]
    source = "\n\n".join(p.replace(struck, "") if p is six else p for p in paragraphs)
    changes = [
        make_docx.Change("TERMINATION.", "Bob Buyer", deleted=struck),
        make_docx.Change("USD 96,000", "Bob Buyer"),
    ]
    built = make_docx.contract_docx(source, changes)
    result = analyse(live_key, sourceType="docx", docxBase64=base64.b64encode(built.data).decode())
    as_text = analyse(live_key, sourceType="text", text=source)  # the contract as it reads once accepted
    deletion = next(r for r in result["revisions"] if r["kind"] == "deleted")
    assert deletion["author"] == "Bob Buyer" and deletion["text"] == struck
    marked = {risk["category"]: risk["revisionIds"] for risk in result["risks"] if risk.get("fromRevision")}
    assert marked == {"termination_for_cause": [deletion["id"]]}
    assert "termination_for_cause" in {risk["category"] for risk in as_text["risks"]}


def test_a_docx_without_changes_says_so(org_key: Key) -> None:
    built = make_docx.contract_docx(SAAS.read_text(), [])
    result = analyse(org_key, sourceType="docx", docxBase64=base64.b64encode(built.data).decode())
    assert result["hasUnacceptedChanges"] is False and result["revisions"] == []
    assert all(e["text"] in built.text for e in result["evidence"])


def _zip(name: str, payload: bytes, method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method) as archive:
        archive.writestr(name, payload)
    return buffer.getvalue()


NS = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
LAUGHS = (
    '<?xml version="1.0"?><!DOCTYPE w:document [<!ENTITY a "aaaaaaaaaa">'
    + "".join(f'<!ENTITY a{i} "{("&a" + (str(i - 1) if i > 1 else "") + ";") * 10}">' for i in range(1, 10))
    + f"]><w:document {NS}><w:body><w:p><w:r><w:t>&a9;</w:t></w:r></w:p></w:body></w:document>"
)
HOSTILE = {
    "zip bomb": (_zip("word/document.xml", b"<" + b"a" * (MAX_PART_BYTES + 10) + b">"), "docx_too_large"),
    "entity expansion": (_zip("word/document.xml", LAUGHS.encode()), "docx_unreadable"),
    "huge XML nesting": (
        _zip("word/document.xml", f"<w:document {NS}><w:body>".encode() + b"<w:tbl><w:tr><w:tc>" * 5000),
        "docx_unreadable",
    ),
    "password protected (OLE)": (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 2000, "docx_encrypted"),
    "not a zip": (b"PK but not really a zip file", "docx_unreadable"),
}


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_docx_is_a_400_with_its_code(org_key: Key, name: str) -> None:
    data, code = HOSTILE[name]
    reply = submit(org_key, sourceType="docx", docxBase64=base64.b64encode(data).decode())
    assert reply["status"] == 400 and reply["error"]["code"] == code and reply["error"]["param"] == "docxBase64"
    with org_key.client() as client:
        assert client.get("/v1/analyses").json()["data"] == []  # nothing was stored


def test_docx_field_must_match_the_source_type(org_key: Key) -> None:
    reply = submit(org_key, sourceType="docx", pdfBase64="JVBERi0=")
    assert reply["status"] == 400 and reply["error"]["param"] == "docxBase64"


def test_cli_analyses_a_docx(saas, tmp_path: Path) -> None:
    path = tmp_path / "saas-markup.docx"
    path.write_bytes(saas.data)
    done = subprocess.run(
        [sys.executable, "-m", "contractbox", "analyze", "--jsonl", str(path)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)["result"]
    assert result["hasUnacceptedChanges"] is True
    assert any(r.get("fromRevision") for r in result["risks"])
    assert result["summary"]["governingLaw"]["jurisdiction"]
