"""Attack (issue 13, defect 7): an empty scope list must not mean every scope. The CLI's
`keys create --scopes ""` (and "," and " ") and the console's `"scopes": []` / `null` / a missing
list are refused with a clear error and create no key; repeated scopes are stored once."""

from __future__ import annotations

import json

import pytest
from conftest import Server
from test_console import sign_in


def keys_of(server: Server, org: str) -> list[dict]:
    code, output = server.cli("keys", "list", "--org", org, "--json")
    assert code == 0, output
    return [json.loads(line) for line in output.splitlines() if line.strip()]


@pytest.mark.parametrize("scopes", ["", ",", " ", " , ,"])
def test_cli_refuses_an_empty_scope_list(server: Server, scopes: str) -> None:
    org = server.org(f"empty-scopes-cli-{len(scopes)}-{scopes.count(',')}")
    code, output = server.cli("keys", "create", "--org", org, "--mode", "test", "--scopes", scopes)
    assert code != 0
    assert "scope" in output.lower() and "at least one" in output.lower(), output
    assert keys_of(server, org) == []


@pytest.mark.parametrize("body", [{"scopes": []}, {"scopes": None}, {}], ids=["empty", "null", "missing"])
def test_console_refuses_an_empty_scope_list(server: Server, body: dict) -> None:
    console = sign_in(server)
    csrf = {"X-CSRF-Token": console.csrf}
    org = console.client.post("/console/api/orgs", json={"name": f"empty-scopes-{len(body)}-{body}"}, headers=csrf)
    assert org.status_code == 201, org.text
    org_id = org.json()["orgId"]
    created = console.client.post(f"/console/api/orgs/{org_id}/keys", json={"mode": "test", **body}, headers=csrf)
    assert created.status_code == 400, created.text
    error = created.json()["error"]
    assert error["code"] == "parameter_invalid" and "at least one" in error["message"]
    assert console.client.get(f"/console/api/orgs/{org_id}/keys").json()["data"] == []


def test_repeated_scopes_are_stored_once(server: Server) -> None:
    org = server.org("repeated-scopes")
    code, output = server.cli(
        "keys", "create", "--org", org, "--mode", "test", "--scopes", "usage:read, usage:read,analyses:read", "--json"
    )
    assert code == 0, output
    assert json.loads(output)["scopes"] == ["usage:read", "analyses:read"]
    assert keys_of(server, org)[0]["scopes"] == ["usage:read", "analyses:read"]
