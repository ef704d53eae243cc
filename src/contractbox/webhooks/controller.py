from __future__ import annotations

from litestar import Controller, Request, Response, delete, get, patch, post
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody

from contractbox.auth.guards import principal_of
from contractbox.core.http.paging import EndingBefore, Limit, StartingAfter
from contractbox.webhooks.schemas import (
    CreateWebhookRequest,
    DeletedWebhookEndpoint,
    UpdatedWebhookEndpoint,
    UpdateWebhookRequest,
    WebhookDelivery,
    WebhookDeliveryList,
    WebhookEndpoint,
    WebhookEndpointList,
    WebhookEndpointWithSecret,
)
from contractbox.webhooks.service import WebhookService

SCOPE = {"scope": "webhooks:manage"}


# Writes run in a worker thread: DNS lookups (URL policy) and fsyncs must not stall the event loop.
class WebhooksController(Controller):
    path = "/webhooks"
    tags = ["Webhooks"]

    @post(
        "/",
        operation_id="createWebhook",
        status_code=201,
        opt=SCOPE,
        summary="Register a webhook endpoint (its signing secret is shown once)",
        sync_to_thread=True,
    )
    def create(
        self, request: Request, data: JSONBody[CreateWebhookRequest], webhooks: NamedDependency[WebhookService]
    ) -> Response[WebhookEndpointWithSecret]:
        endpoint = webhooks.create(principal_of(request), data)
        return Response(endpoint, status_code=201, headers={"Location": f"/v1/webhooks/{endpoint.webhookId}"})

    @get("/", operation_id="listWebhooks", opt=SCOPE, summary="List webhook endpoints, newest first")
    async def list_endpoints(
        self,
        request: Request,
        webhooks: NamedDependency[WebhookService],
        limit: Limit = None,
        starting_after: StartingAfter = None,
        ending_before: EndingBefore = None,
    ) -> WebhookEndpointList:
        params = {"limit": limit, "startingAfter": starting_after, "endingBefore": ending_before}
        return webhooks.list(principal_of(request), params)

    @get("/{webhookId:str}", operation_id="getWebhook", opt=SCOPE, summary="Get a webhook endpoint")
    async def retrieve(
        self, request: Request, webhookId: FromPath[str], webhooks: NamedDependency[WebhookService]
    ) -> WebhookEndpoint:
        return webhooks.get(principal_of(request), webhookId)

    @patch(
        "/{webhookId:str}",
        operation_id="updateWebhook",
        opt=SCOPE,
        summary="Change a webhook endpoint's url, events, description or enabled flag, or rotate its secret",
        sync_to_thread=True,
    )
    def update(
        self,
        request: Request,
        webhookId: FromPath[str],
        data: JSONBody[UpdateWebhookRequest],
        webhooks: NamedDependency[WebhookService],
    ) -> UpdatedWebhookEndpoint:
        return webhooks.update(principal_of(request), webhookId, data)

    @delete(
        "/{webhookId:str}",
        operation_id="deleteWebhook",
        status_code=200,
        opt=SCOPE,
        summary="Delete a webhook endpoint",
        sync_to_thread=True,
    )
    def remove(
        self, request: Request, webhookId: FromPath[str], webhooks: NamedDependency[WebhookService]
    ) -> DeletedWebhookEndpoint:
        return webhooks.delete(principal_of(request), webhookId)

    @post(
        "/{webhookId:str}/test",
        operation_id="sendTestWebhook",
        status_code=202,
        opt=SCOPE,
        summary="Send a signed webhook.test event to the endpoint",
        sync_to_thread=True,
    )
    def send_test(
        self, request: Request, webhookId: FromPath[str], webhooks: NamedDependency[WebhookService]
    ) -> Response[WebhookDelivery]:
        delivery = webhooks.send_test(principal_of(request), webhookId)
        return Response(delivery, status_code=202)

    @get(
        "/{webhookId:str}/deliveries",
        operation_id="listWebhookDeliveries",
        opt=SCOPE,
        summary="The endpoint's deliveries, newest first, each with its attempts",
    )
    async def deliveries(
        self,
        request: Request,
        webhookId: FromPath[str],
        webhooks: NamedDependency[WebhookService],
        limit: Limit = None,
        starting_after: StartingAfter = None,
        ending_before: EndingBefore = None,
    ) -> WebhookDeliveryList:
        params = {"limit": limit, "startingAfter": starting_after, "endingBefore": ending_before}
        return webhooks.deliveries(principal_of(request), webhookId, params)
