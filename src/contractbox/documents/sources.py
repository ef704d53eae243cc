"""One table from a source type to its reader: how a submitted source becomes a Document.
A new source type (Word, scanned PDFs through OCR) is one reader and one row here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from contractbox.documents.model import Document
from contractbox.documents.pdf import extract_pdf
from contractbox.documents.text import document_from_text
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


READERS: dict[str, Reader] = {"text": read_text, "pdf": read_pdf, "url": read_url}


def read_source(source_type: str, source: dict[str, Any], title: str | None, options: ReadOptions) -> Document:
    """The Document of a stored source (`source` holds the column named by its type)."""
    return READERS[source_type](source, title, options)
