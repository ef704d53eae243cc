"""One key must not fill the disk (issue 13, defect 5): per-organization storage limits, deletion that
frees space, and the retention of unsaved analyses' documents, against a real server.

Before the fix one test key stored PDFs until the disk was full and every organization got 503."""

from __future__ import annotations

import base64
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from conftest import CUAD, Server, wait_done, wait_for

LIMIT_MB = 2


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[Server]:
    instance = Server(
        tmp_path / "data",
        env={
            "CONTRACTBOX_ORG_STORAGE_TEST_MB": str(LIMIT_MB),
            "CONTRACTBOX_SOURCE_RETENTION_DAYS": "30",
            "CONTRACTBOX_RETENTION_SWEEP_SECONDS": "1",
        },
    )
    instance.start()
    yield instance
    instance.stop()


def largest_cuad_pdf() -> bytes:
    return max((CUAD / "pdfs").glob("*.pdf"), key=lambda p: p.stat().st_size).read_bytes()


def submit_pdf(client: httpx.Client, pdf: bytes, title: str = "PDF") -> httpx.Response:
    return client.post(
        "/v1/analyses", json={"title": title, "sourceType": "pdf", "pdfBase64": base64.b64encode(pdf).decode()}
    )


def test_one_key_cannot_fill_the_disk_and_deleting_frees_space(limited: Server) -> None:
    pdf = largest_cuad_pdf()
    fits = (LIMIT_MB * 1024 * 1024) // len(pdf)
    attacker = limited.key(limited.org("filler"))
    bystander = limited.key(limited.org("bystander"))
    accepted: list[str] = []
    with attacker.client() as client:
        answers = [submit_pdf(client, pdf) for _ in range(fits + 3)]
        accepted = [a.json()["analysisId"] for a in answers if a.status_code == 202]
        refused = [a for a in answers if a.status_code != 202]
        assert len(accepted) == fits, f"{len(accepted)} PDFs of {len(pdf):,} bytes accepted under a {LIMIT_MB} MB limit"
        assert refused and all(a.status_code == 507 for a in refused), [a.text for a in refused]
        error = refused[0].json()["error"]
        assert error["code"] == "storage_quota_exceeded" and error["type"] == "api_error"
        assert error["requestId"].startswith("req_") and "DELETE /v1/analyses" in error["message"]
        assert error["limitBytes"] == LIMIT_MB * 1024 * 1024 and error["requestedBytes"] == len(pdf)
        assert error["usedBytes"] + len(pdf) > error["limitBytes"] >= error["usedBytes"]
        # Text counts too, and a contract's saved result.
        too_much_text = client.post(
            "/v1/analyses", json={"title": "T", "sourceType": "text", "text": "word " * (len(pdf) // 5)}
        )
        assert too_much_text.status_code == 507
    with bystander.client() as client:  # another organization is not affected
        assert submit_pdf(client, pdf).status_code == 202
    with attacker.client() as client:
        for analysis_id in accepted:
            wait_done(client, analysis_id, timeout=120)
        assert client.delete(f"/v1/analyses/{accepted[0]}").status_code == 200
        assert submit_pdf(client, pdf).status_code == 202, "deleting an analysis frees its space"
        assert submit_pdf(client, pdf).status_code == 507


def backdate(server: Server, analysis_id: str, days: int) -> None:
    """Let the retention period pass for one analysis (its completion time, as stored, moved back)."""
    with sqlite3.connect(server.data_dir / "contractbox.db", timeout=10, isolation_level=None) as db:
        db.execute(
            "UPDATE analyses SET completed_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now', ?) WHERE id = ?",
            (f"-{days} days", analysis_id),
        )


def source_kept(server: Server, analysis_id: str) -> bool:
    with sqlite3.connect(server.data_dir / "contractbox.db", timeout=10) as db:
        row = db.execute(
            "SELECT s.pdf IS NOT NULL OR d.text IS NOT NULL FROM analysis_sources s "
            "LEFT JOIN analysis_documents d ON d.analysis_id = s.analysis_id WHERE s.analysis_id = ?",
            (analysis_id,),
        ).fetchone()
    return bool(row[0])


def test_retention_removes_unsaved_documents_only_and_frees_their_space(limited: Server) -> None:
    pdf = largest_cuad_pdf()
    key = limited.key(limited.org("retention"))
    with key.client() as client:
        unsaved, saved, recent = (submit_pdf(client, pdf, title).json()["analysisId"] for title in ("a", "b", "c"))
        for analysis_id in (unsaved, saved, recent):
            assert wait_done(client, analysis_id, timeout=120)["status"] == "completed"
        contract = client.post("/v1/contracts", json={"analysisId": saved})
        assert contract.status_code == 201, contract.text
        fits = (LIMIT_MB * 1024 * 1024) // len(pdf)
        filled = [submit_pdf(client, pdf, "filler").status_code for _ in range(fits)]
        assert filled[-1] == 507, f"the organization must be full before the sweep: {filled}"
        backdate(limited, unsaved, 31)
        backdate(limited, saved, 31)
        wait_for(lambda: not source_kept(limited, unsaved), timeout=30, what="the sweep to remove the old document")
        assert source_kept(limited, saved), "a saved analysis keeps its document"
        assert source_kept(limited, recent), "a recent one too"
        analysis = client.get(f"/v1/analyses/{unsaved}")
        assert analysis.status_code == 200 and analysis.json()["status"] == "completed"
        assert client.get(f"/v1/analyses/{unsaved}/result").status_code == 200, "the result stays"
        assert submit_pdf(client, pdf).status_code == 202, "the removed document's space is free again"
