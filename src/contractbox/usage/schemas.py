"""Response shape of GET /v1/usage (API-CONVENTIONS.md, Usage)."""

from __future__ import annotations

from typing import Literal

import msgspec

from contractbox.core.params import Mode


class Period(msgspec.Struct):
    from_: str = msgspec.field(name="from")
    to: str


class AnalysisCounts(msgspec.Struct):
    created: int
    completed: int
    failed: int


class Usage(msgspec.Struct):
    object: Literal["usage"]
    keyId: str
    mode: Mode
    period: Period
    requests: int
    analyses: AnalysisCounts
    pages: int
    characters: int
    comparisons: int
    billableUnits: int
