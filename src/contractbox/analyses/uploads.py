"""Files submitted as base64 (.docx, images): decoded and checked at submission, so a hostile or
unreadable file is a 400 with the reader's own code (docx_too_large, image_too_large, ...) at once
instead of a failed analysis later. The .docx is read in a PDF worker process (memory limit,
deadline); an image is only opened from its headers here (it is decoded and read by OCR in a
PDF worker process too)."""

from __future__ import annotations

import base64
import binascii
import math
from collections.abc import Callable
from typing import Any

from contractbox.core.errors import ApiError, invalid
from contractbox.documents import DocumentError
from contractbox.documents.docx import MAX_DOCX_BYTES
from contractbox.documents.ocr import MAX_IMAGE_FILE_BYTES, check_image
from contractbox.documents.scan import check_docx


def decode_file(encoded: str, param: str, max_bytes: int, what: str) -> bytes:
    too_large = ApiError(
        413, "payload_too_large", f"The {what} is larger than the {max_bytes // 2**20} MB limit.", param=param
    )
    if len(encoded) > math.ceil(max_bytes / 3) * 4 + 4:
        raise too_large
    try:
        data = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        raise invalid(param, f"{param} is not valid standard base64.") from None
    if not data:
        raise invalid(param, f"{param} is empty: send the {what}'s bytes.")
    if len(data) > max_bytes:
        raise too_large
    return data


def _checked(data: bytes, param: str, check: Callable[[bytes], Any]) -> None:
    try:
        check(data)
    except DocumentError as error:
        raise ApiError(400, error.code, error.message, param=param) from None


def validate_docx(encoded: str) -> dict[str, bytes]:
    data = decode_file(encoded, "docxBase64", MAX_DOCX_BYTES, "Word file")
    _checked(data, "docxBase64", check_docx)
    return {"docx": data}


def validate_image(encoded: str) -> dict[str, bytes]:
    data = decode_file(encoded, "imageBase64", MAX_IMAGE_FILE_BYTES, "image")
    _checked(data, "imageBase64", check_image)
    return {"image": data}
