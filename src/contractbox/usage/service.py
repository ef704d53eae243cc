"""Usage of one API key over a period of UTC days, summed from the per-key daily counters that
are written when the counted thing happens (usage/counters.py); nothing is scanned at read time.
Other domains count through `UsageService.add`, inside their own transactions."""

from __future__ import annotations

from datetime import date

import msgspec
import sqlite_utils

from contractbox.core.clock import Clock
from contractbox.core.errors import invalid
from contractbox.core.params import parse_date
from contractbox.core.store import Store
from contractbox.keys.service import Principal
from contractbox.usage.counters import COUNTER_COLUMNS, add_usage
from contractbox.usage.schemas import Usage

SUMS = ", ".join(f"COALESCE(SUM({c}), 0) AS {c}" for c in COUNTER_COLUMNS)


def parse_day(param: str, value: str) -> date:
    return date.fromisoformat(parse_date(param, value))


def period(raw_from: str | None, raw_to: str | None, today: str) -> tuple[str, str]:
    """The inclusive period asked for; by default the current month up to today (UTC)."""
    end = parse_day("to", raw_to) if raw_to else date.fromisoformat(today)
    start = parse_day("from", raw_from) if raw_from else end.replace(day=1)
    if start > end:
        raise invalid("from", f"from ({start.isoformat()}) is after to ({end.isoformat()}).")
    return start.isoformat(), end.isoformat()


class UsageService:
    def __init__(self, store: Store, clock: Clock) -> None:
        self.store = store
        self.clock = clock

    @staticmethod
    def add(db: sqlite_utils.Database, key_id: str, **increments: int) -> None:
        """Count for a key today; call inside the transaction that does the counted thing."""
        add_usage(db, key_id, None, **increments)

    def summary(self, principal: Principal, raw_from: str | None, raw_to: str | None) -> Usage:
        start, end = period(raw_from, raw_to, self.clock.today())
        totals = self.store.query_one(
            f"SELECT {SUMS} FROM usage_daily WHERE key_id = ? AND day BETWEEN ? AND ?", (principal.key_id, start, end)
        )
        assert totals is not None
        summary = {
            "object": "usage",
            "keyId": principal.key_id,
            "mode": principal.mode,
            "period": {"from": start, "to": end},
            "requests": totals["requests"],
            "analyses": {
                "created": totals["analyses_created"],
                "completed": totals["analyses_completed"],
                "failed": totals["analyses_failed"],
            },
            "pages": totals["pages"],
            "characters": totals["characters"],
            "comparisons": totals["comparisons"],
            "billableUnits": totals["billable_units"] if principal.mode == "live" else 0,
        }
        return msgspec.convert(summary, Usage)

    def daily(self, key_ids: list[str], since: str) -> dict[str, dict[str, dict[str, int]]]:
        """Each key's counters per day from `since` (key id -> day -> counters), for the console."""
        if not key_ids:
            return {}
        marks = ", ".join("?" for _ in key_ids)
        rows = self.store.query(
            f"SELECT * FROM usage_daily WHERE key_id IN ({marks}) AND day >= ? ORDER BY day", (*key_ids, since)
        )
        by_key: dict[str, dict[str, dict[str, int]]] = {}
        for r in rows:
            by_key.setdefault(r["key_id"], {})[r["day"]] = {
                "requests": r["requests"],
                "analysesCreated": r["analyses_created"],
                "analysesCompleted": r["analyses_completed"],
                "analysesFailed": r["analyses_failed"],
                "pages": r["pages"],
                "characters": r["characters"],
                "comparisons": r["comparisons"],
                "billableUnits": r["billable_units"],
            }
        return by_key
