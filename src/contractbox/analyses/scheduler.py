"""Which queued analysis a free worker takes next: fair across organizations, live before test.

The queue only says "there may be work"; a worker then claims the next analysis from the
analyses table in one write transaction, so two workers never take the same one. The choice:

1. Live before test: a test-mode analysis is taken only when no live one can be, and test-mode
   analyses never occupy more than `workers - 1` workers (all of them with one worker), so one
   worker is always left for live work.
2. Among organizations with claimable work, the one with the fewest running analyses, then the
   one served longest ago (round robin over `analysis_turns`), then its oldest analysis.
3. While another organization has work waiting, an organization runs at most `org_cap` analyses
   at once (CONTRACTBOX_ORG_MAX_RUNNING); alone in the queue it may use every worker.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Candidate:
    """The oldest queued analysis of one organization in one mode."""

    mode: str
    org_id: str
    seq: int


def default_org_cap(workers: int) -> int:
    return max(1, workers // 2)


def choose(
    candidates: list[Candidate],
    running: dict[tuple[str, str], int],
    turns: dict[str, int],
    workers: int,
    org_cap: int,
) -> Candidate | None:
    """The analysis to claim next, or None when nothing may start now."""
    running_by_org: Counter[str] = Counter()
    for (org_id, _mode), count in running.items():
        running_by_org[org_id] += count
    running_test = sum(count for (_org, mode), count in running.items() if mode == "test")
    waiting_orgs = {candidate.org_id for candidate in candidates}
    for mode in ("live", "test"):
        if mode == "test" and running_test >= max(1, workers - 1):
            continue
        eligible = [
            c for c in candidates if c.mode == mode and (len(waiting_orgs) == 1 or running_by_org[c.org_id] < org_cap)
        ]
        if eligible:
            return min(eligible, key=lambda c: (running_by_org[c.org_id], turns.get(c.org_id, 0), c.seq))
    return None


# The condition of the partial index `analyses_unfinished`: SQLite uses that index only for a query that
# states its condition, so each query below repeats it (without it, every claim scanned every analysis
# ever made: `bench/load.py` p99 grew from 15-30 ms to 0.7-1.3 s over 600 s).
_UNFINISHED = "status IN ('queued', 'processing')"


def claim_next(db: Any, now: str, workers: int, org_cap: int) -> str | None:
    """Inside a write transaction (`db` a sqlite-utils Database): mark the chosen analysis
    processing and return its id; None when nothing may start now."""
    candidates = [
        Candidate(row[0], row[1], row[2])
        for row in db.execute(
            f"SELECT mode, org_id, MIN(seq) FROM analyses WHERE {_UNFINISHED} AND status = 'queued' "
            "GROUP BY mode, org_id"
        ).fetchall()
    ]
    if not candidates:
        return None
    running = {
        (row[0], row[1]): row[2]
        for row in db.execute(
            f"SELECT org_id, mode, COUNT(*) FROM analyses WHERE {_UNFINISHED} AND status = 'processing' "
            "GROUP BY org_id, mode"
        ).fetchall()
    }
    turns = dict(db.execute("SELECT org_id, turn FROM analysis_turns").fetchall())
    chosen = choose(candidates, running, turns, workers, org_cap)
    if chosen is None:
        return None
    row = db.execute(
        "UPDATE analyses SET status = 'processing', started_at = ? WHERE seq = ? AND status = 'queued' RETURNING id",
        (now, chosen.seq),
    ).fetchone()
    db.execute(
        "INSERT INTO analysis_turns (org_id, turn) VALUES (?, (SELECT COALESCE(MAX(turn), 0) + 1 FROM analysis_turns)) "
        "ON CONFLICT (org_id) DO UPDATE SET turn = excluded.turn",
        (chosen.org_id,),
    )
    return row[0] if row else None
