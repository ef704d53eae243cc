import time
from datetime import datetime, timezone


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


def iso(moment: datetime) -> str:
    """ISO 8601 UTC with Z and second precision, as the API conventions require."""
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def iso_from_epoch(seconds: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


def now_iso() -> str:
    return iso(utcnow())


def today() -> str:
    return utcnow().strftime("%Y-%m-%d")


def parse_timestamp(param: str, value: str) -> str:
    """A client-sent ISO 8601 timestamp, normalised to our Z form; naive ones are taken as UTC."""
    from contractbox.errors import invalid

    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise invalid(param, f"{param} must be an ISO 8601 timestamp such as 2026-11-21T10:15:00Z.") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return iso(moment)
