"""Submitted text -> Document, and decoding of text bytes whose charset may be unknown."""

from __future__ import annotations

import codecs
import hashlib

from contractbox.documents.errors import DocumentError
from contractbox.documents.model import Document

MAX_TEXT_CHARACTERS = 5_000_000

_BOMS = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF32_LE, "utf-32"),  # before UTF-16 LE: their first two bytes are the same
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def document_from_text(text: str, title: str | None = None, *, raw: bytes | None = None) -> Document:
    """A Document over `text` as given (offsets are offsets into exactly this string).

    `raw`, when the text came from bytes (a fetched page), is what raw_sha256 hashes.
    Raises DocumentError text_empty or text_too_large.
    """
    if len(text) > MAX_TEXT_CHARACTERS:
        raise DocumentError(
            "text_too_large",
            f"The text has {len(text):,} characters; ContractBox reads up to "
            f"{MAX_TEXT_CHARACTERS:,} characters per document.",
        )
    if not text.strip():
        raise DocumentError("text_empty", "The document has no text to review.")
    digest = hashlib.sha256(raw if raw is not None else text.encode("utf-8")).hexdigest()
    return Document(text=text, title=title, raw_sha256=digest)


def decode_text(data: bytes, charset: str | None = None) -> str:
    """Decode text bytes: a byte-order mark wins, then the declared charset, then UTF-8,
    then Windows-1252 (which accepts any byte and is right for most legacy Western text)."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return data.decode(encoding, errors="replace")
    if charset and _known_encoding(charset):
        return data.decode(charset, errors="replace")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _known_encoding(charset: str) -> bool:
    try:
        codecs.lookup(charset)
    except LookupError:
        return False
    return True
