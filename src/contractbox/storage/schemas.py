"""The answer to a DELETE (API-CONVENTIONS.md style): which object is gone."""

from __future__ import annotations

import msgspec


class DeletedObject(msgspec.Struct):
    id: str
    object: str
    deleted: bool
