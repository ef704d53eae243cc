"""SIGKILL while a review set's documents complete (issue 15): a document's result, its contract, its
grid row and their events are written in one commit, or caught up at the next start; after the
restart every document is completed once, saved as exactly one contract, its grid row points at that
contract, and each `analysis.completed` and `contract.created` event exists exactly once. The kill
point is random (FAULT_SEED replays one, as in tests/test_faults.py)."""

from __future__ import annotations

import json
import random
import sqlite3
import time
from collections import Counter

import httpx
from conftest import Server, submit_text, wait_for
from test_faults import SEED, alive, assert_databases_intact, contract_text, list_all

DOCUMENTS = 40


def completed_in(client: httpx.Client, set_id: str) -> int:
    return int(client.get(f"/v1/review_sets/{set_id}").json()["statusCounts"]["completed"])


def test_sigkill_while_a_review_set_completes_saves_each_document_once(fresh_server: Server) -> None:
    rng = random.Random(SEED)
    key = fresh_server.key(fresh_server.org("kill-review-set"))
    fresh_server.start()
    with key.client() as client:
        set_id = client.post("/v1/review_sets", json={"name": "Falcon"}).json()["id"]
        analyses = [
            submit_text(client, contract_text(i), title=f"Contract {i}", reviewSet=set_id)["analysisId"]
            for i in range(DOCUMENTS)
        ]
        threshold = rng.randint(1, DOCUMENTS - 5)
        wait_for(
            lambda: alive(fresh_server) and completed_in(client, set_id) >= threshold, timeout=300, what="completions"
        )
        time.sleep(rng.uniform(0, 0.3))  # the random kill point, among completions
    fresh_server.kill()
    assert_databases_intact(fresh_server)
    fresh_server.start()
    with key.client() as client:

        def every_row_written() -> list[dict] | None:
            alive(fresh_server)
            rows = client.get(f"/v1/review_sets/{set_id}/grid").json()["rows"]
            return rows if all(r["status"] == "completed" and r["cells"] for r in rows) else None

        rows = wait_for(every_row_written, timeout=300, interval=0.2, what=f"every grid row (seed {SEED})")
        assert isinstance(rows, list)
        assert [r["analysisId"] for r in rows] == analyses, SEED
        contracts = list_all(client, "/v1/contracts")
        by_analysis = Counter(c["analysisId"] for c in contracts)
        assert set(by_analysis) == set(analyses) and max(by_analysis.values()) == 1, (SEED, by_analysis)
        contract_of = {c["analysisId"]: c["contractId"] for c in contracts}
        assert all(r["contractId"] == contract_of[r["analysisId"]] for r in rows), SEED
        assert all(c["reviewSet"] == set_id for c in contracts), SEED
    assert fresh_server.stop() == 0
    assert_databases_intact(fresh_server)
    with sqlite3.connect(fresh_server.data_dir / "contractbox.db") as conn:
        events = conn.execute(
            "SELECT type, payload FROM events WHERE type IN ('analysis.completed', 'contract.created')"
        ).fetchall()
    completed = Counter(json.loads(p)["data"]["object"]["analysisId"] for t, p in events if t == "analysis.completed")
    created = Counter(json.loads(p)["data"]["object"]["contractId"] for t, p in events if t == "contract.created")
    assert set(completed) == set(analyses) and max(completed.values()) == 1, (SEED, completed)
    assert set(created) == set(contract_of.values()) and max(created.values()) == 1, (SEED, created)
