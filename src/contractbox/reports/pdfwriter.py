"""A small PDF writer for the review report: A4 pages of wrapped text in the standard Helvetica
fonts (no font files, nothing to install). Enough for headings, paragraphs and indented items;
text outside Windows-1252 is replaced by '?' (the standard fonts cannot show it)."""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field

PAGE_WIDTH, PAGE_HEIGHT = 595.0, 842.0  # A4 in points
MARGIN = 50.0
NARROW = set("iljI.,;:'|!()[]{}ft ")
WIDE = set("mwMW@%")


def char_width(ch: str) -> float:
    """Approximate Helvetica advance width in ems (wrapping errs on the short side)."""
    if ch in WIDE:
        return 0.89
    if ch in NARROW:
        return 0.3
    if ch.isupper():
        return 0.70
    if ch.isdigit():
        return 0.556
    return 0.56


def text_width(text: str, size: float, bold: bool = False) -> float:
    return sum(char_width(ch) for ch in text) * size * (1.05 if bold else 1.0)


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for word in paragraph.split(" "):
            candidate = f"{current} {word}" if current else word
            if text_width(candidate, size, bold) <= width or not current:
                current = candidate
            else:
                lines.append(current)
                current = word
            while text_width(current, size, bold) > width and len(current) > 1:  # a word longer than the line
                cut = max(1, int(len(current) * width / text_width(current, size, bold)) - 1)
                lines.append(current[:cut])
                current = current[cut:]
        lines.append(current)
    return lines


def pdf_string(text: str) -> bytes:
    raw = text.encode("cp1252", errors="replace")
    return b"(" + raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


@dataclass
class PdfDocument:
    title: str
    pages: list[list[bytes]] = field(default_factory=list)
    y: float = 0.0

    def __post_init__(self) -> None:
        self._new_page()

    def _new_page(self) -> None:
        self.pages.append([])
        self.y = PAGE_HEIGHT - MARGIN

    def space(self, points: float) -> None:
        self.y -= points

    def text(self, text: str, size: float = 10, bold: bool = False, indent: float = 0, grey: bool = False) -> None:
        """Wrapped lines of text; a new page begins when the current one is full."""
        leading = size * 1.3
        for line in wrap(text, size, PAGE_WIDTH - 2 * MARGIN - indent, bold):
            if self.y - leading < MARGIN:
                self._new_page()
            self.y -= leading
            font = b"/F2" if bold else b"/F1"
            colour = b"0.4 g " if grey else b"0 g "
            self.pages[-1].append(
                colour
                + b"BT "
                + font
                + f" {size:g} Tf {MARGIN + indent:.1f} {self.y:.1f} Td ".encode()
                + pdf_string(line)
                + b" Tj ET"
            )

    def build(self) -> bytes:
        objects: list[bytes] = []

        def add(body: bytes) -> int:
            objects.append(body)
            return len(objects)

        catalog = add(b"")  # filled in below, once the pages object's number is known
        pages_id = add(b"")
        regular = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        bold = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>")
        title = b"<FEFF" + self.title.encode("utf-16-be").hex().upper().encode() + b">"
        info = add(b"<< /Title " + title + b" /Producer (ContractBox) >>")
        kids = []
        for number, page in enumerate(self.pages, start=1):
            footer = (
                b"0.4 g BT /F1 8 Tf "
                + f"{MARGIN:.1f} 30 Td ".encode()
                + pdf_string(f"{self.title} - page {number} of {len(self.pages)}")
                + b" Tj ET"
            )
            stream = zlib.compress(b"\n".join([*page, footer]))
            content = add(b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(stream) + stream + b"\nendstream")
            kids.append(
                add(
                    b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %d %d] /Contents %d 0 R "
                    b"/Resources << /Font << /F1 %d 0 R /F2 %d 0 R >> >> >>"
                    % (pages_id, PAGE_WIDTH, PAGE_HEIGHT, content, regular, bold)
                )
            )
        objects[catalog - 1] = b"<< /Type /Catalog /Pages %d 0 R >>" % pages_id
        objects[pages_id - 1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (
            b" ".join(b"%d 0 R" % k for k in kids),
            len(kids),
        )
        out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
        offsets = []
        for number, body in enumerate(objects, start=1):
            offsets.append(len(out))
            out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
        xref = len(out)
        out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
        out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
        out += b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
            len(objects) + 1,
            catalog,
            info,
            xref,
        )
        return bytes(out)
