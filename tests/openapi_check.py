"""Every /v1 response the API tests receive is checked against the server's own OpenAPI document.

`conftest.Key.client()` installs `ResponseChecker.check` as an httpx response hook, so a response
whose status the document does not declare for its operation, whose JSON body does not match the
declared schema (formats included: a `date-time` must be one), or that lacks a header the document
marks required fails the test that received it. Paths the document has no operation for (404
"Nothing exists at ...", 405) are not operations and are left to the tests that send them.
"""

from __future__ import annotations

import re
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

    def __post_init__(self) -> None:
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

    def check(self, response: httpx.Response) -> None:
        request = response.request
        if not request.url.path.startswith("/v1/") or request.url.path == "/v1/openapi.json":
            return
        operation = self.operation(request.method, request.url.path)
        if operation is None:
            return
        response.read()
        where = f"{request.method} {request.url.path} -> {response.status_code}"
        declared = operation.spec["responses"].get(str(response.status_code))
        if declared is None:
            raise UndeclaredResponse(f"{where}: status not declared for {operation.template} ({response.text[:300]})")
        self.check_headers(where, declared, response)
        if request.method != "HEAD":
            self.check_body(where, operation, str(response.status_code), declared, response)
        self.checked += 1

    def check_headers(self, where: str, declared: Schema, response: httpx.Response) -> None:
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
                {**schema, "components": self.document["components"]}, validate_formats=True
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
