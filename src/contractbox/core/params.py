"""Request values every domain validates the same way: timestamps, calendar dates, titles and
metadata. Each limit is declared here once."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Literal

from contractbox.core.clock import iso
from contractbox.core.errors import invalid

Mode = Literal["test", "live"]  # every object lives in one mode; keys and console sessions act in one

MAX_TITLE = 500
MAX_METADATA_KEYS = 20
MAX_METADATA_KEY = 40
MAX_METADATA_VALUE = 500


def parse_timestamp(param: str, value: str) -> str:
    """A client-sent ISO 8601 timestamp, normalised to our Z form; naive ones are taken as UTC."""
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise invalid(param, f"{param} must be an ISO 8601 timestamp such as 2026-11-21T10:15:00Z.") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return iso(moment)


def parse_date(param: str, value: str) -> str:
    """A calendar date such as 2026-11-21, normalised to ISO form."""
    try:
        return date.fromisoformat(value).isoformat()
    except ValueError:
        raise invalid(param, f"{param} must be a calendar date such as 2026-11-21.") from None


def validate_metadata(metadata: dict[str, str]) -> None:
    if len(metadata) > MAX_METADATA_KEYS:
        raise invalid("metadata", f"metadata takes at most {MAX_METADATA_KEYS} keys.")
    for key, value in metadata.items():
        if not key or len(key) > MAX_METADATA_KEY or len(value) > MAX_METADATA_VALUE:
            raise invalid(
                "metadata",
                f"metadata keys must be 1-{MAX_METADATA_KEY} characters and values at most {MAX_METADATA_VALUE}.",
            )
