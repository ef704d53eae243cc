"""The history of analyses (issue 14): newest first, searchable by title, filterable by where an
analysis came from (the console or an API key) and by one or several statuses."""

from __future__ import annotations

import httpx
from conftest import Key, Server, submit_text, wait_done

TEXT = (
    "This Agreement is governed by the laws of the State of Delaware. Acme Corp shall pay all invoices within 30 days."
)


def console_client(server: Server, org: str) -> httpx.Client:
    code, output = server.cli("console-url")
    assert code == 0, output
    token = output.strip().splitlines()[0].split("#link=", 1)[1]
    client = httpx.Client(base_url=server.base_url, timeout=30)
    signed = client.post("/console/api/login/link", json={"token": token})
    assert signed.status_code == 200
    client.headers.update(
        {"X-ContractBox-Org": org, "X-ContractBox-Mode": "test", "X-CSRF-Token": signed.json()["csrfToken"]}
    )
    return client


def titles(client: httpx.Client, **params: str) -> list[str]:
    response = client.get("/v1/analyses", params=params)
    assert response.status_code == 200, response.text
    return [a["title"] for a in response.json()["data"]]


def test_history_filters_by_origin_title_and_status(server: Server, org_key: Key) -> None:
    api = org_key.client()
    first = submit_text(api, TEXT, title="Alpha lease")
    second = submit_text(api, TEXT, title="Beta NDA")
    ui = console_client(server, org_key.org)
    third = submit_text(ui, TEXT, title="Gamma supply (uploaded)")
    for analysis in (first, second, third):
        wait_done(api, analysis["analysisId"])
    assert titles(api) == ["Gamma supply (uploaded)", "Beta NDA", "Alpha lease"]  # newest first
    assert titles(api, origin="ui") == ["Gamma supply (uploaded)"]
    assert titles(api, origin="api") == ["Beta NDA", "Alpha lease"]
    assert api.get(f"/v1/analyses/{third['analysisId']}").json()["origin"] == "ui"
    assert titles(api, q="ALPHA") == ["Alpha lease"]
    assert titles(api, q="nda", origin="ui") == []
    assert titles(api, status="completed,failed") == titles(api)
    assert titles(api, status="queued,processing") == []
    paged = api.get("/v1/analyses", params={"limit": "1", "startingAfter": third["analysisId"]}).json()
    assert [a["title"] for a in paged["data"]] == ["Beta NDA"] and paged["hasMore"] is True
    for bad in ({"origin": "browser"}, {"status": "done"}):
        response = api.get("/v1/analyses", params=bad)
        assert response.status_code == 400 and response.json()["error"]["param"] == next(iter(bad))
