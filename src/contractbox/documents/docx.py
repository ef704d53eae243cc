"""Word (.docx) bytes -> DocxDocument: text in reading order, numbering restored, tracked changes listed.

Why no python-docx: it reads paragraphs as Word shows them *without* interpreting w:ins/w:del
(deleted text vanishes, inserted text is not marked), does not compute list numbers and pulls in
lxml. The parts we need are a few XML files in a zip; the standard library's zipfile plus
defusedxml (DTDs and entities forbidden) read them with every limit under our control.

Text layout (offsets of evidence point into it):
- headers (each distinct text once), then the body, then footers, footnotes and endnotes;
- a paragraph is one line, prefixed with its list number as Word would show it ("1.2", "(a)");
- a table row is one line, its cells joined by " | " (paragraphs inside a cell joined by a space);
- a footnote reference is "[n]" in the text, and "[n] footnote text" follows in the notes.

Tracked changes: the text is the document as it reads with all changes accepted (w:ins and
w:moveTo kept, w:del and w:moveFrom dropped). Each change is a `Revision` with the range of the
accepted text it covers; a deletion has an empty range at the spot where its text stood.

Nothing is executed or fetched: macros (vbaProject.bin), embedded objects and external
relationships are never opened; only the XML parts named below are read.
"""

from __future__ import annotations

import hashlib
import io
import zipfile
import zlib
from dataclasses import dataclass, field, replace
from typing import IO, Literal
from xml.etree.ElementTree import Element, ParseError

import defusedxml.ElementTree as safe_xml  # type: ignore[import-untyped]
from defusedxml import DefusedXmlException

from contractbox.documents.docx_numbering import Numbering
from contractbox.documents.errors import DocumentError
from contractbox.documents.model import Document

MAX_DOCX_BYTES = 50 * 1024 * 1024
MAX_PART_BYTES = 32 * 1024 * 1024  # uncompressed, per XML part
MAX_TOTAL_BYTES = 96 * 1024 * 1024  # uncompressed, all parts read
MAX_COMPRESSION_RATIO = 100  # DEFLATE of real XML stays well under 30:1
MAX_ZIP_ENTRIES = 5_000
MAX_NESTING = 64  # tables within tables, content controls within content controls
MAX_CHARACTERS = 20_000_000

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_REL = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_R_ID = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_CONTAINERS = {W + "hyperlink", W + "smartTag", W + "customXml", W + "fldSimple", W + "sdtContent", W + "sdt"}
_SKIPPED_NOTE_TYPES = {"separator", "continuationSeparator", "continuationNotice"}


@dataclass(frozen=True)
class Revision:
    """One tracked change. `start`/`end` index DocxDocument.text (the accepted text)."""

    kind: Literal["inserted", "deleted"]
    text: str
    author: str | None
    date: str | None
    start: int
    end: int
    moved: bool = False
    paragraph: bool = False  # a deletion of a whole paragraph (its text stood on a line of its own)


@dataclass(frozen=True)
class DocxDocument(Document):
    """A Document read from .docx, with its tracked changes (empty when there are none)."""

    revisions: tuple[Revision, ...] = ()

    @property
    def has_tracked_changes(self) -> bool:
        return bool(self.revisions)

    def text_rejecting(self, revisions: tuple[Revision, ...] | None = None) -> str:
        """The text with `revisions` (default: all) rejected: their insertions taken out, their deletions
        put back where they stood (a paragraph deleted whole on a line of its own)."""
        pieces: list[str] = []
        cursor = 0
        chosen = self.revisions if revisions is None else revisions
        for rev in sorted(chosen, key=lambda r: (r.start, r.kind == "inserted")):
            if rev.start < cursor:
                continue
            pieces.append(self.text[cursor : rev.start])
            if rev.kind == "deleted":
                pieces.append(rev.text + "\n" if rev.paragraph else rev.text)
            cursor = rev.end
        pieces.append(self.text[cursor:])
        return "".join(pieces)


def read_docx(data: bytes, title: str | None = None) -> DocxDocument:
    """Parse .docx bytes; every failure is a DocumentError with a docx_* code."""
    package = _Package.open(data)
    numbering = Numbering.parse(package.xml("word/numbering.xml"), package.xml("word/styles.xml"))
    writer = _Writer(numbering)
    main = package.xml("word/document.xml")
    if main is None:
        raise DocumentError("docx_unreadable", "The file is a zip archive but not a Word document.")
    body = main.find(W + "body")
    headers = package.related_parts(kinds=("header",))
    footers = package.related_parts(kinds=("footer",))
    seen: set[str] = set()
    for part in headers:
        writer.block_once(part, seen)
    if body is not None:
        writer.blocks(body, 0)
    for part in footers:
        writer.block_once(part, seen)
    for name in ("word/footnotes.xml", "word/endnotes.xml"):
        writer.notes(package.xml(name))
    text = writer.text()
    if len(text) > MAX_CHARACTERS:
        raise DocumentError("docx_too_large", "The Word document has more text than ContractBox reviews at once.")
    return DocxDocument(
        text=text, raw_sha256=hashlib.sha256(data).hexdigest(), title=title, revisions=tuple(writer.revisions)
    )


class _Package:
    def __init__(self, archive: zipfile.ZipFile) -> None:
        self.archive = archive
        self.bytes_read = 0

    @classmethod
    def open(cls, data: bytes) -> _Package:
        if len(data) > MAX_DOCX_BYTES:
            raise DocumentError("docx_too_large", f"The Word file is over {MAX_DOCX_BYTES // 2**20} MB.")
        if data.startswith(_OLE_MAGIC):
            raise DocumentError(
                "docx_encrypted",
                "The file is password-protected or an old .doc file; save it as an unprotected .docx and retry.",
            )
        try:
            archive = zipfile.ZipFile(io.BytesIO(data))
            entries = archive.infolist()
        except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, ValueError, OSError, EOFError):
            raise DocumentError("docx_unreadable", "The file is not a Word (.docx) document.") from None
        if len(entries) > MAX_ZIP_ENTRIES:
            raise DocumentError("docx_unreadable", "The Word file holds an implausible number of parts.")
        return cls(archive)

    def raw(self, name: str) -> bytes | None:
        try:
            info = self.archive.getinfo(name)
        except KeyError:
            return None
        self._check_declared(info)
        try:
            with self.archive.open(info) as stream:
                return self._read_capped(stream)
        except (zipfile.BadZipFile, zlib.error, NotImplementedError, EOFError, OSError, ValueError, RuntimeError):
            raise DocumentError("docx_unreadable", "The Word file is damaged (a part cannot be unpacked).") from None

    def _check_declared(self, info: zipfile.ZipInfo) -> None:
        if info.flag_bits & 0x1:
            raise DocumentError("docx_encrypted", "The Word file is encrypted; save it without a password and retry.")
        too_big = info.file_size > MAX_PART_BYTES or self.bytes_read + info.file_size > MAX_TOTAL_BYTES
        ratio = info.file_size / max(info.compress_size, 1)
        if too_big or (info.file_size > 1_000_000 and ratio > MAX_COMPRESSION_RATIO):
            raise DocumentError("docx_too_large", "The Word file unpacks to more data than ContractBox accepts.")

    def _read_capped(self, stream: IO[bytes]) -> bytes:
        # The declared size can lie; stop reading at the cap whatever the header said.
        chunks: list[bytes] = []
        part_bytes = 0
        while chunk := stream.read(1024 * 1024):
            part_bytes += len(chunk)
            self.bytes_read += len(chunk)
            if part_bytes > MAX_PART_BYTES or self.bytes_read > MAX_TOTAL_BYTES:
                raise DocumentError("docx_too_large", "The Word file unpacks to more data than ContractBox accepts.")
            chunks.append(chunk)
        return b"".join(chunks)

    def xml(self, name: str) -> Element | None:
        data = self.raw(name)
        if data is None:
            return None
        try:
            return safe_xml.fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
        except DefusedXmlException:
            raise DocumentError(
                "docx_unreadable", "The Word file contains forbidden XML (a DTD or entities)."
            ) from None
        except ParseError:
            raise DocumentError("docx_unreadable", f"The Word file is damaged ({name} is not valid XML).") from None

    def related_parts(self, kinds: tuple[str, ...]) -> list[Element]:
        rels = self.xml("word/_rels/document.xml.rels")
        parts: list[Element] = []
        if rels is None:
            return parts
        for rel in rels.iter(_REL + "Relationship"):
            kind = rel.get("Type", "").rsplit("/", 1)[-1]
            if kind not in kinds or rel.get("TargetMode") == "External":
                continue
            target = rel.get("Target", "").lstrip("/")
            name = target if target.startswith("word/") else "word/" + target
            part = self.xml(name)
            if part is not None:
                parts.append(part)
        return parts


@dataclass
class _Writer:
    numbering: Numbering
    lines: list[str] = field(default_factory=list)
    length: int = 0
    revisions: list[Revision] = field(default_factory=list)
    note_numbers: dict[tuple[str, str], int] = field(default_factory=dict)

    def text(self) -> str:
        return "\n".join(self.lines)

    def _line_start(self) -> int:
        return self.length + (1 if self.lines else 0)

    def _emit(self, line: str, pending: list[Revision]) -> None:
        start = self._line_start()
        self.lines.append(line)
        self.length = start + len(line)
        for rev in pending:
            self._add_revision(replace(rev, start=start + rev.start, end=start + rev.end))

    def _add_revision(self, rev: Revision) -> None:
        last = self.revisions[-1] if self.revisions else None
        same = (last.kind, last.author, last.date, last.moved, last.paragraph) if last else None
        if last and same == (rev.kind, rev.author, rev.date, rev.moved, rev.paragraph):
            if rev.kind == "inserted" and last.end == rev.start:
                self.revisions[-1] = replace(last, text=last.text + rev.text, end=rev.end)
                return
            if rev.kind == "deleted" and last.start == rev.start:
                joiner = "\n" if rev.paragraph else ""
                self.revisions[-1] = replace(last, text=last.text + joiner + rev.text)
                return
        self.revisions.append(rev)

    def block_once(self, part: Element, seen: set[str]) -> None:
        probe = _Writer(self.numbering.copy())
        probe.blocks(part, 0)
        key = probe.text()
        if key.strip() and key not in seen:
            seen.add(key)
            self.blocks(part, 0)

    def blocks(self, container: Element, depth: int) -> None:
        if depth > MAX_NESTING:
            raise DocumentError("docx_unreadable", "The Word file nests tables or controls too deeply.")
        for child in container:
            if child.tag == W + "p":
                line, pending = self.paragraph(child, depth)
                if line.strip():
                    self._emit(line, pending)
                else:  # a paragraph deleted whole: its deletion sits where the next line starts
                    at = self._line_start()
                    for rev in _joined_deletions(pending):
                        self._add_revision(replace(rev, start=at, end=at, paragraph=True))
            elif child.tag == W + "tbl":
                self.table(child, depth + 1)
            elif child.tag in (W + "sdt", W + "sdtContent", W + "customXml", W + "ins", W + "moveTo"):
                self.blocks(child, depth + 1)

    def table(self, table: Element, depth: int) -> None:
        if depth > MAX_NESTING:
            raise DocumentError("docx_unreadable", "The Word file nests tables too deeply.")
        for row in table.findall(W + "tr"):
            cells: list[str] = []
            pending: list[Revision] = []
            nested: list[Element] = []
            for cell in row.findall(W + "tc"):
                parts: list[str] = []
                for paragraph in cell.findall(W + "p"):
                    line, revs = self.paragraph(paragraph, depth)
                    if not line.strip():
                        continue
                    pending.extend(_shift(revs, _joined_length(cells, parts)))
                    parts.append(line)
                cells.append(" ".join(parts))
                nested.extend(cell.findall(W + "tbl"))
            line = " | ".join(cells)
            if line.strip(" |"):
                self._emit(line, pending)
            for inner in nested:  # a table inside a cell follows its row
                self.table(inner, depth + 1)

    def paragraph(self, paragraph: Element, depth: int) -> tuple[str, list[Revision]]:
        runs = _Runs(self)
        runs.walk(paragraph, None, depth)
        text = "".join(runs.pieces)
        label = self.numbering.label(paragraph.find(W + "pPr"), bool(text.strip()))
        if not label:
            return text, runs.revisions
        prefix = label + " "
        return prefix + text, _shift(runs.revisions, len(prefix))

    def notes(self, root: Element | None) -> None:
        if root is None:
            return
        for note in root:
            if note.get(W + "type") in _SKIPPED_NOTE_TYPES:
                continue
            number = self.note_numbers.get((note.tag, note.get(W + "id", "")))
            first_line, first_start = len(self.lines), self._line_start()
            self.blocks(note, 1)
            if number is None or len(self.lines) == first_line:
                continue
            marker = f"[{number}] "
            self.lines[first_line] = marker + self.lines[first_line]
            self.length += len(marker)
            self.revisions = [_shift_one(r, len(marker)) if r.start >= first_start else r for r in self.revisions]


class _Runs:
    """The visible text of one paragraph with the tracked changes inside it (offsets local)."""

    def __init__(self, writer: _Writer) -> None:
        self.writer = writer
        self.pieces: list[str] = []
        self.length = 0
        self.revisions: list[Revision] = []

    def walk(self, element: Element, change: Element | None, depth: int) -> None:
        if depth > MAX_NESTING:
            raise DocumentError("docx_unreadable", "The Word file nests elements too deeply.")
        for child in element:
            tag = child.tag
            if tag in (W + "ins", W + "moveTo"):
                start = self.length
                self.walk(child, child, depth + 1)
                if self.length > start:
                    text = "".join(self.pieces)[start:]
                    self.revisions.append(_revision("inserted", text, child, start, self.length))
            elif tag in (W + "del", W + "moveFrom"):
                deleted = "".join(t.text or "" for t in child.iter() if t.tag in (W + "delText", W + "t"))
                if deleted:
                    self.revisions.append(_revision("deleted", deleted, child, self.length, self.length))
            elif tag == W + "r":
                self.run(child)
            elif tag in _CONTAINERS:
                self.walk(child, change, depth + 1)

    def run(self, run: Element) -> None:
        for item in run:
            tag = item.tag
            if tag == W + "t":
                self.add(item.text or "")
            elif tag == W + "tab":
                self.add("\t")
            elif tag in (W + "br", W + "cr"):
                self.add(" ")
            elif tag == W + "noBreakHyphen":
                self.add("-")
            elif tag in (W + "footnoteReference", W + "endnoteReference"):
                self.add(f"[{self.note_number(item)}]")

    def note_number(self, reference: Element) -> int:
        kind = W + ("footnote" if reference.tag == W + "footnoteReference" else "endnote")
        key = (kind, reference.get(W + "id", ""))
        numbers = self.writer.note_numbers
        if key not in numbers:
            numbers[key] = 1 + sum(1 for k in numbers if k[0] == kind)
        return numbers[key]

    def add(self, text: str) -> None:
        self.pieces.append(text)
        self.length += len(text)


def _revision(kind: Literal["inserted", "deleted"], text: str, element: Element, start: int, end: int) -> Revision:
    moved = element.tag in (W + "moveTo", W + "moveFrom")
    return Revision(kind, text, element.get(W + "author"), element.get(W + "date"), start, end, moved)


def _joined_deletions(revisions: list[Revision]) -> list[Revision]:
    """The deletions of one paragraph, each author's consecutive runs as one text."""
    joined: list[Revision] = []
    for rev in revisions:
        last = joined[-1] if joined else None
        if last and (last.kind, last.author, last.date, last.moved) == (rev.kind, rev.author, rev.date, rev.moved):
            joined[-1] = replace(last, text=last.text + rev.text)
        else:
            joined.append(rev)
    return joined


def _shift_one(rev: Revision, by: int) -> Revision:
    return replace(rev, start=rev.start + by, end=rev.end + by)


def _shift(revisions: list[Revision], by: int) -> list[Revision]:
    return [_shift_one(r, by) for r in revisions]


def _joined_length(cells: list[str], parts: list[str]) -> int:
    done = sum(len(c) for c in cells) + 3 * len(cells)
    return done + sum(len(p) for p in parts) + len(parts)
