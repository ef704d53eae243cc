"""The app factory: one Litestar app wired from the domain packages, wrapped so every response
carries X-Request-Id."""

from __future__ import annotations

import logging

from litestar import Litestar, Router
from litestar.di import Provide
from litestar.openapi import OpenAPIConfig
from litestar.openapi.spec import Components, SecurityScheme
from litestar.static_files import create_static_files_router

from contractbox import __version__
from contractbox.analyses.controller import AnalysesController
from contractbox.asgi import DrainRejectedBody, HeadAsGet
from contractbox.comparisons.controller import ComparisonsController
from contractbox.contracts.controller import ContractsController
from contractbox.auth.middleware import ApiKeyMiddleware
from contractbox.console.controller import CONSOLE_ROUTES
from contractbox.console.middleware import ConsoleV1Middleware
from contractbox.errors import EXCEPTION_HANDLERS
from contractbox.idempotency import MAX_BODY_BYTES, IdempotencyMiddleware
from contractbox.openapi import document_error_responses
from contractbox.paths import ui_dir
from contractbox.requestid import RequestIdMiddleware
from contractbox.runtime import Runtime
from contractbox.service_routes import docs_page, healthz, openapi_document
from contractbox.settings import Settings
from contractbox.usage.controller import UsageController
from contractbox.webhooks.controller import WebhooksController

API_CONTROLLERS: list[type] = [AnalysesController, ContractsController, ComparisonsController, UsageController, WebhooksController]


def v1_router() -> Router:
    return Router(
        path="/v1",
        route_handlers=API_CONTROLLERS,
        middleware=[ConsoleV1Middleware, ApiKeyMiddleware, IdempotencyMiddleware],
        security=[{"apiKey": []}, {"bearer": []}],
    )


def create_app(settings: Settings, runtime: Runtime | None = None) -> Litestar:
    runtime = runtime or Runtime(settings)

    async def provide_runtime() -> Runtime:
        return runtime

    app = Litestar(
        route_handlers=[
            healthz,
            openapi_document,
            docs_page,
            v1_router(),
            *CONSOLE_ROUTES,
            create_static_files_router(path="/static", directories=[ui_dir()], opt={"public": True}, include_in_schema=False),
        ],
        dependencies={"runtime": Provide(provide_runtime, use_cache=True)},
        exception_handlers=EXCEPTION_HANDLERS,  # type: ignore[arg-type]
        on_startup=[runtime.start],
        on_shutdown=[runtime.stop],
        request_max_body_size=MAX_BODY_BYTES,
        openapi_config=OpenAPIConfig(
            title="ContractBox API",
            version=__version__,
            path="/openapi",
            render_plugins=[],
            components=Components(
                security_schemes={
                    "bearer": SecurityScheme(type="http", scheme="bearer", description="Authorization: Bearer fpk_test_... or fpk_live_..."),
                    "apiKey": SecurityScheme(type="apiKey", name="X-Api-Key", security_scheme_in="header"),
                }
            ),
        ),
        logging_config=None,
        debug=False,
    )
    document_error_responses(app)  # every /v1 operation states its error responses (openapi.py)
    app.state.runtime = runtime
    return app


def create_asgi(settings: Settings) -> RequestIdMiddleware:
    """The app as uvicorn serves it: request ids outermost, HEAD answered as GET without a body, 413s that
    clients can read."""
    logging.getLogger("contractbox").setLevel(settings.log_level)
    return RequestIdMiddleware(HeadAsGet(DrainRejectedBody(create_app(settings))))
