"""What other packages use of users: accounts and roles (`accounts`), passwords (`passwords`) and
the sign-in with its lockout (`signin`). Other domains import this module only."""

from contractbox.users.accounts import (
    ADMIN_USERNAME,
    ROLES,
    User,
    UserError,
    admin_user,
    any_password_set,
    create_user,
    find_user,
    get_user,
    list_users,
    note_sign_in,
    set_user_password,
    update_user,
)
from contractbox.users.passwords import MIN_LENGTH, PasswordError
from contractbox.users.signin import LOCKOUT, MAX_FAILURES, SignInLocked, check_login

__all__ = [
    "ADMIN_USERNAME",
    "LOCKOUT",
    "MAX_FAILURES",
    "MIN_LENGTH",
    "ROLES",
    "PasswordError",
    "SignInLocked",
    "User",
    "UserError",
    "admin_user",
    "any_password_set",
    "check_login",
    "create_user",
    "find_user",
    "get_user",
    "list_users",
    "note_sign_in",
    "set_user_password",
    "update_user",
]
