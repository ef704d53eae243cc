"""Usage of one API key over a period of UTC days, summed from the per-key daily counters that
are written when the counted thing happens (usage/counters.py); nothing is scanned at read time."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Any

from contractbox.errors import invalid
from contractbox.keys.service import Principal
from contractbox.timeutil import today

if TYPE_CHECKING:
    from contractbox.runtime import Runtime

SUMS = ", ".join(
    f"COALESCE(SUM({c}), 0) AS {c}"
    for c in ("requests", "analyses_created", "analyses_completed", "analyses_failed", "pages", "characters", "comparisons", "billable_units")
)


def parse_day(param: str, value: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise invalid(param, f"{param} must be a calendar date such as 2026-11-21.") from None


def period(raw_from: str | None, raw_to: str | None) -> tuple[str, str]:
    """The inclusive period asked for; by default the current month up to today (UTC)."""
    end = parse_day("to", raw_to) if raw_to else date.fromisoformat(today())
    start = parse_day("from", raw_from) if raw_from else end.replace(day=1)
    if start > end:
        raise invalid("from", f"from ({start.isoformat()}) is after to ({end.isoformat()}).")
    return start.isoformat(), end.isoformat()


class UsageService:
    def __init__(self, runtime: "Runtime") -> None:
        self.store = runtime.store

    def summary(self, principal: Principal, raw_from: str | None, raw_to: str | None) -> dict[str, Any]:
        start, end = period(raw_from, raw_to)
        totals = self.store.query_one(f"SELECT {SUMS} FROM usage_daily WHERE key_id = ? AND day BETWEEN ? AND ?", (principal.key_id, start, end))
        assert totals is not None
        return {
            "object": "usage",
            "keyId": principal.key_id,
            "mode": principal.mode,
            "period": {"from": start, "to": end},
            "requests": totals["requests"],
            "analyses": {"created": totals["analyses_created"], "completed": totals["analyses_completed"], "failed": totals["analyses_failed"]},
            "pages": totals["pages"],
            "characters": totals["characters"],
            "comparisons": totals["comparisons"],
            "billableUnits": totals["billable_units"] if principal.mode == "live" else 0,
        }
