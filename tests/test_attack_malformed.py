"""Attack (issue 13, defect 9): bodies and URL sources that used to answer 500 internal_error.
Invalid UTF-8 and nesting deeper than the parser allows, in any JSON body; URL sources the URL
parser itself rejects; a client that disconnects in the middle of its body. Each is a 400 in the
documented shape (or, for the disconnect, nothing at all) and never an internal error in the log."""

from __future__ import annotations

import socket

import httpx
import pytest
from conftest import Key, Server, wait_for
from test_console import sign_in

DEEP = b"[" * 100_000 + b"]" * 100_000
BODIES = {
    "invalid-utf8-string": b'{"title": "\xff\xfe", "sourceType": "text", "text": "x"}',
    "invalid-utf8-key": b'{"\xc3\x28": 1}',
    "lone-surrogate-escape": b'{"title": "\\ud800", "sourceType": "text", "text": "Governed by Oregon law."}',
    "deep-array": DEEP,
    "deep-object": b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
    "deep-in-field": b'{"title": "t", "sourceType": "text", "text": "x", "metadata": ' + DEEP + b"}",
}
ROUTES = ["/v1/analyses", "/v1/contracts", "/v1/comparisons", "/v1/webhooks"]


def assert_documented_400(response: httpx.Response) -> None:
    assert response.status_code == 400, response.text[:500]
    error = response.json()["error"]
    assert set(error) >= {"type", "code", "message", "param", "requestId"}
    assert error["type"] == "invalid_request_error" and error["code"] != "internal_error"


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("name", list(BODIES))
def test_undecodable_json_is_400_on_every_route(org_key: Key, route: str, name: str) -> None:
    with org_key.client() as client:
        response = client.post(route, content=BODIES[name], headers={"Content-Type": "application/json"})
    assert_documented_400(response)


@pytest.mark.parametrize("name", ["invalid-utf8-string", "deep-array"])
def test_undecodable_json_is_400_on_the_console_sign_in(server: Server, name: str) -> None:
    body = b'{"password": "\xff"}' if name == "invalid-utf8-string" else DEEP
    response = httpx.post(
        server.base_url + "/console/api/login", content=body, headers={"Content-Type": "application/json"}
    )
    assert_documented_400(response)


@pytest.mark.parametrize("name", ["invalid-utf8-string", "deep-object"])
def test_undecodable_json_is_400_on_patch_and_signed_in_console_routes(server: Server, org_key: Key, name: str) -> None:
    with org_key.client() as client:
        hook = client.post(
            "/v1/webhooks", json={"url": "https://hooks.example.com/in", "events": ["analysis.completed"]}
        )
        assert hook.status_code == 201, hook.text
        patched = client.patch(
            f"/v1/webhooks/{hook.json()['webhookId']}",
            content=BODIES[name],
            headers={"Content-Type": "application/json"},
        )
    assert_documented_400(patched)
    console = sign_in(server)
    created = console.client.post(
        "/console/api/orgs",
        content=BODIES[name],
        headers={"Content-Type": "application/json", "X-CSRF-Token": console.csrf},
    )
    assert_documented_400(created)


@pytest.mark.parametrize(
    "url", ["http://[/", "https://[1.2.3.4]/", "http://[::1/x", "http://host:99999/", "http://h:x/"]
)
def test_urls_the_parser_rejects_are_400_on_url(org_key: Key, url: str) -> None:
    with org_key.client() as client:
        analysis = client.post("/v1/analyses", json={"title": "u", "sourceType": "url", "url": url})
        hook = client.post("/v1/webhooks", json={"url": url, "events": ["analysis.completed"]})
    for response in (analysis, hook):
        assert_documented_400(response)
        assert response.json()["error"]["param"] == "url"


def server_log(server: Server) -> str:
    path = server.data_dir / "logs" / "contractbox.log"
    return path.read_text(errors="replace") if path.exists() else ""


def test_a_client_leaving_mid_body_is_not_an_internal_error(fresh_server: Server) -> None:
    # A server of its own: the log's repeat limit (10 lines of a kind a minute) must not be used
    # up by other tests' disconnects, or the ten lines this waits for would never all appear.
    server = fresh_server.start()
    org_key = server.key(server.org("mid-body"))
    for number in range(10):
        idempotency = f"Idempotency-Key: mid-body-{org_key.key_id}-{number}\r\n" if number % 2 else ""
        head = (
            f"POST /v1/analyses HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {org_key.secret}\r\n"
            f"Content-Type: application/json\r\n{idempotency}Content-Length: 100000\r\n\r\n"
        )
        with socket.create_connection(("127.0.0.1", server.port)) as sock:
            sock.sendall(head.encode() + b'{"title": "half')

    def handled() -> bool:  # each of the ten is either an internal error (before) or a quiet line (after)
        text = server_log(server)
        return text.count("internal error") + text.count("disconnected before sending its whole body") >= 10

    wait_for(handled, what="the server to notice the ten clients leaving")
    text = server_log(server)
    assert "internal error" not in text and "Traceback" not in text, text[-3000:]
    with org_key.client() as client:
        assert client.get("/v1/analyses").json()["data"] == []
