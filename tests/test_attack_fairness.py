"""Issue 13, defect 4: one organization's expensive PDFs must not block another's analyses.

The attack on the real server: organization A submits PDFs whose pages share one content stream
that inflates to 50 MB (reading them parsed pages x 50 MB and held both workers for their 60 s
limit), then organization B submits a one-line text. B must complete while A's PDFs are still
queued or running (the scheduler takes B before A's next one), and every one of A's PDFs must end
`failed` with `pdf_too_complex` (its cost is bounded before PDFium parses a page).
The scheduling rules themselves (live before test, the per-organization cap, round robin) are
checked on `scheduler.choose` below.
"""

from __future__ import annotations

import base64
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from conftest import Key, Server, submit_text, wait_done, wait_for
from pdf_bombs import shared_content_bomb

from contractbox.analyses.scheduler import Candidate, choose, claim_next
from contractbox.core.store import Store

BOMBS = 12


@pytest.fixture
def two_worker_server(fresh_server: Server) -> Iterator[Server]:
    fresh_server.env = {"CONTRACTBOX_WORKERS": "2", "CONTRACTBOX_RATE_LIMIT_PER_MINUTE": "0"}  # polls freely
    yield fresh_server.start()
    fresh_server.stop()


def live_key(server: Server, name: str) -> Key:
    return server.key(server.org(name, live=True), mode="live")


def statuses(client: httpx.Client, ids: list[str]) -> list[str]:
    return [client.get(f"/v1/analyses/{analysis_id}").json()["status"] for analysis_id in ids]


def test_bombs_of_one_organization_do_not_hold_back_another(two_worker_server: Server) -> None:
    attacker, bystander = live_key(two_worker_server, "attacker"), live_key(two_worker_server, "bystander")
    bomb = base64.b64encode(shared_content_bomb()).decode()
    with attacker.client() as a, bystander.client() as b:
        bombs = []
        for n in range(BOMBS):
            response = a.post("/v1/analyses", json={"title": f"bomb {n}", "sourceType": "pdf", "pdfBase64": bomb})
            assert response.status_code == 202, response.text
            bombs.append(response.json()["analysisId"])
        one_line = submit_text(b, "Either party may terminate this Agreement on 30 days' notice.")["analysisId"]

        # Poll B until it is done, and look at A's PDFs at that moment. Before the fix B waited
        # behind every bomb (each held a worker for 60 s): this wait timed out.
        def bystander_done() -> list[str] | None:
            if b.get(f"/v1/analyses/{one_line}").json()["status"] not in ("completed", "failed"):
                return None
            return statuses(a, bombs)

        bomb_states = wait_for(bystander_done, timeout=120, interval=0.05, what="B's analysis behind A's PDFs")
        assert b.get(f"/v1/analyses/{one_line}").json()["status"] == "completed"
        assert {"queued", "processing"} & set(bomb_states), f"B finished only after every bomb: {bomb_states}"

        finished = [wait_done(a, analysis_id, timeout=120) for analysis_id in bombs]
    assert {(f["status"], f["error"]["code"]) for f in finished} == {("failed", "pdf_too_complex")}
    assert "pages" in finished[0]["error"]["message"]


def test_test_mode_work_does_not_delay_live_work_of_the_same_organization(two_worker_server: Server) -> None:
    org = two_worker_server.org("both-modes", live=True)
    test_key, live_key_ = two_worker_server.key(org, mode="test"), two_worker_server.key(org, mode="live")
    bomb = base64.b64encode(shared_content_bomb()).decode()
    with test_key.client() as t, live_key_.client() as live:
        queued = []
        for n in range(BOMBS):
            response = t.post("/v1/analyses", json={"title": f"test {n}", "sourceType": "pdf", "pdfBase64": bomb})
            assert response.status_code == 202, response.text
            queued.append(response.json()["analysisId"])
        one_line = submit_text(live, "Either party may terminate this Agreement on 30 days' notice.")["analysisId"]

        # One organization, so only the mode rule can put the live analysis first: test-mode work
        # never holds the last worker, and live work is claimed before it.
        def live_done() -> list[str] | None:
            if live.get(f"/v1/analyses/{one_line}").json()["status"] not in ("completed", "failed"):
                return None
            return statuses(t, queued)

        test_states = wait_for(live_done, timeout=120, interval=0.05, what="the live analysis behind test work")
        assert live.get(f"/v1/analyses/{one_line}").json()["status"] == "completed"
        assert {"queued", "processing"} & set(test_states), f"live finished only after all test work: {test_states}"
        for analysis_id in queued:
            wait_done(t, analysis_id, timeout=120)


# --- the scheduling rules ------------------------------------------------------------------


def test_live_work_is_taken_before_older_test_work() -> None:
    queued = [Candidate("test", "org_a", 1), Candidate("live", "org_b", 2)]
    assert choose(queued, running={}, turns={}, workers=2, org_cap=1) == queued[1]


def test_test_mode_never_takes_the_last_worker() -> None:
    queued = [Candidate("test", "org_a", 5)]
    assert choose(queued, running={("org_b", "test"): 1}, turns={}, workers=2, org_cap=1) is None
    assert choose(queued, running={("org_b", "live"): 1}, turns={}, workers=2, org_cap=1) == queued[0]
    assert choose(queued, running={}, turns={}, workers=1, org_cap=1) == queued[0]


def test_the_cap_holds_an_organization_back_only_while_another_waits() -> None:
    alone = [Candidate("live", "org_a", 1)]
    assert choose(alone, running={("org_a", "live"): 3}, turns={}, workers=4, org_cap=2) == alone[0]
    both = [Candidate("live", "org_a", 1), Candidate("live", "org_b", 9)]
    assert choose(both, running={("org_a", "live"): 2}, turns={}, workers=4, org_cap=2) == both[1]
    assert choose(both, running={("org_a", "live"): 2, ("org_b", "live"): 2}, turns={}, workers=4, org_cap=2) is None


def test_organizations_take_turns() -> None:
    queued = [Candidate("live", "org_a", 1), Candidate("live", "org_b", 2), Candidate("live", "org_c", 3)]
    served_last = {"org_a": 3, "org_b": 1, "org_c": 2}
    assert choose(queued, running={}, turns=served_last, workers=1, org_cap=1) == queued[1]
    # an organization with fewer analyses running comes first, whatever the turns say
    assert choose(queued, running={("org_b", "live"): 1}, turns=served_last, workers=4, org_cap=2) == queued[2]


def test_claiming_reads_only_unfinished_analyses(tmp_path: Path) -> None:
    """Each claim must find the queued and running analyses through the partial index, not by reading
    every analysis ever made (a scan made claims, which hold the write lock, slower with every
    analysis stored: bench/load.py's p99 grew to a second over ten minutes)."""
    store = Store(tmp_path / "contractbox.db")
    store.migrate()
    plans: list[str] = []
    store.db.conn.execute("PRAGMA foreign_keys=OFF")  # rows without their organization and key: plans only
    with store.transaction() as db:
        original = db.execute

        def explained(sql: str, params: Any = ()) -> Any:
            if sql.lstrip().upper().startswith("SELECT") and "FROM analyses" in sql:
                plans.extend(row[3] for row in original("EXPLAIN QUERY PLAN " + sql, params).fetchall())
            return original(sql, params)

        for n, status in enumerate(("queued", "processing", "completed")):
            db.conn.execute(
                "INSERT INTO analyses (id, org_id, mode, key_id, title, source_type, status, created_at) "
                "VALUES (?, 'org_a', 'live', 'key_a', 't', 'text', ?, '2026-01-01T00:00:00Z')",
                (f"ana_{n}", status),
            )
        db.execute = explained  # type: ignore[method-assign]
        claimed = claim_next(db, "2026-01-01T00:00:01Z", workers=2, org_cap=2)
    reads = [plan for plan in plans if "analyses " in plan + " "]
    assert claimed == "ana_0"
    assert len(reads) == 2 and all("USING INDEX analyses_unfinished" in plan for plan in reads), plans
