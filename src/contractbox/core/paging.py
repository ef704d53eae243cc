"""Cursor-paged lists, newest first (API-CONVENTIONS.md, Lists). Every collection table has an
autoincrement `seq` for ordering and a public `id`; callers pass the scoping WHERE clauses."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from contractbox.core.errors import ApiError, invalid
from contractbox.core.store import Store

DEFAULT_LIMIT = 20
MAX_LIMIT = 100


@dataclass
class ListQuery:
    """The scoping and filter conditions of one list request."""

    where: list[str] = field(default_factory=list)
    params: list[Any] = field(default_factory=list)

    def add(self, condition: str, *params: Any) -> ListQuery:
        self.where.append(condition)
        self.params.extend(params)
        return self


def parse_limit(raw: str | None) -> int:
    if raw is None or raw == "":
        return DEFAULT_LIMIT
    try:
        value = int(raw)
    except ValueError:
        raise invalid("limit", f"limit must be a whole number from 1 to {MAX_LIMIT}.") from None
    if not 1 <= value <= MAX_LIMIT:
        raise invalid("limit", f"limit must be a whole number from 1 to {MAX_LIMIT}.")
    return value


def list_page(
    store: Store,
    table: str,
    query: ListQuery,
    *,
    url: str,
    render: Callable[[dict], dict],
    params: Mapping[str, str | None],
    columns: str = "*",
) -> dict:
    """One page of `table` under `query`; `params` are the request's query parameters (limit,
    startingAfter, endingBefore are read here, the caller has turned its filters into `query`)."""
    size = parse_limit(params.get("limit"))
    starting_after, ending_before = params.get("startingAfter"), params.get("endingBefore")
    if starting_after and ending_before:
        raise ApiError(400, "parameter_invalid", "Send startingAfter or endingBefore, not both.", param="endingBefore")
    where, values = list(query.where), list(query.params)
    scope_sql = " AND ".join(where) or "1"
    order = "DESC"
    if starting_after or ending_before:
        cursor_param = "startingAfter" if starting_after else "endingBefore"
        cursor_id = starting_after or ending_before
        row = store.query_one(f"SELECT seq FROM {table} WHERE id = ? AND {scope_sql}", (cursor_id, *values))
        if row is None:
            raise invalid(cursor_param, f"{cursor_param} '{cursor_id}' is not an id in this list.")
        if starting_after:
            where.append("seq < ?")
        else:
            where.append("seq > ?")
            order = "ASC"
        values.append(row["seq"])
    sql = f"SELECT {columns} FROM {table} WHERE {' AND '.join(where) or '1'} ORDER BY seq {order} LIMIT ?"
    rows = store.query(sql, (*values, size + 1))
    has_more = len(rows) > size
    rows = rows[:size]
    if order == "ASC":
        rows.reverse()
    return {"object": "list", "data": [render(r) for r in rows], "hasMore": has_more, "url": url}


def parse_expand(raw: Sequence[str] | None, allowed: Sequence[str]) -> set[str]:
    """The expandable fields asked for; `data.FIELD` (Stripe's spelling for list items) means FIELD."""
    wanted = {value.removeprefix("data.") for value in raw or () if value}
    unknown = sorted(wanted - set(allowed))
    if unknown:
        choices = ", ".join(allowed)
        raise ApiError(
            400,
            "parameter_invalid",
            f"expand[] '{unknown[0]}' cannot be expanded here; expandable: {choices}.",
            param="expand[]",
        )
    return wanted


def placeholders(values: Sequence[Any]) -> str:
    return ", ".join("?" for _ in values)
