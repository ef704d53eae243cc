"""The clock: UTC now in the API's ISO 8601 form. Services take a `Clock` so a test could hand them another."""

from __future__ import annotations

import time
from datetime import UTC, datetime


def utcnow() -> datetime:
    return datetime.now(UTC)


def iso(moment: datetime) -> str:
    """ISO 8601 UTC with Z and second precision, as the API conventions require."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def iso_from_epoch(seconds: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


def now_iso() -> str:
    return iso(utcnow())


def today() -> str:
    return utcnow().strftime("%Y-%m-%d")


class Clock:
    """The system clock, as the services receive it."""

    def now(self) -> datetime:
        return utcnow()

    def now_iso(self) -> str:
        return now_iso()

    def today(self) -> str:
        return today()
