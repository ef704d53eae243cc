"""The rules of webhook endpoints: one organization and mode each, a URL the address policy
allows, a set of event types, a signing secret shown once (and again only when rotated).

The secret is stored as is in the app database: signing needs the secret itself, not a hash,
and a key to encrypt it would have to live in the same data directory. It is never returned by
GET or list; protect the data directory as you protect the API keys' owners' data.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import msgspec

from contractbox.core.clock import Clock, iso
from contractbox.core.errors import invalid, missing, not_found
from contractbox.core.events import EVENT_TYPES
from contractbox.core.ids import new_id
from contractbox.core.netguard import MAX_URL_LENGTH, NetworkError, check_destination
from contractbox.core.paging import ListQuery, list_page
from contractbox.core.replies import record_reply
from contractbox.core.store import Store
from contractbox.keys.service import Principal
from contractbox.webhooks.delivery import WebhookDelivery, insert_delivery
from contractbox.webhooks.schemas import (
    CreateWebhookRequest,
    DeletedWebhookEndpoint,
    UpdatedWebhookEndpoint,
    UpdateWebhookRequest,
    WebhookDeliveryList,
    WebhookEndpoint,
    WebhookEndpointList,
    WebhookEndpointWithSecret,
)
from contractbox.webhooks.schemas import WebhookDelivery as WebhookDeliveryBody
from contractbox.webhooks.sender import policy_message
from contractbox.webhooks.signing import new_secret

MAX_DESCRIPTION = 500
PREVIOUS_SECRET_GRACE = timedelta(hours=24)
TEST_EVENT_TYPE = "webhook.test"
# Failures that say the URL can never work; others (an unknown host today) are left to delivery.
REFUSED_AT_CREATION = ("url_forbidden", "url_invalid")
ENDPOINT_COLUMNS = "seq, id, mode, url, events, description, enabled, disabled_reason, created_at, updated_at"


def render(row: dict) -> dict[str, Any]:
    return {
        "webhookId": row["id"],
        "object": "webhook_endpoint",
        "mode": row["mode"],
        "url": row["url"],
        "events": json.loads(row["events"]),
        "description": row["description"],
        "enabled": bool(row["enabled"]),
        "disabledReason": row["disabled_reason"],
        "createdAt": row["created_at"],
        "updatedAt": row["updated_at"],
    }


def validate_events(events: list[str]) -> list[str]:
    if not events:
        raise invalid("events", f"events must name at least one event type: {', '.join(EVENT_TYPES)}.")
    unknown = [e for e in events if e not in EVENT_TYPES]
    if unknown:
        raise invalid("events", f"Unknown event type '{unknown[0]}'. Event types: {', '.join(EVENT_TYPES)}.")
    return list(dict.fromkeys(events))


def validate_description(description: str | None) -> str | None:
    if description is not None and len(description) > MAX_DESCRIPTION:
        raise invalid("description", f"description must be at most {MAX_DESCRIPTION} characters.")
    return description or None


def redact_deliveries(db: Any, kind: str, object_id: str) -> None:
    """Inside an object's deletion: deliveries of events that name it keep their log, not its content."""
    stub = json.dumps({"id": object_id, "object": kind, "deleted": True})
    db.execute(
        "UPDATE webhook_deliveries SET payload = json_set(payload, '$.data.object', json(?)) "
        "WHERE instr(payload, ?) > 0",
        (stub, object_id),
    )


class WebhookService:
    def __init__(self, store: Store, clock: Clock, delivery: WebhookDelivery, allow_loopback: bool) -> None:
        self.store = store
        self.clock = clock
        self.delivery = delivery
        self.allow_loopback = allow_loopback

    def validate_url(self, url: str) -> str:
        url = url.strip()
        if not url:
            raise missing("url")
        if len(url) > MAX_URL_LENGTH:
            raise invalid("url", f"url must be at most {MAX_URL_LENGTH} characters.")
        try:
            check_destination(url, allow_loopback=self.allow_loopback)
        except NetworkError as exc:
            if exc.code in REFUSED_AT_CREATION:
                raise invalid("url", policy_message(exc)) from None
        return url

    # --- endpoints ------------------------------------------------------------------------

    def create(self, principal: Principal, req: CreateWebhookRequest) -> WebhookEndpointWithSecret:
        url = self.validate_url(req.url)
        events = validate_events(req.events)
        description = validate_description(req.description)
        webhook_id, secret, now = new_id("whk"), new_secret(), self.clock.now_iso()
        with self.store.transaction() as db:
            db.table("webhook_endpoints").insert(
                {
                    "id": webhook_id,
                    "org_id": principal.org_id,
                    "mode": principal.mode,
                    "url": url,
                    "events": json.dumps(events),
                    "description": description,
                    "secret": secret,
                    "enabled": 1,
                    "created_at": now,
                    "updated_at": now,
                }
            )
            created = msgspec.convert(
                {**self._endpoint(principal, webhook_id), "secret": secret}, WebhookEndpointWithSecret
            )
            record_reply(db, 201, created, location=f"/v1/webhooks/{webhook_id}")
        return created

    def get_row(self, principal: Principal, webhook_id: str) -> dict:
        row = self.store.query_one(
            f"SELECT {ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = ? AND org_id = ? AND mode = ? AND deleted_at IS NULL",
            (webhook_id, principal.org_id, principal.mode),
        )
        if row is None:
            raise not_found("webhook endpoint", webhook_id)
        return row

    def get(self, principal: Principal, webhook_id: str) -> WebhookEndpoint:
        return msgspec.convert(self._endpoint(principal, webhook_id), WebhookEndpoint)

    def _endpoint(self, principal: Principal, webhook_id: str) -> dict[str, Any]:
        return render(self.get_row(principal, webhook_id))

    def list(self, principal: Principal, params: dict[str, str | None]) -> WebhookEndpointList:
        query = (
            ListQuery().add("org_id = ?", principal.org_id).add("mode = ?", principal.mode).add("deleted_at IS NULL")
        )
        page = list_page(
            self.store,
            "webhook_endpoints",
            query,
            url="/v1/webhooks",
            render=render,
            params=params,
            columns=ENDPOINT_COLUMNS,
        )
        return msgspec.convert(page, WebhookEndpointList)

    def update(self, principal: Principal, webhook_id: str, req: UpdateWebhookRequest) -> UpdatedWebhookEndpoint:
        self.get_row(principal, webhook_id)
        changes: dict[str, Any] = {}
        if req.url is not None:
            changes["url"] = self.validate_url(req.url)
        if req.events is not None:
            changes["events"] = json.dumps(validate_events(req.events))
        if req.description is not None:
            changes["description"] = validate_description(req.description)
        if req.enabled is not None:
            changes["enabled"] = int(req.enabled)
            changes["disabled_reason"] = None if req.enabled else "Disabled through the API."
        secret = None
        if req.rotateSecret:
            secret = new_secret()
            changes["secret"] = secret
        with self.store.transaction() as db:
            if secret is not None:
                # The previous secret keeps signing alongside the new one for a day.
                db.execute(
                    "UPDATE webhook_endpoints SET previous_secret = secret, previous_secret_until = ? WHERE id = ?",
                    (iso(self.clock.now() + PREVIOUS_SECRET_GRACE), webhook_id),
                )
            if changes:
                assignments = ", ".join(f"{column} = ?" for column in changes)
                db.execute(
                    f"UPDATE webhook_endpoints SET {assignments}, updated_at = ? WHERE id = ?",
                    (*changes.values(), self.clock.now_iso(), webhook_id),
                )
        endpoint = self._endpoint(principal, webhook_id)
        return msgspec.convert({**endpoint, "secret": secret} if secret else endpoint, UpdatedWebhookEndpoint)

    def delete(self, principal: Principal, webhook_id: str) -> DeletedWebhookEndpoint:
        self.get_row(principal, webhook_id)
        now = self.clock.now_iso()
        with self.store.transaction() as db:
            db.execute(
                "UPDATE webhook_endpoints SET deleted_at = ?, enabled = 0, updated_at = ? WHERE id = ?",
                (now, now, webhook_id),
            )
            db.execute(
                "UPDATE webhook_deliveries SET state = 'failed', next_attempt_at = NULL, finished_at = ?, last_error = ? WHERE webhook_id = ? AND state = 'pending'",
                (now, "Not sent: the endpoint was deleted.", webhook_id),
            )
        return msgspec.convert(
            {"webhookId": webhook_id, "object": "webhook_endpoint", "mode": principal.mode, "deleted": True},
            DeletedWebhookEndpoint,
        )

    # --- test events and the delivery log -------------------------------------------------

    def send_test(self, principal: Principal, webhook_id: str) -> WebhookDeliveryBody:
        """Queue one signed `webhook.test` event to this endpoint (one attempt, no retries; it is
        sent even to a disabled endpoint, so the receiver can be checked before re-enabling)."""
        endpoint = self._endpoint(principal, webhook_id)
        event_id = new_id("evt")
        payload = {
            "eventId": event_id,
            "object": "event",
            "type": TEST_EVENT_TYPE,
            "createdAt": self.clock.now_iso(),
            "mode": principal.mode,
            "data": {"object": endpoint},
        }
        with self.store.transaction() as db:
            delivery_id = insert_delivery(db, webhook_id, event_id, TEST_EVENT_TYPE, json.dumps(payload), is_test=True)
            row = next(db.query("SELECT * FROM webhook_deliveries WHERE id = ?", (delivery_id,)))
            delivery = msgspec.convert(self._render_delivery(principal.mode)(row), WebhookDeliveryBody)
            record_reply(db, 202, delivery)
        self.delivery.enqueue(delivery_id)  # unfinished deliveries are re-queued at start
        return delivery

    def deliveries(self, principal: Principal, webhook_id: str, params: dict[str, str | None]) -> WebhookDeliveryList:
        self.get_row(principal, webhook_id)
        page = list_page(
            self.store,
            "webhook_deliveries",
            ListQuery().add("webhook_id = ?", webhook_id),
            url=f"/v1/webhooks/{webhook_id}/deliveries",
            render=self._render_delivery(principal.mode),
            params=params,
            columns="seq, id, webhook_id, event_id, event_type, is_test, state, next_attempt_at, created_at, finished_at",
        )
        return msgspec.convert(page, WebhookDeliveryList)

    def _render_delivery(self, mode: str) -> Callable[[dict], dict[str, Any]]:
        def render_delivery(row: dict) -> dict[str, Any]:
            attempts = self.store.query(
                "SELECT number, attempted_at, status_code, duration_ms, error FROM webhook_attempts WHERE delivery_id = ? ORDER BY seq",
                (row["id"],),
            )
            return {
                "deliveryId": row["id"],
                "object": "webhook_delivery",
                "mode": mode,
                "webhookId": row["webhook_id"],
                "eventId": row["event_id"],
                "eventType": row["event_type"],
                "test": bool(row["is_test"]),
                "status": row["state"],
                "nextAttemptAt": row["next_attempt_at"],
                "createdAt": row["created_at"],
                "finishedAt": row["finished_at"],
                "attempts": [
                    {
                        "number": a["number"],
                        "attemptedAt": a["attempted_at"],
                        "statusCode": a["status_code"],
                        "durationMs": a["duration_ms"],
                        "error": a["error"],
                    }
                    for a in attempts
                ],
            }

        return render_delivery
