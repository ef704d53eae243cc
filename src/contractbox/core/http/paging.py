"""The paging query parameters every list handler declares (for its signature and the OpenAPI
document); core/paging.py's list_page validates them."""

from __future__ import annotations

from typing import Annotated

from litestar.params import QueryParameter

from contractbox.core.paging import DEFAULT_LIMIT, MAX_LIMIT

Limit = Annotated[str | None, QueryParameter(description=f"1-{MAX_LIMIT}, default {DEFAULT_LIMIT}")]
StartingAfter = Annotated[
    str | None, QueryParameter(name="startingAfter", description="An id: the page after it (older)")
]
EndingBefore = Annotated[
    str | None, QueryParameter(name="endingBefore", description="An id: the page before it (newer)")
]
Expand = Annotated[
    list[str] | None,
    QueryParameter(
        name="expand[]", description="Fields to include in full in each list item (Stripe-style), e.g. expand[]=result"
    ),
]
