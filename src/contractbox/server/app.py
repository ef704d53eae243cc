"""The composition root's second half: one Litestar app wired from the domain packages and the
services of server/container.py, wrapped so every response carries X-Request-Id."""

from __future__ import annotations

import logging

from litestar import Litestar, Router
from litestar.di import Provide
from litestar.openapi import OpenAPIConfig
from litestar.openapi.spec import Components, SecurityScheme
from litestar.static_files import create_static_files_router

from contractbox import __version__
from contractbox.analyses.controller import AnalysesController
from contractbox.auth.middleware import ApiKeyMiddleware
from contractbox.comparisons.controller import ComparisonsController
from contractbox.console.controller import CONSOLE_ROUTES
from contractbox.console.middleware import ConsoleV1Middleware
from contractbox.contracts.controller import ContractsController
from contractbox.core.http.asgi import DrainRejectedBody, HeadAsGet, RepeatedQueryJoined
from contractbox.core.http.content_type import JsonBodyMiddleware
from contractbox.core.http.errors import EXCEPTION_HANDLERS
from contractbox.core.http.hosts import AllowedHosts
from contractbox.core.http.idempotency import MAX_BODY_BYTES, IdempotencyMiddleware
from contractbox.core.http.requestid import RequestIdMiddleware
from contractbox.core.http.uploads import LargeUploadGate
from contractbox.core.paths import ui_dir
from contractbox.core.settings import Settings
from contractbox.reports.controller import ReportsController
from contractbox.reviews.controller import ReviewsController
from contractbox.reviewsets.controller import ReviewSetsController
from contractbox.server.container import Services
from contractbox.server.openapi import camel_case_operation_id, document_error_responses
from contractbox.server.system import docs_page, healthz, openapi_document
from contractbox.usage.controller import UsageController
from contractbox.webhooks.controller import WebhooksController

API_CONTROLLERS: list[type] = [
    AnalysesController,
    ContractsController,
    ReviewsController,
    ReviewSetsController,
    ReportsController,
    ComparisonsController,
    UsageController,
    WebhooksController,
]


def v1_router() -> Router:
    return Router(
        path="/v1",
        route_handlers=API_CONTROLLERS,
        middleware=[ConsoleV1Middleware, ApiKeyMiddleware, JsonBodyMiddleware, IdempotencyMiddleware],
        security=[{"apiKey": []}, {"bearer": []}],
    )


def provide(value: object) -> Provide:
    """A dependency that always hands over the one `value` built at start."""

    async def provider() -> object:
        return value

    return Provide(provider, use_cache=True)


def dependencies(services: Services) -> dict[str, Provide]:
    """What route handlers may ask for by parameter name: a service each, never the container."""
    return {
        "analyses": provide(services.analyses),
        "contracts": provide(services.contracts),
        "reviews": provide(services.reviews),
        "reviewsets": provide(services.reviewsets),
        "reports": provide(services.reports),
        "comparisons": provide(services.comparisons),
        "usage": provide(services.usage),
        "webhooks": provide(services.webhooks),
        "console": provide(services.console),
        "store": provide(services.store),
        "queue": provide(services.queue),
    }


def create_app(settings: Settings, services: Services | None = None) -> Litestar:
    services = services or Services(settings)

    app = Litestar(
        route_handlers=[
            healthz,
            openapi_document,
            docs_page,
            v1_router(),
            *CONSOLE_ROUTES,
            create_static_files_router(
                path="/static", directories=[ui_dir()], opt={"public": True}, include_in_schema=False
            ),
        ],
        dependencies=dependencies(services),
        exception_handlers=EXCEPTION_HANDLERS,
        on_startup=[services.start],
        on_shutdown=[services.stop],
        request_max_body_size=MAX_BODY_BYTES,
        openapi_config=OpenAPIConfig(
            title="ContractBox API",
            version=__version__,
            path="/openapi",
            render_plugins=[],
            operation_id_creator=camel_case_operation_id,
            components=Components(
                security_schemes={
                    "bearer": SecurityScheme(
                        type="http", scheme="bearer", description="Authorization: Bearer fpk_test_... or fpk_live_..."
                    ),
                    "apiKey": SecurityScheme(type="apiKey", name="X-Api-Key", security_scheme_in="header"),
                }
            ),
        ),
        logging_config=None,
        debug=False,
    )
    document_error_responses(app)  # every /v1 operation states its error responses (openapi.py)
    # What the ASGI middlewares (keys, console sessions, idempotency) reach through scope["app"].
    app.state.store = services.store
    app.state.queue = services.queue
    app.state.request_counter = services.request_counter
    app.state.rate_limiter = services.rate_limiter
    app.state.allowed_hosts = AllowedHosts(settings.allowed_hosts)
    return app


def create_asgi(settings: Settings) -> RequestIdMiddleware:
    """The app as uvicorn serves it: request ids outermost, HEAD answered as GET without a body, a repeated
    /v1 query key read as its comma-separated values, 413s that clients can read, large bodies spooled
    to disk and handled a few at a time (core/http/uploads.py)."""
    logging.getLogger("contractbox").setLevel(settings.log_level)
    app = create_app(settings)
    uploads = LargeUploadGate(app, settings.data_dir / "tmp", settings.max_large_uploads)
    return RequestIdMiddleware(HeadAsGet(RepeatedQueryJoined(DrainRejectedBody(uploads))))
