"""HTTP details clients and proxies rely on: HEAD wherever GET exists, one charset per Content-Type."""

from __future__ import annotations

import httpx
import pytest

from conftest import Key, Server

PUBLIC_PAGES = ["/docs", "/console/login", "/healthz", "/v1/openapi.json", "/static/css/app.css"]


@pytest.mark.parametrize("path", PUBLIC_PAGES)
def test_head_answers_like_get_without_a_body(server: Server, path: str) -> None:
    get = httpx.get(server.base_url + path)
    head = httpx.head(server.base_url + path)
    assert get.status_code == 200 and head.status_code == 200
    assert head.headers["content-type"] == get.headers["content-type"]
    assert head.headers["content-length"] == str(len(get.content))
    assert head.content == b""


def test_head_on_an_api_list_needs_the_key_like_get(org_key: Key) -> None:
    anonymous = httpx.head(org_key.server.base_url + "/v1/analyses")
    with org_key.client() as client:
        keyed = client.head("/v1/analyses")
    assert anonymous.status_code == 401
    assert keyed.status_code == 200 and keyed.content == b""


def test_head_on_a_post_only_route_is_405(server: Server) -> None:
    assert httpx.head(server.base_url + "/console/api/login").status_code == 405


@pytest.mark.parametrize("path", ["/", "/console/login", "/docs", "/static/css/app.css"])
def test_content_type_names_its_charset_once(server: Server, path: str) -> None:
    response = httpx.get(server.base_url + path, follow_redirects=True)
    assert response.headers["content-type"].count("charset") == 1, response.headers["content-type"]
