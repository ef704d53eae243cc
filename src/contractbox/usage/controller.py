from __future__ import annotations

from typing import Annotated

from litestar import Controller, Request, get
from litestar.di import NamedDependency
from litestar.params import QueryParameter

from contractbox.auth.guards import principal_of
from contractbox.usage.schemas import Usage
from contractbox.usage.service import UsageService


class UsageController(Controller):
    path = "/usage"
    tags = ["Usage"]

    @get(
        "/",
        operation_id="getUsage",
        opt={"scope": "usage:read"},
        summary="Usage of the calling API key over a period of days",
    )
    async def usage(
        self,
        request: Request,
        usage: NamedDependency[UsageService],
        from_: Annotated[
            str | None,
            QueryParameter(name="from", description="First day, YYYY-MM-DD (UTC); default the first of this month"),
        ] = None,
        to: Annotated[
            str | None, QueryParameter(description="Last day, YYYY-MM-DD (UTC), included; default today")
        ] = None,
    ) -> Usage:
        return usage.summary(principal_of(request), from_, to)
