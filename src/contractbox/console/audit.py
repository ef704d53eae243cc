"""The console's side of the audit log (`contractbox.audit.service`): entries made with a session
get the session's user as their actor, and writes through /v1 are named by V1_ACTIONS."""

from __future__ import annotations

from typing import Any

from contractbox.audit.service import V1_ACTIONS, Actor, list_entries, render, user_actor, v1_action
from contractbox.audit.service import record as record_entry
from contractbox.core.store import Store
from contractbox.users.service import admin_user, get_user

__all__ = ["V1_ACTIONS", "list_entries", "record", "render", "v1_action"]


def record(
    store: Store, action: str, *, session_id: str | None = None, actor: Actor | None = None, **fields: Any
) -> None:
    """An audit entry; with a session and no actor given, the actor is the session's user."""
    if actor is None and session_id is not None:
        actor = session_actor(store, session_id)
    record_entry(store, action, actor=actor, session_id=session_id, **fields)


def session_actor(store: Store, session_id: str) -> Actor | None:
    row = store.query_one("SELECT user_id FROM console_sessions WHERE id = ?", (session_id,))
    if row is None:
        return None
    # Sessions from before users existed (migration 0400_users) belong to `admin`.
    user = get_user(store, row["user_id"]) if row["user_id"] else admin_user(store)
    return user_actor(user.id, user.name) if user else None
