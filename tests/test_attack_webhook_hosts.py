"""Attack (issue 13, defect 10): webhook URLs that reach forbidden addresses by another spelling.
IPv4-compatible IPv6 (`[::127.0.0.1]`, the deprecated `::/96` block) and trailing-dot hosts
(`169.254.169.254.`, `localhost.`) must be refused at creation (and on update) with 400 on `url`,
as the plain spellings are, on a server that does not allow loopback. URL sources share the
network guard: a live analysis of such a URL fails `url_forbidden` without connecting."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import Key, Server, wait_done

REFUSED = [
    "http://[::127.0.0.1]/hook",
    "http://[::7f00:1]:8080/hook",
    "http://[::169.254.169.254]/latest/meta-data/",
    "http://[::10.0.0.1]/hook",
    "http://[::8.8.8.8]/hook",
    "http://169.254.169.254./latest/meta-data/",
    "http://169.254.169.254../latest/meta-data/",
    "http://localhost./hook",
    "http://LOCALHOST./hook",
    "http://127.0.0.1./hook",
    "http://metadata.google.internal./computeMetadata/v1/",
    "http://api.localhost/hook",
]


@pytest.fixture(scope="module")
def strict(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    env = {"CONTRACTBOX_WEBHOOK_ALLOW_LOOPBACK": "0", "CONTRACTBOX_URL_ALLOW_LOOPBACK": "0"}
    server = Server(tmp_path_factory.mktemp("strict") / "data", env=env)
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def strict_key(strict: Server) -> Key:
    return strict.key(strict.org("webhook-hosts"))


@pytest.mark.parametrize("url", REFUSED)
def test_other_spellings_of_forbidden_hosts_are_refused_at_creation(strict_key: Key, url: str) -> None:
    with strict_key.client() as client:
        created = client.post("/v1/webhooks", json={"url": url, "events": ["analysis.completed"]})
        assert created.status_code == 400, created.text
        assert created.json()["error"]["param"] == "url"
        listed = client.get("/v1/webhooks").json()["data"]
    assert url not in [endpoint["url"] for endpoint in listed]


@pytest.mark.parametrize("url", ["http://[::127.0.0.1]/hook", "http://localhost./hook"])
def test_other_spellings_are_refused_on_update(strict_key: Key, url: str) -> None:
    with strict_key.client() as client:
        created = client.post(
            "/v1/webhooks", json={"url": "https://hooks.example.com/in", "events": ["analysis.completed"]}
        )
        assert created.status_code == 201, created.text
        endpoint = created.json()
        updated = client.patch(f"/v1/webhooks/{endpoint['webhookId']}", json={"url": url})
        assert updated.status_code == 400 and updated.json()["error"]["param"] == "url", updated.text
        assert client.get(f"/v1/webhooks/{endpoint['webhookId']}").json()["url"] == "https://hooks.example.com/in"
        client.delete(f"/v1/webhooks/{endpoint['webhookId']}")


@pytest.mark.parametrize(
    "url",
    ["http://[::127.0.0.1]/c.pdf", "http://[::169.254.169.254]/", "http://169.254.169.254./", "http://api.localhost/"],
)
def test_url_sources_refuse_the_same_spellings_without_connecting(strict: Server, url: str) -> None:
    key = strict.key(strict.org(f"url-hosts-{abs(hash(url))}", live=True), mode="live")
    with key.client() as client:
        created = client.post("/v1/analyses", json={"title": "u", "sourceType": "url", "url": url})
        assert created.status_code == 202, created.text
        finished = wait_done(client, created.json()["analysisId"], timeout=120)
    assert finished["status"] == "failed" and finished["error"]["code"] == "url_forbidden", finished
