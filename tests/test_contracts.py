"""Contracts against a real server: saved from completed analyses with their own copy of the
result, one per analysis, listed with paging and the q / riskLevel / expiresBefore filters."""

from __future__ import annotations

import base64
import sqlite3

import httpx

from conftest import Key, Server, submit_text, wait_done

NDA = (
    "MUTUAL NONDISCLOSURE AGREEMENT between Northwind Traders and Contoso Ltd.\n"
    "Each party shall keep the other's Confidential Information secret for five years.\n"
    "This Agreement is governed by the laws of the State of Delaware."
)


def completed_analysis(client: httpx.Client, text: str = NDA, title: str = "NDA", **extra: object) -> str:
    analysis = submit_text(client, text, title=title, **extra)
    assert wait_done(client, analysis["analysisId"])["status"] == "completed"
    return analysis["analysisId"]


def save(client: httpx.Client, analysis_id: str, **fields: object) -> dict:
    response = client.post("/v1/contracts", json={"analysisId": analysis_id, **fields})
    assert response.status_code == 201, response.text
    return response.json()


def database(server: Server) -> sqlite3.Connection:
    return sqlite3.connect(server.data_dir / "contractbox.db", timeout=10, isolation_level=None)


def test_contract_is_saved_with_listing_fields_and_a_copy_of_the_result(org_key: Key) -> None:
    with org_key.client() as client:
        analysis_id = completed_analysis(client, metadata={"matter": "M-7"})
        result = client.get(f"/v1/analyses/{analysis_id}/result").json()
        response = client.post("/v1/contracts", json={"analysisId": analysis_id})
        assert response.status_code == 201, response.text
        contract = response.json()
        assert response.headers["location"] == f"/v1/contracts/{contract['contractId']}"
        assert client.get(response.headers["location"]).json() == contract
    assert contract["contractId"].startswith("ctr_") and len(contract["contractId"]) == 28
    assert (contract["object"], contract["mode"], contract["analysisId"]) == ("contract", "test", analysis_id)
    assert contract["title"] == "NDA" and contract["metadata"] == {"matter": "M-7"}, "title and metadata default to the analysis's"
    assert contract["result"] == result
    assert contract["documentType"] == result["summary"]["documentType"]
    assert contract["parties"] == [{"name": p["name"], "role": p["role"]} for p in result["summary"]["parties"]]
    assert contract["riskScore"] == {"value": result["riskScore"]["value"], "level": result["riskScore"]["level"]}
    assert contract["effectiveDate"] is None and contract["expirationDate"] is None, "the mock engine dates only the agreement"
    assert contract["createdAt"].endswith("Z")


def test_title_and_metadata_can_be_given(org_key: Key) -> None:
    with org_key.client() as client:
        contract = save(client, completed_analysis(client), title="  Northwind NDA 2026 ", metadata={"owner": "legal"})
    assert contract["title"] == "Northwind NDA 2026" and contract["metadata"] == {"owner": "legal"}


def test_later_changes_to_the_analysis_do_not_alter_the_contract(server: Server, org_key: Key) -> None:
    with org_key.client() as client:
        analysis_id = completed_analysis(client)
        saved = save(client, analysis_id)
        with database(server) as db:  # stands in for any later change to the analysis record
            db.execute("UPDATE analysis_results SET result = json_set(result, '$.summary.text', 'rewritten') WHERE analysis_id = ?", (analysis_id,))
        assert client.get(f"/v1/analyses/{analysis_id}/result").json()["summary"]["text"] == "rewritten"
        assert client.get(f"/v1/contracts/{saved['contractId']}").json()["result"] == saved["result"]


def test_one_contract_per_analysis_and_the_conflict_names_it(org_key: Key) -> None:
    with org_key.client() as client:
        analysis_id = completed_analysis(client)
        first = save(client, analysis_id)
        again = client.post("/v1/contracts", json={"analysisId": analysis_id, "title": "Other"})
    assert again.status_code == 409
    error = again.json()["error"]
    assert (error["type"], error["code"], error["param"]) == ("conflict_error", "contract_exists", "analysisId")
    assert error["contractId"] == first["contractId"] and first["contractId"] in error["message"]


def test_an_analysis_that_did_not_complete_is_409(org_key: Key) -> None:
    with org_key.client() as client:
        broken = client.post("/v1/analyses", json={"title": "Bad", "sourceType": "pdf", "pdfBase64": base64.b64encode(b"not a pdf at all").decode()})
        assert wait_done(client, broken.json()["analysisId"])["status"] == "failed"
        response = client.post("/v1/contracts", json={"analysisId": broken.json()["analysisId"]})
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "analysis_not_completed"


def test_bad_requests_are_400_and_unknown_analyses_404(org_key: Key) -> None:
    with org_key.client() as client:
        missing = client.post("/v1/contracts", json={})
        unknown = client.post("/v1/contracts", json={"analysisId": "ana_" + "0" * 24})
        empty_title = client.post("/v1/contracts", json={"analysisId": completed_analysis(client), "title": " "})
    assert missing.status_code == 400 and missing.json()["error"]["param"] == "analysisId"
    assert unknown.status_code == 404 and unknown.json()["error"]["param"] == "analysisId"
    assert empty_title.status_code == 400 and empty_title.json()["error"]["param"] == "title"


def test_list_pages_newest_first(org_key: Key) -> None:
    with org_key.client() as client:
        ids = [save(client, completed_analysis(client, NDA + f" Copy {n}."))["contractId"] for n in range(3)]
        first = client.get("/v1/contracts", params={"limit": 2}).json()
        second = client.get("/v1/contracts", params={"limit": 2, "startingAfter": first["data"][-1]["contractId"]}).json()
        back = client.get("/v1/contracts", params={"limit": 2, "endingBefore": ids[0]}).json()
    assert first["object"] == "list" and first["url"] == "/v1/contracts" and first["hasMore"] is True
    assert [c["contractId"] for c in first["data"] + second["data"]] == ids[::-1] and second["hasMore"] is False
    assert [c["contractId"] for c in back["data"]] == ids[:0:-1]


def test_filters_q_risk_level_and_expires_before(server: Server, org_key: Key) -> None:
    with org_key.client() as client:
        northwind = save(client, completed_analysis(client, NDA, title="Northwind NDA"))
        supply = save(client, completed_analysis(client, "SUPPLY AGREEMENT. Seller sells widgets to Buyer. Governed by Ohio law.", title="Widget supply"))
        with database(server) as db:  # the mock engine never dates an expiration; give one contract a date
            db.execute("UPDATE contracts SET expiration_date = '2026-06-30' WHERE id = ?", (supply["contractId"],))

        def ids(**params: str) -> set[str]:
            response = client.get("/v1/contracts", params={"limit": 100, **params})
            assert response.status_code == 200, response.text
            return {c["contractId"] for c in response.json()["data"]}

        assert ids(q="NORTHWIND") == {northwind["contractId"]}, "title search ignores case"
        assert ids(q="mock party b") == {northwind["contractId"], supply["contractId"]}, "party names are searched"
        assert ids(q="nothing like this") == set()
        level = northwind["riskScore"]["level"]
        assert northwind["contractId"] in ids(riskLevel=level)
        assert all(c["riskScore"]["level"] == level for c in client.get("/v1/contracts", params={"riskLevel": level}).json()["data"])
        assert ids(riskLevel="low,medium,high,critical") == {northwind["contractId"], supply["contractId"]}
        assert ids(expiresBefore="2026-07-01") == {supply["contractId"]}
        assert ids(expiresBefore="2026-06-30") == set(), "before is strict; undated contracts never match"
        for params, param in (({"riskLevel": "severe"}, "riskLevel"), ({"expiresBefore": "30/06/2026"}, "expiresBefore"), ({"limit": "0"}, "limit")):
            response = client.get("/v1/contracts", params=params)
            assert response.status_code == 400 and response.json()["error"]["param"] == param


LISTING_FIELDS = {"contractId", "object", "mode", "analysisId", "title", "documentType", "parties", "riskScore",
                  "effectiveDate", "expirationDate", "createdAt", "metadata", "review", "reviewSet"}


def test_list_items_carry_listing_fields_and_the_result_only_when_expanded(org_key: Key) -> None:
    with org_key.client() as client:
        saved = save(client, completed_analysis(client))
        plain = client.get("/v1/contracts", params={"limit": 1}).json()["data"][0]
        expanded = client.get("/v1/contracts", params={"limit": 1, "expand[]": "result"}).json()["data"][0]
        stripe_style = client.get("/v1/contracts", params={"limit": 1, "expand[]": "data.result"}).json()["data"][0]
        single = client.get(f"/v1/contracts/{saved['contractId']}").json()
        bad = client.get("/v1/contracts", params={"expand[]": "document"})
    assert set(plain) == LISTING_FIELDS and plain["contractId"] == saved["contractId"]
    assert expanded["result"] == stripe_style["result"] == saved["result"]
    assert set(expanded) == LISTING_FIELDS | {"result"}
    assert single["result"] == saved["result"], "a single contract still carries its result"
    assert bad.status_code == 400 and bad.json()["error"]["param"] == "expand[]"
