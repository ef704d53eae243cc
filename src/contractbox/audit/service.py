"""The audit log: one row per action, from the console, the CLI or the API, with its actor.
Rows are never changed or deleted by the app. The table (`console_audit`) kept its first name.

An actor is `{type: "user"|"cli"|"key", id, name}`: a console user, the operating-system user
running the CLI (`cli:<name>`), or the API key that made a write.
"""

from __future__ import annotations

import getpass
import json
from typing import Any

from contractbox.core.clock import now_iso
from contractbox.core.ids import new_id
from contractbox.core.paging import ListQuery, list_page
from contractbox.core.store import Store

Actor = dict[str, str]


def user_actor(user_id: str, name: str) -> Actor:
    return {"type": "user", "id": user_id, "name": name}


def key_actor(key_id: str) -> Actor:
    return {"type": "key", "id": key_id, "name": key_id}


def cli_actor() -> Actor:
    try:
        name = getpass.getuser()
    except (OSError, KeyError):  # no login name in this environment (e.g. a container without passwd entry)
        name = "unknown"
    return {"type": "cli", "id": f"cli:{name}", "name": name}


def record(
    store: Store,
    action: str,
    *,
    actor: Actor | None = None,
    session_id: str | None = None,
    org_id: str | None = None,
    mode: str | None = None,
    target: str | None = None,
    status: int | None = None,
    client: str | None = None,
    **detail: Any,
) -> None:
    store.execute(
        "INSERT INTO console_audit (id, at, session_id, action, org_id, mode, target, status, detail, client, actor) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            new_id("aud"),
            now_iso(),
            session_id,
            action,
            org_id,
            mode,
            target,
            status,
            json.dumps(detail),
            client,
            json.dumps(actor) if actor else None,
        ),
    )


def render(row: dict) -> dict[str, Any]:
    return {
        "auditId": row["id"],
        "object": "audit_entry",
        "at": row["at"],
        "action": row["action"],
        "actor": _named(json.loads(row["actor"]), row.get("key_name")) if row.get("actor") else None,
        "sessionId": row["session_id"],
        "orgId": row["org_id"],
        "orgName": row.get("org_name"),
        "mode": row["mode"],
        "target": row["target"],
        "status": row["status"],
        "detail": json.loads(row["detail"] or "{}"),
        "client": row["client"],
    }


def _named(actor: Actor, key_name: str | None) -> Actor:
    """An API key acts under its id; the log shows the name it was given ("Matter intake") when it has one."""
    if actor.get("type") == "key" and key_name:
        return {**actor, "name": key_name}
    return actor


# The name of the API key an entry's actor is, read with the entry (keys are never renamed).
KEY_NAME = (
    "(SELECT k.name FROM api_keys k WHERE json_extract(console_audit.actor, '$.type') = 'key' "
    "AND k.id = json_extract(console_audit.actor, '$.id')) AS key_name"
)


def list_entries(store: Store, params: dict[str, str | None]) -> dict[str, Any]:
    query = ListQuery()
    if params.get("action"):
        query.add("action LIKE ?", f"{params['action']}%")
    if params.get("orgId"):
        query.add("org_id = ?", params["orgId"])
    return list_page(
        store,
        "console_audit",
        query,
        url="/console/api/audit",
        render=render,
        params=params,
        columns="console_audit.*, (SELECT name FROM organizations o WHERE o.id = console_audit.org_id) AS org_name, "
        + KEY_NAME,
    )


# How writes through /v1 are named in the log: (method, resource[, sub-action]) -> action.
V1_ACTIONS = {
    ("POST", "analyses"): "analysis.create",
    ("POST", "contracts"): "contract.create",
    ("DELETE", "contracts"): "contract.delete",
    ("PATCH", "contracts"): "contract.rename",
    ("POST", "contracts", "reviews"): "review.create",
    ("POST", "comparisons"): "comparison.create",
    ("POST", "review_sets"): "review_set.create",
    ("PATCH", "review_sets"): "review_set.rename",
    ("POST", "webhooks"): "webhook.create",
    ("PATCH", "webhooks"): "webhook.update",
    ("DELETE", "webhooks"): "webhook.delete",
    ("POST", "webhooks", "test"): "webhook.test",
    ("POST", "webhooks", "rotate"): "webhook.rotate",
}


def v1_action(method: str, path: str) -> tuple[str, str | None]:
    """('webhook.update', 'whk_...') for PATCH /v1/webhooks/whk_...; unknown writes keep their verb."""
    parts = [p for p in path.split("/") if p][1:]  # drop "v1"
    resource = parts[0] if parts else ""
    target = parts[1] if len(parts) > 1 else None
    sub = parts[2] if len(parts) > 2 else None
    action = (
        V1_ACTIONS.get((method, resource, sub) if sub else (method, resource))
        or f"{resource}.{method.lower()}{'.' + sub if sub else ''}"
    )
    return action, target
