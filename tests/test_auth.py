"""Authentication, modes, organizations and scopes, checked on every /v1 route of the app's
own route table: a new route is covered the day it is added (or this test fails until the
route's path parameter has an object factory below)."""

from __future__ import annotations

import re
from collections.abc import Callable

import httpx
import pytest

from conftest import Key, Server, submit_text, wait_done
from contractbox.server.app import create_app
from contractbox.keys.scopes import RESOURCE_SCOPES, expand
from contractbox.core.settings import Settings


def v1_routes(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, str, str]]:
    app = create_app(Settings.from_env({}, data_dir=tmp_path_factory.mktemp("routes")))
    routes = []
    for route in app.routes:
        if not route.path.startswith("/v1/") or route.path == "/v1/openapi.json":
            continue
        for handler in getattr(route, "route_handlers", []):
            for method in sorted(handler.http_methods):
                if method in ("HEAD", "OPTIONS"):
                    continue
                routes.append((method, route.path, handler.opt.get("scope", "")))
    return sorted(set(routes))


# How to make an object of each path parameter's type, owned by a key (for cross-tenant checks).
def make_analysis(client: httpx.Client) -> str:
    analysis = submit_text(client, "This Agreement is governed by the laws of Delaware. Acme shall pay within 30 days.")
    wait_done(client, analysis["analysisId"])
    return analysis["analysisId"]


def make_contract(client: httpx.Client) -> str:
    return client.post("/v1/contracts", json={"analysisId": make_analysis(client)}).json()["contractId"]


def make_comparison(client: httpx.Client) -> str:
    analysis_id = make_analysis(client)
    return client.post("/v1/comparisons", json={"left": analysis_id, "right": analysis_id}).json()["comparisonId"]


def make_review(client: httpx.Client) -> str:
    contract_id = make_contract(client)
    finding = client.get(f"/v1/contracts/{contract_id}/findings").json()["data"][0]
    body = {"findingKey": finding["findingKey"], "decision": "accepted"}
    return client.post(f"/v1/contracts/{contract_id}/reviews", json=body).json()["reviewId"]


def make_review_set(client: httpx.Client) -> str:
    review_set = client.post("/v1/review_sets", json={"name": "Matrix data room"}).json()["id"]
    analysis = submit_text(client, "Governed by the laws of Texas.", reviewSet=review_set, label="Suppliers/2019")
    wait_done(client, analysis["analysisId"])
    return review_set


def make_webhook(client: httpx.Client) -> str:
    body = {"url": "http://127.0.0.1:9/never-called", "events": ["contract.created"]}
    return client.post("/v1/webhooks", json=body).json()["webhookId"]


OBJECT_FACTORIES: dict[str, Callable[[httpx.Client], str]] = {
    "analysisId": make_analysis,
    "contractId": make_contract,
    "comparisonId": make_comparison,
    "webhookId": make_webhook,
    "reviewId": make_review,
    "reviewSetId": make_review_set,
}


@pytest.fixture(scope="module")
def routes(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, str, str]]:
    found = v1_routes(tmp_path_factory)
    assert ("POST", "/v1/analyses", "analyses:write") in found
    return found


@pytest.fixture(scope="module")
def tenants(server: Server) -> dict[str, Key]:
    org_a = server.org("matrix-a", live=True)
    org_b = server.org("matrix-b", live=True)
    return {"a_test": server.key(org_a), "a_live": server.key(org_a, "live"), "b_test": server.key(org_b)}


def concrete(path: str, ids: dict[str, str]) -> str:
    def fill(match: re.Match) -> str:
        return ids.get(match.group(1), "xyz_000000000000000000000000")

    return re.sub(r"\{(\w+)(?::\w+)?\}", fill, path)


def call(server: Server, method: str, path: str, headers: dict[str, str]) -> httpx.Response:
    body = {} if method in ("POST", "PATCH", "PUT") else None
    return httpx.request(method, server.base_url + path, headers=headers, json=body, timeout=30)


def test_no_key_unknown_key_and_revoked_key_are_401_everywhere(server: Server, routes: list, tenants: dict[str, Key]) -> None:
    org = server.org("matrix-revoked")
    revoked = server.key(org)
    assert server.cli("keys", "revoke", revoked.key_id)[0] == 0
    cases = [
        ({}, "missing_api_key"),
        ({"Authorization": "Bearer fpk_test_" + "x" * 32}, "invalid_api_key"),
        ({"X-Api-Key": "sk_live_not_ours"}, "invalid_api_key"),
        ({"Authorization": f"Bearer {revoked.secret}"}, "invalid_api_key"),
        ({"X-Api-Key": revoked.secret}, "invalid_api_key"),
    ]
    for method, path, _ in routes:
        for headers, code in cases:
            response = call(server, method, concrete(path, {}), headers)
            assert response.status_code == 401, (method, path, headers, response.text)
            error = response.json()["error"]
            assert (error["code"], error["type"]) == (code, "authentication_error"), (method, path)


def test_each_missing_scope_is_403(server: Server, routes: list) -> None:
    org = server.org("matrix-scopes")
    for method, path, scope in routes:
        assert scope, f"{method} {path} names no scope"
        others = ",".join(s for s in RESOURCE_SCOPES if scope not in expand([s]))
        key = server.key(org, scopes=others)
        response = call(server, method, concrete(path, {}), {"X-Api-Key": key.secret})
        assert response.status_code == 403, (method, path, response.text)
        assert response.json()["error"]["code"] == "insufficient_scope"


def test_other_organization_and_other_mode_see_nothing(server: Server, routes: list, tenants: dict[str, Key]) -> None:
    owner = tenants["a_test"]
    with owner.client() as client:
        ids = {name: factory(client) for name, factory in OBJECT_FACTORIES.items()}
    for method, path, _ in sorted(routes, key=lambda route: route[0] == "DELETE"):  # delete last: the other routes need the object
        params = re.findall(r"\{(\w+)", path)
        missing = [p for p in params if p not in OBJECT_FACTORIES]
        assert not missing, f"add an object factory for {missing} ({method} {path})"
        if not params:
            continue
        url = concrete(path, ids)
        assert call(server, method, url, {"X-Api-Key": owner.secret}).status_code != 404, (method, url)
        for stranger in ("b_test", "a_live"):
            response = call(server, method, url, {"X-Api-Key": tenants[stranger].secret})
            assert response.status_code == 404, (stranger, method, url, response.text)
            assert response.json()["error"]["code"] == "resource_missing"


def test_lists_never_show_other_tenants(tenants: dict[str, Key]) -> None:
    with tenants["a_test"].client() as client:
        mine = make_analysis(client)
    for stranger in ("b_test", "a_live"):
        with tenants[stranger].client() as client:
            listed = client.get("/v1/analyses", params={"limit": 100}).json()
        assert mine not in {a["analysisId"] for a in listed["data"]}


def test_both_headers_work_and_mode_comes_from_the_prefix(tenants: dict[str, Key]) -> None:
    for header in ("bearer", "x-api-key"):
        with tenants["a_live"].client(header) as client:
            response = client.get("/v1/analyses")
        assert response.status_code == 200 and response.json()["object"] == "list"
    with tenants["a_live"].client() as client:
        created = client.post("/v1/analyses", json={"title": "Live", "sourceType": "text", "text": "Governed by the laws of Texas."})
    assert created.json()["mode"] == "live"


def test_withdrawn_live_access_is_403_and_restored_on_approval(server: Server) -> None:
    org = server.org("matrix-withdrawn", live=True)
    live = server.key(org, "live")
    test = server.key(org, "test")
    assert server.cli("orgs", "revoke-live", org)[0] == 0
    with live.client() as client:
        denied = client.get("/v1/analyses")
    with test.client() as client:
        assert client.get("/v1/analyses").status_code == 200
    assert denied.status_code == 403 and denied.json()["error"]["code"] == "live_access_not_approved"
    assert server.cli("orgs", "approve-live", org)[0] == 0
    with live.client() as client:
        assert client.get("/v1/analyses").status_code == 200


def test_legacy_scopes_expand_as_the_conventions_say(server: Server) -> None:
    org = server.org("matrix-legacy")
    analyze = server.key(org, scopes="contracts:analyze")
    read = server.key(org, scopes="contracts:read")
    compare = server.key(org, scopes="contracts:compare")
    with analyze.client() as client:
        analysis_id = submit_text(client, "Governed by Ohio law.")["analysisId"]
        assert client.get(f"/v1/analyses/{analysis_id}").status_code == 200
    with read.client() as client:
        assert client.get(f"/v1/analyses/{analysis_id}").status_code == 200
        assert client.post("/v1/analyses", json={"title": "t", "sourceType": "text", "text": "x"}).status_code == 403
    with compare.client() as client:
        assert client.get(f"/v1/analyses/{analysis_id}").status_code == 403


def test_last_used_is_recorded(server: Server) -> None:
    org = server.org("matrix-last-used")
    key = server.key(org)
    with key.client() as client:
        client.get("/v1/analyses")
    from conftest import wait_for
    import json as _json

    def last_used() -> str | None:
        code, output = server.cli("keys", "list", "--org", org, "--json")
        return _json.loads(output.splitlines()[0])["lastUsedAt"]

    assert wait_for(last_used, timeout=5, what="lastUsedAt")


def test_rate_limit_answers_429_with_retry_after(fresh_server: Server) -> None:
    fresh_server.env = {"CONTRACTBOX_RATE_LIMIT_PER_MINUTE": "5"}
    fresh_server.start()
    key = fresh_server.key(fresh_server.org("limited"))
    with key.client() as client:
        statuses = [client.get("/v1/analyses") for _ in range(7)]
    limited = [r for r in statuses if r.status_code == 429]
    assert [r.status_code for r in statuses[:5]] == [200] * 5 and limited
    assert limited[0].json()["error"]["code"] == "rate_limited" and int(limited[0].headers["retry-after"]) >= 1
