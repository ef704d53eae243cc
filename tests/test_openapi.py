"""The published OpenAPI document declares what generated clients need (issue 18): operationIds,
Idempotency-Key, response headers, typed parameters, limits, webhooks, servers and examples.

What the server really answers is held to the document by tests/openapi_check.py (every response
of the API tests) and tests/test_schema_fuzz.py; these tests hold the document to what it must say.
"""

from __future__ import annotations

import re

import httpx
import jsonschema_rs
import pytest
from conftest import Server, submit_text, wait_done, wait_for

from contractbox.core.events import EVENT_TYPES
from contractbox.keys.scopes import KNOWN_SCOPES
from contractbox.server.openapi_document import NO_LOCATION, PROPERTY_KEYWORDS, QUERY_ENUMS

# A verb then what it acts on, in camelCase (`getAnalysisResult`), not a path-derived name
# (`V1AnalysesAnalysisidResultResult`); any verb, so an operation added later passes as it should.
CAMEL_VERB = re.compile(r"^[a-z]+(?:[A-Z][a-z0-9]*)+$")


@pytest.fixture(scope="module")
def document(server: Server) -> dict:
    answer = httpx.get(f"{server.base_url}/v1/openapi.json")
    assert answer.status_code == 200
    return answer.json()


def operations(document: dict) -> list[tuple[str, str, dict]]:
    return [
        (method, path, op)
        for path, methods in document["paths"].items()
        for method, op in methods.items()
        if isinstance(op, dict) and "responses" in op
    ]


def test_operation_ids_are_readable_and_unique(document: dict) -> None:
    ids = [op["operationId"] for _, _, op in operations(document)]
    assert len(ids) == len(set(ids))
    assert [i for i in ids if not CAMEL_VERB.match(i) or i.lower().startswith("v1")] == []
    for expected in ("createAnalysis", "getAnalysisResult", "listContracts", "sendTestWebhook", "getUsage"):
        assert expected in ids


def test_servers_name_the_origin_the_client_used(server: Server, document: dict) -> None:
    assert document["servers"][0]["url"] == server.base_url
    assert all(path.startswith("/v1/") for path in document["paths"])


def test_every_post_declares_idempotency_key(document: dict) -> None:
    posts = [(path, op) for method, path, op in operations(document) if method == "post"]
    assert posts
    for path, op in posts:
        refs = [p.get("$ref") for p in op.get("parameters", [])]
        assert "#/components/parameters/IdempotencyKey" in refs, path
    parameter = document["components"]["parameters"]["IdempotencyKey"]
    assert parameter["in"] == "header" and parameter["name"] == "Idempotency-Key"


def test_response_headers_are_declared(document: dict) -> None:
    headers = document["components"]["headers"]
    assert {"X-Request-Id", "Location", "Retry-After", "Idempotent-Replayed"} <= set(headers)
    for method, path, op in operations(document):
        for status, response in op["responses"].items():
            assert "X-Request-Id" in response["headers"], (method, path, status)
            if status in ("201", "202") and (method, path) not in NO_LOCATION:
                assert "Location" in response["headers"], (method, path, status)
            if status == "429":
                assert "Retry-After" in response["headers"], (method, path, status)


def test_each_operation_names_its_scope_as_a_security_role(document: dict) -> None:
    assert document["security"] == [{"bearer": []}, {"apiKey": []}]
    for method, path, op in operations(document):
        assert op["x-scope"] in KNOWN_SCOPES, (method, path)
        assert op["security"] == [{"bearer": [op["x-scope"]]}, {"apiKey": [op["x-scope"]]}], (method, path)


def test_lists_take_an_integer_limit_with_bounds(document: dict) -> None:
    limits = [p for _, _, op in operations(document) for p in op.get("parameters", []) if p.get("name") == "limit"]
    assert limits
    for parameter in limits:
        assert parameter["schema"]["type"] == "integer"
        assert parameter["schema"]["minimum"] == 1 and parameter["schema"]["maximum"] >= 1


def test_closed_sets_and_formats_are_schema_keywords(document: dict) -> None:
    schemas = document["components"]["schemas"]
    analyses = {p["name"]: p["schema"] for p in document["paths"]["/v1/analyses"]["get"]["parameters"]}
    assert analyses["status"]["items"]["enum"] == ["queued", "processing", "completed", "failed"]
    assert analyses["origin"]["enum"] == ["ui", "api"]
    assert analyses["createdGte"]["format"] == "date-time"
    contracts = {p["name"]: p for p in document["paths"]["/v1/contracts"]["get"]["parameters"]}
    assert contracts["riskLevel"]["schema"]["items"]["enum"] == ["low", "medium", "high", "critical"]
    assert contracts["expiresBefore"]["schema"]["format"] == "date"
    assert contracts["reviewState"]["schema"]["enum"] == ["not_started", "in_review", "reviewed"]
    assert contracts["expand[]"]["schema"]["items"]["enum"] == ["result"]
    for report in ("report.pdf", "annotated.pdf"):
        pdf = document["paths"][f"/v1/contracts/{{contractId}}/{report}"]["get"]["responses"]["200"]["content"]
        assert pdf["application/pdf"]["schema"]["format"] == "binary"
    assert schemas["Analysis"]["properties"]["createdAt"]["format"] == "date-time"
    assert schemas["RiskScore"]["properties"]["value"]["maximum"] == 100
    request = schemas["CreateAnalysisRequest"]["properties"]
    assert request["title"]["maxLength"] == 500
    assert schemas["CreateWebhookRequest"]["properties"]["description"]["oneOf"][0]["maxLength"] == 500
    assert schemas["CreateReviewRequest"]["properties"]["note"]["oneOf"][0]["maxLength"] == 2000
    assert "pdf" in request["sourceType"]["enum"]
    for encoded in ("pdfBase64", "docxBase64", "imageBase64"):
        assert request[encoded]["oneOf"][0]["format"] == "byte", encoded
    assert set(schemas["WebhookDelivery"]["properties"]["eventType"]["enum"]) == {*EVENT_TYPES, "webhook.test"}
    assert request["metadata"]["oneOf"][0]["maxProperties"] == 20
    webhook_events = schemas["CreateWebhookRequest"]["properties"]["events"]
    assert webhook_events["items"] == {"$ref": "#/components/schemas/EventType"}
    assert set(schemas["EventType"]["enum"]) == set(EVENT_TYPES)


def test_error_schema_declares_the_fields_some_codes_add(document: dict) -> None:
    """contract_exists / analysis_saved carry contractId, storage_quota_exceeded its byte counts: plain
    optional properties (not a one-branch oneOf), so a generated client has them as typed attributes."""
    error = document["components"]["schemas"]["ErrorObject"]
    assert error["properties"]["contractId"]["type"] == "string"
    for name in ("limitBytes", "usedBytes", "requestedBytes"):
        assert error["properties"][name]["type"] == "integer", name
    assert {"contractId", "limitBytes", "usedBytes", "requestedBytes"}.isdisjoint(error["required"])


def test_webhooks_section_describes_every_event(document: dict) -> None:
    webhooks = document["webhooks"]
    assert set(EVENT_TYPES) <= set(webhooks)
    for event_type, item in webhooks.items():
        schema_ref = item["post"]["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        envelope = document["components"]["schemas"][schema_ref.rsplit("/", 1)[1]]
        assert envelope["properties"]["type"]["const"] == event_type
        assert "$ref" in envelope["properties"]["data"]["properties"]["object"]


def test_examples_match_their_schemas(document: dict) -> None:
    checked = 0
    for method, path, op in operations(document):
        bodies = [op.get("requestBody", {}).get("content", {}).get("application/json", {})]
        bodies += [r.get("content", {}).get("application/json", {}) for r in op["responses"].values()]
        for body in bodies:
            for name, example in body.get("examples", {}).items():
                validator = jsonschema_rs.Draft202012Validator(
                    {**body["schema"], "components": document["components"]}, validate_formats=True
                )
                errors = [str(e) for e in validator.iter_errors(example["value"])]
                assert errors == [], (method, path, name, errors[:3])
                checked += 1
    for event_type, item in document["webhooks"].items():
        body = item["post"]["requestBody"]["content"]["application/json"]
        for name, example in body.get("examples", {}).items():
            validator = jsonschema_rs.Draft202012Validator(
                {**body["schema"], "components": document["components"]}, validate_formats=True
            )
            errors = [str(e) for e in validator.iter_errors(example["value"])]
            assert errors == [], (event_type, name, errors[:3])
            checked += 1
    assert checked >= 9


def test_head_on_the_document_answers_like_get(server: Server) -> None:
    head = httpx.head(f"{server.base_url}/v1/openapi.json")
    assert head.status_code == 200
    assert head.headers["content-type"].startswith("application/json")


def test_responses_are_checked_against_the_document(server: Server, org_key) -> None:  # type: ignore[no-untyped-def]
    """The checker installed on httpx.Client.send really checks, whatever client a test uses: a
    completed flow is validated, and a response the document does not declare is refused (an
    undeclared status, an undeclared body field, a missing required header)."""
    checker = server.openapi
    with org_key.client() as client:
        before = checker.checked
        done = wait_done(client, submit_text(client, "This Agreement is governed by the laws of Ohio.")["analysisId"])
        client.get(f"/v1/analyses/{done['analysisId']}/result")
        assert checker.checked > before
    before = checker.checked
    httpx.get(f"{server.base_url}/v1/usage", headers={"Authorization": f"Bearer {org_key.secret}"})
    assert checker.checked == before + 1, "a plain httpx.get is checked too"

    request = httpx.Request("GET", f"{server.base_url}/v1/usage")
    ids = {"X-Request-Id": "req_1"}
    with pytest.raises(AssertionError, match="not declared"):
        checker.check(httpx.Response(418, request=request, json={}, headers=ids))
    error = {"type": "api_error", "code": "internal_error", "message": "m", "param": None, "requestId": "req_1"}
    checker.check(httpx.Response(500, request=request, json={"error": error}, headers=ids))
    with pytest.raises(AssertionError, match="does not match"):
        checker.check(httpx.Response(500, request=request, json={"error": {**error, "hint": "x"}}, headers=ids))
    with pytest.raises(AssertionError, match="X-Request-Id"):
        checker.check(httpx.Response(500, request=request, json={"error": error}))
    with pytest.raises(AssertionError, match="Location sent but not declared"):
        checker.check(httpx.Response(500, request=request, json={"error": error}, headers={**ids, "Location": "/x"}))


def test_webhook_deliveries_are_checked_against_the_webhooks_section(server: Server, org_key, receiver) -> None:  # type: ignore[no-untyped-def]
    """Every delivery a test receiver gets is validated against the document's webhooks entry of its
    type (conftest's Receiver); an envelope the document does not describe is refused."""
    checker = server.openapi
    with org_key.client() as client:
        endpoint = client.post("/v1/webhooks", json={"url": receiver.url("/checked"), "events": ["analysis.completed"]})
        assert endpoint.status_code == 201
        before = checker.events_checked
        assert client.post(f"/v1/webhooks/{endpoint.json()['webhookId']}/test").status_code == 202
    wait_for(lambda: receiver.at("/checked"), what="test event delivered")
    wait_for(lambda: checker.events_checked > before, what="the delivery checked")
    call = receiver.at("/checked")[0]
    checker.check_event(call.headers, call.body)
    with pytest.raises(AssertionError, match="does not describe"):
        checker.check_event(call.headers, call.body.replace(b'"webhook.test"', b'"webhook.unknown"'))
    with pytest.raises(AssertionError, match="webhook-signature"):
        checker.check_event({k: v for k, v in call.headers.items() if k != "webhook-signature"}, call.body)


def test_every_typing_rule_still_applies(document: dict) -> None:
    """The enums, formats and limits openapi_document.py adds are keyed by path, parameter, schema and
    property names: a rename must not silently drop them (each key is still in the document)."""
    parameters = {
        (path, parameter.get("name"))
        for method, path, op in operations(document)
        for parameter in op.get("parameters", [])
    }
    assert [key for key in QUERY_ENUMS if key not in parameters] == []
    schemas = document["components"]["schemas"]
    missing = [
        (name, prop)
        for name, props in PROPERTY_KEYWORDS.items()
        for prop in props
        if prop not in schemas.get(name, {}).get("properties", {})
    ]
    assert missing == []


def test_a_repeated_list_parameter_means_all_its_values(org_key) -> None:  # type: ignore[no-untyped-def]
    """The document says status=a,b (style form, explode false); openapi-python-client sends
    status=a&status=b. Both mean the two values, never only the last; a repeated single value is a 400."""
    with org_key.client() as client:
        done = wait_done(client, submit_text(client, "This Agreement is governed by the laws of Ohio.")["analysisId"])
        assert done["status"] == "completed"
        for query in ("status=completed,queued", "status=completed&status=queued", "status=queued&status=completed"):
            listed = client.get(f"/v1/analyses?{query}")
            assert listed.status_code == 200, listed.text
            assert done["analysisId"] in [a["analysisId"] for a in listed.json()["data"]], query
        assert client.get("/v1/analyses?status=queued&status=processing").json()["data"] == []
        twice = client.get("/v1/analyses?limit=1&limit=2")
        assert twice.status_code == 400 and twice.json()["error"]["param"] == "limit"
