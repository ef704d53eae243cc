"""One table from a source type to its reader: how a submitted source (READERS) or a local file
(FILE_READERS, for `contractbox analyze`) becomes a Document. A new source type (Word, scanned
PDFs through OCR) is one reader and one row in each table."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from contractbox.documents.docx import read_docx
from contractbox.documents.errors import DocumentError
from contractbox.documents.model import Document
from contractbox.documents.pdf import extract_pdf
from contractbox.documents.scan import read_image
from contractbox.documents.text import decode_text, document_from_text
from contractbox.documents.url import fetch_url


@dataclass(frozen=True)
class ReadOptions:
    """What a reader may need beyond the source: the URL fetcher's loopback permission."""

    url_allow_loopback: bool = False


Reader = Callable[[dict[str, Any], str | None, ReadOptions], Document]


def read_text(source: dict[str, Any], title: str | None, options: ReadOptions) -> Document:
    return document_from_text(source["text"], title)


def read_pdf(source: dict[str, Any], title: str | None, options: ReadOptions) -> Document:
    return extract_pdf(source["pdf"])


def read_url(source: dict[str, Any], title: str | None, options: ReadOptions) -> Document:
    return fetch_url(source["url"], allow_loopback=options.url_allow_loopback)


def read_docx_source(source: dict[str, Any], title: str | None, options: ReadOptions) -> Document:
    return read_docx(source["docx"], title)


def read_image_source(source: dict[str, Any], title: str | None, options: ReadOptions) -> Document:
    return read_image(source["image"], title)


READERS: dict[str, Reader] = {
    "text": read_text,
    "pdf": read_pdf,
    "url": read_url,
    "docx": read_docx_source,
    "image": read_image_source,
}


def read_source(source_type: str, source: dict[str, Any], title: str | None, options: ReadOptions) -> Document:
    """The Document of a stored source (`source` holds the column named by its type)."""
    return READERS[source_type](source, title, options)


# --- local files ------------------------------------------------------------------------------


def read_text_file(path: Path, data: bytes) -> Document:
    return document_from_text(decode_text(data), title=path.stem, raw=data)


def read_pdf_file(path: Path, data: bytes) -> Document:
    return extract_pdf(data)


def read_docx_file(path: Path, data: bytes) -> Document:
    return read_docx(data, title=path.stem)


def read_image_file(path: Path, data: bytes) -> Document:
    return read_image(data, title=path.stem)


FILE_READERS: dict[str, Callable[[Path, bytes], Document]] = {
    ".txt": read_text_file,
    ".pdf": read_pdf_file,
    ".docx": read_docx_file,
    **dict.fromkeys((".png", ".jpg", ".jpeg", ".tif", ".tiff"), read_image_file),
}


def read_file(path: Path) -> Document:
    """A Document from a local file by its suffix; DocumentError for anything that cannot become one."""
    reader = FILE_READERS.get(path.suffix.lower())
    if reader is None:
        kinds = ", ".join(sorted(FILE_READERS))
        raise DocumentError("unsupported_file_type", f"{path.name}: only these files can be analysed: {kinds}.")
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise DocumentError("source_unreadable", f"{path}: cannot be read ({exc.strerror or exc}).") from exc
    return reader(path, data)
