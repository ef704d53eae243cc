"""Routes of the console: the pages (/ and /console/login) and the JSON API under /console/api."""

from __future__ import annotations

import mimetypes
from typing import Annotated

from litestar import Controller, Request, Response, Router, get, patch, post
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody, QueryParameter
from litestar.response import Redirect
from litestar.types import ControllerRouterHandler

from contractbox import __version__
from contractbox.console import audit
from contractbox.console.admin import Console, ConsoleService
from contractbox.console.middleware import (
    MODE_HEADER,
    ORG_HEADER,
    ConsoleApiMiddleware,
    clear_cookie,
    client_of,
    console_session_of,
    session_cookie,
    set_cookie,
)
from contractbox.console.passwords import PasswordError, admin_state
from contractbox.console.schemas import (
    CreateKey,
    CreateOrg,
    CreateUser,
    LinkLogin,
    LiveAccess,
    PasswordLogin,
    SetPassword,
    UpdateUser,
    UserPassword,
)
from contractbox.console.sessions import (
    Session,
    consume_login_link,
    create_session,
    end_session,
    find_session,
    session_principal,
)
from contractbox.core.errors import ApiError
from contractbox.core.http.asgi import header
from contractbox.core.http.paging import Limit, StartingAfter
from contractbox.core.paths import ui_dir
from contractbox.core.throttle import OncePerInterval
from contractbox.keys.scopes import RESOURCE_SCOPES
from contractbox.keys.service import AuthFailure, Principal
from contractbox.users.service import SignInLocked, User, check_login

# Module scripts load only with a JavaScript MIME type, and Windows' registry can map .js to
# text/plain; the static files router asks `mimetypes`, so pin the types the UI depends on.
mimetypes.add_type("text/javascript", ".js")
mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/wasm", ".wasm")

# Every page asset comes from this server; the browser refuses anything else (air-gapped).
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; font-src 'self' data:; worker-src 'self' blob:; connect-src 'self'; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)
PAGE_HEADERS = {
    "Content-Security-Policy": CSP,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def page(name: str) -> Response:
    return Response(
        (ui_dir() / name).read_bytes(), media_type="text/html", headers=PAGE_HEADERS
    )  # Litestar adds the charset


@get("/", opt={"public": True}, include_in_schema=False)
async def index(request: Request, console: NamedDependency[ConsoleService]) -> Response:
    if find_session(console.store, session_cookie(request.scope)) is None:
        return Redirect("/console/login", status_code=303)
    return page("index.html")


@get("/console/login", opt={"public": True}, include_in_schema=False)
async def login_page() -> Response:
    return page("login.html")


@get("/console/link", opt={"public": True}, include_in_schema=False)
async def link_redirect(
    request: Request, console: NamedDependency[ConsoleService], token: Annotated[str, QueryParameter()] = ""
) -> Response:
    """The desktop window's sign-in: consume the one-time token and land on the UI.

    Browsers get `/console/login#link=...` instead (the token stays out of request lines and a
    link previewer cannot spend it); the desktop opens its own links, so neither concern applies.
    """
    user = consume_login_link(console.store, token)
    if user is None:
        audit.record(console.store, "signin.link_refused", status=401, client=client_of(request.scope))
        return Redirect("/console/login#link-error", status_code=303)
    new = create_session(console.store, "link", client_of(request.scope), user)
    audit.record(console.store, "signin.link", session_id=new.session.id, status=303, client=client_of(request.scope))
    return Redirect(
        "/",
        status_code=303,
        headers={"Set-Cookie": set_cookie(request.scope, new.token, new.max_age), "Cache-Control": "no-store"},
    )


def session_of(request: Request) -> Session:
    return console_session_of(request.scope)


def console_of(request: Request, console: ConsoleService) -> Console:
    return console.acting(session_of(request), client_of(request.scope))


def acting_principal(request: Request, console: ConsoleService) -> Principal:
    try:
        return session_principal(console.store, header(request.scope, ORG_HEADER), header(request.scope, MODE_HEADER))
    except AuthFailure as failure:
        raise ApiError(failure.status, failure.code, failure.message) from None


def signed_in(request: Request, console: ConsoleService, via: str, user: User) -> Response:
    new = create_session(console.store, via, client_of(request.scope), user)
    audit.record(console.store, f"signin.{via}", session_id=new.session.id, status=200, client=client_of(request.scope))
    body = {
        "object": "console_session",
        "sessionId": new.session.id,
        "csrfToken": new.session.csrf_token,
        "expiresAt": new.session.expires_at,
        "user": user.me(),
    }
    return Response(
        body, headers={"Set-Cookie": set_cookie(request.scope, new.token, new.max_age), "Cache-Control": "no-store"}
    )


REFUSED_WHILE_LOCKED_AUDIT_INTERVAL_S = 60.0
_refused_while_locked = OncePerInterval(REFUSED_WHILE_LOCKED_AUDIT_INTERVAL_S)


def audit_refused_sign_in(console: ConsoleService, request: Request, username: str, exc: PasswordError) -> None:
    """Every checked password that was wrong is an entry (at most MAX_FAILURES per lock window);
    the lock itself is `signin.locked`; attempts refused unchecked during a lock are one entry per
    subject a minute, so a flood cannot grow the audit log a row per request."""
    client = client_of(request.scope)
    if isinstance(exc, SignInLocked):
        if exc.locked_now:
            audit.record(
                console.store, "signin.locked", status=429, client=client, username=username[:64], until=exc.until
            )
        elif not _refused_while_locked.allow(exc.subject):
            return
    audit.record(
        console.store,
        "signin.password_refused",
        status=exc.status,
        client=client,
        code=exc.code,
        username=username[:64],
    )


class ConsoleApi(Controller):
    path = "/"
    tags = ["Console"]

    @post("/login", status_code=200, opt={"public": True}, sync_to_thread=True)
    def login(
        self, request: Request, data: JSONBody[PasswordLogin], console: NamedDependency[ConsoleService]
    ) -> Response:
        address = (request.scope.get("client") or ("?", 0))[0]
        try:
            user = check_login(console.store, data.username.strip(), data.password, address)
        except PasswordError as exc:
            audit_refused_sign_in(console, request, data.username, exc)
            headers = {"Retry-After": str(exc.retry_after)} if exc.retry_after else None
            raise ApiError(exc.status, exc.code, exc.message, param="password", headers=headers) from None
        return signed_in(request, console, "password", user)

    @post("/login/link", status_code=200, opt={"public": True})
    async def login_link(
        self, request: Request, data: JSONBody[LinkLogin], console: NamedDependency[ConsoleService]
    ) -> Response:
        user = consume_login_link(console.store, data.token)
        if user is None:
            audit.record(console.store, "signin.link_refused", status=401, client=client_of(request.scope))
            raise ApiError(
                401,
                "link_invalid",
                "This sign-in link was already used or has expired. On the server, run `contractbox console-url` for a new one.",
                param="token",
            )
        return signed_in(request, console, "link", user)

    @post("/logout", status_code=200)
    async def logout(self, request: Request, console: NamedDependency[ConsoleService]) -> Response:
        session = session_of(request)
        end_session(console.store, session.id)
        audit.record(console.store, "signout", session_id=session.id, status=200, client=client_of(request.scope))
        return Response({"signedOut": True}, headers={"Set-Cookie": clear_cookie(request.scope)})

    @get("/session")
    async def session(self, request: Request, console: NamedDependency[ConsoleService]) -> dict:
        session = session_of(request)
        orgs = console.acting(session, "").orgs()
        return {
            "object": "console_session",
            "sessionId": session.id,
            "csrfToken": session.csrf_token,
            "via": session.via,
            "expiresAt": session.expires_at,
            "version": __version__,
            "dataDir": str(console.data_dir),
            "passwordSet": admin_state(console.store).password_set,
            "firstRun": not orgs,
            "organizations": orgs,
            "scopes": list(RESOURCE_SCOPES),
            "user": console_of(request, console).me(),
        }

    @get("/me")
    async def me(self, request: Request, console: NamedDependency[ConsoleService]) -> dict:
        return console_of(request, console).me()

    @get("/users")
    async def list_users(self, request: Request, console: NamedDependency[ConsoleService]) -> dict:
        return {
            "object": "list",
            "data": console_of(request, console).users(),
            "hasMore": False,
            "url": "/console/api/users",
        }

    @post("/users", status_code=201, sync_to_thread=True)
    def create_user(
        self, request: Request, data: JSONBody[CreateUser], console: NamedDependency[ConsoleService]
    ) -> dict:
        return console_of(request, console).create_user(data.username, data.name, data.role, data.password)

    @patch("/users/{userId:str}", status_code=200)
    async def update_user(
        self,
        request: Request,
        userId: FromPath[str],
        data: JSONBody[UpdateUser],
        console: NamedDependency[ConsoleService],
    ) -> dict:
        return console_of(request, console).update_user(userId, data.name, data.role, data.disabled)

    @post("/users/{userId:str}/password", status_code=200, sync_to_thread=True)
    def set_user_password(
        self,
        request: Request,
        userId: FromPath[str],
        data: JSONBody[UserPassword],
        console: NamedDependency[ConsoleService],
    ) -> dict:
        return console_of(request, console).set_user_password(userId, data.password)

    @post("/users/{userId:str}/link", status_code=201)
    async def user_link(
        self, request: Request, userId: FromPath[str], console: NamedDependency[ConsoleService]
    ) -> Response:
        base = f"{request.scope.get('scheme', 'http')}://{header(request.scope, b'host') or '127.0.0.1'}"
        body = console_of(request, console).user_link(userId, base)
        return Response(body, status_code=201, headers={"Cache-Control": "no-store"})

    @get("/orgs")
    async def list_orgs(self, request: Request, console: NamedDependency[ConsoleService]) -> dict:
        return {
            "object": "list",
            "data": console_of(request, console).orgs(),
            "hasMore": False,
            "url": "/console/api/orgs",
        }

    @post("/orgs", status_code=201)
    async def create_org(
        self, request: Request, data: JSONBody[CreateOrg], console: NamedDependency[ConsoleService]
    ) -> dict:
        return console_of(request, console).create_org(data.name)

    @post("/orgs/{orgId:str}/live", status_code=200)
    async def set_live(
        self,
        request: Request,
        orgId: FromPath[str],
        data: JSONBody[LiveAccess],
        console: NamedDependency[ConsoleService],
    ) -> dict:
        return console_of(request, console).set_live(orgId, data.approved)

    @get("/orgs/{orgId:str}/keys")
    async def list_keys(self, request: Request, orgId: FromPath[str], console: NamedDependency[ConsoleService]) -> dict:
        return {
            "object": "list",
            "data": console_of(request, console).keys(orgId),
            "hasMore": False,
            "url": f"/console/api/orgs/{orgId}/keys",
        }

    @post("/orgs/{orgId:str}/keys", status_code=201)
    async def create_key(
        self,
        request: Request,
        orgId: FromPath[str],
        data: JSONBody[CreateKey],
        console: NamedDependency[ConsoleService],
    ) -> Response:
        body = console_of(request, console).create_key(orgId, data.name, data.mode, data.scopes)
        return Response(body, status_code=201, headers={"Cache-Control": "no-store"})

    @post("/orgs/{orgId:str}/keys/{keyId:str}/revoke", status_code=200)
    async def revoke_key(
        self, request: Request, orgId: FromPath[str], keyId: FromPath[str], console: NamedDependency[ConsoleService]
    ) -> dict:
        return console_of(request, console).revoke_key(orgId, keyId)

    @get("/orgs/{orgId:str}/usage")
    async def usage(
        self,
        request: Request,
        orgId: FromPath[str],
        console: NamedDependency[ConsoleService],
        days: Annotated[int, QueryParameter()] = 30,
    ) -> dict:
        return console_of(request, console).usage(orgId, days)

    @get("/audit")
    async def audit_log(
        self,
        request: Request,
        console: NamedDependency[ConsoleService],
        limit: Limit = None,
        starting_after: StartingAfter = None,
        action: Annotated[str | None, QueryParameter()] = None,
        org_id: Annotated[str | None, QueryParameter(name="orgId")] = None,
    ) -> dict:
        return console_of(request, console).audit_log(
            {"limit": limit, "startingAfter": starting_after, "action": action, "orgId": org_id}
        )

    @post("/admin/password", status_code=200, sync_to_thread=True)
    def set_password(
        self, request: Request, data: JSONBody[SetPassword], console: NamedDependency[ConsoleService]
    ) -> dict:
        return console_of(request, console).change_password(data.password, data.currentPassword)

    @get("/analyses/{analysisId:str}/document")
    async def document(
        self, request: Request, analysisId: FromPath[str], console: NamedDependency[ConsoleService]
    ) -> dict:
        return console.analyses.document(acting_principal(request, console), analysisId)

    # In a thread: a scanned image's pages are made into a PDF by a PDF worker, which takes a while.
    @get("/analyses/{analysisId:str}/original", media_type="application/pdf", sync_to_thread=True)
    def original(
        self, request: Request, analysisId: FromPath[str], console: NamedDependency[ConsoleService]
    ) -> Response:
        data = console.analyses.original_pdf(acting_principal(request, console), analysisId)
        return Response(data, media_type="application/pdf", headers={"Cache-Control": "no-store"})


def console_router() -> Router:
    return Router(
        path="/console/api", route_handlers=[ConsoleApi], middleware=[ConsoleApiMiddleware], include_in_schema=False
    )


CONSOLE_ROUTES: list[ControllerRouterHandler] = [index, login_page, link_redirect, console_router()]
