"""Turning submitted sources (text, URL, PDF) into one Document the engines read."""

from contractbox.documents.errors import DocumentError
from contractbox.documents.model import Document, Page

__all__ = ["Document", "DocumentError", "Page"]
