"""API keys: created from the CLI or the console, shown once, stored as a SHA-256 hash.

Secrets are 32 random base62 characters (about 190 bits), so an unsalted hash is not open to
guessing; lookups go by hash and the stored hash is compared again in constant time.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
from dataclasses import dataclass

import sqlite_utils

from contractbox.audit import service as audit
from contractbox.core.clock import now_iso
from contractbox.core.ids import new_id, random_base62
from contractbox.core.store import Store
from contractbox.core.throttle import OncePerInterval
from contractbox.keys.scopes import KNOWN_SCOPES, RESOURCE_SCOPES, expand
from contractbox.orgs.service import find_org, get_org

PREFIXES = {"test": "fpk_test_", "live": "fpk_live_"}
SECRET_LENGTH = 32
MAX_NAME = 200


class KeyError_(Exception):
    """A key cannot be created or changed; the message says why."""


@dataclass(frozen=True)
class Principal:
    """Who is calling: the key, its organization and mode, and the scopes it grants."""

    key_id: str
    org_id: str
    mode: str
    scopes: frozenset[str]
    # Set when a console session acts (auth/middleware.py): the person, for reviews and the audit log.
    user_id: str | None = None
    user_name: str | None = None
    role: str | None = None


@dataclass(frozen=True)
class CreatedKey:
    key_id: str
    secret: str
    mode: str
    scopes: list[str]
    org_id: str
    name: str | None

    def as_json(self) -> dict:
        return {
            "keyId": self.key_id,
            "secret": self.secret,
            "mode": self.mode,
            "scopes": self.scopes,
            "orgId": self.org_id,
        }


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def mode_of(secret: str) -> str | None:
    for mode, prefix in PREFIXES.items():
        if secret.startswith(prefix):
            return mode
    return None


def validate_scopes(scopes: list[str] | None) -> list[str]:
    """The scopes to store: at least one, all known, each once (in the order given). An empty or
    missing list is refused: it used to mean every scope, so a blank `--scopes ""` made a full key."""
    cleaned = list(dict.fromkeys(s.strip() for s in scopes or [] if s and s.strip()))
    if not cleaned:
        raise KeyError_(
            "A key needs at least one scope; none was given. "
            f"Name the scopes it may use, from: {', '.join(RESOURCE_SCOPES)}."
        )
    unknown = [s for s in cleaned if s not in KNOWN_SCOPES]
    if unknown:
        raise KeyError_(f"Unknown scope(s): {', '.join(unknown)}. Known scopes: {', '.join(sorted(KNOWN_SCOPES))}.")
    return cleaned


def create_key(store: Store, org_ref: str, mode: str, scopes: list[str] | None, name: str | None = None) -> CreatedKey:
    if mode not in PREFIXES:
        raise KeyError_(f"Mode must be 'test' or 'live', not '{mode}'.")
    org = find_org(store, org_ref)
    if mode == "live" and not org.live_approved:
        raise KeyError_(
            f"Organization '{org.name}' is not approved for live access. "
            f"An administrator approves it with: contractbox orgs approve-live {org.id}"
        )
    scopes = validate_scopes(scopes)
    if name is not None and len(name) > MAX_NAME:
        raise KeyError_(f"A key name is at most {MAX_NAME} characters; this one has {len(name)}.")
    secret = PREFIXES[mode] + random_base62(SECRET_LENGTH)
    key = CreatedKey(new_id("key"), secret, mode, scopes, org.id, name)
    with store.transaction() as db:
        db.table("api_keys").insert(
            {
                "id": key.key_id,
                "org_id": org.id,
                "mode": mode,
                "name": name,
                "secret_hash": hash_secret(secret),
                "prefix": secret[: len(PREFIXES[mode]) + 4],
                "last4": secret[-4:],
                "scopes": json.dumps(scopes),
                "created_at": now_iso(),
            }
        )
    return key


def key_as_json(row: dict) -> dict:
    return {
        "keyId": row["id"],
        "object": "api_key",
        "orgId": row["org_id"],
        "mode": row["mode"],
        "name": row["name"],
        "prefix": row["prefix"],
        "last4": row["last4"],
        "scopes": json.loads(row["scopes"]),
        "createdAt": row["created_at"],
        "lastUsedAt": row["last_used_at"],
        "revokedAt": row["revoked_at"],
    }


def list_keys(store: Store, org_ref: str) -> list[dict]:
    org = find_org(store, org_ref)
    rows = store.query("SELECT * FROM api_keys WHERE org_id = ? ORDER BY seq", (org.id,))
    return [key_as_json(r) for r in rows]


def insert_internal_key(db: sqlite_utils.Database, org_id: str, mode: str, name: str, prefix: str) -> str:
    """A key with every scope whose secret is never kept, so no client can present it (the
    console's own requests are attributed to one). Call inside the caller's transaction."""
    secret = PREFIXES[mode] + random_base62(SECRET_LENGTH)
    key_id = new_id("key")
    db.table("api_keys").insert(
        {
            "id": key_id,
            "org_id": org_id,
            "mode": mode,
            "name": name,
            "secret_hash": hash_secret(secret),
            "prefix": prefix,
            "last4": "----",
            "scopes": json.dumps(list(RESOURCE_SCOPES)),
            "created_at": now_iso(),
        }
    )
    return key_id


def key_is_active(store: Store, key_id: str) -> bool:
    return store.query_one("SELECT 1 AS yes FROM api_keys WHERE id = ? AND revoked_at IS NULL", (key_id,)) is not None


def record_last_used(db: sqlite_utils.Database, last_used: dict[str, str]) -> None:
    """Each key's lastUsedAt (key id -> ISO time); call inside the caller's transaction."""
    for key_id, moment in last_used.items():
        db.execute("UPDATE api_keys SET last_used_at = ? WHERE id = ?", (moment, key_id))


def org_keys(store: Store, org_id: str) -> list[dict]:
    """Every key of an organization, newest first."""
    return [key_as_json(r) for r in store.query("SELECT * FROM api_keys WHERE org_id = ? ORDER BY seq DESC", (org_id,))]


def get_key(store: Store, key_id: str) -> dict | None:
    row = store.query_one("SELECT * FROM api_keys WHERE id = ?", (key_id,))
    return key_as_json(row) if row is not None else None


def revoke_key(store: Store, key_id: str, org_id: str | None = None) -> dict:
    row = store.query_one("SELECT * FROM api_keys WHERE id = ?", (key_id,))
    if row is None or (org_id is not None and row["org_id"] != org_id):
        raise KeyError_(f"No API key with id '{key_id}'.")
    if row["revoked_at"] is None:
        with store.transaction() as db:
            db.execute("UPDATE api_keys SET revoked_at = ? WHERE id = ?", (now_iso(), key_id))
    revoked = store.query_one("SELECT * FROM api_keys WHERE id = ?", (key_id,))
    assert revoked is not None  # read just above; keys are never deleted
    return key_as_json(revoked)


class AuthFailure(Exception):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def authenticate(store: Store, secret: str | None) -> Principal:
    """The principal for a presented secret, or AuthFailure with the documented status and code."""
    if not secret:
        raise AuthFailure(
            401,
            "missing_api_key",
            "No API key was sent. Send it as 'Authorization: Bearer <key>' or 'X-Api-Key: <key>'.",
        )
    mode = mode_of(secret)
    presented = hash_secret(secret)
    row = store.query_one("SELECT * FROM api_keys WHERE secret_hash = ?", (presented,)) if mode else None
    if row is not None and row["revoked_at"] is not None and hmac.compare_digest(row["secret_hash"], presented):
        audit_revoked_use(store, row)
    if row is None or not hmac.compare_digest(row["secret_hash"], presented) or row["revoked_at"] is not None:
        raise AuthFailure(401, "invalid_api_key", "The API key is not valid: it is unknown or has been revoked.")
    if row["mode"] == "live":
        org = get_org(store, row["org_id"])
        if org is None or not org.live_approved:
            raise AuthFailure(
                403,
                "live_access_not_approved",
                "This organization's live access has not been approved or was withdrawn. Use a test key, or ask an administrator.",
            )
    return Principal(row["id"], row["org_id"], row["mode"], granted_scopes(row["scopes"]))


REVOKED_USE_AUDIT_INTERVAL_S = 60.0
_revoked_use_audits = OncePerInterval(REVOKED_USE_AUDIT_INTERVAL_S)


def audit_revoked_use(store: Store, row: dict) -> None:
    """A revoked key still in use is a security event: one audit entry per key per minute (the
    audit log never rotates, so a flood of requests must not grow it by a row each)."""
    if not _revoked_use_audits.allow(row["id"]):
        return
    audit.record(
        store,
        "key.revoked_use",
        actor=audit.key_actor(row["id"]),
        org_id=row["org_id"],
        mode=row["mode"],
        target=row["id"],
        status=401,
        revokedAt=row["revoked_at"],
    )


@functools.lru_cache(maxsize=256)
def granted_scopes(stored: str) -> frozenset[str]:
    """The scopes a key's stored JSON list grants; keys share a few distinct lists, so cache."""
    return expand(json.loads(stored))
