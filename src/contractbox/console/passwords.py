"""The console's view of passwords: every user has one (`contractbox.users`); the CLI's
`admin set-password` and the first-run page set the `admin` user's."""

from __future__ import annotations

from dataclasses import dataclass

from contractbox.core.store import Store
from contractbox.users.service import MIN_LENGTH, PasswordError, admin_user, any_password_set, set_user_password

__all__ = ["MIN_LENGTH", "AdminState", "PasswordError", "admin_state", "set_password"]


@dataclass(frozen=True)
class AdminState:
    password_set: bool


def admin_state(store: Store) -> AdminState:
    """Whether anyone can sign in with a password (the first-run page asks for one until then)."""
    return AdminState(any_password_set(store))


def set_password(store: Store, password: str) -> None:
    """Set (or replace) the `admin` user's password; clears its failures and any lock."""
    set_user_password(store, admin_user(store).id, password)
