"""Users of the console and their roles. Users belong to the data dir, like organizations.

Roles decide what a console session may do (docs/api-notes.md, People and roles): the /v1
scopes of each role are `keys.scopes.ROLE_SCOPES`; only administrators manage organizations,
keys, webhooks, usage, the audit log and users.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import sqlite_utils

from contractbox.core.clock import now_iso
from contractbox.core.ids import new_id
from contractbox.core.store import Store
from contractbox.keys.scopes import ROLE_SCOPES
from contractbox.users.passwords import check_strength, hash_password

ROLES = ("administrator", "reviewer", "viewer")
ADMIN_USERNAME = "admin"
USERNAME = re.compile(r"^[A-Za-z0-9._-]{1,64}$")
MAX_NAME = 120
COLUMNS = "id, username, name, role, password_hash, disabled, created_at, last_sign_in_at"


class UserError(Exception):
    """A user cannot be created or changed: `status`, `code`, `param` and a message to act on."""

    def __init__(self, status: int, code: str, message: str, param: str | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.param = status, code, message, param


@dataclass(frozen=True)
class User:
    id: str
    username: str
    name: str
    role: str
    password_hash: str | None
    disabled: bool
    created_at: str
    last_sign_in_at: str | None

    @classmethod
    def from_row(cls, row: dict) -> User:
        return cls(
            row["id"],
            row["username"],
            row["name"],
            row["role"],
            row["password_hash"],
            bool(row["disabled"]),
            row["created_at"],
            row["last_sign_in_at"],
        )

    @property
    def is_admin(self) -> bool:
        return self.role == "administrator"

    def as_json(self) -> dict[str, Any]:
        return {
            "userId": self.id,
            "object": "user",
            "username": self.username,
            "name": self.name,
            "role": self.role,
            "disabled": self.disabled,
            "passwordSet": bool(self.password_hash),
            "createdAt": self.created_at,
            "lastSignInAt": self.last_sign_in_at,
        }

    def me(self) -> dict[str, Any]:
        return {
            "userId": self.id,
            "object": "user",
            "username": self.username,
            "name": self.name,
            "role": self.role,
            "scopes": sorted(ROLE_SCOPES[self.role]),
        }


def get_user(store: Store, user_id: str) -> User | None:
    row = store.query_one(f"SELECT {COLUMNS} FROM users WHERE id = ?", (user_id,))
    return User.from_row(row) if row else None


def find_user(store: Store, ref: str) -> User | None:
    """A user by id or username (case-insensitive)."""
    row = store.query_one(f"SELECT {COLUMNS} FROM users WHERE id = ? OR username = ? COLLATE NOCASE", (ref, ref))
    return User.from_row(row) if row else None


def admin_user(store: Store) -> User:
    """The `admin` user every data dir has (made by migration 0400_users from the old password)."""
    user = find_user(store, ADMIN_USERNAME)
    if user is None:  # only if someone renamed it away; recreate so links and set-password keep working
        return create_user(store, ADMIN_USERNAME, "Administrator", "administrator", None)
    return user


def list_users(store: Store) -> list[User]:
    return [User.from_row(row) for row in store.query(f"SELECT {COLUMNS} FROM users ORDER BY username COLLATE NOCASE")]


def _check_fields(username: str | None, name: str | None, role: str | None) -> None:
    if username is not None and not USERNAME.match(username):
        raise UserError(
            400, "parameter_invalid", "A username is 1-64 letters, digits, '.', '_' or '-'.", param="username"
        )
    if name is not None and not 1 <= len(name.strip()) <= MAX_NAME:
        raise UserError(400, "parameter_invalid", f"A name is 1-{MAX_NAME} characters.", param="name")
    if role is not None and role not in ROLES:
        raise UserError(400, "parameter_invalid", f"role must be one of {', '.join(ROLES)}.", param="role")


def create_user(store: Store, username: str, name: str, role: str, password: str | None) -> User:
    username = username.strip()
    _check_fields(username, name, role)
    if password is not None:
        check_strength(password)
    user_id = new_id("usr")
    with store.transaction() as db:
        if next(db.query("SELECT 1 FROM users WHERE username = ? COLLATE NOCASE", (username,)), None):
            raise UserError(409, "user_exists", f"A user named '{username}' already exists.", param="username")
        db.table("users").insert(
            {
                "id": user_id,
                "username": username,
                "name": name.strip(),
                "role": role,
                "password_hash": hash_password(password) if password else None,
                "disabled": 0,
                "created_at": now_iso(),
            }
        )
    return get_user(store, user_id)  # type: ignore[return-value]


def _refuse_losing_last_admin(db: sqlite_utils.Database, user: User, role: str | None, disabled: bool | None) -> None:
    demoted = role is not None and role != "administrator"
    if not user.is_admin or user.disabled or not (demoted or disabled):
        return
    others = next(
        db.query(
            "SELECT COUNT(*) AS n FROM users WHERE role = 'administrator' AND disabled = 0 AND id != ?", (user.id,)
        )
    )["n"]
    if others == 0:
        raise UserError(
            409,
            "last_administrator",
            f"{user.username} is the last enabled administrator; make another administrator first.",
        )


def update_user(
    store: Store, user_id: str, *, name: str | None = None, role: str | None = None, disabled: bool | None = None
) -> User:
    _check_fields(None, name, role)
    with store.transaction() as db:
        row = next(db.query(f"SELECT {COLUMNS} FROM users WHERE id = ?", (user_id,)), None)
        if row is None:
            raise UserError(404, "resource_missing", f"No user with id '{user_id}' exists.", param="userId")
        user = User.from_row(row)
        _refuse_losing_last_admin(db, user, role, disabled)
        changes: dict[str, Any] = {}
        if name is not None:
            changes["name"] = name.strip()
        if role is not None:
            changes["role"] = role
        if disabled is not None:
            changes["disabled"] = int(disabled)
        for column, value in changes.items():  # column names come from the fixed set above
            db.execute(f"UPDATE users SET {column} = ? WHERE id = ?", (value, user.id))
    return get_user(store, user_id)  # type: ignore[return-value]


def set_user_password(store: Store, user_id: str, password: str) -> User:
    """Set (or replace) a password; clears the user's failed attempts and any lock."""
    check_strength(password)
    hashed = hash_password(password)
    with store.transaction() as db:
        if db.execute("UPDATE users SET password_hash = ? WHERE id = ?", (hashed, user_id)).rowcount != 1:
            raise UserError(404, "resource_missing", f"No user with id '{user_id}' exists.", param="userId")
        db.execute("DELETE FROM signin_attempts WHERE subject = ?", (user_id,))
    return get_user(store, user_id)  # type: ignore[return-value]


def any_password_set(store: Store) -> bool:
    row = store.query_one("SELECT 1 AS yes FROM users WHERE password_hash IS NOT NULL AND disabled = 0 LIMIT 1")
    return row is not None


def note_sign_in(store: Store, user_id: str) -> None:
    store.execute("UPDATE users SET last_sign_in_at = ? WHERE id = ?", (now_iso(), user_id))
