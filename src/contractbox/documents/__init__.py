"""Turning submitted sources (text, URL, PDF) into one Document the engines read."""

from contractbox.documents.errors import DocumentError
from contractbox.documents.model import Document, Page
from contractbox.documents.pdf import extract_pdf
from contractbox.documents.text import document_from_text
from contractbox.documents.url import check_destination, fetch_url

__all__ = [
    "Document",
    "DocumentError",
    "Page",
    "check_destination",
    "document_from_text",
    "extract_pdf",
    "fetch_url",
]
