"""Nothing accepted is lost on a crash: SIGKILL with live analyses queued or running, restart,
and every one of them completes."""

from __future__ import annotations

from conftest import CUAD, Server, wait_for


def test_sigkill_with_20_live_analyses_in_flight_then_restart_completes_all(fresh_server: Server) -> None:
    fresh_server.env = {"CONTRACTBOX_WORKERS": "1"}
    fresh_server.start()
    key = fresh_server.key(fresh_server.org("crash", live=True), "live")
    texts = [p.read_text() for p in sorted((CUAD / "contracts").glob("*.txt"))[:20]]
    with key.client() as client:
        ids = []
        for i, text in enumerate(texts):
            response = client.post("/v1/analyses", json={"title": f"CUAD {i}", "sourceType": "text", "text": text})
            assert response.status_code == 202
            ids.append(response.json()["analysisId"])
        statuses = [client.get(f"/v1/analyses/{i}").json()["status"] for i in ids]
    assert statuses.count("completed") < 20, "all finished before the kill: the test would prove nothing"
    fresh_server.kill()

    fresh_server.start()
    with key.client() as client:

        def all_completed() -> bool:
            return all(client.get(f"/v1/analyses/{i}").json()["status"] == "completed" for i in ids)

        wait_for(all_completed, timeout=180, interval=0.2, what="all 20 analyses to complete after restart")
        for analysis_id in ids:
            result = client.get(f"/v1/analyses/{analysis_id}/result")
            assert result.status_code == 200 and result.json()["mode"] == "live"


def test_sigterm_stops_cleanly_and_restart_resumes(fresh_server: Server) -> None:
    fresh_server.start()
    key = fresh_server.key(fresh_server.org("graceful"))
    with key.client() as client:
        ids = [client.post("/v1/analyses", json={"title": str(i), "sourceType": "text", "text": f"Clause {i}. Governed by Utah law."}).json()["analysisId"] for i in range(10)]
    assert fresh_server.stop() == 0
    fresh_server.start()
    with key.client() as client:
        wait_for(lambda: all(client.get(f"/v1/analyses/{i}").json()["status"] == "completed" for i in ids), timeout=60, what="analyses after restart")
