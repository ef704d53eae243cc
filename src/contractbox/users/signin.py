"""Password sign-in with a lockout that holds against parallel bursts (issue 13, defect 1).

Each attempt is counted in one write transaction BEFORE its password is checked: the attempt
that takes the last of the MAX_FAILURES slots locks the subject at once, so requests arriving
while the checks run are refused unchecked (429). A burst therefore gets MAX_FAILURES checks, no
more; a locked subject refuses even the right password until the lock ends. The subject is the
user, or the client address when the username does not exist (no user enumeration: both answer
alike and cost the same scrypt time).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from contractbox.core.clock import iso, utcnow
from contractbox.core.store import Store
from contractbox.users.accounts import ADMIN_USERNAME, User, find_user, note_sign_in
from contractbox.users.passwords import PasswordError, burn_time, verify_password

MAX_FAILURES = 5
LOCKOUT = timedelta(minutes=15)


class SignInLocked(PasswordError):
    """429: `subject` is locked. `locked_now` when this attempt took the last slot (its password was
    checked and was wrong); otherwise the attempt was refused unchecked, during the lock."""

    def __init__(self, until: datetime, now: datetime, subject: str, *, locked_now: bool) -> None:
        seconds = max(1, int((until - now).total_seconds()))
        minutes = -(-seconds // 60)
        super().__init__(
            429,
            "console_locked",
            f"Too many wrong passwords: sign-in is locked until {iso(until)} (about {minutes} minute{'s' if minutes != 1 else ''}). "
            "On the server, `contractbox console-url` gives a sign-in link now, and `contractbox admin set-password` "
            "(or `contractbox users set-password`) clears the lock.",
            retry_after=seconds,
        )
        self.subject, self.locked_now, self.until = subject, locked_now, iso(until)


def reserve_attempt(store: Store, subject: str) -> int:
    """Count one attempt for `subject` and return its number (1..MAX_FAILURES); raises when locked."""
    now = utcnow()
    with store.transaction() as db:
        row = next(db.query("SELECT attempts, locked_until FROM signin_attempts WHERE subject = ?", (subject,)), None)
        attempts = row["attempts"] if row else 0
        if row and row["locked_until"]:
            until = _parse(row["locked_until"])
            if until > now:
                raise SignInLocked(until, now, subject, locked_now=False)
            attempts = 0  # the lock has ended: a fresh window
        attempts += 1
        locked_until = iso(now + LOCKOUT) if attempts >= MAX_FAILURES else None
        db.execute(
            "INSERT INTO signin_attempts (subject, attempts, locked_until) VALUES (?, ?, ?) "
            "ON CONFLICT(subject) DO UPDATE SET attempts = excluded.attempts, locked_until = excluded.locked_until",
            (subject, attempts, locked_until),
        )
    return attempts


def clear_attempts(store: Store, subject: str, *, own_lock: bool) -> None:
    """After a right password: forget the failures, unless a parallel attempt has locked meanwhile
    (a lock this attempt set itself, by taking the last slot with the right password, goes too)."""
    if own_lock:
        store.execute("DELETE FROM signin_attempts WHERE subject = ?", (subject,))
    else:
        store.execute("DELETE FROM signin_attempts WHERE subject = ? AND locked_until IS NULL", (subject,))


def check_login(store: Store, username: str, password: str, client_address: str) -> User:
    """The user when `password` is theirs; raises PasswordError (wrong, locked, not set)."""
    user = find_user(store, username) if username else None
    if user is not None and user.username == ADMIN_USERNAME and user.password_hash is None and not user.disabled:
        # Only `admin` says so (the first-run case); other users without a password answer like a
        # wrong password, so a username cannot be probed for existence.
        raise PasswordError(
            401,
            "password_not_set",
            "No console password is set yet. On the server, run: contractbox admin set-password",
        )
    subject = user.id if user is not None else f"addr:{client_address}"
    attempt = reserve_attempt(store, subject)
    if user is not None and not user.disabled and verify_password(password, user.password_hash or ""):
        clear_attempts(store, subject, own_lock=attempt >= MAX_FAILURES)
        note_sign_in(store, user.id)
        return user
    if user is None or user.disabled:
        burn_time(password)
    if attempt >= MAX_FAILURES:
        now = utcnow()
        raise SignInLocked(now + LOCKOUT, now, subject, locked_now=True)
    left = MAX_FAILURES - attempt
    raise PasswordError(
        401,
        "invalid_password",
        f"Wrong password. {left} more failed attempt{'s' if left != 1 else ''} will lock sign-in "
        f"for {int(LOCKOUT.total_seconds()) // 60} minutes.",
    )


def _parse(value: str) -> datetime:
    return datetime.fromisoformat(value.replace("Z", "+00:00"))
