"""The console's API without a browser: sign-in by one-time link and by password (with lockout),
the session cookie's flags, CSRF and Origin checks, sessions acting on /v1 within one
organization and mode, attribution to the console key, admin operations and the audit log."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from urllib.parse import urlsplit

import httpx
import pytest

from conftest import Server, submit_text, wait_done, wait_for

TEXT = "This Agreement is governed by the laws of the State of Delaware. Acme Corp shall pay all invoices within 30 days."


@dataclass
class Console:
    client: httpx.Client
    csrf: str
    session_id: str

    def as_org(self, org: str, mode: str = "test", csrf: bool = True) -> dict[str, str]:
        headers = {"X-ContractBox-Org": org, "X-ContractBox-Mode": mode}
        if csrf:
            headers["X-CSRF-Token"] = self.csrf
        return headers


def login_url(server: Server) -> str:
    code, output = server.cli("console-url")
    assert code == 0, output
    return output.strip().splitlines()[0]


def token_of(url: str) -> str:
    return urlsplit(url).fragment.removeprefix("link=")


def sign_in(server: Server) -> Console:
    client = httpx.Client(base_url=server.base_url, timeout=30)
    response = client.post("/console/api/login/link", json={"token": token_of(login_url(server))})
    assert response.status_code == 200, response.text
    body = response.json()
    return Console(client, body["csrfToken"], body["sessionId"])


def audit_actions(console: Console, **query: str) -> list[tuple[str, str | None]]:
    entries = console.client.get("/console/api/audit", params={"limit": "100", **query}).json()["data"]
    return [(e["action"], e["target"]) for e in entries if e["sessionId"] in (console.session_id, None)]


@pytest.fixture
def console(server: Server) -> Console:
    return sign_in(server)


def test_console_url_points_at_the_running_server_and_its_link_works_once(server: Server) -> None:
    url = login_url(server)
    assert url.startswith(f"{server.base_url}/console/login#link=")
    client = httpx.Client(base_url=server.base_url)
    first = client.post("/console/api/login/link", json={"token": token_of(url)})
    assert first.status_code == 200
    cookie = first.headers["set-cookie"]
    assert cookie.startswith(f"cb_session_{server.port}=")
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Secure" not in cookie  # plain http on loopback
    again = httpx.post(server.base_url + "/console/api/login/link", json={"token": token_of(url)})
    assert again.status_code == 401
    assert again.json()["error"]["code"] == "link_invalid"
    assert "already used or has expired" in again.json()["error"]["message"]


def test_expired_links_are_refused_and_tokens_are_stored_hashed(server: Server) -> None:
    url = login_url(server)
    token = token_of(url)
    with sqlite3.connect(server.data_dir / "contractbox.db") as db:
        raw = "\n".join(str(row) for row in db.execute("SELECT * FROM console_login_links"))
        assert token not in raw
        db.execute("UPDATE console_login_links SET expires_at = '2000-01-01T00:00:00Z' WHERE used_at IS NULL")
    response = httpx.post(server.base_url + "/console/api/login/link", json={"token": token})
    assert response.status_code == 401 and response.json()["error"]["code"] == "link_invalid"
    console = sign_in(server)
    session_token = console.client.cookies[f"cb_session_{server.port}"]
    with sqlite3.connect(server.data_dir / "contractbox.db") as db:
        assert db.execute("SELECT COUNT(*) FROM console_sessions WHERE token_hash = ?", (session_token,)).fetchone()[0] == 0
        assert session_token not in "\n".join(str(row) for row in db.execute("SELECT * FROM console_sessions"))


def test_console_url_without_a_running_server_says_how_to_start_one(tmp_path) -> None:
    idle = Server(tmp_path / "idle")
    code, output = idle.cli("console-url")
    assert code == 1
    assert "No ContractBox server is running" in output and "contractbox serve" in output


def test_root_redirects_to_sign_in_without_a_session_and_serves_the_ui_with_one(server: Server, console: Console) -> None:
    anonymous = httpx.get(server.base_url + "/", follow_redirects=False)
    assert anonymous.status_code == 303 and anonymous.headers["location"] == "/console/login"
    page = console.client.get("/")
    assert page.status_code == 200 and "<title>ContractBox</title>" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    login = httpx.get(server.base_url + "/console/login")
    assert login.status_code == 200 and "Sign in" in login.text


def test_writes_need_the_csrf_header_and_the_same_origin(server: Server, console: Console) -> None:
    org = server.org("csrf-org")
    body = {"title": "NDA", "sourceType": "text", "text": TEXT}
    missing = console.client.post("/v1/analyses", json=body, headers=console.as_org(org, csrf=False))
    assert missing.status_code == 403 and missing.json()["error"]["code"] == "csrf_token_invalid"
    wrong = console.client.post("/v1/analyses", json=body, headers={**console.as_org(org), "X-CSRF-Token": "x" * 43})
    assert wrong.status_code == 403
    foreign = console.client.post("/v1/analyses", json=body, headers={**console.as_org(org), "Origin": "http://evil.example"})
    assert foreign.status_code == 403 and foreign.json()["error"]["code"] == "cross_origin_request"
    admin = console.client.post("/console/api/orgs", json={"name": "csrf-admin-org"})
    assert admin.status_code == 403 and admin.json()["error"]["code"] == "csrf_token_invalid"
    ok = console.client.post("/v1/analyses", json=body, headers={**console.as_org(org), "Origin": server.base_url})
    assert ok.status_code == 202, ok.text
    assert ("csrf.rejected", None) in audit_actions(console, action="csrf")
    reads = console.client.get("/v1/analyses", headers=console.as_org(org, csrf=False))
    assert reads.status_code == 200  # reads need no CSRF token


def test_a_session_acts_within_the_chosen_organization_and_mode(server: Server, console: Console) -> None:
    org_a = server.org("session-a", live=True)
    org_b = server.org("session-b")
    a_test, a_live, b_test = server.key(org_a), server.key(org_a, "live"), server.key(org_b)
    created = console.client.post("/v1/analyses", json={"title": "Scoped", "sourceType": "text", "text": TEXT}, headers=console.as_org(org_a))
    analysis_id = created.json()["analysisId"]
    wait_done(a_test.client(), analysis_id)
    assert a_test.client().get(f"/v1/analyses/{analysis_id}").status_code == 200
    assert a_live.client().get(f"/v1/analyses/{analysis_id}").status_code == 404
    assert b_test.client().get(f"/v1/analyses/{analysis_id}").status_code == 404
    document = console.client.get(f"/console/api/analyses/{analysis_id}/document", headers=console.as_org(org_a))
    assert document.status_code == 200 and document.json()["text"] == TEXT
    assert console.client.get(f"/console/api/analyses/{analysis_id}/document", headers=console.as_org(org_a, "live")).status_code == 404
    assert console.client.get(f"/console/api/analyses/{analysis_id}/document", headers=console.as_org(org_b)).status_code == 404
    live_list = console.client.get("/v1/analyses", headers=console.as_org(org_a, "live")).json()
    assert analysis_id not in [a["analysisId"] for a in live_list["data"]]
    unapproved = console.client.get("/v1/analyses", headers=console.as_org(org_b, "live"))
    assert unapproved.status_code == 403 and unapproved.json()["error"]["code"] == "live_access_not_approved"
    no_org = console.client.get("/v1/analyses")
    assert no_org.status_code == 400


def test_pdf_originals_are_served_to_the_session_of_their_organization_only(server: Server, console: Console) -> None:
    from conftest import SAMPLE_CONTRACTS
    import base64

    org = server.org("pdf-original-org")
    other = server.org("pdf-original-other")
    pdf = (SAMPLE_CONTRACTS / "mutual_nda.pdf").read_bytes()
    body = {"title": "NDA pdf", "sourceType": "pdf", "filename": "mutual_nda.pdf", "pdfBase64": base64.b64encode(pdf).decode()}
    analysis_id = console.client.post("/v1/analyses", json=body, headers=console.as_org(org)).json()["analysisId"]
    wait_for(lambda: console.client.get(f"/v1/analyses/{analysis_id}", headers=console.as_org(org)).json()["status"] == "completed", what="pdf analysis")
    original = console.client.get(f"/console/api/analyses/{analysis_id}/original", headers=console.as_org(org))
    assert original.status_code == 200 and original.content == pdf and original.headers["content-type"] == "application/pdf"
    document = console.client.get(f"/console/api/analyses/{analysis_id}/document", headers=console.as_org(org)).json()
    assert document["hasOriginalPdf"] and [p["number"] for p in document["pages"]] == [1, 2]
    assert console.client.get(f"/console/api/analyses/{analysis_id}/original", headers=console.as_org(other)).status_code == 404


def test_console_requests_are_attributed_to_the_console_key_of_the_org_and_mode(server: Server, console: Console) -> None:
    org = server.org("attribution-org")
    for _ in range(3):
        assert console.client.get("/v1/analyses", headers=console.as_org(org, csrf=False)).status_code == 200

    def console_key() -> dict | None:
        keys = console.client.get(f"/console/api/orgs/{org}/keys").json()["data"]
        found = [k for k in keys if k["console"] and k["mode"] == "test"]
        return found[0] if found and found[0]["lastUsedAt"] else None

    key = wait_for(console_key, what="the console key's lastUsedAt")
    assert key["name"] == "ContractBox console" and "secret" not in key
    def console_requests() -> int:  # counts are flushed in the background, once a second
        keys = console.client.get(f"/console/api/orgs/{org}/usage", params={"days": "7"}).json()["keys"]
        return sum(day["requests"] for k in keys if k["console"] for day in k["days"].values())

    wait_for(lambda: console_requests() >= 3, what="the three console requests in usage")
    refused = console.client.post(f"/console/api/orgs/{org}/keys/{key['keyId']}/revoke", headers={"X-CSRF-Token": console.csrf})
    assert refused.status_code == 400


def test_admin_operations_work_and_are_audited(server: Server, console: Console) -> None:
    csrf = {"X-CSRF-Token": console.csrf}
    org = console.client.post("/console/api/orgs", json={"name": "audited-org"}, headers=csrf).json()
    assert console.client.post("/console/api/orgs", json={"name": "audited-org"}, headers=csrf).status_code == 409
    live_refused = console.client.post(f"/console/api/orgs/{org['orgId']}/keys", json={"mode": "live"}, headers=csrf)
    assert live_refused.status_code == 403
    approved = console.client.post(f"/console/api/orgs/{org['orgId']}/live", json={"approved": True}, headers=csrf).json()
    assert approved["liveApproved"] is True
    created = console.client.post(f"/console/api/orgs/{org['orgId']}/keys", json={"mode": "live", "name": "intake", "scopes": ["analyses:read"]}, headers=csrf)
    assert created.status_code == 201
    key = created.json()
    assert key["secret"].startswith("fpk_live_") and key["last4"] == key["secret"][-4:]
    assert httpx.get(server.base_url + "/v1/analyses", headers={"Authorization": f"Bearer {key['secret']}"}).status_code == 200
    listed = console.client.get(f"/console/api/orgs/{org['orgId']}/keys").json()["data"]
    assert all("secret" not in k for k in listed)
    assert console.client.post(f"/console/api/orgs/{org['orgId']}/keys/{key['keyId']}/revoke", headers=csrf).json()["revokedAt"]
    assert httpx.get(server.base_url + "/v1/analyses", headers={"Authorization": f"Bearer {key['secret']}"}).status_code == 401
    console.client.post(f"/console/api/orgs/{org['orgId']}/live", json={"approved": False}, headers=csrf)
    actions = audit_actions(console, orgId=org["orgId"])
    for expected in [("org.create", org["orgId"]), ("org.live_approved", org["orgId"]), ("key.create", key["keyId"]), ("key.revoke", key["keyId"]), ("org.live_withdrawn", org["orgId"])]:
        assert expected in actions, (expected, actions)
    entry = console.client.get("/console/api/audit", params={"action": "key.create"}).json()["data"][0]
    assert key["secret"] not in str(entry)


def test_v1_writes_through_a_session_are_audited_with_their_object(server: Server, console: Console) -> None:
    org = server.org("v1-audit-org")
    analysis_id = console.client.post("/v1/analyses", json={"title": "A", "sourceType": "text", "text": TEXT}, headers=console.as_org(org)).json()["analysisId"]
    entries = console.client.get("/console/api/audit", params={"orgId": org}).json()["data"]
    entry = next(e for e in entries if e["action"] == "analysis.create")
    assert entry["target"] == analysis_id and entry["mode"] == "test" and entry["status"] == 202 and entry["orgName"] == "v1-audit-org"
    assert entry["detail"]["fields"] == ["sourceType", "text", "title"]  # names only, never the text


def test_api_keys_still_win_over_a_session_cookie_and_no_credentials_is_still_401(server: Server, console: Console) -> None:
    org = server.org("both-credentials")
    key = server.key(org)
    response = console.client.get("/v1/analyses", headers={"Authorization": f"Bearer {key.secret}"})
    assert response.status_code == 200
    bare = httpx.get(server.base_url + "/v1/analyses")
    assert bare.status_code == 401 and bare.json()["error"]["code"] == "missing_api_key"


def test_sign_out_ends_the_session(server: Server) -> None:
    console = sign_in(server)
    cookie = console.client.cookies[f"cb_session_{server.port}"]
    out = console.client.post("/console/api/logout", headers={"X-CSRF-Token": console.csrf})
    assert out.status_code == 200 and "Max-Age=0" in out.headers["set-cookie"]
    stale = httpx.get(server.base_url + "/console/api/session", cookies={f"cb_session_{server.port}": cookie})
    assert stale.status_code == 401 and stale.json()["error"]["code"] == "session_expired"


def test_password_sign_in_and_lockout(fresh_server: Server) -> None:
    server = fresh_server.start()
    not_set = httpx.post(server.base_url + "/console/api/login", json={"password": "whatever-long"})
    assert not_set.status_code == 401 and "contractbox admin set-password" in not_set.json()["error"]["message"]
    from click.testing import CliRunner

    from contractbox.cli import main

    weak = CliRunner().invoke(main, ["admin", "set-password", "--password-stdin", "--data-dir", str(server.data_dir)], input="short\n")
    assert weak.exit_code == 1 and "at least 10 characters" in weak.output
    good = CliRunner().invoke(main, ["admin", "set-password", "--password-stdin", "--data-dir", str(server.data_dir)], input="correct horse battery\n")
    assert good.exit_code == 0, good.output
    with sqlite3.connect(server.data_dir / "contractbox.db") as db:
        stored = db.execute("SELECT password_hash FROM users WHERE username = 'admin'").fetchone()[0]
    assert stored.startswith("scrypt$") and "correct horse" not in stored

    signed_in = httpx.post(server.base_url + "/console/api/login", json={"password": "correct horse battery"})
    assert signed_in.status_code == 200 and signed_in.json()["csrfToken"]
    for attempt in range(1, 5):
        wrong = httpx.post(server.base_url + "/console/api/login", json={"password": "wrong password!"})
        assert wrong.status_code == 401 and f"{5 - attempt} more failed attempt" in wrong.json()["error"]["message"]
    locked = httpx.post(server.base_url + "/console/api/login", json={"password": "wrong password!"})
    assert locked.status_code == 429 and locked.json()["error"]["code"] == "console_locked"
    assert int(locked.headers["retry-after"]) > 800
    still_locked = httpx.post(server.base_url + "/console/api/login", json={"password": "correct horse battery"})
    assert still_locked.status_code == 429 and "locked until" in still_locked.json()["error"]["message"]
    assert sign_in(server).csrf  # one-time links (access to the machine) still work during a lockout
    reset = CliRunner().invoke(main, ["admin", "set-password", "--password-stdin", "--data-dir", str(server.data_dir)], input="a new long password\n")
    assert reset.exit_code == 0
    assert httpx.post(server.base_url + "/console/api/login", json={"password": "a new long password"}).status_code == 200
    foreign = httpx.post(server.base_url + "/console/api/login", json={"password": "a new long password"}, headers={"Origin": "http://evil.example"})
    assert foreign.status_code == 403
    server.stop()
    assert not (server.data_dir / "server.json").exists()  # removed at a clean stop


def test_first_run_is_reported_until_an_organization_exists(fresh_server: Server) -> None:
    server = fresh_server.start()
    console = sign_in(server)
    session = console.client.get("/console/api/session").json()
    assert session["firstRun"] is True and session["passwordSet"] is False and session["organizations"] == []
    csrf = {"X-CSRF-Token": console.csrf}
    assert console.client.post("/console/api/orgs", json={"name": "First Org"}, headers=csrf).status_code == 201
    assert console.client.post("/console/api/admin/password", json={"password": "first run password"}, headers=csrf).status_code == 200
    wrong_current = console.client.post("/console/api/admin/password", json={"password": "another password", "currentPassword": "nope nope nope"}, headers=csrf)
    assert wrong_current.status_code == 401
    session = console.client.get("/console/api/session").json()
    assert session["firstRun"] is False and session["passwordSet"] is True
    server.stop()
