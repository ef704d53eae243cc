"""Word files made with python-docx from the plain-text sample contracts, for the tests and bench/docx.py.

`contract_docx(text)` turns a text contract into a .docx the way a lawyer's copy looks: numbered
sections as a Word list (the "1." is list numbering, not typed), a fee table, and a round of
tracked changes by two authors: Bob Buyer inserts text, Alice Counsel deletes text. It returns the
file and the text ContractBox must read from it (changes accepted), so a test can compare exactly.
python-docx writes no tracked changes, so `w:ins`/`w:del` runs are added to its XML directly.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field

import docx
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls

_SECTION = re.compile(r"^(\d+)\.\s+(.*)$", re.S)
_W = nsdecls("w")


@dataclass(frozen=True)
class Change:
    """A tracked change in the paragraph holding `anchor` (a part of the source text).

    inserted: `anchor` itself is written as a tracked insertion (so the accepted text is the source).
    deleted: `deleted` (text not in the source) is written as a tracked deletion right after `anchor`."""

    anchor: str
    author: str
    deleted: str = ""


@dataclass
class Built:
    data: bytes
    text: str  # what ContractBox must read: every change accepted
    inserted: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)


def paragraphs_of(text: str) -> list[str]:
    """A plain-text contract's paragraphs: blank-line separated, wrapped lines joined."""
    return [" ".join(block.split()) for block in re.split(r"\n\s*\n", text) if block.strip()]


def contract_docx(text: str, changes: list[Change], table: list[list[str]] | None = None) -> Built:
    document = docx.Document()
    expected: list[str] = []
    built = Built(b"", "")
    number = 0
    for paragraph_text in paragraphs_of(text):
        match = _SECTION.match(paragraph_text)
        body = match.group(2) if match else paragraph_text
        if match:
            number += 1
            if int(match.group(1)) != number:  # the list numbers itself: it must agree with the typed one
                raise ValueError(f"section {match.group(1)} is not number {number}")
        paragraph = document.add_paragraph(style="List Number" if match else None)
        accepted = _write_runs(paragraph, body, [c for c in changes if c.anchor in body], built)
        expected.append(f"{number}. {accepted}" if match else accepted)
        if table and number == 1 and match:
            expected.extend(_add_table(document, table))
    built.data = _save(document)
    built.text = "\n".join(expected)
    return built


def _write_runs(paragraph, body: str, changes: list[Change], built: Built) -> str:
    cursor = 0
    for change in sorted(changes, key=lambda c: body.index(c.anchor)):
        at = body.index(change.anchor)
        end = at + len(change.anchor)
        if change.deleted:
            paragraph.add_run(body[cursor:end])
            paragraph._p.append(_tracked("del", change.deleted, change.author))
            built.deleted.append(change.deleted)
        else:
            paragraph.add_run(body[cursor:at])
            paragraph._p.append(_tracked("ins", change.anchor, change.author))
            built.inserted.append(change.anchor)
        cursor = end
    paragraph.add_run(body[cursor:])
    return body


_IDS = iter(range(100, 100_000))


def _tracked(kind: str, text: str, author: str):
    tag = "w:delText" if kind == "del" else "w:t"
    xml = (
        f'<w:{kind} {_W} w:id="{next(_IDS)}" w:author="{author}" w:date="2025-03-01T09:00:00Z">'
        f'<w:r><{tag} xml:space="preserve">{_escape(text)}</{tag}></w:r></w:{kind}>'
    )
    return parse_xml(xml)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _add_table(document, rows: list[list[str]]) -> list[str]:
    table = document.add_table(rows=len(rows), cols=len(rows[0]))
    for row, values in zip(table.rows, rows, strict=True):
        for cell, value in zip(row.cells, values, strict=True):
            cell.text = value
    return [" | ".join(values) for values in rows]


def _save(document) -> bytes:
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


# The counterparty's markup of the SaaS sample: Bob Buyer carves his breaches out of the liability cap
# (the engine's uncapped-liability risk then rests on his insertion) and stretches the payment term;
# Alice Counsel had deleted a sentence of the warranty.
SAAS_CHANGES = [
    Change("EXCEPT FOR BREACH OF SECTION 7 AND A PARTY'S INDEMNIFICATION OBLIGATIONS, ", "Bob Buyer"),
    Change("thirty (30) days", "Bob Buyer"),
    Change("Provider warrants that", "Alice Counsel", deleted=" the Service is free of defects and"),
]
SAAS_TABLE = [["Fee", "Amount"], ["Annual subscription", "USD 96,000"]]
