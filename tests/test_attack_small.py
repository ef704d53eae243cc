"""Attacks (issue 13, defect 12), the smaller ones: DNS rebinding against the console, a stale
server lock, long and id-like names, /docs framed by another site, non-JSON bodies on /v1, and
two API-key headers that disagree. Each against a real server."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from conftest import Key, Server, run_cli
from test_console import sign_in

# --- DNS rebinding: a name that resolves to this machine, chosen by an attacker ----------


@pytest.mark.parametrize(
    ("method", "path"),
    [("POST", "/console/api/login"), ("POST", "/console/api/login/link"), ("GET", "/console/api/session")],
)
def test_console_refuses_a_host_name_not_on_the_allow_list(server: Server, method: str, path: str) -> None:
    host = f"rebind.attacker.example:{server.port}"
    response = httpx.request(
        method,
        server.base_url + path,
        json={"password": "guess", "token": "x"} if method == "POST" else None,
        headers={"Host": host, "Origin": f"http://{host}"},
    )
    assert response.status_code == 403, response.text
    assert response.json()["error"]["code"] == "host_not_allowed"


def test_console_accepts_loopback_ip_literals_and_configured_names(tmp_path: Path) -> None:
    server = Server(tmp_path / "data", env={"CONTRACTBOX_ALLOWED_HOSTS": "contracts.intranet.example"}).start()
    try:
        for host in ("127.0.0.1", "localhost", "contracts.intranet.example", "CONTRACTS.intranet.example."):
            netloc = f"{host}:{server.port}"
            response = httpx.get(server.base_url + "/console/api/session", headers={"Host": netloc})
            assert response.status_code == 401, (host, response.text)  # no session, but not refused for its Host
        other = httpx.get(server.base_url + "/console/api/session", headers={"Host": f"evil.example:{server.port}"})
        assert other.status_code == 403
    finally:
        server.stop()


# --- the server lock is the OS lock, not a file -----------------------------------------


def test_a_dead_servers_files_do_not_count_as_a_running_server(fresh_server: Server) -> None:
    fresh_server.start()
    fresh_server.kill()
    info = fresh_server.data_dir / "server.json"
    assert info.exists()  # left behind by SIGKILL; its pid may belong to another process by now
    record = json.loads(info.read_text())
    info.write_text(json.dumps({**record, "pid": os.getpid()}))  # pid reuse: a live, unrelated process
    code, output = run_cli(fresh_server.data_dir, "console-url")
    assert code != 0 and "No ContractBox server is running" in output, output
    fresh_server.start()  # and the lock file left behind does not stop a new server
    code, output = run_cli(fresh_server.data_dir, "console-url")
    assert code == 0 and output.startswith(fresh_server.base_url), output


def test_a_second_server_on_the_same_data_dir_is_refused(fresh_server: Server) -> None:
    fresh_server.start()
    second = subprocess.run(
        [sys.executable, "-m", "contractbox", "serve", "--data-dir", str(fresh_server.data_dir), "--port", "0"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert second.returncode == 1 and "is running" in second.stderr


# --- names -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["x" * 201, "org_8fJ2kLmN0pQrStUvWxYz1234", "ORG_abc123def", "  "])
def test_organization_names_that_are_too_long_or_look_like_ids_are_refused(server: Server, name: str) -> None:
    code, output = server.cli("orgs", "create", name, "--json")
    assert code != 0, output
    code, output = server.cli("orgs", "list", "--json")
    assert name not in output


def test_key_names_are_limited(server: Server) -> None:
    org = server.org("key-name-limit")
    code, output = server.cli("keys", "create", "--org", org, "--mode", "test", "--name", "k" * 201)
    assert code != 0 and "200" in output, output
    code, output = server.cli("keys", "list", "--org", org, "--json")
    assert output.strip() == ""


def test_the_console_applies_the_same_name_rules(server: Server) -> None:
    console = sign_in(server)
    csrf = {"X-CSRF-Token": console.csrf}
    for name in ("x" * 201, "org_8fJ2kLmN0pQrStUvWxYz1234"):
        refused = console.client.post("/console/api/orgs", json={"name": name}, headers=csrf)
        assert refused.status_code == 400 and refused.json()["error"]["param"] == "name", refused.text
    org = console.client.post("/console/api/orgs", json={"name": "console-name-limits"}, headers=csrf)
    org_id = org.json()["orgId"]
    key = console.client.post(
        f"/console/api/orgs/{org_id}/keys",
        json={"mode": "test", "name": "k" * 201, "scopes": ["analyses:read"]},
        headers=csrf,
    )
    assert key.status_code == 400 and "200" in key.json()["error"]["message"], key.text
    assert console.client.get(f"/console/api/orgs/{org_id}/keys").json()["data"] == []
    names = [o["name"] for o in console.client.get("/console/api/orgs").json()["data"]]
    assert "x" * 201 not in names and "org_8fJ2kLmN0pQrStUvWxYz1234" not in names


# --- /docs may not be framed ---------------------------------------------------------


def test_docs_page_forbids_framing_and_foreign_scripts(server: Server) -> None:
    response = httpx.get(server.base_url + "/docs")
    policy = response.headers.get("content-security-policy", "")
    assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy, policy
    assert response.headers.get("x-frame-options") == "DENY"


# --- /v1 bodies must say they are JSON --------------------------------------------------


@pytest.mark.parametrize(
    "content_type", [None, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]
)
def test_v1_posts_need_a_json_content_type(org_key: Key, content_type: str | None) -> None:
    body = json.dumps({"title": "t", "sourceType": "text", "text": "Governed by Oregon law."}).encode()
    headers = {"Content-Type": content_type} if content_type else {}
    with org_key.client() as client:
        request = client.build_request("POST", "/v1/analyses", content=body, headers=headers)
        if content_type is None:
            request.headers.pop("content-type", None)
        response = client.send(request)
        listed = client.get("/v1/analyses").json()["data"]
    assert response.status_code == 415, response.text
    assert response.json()["error"]["code"] == "unsupported_media_type"
    assert listed == []


@pytest.mark.parametrize("content_type", ["application/json", "application/json; charset=utf-8", "Application/JSON"])
def test_v1_posts_with_json_content_types_are_accepted(org_key: Key, content_type: str) -> None:
    body = json.dumps({"title": "t", "sourceType": "text", "text": "Governed by Oregon law."}).encode()
    with org_key.client() as client:
        response = client.post("/v1/analyses", content=body, headers={"Content-Type": content_type})
    assert response.status_code == 202, response.text


# --- two keys in one request ------------------------------------------------------------


def test_authorization_and_x_api_key_that_disagree_are_refused(server: Server) -> None:
    one = server.key(server.org("two-keys-one"))
    two = server.key(server.org("two-keys-two"))
    headers = {"Authorization": f"Bearer {one.secret}", "X-Api-Key": two.secret}
    response = httpx.get(server.base_url + "/v1/analyses", headers=headers)
    assert response.status_code == 401 and response.json()["error"]["code"] == "api_key_conflict", response.text
    same = {"Authorization": f"Bearer {one.secret}", "X-Api-Key": one.secret}
    assert httpx.get(server.base_url + "/v1/analyses", headers=same).status_code == 200
