"""The one-file binary, built once per session by packaging/build.py run with the Python of the
venv the wheel is installed in (the `installed_wheel` fixture, shared with tests/test_wheel.py),
and nothing but that binary driven on a fresh data dir: orgs, keys, serve, test-mode and live
analyses of text and PDF, restart, backup, doctor.

Slow (the build takes one to two minutes on 2 cores); CONTRACTBOX_TEST_BINARY=path reuses a
binary that is already built."""

from __future__ import annotations

import base64
import json
import os
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from conftest import REPO, SAMPLE_CONTRACTS, InstalledWheel, Key, ProgramServer, submit_text, wait_done, wait_for

from contractbox.cli.frozen import PDF_WORKER_FLAG

MAX_BINARY_BYTES = 150 * 1024**2
NDA_TEXT = (SAMPLE_CONTRACTS / "mutual_nda.txt").read_text()
SAMPLE_PDFS = sorted(SAMPLE_CONTRACTS.glob("*.pdf"))


def binary_environment() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "CONTRACTBOX_DATA_DIR")}
    return {**env, "CONTRACTBOX_URL_ALLOW_LOOPBACK": "1"}


@pytest.fixture(scope="session")
def binary(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    prebuilt = os.environ.get("CONTRACTBOX_TEST_BINARY")
    if prebuilt:
        return Path(prebuilt).resolve()
    installed: InstalledWheel = request.getfixturevalue("installed_wheel")
    out = tmp_path_factory.mktemp("binary")
    command = [str(installed.python), str(REPO / "packaging" / "build.py"), "--dist", str(out / "dist"), "--work", str(out / "work"), "--quiet"]
    result = subprocess.run(command, check=False, capture_output=True, text=True, timeout=1200, cwd=installed.workdir, env=installed.environment())
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    return out / "dist" / ("contractbox.exe" if sys.platform == "win32" else "contractbox")


def binary_server(data_dir: Path, binary: Path, **options: object) -> ProgramServer:
    """conftest.ProgramServer running the frozen binary, from outside the checkout."""
    return ProgramServer(data_dir, program=[str(binary)], environment=binary_environment(), cwd=data_dir.parent, **options)  # type: ignore[arg-type]


@dataclass
class Setup:
    server: ProgramServer
    test_key: Key
    live_key: Key


@pytest.fixture(scope="module")
def setup(binary: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Setup]:
    server = binary_server(tmp_path_factory.mktemp("binary-data") / "data", binary)
    org = server.org("Binary Firm LLP", live=True)
    test_key, live_key = server.key(org, "test"), server.key(org, "live")
    server.start()
    yield Setup(server, test_key, live_key)
    if server.process and server.process.poll() is None:
        server.stop()


def pdf_body(path: Path) -> dict:
    return {"title": path.stem, "sourceType": "pdf", "pdfBase64": base64.b64encode(path.read_bytes()).decode()}


def submit_pdfs(client: httpx.Client) -> list[str]:
    ids = []
    for path in SAMPLE_PDFS:
        response = client.post("/v1/analyses", json=pdf_body(path))
        assert response.status_code == 202, response.text
        ids.append(response.json()["analysisId"])
    return ids


def test_one_file_that_explains_itself_without_a_display(binary: Path) -> None:
    assert binary.is_file() and binary.stat().st_size <= MAX_BINARY_BYTES, binary.stat().st_size
    result = subprocess.run([str(binary)], check=False, capture_output=True, text=True, timeout=60, env=binary_environment())
    assert result.returncode == 0, result.stderr
    for command in ("serve", "desktop", "console-url"):
        assert f"{binary.name} {command}" in result.stdout or f"contractbox {command}" in result.stdout


def test_headless_desktop_names_the_download_with_the_window(binary: Path, tmp_path: Path) -> None:
    result = subprocess.run([str(binary), "desktop", "--data-dir", str(tmp_path / "data")], check=False,
                            capture_output=True, text=True, timeout=60, env=binary_environment())
    assert result.returncode == 1
    assert "contractbox-desktop-linux.tar.gz" in result.stderr and "contractbox serve" in result.stderr
    assert "pip install" not in result.stderr, "source-install advice means nothing to a binary user"


def test_test_mode_text_and_pdfs_and_the_bundled_ui(setup: Setup) -> None:
    with setup.test_key.client() as client:
        text = wait_done(client, submit_text(client, NDA_TEXT, title="NDA")["analysisId"])
        assert text["status"] == "completed", text
        assert client.get(f"/v1/analyses/{text['analysisId']}/result").json()["mode"] == "test"
        for analysis_id in submit_pdfs(client):
            done = wait_done(client, analysis_id)
            assert done["status"] == "completed" and done["document"]["pageCount"] >= 1, done
    base = setup.server.base_url
    assert httpx.get(base + "/docs").status_code == 200
    assert httpx.get(base + "/static/vendor/swagger-ui/swagger-ui-bundle.js").status_code == 200


def test_live_text_and_pdf(setup: Setup) -> None:
    with setup.live_key.client() as client:
        text = wait_done(client, submit_text(client, NDA_TEXT, title="NDA live")["analysisId"], timeout=120)
        assert text["status"] == "completed", text
        result = client.get(f"/v1/analyses/{text['analysisId']}/result").json()
        assert result["mode"] == "live" and result["evidence"]
        pdf = wait_done(client, submit_pdfs(client)[0], timeout=120)
        assert pdf["status"] == "completed", pdf


def test_live_scanned_pdf_and_docx_with_the_bundled_ocr_engine(setup: Setup) -> None:
    from test_docx_ocr_ui import make_docx_module, scanned_nda

    make_docx = make_docx_module()
    markup = make_docx.contract_docx((SAMPLE_CONTRACTS / "saas_subscription_agreement.txt").read_text(), make_docx.SAAS_CHANGES)
    bodies = [
        {"title": "scan", "sourceType": "pdf", "pdfBase64": base64.b64encode(scanned_nda()).decode()},
        {"title": "markup", "sourceType": "docx", "docxBase64": base64.b64encode(markup.data).decode()},
    ]
    with setup.live_key.client() as client:
        ids = [client.post("/v1/analyses", json=body).json()["analysisId"] for body in bodies]
        results = []
        for analysis_id in ids:
            done = wait_done(client, analysis_id, timeout=300)
            assert done["status"] == "completed", done
            results.append(client.get(f"/v1/analyses/{analysis_id}/result").json())
    scan, docx = results
    assert scan["ocr"]["pages"] == [1, 2] and any(e.get("boxes") for e in scan["evidence"])
    assert scan["summary"]["governingLaw"]["jurisdiction"] == "Delaware"
    assert docx["hasUnacceptedChanges"] is True and docx["revisions"]


def test_restart_keeps_results_and_resumes_queued_work(setup: Setup) -> None:
    server = setup.server
    with setup.test_key.client() as client:
        before = client.get("/v1/analyses").json()["data"]
        queued = submit_pdfs(client) + [submit_text(client, NDA_TEXT, title=f"queued {i}")["analysisId"] for i in range(5)]
    assert server.stop() == 0, server.log()
    server.start()
    with setup.test_key.client() as client:
        for analysis_id in queued:
            assert wait_done(client, analysis_id)["status"] == "completed"
        after = {a["analysisId"]: a["status"] for a in client.get("/v1/analyses", params={"limit": 100}).json()["data"]}
    assert all(after[a["analysisId"]] == a["status"] for a in before if a["status"] == "completed")


def test_backup_and_doctor_while_serving(setup: Setup, tmp_path: Path) -> None:
    server = setup.server
    code, output = server.cli("backup", str(tmp_path / "bk"))
    assert code == 0, output
    for name in ("contractbox.db", "queue.db"):
        with sqlite3.connect(tmp_path / "bk" / name) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    code, output = server.cli("restore", str(tmp_path / "bk"))
    assert code == 1 and "server is running" in output

    code, output = server.cli("doctor", "--json")
    assert code == 0, output
    report = json.loads(output)
    assert report["ok"] and report["versions"]["build"] == "frozen binary"
    assert report["versions"]["litestar"] not in ("unknown", "missing")
    checks = {c["name"]: c for c in report["checks"]}
    assert checks["server"]["detail"] == "running on this data dir" and checks["migrations"]["status"] == "ok"
    assert (server.data_dir / "logs" / "contractbox.log").stat().st_size > 0


def test_sigterm_stops_the_binary_cleanly(setup: Setup) -> None:
    server = setup.server
    assert server.process is not None
    server.process.send_signal(signal.SIGTERM)  # the one-file bootloader forwards it to the app
    assert server.process.wait(timeout=60) == 0
    code, output = server.cli("doctor", "--json")
    assert code == 0 and {"name": "server", "status": "ok", "detail": "not running"} in json.loads(output)["checks"]


def big_pdf() -> bytes:
    """About 800 pages of CUAD contracts: seconds of extraction, so it is in flight."""
    import io

    from conftest import CUAD
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    while len(writer.pages) < 800:
        for path in sorted((CUAD / "pdfs").glob("*.pdf")):
            for page in PdfReader(path).pages:
                writer.add_page(page)
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def pdf_worker_cpu_ticks(root_pid: int) -> int:
    """CPU time (clock ticks) spent so far by the PDF worker processes under root_pid."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    descendants: set[int] = set()
    frontier = {root_pid}
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier} - descendants
        descendants |= frontier
    ticks = 0
    for pid in descendants:
        try:
            if PDF_WORKER_FLAG.encode() in Path(f"/proc/{pid}/cmdline").read_bytes():
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                ticks += int(fields[11]) + int(fields[12])  # utime, stime
        except OSError:
            continue
    return ticks


def test_ctrl_c_in_a_terminal_stops_the_binary_gracefully(binary: Path, tmp_path: Path) -> None:
    """Ctrl+C signals the whole foreground process group: the bootloader (which also forwards
    it), the app and its PDF workers. That is one request to stop gracefully, not two, and the
    PDF being extracted must not fail."""
    server = binary_server(tmp_path / "data", binary, new_session=True, env={"CONTRACTBOX_WORKERS": "1"})
    key = server.key(server.org("Terminal LLP"), "test")
    server.start()
    body = {"title": "big", "sourceType": "pdf", "pdfBase64": base64.b64encode(big_pdf()).decode()}
    with key.client() as client:
        ids = [client.post("/v1/analyses", json=body).json()["analysisId"] for _ in range(2)]
        wait_for(lambda: client.get(f"/v1/analyses/{ids[0]}").json()["status"] == "processing", what="the first PDF to start")
    assert server.process is not None
    server_pid = server.process.pid
    idle_ticks = pdf_worker_cpu_ticks(server_pid)
    # The worker is extracting once it has spent a quarter second of CPU on the document (the
    # whole of it takes more than a second of CPU, so that is the middle of it).
    quarter_second = os.sysconf("SC_CLK_TCK") // 4
    wait_for(lambda: pdf_worker_cpu_ticks(server_pid) >= idle_ticks + quarter_second, timeout=120, what="the PDF worker to be extracting")
    os.killpg(server_pid, signal.SIGINT)
    assert server.process.wait(timeout=60) == 0, server.log()
    with sqlite3.connect(server.data_dir / "contractbox.db") as conn:
        left = dict(conn.execute("SELECT id, status FROM analyses").fetchall())
    assert left[ids[0]] == "completed" and "failed" not in left.values(), left
    server.start()
    with key.client() as client:
        assert all(wait_done(client, i)["status"] == "completed" for i in ids)
    assert server.stop() == 0


def test_import_a_data_room_with_the_binary(binary: Path, tmp_path: Path) -> None:
    """Issue 15 from the one-file binary: `contractbox import` of a folder with a subfolder, a duplicate
    and an unsupported file, analysed by the binary's own worker processes, and the set's grid. A server
    of its own: the module's `setup` server is stopped by the signal tests before this one runs."""
    room = tmp_path / "Binary Room"
    (room / "PDFs").mkdir(parents=True)
    (room / "nda.txt").write_text(NDA_TEXT)
    (room / "PDFs" / SAMPLE_PDFS[0].name).write_bytes(SAMPLE_PDFS[0].read_bytes())
    (room / "PDFs" / "nda again.txt").write_text(NDA_TEXT)
    (room / "terms.rtf").write_text("{\\rtf1 terms}")
    server = binary_server(tmp_path / "data", binary)
    org = server.org("Binary Data Room", live=True)
    server.start()
    try:
        code, output = server.cli("import", str(room), "--org", org, "--json")
        assert code == 0, output
        report = json.loads(output.strip().splitlines()[-1])
        assert sorted(entry["path"] for entry in report["analyses"]) == [f"PDFs/{SAMPLE_PDFS[0].name}", "nda.txt"]
        assert report["completed"] == 2 and report["failed"] == []
        assert report["duplicates"] == [{"path": "PDFs/nda again.txt", "sameAs": "nda.txt"}]
        assert [entry["path"] for entry in report["unsupported"]] == ["terms.rtf"]
        with server.key(org, "live").client() as client:
            grid = wait_for(
                lambda: (g := client.get(f"/v1/review_sets/{report['reviewSet']}/grid").json())
                and len(g["rows"]) == 2
                and all(r["cells"] for r in g["rows"])
                and g,
                timeout=120,
                what="the grid rows",
            )
        assert sorted(r["label"] or "" for r in grid["rows"]) == ["", "PDFs"]
    finally:
        server.stop()
