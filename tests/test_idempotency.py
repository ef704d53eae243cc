"""Idempotency-Key on POST: replay, reuse with another body, scoping to organization and mode."""

from __future__ import annotations

import threading

from conftest import Key, Server


BODY = {"title": "Idempotent", "sourceType": "text", "text": "Governed by the laws of Oregon."}


def test_same_key_same_body_replays_the_first_response(org_key: Key) -> None:
    with org_key.client() as client:
        first = client.post("/v1/analyses", json=BODY, headers={"Idempotency-Key": "k-1"})
        second = client.post("/v1/analyses", json=BODY, headers={"Idempotency-Key": "k-1"})
        listed = client.get("/v1/analyses").json()
    assert first.status_code == second.status_code == 202
    assert first.json() == second.json()
    assert second.headers["idempotent-replayed"] == "true" and second.headers["location"] == first.headers["location"]
    assert len(listed["data"]) == 1


def test_same_key_other_body_is_422(org_key: Key) -> None:
    with org_key.client() as client:
        client.post("/v1/analyses", json=BODY, headers={"Idempotency-Key": "k-2"})
        response = client.post("/v1/analyses", json={**BODY, "title": "Other"}, headers={"Idempotency-Key": "k-2"})
    assert response.status_code == 422 and response.json()["error"]["code"] == "idempotency_key_reused"


def test_errors_are_replayed_too_but_not_created_twice(org_key: Key) -> None:
    with org_key.client() as client:
        first = client.post("/v1/analyses", json={"title": "x", "sourceType": "text"}, headers={"Idempotency-Key": "k-3"})
        second = client.post("/v1/analyses", json={"title": "x", "sourceType": "text"}, headers={"Idempotency-Key": "k-3"})
    assert first.status_code == second.status_code == 400
    assert first.json()["error"]["code"] == second.json()["error"]["code"] == "parameter_missing"


def test_keys_are_scoped_to_organization_and_mode(server: Server) -> None:
    one = server.key(server.org("idem-one"))
    two = server.key(server.org("idem-two"))
    with one.client() as a, two.client() as b:
        first = a.post("/v1/analyses", json=BODY, headers={"Idempotency-Key": "shared"})
        other = b.post("/v1/analyses", json={**BODY, "title": "B"}, headers={"Idempotency-Key": "shared"})
    assert first.status_code == other.status_code == 202
    assert first.json()["analysisId"] != other.json()["analysisId"]


def test_concurrent_duplicates_create_one_analysis(org_key: Key) -> None:
    results: list[int] = []
    barrier = threading.Barrier(8)

    def post() -> None:
        with org_key.client() as client:
            barrier.wait()
            results.append(client.post("/v1/analyses", json=BODY, headers={"Idempotency-Key": "race"}).status_code)

    threads = [threading.Thread(target=post) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    with org_key.client() as client:
        listed = client.get("/v1/analyses").json()
    assert len(listed["data"]) == 1
    assert set(results) <= {202, 409} and 202 in results


def test_overlong_key_is_400(org_key: Key) -> None:
    with org_key.client() as client:
        response = client.post("/v1/analyses", json=BODY, headers={"Idempotency-Key": "x" * 256})
    assert response.status_code == 400 and response.json()["error"]["code"] == "parameter_invalid"
