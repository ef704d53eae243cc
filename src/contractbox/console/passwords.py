"""The console administrator's password: scrypt hashes, and a lockout after repeated failures.

There is one administrator password per data dir (LAN sign-in); one-time links from
`contractbox console-url` prove access to the machine itself and bypass the lockout.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from contractbox.core.clock import iso, now_iso, utcnow
from contractbox.core.store import Store

SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**15, 8, 1
SCRYPT_MAXMEM = 64 * 1024 * 1024
MIN_LENGTH = 10
MAX_FAILURES = 5
LOCKOUT = timedelta(minutes=15)


class PasswordError(Exception):
    """A password cannot be set or a sign-in is refused; `code` and `status` say how."""

    def __init__(self, status: int, code: str, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.retry_after = status, code, message, retry_after


def hash_password(password: str) -> str:
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(
        password.encode("utf-8"), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, maxmem=SCRYPT_MAXMEM
    )
    b64 = lambda raw: base64.b64encode(raw).decode("ascii")  # noqa: E731
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${b64(salt)}${b64(digest)}"


def verify_password(password: str, stored: str) -> bool:
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        expected = base64.b64decode(digest)
        actual = hashlib.scrypt(
            password.encode("utf-8"),
            salt=base64.b64decode(salt),
            n=int(n),
            r=int(r),
            p=int(p),
            maxmem=SCRYPT_MAXMEM,
            dklen=len(expected),
        )
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(actual, expected)


def check_strength(password: str) -> None:
    if len(password) < MIN_LENGTH:
        raise PasswordError(400, "parameter_invalid", f"The password must be at least {MIN_LENGTH} characters long.")
    if len(password) > 1024:
        raise PasswordError(400, "parameter_invalid", "The password must be at most 1024 characters long.")


@dataclass(frozen=True)
class AdminState:
    password_set: bool
    failed_attempts: int
    locked_until: str | None


def admin_state(store: Store) -> AdminState:
    row = store.query_one("SELECT * FROM console_admin WHERE id = 1")
    if row is None:
        return AdminState(False, 0, None)
    return AdminState(bool(row["password_hash"]), row["failed_attempts"], row["locked_until"])


def set_password(store: Store, password: str) -> None:
    """Set (or replace) the password; clears failures and any lockout."""
    check_strength(password)
    hashed = hash_password(password)
    with store.transaction() as db:
        db.execute(
            "INSERT INTO console_admin (id, password_hash, failed_attempts, locked_until, updated_at) VALUES (1, ?, 0, NULL, ?) "
            "ON CONFLICT(id) DO UPDATE SET password_hash = excluded.password_hash, failed_attempts = 0, locked_until = NULL, updated_at = excluded.updated_at",
            (hashed, now_iso()),
        )


def check_login(store: Store, password: str) -> None:
    """Returns when the password is right; raises PasswordError (locked, wrong, not set)."""
    row = store.query_one("SELECT * FROM console_admin WHERE id = 1")
    if row is None or not row["password_hash"]:
        raise PasswordError(
            401,
            "password_not_set",
            "No console password is set yet. On the server, run: contractbox admin set-password",
        )
    now = utcnow()
    if row["locked_until"] and _parse(row["locked_until"]) > now:
        raise locked_error(_parse(row["locked_until"]), now)
    if verify_password(password, row["password_hash"]):
        store.execute("UPDATE console_admin SET failed_attempts = 0, locked_until = NULL WHERE id = 1")
        return
    failures = row["failed_attempts"] + 1
    if failures >= MAX_FAILURES:
        until = now + LOCKOUT
        store.execute("UPDATE console_admin SET failed_attempts = 0, locked_until = ? WHERE id = 1", (iso(until),))
        raise locked_error(until, now)
    store.execute("UPDATE console_admin SET failed_attempts = ? WHERE id = 1", (failures,))
    left = MAX_FAILURES - failures
    raise PasswordError(
        401,
        "invalid_password",
        f"Wrong password. {left} more failed attempt{'s' if left != 1 else ''} will lock sign-in for {LOCKOUT.seconds // 60} minutes.",
    )


def locked_error(until: datetime, now: datetime) -> PasswordError:
    seconds = max(1, int((until - now).total_seconds()))
    minutes = -(-seconds // 60)
    return PasswordError(
        429,
        "console_locked",
        f"Too many wrong passwords: sign-in is locked until {iso(until)} (about {minutes} minute{'s' if minutes != 1 else ''}). "
        "On the server, `contractbox console-url` gives a sign-in link now, and `contractbox admin set-password` clears the lock.",
        retry_after=seconds,
    )


def _parse(value: str) -> datetime:
    return datetime.fromisoformat(value.replace("Z", "+00:00"))
