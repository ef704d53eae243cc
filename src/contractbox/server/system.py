"""The system routes, all in one place and none needing a key: health, the OpenAPI document and
the offline API reference page."""

from __future__ import annotations

from litestar import Request, Response, get
from litestar.di import NamedDependency
from litestar.response import Response as RawResponse

from contractbox.core.http.errors import error_response
from contractbox.core.queue import TaskQueue
from contractbox.core.store import Store
from contractbox.server.openapi_document import published_document

MAX_CACHED_DOCUMENTS = 8

DOCS_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ContractBox API reference</title>
<link rel="icon" href="/static/vendor/swagger-ui/favicon-32x32.png">
<link rel="stylesheet" href="/static/vendor/swagger-ui/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/static/vendor/swagger-ui/swagger-ui-bundle.js"></script>
<script src="/static/docs-init.js"></script>
</body></html>"""


@get("/healthz", opt={"public": True}, tags=["Service"], summary="Health check", include_in_schema=False)
async def healthz(store: NamedDependency[Store], queue: NamedDependency[TaskQueue]) -> Response:
    try:
        store.query_one("SELECT 1 AS ok")
        queue.pending_count()
    except Exception:  # noqa: BLE001 - any failure means not ready
        return error_response(503, "service_unavailable", "The store or the queue is not available yet.")
    return Response({"status": "ok"})


@get("/v1/openapi.json", opt={"public": True}, include_in_schema=False)
async def openapi_document(request: Request) -> RawResponse:
    base_url = f"{request.url.scheme}://{request.url.netloc}"
    cache: dict[str, dict] = request.app.state.setdefault("published_documents", {})
    document = cache.get(base_url) or published_document(request.app, base_url)
    if len(cache) < MAX_CACHED_DOCUMENTS:  # one per Host a client used; bounded, Host is client-chosen
        cache[base_url] = document
    return RawResponse(document, media_type="application/json")


# The reference page runs only its own scripts, fetches only this server's document and may not be
# framed by another site (clickjacking: "Try it out" sends requests with a key pasted into it).
# Swagger UI sets inline styles and shows data: images, hence those two allowances.
DOCS_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


@get("/docs", opt={"public": True}, include_in_schema=False, media_type="text/html")
async def docs_page() -> Response[str]:
    return Response(DOCS_PAGE, media_type="text/html", headers=DOCS_HEADERS)
