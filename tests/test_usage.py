"""GET /v1/usage against a real server: per-key counters written when the counted thing happens,
summed over a period of UTC days; billable units are 0 in test mode."""

from __future__ import annotations

import math
from datetime import datetime, timedelta, timezone

import httpx

from conftest import Key, Server, submit_text, wait_done, wait_for

TEXT = "SERVICES AGREEMENT between Acme Corp and Beta LLC. Acme Corp shall pay within 30 days. Governed by Ohio law."


def usage(client: httpx.Client, **params: str) -> dict:
    response = client.get("/v1/usage", params=params)
    assert response.status_code == 200, response.text
    return response.json()


def today_utc() -> datetime:
    return datetime.now(timezone.utc)


def test_test_mode_usage_counts_what_the_key_did(server: Server) -> None:
    org = server.org("usage-counts")
    key, other_key = server.key(org), server.key(org)
    sent: list[httpx.Request] = []
    with key.client() as client:
        client.event_hooks["request"].append(sent.append)
        done = [wait_done(client, submit_text(client, TEXT + f" Copy {n}.")["analysisId"]) for n in range(2)]
        failed = client.post("/v1/analyses", json={"title": "Bad", "sourceType": "pdf", "pdfBase64": "bm90IGEgcGRm"}).json()["analysisId"]
        assert wait_done(client, failed)["status"] == "failed"
        assert client.post("/v1/comparisons", json={"left": done[0]["analysisId"], "right": done[1]["analysisId"]}).status_code == 201
        made = len(sent)
        # Request counts are flushed about once a second: wait until a reading includes the ones above.
        body = wait_for(lambda: next((u for u in [usage(client)] if u["requests"] >= made), None), what="request counts")
    assert made <= body["requests"] <= len(sent)
    now = today_utc()
    assert body["object"] == "usage" and (body["keyId"], body["mode"]) == (key.key_id, "test")
    assert body["period"] == {"from": now.strftime("%Y-%m-01"), "to": now.strftime("%Y-%m-%d")}
    assert body["analyses"] == {"created": 3, "completed": 2, "failed": 1}
    assert body["characters"] == sum(a["document"]["characterCount"] for a in done) and body["pages"] == 0
    assert body["comparisons"] == 1
    assert body["billableUnits"] == 0, "test mode never bills"
    with other_key.client() as client:
        other = usage(client)
    assert other["keyId"] == other_key.key_id and other["analyses"] == {"created": 0, "completed": 0, "failed": 0} and other["comparisons"] == 0


def test_period_bounds_and_validation(org_key: Key) -> None:
    today = today_utc().date()
    yesterday = (today - timedelta(days=1)).isoformat()
    with org_key.client() as client:
        wait_done(client, submit_text(client, TEXT)["analysisId"])
        assert usage(client, **{"from": today.isoformat(), "to": today.isoformat()})["analyses"]["created"] == 1
        before = usage(client, **{"from": "2020-01-01", "to": yesterday})
        assert before["period"] == {"from": "2020-01-01", "to": yesterday} and before["analyses"]["created"] == 0
        assert usage(client, to=today.isoformat())["period"]["from"] == today.replace(day=1).isoformat()
        for params, param in (({"from": "2026-13-01"}, "from"), ({"to": "yesterday"}, "to"), ({"from": today.isoformat(), "to": yesterday}, "from")):
            response = client.get("/v1/usage", params=params)
            assert response.status_code == 400, response.text
            assert (response.json()["error"]["code"], response.json()["error"]["param"]) == ("parameter_invalid", param)


def test_live_mode_bills_one_unit_per_started_30000_characters(server: Server) -> None:
    org = server.org("usage-live", live=True)
    key = server.key(org, "live")
    long_text = (TEXT + "\n") * (31_000 // len(TEXT) + 1)
    with key.client() as client:
        analyses = [wait_done(client, submit_text(client, text)["analysisId"], timeout=180) for text in (TEXT, long_text)]
        body = usage(client)
    completed = [a for a in analyses if a["status"] == "completed"]
    assert body["mode"] == "live"
    assert body["analyses"]["completed"] == len(completed) and body["analyses"]["failed"] == 2 - len(completed)
    # Text sources have no pages; PDFs would count one unit per started 10 pages instead.
    assert body["billableUnits"] == sum(math.ceil(a["document"]["characterCount"] / 30_000) for a in completed)
