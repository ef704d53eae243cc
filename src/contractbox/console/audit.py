"""The audit log: one row per console action (sign-ins, admin changes, writes made through /v1
with a session). Rows are never changed or deleted by the app."""

from __future__ import annotations

import json
from typing import Any

from contractbox.core.clock import now_iso
from contractbox.core.ids import new_id
from contractbox.core.paging import ListQuery, list_page
from contractbox.core.store import Store


def record(
    store: Store,
    action: str,
    *,
    session_id: str | None = None,
    org_id: str | None = None,
    mode: str | None = None,
    target: str | None = None,
    status: int | None = None,
    client: str | None = None,
    **detail: Any,
) -> None:
    store.execute(
        "INSERT INTO console_audit (id, at, session_id, action, org_id, mode, target, status, detail, client) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (new_id("aud"), now_iso(), session_id, action, org_id, mode, target, status, json.dumps(detail), client),
    )


def render(row: dict) -> dict[str, Any]:
    return {
        "auditId": row["id"],
        "object": "audit_entry",
        "at": row["at"],
        "action": row["action"],
        "sessionId": row["session_id"],
        "orgId": row["org_id"],
        "orgName": row.get("org_name"),
        "mode": row["mode"],
        "target": row["target"],
        "status": row["status"],
        "detail": json.loads(row["detail"] or "{}"),
        "client": row["client"],
    }


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
        columns="console_audit.*, (SELECT name FROM organizations o WHERE o.id = console_audit.org_id) AS org_name",
    )


# How writes through /v1 are named in the log: (method, resource[, sub-action]) -> action.
V1_ACTIONS = {
    ("POST", "analyses"): "analysis.create",
    ("POST", "contracts"): "contract.create",
    ("DELETE", "contracts"): "contract.delete",
    ("POST", "comparisons"): "comparison.create",
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
