"""Fault injection against a real `contractbox serve` process.

- SIGKILL at random points while analyses (text and PDF, interleaved, several rounds) are being
  submitted and processed; after restart every accepted analysis ends `completed`, or `failed`
  with a code and a message, nothing is left queued or processing, and SQLite's integrity check
  passes on both database files.
- SIGKILL while contracts are being saved; after restart each analysis has at most one contract,
  every contract answered 201 is there with its full result, retrying with the same
  Idempotency-Key never creates a second one, and there is exactly one `contract.created` event
  per contract.
- SIGKILL while webhooks are being delivered to a receiver in the test; after restart every event
  reaches the endpoint, with a valid Standard Webhooks signature, exactly once as seen by a
  receiver that de-duplicates on `webhook-id`.
- Disk full, on a small tmpfs mounted as the data dir: requests answer 503 `service_unavailable`
  (never 500), what was stored before is unchanged and readable, analyses accepted around the
  moment the disk filled still finish once space returns, and new work is accepted again.
- A URL source (live mode) that trickles bytes, and one that never answers, both end `failed` with
  `url_timeout` within the fetch limit, and other work still runs meanwhile.

Random choices use a seed printed in every assertion message (FAULT_SEED to replay one).
"""

from __future__ import annotations

import base64
import json
import os
import random
import sqlite3
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx
import pytest

from conftest import SAMPLE_CONTRACTS, Call, Key, Receiver, Server, receiver, submit_text, wait_done, wait_for  # noqa: F401 - receiver is a fixture

SEED = int(os.environ.get("FAULT_SEED", str(time.time_ns() % 1_000_000)))
TERMINAL = ("completed", "failed")
URL_TIMEOUT_S = 20  # documents.url.DEFAULT_TIMEOUT_S


def contract_text(i: int) -> str:
    return (
        f"SUPPLY AGREEMENT number {i} dated March {1 + i % 28}, 2025 between Acme Corp and Beta LLC. "
        "Beta LLC shall deliver the goods within 10 days of each order. Acme Corp shall pay each invoice within 30 days. "
        "Either party may terminate this Agreement on 60 days written notice. Liability is capped at the fees paid. "
        "This Agreement is governed by the laws of the State of New York."
    )


def wait_finished(client: httpx.Client, analysis_id: str, timeout: float) -> dict:
    """Poll every 0.2 s (under the per-key rate limit even for long waits) until it finishes."""

    def finished() -> dict | None:
        body = client.get(f"/v1/analyses/{analysis_id}").json()
        return body if body["status"] in TERMINAL else None

    return wait_for(finished, timeout=timeout, interval=0.2, what=f"analysis {analysis_id} to finish")  # type: ignore[return-value]


def alive(server: Server) -> bool:
    """For wait_for predicates: a server that died while we wait fails the test with its log."""
    if server.process is not None and server.process.poll() is not None:
        raise AssertionError(f"server exited with {server.process.returncode} (seed {SEED}):\n{server.log()[-3000:]}")
    return True


def integrity(path: Path) -> str:
    with sqlite3.connect(path) as conn:
        return conn.execute("PRAGMA integrity_check").fetchone()[0]


def assert_databases_intact(server: Server) -> None:
    for name in ("contractbox.db", "queue.db"):
        assert integrity(server.data_dir / name) == "ok", name


def list_all(client: httpx.Client, path: str) -> list[dict]:
    items: list[dict] = []
    after = None
    for _ in range(1000):  # bounded paging
        params = {"limit": "100", **({"startingAfter": after} if after else {})}
        page = client.get(path, params=params)
        assert page.status_code == 200, page.text
        body = page.json()
        items += body["data"]
        if not body["hasMore"]:
            return items
        after = items[-1][next(k for k in items[-1] if k.endswith("Id"))]
    raise AssertionError("paging did not end")


class Submitter(threading.Thread):
    """Submits analyses until it has sent `limit` or the server stops answering."""

    def __init__(self, key: Key, rng: random.Random, limit: int, pdfs: list[bytes]) -> None:
        super().__init__(daemon=True)
        self.key = key
        self.limit = limit
        self.bodies = [self._body(rng, i, pdfs) for i in range(limit)]
        self.accepted: list[str] = []
        self.unexpected: list[tuple[int, str]] = []

    @staticmethod
    def _body(rng: random.Random, i: int, pdfs: list[bytes]) -> dict:
        if pdfs and rng.random() < 0.3:
            return {"title": f"PDF {i}", "sourceType": "pdf", "pdfBase64": base64.b64encode(rng.choice(pdfs)).decode(), "filename": "c.pdf"}
        return {"title": f"Text {i}", "sourceType": "text", "text": contract_text(i)}

    def run(self) -> None:
        with httpx.Client(base_url=self.key.server.base_url, headers={"Authorization": f"Bearer {self.key.secret}"}, timeout=10) as client:
            for body in self.bodies:
                try:
                    answer = client.post("/v1/analyses", json=body)
                except httpx.HTTPError:
                    return  # killed
                if answer.status_code == 202:
                    self.accepted.append(answer.json()["analysisId"])
                else:
                    self.unexpected.append((answer.status_code, answer.text))


def test_sigkill_during_analyses_loses_none(fresh_server: Server) -> None:
    rng = random.Random(SEED)
    org = fresh_server.org("kill-analyses")
    keys = [fresh_server.key(org), fresh_server.key(org)]
    pdfs = [path.read_bytes() for path in sorted(SAMPLE_CONTRACTS.glob("*.pdf"))]
    accepted: list[tuple[Key, str]] = []
    for round_no in range(4):
        fresh_server.start()
        submitters = [Submitter(key, rng, 25, pdfs) for key in keys]
        for submitter in submitters:
            submitter.start()
        threshold = rng.randint(1, 20)
        wait_for(lambda: sum(len(s.accepted) for s in submitters) >= threshold or not any(s.is_alive() for s in submitters), what="submissions")
        time.sleep(rng.uniform(0, 0.4))  # the random kill point
        fresh_server.kill()
        for submitter in submitters:
            submitter.join(timeout=30)
            assert not submitter.unexpected, (SEED, round_no, submitter.unexpected[:3])
            accepted += [(submitter.key, analysis_id) for analysis_id in submitter.accepted]
    assert_databases_intact(fresh_server)
    fresh_server.start()
    assert len(accepted) >= 4, (SEED, len(accepted))
    for key in keys:
        with key.client() as client:
            mine = {analysis_id for k, analysis_id in accepted if k is key}

            def all_finished() -> list[dict] | None:
                alive(fresh_server)
                listed = list_all(client, "/v1/analyses")
                return listed if all(a["status"] in TERMINAL for a in listed) else None

            listed = wait_for(all_finished, timeout=120, interval=0.2, what=f"every analysis to finish (seed {SEED})")
            listed_ids = {a["analysisId"] for a in listed}
            assert mine <= listed_ids, (SEED, mine - listed_ids)  # every 202 survived the kills
            for analysis in listed:
                if analysis["status"] == "failed":
                    assert analysis["error"]["code"] and analysis["error"]["message"], (SEED, analysis)
                else:
                    result = client.get(f"/v1/analyses/{analysis['analysisId']}/result")
                    assert result.status_code == 200 and result.json()["analysisId"] == analysis["analysisId"], (SEED, result.text)
    assert fresh_server.stop() == 0
    assert_databases_intact(fresh_server)


# --- contracts --------------------------------------------------------------------------------


def test_sigkill_during_contract_creation(fresh_server: Server) -> None:
    rng = random.Random(SEED)
    org = fresh_server.org("kill-contracts")
    key = fresh_server.key(org)
    fresh_server.start()
    with key.client() as client:
        analyses = [submit_text(client, contract_text(i), title=f"Contract {i}")["analysisId"] for i in range(30)]
        results = {a: wait_done(client, a) and client.get(f"/v1/analyses/{a}/result").json() for a in analyses}
    answered: dict[str, str] = {}  # analysisId -> contractId answered 201 before the kill

    def save_all() -> None:
        with key.client() as client:
            for analysis_id in analyses:
                try:
                    answer = client.post("/v1/contracts", json={"analysisId": analysis_id, "title": f"Saved {analysis_id}"}, headers={"Idempotency-Key": f"save-{analysis_id}"})
                except httpx.HTTPError:
                    return
                assert answer.status_code == 201, answer.text
                answered[analysis_id] = answer.json()["contractId"]

    saver = threading.Thread(target=save_all, daemon=True)
    saver.start()
    threshold = rng.randint(1, 25)
    wait_for(lambda: len(answered) >= threshold or not saver.is_alive(), what="contract saves")
    time.sleep(rng.uniform(0, 0.05))
    fresh_server.kill()
    saver.join(timeout=30)
    assert_databases_intact(fresh_server)
    fresh_server.start()
    with key.client() as client:
        for analysis_id in analyses:  # a client retrying after the crash, with the same key
            retry = client.post("/v1/contracts", json={"analysisId": analysis_id, "title": f"Saved {analysis_id}"}, headers={"Idempotency-Key": f"save-{analysis_id}"})
            assert retry.status_code in (201, 409), (SEED, retry.text)
            if retry.status_code == 409:
                assert retry.json()["error"]["code"] == "contract_exists", (SEED, retry.text)
            if analysis_id in answered and retry.status_code == 201:
                assert retry.json()["contractId"] == answered[analysis_id], (SEED, "replay changed the contract")
        contracts = list_all(client, "/v1/contracts")
        by_analysis = Counter(c["analysisId"] for c in contracts)
        assert set(by_analysis) == set(analyses) and max(by_analysis.values()) == 1, (SEED, by_analysis)
        for analysis_id, contract_id in answered.items():
            saved = client.get(f"/v1/contracts/{contract_id}")
            assert saved.status_code == 200, (SEED, saved.text)
            assert saved.json()["result"]["clauses"] == results[analysis_id]["clauses"], SEED
    assert fresh_server.stop() == 0
    assert_databases_intact(fresh_server)
    with sqlite3.connect(fresh_server.data_dir / "contractbox.db") as conn:
        events = conn.execute("SELECT payload FROM events WHERE type = 'contract.created'").fetchall()
    event_contracts = Counter(json.loads(p)["data"]["object"]["contractId"] for (p,) in events)
    assert set(event_contracts) == {c["contractId"] for c in contracts} and max(event_contracts.values()) == 1, (SEED, event_contracts)


# --- webhooks ---------------------------------------------------------------------------------


def slow_ok(number: int, call: Call) -> int:
    """Answer slowly on purpose, so that kills land in the middle of deliveries."""
    time.sleep(0.05)
    return 204


def unique_events(receiver: Receiver, secret: str) -> dict[str, dict]:
    """Deliveries de-duplicated on webhook-id, each verified with standardwebhooks (raises on a
    bad signature, failing the test)."""
    with receiver.lock:
        calls = list(receiver.calls)
    return {call.webhook_id: call.verified(secret) for call in calls}


def test_sigkill_during_webhook_delivery_delivers_each_event_once(fresh_server: Server, receiver: Receiver) -> None:
    rng = random.Random(SEED)
    fresh_server.env["CONTRACTBOX_WEBHOOK_RETRY_DELAYS"] = "1,1,1,1,1,1,1,1,1,1"
    org = fresh_server.org("kill-webhooks")
    key = fresh_server.key(org)
    fresh_server.start()
    receiver.respond = slow_ok
    with key.client() as client:
        created = client.post("/v1/webhooks", json={"url": receiver.url(), "events": ["analysis.completed", "analysis.failed"]})
        assert created.status_code == 201, created.text
        secret = created.json()["secret"]
    accepted: list[str] = []
    for round_no in range(3):
        if round_no:
            fresh_server.start()
        submitter = Submitter(key, rng, 20, [])
        submitter.start()
        submitter.join(timeout=60)
        assert not submitter.unexpected, (SEED, submitter.unexpected[:3])
        accepted += submitter.accepted
        target = len(unique_events(receiver, secret)) + rng.randint(0, 10)
        wait_for(lambda: alive(fresh_server) and len(unique_events(receiver, secret)) >= min(target, len(accepted)), timeout=60, what="some deliveries")
        time.sleep(rng.uniform(0, 0.2))
        fresh_server.kill()
    fresh_server.start()
    wait_for(lambda: alive(fresh_server) and {e["data"]["object"]["analysisId"] for e in unique_events(receiver, secret).values()} >= set(accepted), timeout=120, interval=0.2, what=f"every event delivered (seed {SEED})")
    unique = unique_events(receiver, secret)
    per_analysis = Counter(event["data"]["object"]["analysisId"] for event in unique.values())
    assert set(per_analysis) == set(accepted), SEED
    assert max(per_analysis.values()) == 1, (SEED, "one event was delivered under two webhook-ids", per_analysis.most_common(3))
    for webhook_id, event in unique.items():
        assert event["eventId"] == webhook_id and event["type"] in ("analysis.completed", "analysis.failed"), (SEED, event)
    assert fresh_server.stop() == 0
    assert_databases_intact(fresh_server)


# --- disk full --------------------------------------------------------------------------------


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 12 MB tmpfs mounted where the server keeps its data (its log stays outside)."""
    mount_point = tmp_path / "data"
    mount_point.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=12m", "tmpfs", str(mount_point)], capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here (needs root): {mounted.stderr.strip()}")
    try:
        yield mount_point
    finally:
        subprocess.run(["umount", "-l", str(mount_point)], check=False)


def fill_to(directory: Path, leave_bytes: int) -> None:
    """Fill the filesystem with a ballast file, then give `leave_bytes` back."""
    ballast = directory / "ballast"
    ballast.unlink(missing_ok=True)
    fd = os.open(ballast, os.O_WRONLY | os.O_CREAT)
    try:
        for _ in range(100_000):  # bounded: at most 6.5 GB, far beyond the 12 MB tmpfs
            os.write(fd, b"\0" * 65536)
    except OSError:
        pass  # ENOSPC: full
    finally:
        os.close(fd)
    size = ballast.stat().st_size
    os.truncate(ballast, max(0, size - leave_bytes))


def test_disk_full_answers_503_keeps_data_and_recovers(small_disk: Path, tmp_path: Path) -> None:
    server = Server(small_disk)
    try:
        server.start()
        org = server.org("disk-full")
        key = server.key(org)
        with key.client() as client:
            before = [submit_text(client, contract_text(i), title=f"Before {i}")["analysisId"] for i in range(5)]
            stored = {a: (wait_done(client, a), client.get(f"/v1/analyses/{a}/result").text) for a in before}
            accepted: list[str] = []
            statuses: Counter[int] = Counter()
            # Fill the disk to within a little of full, several times, so that some requests land
            # just as space runs out (accepted, then unable to record their result).
            for leave_kb in (0, 16, 32, 64, 96, 128, 0):
                fill_to(small_disk, leave_kb * 1024)
                for i in range(8):
                    answer = client.post("/v1/analyses", json={"title": f"Full {leave_kb}-{i}", "sourceType": "text", "text": contract_text(i)}, headers={"Idempotency-Key": f"full-{leave_kb}-{i}"})
                    statuses[answer.status_code] += 1
                    if answer.status_code == 202:
                        accepted.append(answer.json()["analysisId"])
                    else:
                        assert answer.status_code == 503, answer.text
                        error = answer.json()["error"]
                        assert (error["type"], error["code"]) == ("api_error", "service_unavailable"), error
                        assert answer.headers["retry-after"]
                # reads still work and what was stored is unchanged
                for analysis_id, (analysis, result) in stored.items():
                    assert client.get(f"/v1/analyses/{analysis_id}").json() == analysis
                    assert client.get(f"/v1/analyses/{analysis_id}/result").text == result
            assert statuses[503] >= 8, statuses  # the disk really was full
            (small_disk / "ballast").unlink()  # space returns
            after = submit_text(client, contract_text(99), title="After")["analysisId"]
            for analysis_id in [*accepted, after]:
                finished = wait_finished(client, analysis_id, timeout=60)
                assert finished["status"] == "completed" or finished["error"]["code"], finished
            for analysis_id, (analysis, result) in stored.items():
                assert client.get(f"/v1/analyses/{analysis_id}").json() == analysis
                assert client.get(f"/v1/analyses/{analysis_id}/result").text == result
        assert server.stop() == 0
        assert_databases_intact(server)
        assert "internal_error" not in server.log()
    finally:
        if server.process and server.process.poll() is None:
            server.process.kill()
            server.process.wait()


# --- slow URL sources -------------------------------------------------------------------------


class SlowServer:
    """/trickle sends headers then one byte every 0.5 s; /silent accepts and never answers.
    Each handler gives up on its own after 60 s so the test never leaves a thread behind."""

    def __init__(self) -> None:
        self.stop = threading.Event()
        slow = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802
                if self.path == "/trickle":
                    self.send_response(200)
                    self.send_header("Content-Type", "text/plain")
                    self.send_header("Content-Length", "100000")
                    self.end_headers()
                    for _ in range(120):
                        if slow.stop.wait(0.5):
                            return
                        try:
                            self.wfile.write(b"a")
                            self.wfile.flush()
                        except OSError:
                            return
                else:
                    slow.stop.wait(60)

            def log_message(self, *args: object) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}{path}"

    def close(self) -> None:
        self.stop.set()
        self.httpd.shutdown()
        self.httpd.server_close()


def test_slow_url_sources_time_out_without_holding_workers(server: Server) -> None:
    slow = SlowServer()
    try:
        live = server.key(server.org("slow-url", live=True), mode="live")
        test_key = server.key(server.org("slow-url-bystander"))
        with live.client() as client, test_key.client() as bystander:
            submitted = time.monotonic()
            ids = [
                client.post("/v1/analyses", json={"title": name, "sourceType": "url", "url": slow.url(path)}).json()["analysisId"]
                for name, path in (("Trickle", "/trickle"), ("Silent", "/silent"))
            ]
            # Both workers (the default 2) are now waiting on slow servers; other work still gets done.
            other = submit_text(bystander, contract_text(1), title="Bystander")["analysisId"]
            assert wait_finished(bystander, other, timeout=URL_TIMEOUT_S + 15)["status"] == "completed"
            for analysis_id in ids:
                finished = wait_finished(client, analysis_id, timeout=URL_TIMEOUT_S + 15)
                assert finished["status"] == "failed" and finished["error"]["code"] == "url_timeout", finished
                assert finished["error"]["message"]
            assert time.monotonic() - submitted <= URL_TIMEOUT_S + 15
            for analysis_id in ids:
                finished = client.get(f"/v1/analyses/{analysis_id}").json()
                started, completed = (time.mktime(time.strptime(finished[k], "%Y-%m-%dT%H:%M:%SZ")) for k in ("startedAt", "completedAt"))
                assert completed - started <= URL_TIMEOUT_S + 2, finished  # the worker was released at the limit
    finally:
        slow.close()


# --- concurrency ------------------------------------------------------------------------------

RACE = """
import sys, threading, msgspec
import contractbox.analyses.service  # what the server imports before its workers start
from contractbox.analyses.schemas import AnalysisResult
sys.setswitchinterval(1e-6)  # switch threads as often as possible
body = {"analysisId": "a", "object": "analysis_result", "mode": "test", "engine": {"name": "m", "version": "1"},
        "summary": {"text": "t", "documentType": None, "parties": [], "governingLaw": None},
        "riskScore": {"value": 1, "level": "low", "drivers": []}, "clauses": [], "risks": [], "obligations": [], "keyDates": [], "evidence": []}
barrier = threading.Barrier(8)
def convert():
    barrier.wait()
    msgspec.convert(body, AnalysisResult)
threads = [threading.Thread(target=convert) for _ in range(8)]
[t.start() for t in threads]
[t.join() for t in threads]
"""


def test_first_results_converted_in_parallel_do_not_crash() -> None:
    """Found by the SIGKILL tests: right after a restart several workers finish their first analyses
    at once, and msgspec building AnalysisResult's type information in two threads at the same
    time crashed the server with SIGSEGV (about 1 process in 7 with this script before the fix)."""
    crashes = []
    for _ in range(20):
        done = subprocess.run([sys.executable, "-c", RACE], capture_output=True, text=True, timeout=60)
        if done.returncode != 0:
            crashes.append((done.returncode, done.stderr[-300:]))
    assert not crashes, crashes
