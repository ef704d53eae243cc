"""The console: how a browser (or the desktop window) signs in and acts without an API key.

A session cookie (HttpOnly, SameSite=Strict, Secure under TLS) plus a CSRF header on writes
stands in for an API key. On /v1 the session becomes a Principal of the organization and mode
the UI chose, with every scope, attributed to an internal per-organization-per-mode console key
(see docs/ui.md). Admin-only operations live under /console/api. Every write is audited.
"""
