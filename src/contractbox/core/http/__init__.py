"""The HTTP plumbing every route shares: request ids, the error shape and its handlers,
idempotency keys and the raw ASGI helpers."""
