"""An oversized body is answered `413 payload_too_large` in a shape clients can read, even by clients
that send the whole body before reading (requests, urllib): the server drains the rest, then closes."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest
import requests

from conftest import Key

EIGHTY_MB = 80 * 1024 * 1024


def oversized_body() -> bytes:
    return b'{"title": "x", "sourceType": "text", "text": "' + b"a" * EIGHTY_MB + b'"}'


def headers_for(key: Key, idempotency_key: str | None) -> dict[str, str]:
    headers = {"Authorization": f"Bearer {key.secret}", "Content-Type": "application/json"}
    if idempotency_key:
        headers["Idempotency-Key"] = idempotency_key
    return headers


@pytest.mark.parametrize("idempotency_key", [None, "big-upload-1"])
def test_requests_reads_the_413(org_key: Key, idempotency_key: str | None) -> None:
    response = requests.post(org_key.server.base_url + "/v1/analyses", data=oversized_body(),
                             headers=headers_for(org_key, idempotency_key), timeout=120)
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "payload_too_large"
    assert response.headers["connection"] == "close"


def test_urllib_reads_the_413(org_key: Key) -> None:
    request = urllib.request.Request(org_key.server.base_url + "/v1/analyses", data=oversized_body(),
                                     headers=headers_for(org_key, None), method="POST")
    with pytest.raises(urllib.error.HTTPError) as raised:
        urllib.request.urlopen(request, timeout=120)
    assert raised.value.code == 413
    assert json.loads(raised.value.read())["error"]["code"] == "payload_too_large"


def test_the_server_keeps_serving_after_a_413(org_key: Key) -> None:
    requests.post(org_key.server.base_url + "/v1/analyses", data=oversized_body(),
                  headers=headers_for(org_key, None), timeout=120)
    with org_key.client() as client:
        assert client.get("/v1/analyses?limit=1").status_code == 200
