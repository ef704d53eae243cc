"""The console's admin operations: organizations, live approval, API keys, usage per key,
the password, and the reviewer's view of a stored document. Each write is audited."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

from contractbox.console import audit
from contractbox.console.passwords import PasswordError, admin_state, check_login, set_password
from contractbox.console.sessions import Session, is_console_key
from contractbox.db import Store
from contractbox.errors import ApiError, invalid, not_found
from contractbox.keys.service import KeyError_, Principal, create_key, key_as_json, revoke_key
from contractbox.orgs.service import OrgError, create_org, get_org, list_orgs, set_live_approval
from contractbox.timeutil import utcnow

MAX_USAGE_DAYS = 366


class Console:
    """Admin operations on behalf of one session (for the audit log's sake)."""

    def __init__(self, store: Store, session: Session, client: str) -> None:
        self.store, self.session, self.client = store, session, client

    def _audit(self, action: str, **fields: Any) -> None:
        audit.record(self.store, action, session_id=self.session.id, client=self.client, **fields)

    # --- organizations --------------------------------------------------------------------

    def orgs(self) -> list[dict]:
        return [org.as_json() for org in list_orgs(self.store)]

    def create_org(self, name: str) -> dict:
        try:
            org = create_org(self.store, name)
        except OrgError as exc:
            raise ApiError(409 if "already exists" in str(exc) else 400, "org_exists" if "already exists" in str(exc) else "parameter_invalid", str(exc), param="name") from None
        self._audit("org.create", org_id=org.id, target=org.id, status=201, name=org.name)
        return org.as_json()

    def set_live(self, org_id: str, approved: bool) -> dict:
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
        self._org(org_id)
        rows = self.store.query(
            "SELECT k.*, c.key_id IS NOT NULL AS is_console FROM api_keys k LEFT JOIN console_keys c ON c.key_id = k.id WHERE k.org_id = ? ORDER BY k.seq DESC",
            (org_id,),
        )
        return [{**key_as_json(r), "console": bool(r["is_console"])} for r in rows]

    def create_key(self, org_id: str, name: str | None, mode: str, scopes: list[str] | None) -> dict:
        self._org(org_id)
        try:
            key = create_key(self.store, org_id, mode, scopes, (name or "").strip() or None)
        except KeyError_ as exc:
            status, code = (403, "live_access_not_approved") if "not approved" in str(exc) else (400, "parameter_invalid")
            raise ApiError(status, code, str(exc)) from None
        self._audit("key.create", org_id=org_id, mode=mode, target=key.key_id, status=201, name=key.name, scopes=key.scopes)
        row = self.store.query_one("SELECT * FROM api_keys WHERE id = ?", (key.key_id,))
        return {**key_as_json(row), "console": False, "secret": key.secret}

    def revoke_key(self, org_id: str, key_id: str) -> dict:
        if is_console_key(self.store, key_id):
            raise ApiError(400, "parameter_invalid", "The console's own key cannot be revoked; it has no secret anyone could hold.", param="keyId")
        try:
            row = revoke_key(self.store, key_id, org_id)
        except KeyError_:
            raise not_found("API key", key_id, "keyId") from None
        self._audit("key.revoke", org_id=org_id, mode=row["mode"], target=key_id, status=200)
        return {**row, "console": False}

    # --- usage ----------------------------------------------------------------------------

    def usage(self, org_id: str, days: int) -> dict:
        self._org(org_id)
        if not 1 <= days <= MAX_USAGE_DAYS:
            raise invalid("days", f"days must be from 1 to {MAX_USAGE_DAYS}.")
        today = utcnow().date()
        span = [(today - timedelta(days=n)).isoformat() for n in range(days - 1, -1, -1)]
        rows = self.store.query(
            "SELECT u.* FROM usage_daily u JOIN api_keys k ON k.id = u.key_id WHERE k.org_id = ? AND u.day >= ? ORDER BY u.day",
            (org_id, span[0]),
        )
        by_key: dict[str, dict[str, dict]] = {}
        for r in rows:
            by_key.setdefault(r["key_id"], {})[r["day"]] = {
                "requests": r["requests"], "analysesCreated": r["analyses_created"], "analysesCompleted": r["analyses_completed"],
                "analysesFailed": r["analyses_failed"], "pages": r["pages"], "characters": r["characters"],
                "comparisons": r["comparisons"], "billableUnits": r["billable_units"],
            }
        keys = []
        for key in self.keys(org_id):
            days_of_key = by_key.get(key["keyId"], {})
            if not days_of_key and key["revokedAt"]:
                continue
            keys.append({k: key[k] for k in ("keyId", "name", "mode", "prefix", "last4", "console", "revokedAt")} | {"days": days_of_key})
        return {"object": "usage_by_key", "orgId": org_id, "days": span, "keys": keys}

    # --- password -------------------------------------------------------------------------

    def change_password(self, password: str, current: str | None) -> dict:
        if admin_state(self.store).password_set:
            try:
                check_login(self.store, current or "")
            except PasswordError as exc:
                self._audit("password.change_refused", status=exc.status)
                raise ApiError(exc.status, exc.code, exc.message, param="currentPassword") from None
        try:
            set_password(self.store, password)
        except PasswordError as exc:
            raise ApiError(exc.status, exc.code, exc.message, param="password") from None
        self._audit("password.set", status=200)
        return {"passwordSet": True}


def document_of(store: Store, principal: Principal, analysis_id: str) -> dict:
    """The text a result's evidence offsets point into, with page ranges (scoped to org+mode)."""
    row = _analysis(store, principal, analysis_id)
    source = store.query_one("SELECT text, url, document_text, pages, pdf IS NOT NULL AS has_pdf FROM analysis_sources WHERE analysis_id = ?", (analysis_id,)) or {}
    pages = [{"number": n, "start": s, "end": e} for n, s, e in json.loads(source.get("pages") or "[]")]
    return {
        "object": "analysis_document",
        "analysisId": analysis_id,
        "mode": principal.mode,
        "title": row["title"],
        "sourceType": row["source_type"],
        "filename": row["filename"],
        "status": row["status"],
        "text": source.get("document_text"),
        "url": source.get("url"),
        "pages": pages,
        "hasOriginalPdf": bool(source.get("has_pdf")),
    }


def original_pdf(store: Store, principal: Principal, analysis_id: str) -> bytes:
    _analysis(store, principal, analysis_id)
    source = store.query_one("SELECT pdf FROM analysis_sources WHERE analysis_id = ?", (analysis_id,))
    if not source or source["pdf"] is None:
        raise ApiError(404, "resource_missing", f"Analysis {analysis_id} was not submitted as a PDF.", param="analysisId")
    return bytes(source["pdf"])


def _analysis(store: Store, principal: Principal, analysis_id: str) -> dict:
    row = store.query_one("SELECT id, title, source_type, filename, status FROM analyses WHERE id = ? AND org_id = ? AND mode = ?", (analysis_id, principal.org_id, principal.mode))
    if row is None:
        raise not_found("analysis", analysis_id, "analysisId")
    return row
