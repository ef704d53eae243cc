"""Users and roles (issue 14): sign-in by username, what each role may do on /v1 and in the
console, user management by administrators only, and the audit log's actor for console and CLI."""

from __future__ import annotations

import getpass
import json
import sqlite3

import httpx
import pytest
from click.testing import CliRunner
from conftest import Server, submit_text

from contractbox.cli import main

TEXT = (
    "This Agreement is governed by the laws of the State of Delaware. Acme Corp shall pay all invoices within 30 days."
)


def cli(server: Server, *args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, [*args, "--data-dir", str(server.data_dir)], input=stdin)
    return result.exit_code, result.output


class Person:
    def __init__(self, server: Server, username: str, password: str) -> None:
        self.client = httpx.Client(base_url=server.base_url, timeout=30)
        response = self.client.post("/console/api/login", json={"username": username, "password": password})
        assert response.status_code == 200, response.text
        self.csrf = response.json()["csrfToken"]
        self.user = response.json()["user"]

    def headers(self, org: str | None = None, mode: str = "test") -> dict[str, str]:
        out = {"X-CSRF-Token": self.csrf, "X-ContractBox-Mode": mode}
        if org:
            out["X-ContractBox-Org"] = org
        return out


@pytest.fixture(scope="module")
def people(tmp_path_factory: pytest.TempPathFactory) -> dict:
    server = Server(tmp_path_factory.mktemp("roles") / "data").start()
    assert cli(server, "admin", "set-password", "--password-stdin", stdin="admin password 1\n")[0] == 0
    for username, role in (("rita", "reviewer"), ("vic", "viewer")):
        code, output = cli(
            server,
            "users",
            "create",
            "--username",
            username,
            "--name",
            username.title(),
            "--role",
            role,
            "--password-stdin",
            stdin=f"{username} password 1\n",
        )
        assert code == 0, output
    org = server.org("Roles Org")
    yield {
        "server": server,
        "org": org,
        "admin": Person(server, "admin", "admin password 1"),
        "reviewer": Person(server, "rita", "rita password 1"),
        "viewer": Person(server, "vic", "vic password 1"),
    }
    server.stop()


def test_sign_in_by_username_and_me(people: dict) -> None:
    reviewer = people["reviewer"]
    me = reviewer.client.get("/console/api/me").json()
    assert (me["username"], me["name"], me["role"]) == ("rita", "Rita", "reviewer")
    assert me["userId"].startswith("usr_") and "webhooks:manage" not in me["scopes"]
    wrong = httpx.post(
        people["server"].base_url + "/console/api/login", json={"username": "nobody", "password": "rita password 1"}
    )
    assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "invalid_password"


def test_viewer_reads_but_cannot_write(people: dict) -> None:
    viewer, org = people["viewer"], people["org"]
    assert viewer.client.get("/v1/analyses", headers=viewer.headers(org)).status_code == 200
    refused = viewer.client.post(
        "/v1/analyses", json={"title": "x", "sourceType": "text", "text": TEXT}, headers=viewer.headers(org)
    )
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "insufficient_scope"
    assert "viewer" in refused.json()["error"]["message"]


def test_reviewer_analyses_but_cannot_manage_keys_users_or_webhooks(people: dict) -> None:
    reviewer, org = people["reviewer"], people["org"]
    created = reviewer.client.post(
        "/v1/analyses", json={"title": "by rita", "sourceType": "text", "text": TEXT}, headers=reviewer.headers(org)
    )
    assert created.status_code == 202, created.text
    key = reviewer.client.post(
        f"/console/api/orgs/{org}/keys", json={"mode": "test", "scopes": ["analyses:read"]}, headers=reviewer.headers()
    )
    assert key.status_code == 403 and key.json()["error"]["code"] == "insufficient_role"
    user = reviewer.client.post(
        "/console/api/users",
        json={"username": "eve", "name": "Eve", "role": "administrator"},
        headers=reviewer.headers(),
    )
    assert user.status_code == 403
    hooks = reviewer.client.get("/v1/webhooks", headers=reviewer.headers(org))
    assert hooks.status_code == 403
    assert reviewer.client.get("/console/api/audit").status_code == 403
    assert reviewer.client.get("/console/api/orgs").status_code == 200  # the organization picker


def test_administrator_manages_keys_and_users(people: dict) -> None:
    admin, org, server = people["admin"], people["org"], people["server"]
    key = admin.client.post(
        f"/console/api/orgs/{org}/keys", json={"mode": "test", "scopes": ["analyses:read"]}, headers=admin.headers()
    )
    assert key.status_code == 201, key.text
    made = admin.client.post(
        "/console/api/users", json={"username": "dana", "name": "Dana", "role": "viewer"}, headers=admin.headers()
    )
    assert made.status_code == 201 and made.json()["passwordSet"] is False
    dana = made.json()["userId"]
    probe = httpx.post(server.base_url + "/console/api/login", json={"username": "dana", "password": "anything long"})
    assert probe.status_code == 401 and probe.json()["error"]["code"] == "invalid_password"  # no enumeration
    duplicate = admin.client.post(
        "/console/api/users", json={"username": "DANA", "name": "Dana 2", "role": "viewer"}, headers=admin.headers()
    )
    assert duplicate.status_code == 409 and duplicate.json()["error"]["code"] == "user_exists"
    link = admin.client.post(f"/console/api/users/{dana}/link", headers=admin.headers())
    assert link.status_code == 201
    token = link.json()["url"].split("#link=", 1)[1]
    signed = httpx.post(server.base_url + "/console/api/login/link", json={"token": token})
    assert signed.status_code == 200 and signed.json()["user"]["username"] == "dana"
    promoted = admin.client.patch(f"/console/api/users/{dana}", json={"role": "reviewer"}, headers=admin.headers())
    assert promoted.json()["role"] == "reviewer"
    disabled = admin.client.patch(f"/console/api/users/{dana}", json={"disabled": True}, headers=admin.headers())
    assert disabled.json()["disabled"] is True
    session_cookie = signed.cookies
    after = httpx.get(server.base_url + "/console/api/me", cookies=session_cookie)
    assert after.status_code == 401  # a disabled user's sessions end at once
    admin_id = admin.user["userId"]
    last = admin.client.patch(f"/console/api/users/{admin_id}", json={"role": "viewer"}, headers=admin.headers())
    assert last.status_code == 409 and last.json()["error"]["code"] == "last_administrator"
    listed = admin.client.get("/console/api/users").json()["data"]
    assert {u["username"] for u in listed} >= {"admin", "rita", "vic", "dana"}
    assert all("hash" not in str(u).lower() for u in listed)


def test_audit_entries_name_their_actor(people: dict) -> None:
    admin, reviewer, org, server = people["admin"], people["reviewer"], people["org"], people["server"]
    submit_text(
        httpx.Client(base_url=server.base_url, headers=reviewer.headers(org), cookies=reviewer.client.cookies),
        TEXT,
        title="audited",
    )
    code, output = cli(server, "keys", "create", "--org", org, "--mode", "test", "--name", "from-cli", "--json")
    assert code == 0, output
    made = json.loads(output.strip().splitlines()[-1])
    by_key = httpx.Client(base_url=server.base_url, headers={"Authorization": f"Bearer {made['secret']}"})
    keyed = submit_text(by_key, TEXT, title="by a named key")
    assert cli(server, "orgs", "approve-live", org)[0] == 0
    assert cli(server, "console-url", "--username", "vic")[0] == 0  # a sign-in link is an action too
    entries = admin.client.get("/console/api/audit", params={"limit": "100"}).json()["data"]
    by_action: dict[str, list[dict]] = {}
    for entry in entries:
        by_action.setdefault(entry["action"], []).append(entry)
    created = [e for e in by_action["analysis.create"] if e["actor"] and e["actor"]["name"] == "Rita"]
    assert created and created[0]["actor"] == {"type": "user", "id": reviewer.user["userId"], "name": "Rita"}
    with_key = next(e for e in by_action["analysis.create"] if e["target"] == keyed["analysisId"])
    assert with_key["actor"] == {"type": "key", "id": made["keyId"], "name": "from-cli"}  # the key's name, not its id
    cli_key = by_action["key.create"][0]
    assert cli_key["actor"]["type"] == "cli" and cli_key["actor"]["id"] == f"cli:{getpass.getuser()}"
    assert cli_key["detail"]["name"] == "from-cli" and "secret" not in str(cli_key)
    assert by_action["org.live_approved"][0]["actor"]["type"] == "cli"
    link = by_action["user.link_created"][0]
    assert (link["actor"]["type"], link["target"]) == ("cli", "vic") and "#link=" not in str(link)
    users_created = [e for e in by_action["user.create"] if e["actor"]["type"] == "cli"]
    assert {e["target"] for e in users_created} >= {"rita", "vic"}


def test_existing_password_becomes_the_admin_user(tmp_path) -> None:
    """A data dir from before users existed: its console password signs in as `admin`."""
    from contractbox.core.migrations import STEPS, apply_migrations
    from contractbox.users.passwords import hash_password, verify_password

    path = tmp_path / "old.db"
    import sqlite_utils

    db = sqlite_utils.Database(path)
    before = [step for step in STEPS if step[0] != "0400_users"]
    apply_migrations(db, before)
    db.execute(
        "INSERT INTO console_admin (id, password_hash, failed_attempts, updated_at) VALUES (1, ?, 2, '2026-01-01T00:00:00Z')",
        (hash_password("the old password"),),
    )
    db.conn.commit()
    apply_migrations(db)
    with sqlite3.connect(path) as raw:
        username, role, stored = raw.execute("SELECT username, role, password_hash FROM users").fetchone()
        attempts = raw.execute("SELECT attempts FROM signin_attempts").fetchone()[0]
    assert (username, role, attempts) == ("admin", "administrator", 2)
    assert verify_password("the old password", stored)
