"""Attack (issue 13, defect 2): SIGKILL the server while live analyses with Idempotency-Keys are
in flight, restart it on the same data dir, and resend every request that got no answer with the
same key. Each key must end with exactly one analysis and one billed creation, never two."""

from __future__ import annotations

import itertools
import sqlite3
import threading
from dataclasses import dataclass, field

import httpx
from conftest import Key, Server, free_port, submit_text, wait_done, wait_for

REQUESTS = 50
THREADS = 10
ROUNDS = 4
KILL_AFTER_ANSWERS = 20
TEXT = "This Agreement is governed by the laws of the State of Oregon. Either party may terminate on 30 days notice."


@dataclass
class Round:
    number: int
    answered: dict[str, dict] = field(default_factory=dict)  # idempotency key -> first 202 body
    unanswered: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def body(self, idem_key: str) -> dict:
        return {"title": f"crash-{idem_key}", "sourceType": "text", "text": TEXT}

    def keys_of(self, thread: int) -> list[str]:
        per_thread = REQUESTS // THREADS
        return [f"r{self.number}-t{thread}-{i}" for i in range(per_thread)]


def submit_until_refused(key: Key, run: Round, thread: int) -> None:
    with key.client() as client:
        for idem_key in run.keys_of(thread):
            try:
                response = client.post("/v1/analyses", json=run.body(idem_key), headers={"Idempotency-Key": idem_key})
            except httpx.TransportError:  # killed mid-request, or not listening any more
                with run.lock:
                    run.unanswered.append(idem_key)
                continue
            assert response.status_code == 202, response.text
            with run.lock:
                run.answered[idem_key] = response.json()


def analyses_by_title(client: httpx.Client) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    after = None
    while True:
        params = {"limit": 100, **({"startingAfter": after} if after else {})}
        page = client.get("/v1/analyses", params=params).json()
        for item in page["data"]:
            found.setdefault(item["title"], []).append(item["analysisId"])
        if not page["hasMore"]:
            return found
        after = page["data"][-1]["analysisId"]


def test_crash_and_retry_creates_and_bills_each_analysis_once(fresh_server: Server) -> None:
    fresh_server.start()
    org = fresh_server.org("crash-retry", live=True)
    key = fresh_server.key(org, mode="live")
    duplicates_per_round: list[int] = []
    for number in range(ROUNDS):
        run = Round(number)
        threads = [threading.Thread(target=submit_until_refused, args=(key, run, t)) for t in range(THREADS)]
        for thread in threads:
            thread.start()
        wait_for(lambda: len(run.answered) >= KILL_AFTER_ANSWERS, timeout=60, what="the first answers")  # noqa: B023
        fresh_server.kill()
        for thread in threads:
            thread.join()
        fresh_server.start()
        with key.client() as client:
            for idem_key in run.unanswered:
                retry = client.post("/v1/analyses", json=run.body(idem_key), headers={"Idempotency-Key": idem_key})
                assert retry.status_code == 202, retry.text
                run.answered[idem_key] = retry.json()
            titles = analyses_by_title(client)
        assert len(run.answered) == REQUESTS
        ids = {f"crash-{k}": titles.get(f"crash-{k}", []) for k in run.answered}
        duplicates_per_round.append(sum(len(v) - 1 for v in ids.values() if len(v) > 1))
        mismatched = [body["title"] for body in run.answered.values() if body["analysisId"] not in ids[body["title"]]]
        assert not mismatched, f"round {number}: answered ids that are not stored: {mismatched}"
    with key.client() as client:
        usage = client.get("/v1/usage").json()
    assert duplicates_per_round == [0] * ROUNDS, f"second analyses per round: {duplicates_per_round}"
    assert usage["analyses"]["created"] == REQUESTS * ROUNDS, usage


def test_a_replay_without_a_crash_is_the_answer_that_was_sent(org_key: Key) -> None:
    body = {"title": "replayed as sent", "sourceType": "text", "text": TEXT}
    with org_key.client() as client:
        analysis = client.post("/v1/analyses", json=body).json()
        wait_for(lambda: client.get(f"/v1/analyses/{analysis['analysisId']}").json()["status"] == "completed")
        headers = {"Idempotency-Key": f"contract-{analysis['analysisId']}"}
        first = client.post("/v1/contracts", json={"analysisId": analysis["analysisId"]}, headers=headers)
        again = client.post("/v1/contracts", json={"analysisId": analysis["analysisId"]}, headers=headers)
    assert first.status_code == again.status_code == 201
    assert again.headers["idempotent-replayed"] == "true" and again.json() == first.json()


# --- the same crash against contracts, comparisons and webhooks ---------------------------

SAVES = 20  # contracts saved from 20 analyses, 19 comparisons against the first, 20 webhook endpoints


def other_writes(number: int, analysis_ids: list[str], dead_port: int) -> list[tuple[str, str, dict]]:
    """(idempotency key, path, body) for one round, interleaved so every route is in flight at the kill."""
    contracts = [(f"c{number}-{i}", "/v1/contracts", {"analysisId": a}) for i, a in enumerate(analysis_ids)]
    comparisons = [
        (f"p{number}-{i}", "/v1/comparisons", {"left": analysis_ids[0], "right": a})
        for i, a in enumerate(analysis_ids[1:])
    ]
    # Subscribed to an event nothing here raises, on a loopback port nobody listens on: no delivery.
    hooks = [
        (
            f"w{number}-{i}",
            "/v1/webhooks",
            {"url": f"http://127.0.0.1:{dead_port}/r{number}/{i}", "events": ["analysis.failed"]},
        )
        for i in range(SAVES)
    ]
    mixed = itertools.chain.from_iterable(itertools.zip_longest(contracts, comparisons, hooks))
    return [write for write in mixed if write is not None]


def send_writes(
    key: Key, writes: list[tuple[str, str, dict]], answered: dict, unanswered: list, lock: threading.Lock
) -> None:
    with key.client() as client:
        for idem_key, path, body in writes:
            try:
                response = client.post(path, json=body, headers={"Idempotency-Key": idem_key})
            except httpx.TransportError:
                with lock:
                    unanswered.append((idem_key, path, body))
                continue
            assert response.status_code == 201, response.text
            with lock:
                answered[idem_key] = response.json()


def stored_values(server: Server, sql: str) -> dict:
    with sqlite3.connect(f"file:{server.data_dir / 'contractbox.db'}?mode=ro", uri=True) as db:
        return dict(db.execute(sql).fetchall())


def crash_and_retry(server: Server, key: Key, writes: list[tuple[str, str, dict]]) -> dict[str, dict]:
    """Send the writes from THREADS threads, SIGKILL the server once a third are answered, restart
    it and resend every unanswered write with its key. Returns every key's (first) answer."""
    answered: dict[str, dict] = {}
    unanswered: list[tuple[str, str, dict]] = []
    lock = threading.Lock()
    threads = [
        threading.Thread(target=send_writes, args=(key, writes[t::THREADS], answered, unanswered, lock))
        for t in range(THREADS)
    ]
    for thread in threads:
        thread.start()
    wait_for(lambda: len(answered) >= len(writes) // 3, timeout=120, what="the first answers")
    server.kill()
    for thread in threads:
        thread.join()
    server.start()
    with key.client() as client:
        for idem_key, path, body in unanswered:
            # Done before the kill: the retry replays the 201 (not 409 contract_exists, not a second object).
            retry = client.post(path, json=body, headers={"Idempotency-Key": idem_key})
            assert retry.status_code == 201, f"{path} retry after the crash: {retry.text}"
            answered[idem_key] = retry.json()
    assert len(answered) == len(writes)
    return answered


def test_crash_and_retry_saves_compares_subscribes_and_decides_once(fresh_server: Server) -> None:
    fresh_server.start()
    key = fresh_server.key(fresh_server.org("crash-retry-others"))
    dead_port = free_port()
    for number in range(2):
        with key.client() as client:
            ids = [submit_text(client, f"{TEXT} Round {number}, contract {i}.")["analysisId"] for i in range(SAVES)]
            for analysis_id in ids:
                assert wait_done(client, analysis_id)["status"] == "completed"
        writes = other_writes(number, ids, dead_port)
        answered = crash_and_retry(fresh_server, key, writes)
        per_pair = stored_values(
            fresh_server, "SELECT left_id || ' ' || right_id, COUNT(*) FROM comparisons GROUP BY left_id, right_id"
        )
        per_url = stored_values(fresh_server, "SELECT url, COUNT(*) FROM webhook_endpoints GROUP BY url")
        contract_of = stored_values(fresh_server, "SELECT analysis_id, id FROM contracts")
        comparisons = [f"{b['left']} {b['right']}" for k, _, b in writes if k.startswith("p")]
        assert {pair: per_pair.get(pair, 0) for pair in comparisons} == dict.fromkeys(comparisons, 1)
        urls = [b["url"] for k, _, b in writes if k.startswith("w")]
        assert {url: per_url.get(url, 0) for url in urls} == dict.fromkeys(urls, 1)
        for idem_key, _, body in writes:  # every answer names the object that is stored
            if idem_key.startswith("c"):
                assert answered[idem_key]["contractId"] == contract_of[body["analysisId"]]
    with key.client() as client:
        usage = client.get("/v1/usage").json()
    assert usage["comparisons"] == 2 * (SAVES - 1), usage

    # Review decisions on the 40 saved contracts: one decision each, whatever the crash.
    contracts = list(stored_values(fresh_server, "SELECT id, analysis_id FROM contracts"))
    with key.client() as client:
        first_finding = {
            c: client.get(f"/v1/contracts/{c}/findings").json()["data"][0]["findingKey"] for c in contracts
        }
    decisions = [
        (f"d-{c}", f"/v1/contracts/{c}/reviews", {"findingKey": first_finding[c], "decision": "accepted"})
        for c in contracts
    ]
    answered = crash_and_retry(fresh_server, key, decisions)
    per_contract = stored_values(fresh_server, "SELECT contract_id, COUNT(*) FROM reviews GROUP BY contract_id")
    assert per_contract == dict.fromkeys(contracts, 1)
    assert {answered[f"d-{c}"]["contractId"] for c in contracts} == set(contracts)
