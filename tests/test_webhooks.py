"""Webhooks against real servers, received by a small real HTTP server inside the test and
verified with the `standardwebhooks` library (not with ContractBox's own signing code)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from conftest import Key, Receiver, Server, free_port, receiver, submit_text, wait_done, wait_for  # noqa: F401 - receiver is a fixture

EVENTS = ["analysis.completed", "analysis.failed", "contract.created", "comparison.created"]
TEXT = "SERVICES AGREEMENT between Acme Corp and Beta LLC. Acme Corp shall pay within 30 days. Governed by Ohio law."
BAD_PDF = {"title": "Bad", "sourceType": "pdf", "pdfBase64": "bm90IGEgcGRm"}


@pytest.fixture(scope="module")
def retry_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose retry schedule is 1 s, 1 s, 1 s (four attempts in all)."""
    instance = Server(tmp_path_factory.mktemp("retry") / "data", env={"CONTRACTBOX_WEBHOOK_RETRY_DELAYS": "1,1,1"}).start()
    yield instance
    instance.stop()


def register(client: httpx.Client, url: str, events: list[str] | None = None, **extra: object) -> dict:
    response = client.post("/v1/webhooks", json={"url": url, "events": events or EVENTS, **extra})
    assert response.status_code == 201, response.text
    return response.json()


def deliveries(client: httpx.Client, webhook_id: str) -> list[dict]:
    response = client.get(f"/v1/webhooks/{webhook_id}/deliveries", params={"limit": 100})
    assert response.status_code == 200, response.text
    return response.json()["data"]


def completed_analysis(client: httpx.Client, text: str = TEXT) -> str:
    analysis_id = submit_text(client, text)["analysisId"]
    assert wait_done(client, analysis_id)["status"] == "completed"
    return analysis_id


# --- managing endpoints ---------------------------------------------------------------------


def test_endpoint_life_cycle_and_the_secret_is_shown_once(org_key: Key, receiver: Receiver) -> None:
    with org_key.client() as client:
        response = client.post("/v1/webhooks", json={"url": receiver.url(), "events": ["contract.created"], "description": "CRM sync"})
        assert response.status_code == 201, response.text
        created = response.json()
        webhook_id = created["webhookId"]
        assert response.headers["location"] == f"/v1/webhooks/{webhook_id}"
        fetched = client.get(f"/v1/webhooks/{webhook_id}").json()
        listed = client.get("/v1/webhooks").json()
        patched = client.patch(f"/v1/webhooks/{webhook_id}", json={"url": receiver.url("/v2"), "events": EVENTS, "description": "All", "enabled": False}).json()
        enabled = client.patch(f"/v1/webhooks/{webhook_id}", json={"enabled": True}).json()
        rotated = client.patch(f"/v1/webhooks/{webhook_id}", json={"rotateSecret": True}).json()
        after_rotation = client.get(f"/v1/webhooks/{webhook_id}").json()
        deleted = client.delete(f"/v1/webhooks/{webhook_id}")
        gone = client.get(f"/v1/webhooks/{webhook_id}")
        listed_after = client.get("/v1/webhooks").json()
    assert webhook_id.startswith("whk_") and len(webhook_id) == 28
    assert created["secret"].startswith("whsec_") and (created["object"], created["mode"], created["enabled"]) == ("webhook_endpoint", "test", True)
    assert (created["url"], created["events"], created["description"], created["disabledReason"]) == (receiver.url(), ["contract.created"], "CRM sync", None)
    assert "secret" not in fetched and fetched == {k: v for k, v in created.items() if k != "secret"}
    assert listed["object"] == "list" and [w["webhookId"] for w in listed["data"]] == [webhook_id] and "secret" not in listed["data"][0]
    assert (patched["url"], patched["events"], patched["description"], patched["enabled"]) == (receiver.url("/v2"), EVENTS, "All", False)
    assert patched["disabledReason"] and "secret" not in patched
    assert enabled["enabled"] is True and enabled["disabledReason"] is None
    assert rotated["secret"].startswith("whsec_") and rotated["secret"] != created["secret"] and "secret" not in after_rotation
    assert deleted.status_code == 200 and deleted.json() == {"webhookId": webhook_id, "object": "webhook_endpoint", "mode": "test", "deleted": True}
    assert gone.status_code == 404 and listed_after["data"] == []


def test_invalid_endpoints_are_400_with_the_parameter(org_key: Key, receiver: Receiver) -> None:
    cases = [
        ({"url": receiver.url(), "events": []}, "events"),
        ({"url": receiver.url(), "events": ["contract.deleted"]}, "events"),
        ({"url": "ftp://example.com/hook", "events": EVENTS}, "url"),
        ({"url": "not a url", "events": EVENTS}, "url"),
        ({"events": EVENTS}, "url"),
    ]
    with org_key.client() as client:
        for body, param in cases:
            response = client.post("/v1/webhooks", json=body)
            assert response.status_code == 400 and response.json()["error"]["param"] == param, (body, response.text)
        chosen_secret = client.post("/v1/webhooks", json={"url": receiver.url(), "events": EVENTS, "secret": "whsec_mine"})
    assert chosen_secret.status_code == 400 and "secret" in chosen_secret.json()["error"]["message"], "secrets are generated, never chosen"


@pytest.mark.parametrize(
    "url",
    ["http://169.254.169.254/latest/meta-data/", "http://169.254.10.1/hook", "http://metadata.google.internal/hook", "http://[fe80::1]/hook", "http://[::ffff:169.254.169.254]/hook"],
)
def test_link_local_and_metadata_addresses_are_refused_at_creation(org_key: Key, receiver: Receiver, url: str) -> None:
    with org_key.client() as client:
        created = client.post("/v1/webhooks", json={"url": url, "events": EVENTS})
        webhook_id = register(client, receiver.url())["webhookId"]
        patched = client.patch(f"/v1/webhooks/{webhook_id}", json={"url": url})
    for response in (created, patched):
        assert response.status_code == 400, response.text
        error = response.json()["error"]
        assert (error["code"], error["param"]) == ("parameter_invalid", "url")
        assert "does not send webhooks to" in error["message"]


def test_loopback_needs_the_setting_and_the_policy_holds_at_delivery(fresh_server: Server, receiver: Receiver) -> None:
    fresh_server.env = {"CONTRACTBOX_WEBHOOK_ALLOW_LOOPBACK": "0"}
    fresh_server.start()
    key = fresh_server.key(fresh_server.org("loopback"))
    with key.client() as client:
        refused = client.post("/v1/webhooks", json={"url": receiver.url(), "events": EVENTS})
    assert refused.status_code == 400 and "CONTRACTBOX_WEBHOOK_ALLOW_LOOPBACK=1" in refused.json()["error"]["message"]
    fresh_server.stop()
    fresh_server.env = {"CONTRACTBOX_WEBHOOK_ALLOW_LOOPBACK": "1"}
    fresh_server.start()
    with key.client() as client:
        webhook_id = register(client, receiver.url())["webhookId"]
    fresh_server.stop()
    fresh_server.env = {"CONTRACTBOX_WEBHOOK_ALLOW_LOOPBACK": "0"}  # the administrator withdraws loopback
    fresh_server.start()
    with key.client() as client:
        assert client.post(f"/v1/webhooks/{webhook_id}/test").status_code == 202
        log = wait_for(lambda: next((d for d in deliveries(client, webhook_id) if d["status"] == "failed"), None), what="refused test delivery")
    assert receiver.calls == []
    assert log["attempts"][0]["statusCode"] is None and "loopback" in log["attempts"][0]["error"]


# --- what endpoints receive -----------------------------------------------------------------


def test_every_event_type_arrives_signed_and_shaped(org_key: Key, receiver: Receiver) -> None:
    with org_key.client() as client:
        endpoint = register(client, receiver.url())
        analysis_id = completed_analysis(client)
        contract = client.post("/v1/contracts", json={"analysisId": analysis_id}).json()
        comparison = client.post("/v1/comparisons", json={"left": analysis_id, "right": analysis_id}).json()
        failed = client.post("/v1/analyses", json=BAD_PDF).json()["analysisId"]
        wait_done(client, failed)
        wait_for(lambda: len(receiver.at()) >= 4, what="four deliveries")
        analyses = {a: client.get(f"/v1/analyses/{a}").json() for a in (analysis_id, failed)}
        log = wait_for(lambda: (d := deliveries(client, endpoint["webhookId"])) and all(x["status"] == "succeeded" for x in d) and d, what="log")
    payloads = {}
    for call in receiver.at():
        payload = call.verified(endpoint["secret"])
        assert call.headers["content-type"] == "application/json"
        assert payload["eventId"] == call.webhook_id and payload["eventId"].startswith("evt_")
        assert (payload["object"], payload["mode"]) == ("event", "test") and payload["createdAt"].endswith("Z")
        payloads[payload["type"]] = payload["data"]["object"]
    assert set(payloads) == set(EVENTS)
    assert payloads["analysis.completed"] == analyses[analysis_id]
    assert payloads["analysis.failed"] == analyses[failed]
    assert payloads["contract.created"] == contract
    assert payloads["comparison.created"] == comparison
    assert len(log) == 4 and {d["eventType"] for d in log} == set(EVENTS) and {d["eventId"] for d in log} == {c.webhook_id for c in receiver.at()}
    for delivery in log:
        (attempt,) = delivery["attempts"]
        assert (attempt["number"], attempt["statusCode"], attempt["error"]) == (1, 200, None) and attempt["durationMs"] >= 0
        assert delivery["object"] == "webhook_delivery" and delivery["test"] is False and delivery["nextAttemptAt"] is None


def test_endpoints_receive_only_their_types_organization_and_mode(server: Server, receiver: Receiver) -> None:
    org_a, org_b = server.org("hooks-a", live=True), server.org("hooks-b")
    a_test, a_live, b_test = server.key(org_a), server.key(org_a, "live"), server.key(org_b)
    with a_test.client() as client:
        contracts_only = register(client, receiver.url("/a-contracts"), ["contract.created"])
        failures_only = register(client, receiver.url("/a-failures"), ["analysis.failed"])
    with a_live.client() as client:
        live_all = register(client, receiver.url("/a-live"))
    with b_test.client() as client:
        other_org = register(client, receiver.url("/b"))
    with a_test.client() as client:
        contract = client.post("/v1/contracts", json={"analysisId": completed_analysis(client)}).json()
    with a_live.client() as client:
        live = wait_done(client, client.post("/v1/analyses", json=BAD_PDF).json()["analysisId"])
    wait_for(lambda: receiver.at("/a-contracts") and receiver.at("/a-live"), what="deliveries to the subscribed endpoints")
    (contract_call,) = receiver.at("/a-contracts")
    assert contract_call.verified(contracts_only["secret"])["data"]["object"]["contractId"] == contract["contractId"]
    (live_call,) = receiver.at("/a-live")
    live_event = live_call.verified(live_all["secret"])
    assert (live_event["type"], live_event["mode"], live_event["data"]["object"]["analysisId"]) == ("analysis.failed", "live", live["analysisId"])
    # Events are dispatched in order, so by now every earlier event was dispatched: the logs are final.
    with a_test.client() as client:
        assert deliveries(client, failures_only["webhookId"]) == []
    with b_test.client() as client:
        assert deliveries(client, other_org["webhookId"]) == []
    assert receiver.at("/a-failures") == [] and receiver.at("/b") == []


def test_test_event_is_signed_and_rotation_signs_with_both_secrets(org_key: Key, receiver: Receiver) -> None:
    with org_key.client() as client:
        endpoint = register(client, receiver.url(), ["contract.created"])
        response = client.post(f"/v1/webhooks/{endpoint['webhookId']}/test")
        assert response.status_code == 202, response.text
        queued = response.json()
        wait_for(lambda: len(receiver.at()) == 1, what="test event")
        rotated = client.patch(f"/v1/webhooks/{endpoint['webhookId']}", json={"rotateSecret": True}).json()
        client.post(f"/v1/webhooks/{endpoint['webhookId']}/test")
        wait_for(lambda: len(receiver.at()) == 2, what="second test event")
        log = wait_for(lambda: (d := deliveries(client, endpoint["webhookId"])) and all(x["status"] == "succeeded" for x in d) and d, what="log")
    assert (queued["object"], queued["test"], queued["eventType"], queued["status"]) == ("webhook_delivery", True, "webhook.test", "pending")
    first, second = receiver.at()
    payload = first.verified(endpoint["secret"])
    assert payload["type"] == "webhook.test" and payload["data"]["object"]["webhookId"] == endpoint["webhookId"]
    assert "secret" not in payload["data"]["object"]
    assert second.verified(rotated["secret"]) and second.verified(endpoint["secret"]), "the previous secret still verifies for a day"
    assert [d["test"] for d in log] == [True, True] and log[1]["deliveryId"] == queued["deliveryId"]


# --- retries, disabling, crashes ------------------------------------------------------------


def test_failures_are_retried_with_the_same_webhook_id(retry_server: Server) -> None:
    receiver = Receiver(respond=lambda number, call: {1: 500, 2: 503}.get(number, 200))
    key = retry_server.key(retry_server.org("retries"))
    try:
        with key.client() as client:
            endpoint = register(client, receiver.url(), ["analysis.completed"])
            completed_analysis(client)
            wait_for(lambda: len(receiver.at()) == 3, timeout=60, what="three attempts")
            (delivery,) = wait_for(lambda: (d := deliveries(client, endpoint["webhookId"])) and d[0]["status"] == "succeeded" and d, what="success")
            still = client.get(f"/v1/webhooks/{endpoint['webhookId']}").json()
    finally:
        receiver.close()
    calls = receiver.at()
    assert len({c.webhook_id for c in calls}) == 1 and {c.body for c in calls} == {calls[0].body}
    assert all(c.verified(endpoint["secret"]) for c in calls)
    assert [a["statusCode"] for a in delivery["attempts"]] == [500, 503, 200]
    assert delivery["attempts"][0]["error"] == "The endpoint answered HTTP 500." and delivery["attempts"][2]["error"] is None
    assert still["enabled"] is True


def test_an_exhausted_schedule_disables_the_endpoint_and_says_why(retry_server: Server, receiver: Receiver) -> None:
    key = retry_server.key(retry_server.org("exhausted"))
    closed_port = free_port()
    with key.client() as client:
        endpoint = register(client, f"http://127.0.0.1:{closed_port}/hooks", ["analysis.completed"])
        completed_analysis(client)
        disabled = wait_for(lambda: (w := client.get(f"/v1/webhooks/{endpoint['webhookId']}").json()) and not w["enabled"] and w, timeout=60, what="disabled")
        (delivery,) = deliveries(client, endpoint["webhookId"])
        witness = register(client, receiver.url(), ["analysis.completed"])
        later = completed_analysis(client, TEXT + " Later.")
        # The witness receiving the event means it was dispatched, to every endpoint at once.
        wait_for(lambda: receiver.at(), what="the later event at the witness endpoint")
        assert receiver.at()[0].verified(witness["secret"])["data"]["object"]["analysisId"] == later
        assert len(deliveries(client, endpoint["webhookId"])) == 1, "a disabled endpoint receives no new events"
        reenabled = client.patch(f"/v1/webhooks/{endpoint['webhookId']}", json={"enabled": True}).json()
    assert delivery["status"] == "failed" and len(delivery["attempts"]) == 4
    assert all(a["statusCode"] is None and "refused" in a["error"] for a in delivery["attempts"])
    assert "4 attempts" in disabled["disabledReason"] and "refused" in disabled["disabledReason"]
    assert reenabled["enabled"] is True and reenabled["disabledReason"] is None


def test_410_gone_disables_at_once(retry_server: Server) -> None:
    receiver = Receiver(respond=lambda number, call: 410)
    key = retry_server.key(retry_server.org("gone"))
    try:
        with key.client() as client:
            endpoint = register(client, receiver.url(), ["analysis.completed"])
            completed_analysis(client)
            disabled = wait_for(lambda: (w := client.get(f"/v1/webhooks/{endpoint['webhookId']}").json()) and not w["enabled"] and w, timeout=60, what="disabled")
            (delivery,) = deliveries(client, endpoint["webhookId"])
    finally:
        receiver.close()
    assert len(receiver.at()) == 1 and [a["statusCode"] for a in delivery["attempts"]] == [410] and delivery["status"] == "failed"
    assert "410" in disabled["disabledReason"]


def test_a_killed_server_resumes_and_every_event_arrives(fresh_server: Server, receiver: Receiver) -> None:
    fresh_server.env = {"CONTRACTBOX_WEBHOOK_RETRY_DELAYS": "1,1,1"}
    fresh_server.start()
    key = fresh_server.key(fresh_server.org("crash"))
    receiver.hold.set()  # the receiver keeps the first deliveries in flight
    with key.client() as client:
        endpoint = register(client, receiver.url(), ["analysis.completed"])
        analysis_ids = {submit_text(client, TEXT + f" Copy {n}.")["analysisId"] for n in range(6)}
        wait_for(lambda: receiver.at(), what="a delivery in flight")
    fresh_server.kill()
    in_flight = {c.webhook_id for c in receiver.at()}
    receiver.hold.clear()
    fresh_server.start()

    def received_analyses() -> set[str]:
        return {c.verified(endpoint["secret"])["data"]["object"]["analysisId"] for c in receiver.at()}

    wait_for(lambda: received_analyses() == analysis_ids, timeout=60, what="every analysis.completed event")
    calls = receiver.at()
    by_id: dict[str, set[str]] = {}
    for call in calls:
        by_id.setdefault(call.webhook_id, set()).add(json.loads(call.body)["data"]["object"]["analysisId"])
    assert len(by_id) == len(analysis_ids) and all(len(v) == 1 for v in by_id.values()), "one webhook-id per event"
    assert in_flight <= set(by_id) and len(calls) > len(by_id), "the delivery cut off by the kill was sent again, same id"
    with key.client() as client:
        log = wait_for(lambda: (d := deliveries(client, endpoint["webhookId"])) and all(x["status"] == "succeeded" for x in d) and d, what="log")
    assert len(log) == len(analysis_ids)


def test_events_an_older_version_left_undispatched_are_dispatched_once_after_the_upgrade(tmp_path: Path) -> None:
    import sqlite_utils

    from contractbox.core.events import any_undispatched, mark_dispatched, undispatched
    from contractbox.core.migrations import STEPS, apply_migrations

    database = sqlite_utils.Database(tmp_path / "contractbox.db")
    names = [name for name, _ in STEPS]
    apply_migrations(database, STEPS[: names.index("0601_events_dispatched_through")])  # before the outbox kept a mark
    for n, dispatched_at in enumerate(["2026-01-01T00:00:00Z", "2026-01-01T00:00:01Z", None, None]):
        database.conn.execute(
            "INSERT INTO events (id, org_id, mode, type, payload, created_at, dispatched_at) VALUES (?, 'org_a', 'live', "
            "'analysis.completed', '{}', '2026-01-01T00:00:00Z', ?)",
            (f"evt_{n}", dispatched_at),
        )
    database.conn.commit()
    apply_migrations(database)
    assert [event["id"] for event in undispatched(database, 10)] == ["evt_2", "evt_3"]
    mark_dispatched(database, undispatched(database, 1)[0]["seq"])
    assert [event["id"] for event in undispatched(database, 10)] == ["evt_3"]
    mark_dispatched(database, undispatched(database, 10)[-1]["seq"])
    assert not any_undispatched(database)
    database.conn.execute(
        "INSERT INTO events (id, org_id, mode, type, payload, created_at) VALUES ('evt_4', 'org_a', 'live', "
        "'analysis.completed', '{}', '2026-01-01T00:00:02Z')"
    )
    assert [event["id"] for event in undispatched(database, 10)] == ["evt_4"]


def test_receiver_example_in_the_docs_verifies_a_delivery(org_key: Key) -> None:
    """docs/api-notes.md's receiver, run as written, accepts a real signed delivery."""
    notes = (Path(__file__).resolve().parents[1] / "docs" / "api-notes.md").read_text()
    example = notes.split("```python\n", 1)[1].split("```", 1)[0]
    port = free_port()
    with org_key.client() as client:
        endpoint = register(client, f"http://127.0.0.1:{port}/contractbox/webhooks", ["analysis.completed"])
        namespace = {"__name__": "receiver_example"}
        exec(compile(example.replace("WEBHOOK_SECRET = os.environ[\"CONTRACTBOX_WEBHOOK_SECRET\"]", f"WEBHOOK_SECRET = {endpoint['secret']!r}"), "api-notes.md", "exec"), namespace)
        server = namespace["make_server"](("127.0.0.1", port))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            client.post(f"/v1/webhooks/{endpoint['webhookId']}/test")
            log = wait_for(lambda: (d := deliveries(client, endpoint["webhookId"])) and d[0]["status"] != "pending" and d[0]["status"] != "sending" and d, what="test delivery")
        finally:
            server.shutdown()
            server.server_close()
    assert log[0]["status"] == "succeeded", log[0]["attempts"]
    assert namespace["SEEN"] == {log[0]["eventId"]}
