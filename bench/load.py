"""bench/load.py: load and soak of the /v1 API with a mixed workload at a fixed request rate.

Open-loop: request i is due at start + i / RATE whatever happened to earlier ones, so a slow
server meets a growing backlog instead of a politely waiting client, and latency is measured from
the moment a request was due (no coordinated omission). The mix, over many keys of two
organizations, each with test keys and a live key:

    submit (POST /v1/analyses) | poll (GET /v1/analyses/{id}) | list (GET /v1/analyses)
    result (GET /v1/analyses/{id}/result) | save (POST /v1/contracts, when the server has it)
    list contracts (GET /v1/contracts) | probe (GET another world's id: must be 404)

Reported: error rate (any 5xx, any unexpected status, any transport error), p50/p99 latency per
operation, queue lag (submit -> startedAt; measured by a probe that submits one analysis a second
and polls it every 10 ms), server RSS sampled every second with its slope over the second half of
the run (must stay flat), and leaks: every item of every list and every read must belong to the
organization and mode of the key that asked (ids are tracked per organization+mode "world").

Loopback only; the run ends by itself after --duration seconds (default 600).

    python bench/load.py [--duration 600] [--rate 60] [--json FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from _harness import cli, contractbox_server, percentile, print_table

ORGS = 2
TEST_KEYS_PER_ORG = 4
MIX = {"submit": 18, "poll": 30, "list": 15, "result": 15, "save": 7, "list_contracts": 8, "probe": 7}
CONTRACT = (
    "MASTER SERVICES AGREEMENT number {n} dated March 3, 2025 between Acme Corp and Beta LLC. Beta LLC shall deliver "
    "the services described in each order. Acme Corp shall pay each invoice within 30 days. Either party may terminate "
    "this Agreement on 60 days written notice. Liability is capped at the fees paid in the prior 12 months. "
    "This Agreement is governed by the laws of the State of New York."
)
ISO = "%Y-%m-%dT%H:%M:%SZ"


@dataclass
class Client:
    secret: str
    world: str  # "org:mode"
    mode: str
    http: httpx.AsyncClient | None = None


@dataclass
class Stats:
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    counts: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    errors: list[str] = field(default_factory=list)
    leaks: list[str] = field(default_factory=list)
    lags: list[float] = field(default_factory=list)
    late_starts: int = 0


class World:
    """What one organization+mode created, as seen by the clients."""

    def __init__(self) -> None:
        self.analyses: list[str] = []
        self.completed: list[str] = []
        self.saved: set[str] = set()
        self.contracts: list[str] = []


class Load:
    def __init__(self, port: int, clients: list[Client], rate: float, duration: float, has_contracts: bool, seed: int) -> None:
        self.base = f"http://127.0.0.1:{port}"
        self.clients = clients
        self.rate = rate
        self.duration = duration
        self.has_contracts = has_contracts
        self.rng = random.Random(seed)
        self.worlds: dict[str, World] = defaultdict(World)
        self.owner: dict[str, str] = {}  # id -> world
        self.unknown_seen: list[tuple[str, str]] = []  # (world, id) seen in a list before its creator got the answer
        self.stats = Stats()
        ops = [op for op in MIX if has_contracts or op not in ("save", "list_contracts")]
        self.ops = ops
        self.weights = [MIX[op] for op in ops]

    # --- one request ----------------------------------------------------------------------

    async def run_op(self, op: str, client: Client, due: float) -> None:
        world = self.worlds[client.world]
        assert client.http is not None
        try:
            if op == "submit":
                body = {"title": "Load", "sourceType": "text", "text": CONTRACT.format(n=self.rng.randint(1, 10**9))}
                answer = await client.http.post("/v1/analyses", json=body)
                if self.expect(op, answer, 202):
                    analysis = answer.json()
                    self.own(client, analysis["analysisId"], analysis)
                    world.analyses.append(analysis["analysisId"])
            elif op == "poll" and world.analyses:
                analysis_id = self.rng.choice(world.analyses[-50:])
                answer = await client.http.get(f"/v1/analyses/{analysis_id}")
                if self.expect(op, answer, 200):
                    body = answer.json()
                    self.check_item(client, body, "analysisId")
                    if body["status"] == "completed" and analysis_id not in world.completed:
                        world.completed.append(analysis_id)
            elif op == "list":
                answer = await client.http.get("/v1/analyses", params={"limit": str(self.rng.choice((5, 20, 100)))})
                if self.expect(op, answer, 200):
                    for item in answer.json()["data"]:
                        self.check_item(client, item, "analysisId")
            elif op == "result" and world.completed:
                analysis_id = self.rng.choice(world.completed[-50:])
                answer = await client.http.get(f"/v1/analyses/{analysis_id}/result")
                if self.expect(op, answer, 200):
                    self.check_item(client, answer.json(), "analysisId")
            elif op == "save" and world.completed:
                candidates = [a for a in world.completed[-50:] if a not in world.saved]
                if not candidates:
                    return
                analysis_id = self.rng.choice(candidates)
                world.saved.add(analysis_id)
                answer = await client.http.post("/v1/contracts", json={"analysisId": analysis_id, "title": "Load contract"})
                if self.expect(op, answer, 201, 409):
                    if answer.status_code == 201:
                        contract = answer.json()
                        self.own(client, contract["contractId"], contract)
                        world.contracts.append(contract["contractId"])
            elif op == "list_contracts":
                answer = await client.http.get("/v1/contracts", params={"limit": "20"})
                if self.expect(op, answer, 200):
                    for item in answer.json()["data"]:
                        self.check_item(client, item, "contractId")
            elif op == "probe":
                others = [w for name, w in self.worlds.items() if name != client.world and w.analyses]
                if not others:
                    return
                other_id = self.rng.choice(self.rng.choice(others).analyses)
                answer = await client.http.get(f"/v1/analyses/{other_id}")
                if answer.status_code != 404:
                    self.stats.leaks.append(f"{client.world} read {other_id} of {self.owner.get(other_id)}: {answer.status_code}")
                self.stats.counts[op] += 1
            else:
                return
        except httpx.HTTPError as exc:
            self.stats.errors.append(f"{op}: {type(exc).__name__} {exc}")
            return
        self.stats.latencies[op].append(time.perf_counter() - due)

    def expect(self, op: str, answer: httpx.Response, *ok: int) -> bool:
        self.stats.counts[op] += 1
        if answer.status_code in ok:
            return True
        self.stats.errors.append(f"{op}: {answer.status_code} {answer.text[:200]}")
        return False

    def own(self, client: Client, object_id: str, body: dict) -> None:
        self.owner[object_id] = client.world
        if body.get("mode") != client.mode:
            self.stats.leaks.append(f"{client.world} created {object_id} in mode {body.get('mode')}")

    def check_item(self, client: Client, item: dict, id_field: str) -> None:
        object_id = item.get(id_field)
        if item.get("mode") != client.mode:
            self.stats.leaks.append(f"{client.world} saw {object_id} of mode {item.get('mode')}")
        owner = self.owner.get(object_id)
        if owner is None:
            self.unknown_seen.append((client.world, object_id))  # checked again at the end
        elif owner != client.world:
            self.stats.leaks.append(f"{client.world} saw {object_id} of {owner}")

    # --- the probes -----------------------------------------------------------------------

    async def lag_probe(self, until: float) -> None:
        """Once a second: submit, poll every 10 ms until it has started; lag = submit -> started."""
        client = self.clients[0]
        assert client.http is not None
        while time.perf_counter() < until:
            started_probe = time.perf_counter()
            try:
                answer = await client.http.post("/v1/analyses", json={"title": "Lag probe", "sourceType": "text", "text": CONTRACT.format(n=0)})
                if answer.status_code == 202:
                    analysis_id = answer.json()["analysisId"]
                    self.own(client, analysis_id, answer.json())
                    submitted = time.perf_counter()
                    for _ in range(3000):  # at most 30 s
                        status = (await client.http.get(f"/v1/analyses/{analysis_id}")).json()["status"]
                        if status != "queued":
                            self.stats.lags.append(time.perf_counter() - submitted)
                            break
                        await asyncio.sleep(0.01)
                    else:
                        self.stats.late_starts += 1
            except httpx.HTTPError as exc:
                self.stats.errors.append(f"lag probe: {exc}")
            await asyncio.sleep(max(0.0, 1.0 - (time.perf_counter() - started_probe)))

    # --- the run --------------------------------------------------------------------------

    async def run(self) -> None:
        limits = httpx.Limits(max_connections=16, max_keepalive_connections=16)
        for client in self.clients:
            client.http = httpx.AsyncClient(base_url=self.base, headers={"Authorization": f"Bearer {client.secret}"}, timeout=30, limits=limits)
        start = time.perf_counter()
        until = start + self.duration
        probe = asyncio.create_task(self.lag_probe(until))
        pending: set[asyncio.Task] = set()
        total = int(self.duration * self.rate)
        for i in range(total):
            due = start + i / self.rate
            delay = due - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            op = self.rng.choices(self.ops, self.weights)[0]
            task = asyncio.create_task(self.run_op(op, self.rng.choice(self.clients), due))
            pending.add(task)
            task.add_done_callback(pending.discard)
        await asyncio.wait_for(asyncio.gather(*pending, probe), timeout=120)
        for client in self.clients:
            await client.http.aclose()
        for world, object_id in self.unknown_seen:
            owner = self.owner.get(object_id)
            if owner != world:
                self.stats.leaks.append(f"{world} saw {object_id} of {owner or 'no client of this run'}")


class RssSampler:
    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.samples: list[tuple[float, float]] = []  # (seconds, MiB)

    def sample(self, t: float) -> None:
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                self.samples.append((t, int(line.split()[1]) / 1024))

    async def run(self, until: float) -> None:
        start = time.perf_counter()
        while time.perf_counter() < until:
            self.sample(time.perf_counter() - start)
            await asyncio.sleep(1.0)

    def slope_mib_per_min(self) -> float:
        """Least-squares slope over the second half (the first half includes warm-up)."""
        half = self.samples[len(self.samples) // 2 :]
        if len(half) < 3:
            return 0.0
        n = len(half)
        mean_t = sum(t for t, _ in half) / n
        mean_m = sum(m for _, m in half) / n
        var = sum((t - mean_t) ** 2 for t, _ in half)
        return 60 * sum((t - mean_t) * (m - mean_m) for t, m in half) / var if var else 0.0


def make_clients(data_dir: Path) -> list[Client]:
    clients = []
    for n in range(ORGS):
        org = json.loads(cli(data_dir, "orgs", "create", f"load-org-{n}", "--json"))["orgId"]
        cli(data_dir, "orgs", "approve-live", org)
        for mode, count in (("test", TEST_KEYS_PER_ORG), ("live", 1)):
            for _ in range(count):
                secret = json.loads(cli(data_dir, "keys", "create", "--org", org, "--mode", mode, "--json"))["secret"]
                clients.append(Client(secret, f"{org}:{mode}", mode))
    return clients


async def main_async(args: argparse.Namespace) -> dict:
    with contractbox_server() as (port, data_dir, process):
        clients = make_clients(data_dir)
        document = httpx.get(f"http://127.0.0.1:{port}/v1/openapi.json").json()
        has_contracts = "/v1/contracts" in document["paths"]
        load = Load(port, clients, args.rate, args.duration, has_contracts, args.seed)
        sampler = RssSampler(process.pid)
        started = time.perf_counter()
        await asyncio.gather(load.run(), sampler.run(started + args.duration))
        elapsed = time.perf_counter() - started
    stats = load.stats
    requests = sum(stats.counts.values())
    per_op = {
        op: {"count": stats.counts[op], "p50_ms": percentile(lat, 50) * 1000, "p99_ms": percentile(lat, 99) * 1000}
        for op, lat in stats.latencies.items()
        if lat
    }
    rss = [m for _, m in sampler.samples]
    return {
        "duration_s": round(elapsed, 1),
        "rate_target": args.rate,
        "rate_achieved": round(requests / elapsed, 1),
        "keys": len(clients),
        "worlds": len({c.world for c in clients}),
        "contracts": has_contracts,
        "requests": requests,
        "errors": len(stats.errors),
        "error_rate": len(stats.errors) / requests if requests else 1.0,
        "error_samples": stats.errors[:5],
        "leaks": len(stats.leaks),
        "leak_samples": stats.leaks[:5],
        "operations": per_op,
        "queue_lag_p50_ms": percentile(stats.lags, 50) * 1000 if stats.lags else None,
        "queue_lag_p99_ms": percentile(stats.lags, 99) * 1000 if stats.lags else None,
        "queue_lag_probes": len(stats.lags),
        "late_starts": stats.late_starts,
        "rss_start_mib": round(rss[0], 1) if rss else None,
        "rss_end_mib": round(rss[-1], 1) if rss else None,
        "rss_max_mib": round(max(rss), 1) if rss else None,
        "rss_slope_mib_per_min": round(sampler.slope_mib_per_min(), 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--duration", type=float, default=600.0, help="seconds (default 600)")
    parser.add_argument("--rate", type=float, default=60.0, help="requests per second, open loop (default 60)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()
    if args.duration <= 0 or args.duration > 3600 or args.rate <= 0 or args.rate > 500:
        parser.error("--duration must be in (0, 3600] and --rate in (0, 500]")
    result = asyncio.run(main_async(args))
    rows = [
        ("requests / achieved rate", f"{args.rate:g}/s open loop", f"{result['requests']} / {result['rate_achieved']}/s", f"{result['keys']} keys, {result['worlds']} org+mode worlds"),
        ("error rate", "0%", f"{result['error_rate']:.3%}", "; ".join(result["error_samples"][:2])),
        ("cross-organization / cross-mode leaks", "0", str(result["leaks"]), "; ".join(result["leak_samples"][:2])),
    ]
    for op, figures in sorted(result["operations"].items()):
        rows.append((f"{op} p50 / p99", "p99 <= 200 ms", f"{figures['p50_ms']:.1f} / {figures['p99_ms']:.1f} ms", f"{figures['count']} requests"))
    if result["queue_lag_p50_ms"] is not None:
        rows.append(("queue lag p50 / p99 (submit -> started)", "p99 <= 250 ms", f"{result['queue_lag_p50_ms']:.0f} / {result['queue_lag_p99_ms']:.0f} ms", f"{result['queue_lag_probes']} probes, {result['late_starts']} not started in 30 s"))
    rows.append(("server RSS start / end / max", "flat", f"{result['rss_start_mib']} / {result['rss_end_mib']} / {result['rss_max_mib']} MiB", ""))
    rows.append(("server RSS slope (second half)", "<= 1 MiB/min", f"{result['rss_slope_mib_per_min']:+.3f} MiB/min", ""))
    print_table(f"bench/load.py: {result['duration_s']:.0f} s at {args.rate:g} requests/s", rows)
    if args.json:
        args.json.write_text(json.dumps({"bench": "load", **result}, indent=2))
    failed = result["errors"] or result["leaks"]
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
