"""Scopes of API keys: the resource scopes of the spec and the legacy ones it still accepts."""

RESOURCE_SCOPES: tuple[str, ...] = (
    "analyses:write",
    "analyses:read",
    "contracts:write",
    "contracts:read",
    "comparisons:write",
    "comparisons:read",
    "webhooks:manage",
    "usage:read",
)

LEGACY_EXPANSION: dict[str, tuple[str, ...]] = {
    "contracts:analyze": ("analyses:write", "analyses:read", "contracts:write"),
    "contracts:read": ("contracts:read", "analyses:read"),
    "contracts:compare": ("comparisons:write", "comparisons:read"),
}

KNOWN_SCOPES = frozenset(RESOURCE_SCOPES) | frozenset(LEGACY_EXPANSION)


def expand(scopes: list[str] | tuple[str, ...]) -> frozenset[str]:
    """The resource scopes a key's stored scopes grant (legacy scopes expanded)."""
    granted: set[str] = set()
    for scope in scopes:
        granted.update(LEGACY_EXPANSION.get(scope, (scope,)))
    return frozenset(granted)


# What a console session may do on /v1, by its user's role (docs/api-notes.md, People and roles).
READ_SCOPES = frozenset({"analyses:read", "contracts:read", "comparisons:read"})
ROLE_SCOPES: dict[str, frozenset[str]] = {
    "administrator": frozenset(RESOURCE_SCOPES),
    "reviewer": frozenset(RESOURCE_SCOPES) - {"webhooks:manage"},
    "viewer": READ_SCOPES,
}
