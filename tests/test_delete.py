"""DELETE /v1/analyses/{id} and DELETE /v1/contracts/{id} against a real server: scoped like their
writes, only within the caller's organization and mode, audited with the key as actor, the stored
document gone from the database file, comparisons that quote it gone too, and a second DELETE 404."""

from __future__ import annotations

import base64
import json
import sqlite3
import uuid
from pathlib import Path

import httpx
from conftest import CUAD, Key, Server, wait_done, wait_for

NDA = (
    "MUTUAL NONDISCLOSURE AGREEMENT between Northwind Traders and Contoso Ltd.\n"
    "Each party shall keep the other's Confidential Information secret for five years.\n"
    "This Agreement is governed by the laws of the State of Delaware."
)


def marked_text() -> tuple[str, str]:
    """A contract text with a marker found nowhere else, to look for on disk after the delete."""
    marker = f"MARKER{uuid.uuid4().hex}"
    return NDA + f"\nReference {marker}.", marker


def completed(client: httpx.Client, text: str, title: str = "NDA") -> str:
    response = client.post("/v1/analyses", json={"title": title, "sourceType": "text", "text": text})
    assert response.status_code == 202, response.text
    analysis_id = response.json()["analysisId"]
    assert wait_done(client, analysis_id)["status"] == "completed"
    return analysis_id


def database(server: Server) -> sqlite3.Connection:
    return sqlite3.connect(server.data_dir / "contractbox.db", timeout=10, isolation_level=None)


def on_disk(server: Server, marker: bytes) -> bool:
    """Whether the bytes are anywhere in the app database's files (main file and WAL)."""
    files = [server.data_dir / name for name in ("contractbox.db", "contractbox.db-wal")]
    return any(marker in path.read_bytes() for path in files if path.exists())


def audit_entries(server: Server, target: str) -> list[tuple[str, dict]]:
    with database(server) as db:
        rows = db.execute("SELECT action, actor FROM console_audit WHERE target = ?", (target,)).fetchall()
    return [(action, json.loads(actor)) for action, actor in rows]


def test_delete_analysis_removes_it_and_its_document_and_is_audited(server: Server, org_key: Key) -> None:
    text, marker = marked_text()
    with org_key.client() as client:
        analysis_id = completed(client, text)
        assert on_disk(server, marker.encode()), (
            "the marker must be stored before the delete for the test to mean anything"
        )
        response = client.delete(f"/v1/analyses/{analysis_id}")
        assert response.status_code == 200, response.text
        assert response.json() == {"id": analysis_id, "object": "analysis", "deleted": True}
        assert client.get(f"/v1/analyses/{analysis_id}").status_code == 404
        assert client.get(f"/v1/analyses/{analysis_id}/result").status_code == 404
        assert analysis_id not in [
            a["analysisId"] for a in client.get("/v1/analyses", params={"limit": 100}).json()["data"]
        ]
        second = client.delete(f"/v1/analyses/{analysis_id}")
        assert second.status_code == 404 and second.json()["error"]["code"] == "resource_missing"
    wait_for(
        lambda: not on_disk(server, marker.encode()), timeout=30, what="the document's text to leave the database files"
    )
    deletions = [actor for action, actor in audit_entries(server, analysis_id) if action == "analysis.delete"]
    assert deletions == [{"type": "key", "id": org_key.key_id, "name": org_key.key_id}]


def test_delete_pdf_analysis_removes_the_pdf_bytes(fresh_server: Server) -> None:
    # A server of its own: on the session's shared server, after ~200 other tests, the WAL could not
    # be emptied within 30 s (some reader kept an old snapshot); that is recorded as an open question.
    server = fresh_server.start()
    org_key = server.key(server.org("delete-pdf"))
    pdf = sorted((CUAD / "pdfs").glob("*.pdf"))[0].read_bytes()
    probe = pdf[len(pdf) // 2 : len(pdf) // 2 + 64]  # a run of the PDF's own bytes from its middle
    with org_key.client() as client:
        body = {"title": "PDF", "sourceType": "pdf", "pdfBase64": base64.b64encode(pdf).decode()}
        analysis_id = client.post("/v1/analyses", json=body).json()["analysisId"]
        wait_done(client, analysis_id, timeout=120)
        assert on_disk(server, probe)
        assert client.delete(f"/v1/analyses/{analysis_id}").status_code == 200
    wait_for(lambda: not on_disk(server, probe), timeout=30, what="the PDF's bytes to leave the database files")


def test_delete_needs_the_write_scope_and_stays_in_organization_and_mode(server: Server, org_key: Key) -> None:
    org = server.org(f"delete-other-{uuid.uuid4().hex[:8]}", live=True)
    reader = server.key(org_key.org, scopes="analyses:read,contracts:read")
    other_org = server.key(org)
    live_same_org_key = server.key(org, mode="live")
    with org_key.client() as client:
        analysis_id = completed(client, NDA)
        contract_id = client.post("/v1/contracts", json={"analysisId": completed(client, NDA)}).json()["contractId"]
    with reader.client() as client:
        for path in (f"/v1/analyses/{analysis_id}", f"/v1/contracts/{contract_id}"):
            refused = client.delete(path)
            assert refused.status_code == 403 and refused.json()["error"]["code"] == "insufficient_scope"
    for outsider in (other_org, live_same_org_key):
        with outsider.client() as client:
            for path in (f"/v1/analyses/{analysis_id}", f"/v1/contracts/{contract_id}"):
                assert client.delete(path).status_code == 404
    with org_key.client() as client:
        assert client.get(f"/v1/analyses/{analysis_id}").status_code == 200
        assert client.get(f"/v1/contracts/{contract_id}").status_code == 200


def test_delete_contract_takes_its_analysis_document_and_comparisons(server: Server, org_key: Key) -> None:
    text, marker = marked_text()
    with org_key.client() as client:
        analysis_id = completed(client, text)
        other_id = completed(client, NDA.replace("five", "three"))
        contract = client.post("/v1/contracts", json={"analysisId": analysis_id}).json()
        other = client.post("/v1/contracts", json={"analysisId": other_id}).json()
        comparison = client.post("/v1/comparisons", json={"left": other["contractId"], "right": contract["contractId"]})
        assert comparison.status_code == 201, comparison.text
        # A saved analysis cannot be deleted on its own: its contract shows its document.
        refused = client.delete(f"/v1/analyses/{analysis_id}")
        assert refused.status_code == 409
        assert refused.json()["error"]["code"] == "analysis_saved"
        assert refused.json()["error"]["contractId"] == contract["contractId"]

        response = client.delete(f"/v1/contracts/{contract['contractId']}")
        assert response.status_code == 200, response.text
        assert response.json() == {"id": contract["contractId"], "object": "contract", "deleted": True}
        assert client.get(f"/v1/contracts/{contract['contractId']}").status_code == 404
        assert client.get(f"/v1/analyses/{analysis_id}").status_code == 404
        assert client.get(f"/v1/comparisons/{comparison.json()['comparisonId']}").status_code == 404
        assert client.get(f"/v1/contracts/{other['contractId']}").status_code == 200, "the other side stays"
        assert client.delete(f"/v1/contracts/{contract['contractId']}").status_code == 404
    wait_for(
        lambda: not on_disk(server, marker.encode()),
        timeout=30,
        what="the contract's document to leave the database files",
    )
    assert [action for action, _ in audit_entries(server, contract["contractId"])].count("contract.delete") == 1


def test_a_queued_analysis_deleted_never_runs(fresh_server: Server) -> None:
    fresh_server.env = {"CONTRACTBOX_WORKERS": "1"}
    fresh_server.start()
    key = fresh_server.key(fresh_server.org("queued-delete"))
    texts = [p.read_text() for p in sorted((CUAD / "contracts").glob("*.txt"))[:10]]
    with key.client() as client:
        ids = [
            client.post("/v1/analyses", json={"title": str(i), "sourceType": "text", "text": t}).json()["analysisId"]
            for i, t in enumerate(texts)
        ]
        last = ids[-1]
        assert client.get(f"/v1/analyses/{last}").json()["status"] == "queued", "one worker, nine contracts ahead"
        assert client.delete(f"/v1/analyses/{last}").status_code == 200
        for analysis_id in ids[:-1]:
            wait_done(client, analysis_id, timeout=180)
        assert client.get(f"/v1/analyses/{last}").status_code == 404
    assert "Traceback" not in fresh_server.log()


def test_analyses_saved_before_the_upgrade_stay_saved(tmp_path: Path) -> None:
    import pytest
    import sqlite_utils

    from contractbox.analyses.removal import deletable_row
    from contractbox.core.errors import ApiError
    from contractbox.core.migrations import STEPS, apply_migrations
    from contractbox.keys.service import Principal

    database = sqlite_utils.Database(tmp_path / "contractbox.db")
    names = [name for name, _ in STEPS]
    apply_migrations(database, STEPS[: names.index("0602_analysis_saves")])  # analyses.saved_as was the mark
    database.conn.execute(
        "INSERT INTO organizations (id, name, live_approved, created_at) VALUES ('org_a', 'A', 0, '2026-01-01T00:00:00Z')"
    )
    for analysis_id, saved_as in (("ana_saved", "ctr_1"), ("ana_free", None)):
        database.conn.execute(
            "INSERT INTO analyses (id, org_id, mode, key_id, title, source_type, status, created_at, saved_as) "
            "VALUES (?, 'org_a', 'test', 'key_1', 'T', 'text', 'completed', '2026-01-01T00:00:00Z', ?)",
            (analysis_id, saved_as),
        )
    database.conn.commit()
    apply_migrations(database)
    principal = Principal("key_1", "org_a", "test", frozenset())
    with pytest.raises(ApiError) as refused:
        deletable_row(database, principal, "ana_saved")
    assert refused.value.code == "analysis_saved" and refused.value.extra == {"contractId": "ctr_1"}
    assert deletable_row(database, principal, "ana_free")["id"] == "ana_free"
