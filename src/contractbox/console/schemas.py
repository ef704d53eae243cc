"""Request bodies of /console/api."""

from __future__ import annotations

from typing import Literal

import msgspec


class PasswordLogin(msgspec.Struct, forbid_unknown_fields=True):
    password: str
    username: str = "admin"


class LinkLogin(msgspec.Struct, forbid_unknown_fields=True):
    token: str


class CreateOrg(msgspec.Struct, forbid_unknown_fields=True):
    name: str


class LiveAccess(msgspec.Struct, forbid_unknown_fields=True):
    approved: bool


class CreateKey(msgspec.Struct, forbid_unknown_fields=True):
    mode: Literal["test", "live"]
    name: str | None = None
    scopes: list[str] | None = None


class SetPassword(msgspec.Struct, forbid_unknown_fields=True):
    password: str
    currentPassword: str | None = None


Role = Literal["administrator", "reviewer", "viewer"]


class CreateUser(msgspec.Struct, forbid_unknown_fields=True):
    username: str
    name: str
    role: Role
    password: str | None = None


class UpdateUser(msgspec.Struct, forbid_unknown_fields=True):
    name: str | None = None
    role: Role | None = None
    disabled: bool | None = None


class UserPassword(msgspec.Struct, forbid_unknown_fields=True):
    password: str
