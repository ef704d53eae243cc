"""Every /v1 response the tests receive is checked against the server's own OpenAPI document.

`install()` (called by conftest.py at import) wraps `httpx.Client.send`, so every response from a
test server, whichever way the test made its client (`Key.client()`, `httpx.get`, a client that
openapi-python-client generated, a helper thread), is checked. A response fails the test that
received it when the document does not declare its status for the operation, when its JSON body
does not match the declared schema (formats included: a `date-time` must be one; and strictly: an
object with a field its schema does not list fails too), when its content type is not declared,
when it lacks a header the document marks required, or when it carries one of the document's
component headers (Location, Retry-After, Idempotent-Replayed...) where it is not declared. A failure in another thread fails the test at
its teardown (conftest.py's `responses_match_the_document`).

Paths the document has no operation for (404 "Nothing exists at ...", 405, /console) are not
operations and are left to the tests that send them; a streamed response has its status and
headers checked, not its body (reading it would change what the test measures).
"""

from __future__ import annotations

import copy
import json
import re
import threading
from dataclasses import dataclass, field
from typing import Any

import httpx
import jsonschema_rs

Schema = dict[str, Any]


class UndeclaredResponse(AssertionError):
    pass


@dataclass
class Operation:
    method: str
    template: str
    pattern: re.Pattern[str]
    spec: Schema


@dataclass
class ResponseChecker:
    document: Schema
    operations: list[Operation] = field(default_factory=list)
    validators: dict[tuple[str, str, str], Any] = field(default_factory=dict)
    checked: int = 0
    events_checked: int = 0
    strict_components: Schema = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.strict_components = strict(copy.deepcopy(self.document["components"]))
        for template, methods in self.document["paths"].items():
            regex = "^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template)) + "$"
            for method, spec in methods.items():
                if isinstance(spec, dict) and "responses" in spec:
                    self.operations.append(Operation(method.upper(), template, re.compile(regex), spec))
        # Literal paths before templated ones, so /v1/analyses/x/result is not taken for /v1/analyses/{id}.
        self.operations.sort(key=lambda op: op.template.count("{"))

    @classmethod
    def fetch(cls, base_url: str) -> ResponseChecker:
        answer = httpx.get(f"{base_url}/v1/openapi.json", timeout=30)
        answer.raise_for_status()
        return cls(answer.json())

    def operation(self, method: str, path: str) -> Operation | None:
        method = "GET" if method == "HEAD" else method
        return next((op for op in self.operations if op.method == method and op.pattern.match(path)), None)

    def check(self, response: httpx.Response, streamed: bool = False) -> None:
        request = response.request
        if not request.url.path.startswith("/v1/") or request.url.path == "/v1/openapi.json":
            return
        operation = self.operation(request.method, request.url.path)
        if operation is None:
            return
        if not streamed:
            response.read()
        where = f"{request.method} {request.url.path} -> {response.status_code}"
        declared = operation.spec["responses"].get(str(response.status_code))
        if declared is None:
            body = "" if streamed else f" ({response.text[:300]})"
            raise UndeclaredResponse(f"{where}: status not declared for {operation.template}{body}")
        self.check_headers(where, declared, response)
        if request.method != "HEAD" and not streamed:
            self.check_body(where, operation, str(response.status_code), declared, response)
        self.checked += 1

    def check_event(self, headers: dict[str, str], body: bytes) -> None:
        """A webhook delivery the server POSTed, against the document's `webhooks` entry for its type:
        the signature headers and the envelope with its `data.object` (strictly, as responses)."""
        event = json.loads(body)
        where = f"webhook event {event.get('type')!r} ({event.get('eventId')})"
        webhook = self.document.get("webhooks", {}).get(event.get("type"))
        if webhook is None:
            raise UndeclaredResponse(f"{where}: the document's webhooks section does not describe this type")
        operation = webhook["post"]
        for parameter in operation.get("parameters", []):
            if parameter.get("required") and parameter["name"] not in headers:
                raise UndeclaredResponse(f"{where}: required header {parameter['name']} missing")
        schema = operation["requestBody"]["content"]["application/json"]["schema"]
        validator = jsonschema_rs.Draft202012Validator(
            {**strict(copy.deepcopy(schema)), "components": self.strict_components}, validate_formats=True
        )
        errors = list(validator.iter_errors(event))
        if errors:
            raise UndeclaredResponse(f"{where}: body does not match the document: {errors[0]}")
        self.events_checked += 1

    def check_headers(self, where: str, declared: Schema, response: httpx.Response) -> None:
        names = {name.lower() for name in declared.get("headers", {})}
        for name in self.document["components"].get("headers", {}):
            if name in response.headers and name.lower() not in names:  # an API header sent where undeclared
                raise UndeclaredResponse(f"{where}: header {name} sent but not declared on this response")
        for name, header in declared.get("headers", {}).items():
            header = self.resolve(header)
            if header.get("required") and name not in response.headers:
                raise UndeclaredResponse(f"{where}: required header {name} missing")
            if name in response.headers:
                value: Any = response.headers[name]
                if header["schema"].get("type") == "integer":
                    value = int(value) if value.isdigit() else value
                self.validate(where + f" header {name}", header["schema"], value)

    def check_body(
        self, where: str, operation: Operation, status: str, declared: Schema, response: httpx.Response
    ) -> None:
        content = declared.get("content")
        if not content:
            if response.content:
                raise UndeclaredResponse(f"{where}: a body where the document declares none")
            return
        media_type = response.headers.get("content-type", "").split(";")[0].strip()
        if media_type not in content:
            raise UndeclaredResponse(f"{where}: content type {media_type!r} not among {sorted(content)}")
        schema = content[media_type].get("schema")
        if schema is None or media_type != "application/json":
            return
        key = (operation.method, operation.template, status)
        if key not in self.validators:
            self.validators[key] = jsonschema_rs.Draft202012Validator(
                {**strict(copy.deepcopy(schema)), "components": self.strict_components}, validate_formats=True
            )
        errors = list(self.validators[key].iter_errors(response.json()))
        if errors:
            raise UndeclaredResponse(f"{where}: body does not match the document: {errors[0]}")

    def validate(self, where: str, schema: Schema, value: Any) -> None:
        validator = jsonschema_rs.Draft202012Validator(
            {**schema, "components": self.document["components"]}, validate_formats=True
        )
        errors = list(validator.iter_errors(value))
        if errors:
            raise UndeclaredResponse(f"{where}: {errors[0]}")

    def resolve(self, item: Schema) -> Schema:
        ref = item.get("$ref")
        if not ref:
            return item
        node: Any = self.document
        for part in ref.removeprefix("#/").split("/"):
            node = node[part]
        return node


def strict(schema: Any) -> Any:
    """The schema with `additionalProperties: false` on every object that lists its properties and
    says nothing of others: a response field the document does not declare is a failure, not a
    field generated clients silently tuck into `additional_properties`."""
    if isinstance(schema, list):
        return [strict(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    walked = {key: strict(value) for key, value in schema.items()}
    if isinstance(walked.get("properties"), dict) and "additionalProperties" not in walked:
        walked["additionalProperties"] = False
    return walked


@dataclass
class SuiteValidation:
    """The checking of every response from a test server (by port), installed on httpx.Client.send."""

    ports: set[int] = field(default_factory=set)
    checker: ResponseChecker | None = None
    failures: list[str] = field(default_factory=list)  # raised in threads other than the test's
    lock: threading.Lock = field(default_factory=threading.Lock)

    def register(self, base_url: str) -> ResponseChecker:
        """A test server is up at base_url: its responses are checked from now on. Every server of a
        session runs this checkout's code, so one document (fetched from the first) serves them all."""
        with self.lock:
            self.ports.add(httpx.URL(base_url).port or 80)
            if self.checker is None:
                self.checker = ResponseChecker.fetch(base_url)
            return self.checker

    def after(self, response: httpx.Response, streamed: bool) -> None:
        url = response.request.url
        if self.checker is None or url.host != "127.0.0.1" or url.port not in self.ports:
            return
        try:
            self.checker.check(response, streamed=streamed)
        except UndeclaredResponse as failure:
            if threading.current_thread() is not threading.main_thread():
                self.failures.append(str(failure))
            raise

    def after_event(self, headers: dict[str, str], body: bytes) -> None:
        """A POST a test's webhook receiver got: a delivery (it has a webhook-id) is checked; a
        failure is kept for the test's teardown (the receiver's thread must still answer)."""
        if self.checker is None or "webhook-id" not in headers:
            return
        try:
            self.checker.check_event(headers, body)
        except (UndeclaredResponse, ValueError) as failure:
            self.failures.append(str(failure))

    def take_failures(self) -> list[str]:
        failures, self.failures = self.failures, []
        return failures


VALIDATION = SuiteValidation()


def install() -> None:
    """Check every response httpx.Client receives (idempotent: conftest may be imported twice)."""
    if getattr(httpx.Client.send, "checks_openapi", False):
        return
    original = httpx.Client.send

    def send(self: httpx.Client, request: httpx.Request, **kwargs: Any) -> httpx.Response:
        response = original(self, request, **kwargs)
        try:
            VALIDATION.after(response, streamed=bool(kwargs.get("stream")))
        except BaseException:
            response.close()
            raise
        return response

    send.checks_openapi = True  # type: ignore[attr-defined]
    httpx.Client.send = send  # type: ignore[method-assign]
