"""The published OpenAPI document: what Litestar generates from the handlers, completed with what
code generators need and cannot get from a handler's signature.

Litestar builds paths, bodies and response schemas from the msgspec Structs; server/openapi.py
adds every operation's error responses. `published_document` then adds, on a copy:

- `servers`: the origin the client reached (the paths already start with /v1, so the base URL
  of a generated client is `https://HOST:PORT`, as the README says);
- the `Idempotency-Key` header on every POST (core/http/idempotency.py honours it on all of them);
- response headers as reusable components: `X-Request-Id` on every response, `Location` on 201 and
  202, `Idempotent-Replayed` on POST answers below 500 (the stored ones), `Retry-After` on 429 and 503;
- typed query parameters: integer `limit` with its bounds, enums for closed sets, `format` for
  timestamps and dates (the handlers read them as strings to answer bad values in the documented
  error shape, so the keywords are stated here);
- keywords for the documented limits and formats on the schemas (`maxLength`, `maxProperties`,
  `minimum`/`maximum`, `date-time`, `date`, `byte`, `uri`), and `format: binary` on PDF answers;
- the scope each operation needs (`x-scope`, its `security` roles and a line in its description);
- a `webhooks` section: the event envelope and each event type's `data.object`;
- examples on the main requests and responses.

tests/test_openapi.py holds every keyword added here to what the server answers: each response of
the API tests is validated against this document (status, body with formats, declared headers).
"""

from __future__ import annotations

import copy
from typing import Any

from litestar import Litestar

from contractbox.analyses.service import ORIGINS as ANALYSIS_ORIGINS
from contractbox.analyses.service import STATUSES as ANALYSIS_STATUSES
from contractbox.answers.questions import QUESTIONS
from contractbox.contracts.service import EXPANDABLE, REVIEW_STATES, RISK_LEVELS
from contractbox.core.events import EVENT_TYPES
from contractbox.core.http.idempotency import MAX_KEY_LENGTH
from contractbox.core.netguard import MAX_URL_LENGTH
from contractbox.core.paging import DEFAULT_LIMIT, MAX_LIMIT
from contractbox.core.params import MAX_METADATA_KEY, MAX_METADATA_KEYS, MAX_METADATA_VALUE, MAX_TITLE
from contractbox.reviews.service import MAX_NOTE
from contractbox.reviews.service import MAX_VALUE as MAX_CORRECTED_VALUE
from contractbox.reviewsets.service import MAX_LABEL as MAX_SET_LABEL
from contractbox.reviewsets.service import MAX_NAME as MAX_SET_NAME
from contractbox.server.openapi_examples import EVENT_EXAMPLES, REQUEST_EXAMPLES, RESPONSE_EXAMPLES
from contractbox.webhooks.service import MAX_DESCRIPTION as MAX_WEBHOOK_DESCRIPTION
from contractbox.webhooks.service import TEST_EVENT_TYPE

Schema = dict[str, Any]

HEADERS: dict[str, Schema] = {
    "X-Request-Id": {
        "required": True,
        "description": "The request's id (`req_...`); quote it when reporting a problem. Error bodies carry it too.",
        "schema": {"type": "string"},
    },
    "Location": {
        "required": True,
        "description": "The created object's URL path (for 202, the analysis to poll).",
        "schema": {"type": "string", "format": "uri-reference"},
    },
    "Idempotent-Replayed": {
        "description": "`true` when this answer is the stored answer to an earlier request with the same Idempotency-Key.",
        "schema": {"type": "string", "enum": ["true"]},
    },
    "Retry-After": {
        "required": True,
        "description": "Seconds to wait before retrying.",
        "schema": {"type": "integer", "minimum": 0},
    },
}

IDEMPOTENCY_KEY: Schema = {
    "name": "Idempotency-Key",
    "in": "header",
    "required": False,
    "description": (
        "Makes a POST safe to retry: the same key with the same body replays the first answer (with "
        "`Idempotent-Replayed: true`) instead of acting twice, for 24 hours, per organization and mode. "
        "The same key with a different body is 422 `idempotency_key_reused`; while the first request "
        "still runs, 409 `idempotency_key_in_use`. Use a fresh random value (a UUID) per operation."
    ),
    "schema": {"type": "string", "minLength": 1, "maxLength": MAX_KEY_LENGTH},
    "example": "6f1c2b8e-2d4a-4b7e-9a55-0c3f1d2e4a10",
}

TIMESTAMP: Schema = {"type": "string", "format": "date-time"}
DATE: Schema = {"type": "string", "format": "date"}
URL: Schema = {"format": "uri", "maxLength": MAX_URL_LENGTH}
EVENT_TYPE: Schema = {"$ref": "#/components/schemas/EventType"}  # one generated enum, not one per field
# What a delivery can carry: the subscribable types and the test event sendTestWebhook queues.
DELIVERED_EVENT_TYPE: Schema = {"type": "string", "enum": [*EVENT_TYPES, TEST_EVENT_TYPE]}
TITLE: Schema = {"minLength": 1, "maxLength": MAX_TITLE, "pattern": "\\S"}  # not blank

SECURITY_SCHEMES = ("bearer", "apiKey")  # components/securitySchemes, declared in server/app.py
# 201/202 answers that create nothing with a URL of its own (a queued test event).
NO_LOCATION = {("post", "/v1/webhooks/{webhookId}/test")}

# Query parameters by name: the schema generators should see (the wire value is parsed by the handler).
QUERY_PARAMETERS: dict[str, Schema] = {
    "limit": {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT, "default": DEFAULT_LIMIT},
    "startingAfter": {"type": "string"},
    "endingBefore": {"type": "string"},
    "createdGte": TIMESTAMP,
    "createdLte": TIMESTAMP,
    "expiresBefore": DATE,
    "from": DATE,
    "to": DATE,
}
# A review set's grid and its exports take the question keys to show (or `all`).
GRIDS = [f"/v1/review_sets/{{reviewSetId}}/{grid}" for grid in ("grid", "exports/grid.csv", "exports/grid.xlsx")]
GRID_QUESTIONS = ["all", *(question.key for question in QUESTIONS)]
# Closed sets of query parameters, by (path, name): the values the service accepts.
QUERY_ENUMS: dict[tuple[str, str], Schema] = {
    ("/v1/analyses", "status"): {"type": "array", "items": {"type": "string", "enum": list(ANALYSIS_STATUSES)}},
    ("/v1/analyses", "origin"): {"type": "string", "enum": list(ANALYSIS_ORIGINS)},
    ("/v1/contracts", "riskLevel"): {"type": "array", "items": {"type": "string", "enum": list(RISK_LEVELS)}},
    ("/v1/contracts", "reviewState"): {"type": "string", "enum": list(REVIEW_STATES)},
    ("/v1/contracts", "expand[]"): {"type": "array", "items": {"type": "string", "enum": list(EXPANDABLE)}},
    ("/v1/contracts/{contractId}/reviews", "current"): {"type": "boolean"},  # the wire value: true or false
    **{(path, "questions"): {"type": "array", "items": {"type": "string", "enum": GRID_QUESTIONS}} for path in GRIDS},
}
# Parameters sent as one comma-separated value (riskLevel=low,high; status=queued,processing).
COMMA_SEPARATED = {
    ("/v1/analyses", "status"),
    ("/v1/contracts", "riskLevel"),
    *((path, "questions") for path in GRIDS),
}

# Keywords added to component schemas: schema name -> property -> keywords. A schema missing
# from the document (an operation removed) is skipped; tests/test_openapi.py checks they exist.
PROPERTY_KEYWORDS: dict[str, dict[str, Schema]] = {
    "CreateAnalysisRequest": {
        "title": TITLE,
        "url": URL,
        "pdfBase64": {"format": "byte", "contentEncoding": "base64", "contentMediaType": "application/pdf"},
        "label": {"maxLength": MAX_SET_LABEL},
    },
    "CreateContractRequest": {"title": TITLE},
    "CreateReviewRequest": {"note": {"maxLength": MAX_NOTE}, "correctedValue": {"maxLength": MAX_CORRECTED_VALUE}},
    "CreateReviewSetRequest": {"name": {"maxLength": MAX_SET_NAME}},
    "UpdateReviewSetRequest": {"name": {"maxLength": MAX_SET_NAME}},
    "RenameContractRequest": {"title": TITLE},
    "CreateWebhookRequest": {
        "url": URL,
        "events": {"minItems": 1, "items": EVENT_TYPE},
        "description": {"maxLength": MAX_WEBHOOK_DESCRIPTION},
    },
    "UpdateWebhookRequest": {
        "url": URL,
        "events": {"minItems": 1, "items": EVENT_TYPE},
        "description": {"maxLength": MAX_WEBHOOK_DESCRIPTION},
    },
    "Clause": {"confidence": {"minimum": 0, "maximum": 1}},
    "ClauseSide": {"confidence": {"minimum": 0, "maximum": 1}},
    "ClauseDiff": {"similarity": {"minimum": 0, "maximum": 1}},
    "ObligationDiff": {"similarity": {"minimum": 0, "maximum": 1}},
    "RiskScore": {"value": {"minimum": 0, "maximum": 100}},
    "ScoreSide": {"value": {"minimum": 0, "maximum": 100}},
    "ContractRiskScore": {"value": {"minimum": 0, "maximum": 100}},
    "Evidence": {"page": {"minimum": 1}, "start": {"minimum": 0}, "end": {"minimum": 0}},
    "KeyDate": {"date": {"format": "date"}},
    "KeyDateSide": {"date": {"format": "date"}},
    "Due": {"date": {"format": "date"}},
    "Contract": {"effectiveDate": {"format": "date"}, "expirationDate": {"format": "date"}},
    "Period": {"from": {"format": "date"}, "to": {"format": "date"}},
    "WebhookEndpoint": {"url": {"format": "uri"}, "events": {"items": EVENT_TYPE}},
    "WebhookEndpointWithSecret": {"url": {"format": "uri"}, "events": {"items": EVENT_TYPE}},
    "UpdatedWebhookEndpoint": {"url": {"format": "uri"}, "events": {"items": EVENT_TYPE}},
    "WebhookDelivery": {"eventType": DELIVERED_EVENT_TYPE},
    "DocumentInfo": {"pageCount": {"minimum": 0}, "characterCount": {"minimum": 0}},
    "ErrorObject": {
        "contractId": {
            "description": "On 409 contract_exists and analysis_saved: the contract the analysis is saved as."
        },
        "limitBytes": {"minimum": 0, "description": "On 507 storage_quota_exceeded: the organization's limit."},
        "usedBytes": {"minimum": 0, "description": "On 507 storage_quota_exceeded: bytes stored now."},
        "requestedBytes": {"minimum": 0, "description": "On 507 storage_quota_exceeded: bytes this request needs."},
    },
}
METADATA: Schema = {
    "maxProperties": MAX_METADATA_KEYS,
    "propertyNames": {"minLength": 1, "maxLength": MAX_METADATA_KEY},
    "additionalProperties": {"type": "string", "maxLength": MAX_METADATA_VALUE},
}
# The object each event type carries in `data.object` (a component schema name).
EVENT_OBJECTS: dict[str, str] = {
    "analysis.completed": "Analysis",
    "analysis.failed": "Analysis",
    "contract.created": "Contract",
    "comparison.created": "Comparison",
    TEST_EVENT_TYPE: "WebhookEndpoint",
}
EVENT_DESCRIPTIONS: dict[str, str] = {
    "analysis.completed": "An analysis finished; fetch its result with getAnalysisResult.",
    "analysis.failed": "An analysis failed; `data.object.error` says why.",
    "contract.created": "An analysis was saved as a contract.",
    "comparison.created": "A comparison of two analyses or contracts was created.",
    TEST_EVENT_TYPE: "Sent by sendTestWebhook; `data.object` is the endpoint, without its secret.",
}


def published_document(app: Litestar, base_url: str) -> Schema:
    """The document as /v1/openapi.json serves it to a client that reached the server at base_url."""
    document = copy.deepcopy(app.openapi_schema.to_schema())
    document["servers"] = [{"url": base_url.rstrip("/"), "description": "This ContractBox server"}]
    document["security"] = [{scheme: []} for scheme in SECURITY_SCHEMES]  # either header carries the key
    components = document.setdefault("components", {})
    components["headers"] = HEADERS
    components["parameters"] = {"IdempotencyKey": IDEMPOTENCY_KEY}
    schemas = components.setdefault("schemas", {})
    for path, operations in document.get("paths", {}).items():
        for method, operation in operations.items():
            if isinstance(operation, dict) and "responses" in operation:
                complete_operation(path, method, operation, app)
    schemas["EventType"] = {"type": "string", "enum": list(EVENT_TYPES), "title": "EventType"}
    add_schema_keywords(schemas)
    schemas.update(event_schemas())
    document["webhooks"] = webhooks_section()
    return document


def complete_operation(path: str, method: str, operation: Schema, app: Litestar) -> None:
    for parameter in operation.get("parameters", []):
        type_parameter(path, parameter)
    if method == "post":
        operation.setdefault("parameters", []).append({"$ref": "#/components/parameters/IdempotencyKey"})
    for status, response in operation["responses"].items():
        response["headers"] = response_headers(method, path, int(status))
        type_binary_content(response)
    scope = required_scope(app, path, method)
    if scope:
        operation["x-scope"] = scope
        # OpenAPI 3.1 lets a non-OAuth scheme name the roles an operation needs: the key's scope.
        operation["security"] = [{scheme: [scope]} for scheme in SECURITY_SCHEMES]
        operation["description"] = (operation.get("description", "") + f"\n\nRequires the `{scope}` scope.").strip()
    add_examples(operation, method, path)


def type_parameter(path: str, parameter: Schema) -> None:
    name = parameter.get("name", "")
    if parameter.get("in") != "query":
        return
    schema = QUERY_ENUMS.get((path, name)) or QUERY_PARAMETERS.get(name)
    if schema is not None:
        parameter["schema"] = copy.deepcopy(schema)
    else:  # a query string cannot carry null: `T | None` is an optional T
        branches = [b for b in parameter.get("schema", {}).get("oneOf", []) if b.get("type") != "null"]
        if len(branches) == 1:
            parameter["schema"] = branches[0]
    if (path, name) in COMMA_SEPARATED:
        parameter["style"] = "form"
        parameter["explode"] = False


def type_binary_content(response: Schema) -> None:
    """A PDF (any non-text, non-JSON answer) is bytes: `format: binary` makes a generated client hand
    back a file, not a `str` holding bytes; `contentMediaType` is how OpenAPI 3.1 says the same."""
    for media_type, content in response.get("content", {}).items():
        if media_type == "application/json" or media_type.startswith("text/") or media_type.endswith("+json"):
            continue
        content["schema"] = {"type": "string", "format": "binary", "contentMediaType": media_type}


def response_headers(method: str, path: str, status: int) -> dict[str, Schema]:
    headers = {"X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}}
    if status in (201, 202) and (method, path) not in NO_LOCATION:
        headers["Location"] = {"$ref": "#/components/headers/Location"}
    if method == "post" and status < 500:  # an error that changed nothing is stored and replayed too
        headers["Idempotent-Replayed"] = {"$ref": "#/components/headers/Idempotent-Replayed"}
    if status in (429, 503):
        headers["Retry-After"] = {"$ref": "#/components/headers/Retry-After"}
    return headers


def required_scope(app: Litestar, path: str, method: str) -> str | None:
    for route in app.routes:
        if getattr(route, "path_format", None) != path:
            continue
        for handler in getattr(route, "route_handlers", []):
            if method.upper() in handler.http_methods:
                scope = handler.opt.get("scope")
                return scope if isinstance(scope, str) else None
    return None


def add_schema_keywords(schemas: dict[str, Schema]) -> None:
    for name, schema in schemas.items():
        properties = schema.get("properties", {})
        for prop, keywords in PROPERTY_KEYWORDS.get(name, {}).items():
            if prop in properties:
                merge_keywords(properties[prop], keywords)
        for prop, value in properties.items():
            if len(value.get("oneOf", [])) == 1:  # an optional field Litestar wraps in a one-branch oneOf
                properties[prop] = value = {**value.pop("oneOf")[0], **value}
            if prop.endswith("At"):
                merge_keywords(value, {"format": "date-time"})
            elif prop.endswith("Base64"):
                merge_keywords(value, {"format": "byte", "contentEncoding": "base64"})
            elif prop == "metadata":
                merge_keywords(value, METADATA)


def merge_keywords(schema: Schema, keywords: Schema) -> None:
    """Add keywords to a property schema; for `T | None` (oneOf [T, null]) they go on the T branch."""
    branches = [b for b in schema.get("oneOf", []) if b.get("type") != "null" and "$ref" not in b]
    target = branches[0] if len(branches) == 1 else schema
    target.update(copy.deepcopy(keywords))


def event_schemas() -> dict[str, Schema]:
    """One envelope schema per event type: {eventId, object: "event", type, createdAt, mode, data: {object}}."""
    schemas: dict[str, Schema] = {}
    for event_type, object_schema in EVENT_OBJECTS.items():
        schemas[event_schema_name(event_type)] = {
            "type": "object",
            "title": f"{event_type} event",
            "description": EVENT_DESCRIPTIONS[event_type],
            "required": ["eventId", "object", "type", "createdAt", "mode", "data"],
            "properties": {
                "eventId": {"type": "string", "description": "Stable across retries; the `webhook-id` header."},
                "object": {"type": "string", "const": "event"},
                "type": {"type": "string", "const": event_type},
                "createdAt": TIMESTAMP,
                "mode": {"type": "string", "enum": ["test", "live"]},
                "data": {
                    "type": "object",
                    "required": ["object"],
                    "properties": {"object": {"$ref": f"#/components/schemas/{object_schema}"}},
                },
            },
        }
    return schemas


def event_schema_name(event_type: str) -> str:
    return "".join(part.capitalize() for part in event_type.replace("_", ".").split(".")) + "Event"


def webhooks_section() -> dict[str, Schema]:
    """OpenAPI 3.1 `webhooks`: what this server POSTs to a subscribed endpoint, one entry per event type."""
    signature_headers = [
        {"name": "webhook-id", "in": "header", "required": True, "schema": {"type": "string"}},
        {"name": "webhook-timestamp", "in": "header", "required": True, "schema": {"type": "integer"}},
        {
            "name": "webhook-signature",
            "in": "header",
            "required": True,
            "description": "Standard Webhooks: `v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}>`, space-separated.",
            "schema": {"type": "string"},
        },
    ]
    section: dict[str, Schema] = {}
    for event_type in EVENT_OBJECTS:
        section[event_type] = {
            "post": {
                "operationId": "on" + event_schema_name(event_type),
                "summary": EVENT_DESCRIPTIONS[event_type],
                "parameters": signature_headers,
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {"$ref": f"#/components/schemas/{event_schema_name(event_type)}"},
                            **({"examples": EVENT_EXAMPLES[event_type]} if event_type in EVENT_EXAMPLES else {}),
                        }
                    },
                },
                "responses": {
                    "2XX": {"description": "Received. Any other answer (or none within 10 s) is retried."},
                    "410": {"description": "Gone: the endpoint is disabled at once."},
                },
            }
        }
    return section


def add_examples(operation: Schema, method: str, path: str) -> None:
    example = REQUEST_EXAMPLES.get((method, path))
    if example is not None:
        content = operation.get("requestBody", {}).get("content", {}).get("application/json")
        if content is not None:
            content["examples"] = example
    for status, examples in RESPONSE_EXAMPLES.get((method, path), {}).items():
        response = operation["responses"].get(str(status))
        content = (response or {}).get("content", {}).get("application/json")
        if content is not None:
            content["examples"] = examples


def undescribed_events() -> list[str]:
    """Event types the server can send that the webhooks section does not describe (a test keeps it empty)."""
    return [event_type for event_type in EVENT_TYPES if event_type not in EVENT_OBJECTS]
