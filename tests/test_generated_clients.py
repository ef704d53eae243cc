"""Clients generated from the served /v1/openapi.json work with no hand-set header, no string-typed
integer and no `additional_properties` for anything the docs mention (issue 18).

- Python: openapi-python-client generates a package from the live document (no warnings allowed;
  the config reads each binary media type, application/pdf, as bytes, as docs/api-notes.md shows);
  the main flow runs through it against a real server, in test and live mode: create with an
  Idempotency-Key and retry it, poll, result, save (and the 409 with `error.contractId`), list with
  an integer limit, compare, webhooks, usage, an error parsed as the error model, and a 429 whose
  `Retry-After` is read from the response headers.
- TypeScript: openapi-typescript generates types from the same document and `tsc --strict`
  compiles tests/clients/example.ts (the example in docs/api-notes.md) against them.
The generators are installed by dev.py (Python: the dev extra; TypeScript: `npm ci` in tests/clients).
"""

from __future__ import annotations

import datetime
import importlib
import json
import shutil
import subprocess
import sys
import uuid
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from conftest import REPO, Receiver, Server, wait_for

CLIENTS = REPO / "tests" / "clients"
CONTRACT = (
    "MASTER SERVICES AGREEMENT dated January 5, 2025 between Northwind Ltd and Contoso Inc. "
    "Northwind Ltd shall pay each invoice within 30 days. Either party may terminate this Agreement on "
    "60 days written notice. This Agreement is governed by the laws of the State of Delaware."
)
GENERATOR_CONFIG = "package_name_override: contractbox_client\npost_hooks: []\n"
# Media types openapi-python-client reads without being told (anything else it omits, with a warning).
PYTHON_CLIENT_MEDIA_TYPES = ("application/json", "application/octet-stream")


def served_document(server: Server, target: Path) -> Path:
    answer = httpx.get(f"{server.base_url}/v1/openapi.json")
    assert answer.status_code == 200
    target.write_text(answer.text)
    return target


def binary_media_types(document: dict) -> list[str]:
    """Response media types the Python generator must be told to read as bytes (application/pdf):
    docs/api-notes.md lists them in its config, this derives them so a new export type is covered."""
    found = {
        media_type
        for methods in document["paths"].values()
        for operation in methods.values()
        if isinstance(operation, dict)
        for response in operation.get("responses", {}).values()
        for media_type in response.get("content", {})
    }
    readable = [t for t in found if t in PYTHON_CLIENT_MEDIA_TYPES or t.startswith("text/") or t.endswith("+json")]
    return sorted(found - set(readable))


def generator_config(document: Path) -> str:
    overrides = "".join(
        f"  {t}: application/octet-stream\n" for t in binary_media_types(json.loads(document.read_text()))
    )
    return GENERATOR_CONFIG + ("content_type_overrides:\n" + overrides if overrides else "")


@pytest.fixture(scope="module")
def client_package(server: Server, tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    work = tmp_path_factory.mktemp("python-client")
    document = served_document(server, work / "openapi.json")
    (work / "config.yaml").write_text(generator_config(document))
    generator = Path(sys.executable).with_name("openapi-python-client")
    run = subprocess.run(
        [str(generator), "generate", "--path", str(document), "--output-path", str(work / "contractbox_client"),
         "--meta", "none", "--config", str(work / "config.yaml")],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    output = run.stdout + run.stderr
    assert run.returncode == 0, output
    assert "Warning" not in output and "warning" not in output, output
    sys.path.insert(0, str(work))
    try:
        return importlib.import_module("contractbox_client")
    finally:
        sys.path.remove(str(work))


def module(package: ModuleType, name: str) -> Any:
    return importlib.import_module(f"{package.__name__}.{name}")


def authenticated(package: ModuleType, server: Server, secret: str) -> Any:
    return package.AuthenticatedClient(base_url=server.base_url, token=secret, raise_on_unexpected_status=True)


def submit(package: ModuleType, client: Any, text: str, key: str) -> Any:
    models = module(package, "models")
    body = models.CreateAnalysisRequest(
        title="Northwind MSA", source_type=models.CreateAnalysisRequestSourceType.TEXT, text=text
    )
    return module(package, "api.analyses.create_analysis").sync_detailed(client=client, body=body, idempotency_key=key)


def completed(package: ModuleType, client: Any, analysis_id: str) -> Any:
    get_analysis = module(package, "api.analyses.get_analysis")
    status = module(package, "models").AnalysisStatus

    def done() -> Any:
        analysis = get_analysis.sync(client=client, analysis_id=analysis_id)
        return analysis if analysis.status in (status.COMPLETED, status.FAILED) else None

    return wait_for(done, timeout=60, interval=0.1, what="analysis finished")


@pytest.mark.parametrize("mode", ["test", "live"])
def test_main_flow_through_the_generated_python_client(
    client_package: ModuleType, server: Server, receiver: Receiver, mode: str
) -> None:
    package = client_package
    models = module(package, "models")
    org = server.org(f"Generated client {mode}", live=mode == "live")
    client = authenticated(package, server, server.key(org, mode).secret)

    key = str(uuid.uuid4())
    first = submit(package, client, CONTRACT, key)
    again = submit(package, client, CONTRACT, key)
    assert first.status_code == again.status_code == 202
    assert again.parsed.analysis_id == first.parsed.analysis_id
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert first.headers["Location"] == f"/v1/analyses/{first.parsed.analysis_id}"

    analysis = completed(package, client, first.parsed.analysis_id)
    assert analysis.status == models.AnalysisStatus.COMPLETED
    assert isinstance(analysis.created_at, datetime.datetime)
    result = module(package, "api.analyses.get_analysis_result").sync(client=client, analysis_id=analysis.analysis_id)
    assert isinstance(result, models.AnalysisResult)
    assert 0 <= result.risk_score.value <= 100
    quoted = {e.id: e.text for e in result.evidence}
    assert all(set(c.evidence_ids) <= set(quoted) for c in result.clauses)

    create_contract = module(package, "api.contracts.create_contract")
    saved = create_contract.sync(client=client, body=models.CreateContractRequest(analysis_id=analysis.analysis_id))
    assert isinstance(saved, models.Contract)
    duplicate = create_contract.sync_detailed(
        client=client, body=models.CreateContractRequest(analysis_id=analysis.analysis_id)
    )
    assert duplicate.status_code == 409
    assert duplicate.parsed.error.code == "contract_exists"
    assert duplicate.parsed.error.contract_id == saved.contract_id
    assert not duplicate.parsed.error.additional_properties

    report = module(package, "api.reports_and_exports.get_contract_report").sync(
        client=client, contract_id=saved.contract_id
    )
    assert report.payload.read().startswith(b"%PDF-")  # format: binary -> a File, not a str holding bytes

    listed = module(package, "api.contracts.list_contracts").sync(client=client, limit=10)
    by_status = module(package, "api.analyses.list_analyses").sync(
        client=client, status=[models.ListAnalysesStatusItem.COMPLETED, models.ListAnalysesStatusItem.QUEUED]
    )  # the client repeats the key (status=completed&status=queued): both values count, not the last
    assert analysis.analysis_id in [a.analysis_id for a in by_status.data]
    assert saved.contract_id in [c.contract_id for c in listed.data]

    second = completed(
        package,
        client,
        submit(package, client, CONTRACT.replace("60 days", "90 days"), str(uuid.uuid4())).parsed.analysis_id,
    )
    comparison = module(package, "api.comparisons.create_comparison").sync(
        client=client, body=models.CreateComparisonRequest(left=analysis.analysis_id, right=second.analysis_id)
    )
    assert isinstance(comparison, models.Comparison)

    endpoint = module(package, "api.webhooks.create_webhook").sync(
        client=client,
        body=models.CreateWebhookRequest(url=receiver.url(f"/{mode}"), events=[models.EventType.ANALYSIS_COMPLETED]),
    )
    assert endpoint.secret.startswith("whsec_")
    sent = module(package, "api.webhooks.send_test_webhook").sync_detailed(
        client=client, webhook_id=endpoint.webhook_id
    )
    assert sent.status_code == 202

    def delivered_test_event() -> (
        dict | None
    ):  # an analysis.completed dispatched after the endpoint existed may come first
        events = [json.loads(call.body) for call in receiver.at(f"/{mode}")]
        return next((e for e in events if e["type"] == "webhook.test"), None)

    event = wait_for(delivered_test_event, what="test event delivered")
    assert event["data"]["object"]["webhookId"] == endpoint.webhook_id

    today = datetime.date.today()
    usage = module(package, "api.usage.get_usage").sync(client=client, from_=today.replace(day=1), to=today)
    assert usage.analyses.created >= 2

    missing = module(package, "api.analyses.get_analysis").sync_detailed(client=client, analysis_id="ana_missing")
    assert missing.status_code == 404
    assert isinstance(missing.parsed, models.ErrorResponse)
    assert missing.parsed.error.code == "resource_missing"
    assert missing.parsed.error.request_id == missing.headers["X-Request-Id"]


def test_a_429_is_read_through_retry_after(client_package: ModuleType, tmp_path: Path) -> None:
    package = client_package
    server = Server(tmp_path / "data", env={"CONTRACTBOX_RATE_LIMIT_PER_MINUTE": "3"}).start()
    try:
        client = authenticated(package, server, server.key(server.org("Throttled"), "test").secret)
        list_analyses = module(package, "api.analyses.list_analyses")
        answers = [list_analyses.sync_detailed(client=client, limit=1) for _ in range(5)]
        throttled = [a for a in answers if a.status_code == 429]
        assert throttled, [a.status_code for a in answers]
        assert throttled[0].parsed.error.code == "rate_limited"
        assert int(throttled[0].headers["Retry-After"]) >= 1
    finally:
        server.stop()


def test_typescript_types_compile_with_the_example_under_strict(server: Server, tmp_path: Path) -> None:
    npx = shutil.which("npx")
    assert npx, "Node.js and npm are needed (dev.py installs them with the Debian packages)"
    assert (CLIENTS / "node_modules" / ".bin" / "tsc").exists(), "run `npm ci` in tests/clients (dev.py does)"
    document = served_document(server, tmp_path / "openapi.json")
    generated = CLIENTS / "generated"
    generated.mkdir(exist_ok=True)
    types = subprocess.run(
        [npx, "--no-install", "openapi-typescript", str(document), "-o", str(generated / "api.d.ts")],
        cwd=CLIENTS, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert types.returncode == 0, types.stdout + types.stderr
    printed = (types.stdout + types.stderr).lower().replace("npm warn unknown user config", "")
    assert "warn" not in printed and "error" not in printed, types.stdout + types.stderr
    compiled = subprocess.run(
        [npx, "--no-install", "tsc", "-p", "tsconfig.json"], cwd=CLIENTS, capture_output=True, text=True, check=False
    )
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr
