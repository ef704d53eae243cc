"""Schema fuzzing: schemathesis generates requests for every operation of the live server's
/v1/openapi.json (valid and invalid bodies, query strings and path parameters) and sends them with
a full-scope test key. Every response must:

- not be a server error (5xx) - `not_a_server_error`;
- have a status code the document declares for that operation - `status_code_conformance`;
- have the declared content type - `content_type_conformance`;
- match the declared schema for its status, errors included - `response_schema_conformance`.

So the OpenAPI document is held to what the server really answers, and the server to the
document. Half of the generated path ids are swapped for ids of real objects of the caller
(a completed analysis, a contract, a comparison, a webhook endpoint) so the success schemas are
checked too, not only the 404s. Webhook URLs are pointed at a closed loopback port so no
generated request makes the server reach beyond this machine.

Bounded: FUZZ_EXAMPLES examples per operation (environment variable, default 25); the whole module
takes well under two minutes on two cores.
"""

from __future__ import annotations

import base64
import os
import re
from collections import Counter, defaultdict
import zlib
from urllib.parse import urlsplit, urlunsplit

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import content_type_conformance, response_schema_conformance, status_code_conformance

from conftest import SAMPLE_CONTRACTS, Key, Server, free_port, submit_text, wait_done

FUZZ_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "25"))
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
CONTRACT = (
    "MASTER SERVICES AGREEMENT dated January 5, 2025 between Northwind Ltd and Contoso Inc. "
    "Contoso Inc shall deliver the services. Northwind Ltd shall pay each invoice within 30 days. "
    "Either party may terminate this Agreement on 60 days written notice. "
    "This Agreement is governed by the laws of the State of Delaware."
)
LOOPBACK = ("127.0.0.1", "localhost", "::1")


class FuzzTarget:
    """The server, the key the fuzzer uses and real ids of that key's objects by path parameter."""

    def __init__(self, server: Server, key: Key) -> None:
        self.server = server
        self.key = key
        self.closed_port = free_port()  # nothing listens here: webhook deliveries are refused at once
        self.ids: dict[str, str] = {}
        self.statuses: dict[str, Counter[int]] = defaultdict(Counter)

    def seed(self, operations: set[str]) -> None:
        """Create one real object per kind the document has operations for."""
        with self.key.client() as client:
            first = wait_done(client, submit_text(client, CONTRACT, title="Fuzz seed A")["analysisId"])
            second = wait_done(client, submit_text(client, CONTRACT.replace("60 days", "90 days"), title="Fuzz seed B")["analysisId"])
            assert first["status"] == second["status"] == "completed"
            self.ids["analysisId"] = first["analysisId"]
            self.ids["unsavedAnalysisId"] = second["analysisId"]
            doomed_analysis = wait_done(client, submit_text(client, CONTRACT, title="Fuzz doomed analysis")["analysisId"])
            self.ids["doomedAnalysisId"] = doomed_analysis["analysisId"]  # the one DELETE may remove
            if "POST /v1/contracts" in operations:
                # A contract from a PDF, so its annotated.pdf can answer 200 too.
                pdf = base64.b64encode((SAMPLE_CONTRACTS / "mutual_nda.pdf").read_bytes()).decode()
                source = client.post("/v1/analyses", json={"title": "Fuzz seed PDF", "sourceType": "pdf", "pdfBase64": pdf})
                assert wait_done(client, source.json()["analysisId"])["status"] == "completed"
                answer = client.post("/v1/contracts", json={"analysisId": source.json()["analysisId"], "title": "Fuzz seed"})
                assert answer.status_code == 201, answer.text
                self.ids["contractId"] = answer.json()["contractId"]
                findings = client.get(f"/v1/contracts/{self.ids['contractId']}/findings").json()["data"]
                self.ids["findingKey"] = findings[0]["findingKey"]
                review = client.post(
                    f"/v1/contracts/{self.ids['contractId']}/reviews",
                    json={"findingKey": self.ids["findingKey"], "decision": "accepted"},
                )
                assert review.status_code == 201, review.text
                self.ids["reviewId"] = review.json()["reviewId"]
                doomed = wait_done(client, submit_text(client, CONTRACT, title="Fuzz doomed")["analysisId"])
                answer = client.post("/v1/contracts", json={"analysisId": doomed["analysisId"]})
                self.ids["doomedContractId"] = answer.json()["contractId"]  # the one DELETE may remove
            if "POST /v1/review_sets" in operations:
                answer = client.post("/v1/review_sets", json={"name": "Fuzz set"})
                assert answer.status_code == 201, answer.text
                self.ids["reviewSetId"] = answer.json()["id"]
                member = submit_text(client, CONTRACT, title="Fuzz set member", reviewSet=self.ids["reviewSetId"], label="Fuzz")
                assert wait_done(client, member["analysisId"])["status"] == "completed"
                answer = client.post("/v1/review_sets", json={"name": "Fuzz doomed set"})
                self.ids["doomedReviewSetId"] = answer.json()["id"]  # the one DELETE may remove
            if "POST /v1/comparisons" in operations:
                answer = client.post("/v1/comparisons", json={"left": first["analysisId"], "right": second["analysisId"]})
                assert answer.status_code == 201, answer.text
                self.ids["comparisonId"] = answer.json()["comparisonId"]
            if "POST /v1/webhooks" in operations:
                answer = client.post("/v1/webhooks", json={"url": f"http://127.0.0.1:{self.closed_port}/hook", "events": ["analysis.completed"]})
                assert answer.status_code == 201, answer.text
                self.ids["webhookId"] = answer.json()["webhookId"]
                answer = client.post("/v1/webhooks", json={"url": f"http://127.0.0.1:{self.closed_port}/doomed", "events": ["analysis.failed"]})
                self.ids["doomedWebhookId"] = answer.json()["webhookId"]  # the one DELETE may remove

    def valid_body(self, method: str, path: str) -> dict | None:
        """A well-formed body for the creating operations, so their success answers are checked too."""
        if (method, path) == ("POST", "/v1/analyses"):
            return {"title": "Fuzz", "sourceType": "text", "text": CONTRACT, "metadata": {"source": "fuzz"}}
        if (method, path) == ("POST", "/v1/contracts"):
            return {"analysisId": self.ids["unsavedAnalysisId"], "title": "Fuzz"}  # 201 once, then 409 contract_exists
        if (method, path) == ("POST", "/v1/comparisons"):
            return {"left": self.ids["analysisId"], "right": self.ids["analysisId"]}
        if (method, path) == ("POST", "/v1/webhooks"):
            return {"url": f"http://127.0.0.1:{self.closed_port}/hook", "events": ["contract.created"], "description": "fuzz"}
        if (method, path) == ("PATCH", "/v1/contracts/{contractId}"):
            return {"title": "Renamed by the fuzzer"}
        if (method, path) == ("POST", "/v1/contracts/{contractId}/reviews"):
            return {"findingKey": self.ids["findingKey"], "decision": "accepted", "note": "fuzz"}
        if (method, path) == ("PATCH", "/v1/webhooks/{webhookId}"):
            return {"description": "patched by the fuzzer", "enabled": True}
        if (method, path) == ("POST", "/v1/review_sets"):
            return {"name": "Fuzz set", "metadata": {"source": "fuzz"}}
        if (method, path) == ("PATCH", "/v1/review_sets/{reviewSetId}"):
            return {"name": "Renamed by the fuzzer"}
        return None

    def adjust(self, case: schemathesis.Case) -> None:
        """Swap half the generated ids for real ones and half the bodies of creating operations
        for valid ones (chosen by a hash of the generated value, so runs are repeatable)."""
        method = case.method.upper()
        for name, value in list((case.path_parameters or {}).items()):
            doomed = {
                "webhookId": "doomedWebhookId",
                "contractId": "doomedContractId",
                "analysisId": "doomedAnalysisId",
                "reviewSetId": "doomedReviewSetId",
            }
            real = self.ids.get(doomed.get(name, name) if method == "DELETE" else name)
            if real and zlib.crc32(repr(value).encode()) % 2 == 0:
                case.path_parameters[name] = real
        body = self.valid_body(method, case.path) if zlib.crc32(repr(case.body).encode()) % 2 == 0 else None
        if body is not None:
            case.body = body
        if case.path.startswith("/v1/webhooks") and isinstance(case.body, dict) and isinstance(case.body.get("url"), str):
            case.body["url"] = self.keep_local(case.body["url"])

    def keep_local(self, url: str) -> str:
        """Keep the generated URL's shape but never let it name a host beyond loopback."""
        try:
            parts = urlsplit(url)
            host = parts.hostname
        except ValueError:
            return url
        if not host or host in LOOPBACK:
            return url
        return urlunsplit((parts.scheme, f"127.0.0.1:{self.closed_port}", parts.path, parts.query, parts.fragment))


@pytest.fixture(scope="module")
def fuzz_target(server: Server) -> FuzzTarget:
    org = server.org("schema-fuzz")
    return FuzzTarget(server, server.key(org))


@pytest.fixture(scope="module")
def api_schema(fuzz_target: FuzzTarget) -> schemathesis.BaseSchema:
    document = httpx.get(fuzz_target.server.base_url + "/v1/openapi.json", timeout=10).json()
    operations = {f"{method.upper()} {path}" for path, ops in document["paths"].items() for method in ops}
    fuzz_target.seed(operations)
    schema = schemathesis.openapi.from_dict(document)
    schema.config.update(base_url=fuzz_target.server.base_url)
    return schema


def fuzz_operation(operation: schemathesis.APIOperation, mode: GenerationMode, target: FuzzTarget) -> str | None:
    """Run FUZZ_EXAMPLES generated requests against one operation; the first failure, or None."""

    @given(case=operation.as_strategy(generation_mode=mode))
    @settings(
        max_examples=FUZZ_EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        phases=[Phase.explicit, Phase.generate],  # no shrinking: keeps a failing run bounded too
        suppress_health_check=list(HealthCheck),
    )
    def run(case: schemathesis.Case) -> None:
        target.adjust(case)
        response = case.call_and_validate(headers={"Authorization": f"Bearer {target.key.secret}"}, checks=CHECKS, timeout=30)
        target.statuses[operation.label][response.status_code] += 1

    try:
        run()
    except (Exception, BaseExceptionGroup) as exc:  # noqa: BLE001 - collected and reported per operation below
        return f"{operation.label} ({mode.value}):\n{exc}"
    return None


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE], ids=["valid-inputs", "invalid-inputs"])
def test_every_operation_conforms(api_schema: schemathesis.BaseSchema, fuzz_target: FuzzTarget, mode: GenerationMode) -> None:
    operations = [result.ok() for result in api_schema.get_all_operations()]
    assert len(operations) >= 4, [op.label for op in operations]
    fuzz_target.statuses.clear()
    failures = [failure for op in operations if (failure := fuzz_operation(op, mode, fuzz_target))]
    assert not failures, f"{len(failures)} of {len(operations)} operations failed:\n\n" + "\n\n".join(failures)
    if mode is GenerationMode.POSITIVE:  # the success schemas were checked too, not only the errors
        # An operation on a kind of object seed() does not create yet (a route another change just added)
        # can only answer 404 here; its own tests' responses are checked against the document anyway
        # (tests/openapi_check.py), so it is left out of this check instead of failing it.
        seeded = [op for op in operations if set(re.findall(r"\{(\w+)\}", op.path)) <= set(fuzz_target.ids)]
        never_succeeded = [op.label for op in seeded if not any(s < 300 for s in fuzz_target.statuses[op.label])]
        assert not never_succeeded, f"no 2xx answer seen for {never_succeeded}: {dict(fuzz_target.statuses)}"


def test_document_declares_errors_for_every_operation(server: Server) -> None:
    """Every /v1 operation states its error responses in the one ErrorResponse shape."""
    document = httpx.get(server.base_url + "/v1/openapi.json", timeout=10).json()
    assert "ErrorResponse" in document["components"]["schemas"]
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            statuses = set(operation["responses"])
            assert {"400", "401", "403", "429", "500", "503"} <= statuses, (method, path, statuses)
            if "{" in path:
                assert "404" in statuses, (method, path)
            for status in statuses - {"200", "201", "202", "204"}:
                content = operation["responses"][status]["content"]["application/json"]["schema"]
                assert content == {"$ref": "#/components/schemas/ErrorResponse"}, (method, path, status, content)
