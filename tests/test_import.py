"""`contractbox import` (issue 15) against a running server: a folder with nested subfolders,
duplicates, unsupported files, a link and a hostile PDF; a .zip with path tricks, a bomb and a
nested archive; re-imports that skip what the set holds; the grid and lists that follow."""

from __future__ import annotations

import io
import json
import os
import zipfile
from pathlib import Path

import pytest
from conftest import CUAD, SAMPLE_CONTRACTS, Server, wait_for
from pdf_bombs import shared_content_bomb

TEXT_A = (SAMPLE_CONTRACTS / "consulting_agreement.txt").read_text()
TEXT_B = (SAMPLE_CONTRACTS / "mutual_nda.txt").read_text()


def run_import(server: Server, *args: str) -> dict:
    code, output = server.cli("import", *args, "--json")
    assert code == 0, output
    return json.loads(output.strip().splitlines()[-1])


@pytest.fixture
def live_org(server: Server, request: pytest.FixtureRequest) -> str:
    return server.org(f"import-{request.node.name}-{os.getpid()}-{id(request)}", live=True)


def make_folder(root: Path) -> Path:
    (root / "Suppliers" / "2019").mkdir(parents=True)
    (root / "Hostile").mkdir()
    (root / "Copies").mkdir()
    (root / "a.txt").write_text(TEXT_A)
    (root / "Suppliers" / "2019" / "supply.pdf").write_bytes((SAMPLE_CONTRACTS / "supply_agreement.pdf").read_bytes())
    (root / "Suppliers" / "nda.txt").write_text(TEXT_B)
    (root / "Copies" / "a again.txt").write_text(TEXT_A)  # same content as a.txt
    (root / "Hostile" / "bomb.pdf").write_bytes(shared_content_bomb())
    (root / "notes.doc").write_bytes(b"\xd0\xcf\x11\xe0 legacy word")
    (root / ".DS_Store").write_bytes(b"\0\0\0\1Bud1")
    (root / "empty.txt").write_bytes(b"")
    (root / "link.txt").symlink_to(root / "a.txt")
    return root


def test_import_a_folder_then_resume(server: Server, live_org: str, tmp_path: Path) -> None:
    folder = make_folder(tmp_path / "Project Falcon")
    report = run_import(server, str(folder), "--org", live_org)
    assert report["name"] == "Project Falcon" and report["reviewSet"].startswith("rs_")
    submitted = {entry["path"]: entry["analysisId"] for entry in report["analyses"]}
    assert sorted(submitted) == ["Hostile/bomb.pdf", "Suppliers/2019/supply.pdf", "Suppliers/nda.txt", "a.txt"]
    # a folder's own files first, then its subfolders, each in name order
    assert report["duplicates"] == [{"path": "Copies/a again.txt", "sameAs": "a.txt"}]
    reasons = {entry["path"]: entry["reason"] for entry in report["unsupported"]}
    assert set(reasons) == {"notes.doc", ".DS_Store", "empty.txt", "link.txt"}
    assert "save it as .docx" in reasons["notes.doc"]
    assert reasons["empty.txt"] == "an empty file" and "symbolic link" in reasons["link.txt"]
    # The server ran them: the hostile PDF failed on its own, the others completed.
    assert report["completed"] == 3
    assert [(f["path"], f["code"]) for f in report["failed"]] == [("Hostile/bomb.pdf", "pdf_too_complex")]

    client = server.key(live_org, mode="live").client()
    set_id = report["reviewSet"]

    def written() -> dict | None:
        grid = client.get(f"/v1/review_sets/{set_id}/grid").json()
        rows = grid["rows"]
        return grid if all(r["cells"] or r["status"] == "failed" for r in rows) else None

    grid = wait_for(written, timeout=60, what="the grid rows")
    rows = {r["analysisId"]: r for r in grid["rows"]}
    assert set(rows) == set(submitted.values())
    by_path = {path: rows[analysis_id] for path, analysis_id in submitted.items()}
    assert by_path["Suppliers/2019/supply.pdf"]["label"] == "Suppliers/2019"
    assert by_path["Suppliers/nda.txt"]["label"] == "Suppliers" and by_path["a.txt"]["label"] is None
    assert by_path["Suppliers/2019/supply.pdf"]["title"] == "supply.pdf"
    bomb = by_path["Hostile/bomb.pdf"]
    assert bomb["status"] == "failed" and bomb["error"]["code"] == "pdf_too_complex" and bomb["contractId"] is None
    for path in ("a.txt", "Suppliers/nda.txt", "Suppliers/2019/supply.pdf"):
        contract = client.get(f"/v1/contracts/{by_path[path]['contractId']}").json()
        assert contract["reviewSet"] == set_id and contract["analysisId"] == submitted[path]
    assert client.get(f"/v1/review_sets/{set_id}").json()["statusCounts"] == {
        "queued": 0,
        "running": 0,
        "completed": 3,
        "failed": 1,
    }

    # Again: everything is skipped by content hash; a new file is the only one submitted.
    again = run_import(server, str(folder), "--org", live_org)
    assert again["reviewSet"] == set_id and again["submitted"] == 0 and again["alreadyInSet"] == 5
    (folder / "Suppliers" / "new.txt").write_text(TEXT_A.replace("Consulting", "Advisory"))
    third = run_import(server, str(folder), "--org", live_org, "--set", set_id)
    assert [entry["path"] for entry in third["analyses"]] == ["Suppliers/new.txt"] and third["alreadyInSet"] == 5
    assert len(client.get("/v1/analyses", params={"reviewSet": set_id, "limit": 100}).json()["data"]) == 5
    # The set belongs to the live mode: a test key of the same organization does not see it.
    assert server.key(live_org).client().get(f"/v1/review_sets/{set_id}").status_code == 404


def zip_bytes(entries: list[tuple[str, bytes]]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries:
            zf.writestr(name, data)
    return buffer.getvalue()


def test_import_a_zip_with_hostile_entries(server: Server, live_org: str, tmp_path: Path) -> None:
    inner = zip_bytes([("x.txt", TEXT_A.encode())])
    archive = tmp_path / "room" / "data-room.zip"
    archive.parent.mkdir()
    archive.write_bytes(
        zip_bytes(
            [
                ("Deals/2020/contract.txt", TEXT_B.encode()),
                ("Deals/copy.txt", TEXT_B.encode()),
                ("../escape.txt", TEXT_A.encode()),
                ("/etc/absolute.txt", TEXT_A.encode()),
                ("__MACOSX/Deals/._contract.txt", b"\0\5\26\7"),
                ("inner.zip", inner),
                ("bomb.txt", b"a" * 30_000_000),
                ("Deals/cuad.pdf", next((CUAD / "pdfs").glob("*.pdf")).read_bytes()),
            ]
        )
    )
    before = sorted(p.name for p in tmp_path.rglob("*"))
    report = run_import(server, str(archive), "--org", live_org, "--name", "Zip room", "--no-wait")
    assert report["name"] == "Zip room"
    assert sorted(entry["path"] for entry in report["analyses"]) == ["Deals/2020/contract.txt", "Deals/cuad.pdf"]
    assert report["duplicates"] == [{"path": "Deals/copy.txt", "sameAs": "Deals/2020/contract.txt"}]
    reasons = {entry["path"]: entry["reason"] for entry in report["unsupported"]}
    assert set(reasons) == {
        "../escape.txt",
        "/etc/absolute.txt",
        "__MACOSX/Deals/._contract.txt",
        "inner.zip",
        "bomb.txt",
    }
    assert "leaves the archive" in reasons["../escape.txt"] and "leaves the archive" in reasons["/etc/absolute.txt"]
    assert "zip bomb" in reasons["bomb.txt"] and "import it on its own" in reasons["inner.zip"]
    assert report["completed"] is None  # --no-wait
    assert sorted(p.name for p in tmp_path.rglob("*")) == before  # nothing was extracted anywhere
    client = server.key(live_org, mode="live").client()
    grid = wait_for(
        lambda: (
            (g := client.get(f"/v1/review_sets/{report['reviewSet']}/grid").json())
            and all(r["cells"] for r in g["rows"])
            and g
        ),
        timeout=120,
        what="the zip's rows",
    )
    assert sorted(r["label"] for r in grid["rows"]) == ["Deals", "Deals/2020"]


def test_import_refuses_what_it_cannot_do(server: Server, live_org: str, tmp_path: Path) -> None:
    (tmp_path / "f").mkdir()
    (tmp_path / "f" / "a.txt").write_text(TEXT_A)
    code, output = server.cli("import", str(tmp_path / "f"), "--org", live_org, "--set", "rs_unknown")
    assert code == 1 and "No review set with id 'rs_unknown'" in output
    code, output = server.cli("import", str(tmp_path / "f" / "a.txt"), "--org", live_org)
    assert code == 1 and "neither a folder nor a .zip" in output
    not_live = server.org(f"not-live-{os.getpid()}-{id(tmp_path)}")
    code, output = server.cli("import", str(tmp_path / "f"), "--org", not_live)
    assert code == 1 and "not approved for live access" in output
    (tmp_path / "broken.zip").write_bytes(b"PK\3\4 not really")
    code, output = server.cli("import", str(tmp_path / "broken.zip"), "--org", live_org)
    assert code == 1 and "not a readable .zip" in output


def test_import_without_a_server_runs_when_it_starts(fresh_server: Server, tmp_path: Path) -> None:
    folder = tmp_path / "Room"
    (folder / "Leases").mkdir(parents=True)
    (folder / "Leases" / "a.txt").write_text(TEXT_A)
    (folder / "b.txt").write_text(TEXT_B)
    org = fresh_server.org("Offline import", live=True)
    code, output = fresh_server.cli("import", str(folder), "--org", org)
    assert code == 0, output
    assert "2 submitted" in output and "queued and are analysed when it starts" in output
    fresh_server.start()
    client = fresh_server.key(org, mode="live").client()
    set_id = client.get("/v1/review_sets").json()["data"][0]["id"]

    def answered() -> dict | None:
        grid = client.get(f"/v1/review_sets/{set_id}/grid").json()
        return grid if len(grid["rows"]) == 2 and all(r["cells"] and r["contractId"] for r in grid["rows"]) else None

    grid = wait_for(answered, timeout=120, what="the queued import to be analysed")
    assert sorted((r["title"], r["label"]) for r in grid["rows"]) == [("a.txt", "Leases"), ("b.txt", None)]
    fresh_server.stop()
