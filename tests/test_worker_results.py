"""The server checks an analysis worker's result before storing it (issue 15): it stores the bytes the
worker sent, so the typed check in between is what stands between a worker that returns malformed
output (a bug in the engine, or a worker process that is not ours any more) and the stored results.
A real server and real worker processes; only the engine inside the workers is wrapped, through a
`sitecustomize` on their PYTHONPATH, to return malformed results for documents of some titles."""

from __future__ import annotations

import textwrap
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from conftest import Server, submit_text, wait_done, wait_for

CONTRACT = (
    "SERVICES AGREEMENT between Acme Inc. and Beta LLC. Either party may terminate this Agreement on "
    "thirty (30) days' written notice. This Agreement is governed by the laws of the State of New York."
)

# Titles the wrapped engine answers wrongly for: a field of the wrong type, a required field missing,
# and well-formed results for another analysis and for the other mode.
HOSTILE_ENGINE = textwrap.dedent(
    """
    import contractbox.engine as engine

    _real_analyze = engine.analyze

    def _analyze(document, mode):
        body = _real_analyze(document, mode)
        title = document.title or ""
        if title == "hostile: wrong type":
            body["risks"] = "none worth mentioning"
        elif title == "hostile: missing field":
            del body["summary"]
        elif title == "hostile: another analysis":
            body["analysisId"] = "ana_someone_else"
        elif title == "hostile: other mode":
            body["mode"] = "live" if mode == "test" else "test"
        return body

    engine.analyze = _analyze
    """
)
HOSTILE_TITLES = ("hostile: wrong type", "hostile: missing field", "hostile: another analysis", "hostile: other mode")


@pytest.fixture
def hostile_server(fresh_server: Server, tmp_path: Path) -> Iterator[Server]:
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(HOSTILE_ENGINE)
    fresh_server.env = {"PYTHONPATH": str(site), "CONTRACTBOX_WORKERS": "1"}
    yield fresh_server.start()
    fresh_server.stop()


def test_a_malformed_worker_result_fails_its_analysis_and_stores_nothing(hostile_server: Server) -> None:
    key = hostile_server.key(hostile_server.org("hostile-results"))
    with key.client() as client:
        ordinary = submit_text(client, CONTRACT, title="ordinary")
        hostile = {title: submit_text(client, CONTRACT, title=title) for title in HOSTILE_TITLES}
        after = submit_text(client, CONTRACT, title="ordinary after")
        for title, submitted in hostile.items():
            done = wait_done(client, submitted["analysisId"])
            assert done["status"] == "failed", title
            assert done["error"]["code"] == "internal_error", title
            assert done["document"] is None, title  # the completion wrote nothing of it
            result = client.get(f"/v1/analyses/{submitted['analysisId']}/result")
            assert result.status_code == 409, title
            assert result.json()["error"]["code"] == "analysis_not_completed"
        for submitted in (ordinary, after):  # the worker goes on serving: only its bad answers failed
            assert wait_done(client, submitted["analysisId"])["status"] == "completed"
            result = client.get(f"/v1/analyses/{submitted['analysisId']}/result").json()
            assert result["analysisId"] == submitted["analysisId"] and result["mode"] == "test"
            assert result["summary"]["parties"]
    assert hostile_server.log().count("its result could not be stored") == len(HOSTILE_TITLES)


def test_a_malformed_result_in_a_review_set_is_a_failed_row_and_no_contract(hostile_server: Server) -> None:
    key = hostile_server.key(hostile_server.org("hostile-set"))
    with key.client() as client:
        set_id = client.post("/v1/review_sets", json={"name": "Falcon"}).json()["id"]
        good = submit_text(client, CONTRACT, title="ordinary", reviewSet=set_id)
        bad = submit_text(client, CONTRACT + " Clause 9.", title="hostile: wrong type", reviewSet=set_id)
        assert wait_done(client, bad["analysisId"])["status"] == "failed"
        assert wait_done(client, good["analysisId"])["status"] == "completed"

        def rows() -> dict[str, dict] | None:
            grid = client.get(f"/v1/review_sets/{set_id}/grid").json()
            by_id = {row["analysisId"]: row for row in grid["rows"]}
            return by_id if by_id[good["analysisId"]]["cells"] else None

        grid = wait_for(rows, timeout=60, what="the good document's grid row")
        assert isinstance(grid, dict)
        assert grid[bad["analysisId"]]["status"] == "failed"
        assert grid[bad["analysisId"]]["error"]["code"] == "internal_error"
        assert grid[bad["analysisId"]]["contractId"] is None and grid[bad["analysisId"]]["cells"] == {}
        contracts = client.get("/v1/contracts").json()["data"]
        assert [c["analysisId"] for c in contracts] == [good["analysisId"]]
        assert _status_counts(client, set_id) == {"queued": 0, "running": 0, "completed": 1, "failed": 1}


def _status_counts(client: httpx.Client, set_id: str) -> dict[str, int]:
    return client.get(f"/v1/review_sets/{set_id}").json()["statusCounts"]
