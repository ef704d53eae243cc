"""Analyses run in worker processes (issue 15): the processes are reused from one analysis to the
next (the engine is loaded once per process), and a worker that dies in the middle of an
analysis fails that analysis with a clear code, is replaced, and takes nothing else with it."""

from __future__ import annotations

import base64
import io
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import CUAD, Server, submit_text, wait_done, wait_for
from pypdf import PdfReader, PdfWriter

WORKER_ENTRY = b"contractbox.analyses.worker"
PDF_READER_ENTRY = b"contractbox.documents.pdf"


@pytest.fixture
def two_worker_server(fresh_server: Server) -> Iterator[Server]:
    fresh_server.env = {"CONTRACTBOX_WORKERS": "2"}
    yield fresh_server.start()
    fresh_server.stop()


def children(parents: set[int], entry_point: bytes) -> set[int]:
    """Pids of the processes whose parent is in `parents` and whose command runs `entry_point`."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            command = (entry / "cmdline").read_bytes()
        except (OSError, IndexError, ValueError):
            continue
        if parent in parents and entry_point in command:
            found.add(int(entry.name))
    return found


def analysis_workers(server: Server) -> set[int]:
    """Pids of the server's analysis worker processes (its children running the worker entry)."""
    assert server.process is not None
    return children({server.process.pid}, WORKER_ENTRY)


def long_pdf(pages: int = 400) -> bytes:
    """CUAD pages repeated: seconds of reading, so the analysis is in flight when its worker dies."""
    writer = PdfWriter()
    while len(writer.pages) < pages:
        for path in sorted((CUAD / "pdfs").glob("*.pdf")):
            for page in PdfReader(path).pages:
                writer.add_page(page)
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def test_worker_processes_are_reused_across_analyses(two_worker_server: Server) -> None:
    key = two_worker_server.key(two_worker_server.org("reuse", live=True), mode="live")
    workers = wait_for(lambda: len(analysis_workers(two_worker_server)) == 2 and analysis_workers(two_worker_server))
    with key.client() as client:
        ids = [
            submit_text(client, f"Contract {n}. Either party may terminate on 30 days' notice.")["analysisId"]
            for n in range(8)
        ]
        assert all(wait_done(client, analysis_id)["status"] == "completed" for analysis_id in ids)
    assert analysis_workers(two_worker_server) == workers


def test_a_worker_that_dies_fails_its_analysis_only(two_worker_server: Server) -> None:
    key = two_worker_server.key(two_worker_server.org("crash", live=True), mode="live")
    body = {"title": "long", "sourceType": "pdf", "pdfBase64": base64.b64encode(long_pdf()).decode()}
    with key.client() as client:
        victim = client.post("/v1/analyses", json=body).json()["analysisId"]
        # "processing" is written before the job reaches a worker (a worker killed then is simply
        # replaced), so wait for a worker to be reading the PDF: its PDF reader process exists.
        # Stopping that reader holds the job inside the worker until the worker is killed.
        readers = wait_for(
            lambda: children(analysis_workers(two_worker_server), PDF_READER_ENTRY), what="a worker to read the PDF"
        )
        for pid in readers:
            os.kill(pid, signal.SIGSTOP)
        try:
            for pid in analysis_workers(two_worker_server):
                os.kill(pid, signal.SIGKILL)  # the idle one too: it must be replaced as well
        finally:
            for pid in readers:
                os.kill(pid, signal.SIGKILL)
        failed = wait_done(client, victim)
        assert failed["status"] == "failed" and failed["error"]["code"] == "analysis_crashed", failed
        assert failed["error"]["message"]
        after = [submit_text(client, "Either party may terminate on 30 days' notice.")["analysisId"] for _ in range(3)]
        assert [wait_done(client, analysis_id)["status"] for analysis_id in after] == ["completed"] * 3
    assert two_worker_server.process is not None and two_worker_server.process.poll() is None
