import secrets
import string

BASE62 = string.digits + string.ascii_letters
ID_LENGTH = 24


def random_base62(length: int) -> str:
    """`length` random base62 characters from one draw of the OS CSPRNG."""
    # 64 spare bits make every digit uniform to within 2**-58, far below anything observable.
    number = secrets.randbits(6 * length + 64)
    chars = []
    for _ in range(length):
        number, digit = divmod(number, 62)
        chars.append(BASE62[digit])
    return "".join(chars)


def new_id(prefix: str) -> str:
    """An id such as ana_<24 base62>: the prefix names the object type (API conventions)."""
    return f"{prefix}_{random_base62(ID_LENGTH)}"
