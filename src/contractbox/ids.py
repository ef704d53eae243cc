import secrets
import string

BASE62 = string.digits + string.ascii_letters
ID_LENGTH = 24


def random_base62(length: int) -> str:
    return "".join(secrets.choice(BASE62) for _ in range(length))


def new_id(prefix: str) -> str:
    """An id such as ana_<24 base62>: the prefix names the object type (API conventions)."""
    return f"{prefix}_{random_base62(ID_LENGTH)}"
