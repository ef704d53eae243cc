"""Standard Webhooks signing (https://www.standardwebhooks.com): secrets are `whsec_` + base64 of
32 random bytes; the signature is `v1,` + base64 HMAC-SHA256 of "{id}.{timestamp}.{body}"."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

SECRET_PREFIX = "whsec_"
SECRET_BYTES = 32


def new_secret() -> str:
    return SECRET_PREFIX + base64.b64encode(secrets.token_bytes(SECRET_BYTES)).decode("ascii")


def sign(secret: str, message_id: str, timestamp: int, body: bytes) -> str:
    key = base64.b64decode(secret.removeprefix(SECRET_PREFIX))
    digest = hmac.new(key, f"{message_id}.{timestamp}.".encode() + body, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode("ascii")


def signature_header(secrets_in_use: list[str], message_id: str, timestamp: int, body: bytes) -> str:
    """One signature per secret, space-separated: during a rotation both the new and the previous
    secret sign, so a receiver still holding the previous one keeps verifying."""
    return " ".join(sign(secret, message_id, timestamp, body) for secret in secrets_in_use)
