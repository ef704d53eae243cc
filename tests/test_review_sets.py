"""Review sets (issue 15) through the API: the sets' life cycle, analyses submitted into a set and
saved as contracts on completion, the grid checked cell by cell against the results, decisions
that change cells, the list filters, the exports read back (openpyxl, CSV), scoping and scopes."""

from __future__ import annotations

import csv
import hashlib
import io
import sqlite3

import httpx
import openpyxl
import pytest
from conftest import CUAD, SAMPLE_CONTRACTS, Key, Server, submit_text, wait_done, wait_for

TEXTS = {
    "Suppliers/2019": SAMPLE_CONTRACTS / "supply_agreement.txt",
    "Services": CUAD / "contracts" / "005-ADUROBIOTECH-INC-06-02-2020-EX-10-7-CONSULTING-AGREEMENT-1.txt",
}
DEFAULT_KEYS = [
    "parties",
    "document_type",
    "agreement_date",
    "effective_date",
    "expiration_date",
    "governing_law",
    "renewal",
    "notice_period",
    "anti_assignment",
    "change_of_control",
    "exclusivity",
    "non_compete",
    "termination_for_convenience",
    "cap_on_liability",
    "uncapped_liability",
    "most_favored_nation",
    "ip_ownership_assignment",
    "audit_rights",
    "insurance",
]
CLAUSE_CATEGORY = {"renewal": "renewal_term", "notice_period": "notice_period_to_terminate_renewal"}
DATE_KEYS = ("agreement_date", "effective_date", "expiration_date")


def create_set(client: httpx.Client, name: str = "Project Falcon", **extra: object) -> dict:
    response = client.post("/v1/review_sets", json={"name": name, **extra})
    assert response.status_code == 201, response.text
    assert response.headers["location"] == f"/v1/review_sets/{response.json()['id']}"
    return response.json()


def grid_of(client: httpx.Client, set_id: str, **params: str) -> dict:
    response = client.get(f"/v1/review_sets/{set_id}/grid", params=params)
    assert response.status_code == 200, response.text
    return response.json()


def wait_rows_written(client: httpx.Client, set_id: str, count: int) -> dict:
    """The grid once every row is completed and its cells are written (they follow completion)."""

    def written() -> dict | None:
        grid = grid_of(client, set_id)
        done = [
            r
            for r in grid["rows"]
            if r["status"] in ("completed", "failed") and (r["cells"] or r["status"] == "failed")
        ]
        return grid if len(done) == count else None

    return wait_for(written, timeout=120, what="the grid rows")  # type: ignore[return-value]


@pytest.fixture
def filled(org_key: Key) -> tuple[httpx.Client, dict, dict[str, dict]]:
    """A set with two documents submitted into it (with labels) and one analysis outside it."""
    client = org_key.client()
    review_set = create_set(client)
    submitted = {}
    for label, path in TEXTS.items():
        title = path.name.removesuffix(".txt")
        submitted[label] = submit_text(client, path.read_text(), title=title, reviewSet=review_set["id"], label=label)
        assert submitted[label]["reviewSet"] == review_set["id"]
    submit_text(client, TEXTS["Services"].read_text(), title="Outside the set")
    wait_rows_written(client, review_set["id"], len(TEXTS))
    return client, review_set, submitted


def expected_cells(result: dict, findings: dict[str, dict]) -> dict[str, dict]:
    """What the grid should say, read from the result and its findings here, independently."""
    evidence = {e["id"]: e for e in result["evidence"]}
    out: dict[str, dict] = {}
    parties = result["summary"]["parties"]
    out["parties"] = {
        "answer": "value" if parties else "not_found",
        "value": "; ".join(p["name"] for p in parties) or None,
    }
    if parties:
        out["parties"]["evidenceId"] = parties[0]["evidenceIds"][0]
    doc_type = result["summary"]["documentType"]
    out["document_type"] = {"answer": "value" if doc_type else "not_found", "value": doc_type}
    law = result["summary"]["governingLaw"]
    out["governing_law"] = {"answer": "value" if law else "not_found", "value": law["jurisdiction"] if law else None}
    if law:
        out["governing_law"]["evidenceId"] = law["evidenceIds"][0]
    for kind in DATE_KEYS:
        dates = [d for d in result["keyDates"] if d["kind"] == kind]
        dated = [d for d in dates if d["date"]] or dates
        if dated:
            out[kind] = {
                "answer": "value",
                "value": dated[0]["date"] or dated[0]["text"],
                "evidenceId": dated[0]["evidenceIds"][0],
            }
        else:
            out[kind] = {"answer": "not_found", "value": None}
    for key in DEFAULT_KEYS[6:]:
        category = CLAUSE_CATEGORY.get(key, key)
        clauses = sorted((c for c in result["clauses"] if c["category"] == category), key=lambda c: -c["confidence"])
        best = clauses[0] if clauses else None
        cell: dict = {"answer": "found" if best and best["confidence"] >= 0.5 else "not_found", "value": None}
        if best is not None:
            cell["confidence"] = round(best["confidence"], 3)
        if cell["answer"] == "found":
            cell["evidenceId"] = best["evidenceIds"][0]
            cell["page"] = evidence[best["evidenceIds"][0]]["page"]
        out[key] = cell
    assert set(findings)  # the contract has findings to decide on
    return out


def test_grid_cells_match_the_results(filled: tuple[httpx.Client, dict, dict[str, dict]]) -> None:
    client, review_set, submitted = filled
    grid = grid_of(client, review_set["id"])
    assert grid["object"] == "review_grid" and grid["reviewSet"] == review_set["id"]
    assert [q["key"] for q in grid["questions"]] == DEFAULT_KEYS
    assert len(grid["availableQuestions"]) > len(DEFAULT_KEYS)
    assert [r["analysisId"] for r in grid["rows"]] == [a["analysisId"] for a in submitted.values()]
    assert [r["label"] for r in grid["rows"]] == list(TEXTS)
    # What an import compares to skip a document the set holds: the submitted text's SHA-256.
    digests = [hashlib.sha256(path.read_text().encode()).hexdigest() for path in TEXTS.values()]
    assert [r["contentSha256"] for r in grid["rows"]] == digests
    checked = 0
    for row in grid["rows"]:
        assert row["status"] == "completed" and row["error"] is None
        contract = client.get(f"/v1/contracts/{row['contractId']}").json()  # saved on completion
        assert contract["analysisId"] == row["analysisId"] and contract["reviewSet"] == review_set["id"]
        assert row["title"] == contract["title"]
        findings = {
            f["findingKey"]: f for f in client.get(f"/v1/contracts/{row['contractId']}/findings").json()["data"]
        }
        for key, expected in expected_cells(contract["result"], findings).items():
            cell = row["cells"][key]
            for field, value in expected.items():
                assert cell.get(field) == value, (row["title"], key, field, cell)
            if cell.get("findingKey"):
                assert cell["findingKey"] in findings
            checked += 1
    assert checked == len(TEXTS) * len(DEFAULT_KEYS)
    chosen = grid_of(client, review_set["id"], questions="change_of_control,parties")
    assert [q["key"] for q in chosen["questions"]] == ["change_of_control", "parties"]
    assert all(set(r["cells"]) == {"change_of_control", "parties"} for r in chosen["rows"])
    every = grid_of(client, review_set["id"], questions="all")
    assert set(every["rows"][0]["cells"]) == {q["key"] for q in every["availableQuestions"]}


def test_decisions_change_the_cells(filled: tuple[httpx.Client, dict, dict[str, dict]]) -> None:
    client, review_set, _ = filled
    row = grid_of(client, review_set["id"])["rows"][0]
    law, found = (
        row["cells"]["governing_law"],
        next((k for k in DEFAULT_KEYS[6:] if row["cells"][k]["answer"] == "found"), None),
    )
    assert law["answer"] == "value" and found is not None
    decided = client.post(
        f"/v1/contracts/{row['contractId']}/reviews",
        json={"findingKey": law["findingKey"], "decision": "corrected", "correctedValue": "Ontario"},
    )
    assert decided.status_code == 201, decided.text
    rejected = client.post(
        f"/v1/contracts/{row['contractId']}/reviews",
        json={"findingKey": row["cells"][found]["findingKey"], "decision": "rejected"},
    )
    assert rejected.status_code == 201, rejected.text
    after = grid_of(client, review_set["id"])["rows"][0]["cells"]
    assert after["governing_law"]["value"] == "Ontario"
    assert after["governing_law"]["decision"]["action"] == "corrected"
    assert after["governing_law"]["decision"]["value"] == "Ontario"
    assert after[found]["answer"] == "not_found" and after[found]["decision"]["action"] == "rejected"
    exported = client.get(f"/v1/review_sets/{review_set['id']}/exports/grid.csv")
    rows = list(csv.reader(io.StringIO(exported.content.decode("utf-8-sig"))))
    header = rows[0]
    assert rows[1][header.index("Governing law")] == "Ontario"  # the reviewed value wins


def test_a_new_row_of_a_decided_document_carries_its_decisions(
    filled: tuple[httpx.Client, dict, dict[str, dict]],
) -> None:
    """A set's rows and review status come from its worker while nobody has decided on the document;
    a document with decisions already (another copy of it) gets them recomputed with the decisions."""
    client, review_set, submitted = filled
    row = grid_of(client, review_set["id"])["rows"][0]
    contract = client.get(f"/v1/contracts/{row['contractId']}").json()
    findings = client.get(f"/v1/contracts/{row['contractId']}/findings").json()["data"]
    assert contract["review"] == {
        "state": "not_started",
        "decided": 0,
        "total": len(findings),
        "reviewedBy": [],
        "reviewedAt": None,
    }
    saved = contract["result"]  # the listing columns the worker sent are the saved result's
    assert contract["parties"] == [{"name": p["name"], "role": p["role"]} for p in saved["summary"]["parties"]]
    assert contract["documentType"] == saved["summary"]["documentType"]
    assert contract["riskScore"] == {"value": saved["riskScore"]["value"], "level": saved["riskScore"]["level"]}
    dated = [d for d in saved["keyDates"] if d["date"]]
    assert contract["effectiveDate"] == next((d["date"] for d in dated if d["kind"] == "effective_date"), None)
    assert contract["expirationDate"] == next((d["date"] for d in dated if d["kind"] == "expiration_date"), None)
    listed = client.get("/v1/contracts", params={"q": saved["summary"]["parties"][0]["name"]}).json()["data"]
    assert row["contractId"] in [c["contractId"] for c in listed]  # its search text holds its parties
    law = row["cells"]["governing_law"]
    decided = client.post(
        f"/v1/contracts/{row['contractId']}/reviews",
        json={"findingKey": law["findingKey"], "decision": "corrected", "correctedValue": "Ontario"},
    )
    assert decided.status_code == 201, decided.text
    label = next(iter(TEXTS))
    again = submit_text(client, TEXTS[label].read_text(), title="Again", reviewSet=review_set["id"], label="again")
    grid = wait_rows_written(client, review_set["id"], len(TEXTS) + 1)
    new_row = next(r for r in grid["rows"] if r["analysisId"] == again["analysisId"])
    assert new_row["cells"]["governing_law"]["value"] == "Ontario"
    assert new_row["cells"]["governing_law"]["decision"]["action"] == "corrected"
    untouched = {k: v for k, v in row["cells"].items() if k != "governing_law"}
    assert {k: v for k, v in new_row["cells"].items() if k != "governing_law"} == untouched
    new_contract = client.get(f"/v1/contracts/{new_row['contractId']}").json()
    assert new_contract["review"]["state"] == "in_review"
    assert new_contract["review"]["decided"] == 1 and new_contract["review"]["total"] == len(findings)


def test_lists_filter_by_review_set(filled: tuple[httpx.Client, dict, dict[str, dict]]) -> None:
    client, review_set, submitted = filled
    ids = {a["analysisId"] for a in submitted.values()}
    analyses = client.get("/v1/analyses", params={"reviewSet": review_set["id"]}).json()["data"]
    assert {a["analysisId"] for a in analyses} == ids
    assert len(client.get("/v1/analyses").json()["data"]) == len(ids) + 1
    contracts = client.get("/v1/contracts", params={"reviewSet": review_set["id"]}).json()["data"]
    assert {c["analysisId"] for c in contracts} == ids
    got = client.get(f"/v1/review_sets/{review_set['id']}").json()
    assert got["contractCount"] == 2
    assert got["statusCounts"] == {"queued": 0, "running": 0, "completed": 2, "failed": 0}
    other = create_set(client, "Empty")
    assert client.get("/v1/analyses", params={"reviewSet": other["id"]}).json()["data"] == []
    listed = client.get("/v1/review_sets").json()
    assert [s["id"] for s in listed["data"]] == [other["id"], review_set["id"]]
    page = client.get("/v1/review_sets", params={"limit": 1}).json()
    assert page["hasMore"] and page["data"][0]["id"] == other["id"]


def test_workbook_and_csv_match_the_grid(filled: tuple[httpx.Client, dict, dict[str, dict]]) -> None:
    client, review_set, _ = filled
    grid = grid_of(client, review_set["id"])
    response = client.get(f"/v1/review_sets/{review_set['id']}/exports/grid.xlsx")
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("application/vnd.openxmlformats-officedocument.spreadsheetml")
    assert "Project-Falcon.xlsx" in response.headers["content-disposition"]
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    assert book.sheetnames == ["Grid", "Evidence"]
    sheet = book["Grid"]
    header = [c.value for c in sheet[1]]
    assert header == ["Contract", "Folder", "Status", "Link", *(q["label"] for q in grid["questions"])]
    results = {r["contractId"]: client.get(f"/v1/contracts/{r['contractId']}").json()["result"] for r in grid["rows"]}
    evidence_rows = list(book["Evidence"].iter_rows(min_row=2, values_only=True))
    for number, row in enumerate(grid["rows"], start=2):
        values = [c for c in sheet[number]]
        assert values[0].value == row["title"] and values[1].value == row["label"] and values[2].value == "completed"
        assert (
            values[3].value.endswith(f"/#/contract/{row['contractId']}")
            and values[0].hyperlink.target == values[3].value
        )
        quotes = {e["id"]: e for e in results[row["contractId"]]["evidence"]}
        for question, target in zip(grid["questions"], values[4:], strict=True):
            cell = row["cells"][question["key"]]
            expected = (
                cell.get("value")
                if cell["answer"] == "value"
                else {"found": "Found", "not_found": "Not found"}[cell["answer"]]
            )
            assert target.value == expected, (row["title"], question["key"])
            if cell.get("evidenceId"):
                assert target.comment is not None
                assert quotes[cell["evidenceId"]]["text"][:200] in target.comment.text.replace("\n(page", "")
            else:
                assert target.comment is None
            match = [e for e in evidence_rows if e[0] == row["title"] and e[2] == question["label"]]
            if cell.get("evidenceId") or cell.get("decision"):  # a line for each cell with something to show
                assert len(match) == 1 and match[0][7] == cell.get("confidence")
                if cell.get("evidenceId"):
                    assert quotes[cell["evidenceId"]]["text"][:200] in match[0][5]
            else:
                assert match == []
    exported = client.get(f"/v1/review_sets/{review_set['id']}/exports/grid.csv")
    assert exported.status_code == 200 and exported.content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(exported.content.decode("utf-8-sig"))))
    assert rows[0] == header
    for number, row in enumerate(grid["rows"], start=1):
        assert rows[number][:3] == [row["title"], row["label"], "completed"]
        assert rows[number][4:] == [sheet.cell(row=number + 1, column=c).value or "" for c in range(5, len(header) + 1)]


def test_exported_text_that_looks_like_a_formula_stays_text(org_key: Key) -> None:
    client = org_key.client()
    set_id = create_set(client, name="Formulas")["id"]
    title, label = '=HYPERLINK("http://example.invalid/x","open")', "=1+1"
    text = (SAMPLE_CONTRACTS / "supply_agreement.txt").read_text()
    submit_text(client, text, title=title, reviewSet=set_id, label=label)
    wait_rows_written(client, set_id, 1)
    book = openpyxl.load_workbook(io.BytesIO(client.get(f"/v1/review_sets/{set_id}/exports/grid.xlsx").content))
    for sheet in book.worksheets:
        cells = [cell for cell in sheet[2] if cell.value in (title, label)]
        assert len(cells) == 2 and all(cell.data_type == "s" for cell in cells), sheet.title


def test_set_life_cycle_idempotency_and_audit(server: Server, org_key: Key) -> None:
    client = org_key.client()
    first = client.post("/v1/review_sets", json={"name": "Due diligence"}, headers={"Idempotency-Key": "rs-1"})
    again = client.post("/v1/review_sets", json={"name": "Due diligence"}, headers={"Idempotency-Key": "rs-1"})
    assert first.status_code == again.status_code == 201 and first.json()["id"] == again.json()["id"]
    set_id = first.json()["id"]
    assert first.json()["statusCounts"] == {"queued": 0, "running": 0, "completed": 0, "failed": 0}
    renamed = client.patch(f"/v1/review_sets/{set_id}", json={"name": "  Project Osprey "})
    assert renamed.status_code == 200 and renamed.json()["name"] == "Project Osprey"
    analysis = submit_text(client, TEXTS["Services"].read_text(), title="A", reviewSet=set_id)
    wait_done(client, analysis["analysisId"])
    deleted = client.delete(f"/v1/review_sets/{set_id}")
    assert deleted.status_code == 200 and deleted.json() == {"id": set_id, "object": "review_set", "deleted": True}
    assert client.get(f"/v1/review_sets/{set_id}").status_code == 404
    assert client.get(f"/v1/review_sets/{set_id}/grid").status_code == 404
    assert client.get(f"/v1/analyses/{analysis['analysisId']}").json()["reviewSet"] is None  # the analysis stays
    assert client.get("/v1/analyses", params={"reviewSet": set_id}).json()["data"] == []
    db = sqlite3.connect(server.data_dir / "contractbox.db")
    actions = [
        row[0] for row in db.execute("SELECT action FROM console_audit WHERE target = ? ORDER BY rowid", (set_id,))
    ]
    db.close()
    # the replayed POST is a request of its own: audited too
    assert actions == ["review_set.create", "review_set.create", "review_set.rename", "review_set.delete"]


def test_bad_input_is_400_in_the_error_shape(org_key: Key) -> None:
    client = org_key.client()
    set_id = create_set(client)["id"]
    cases = [
        (client.post("/v1/review_sets", json={}), "parameter_missing", "name"),
        (client.post("/v1/review_sets", json={"name": "  "}), "parameter_invalid", "name"),
        (client.post("/v1/review_sets", json={"name": "x" * 201}), "parameter_invalid", "name"),
        (client.patch(f"/v1/review_sets/{set_id}", json={}), "parameter_missing", "name"),
        (
            client.get(f"/v1/review_sets/{set_id}/grid", params={"questions": "parties,bogus"}),
            "parameter_invalid",
            "questions",
        ),
        (
            client.post("/v1/analyses", json={"title": "t", "sourceType": "text", "text": "x y", "label": "a"}),
            "parameter_invalid",
            "label",
        ),
        (
            client.post(
                "/v1/analyses", json={"title": "t", "sourceType": "text", "text": "x y", "reviewSet": "rs_nope"}
            ),
            "review_set_not_found",
            "reviewSet",
        ),
        (
            client.post(
                "/v1/analyses",
                json={"title": "t", "sourceType": "text", "text": "x y", "reviewSet": set_id, "label": "l" * 501},
            ),
            "parameter_invalid",
            "label",
        ),
    ]
    for response, code, param in cases:
        assert response.status_code == 400, response.text
        error = response.json()["error"]
        assert (error["code"], error["param"], error["type"]) == (code, param, "invalid_request_error")
    assert client.get("/v1/analyses").json()["data"] == []  # nothing stored by the refused submissions


def test_sets_are_scoped_to_org_and_mode_and_need_scopes(server: Server, org_key: Key) -> None:
    client = org_key.client()
    set_id = create_set(client)["id"]
    stranger = server.key(server.org(f"stranger-{set_id}")).client()
    assert server.cli("orgs", "approve-live", org_key.org)[0] == 0
    live = server.key(org_key.org, mode="live").client()
    for other in (stranger, live):
        for path in ("", "/grid", "/exports/grid.xlsx", "/exports/grid.csv"):
            assert other.get(f"/v1/review_sets/{set_id}{path}").status_code == 404
        assert other.patch(f"/v1/review_sets/{set_id}", json={"name": "mine"}).status_code == 404
        assert other.delete(f"/v1/review_sets/{set_id}").status_code == 404
        refused = other.post(
            "/v1/analyses", json={"title": "t", "sourceType": "text", "text": "x y", "reviewSet": set_id}
        )
        assert refused.status_code == 400 and refused.json()["error"]["code"] == "review_set_not_found"
        assert other.get("/v1/review_sets").json()["data"] == []
    reader = server.key(org_key.org, scopes="contracts:read").client()
    assert reader.get(f"/v1/review_sets/{set_id}/grid").status_code == 200
    for response in (
        reader.post("/v1/review_sets", json={"name": "x"}),
        reader.patch(f"/v1/review_sets/{set_id}", json={"name": "x"}),
        reader.delete(f"/v1/review_sets/{set_id}"),
    ):
        assert response.status_code == 403 and response.json()["error"]["code"] == "insufficient_scope"
    analyst = server.key(org_key.org, scopes="analyses:read,analyses:write").client()
    assert analyst.get(f"/v1/review_sets/{set_id}").status_code == 403
    assert client.get(f"/v1/review_sets/{set_id}").json()["name"] == "Project Falcon"


def test_rows_left_unwritten_by_a_stop_are_written_at_start(fresh_server: Server) -> None:
    fresh_server.start()
    client = fresh_server.key(fresh_server.org("Restarted")).client()
    set_id = create_set(client)["id"]
    analysis = submit_text(client, TEXTS["Services"].read_text(), title="Services", reviewSet=set_id)
    row = wait_rows_written(client, set_id, 1)["rows"][0]
    assert fresh_server.stop() == 0
    # As if the server had stopped between storing the result and writing the row.
    db = sqlite3.connect(fresh_server.data_dir / "contractbox.db")
    with db:
        db.execute("UPDATE review_set_members SET cells = NULL, quotes = NULL, contract_id = NULL")
    db.close()
    fresh_server.start()
    again = wait_rows_written(client, set_id, 1)["rows"][0]
    assert again["analysisId"] == analysis["analysisId"]
    assert again["contractId"] == row["contractId"]  # the contract saved before is found, not saved twice
    assert again["cells"] == row["cells"]
    assert len(client.get("/v1/contracts", params={"reviewSet": set_id}).json()["data"]) == 1
    fresh_server.stop()
