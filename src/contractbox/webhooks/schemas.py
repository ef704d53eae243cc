"""Request and response shapes of /v1/webhooks (API-CONVENTIONS.md, Webhooks)."""

from __future__ import annotations

from typing import Literal

import msgspec

from contractbox.core.params import Mode

DeliveryStatus = Literal["pending", "sending", "succeeded", "failed"]


class CreateWebhookRequest(msgspec.Struct, forbid_unknown_fields=True):
    url: str
    events: list[str]
    description: str | None = None


class UpdateWebhookRequest(msgspec.Struct, forbid_unknown_fields=True):
    """Every field is optional; a field left out (or null) keeps its value."""

    url: str | None = None
    events: list[str] | None = None
    enabled: bool | None = None
    description: str | None = None
    rotateSecret: bool | None = None


class WebhookEndpoint(msgspec.Struct):
    webhookId: str
    object: Literal["webhook_endpoint"]
    mode: Mode
    url: str
    events: list[str]
    description: str | None
    enabled: bool
    disabledReason: str | None
    createdAt: str
    updatedAt: str


class WebhookEndpointWithSecret(WebhookEndpoint):
    """As created: the signing secret is shown this once."""

    secret: str


class UpdatedWebhookEndpoint(WebhookEndpoint, omit_defaults=True):
    """As updated: `secret` is present only when the update rotated it."""

    secret: str | None = None


class DeletedWebhookEndpoint(msgspec.Struct):
    webhookId: str
    object: Literal["webhook_endpoint"]
    mode: Mode
    deleted: bool


class WebhookEndpointList(msgspec.Struct):
    object: Literal["list"]
    data: list[WebhookEndpoint]
    hasMore: bool
    url: str


class DeliveryAttempt(msgspec.Struct):
    number: int
    attemptedAt: str
    statusCode: int | None
    durationMs: int
    error: str | None


class WebhookDelivery(msgspec.Struct):
    deliveryId: str
    object: Literal["webhook_delivery"]
    mode: Mode
    webhookId: str
    eventId: str
    eventType: str
    test: bool
    status: DeliveryStatus
    nextAttemptAt: str | None
    createdAt: str
    finishedAt: str | None
    attempts: list[DeliveryAttempt]


class WebhookDeliveryList(msgspec.Struct):
    object: Literal["list"]
    data: list[WebhookDelivery]
    hasMore: bool
    url: str
