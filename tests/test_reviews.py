"""Review decisions (issue 14): findings with stable keys, decisions scoped like contracts, history,
the contract's review status, decisions surviving re-analysis of the same document, renaming,
and API-key writes in the audit log with their actor."""

from __future__ import annotations

import sqlite3
from datetime import date, timedelta

import httpx
import pytest
from conftest import SAMPLE_CONTRACTS, Key, Server, submit_text, wait_done

TEXT = (SAMPLE_CONTRACTS / "supply_agreement.txt").read_text()


def save(client: httpx.Client, text: str = TEXT, title: str = "Supply agreement") -> dict:
    analysis = submit_text(client, text, title=title)
    assert wait_done(client, analysis["analysisId"])["status"] == "completed"
    response = client.post("/v1/contracts", json={"analysisId": analysis["analysisId"]})
    assert response.status_code == 201, response.text
    return response.json()


def findings(client: httpx.Client, contract_id: str) -> dict[str, dict]:
    response = client.get(f"/v1/contracts/{contract_id}/findings")
    assert response.status_code == 200, response.text
    return {f["findingKey"]: f for f in response.json()["data"]}


def decide(client: httpx.Client, contract_id: str, **body: object) -> httpx.Response:
    return client.post(f"/v1/contracts/{contract_id}/reviews", json=body)


@pytest.fixture
def contract(org_key: Key) -> tuple[httpx.Client, dict]:
    client = org_key.client()
    return client, save(client)


def test_findings_have_keys_of_every_kind(contract: tuple[httpx.Client, dict]) -> None:
    client, saved = contract
    found = findings(client, saved["contractId"])
    kinds = {f["kind"] for f in found.values()}
    assert kinds == {"party", "governing_law", "risk", "clause", "date", "obligation"}
    law = found["governing_law"]
    assert law["value"] == saved["result"]["summary"]["governingLaw"]["jurisdiction"]
    assert law["review"] is None and law["reviewedValue"] == law["value"]
    assert saved["review"] == {
        "state": "not_started",
        "decided": 0,
        "total": len(found),
        "reviewedBy": [],
        "reviewedAt": None,
    }


def test_decisions_history_and_status(contract: tuple[httpx.Client, dict]) -> None:
    client, saved = contract
    cid = saved["contractId"]
    found = findings(client, cid)
    date_key = next(k for k in found if k.startswith("date:"))
    party_key = next(k for k in found if k.startswith("party:"))
    first = decide(client, cid, findingKey=date_key, decision="accepted")
    assert first.status_code == 201, first.text
    review = first.json()
    assert review["object"] == "review" and review["reviewId"].startswith("rev_")
    assert review["reviewer"]["type"] == "key" and review["contractId"] == cid
    corrected = decide(
        client, cid, findingKey=date_key, decision="corrected", correctedValue="2031-03-01", note="Per the amendment."
    )
    assert corrected.status_code == 201
    assert (
        decide(
            client, cid, findingKey=party_key, decision="corrected", correctedValue="Zephyr Holdings Ltd"
        ).status_code
        == 201
    )

    now = findings(client, cid)
    assert now[date_key]["reviewedValue"] == "2031-03-01" and now[date_key]["review"]["note"] == "Per the amendment."
    history = client.get(f"/v1/contracts/{cid}/reviews", params={"findingKey": date_key}).json()["data"]
    assert [r["decision"] for r in history] == ["corrected", "accepted"]  # newest first
    current = client.get(f"/v1/contracts/{cid}/reviews", params={"current": "true"}).json()["data"]
    assert {r["findingKey"]: r["decision"] for r in current} == {date_key: "corrected", party_key: "corrected"}

    status = client.get(f"/v1/contracts/{cid}").json()["review"]
    assert status["state"] == "in_review" and status["decided"] == 2 and status["reviewedAt"]
    listed = client.get("/v1/contracts", params={"reviewState": "in_review"}).json()["data"]
    assert [c["contractId"] for c in listed] == [cid]
    assert client.get("/v1/contracts", params={"reviewState": "reviewed"}).json()["data"] == []
    assert [c["contractId"] for c in client.get("/v1/contracts", params={"q": "zephyr"}).json()["data"]] == [cid]

    for key in now:
        if not now[key]["review"]:
            assert decide(client, cid, findingKey=key, decision="accepted").status_code == 201
    assert client.get(f"/v1/contracts/{cid}").json()["review"]["state"] == "reviewed"


def test_bad_decisions_are_400(contract: tuple[httpx.Client, dict]) -> None:
    client, saved = contract
    cid = saved["contractId"]
    found = findings(client, cid)
    date_key = next(k for k in found if k.startswith("date:"))
    cases = [
        ({"findingKey": "risk:nothing_like_this", "decision": "accepted"}, "findingKey"),
        ({"findingKey": date_key, "decision": "corrected"}, "correctedValue"),
        ({"findingKey": date_key, "decision": "corrected", "correctedValue": "1 March 2031"}, "correctedValue"),
        ({"findingKey": date_key, "decision": "accepted", "correctedValue": "2031-03-01"}, "correctedValue"),
        ({"findingKey": date_key, "decision": "accepted", "note": "x" * 2001}, "note"),
    ]
    for body, param in cases:
        response = decide(client, cid, **body)
        assert response.status_code == 400 and response.json()["error"]["param"] == param, (body, response.text)
    maybe = decide(client, cid, findingKey=date_key, decision="maybe")
    assert maybe.status_code == 400
    assert client.get(f"/v1/contracts/{cid}/reviews").json()["data"] == []


def test_reviews_are_scoped_and_need_their_scopes(
    server: Server, contract: tuple[httpx.Client, dict], org_key: Key
) -> None:
    client, saved = contract
    cid = saved["contractId"]
    key = next(iter(findings(client, cid)))
    reader = server.key(org_key.org, scopes="contracts:read").client()
    assert reader.get(f"/v1/contracts/{cid}/reviews").status_code == 200
    refused = decide(reader, cid, findingKey=key, decision="accepted")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "insufficient_scope"
    stranger = server.key(server.org(f"stranger-{cid}")).client()
    assert stranger.get(f"/v1/contracts/{cid}/findings").status_code == 404
    assert decide(stranger, cid, findingKey=key, decision="accepted").status_code == 404
    assert server.cli("orgs", "approve-live", org_key.org)[0] == 0
    live = server.key(org_key.org, mode="live").client()
    assert live.get(f"/v1/contracts/{cid}/reviews").status_code == 404


def test_decisions_survive_reanalysis_of_the_same_document(contract: tuple[httpx.Client, dict]) -> None:
    client, saved = contract
    found = findings(client, saved["contractId"])
    law_before = found["governing_law"]["value"]
    assert (
        decide(
            client, saved["contractId"], findingKey="governing_law", decision="corrected", correctedValue="Delaware"
        ).status_code
        == 201
    )
    again = save(client, title="Supply agreement, analysed again")
    assert again["contractId"] != saved["contractId"]
    law = findings(client, again["contractId"])["governing_law"]
    assert law["value"] == law_before and law["reviewedValue"] == "Delaware"
    assert again["review"]["state"] == "in_review" and again["review"]["decided"] == 1
    other_text = save(client, text=TEXT.replace("Supply", "Distribution"), title="A different document")
    assert findings(client, other_text["contractId"])["governing_law"]["review"] is None


def test_rename_and_api_writes_are_audited_with_the_key(
    server: Server, contract: tuple[httpx.Client, dict], org_key: Key
) -> None:
    client, saved = contract
    cid = saved["contractId"]
    renamed = client.patch(f"/v1/contracts/{cid}", json={"title": "  Supply agreement (signed)  "})
    assert renamed.status_code == 200 and renamed.json()["title"] == "Supply agreement (signed)"
    assert client.patch(f"/v1/contracts/{cid}", json={"title": " "}).status_code == 400
    assert [c["contractId"] for c in client.get("/v1/contracts", params={"q": "(signed)"}).json()["data"]] == [cid]
    key = next(iter(findings(client, cid)))
    assert decide(client, cid, findingKey=key, decision="rejected", note="Not in this contract").status_code == 201

    code, output = server.cli("console-url")
    token = output.strip().splitlines()[0].split("#link=", 1)[1]
    admin = httpx.Client(base_url=server.base_url)
    assert admin.post("/console/api/login/link", json={"token": token}).status_code == 200
    entries = admin.get("/console/api/audit", params={"orgId": org_key.org, "limit": "50"}).json()["data"]
    mine = {e["action"]: e for e in entries if e["actor"] and e["actor"]["id"] == org_key.key_id}
    assert mine["contract.rename"]["target"] == cid
    assert mine["review.create"]["target"] == cid and mine["review.create"]["status"] == 201
    assert mine["analysis.create"]["target"] == saved["analysisId"]  # every write with a key, not only reviews
    assert mine["contract.create"]["target"] == cid
    assert mine["contract.rename"]["actor"] == {"type": "key", "id": org_key.key_id, "name": org_key.key_id}


def test_contracts_saved_before_reviews_get_their_status_when_opened(
    server: Server, contract: tuple[httpx.Client, dict]
) -> None:
    client, saved = contract
    cid = saved["contractId"]
    with sqlite3.connect(server.data_dir / "contractbox.db") as db:  # as migration 0401 leaves an older contract
        db.execute("UPDATE contracts SET review_total = 0 WHERE id = ?", (cid,))
    assert client.get(f"/v1/contracts/{cid}").json()["review"]["total"] == 0
    total = len(findings(client, cid))
    assert client.get(f"/v1/contracts/{cid}").json()["review"]["total"] == total > 0


def test_decisions_go_with_the_last_contract_of_their_document(server: Server, org_key: Key) -> None:
    client = org_key.client()
    text = TEXT.replace("Supply", "Forgotten supply")  # a document no other test saves
    first = save(client, text=text, title="Forgotten supply")
    second = save(client, text=text, title="Forgotten supply, analysed again")
    key = next(k for k in findings(client, first["contractId"]) if k.startswith("party:"))
    note = "Only in this review: the counterparty's real name."
    assert (
        decide(client, first["contractId"], findingKey=key, decision="corrected", correctedValue="Q", note=note)
    ).status_code == 201

    def notes_stored() -> int:
        with sqlite3.connect(server.data_dir / "contractbox.db") as db:
            return db.execute("SELECT COUNT(*) FROM reviews WHERE note = ?", (note,)).fetchone()[0]

    assert client.delete(f"/v1/contracts/{first['contractId']}").status_code == 200
    assert findings(client, second["contractId"])[key]["review"]["note"] == note  # the other copy keeps them
    assert notes_stored() == 1
    assert client.delete(f"/v1/contracts/{second['contractId']}").status_code == 200
    assert notes_stored() == 0  # no contract shows the document any more: its decisions are gone
    third = save(client, text=text, title="Forgotten supply, saved once more")
    assert findings(client, third["contractId"])[key]["review"] is None
    assert third["review"]["state"] == "not_started"


def test_the_contract_is_listed_with_its_reviewed_parties_and_dates(server: Server) -> None:
    client = server.key(server.org("reviewed-listing", live=True), mode="live").client()  # the live engine's dates
    saved = save(client, text=TEXT.replace("Supply", "Listed supply"), title="Listed supply")
    cid = saved["contractId"]
    found = findings(client, cid)
    expiry = next(k for k, f in found.items() if k.startswith("date:expiration_date:") and f["value"])
    parties = [k for k in found if k.startswith("party:")]
    assert len(parties) >= 2 and saved["expirationDate"] == found[expiry]["value"] != "2031-03-01"
    decide(client, cid, findingKey=expiry, decision="corrected", correctedValue="2031-03-01")
    decide(client, cid, findingKey=parties[0], decision="corrected", correctedValue="Zephyrine Holdings Ltd")
    decide(client, cid, findingKey=parties[1], decision="rejected")

    contract = client.get(f"/v1/contracts/{cid}").json()
    assert contract["expirationDate"] == "2031-03-01"
    names = [p["name"] for p in contract["parties"]]
    assert names[0] == "Zephyrine Holdings Ltd" and found[parties[1]]["value"] not in names
    assert contract["result"]["summary"]["parties"] == saved["result"]["summary"]["parties"]  # the engine's, kept
    day_after_engine_expiry = (date.fromisoformat(found[expiry]["value"]) + timedelta(days=1)).isoformat()
    assert day_after_engine_expiry < "2031-03-01"
    listed = client.get("/v1/contracts", params={"expiresBefore": day_after_engine_expiry, "q": "listed supply"})
    assert listed.json()["data"] == []  # filtered on the reviewed date, not the engine's
    later = client.get("/v1/contracts", params={"expiresBefore": "2031-03-02", "q": "listed supply"}).json()["data"]
    assert [c["contractId"] for c in later] == [cid] and later[0]["expirationDate"] == "2031-03-01"
