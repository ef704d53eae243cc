"""Write PDF versions of the sample contracts and check that their text extracts back.

    python sample_contracts/make_pdfs.py

The PDFs are built by hand (no PDF library): Courier, one of the 14 standard Type1 fonts, with
WinAnsiEncoding, one text line per line of the .txt file. Courier is monospaced, so the .txt
files' 78-column lines fit the page exactly and the text layer extracts line for line.
`PdfBuilder` and `text_to_pdf` are also used by samples/make_samples.py.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
PDF_CONTRACTS = ("mutual_nda", "saas_subscription_agreement", "supply_agreement")

PAGE_WIDTH, PAGE_HEIGHT = 612, 792  # US Letter, in points
MARGIN = 72
FONT_SIZE = 10
LEADING = 12
LINES_PER_PAGE = (PAGE_HEIGHT - 2 * MARGIN) // LEADING


class PdfBuilder:
    """Numbered objects, then a cross-reference table and a trailer: the smallest valid PDF."""

    def __init__(self) -> None:
        self._objects: list[bytes | None] = []

    def reserve(self) -> int:
        self._objects.append(None)
        return len(self._objects)

    def set(self, number: int, body: bytes) -> None:
        self._objects[number - 1] = body

    def add(self, body: bytes) -> int:
        number = self.reserve()
        self.set(number, body)
        return number

    def add_stream(self, dictionary: bytes, data: bytes) -> int:
        return self.add(b"<< %s /Length %d >>\nstream\n%s\nendstream" % (dictionary, len(data), data))

    def build(self, root: int, *, info: int | None = None, trailer_extra: bytes = b"") -> bytes:
        out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
        offsets = []
        for number, body in enumerate(self._objects, start=1):
            if body is None:
                raise ValueError(f"object {number} was reserved but never set")
            offsets.append(len(out))
            out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
        xref_at = len(out)
        out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(offsets) + 1)
        out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
        info_entry = b" /Info %d 0 R" % info if info else b""
        out += b"trailer\n<< /Size %d /Root %d 0 R%s %s>>\nstartxref\n%d\n%%%%EOF\n" % (
            len(offsets) + 1, root, info_entry, trailer_extra, xref_at)
        return bytes(out)


def pdf_string(text: str) -> bytes:
    """A PDF literal string in WinAnsiEncoding."""
    raw = text.encode("cp1252")
    return b"(" + raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


def page_content(lines: list[str]) -> bytes:
    operations = [b"BT /F1 %d Tf %d TL %d %d Td" % (FONT_SIZE, LEADING, MARGIN, PAGE_HEIGHT - MARGIN)]
    for line in lines:
        operations.append(pdf_string(line) + b" Tj T*" if line else b"T*")
    operations.append(b"ET")
    return b"\n".join(operations)


def text_to_pdf(text: str, title: str | None = None, *, lines_per_page: int = LINES_PER_PAGE) -> bytes:
    lines = text.rstrip("\n").split("\n")
    pages = [lines[i:i + lines_per_page] for i in range(0, len(lines), lines_per_page)] or [[]]
    builder = PdfBuilder()
    catalog, pages_tree = builder.reserve(), builder.reserve()
    font = builder.add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>")
    kids = []
    for page_lines in pages:
        content = builder.add_stream(b"", page_content(page_lines))
        kids.append(builder.add(
            b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %d %d] /Resources << /Font << /F1 %d 0 R >> >> "
            b"/Contents %d 0 R >>" % (pages_tree, PAGE_WIDTH, PAGE_HEIGHT, font, content)))
    builder.set(catalog, b"<< /Type /Catalog /Pages %d 0 R >>" % pages_tree)
    builder.set(pages_tree, b"<< /Type /Pages /Kids [%s] /Count %d >>" % (
        b" ".join(b"%d 0 R" % kid for kid in kids), len(kids)))
    info = builder.add(b"<< /Title %s /Producer (ContractBox samples) >>" % pdf_string(title)) if title else None
    return builder.build(catalog, info=info)


def nonblank_lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.split("\n") if line.strip()]


def main() -> None:
    from contractbox.documents import extract_pdf

    for name in PDF_CONTRACTS:
        text = (HERE / f"{name}.txt").read_text(encoding="utf-8")
        title = text.strip().split("\n", 1)[0].title()
        data = text_to_pdf(text, title)
        (HERE / f"{name}.pdf").write_bytes(data)
        document = extract_pdf(data)
        if nonblank_lines(document.text) != nonblank_lines(text):
            raise SystemExit(f"{name}.pdf: extracted text differs from {name}.txt")
        print(f"{name}.pdf: {len(document.pages)} pages, {len(data):,} bytes, text verified")


if __name__ == "__main__":
    main()
