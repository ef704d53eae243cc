"""One-time sign-in links, console sessions, and the internal console keys sessions act as.

Link tokens and session tokens are 256-bit random values; only their SHA-256 is stored, and
lookups by hash are compared again in constant time. A link is consumed by one conditional
UPDATE, so two racing uses cannot both succeed.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import timedelta

from contractbox.core.clock import iso, now_iso, utcnow
from contractbox.core.ids import new_id
from contractbox.core.store import Store
from contractbox.keys.scopes import RESOURCE_SCOPES, expand
from contractbox.keys.service import AuthFailure, Principal, insert_internal_key, key_is_active
from contractbox.orgs.service import get_org
from contractbox.users.service import User, admin_user, get_user, note_sign_in

LINK_LIFETIME = timedelta(minutes=10)
SESSION_LIFETIME = timedelta(hours=12)
TOUCH_EVERY = timedelta(seconds=60)
CONSOLE_KEY_NAME = "ContractBox console"


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


# --- one-time links --------------------------------------------------------------------------


def create_login_link(store: Store, user_id: str | None = None) -> str:
    """A new one-time token (valid 10 minutes) signing in as `user_id` (default: `admin`); the
    caller builds the URL around it."""
    token = secrets.token_urlsafe(32)
    now = utcnow()
    user_id = user_id or admin_user(store).id
    with store.transaction() as db:
        db.execute("DELETE FROM console_login_links WHERE expires_at < ?", (iso(now),))
        db.table("console_login_links").insert(
            {
                "token_hash": _hash(token),
                "created_at": iso(now),
                "expires_at": iso(now + LINK_LIFETIME),
                "user_id": user_id,
            }
        )
    return token


def consume_login_link(store: Store, token: str) -> User | None:
    """The link's user, once per valid, unexpired token of an enabled user; None otherwise."""
    if not token or len(token) > 200:
        return None
    with store.transaction() as db:
        spent = db.execute(
            "UPDATE console_login_links SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?",
            (now_iso(), _hash(token), now_iso()),
        ).rowcount
        row = next(db.query("SELECT user_id FROM console_login_links WHERE token_hash = ?", (_hash(token),)), None)
    if spent != 1 or row is None:
        return None
    user = get_user(store, row["user_id"]) if row["user_id"] else admin_user(store)
    if user is None or user.disabled:
        return None
    note_sign_in(store, user.id)
    return user


# --- sessions --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Session:
    id: str
    csrf_token: str
    via: str
    created_at: str
    expires_at: str
    user_id: str
    username: str
    user_name: str
    role: str


@dataclass(frozen=True)
class NewSession:
    session: Session
    token: str
    max_age: int


def create_session(store: Store, via: str, client: str | None, user: User) -> NewSession:
    token = secrets.token_urlsafe(32)
    lifetime = SESSION_LIFETIME
    now = utcnow()
    session = Session(
        new_id("ses"),
        secrets.token_urlsafe(32),
        via,
        iso(now),
        iso(now + lifetime),
        user.id,
        user.username,
        user.name,
        user.role,
    )
    with store.transaction() as db:
        db.table("console_sessions").insert(
            {
                "id": session.id,
                "token_hash": _hash(token),
                "csrf_token": session.csrf_token,
                "via": via,
                "client": client,
                "created_at": session.created_at,
                "expires_at": session.expires_at,
                "last_seen_at": session.created_at,
                "user_id": user.id,
            }
        )
    return NewSession(session, token, int(lifetime.total_seconds()))


def find_session(store: Store, token: str | None) -> Session | None:
    """The live session for a cookie value, or None (unknown, ended or expired)."""
    if not token or len(token) > 200:
        return None
    presented = _hash(token)
    row = store.query_one("SELECT * FROM console_sessions WHERE token_hash = ?", (presented,))
    now = utcnow()
    if (
        row is None
        or not hmac.compare_digest(row["token_hash"], presented)
        or row["ended_at"]
        or row["expires_at"] <= iso(now)
    ):
        return None
    # Sessions from before users existed (migration 0400_users) belong to `admin`.
    user = get_user(store, row["user_id"]) if row["user_id"] else admin_user(store)
    if user is None or user.disabled:
        return None
    if row["last_seen_at"] <= iso(now - TOUCH_EVERY):
        store.execute("UPDATE console_sessions SET last_seen_at = ? WHERE id = ?", (iso(now), row["id"]))
    return Session(
        row["id"],
        row["csrf_token"],
        row["via"],
        row["created_at"],
        row["expires_at"],
        user.id,
        user.username,
        user.name,
        user.role,
    )


def end_session(store: Store, session_id: str) -> None:
    store.execute("UPDATE console_sessions SET ended_at = ? WHERE id = ? AND ended_at IS NULL", (now_iso(), session_id))


def csrf_ok(session: Session, presented: str | None) -> bool:
    return bool(presented) and hmac.compare_digest(session.csrf_token.encode(), (presented or "").encode())


# --- the console's internal keys -------------------------------------------------------------


def console_key_id(store: Store, org_id: str, mode: str) -> str:
    """The internal key console requests of this organization and mode are attributed to.

    A real api_keys row (so usage, lastUsedAt and rate limits work unchanged) whose secret was
    never kept: no client can present it. Created on first use; replaced if revoked from the CLI.
    """
    row = store.query_one("SELECT key_id FROM console_keys WHERE org_id = ? AND mode = ?", (org_id, mode))
    if row and key_is_active(store, row["key_id"]):
        return row["key_id"]
    with store.transaction() as db:
        key_id = insert_internal_key(db, org_id, mode, CONSOLE_KEY_NAME, "console")
        db.execute(
            "INSERT OR REPLACE INTO console_keys (org_id, mode, key_id) VALUES (?, ?, ?)", (org_id, mode, key_id)
        )
    return key_id


def is_console_key(store: Store, key_id: str) -> bool:
    return store.query_one("SELECT 1 AS yes FROM console_keys WHERE key_id = ?", (key_id,)) is not None


def session_principal(store: Store, org_id: str | None, mode: str | None) -> Principal:
    """The Principal a session acts as for the organization and mode the UI chose."""
    if not org_id:
        raise AuthFailure(
            400, "parameter_missing", "Choose an organization: the console sends it in the X-ContractBox-Org header."
        )
    if mode not in ("test", "live"):
        raise AuthFailure(
            400,
            "parameter_invalid",
            "Choose a mode, test or live: the console sends it in the X-ContractBox-Mode header.",
        )
    org = get_org(store, org_id)
    if org is None:
        raise AuthFailure(404, "resource_missing", f"No organization with id '{org_id}' exists.")
    if mode == "live" and not org.live_approved:
        raise AuthFailure(
            403,
            "live_access_not_approved",
            f"{org.name} is not approved for live access. Approve it under Organizations, or switch to test mode.",
        )
    return Principal(console_key_id(store, org.id, mode), org.id, mode, expand(list(RESOURCE_SCOPES)))


def console_key_ids(store: Store, org_id: str) -> set[str]:
    """The ids of an organization's console keys (one per mode once used)."""
    return {row["key_id"] for row in store.query("SELECT key_id FROM console_keys WHERE org_id = ?", (org_id,))}
