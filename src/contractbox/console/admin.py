"""The console's operations: organizations, live approval, API keys, usage per key, users, the
password, and the reviewer's view of a stored document. Each write is audited with its actor;
all but the organization list and one's own password need the administrator role."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

from contractbox.analyses.service import AnalysisService
from contractbox.console import audit
from contractbox.console.sessions import LINK_LIFETIME, Session, console_key_ids, create_login_link, is_console_key
from contractbox.core.clock import utcnow
from contractbox.core.errors import ApiError, invalid, not_found
from contractbox.core.store import Store
from contractbox.keys.service import KeyError_, create_key, get_key, org_keys, revoke_key
from contractbox.orgs.service import OrgError, create_org, get_org, list_orgs, set_live_approval
from contractbox.usage.service import UsageService
from contractbox.users.service import (
    PasswordError,
    User,
    UserError,
    check_login,
    create_user,
    get_user,
    list_users,
    set_user_password,
    update_user,
)

MAX_USAGE_DAYS = 366


class Console:
    """Admin operations on behalf of one session (for the audit log's sake)."""

    def __init__(self, store: Store, usage: UsageService, session: Session, client: str) -> None:
        self.store, self.usage_service, self.session, self.client = store, usage, session, client

    def _audit(self, action: str, **fields: Any) -> None:
        audit.record(self.store, action, session_id=self.session.id, client=self.client, **fields)

    def _require_admin(self) -> None:
        if self.session.role != "administrator":
            raise ApiError(
                403,
                "insufficient_role",
                f"Your role ({self.session.role}) cannot do this; only administrators manage organizations, "
                "keys, webhooks, usage, the audit log and users.",
            )

    # --- organizations --------------------------------------------------------------------

    def orgs(self) -> list[dict]:
        return [org.as_json() for org in list_orgs(self.store)]

    def create_org(self, name: str) -> dict:
        self._require_admin()
        try:
            org = create_org(self.store, name)
        except OrgError as exc:
            raise ApiError(
                409 if "already exists" in str(exc) else 400,
                "org_exists" if "already exists" in str(exc) else "parameter_invalid",
                str(exc),
                param="name",
            ) from None
        self._audit("org.create", org_id=org.id, target=org.id, status=201, name=org.name)
        return org.as_json()

    def set_live(self, org_id: str, approved: bool) -> dict:
        self._require_admin()
        self._org(org_id)
        org = set_live_approval(self.store, org_id, approved)
        self._audit("org.live_approved" if approved else "org.live_withdrawn", org_id=org.id, target=org.id, status=200)
        return org.as_json()

    def _org(self, org_id: str) -> Any:
        org = get_org(self.store, org_id)
        if org is None:
            raise not_found("organization", org_id, "orgId")
        return org

    # --- API keys -------------------------------------------------------------------------

    def keys(self, org_id: str) -> list[dict]:
        self._require_admin()
        self._org(org_id)
        console_keys = console_key_ids(self.store, org_id)
        return [{**key, "console": key["keyId"] in console_keys} for key in org_keys(self.store, org_id)]

    def create_key(self, org_id: str, name: str | None, mode: str, scopes: list[str] | None) -> dict:
        self._require_admin()
        self._org(org_id)
        try:
            key = create_key(self.store, org_id, mode, scopes, (name or "").strip() or None)
        except KeyError_ as exc:
            status, code = (
                (403, "live_access_not_approved") if "not approved" in str(exc) else (400, "parameter_invalid")
            )
            raise ApiError(status, code, str(exc)) from None
        self._audit(
            "key.create", org_id=org_id, mode=mode, target=key.key_id, status=201, name=key.name, scopes=key.scopes
        )
        return {**(get_key(self.store, key.key_id) or {}), "console": False, "secret": key.secret}

    def revoke_key(self, org_id: str, key_id: str) -> dict:
        self._require_admin()
        if is_console_key(self.store, key_id):
            raise ApiError(
                400,
                "parameter_invalid",
                "The console's own key cannot be revoked; it has no secret anyone could hold.",
                param="keyId",
            )
        try:
            row = revoke_key(self.store, key_id, org_id)
        except KeyError_:
            raise not_found("API key", key_id, "keyId") from None
        self._audit("key.revoke", org_id=org_id, mode=row["mode"], target=key_id, status=200)
        return {**row, "console": False}

    # --- usage ----------------------------------------------------------------------------

    def usage(self, org_id: str, days: int) -> dict:
        self._require_admin()
        self._org(org_id)
        if not 1 <= days <= MAX_USAGE_DAYS:
            raise invalid("days", f"days must be from 1 to {MAX_USAGE_DAYS}.")
        today = utcnow().date()
        span = [(today - timedelta(days=n)).isoformat() for n in range(days - 1, -1, -1)]
        org_key_list = self.keys(org_id)
        by_key = self.usage_service.daily([key["keyId"] for key in org_key_list], span[0])
        keys = []
        for key in org_key_list:
            days_of_key = by_key.get(key["keyId"], {})
            if not days_of_key and key["revokedAt"]:
                continue
            keys.append(
                {k: key[k] for k in ("keyId", "name", "mode", "prefix", "last4", "console", "revokedAt")}
                | {"days": days_of_key}
            )
        return {"object": "usage_by_key", "orgId": org_id, "days": span, "keys": keys}

    # --- audit log -----------------------------------------------------------------------

    def audit_log(self, params: dict[str, str | None]) -> dict:
        self._require_admin()
        return audit.list_entries(self.store, params)

    # --- the signed-in user and their password ---------------------------------------------

    def me(self) -> dict:
        return self._user(self.session.user_id).me()

    def change_password(self, password: str, current: str | None) -> dict:
        """Set the signed-in user's own password; the current one is needed once one is set."""
        user = self._user(self.session.user_id)
        if user.password_hash:
            try:
                check_login(self.store, user.username, current or "", self.client.split(" ", 1)[0])
            except PasswordError as exc:
                self._audit("password.change_refused", status=exc.status, target=user.id)
                raise ApiError(exc.status, exc.code, exc.message, param="currentPassword") from None
        self._set_password(user.id, password)
        self._audit("password.set", status=200, target=user.id)
        return {"passwordSet": True}

    def _set_password(self, user_id: str, password: str) -> User:
        try:
            return set_user_password(self.store, user_id, password)
        except PasswordError as exc:
            raise ApiError(exc.status, exc.code, exc.message, param="password") from None
        except UserError as exc:
            raise ApiError(exc.status, exc.code, exc.message, param=exc.param) from None

    # --- users (administrators) -----------------------------------------------------------

    def _user(self, user_id: str) -> User:
        user = get_user(self.store, user_id)
        if user is None:
            raise not_found("user", user_id, "userId")
        return user

    def users(self) -> list[dict]:
        self._require_admin()
        return [user.as_json() for user in list_users(self.store)]

    def create_user(self, username: str, name: str, role: str, password: str | None) -> dict:
        self._require_admin()
        try:
            user = create_user(self.store, username, name, role, password)
        except UserError as exc:
            raise ApiError(exc.status, exc.code, exc.message, param=exc.param) from None
        except PasswordError as exc:
            raise ApiError(exc.status, exc.code, exc.message, param="password") from None
        self._audit("user.create", target=user.id, status=201, username=user.username, role=user.role)
        return user.as_json()

    def update_user(self, user_id: str, name: str | None, role: str | None, disabled: bool | None) -> dict:
        self._require_admin()
        self._user(user_id)
        try:
            user = update_user(self.store, user_id, name=name, role=role, disabled=disabled)
        except UserError as exc:
            raise ApiError(exc.status, exc.code, exc.message, param=exc.param) from None
        changed = {k: v for k, v in (("name", name), ("role", role), ("disabled", disabled)) if v is not None}
        self._audit("user.update", target=user.id, status=200, **changed)
        return user.as_json()

    def set_user_password(self, user_id: str, password: str) -> dict:
        self._require_admin()
        self._user(user_id)
        user = self._set_password(user_id, password)
        self._audit("user.password_set", target=user.id, status=200)
        return user.as_json()

    def user_link(self, user_id: str, base_url: str) -> dict:
        self._require_admin()
        user = self._user(user_id)
        if user.disabled:
            raise ApiError(409, "user_disabled", f"{user.username} is disabled; enable the user first.", param="userId")
        token = create_login_link(self.store, user.id)
        self._audit("user.link_created", target=user.id, status=201)
        expires = (utcnow() + LINK_LIFETIME).strftime("%Y-%m-%dT%H:%M:%SZ")
        return {
            "object": "sign_in_link",
            "url": f"{base_url.rstrip('/')}/console/login#link={token}",
            "expiresAt": expires,
        }


class ConsoleService:
    """What the console's routes need, handed over by the composition root."""

    def __init__(self, store: Store, data_dir: Path, analyses: AnalysisService, usage: UsageService) -> None:
        self.store = store
        self.data_dir = data_dir
        self.analyses = analyses
        self.usage = usage

    def acting(self, session: Session, client: str) -> Console:
        return Console(self.store, self.usage, session, client)
