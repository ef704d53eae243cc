"""Generate the awkward-input corpus in this folder and its README.

    python samples/make_samples.py

Every file is made here, deterministically, with a hand-built PDF writer
(sample_contracts/make_pdfs.py) or pypdf's writer (for encryption). Big inputs (2,000 pages,
2,001 pages, over 50 MB, a decompression bomb, over 5 million characters) are not committed:
tests/test_documents.py builds them on the fly with `many_pages_pdf` and `bomb_pdf` below.
"""

from __future__ import annotations

import io
import random
import sys
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "sample_contracts"))

from make_pdfs import PdfBuilder, text_to_pdf  # noqa: E402

NDA_TEXT = (HERE.parent / "sample_contracts" / "mutual_nda.txt").read_text(encoding="utf-8")
SUCCESS = "success"


@dataclass(frozen=True)
class Sample:
    name: str
    make: Callable[[], bytes]
    expected: str  # a DocumentError code, or SUCCESS
    source: str  # how it is submitted: pdf, html, text
    note: str
    contains: str = ""  # for successes: a string the extracted text must hold


FRENCH = """ACCORD DE CONFIDENTIALITÉ

Le présent accord est conclu le 3 mars 2025 entre Société Générale des Eaux
de Lyon, société anonyme, et Château Bélair SARL. Chaque partie s'engage à
préserver la confidentialité des informations reçues, à ne les divulguer à
aucun tiers et à ne les utiliser qu'aux fins de l'évaluation du projet. Le
présent accord est régi par le droit français ; tout litige relève de la
compétence exclusive des tribunaux de Lyon. Durée : deux (2) ans.
"""

GERMAN = """GEHEIMHALTUNGSVEREINBARUNG

Diese Vereinbarung wird am 3. März 2025 zwischen der Müller & Söhne GmbH,
Großenhainer Straße 12, 01097 Dresden, und der Bäckerei Weiß KG geschlossen.
Die Parteien verpflichten sich, alle vertraulichen Informationen geheim zu
halten und ausschließlich für die Prüfung der Zusammenarbeit zu verwenden.
Es gilt deutsches Recht. Gerichtsstand ist Dresden. Laufzeit: zwei Jahre.
"""

JAPANESE = "秘密保持契約書。本契約は、甲と乙の間で締結される。乙は、甲から開示された秘密情報を第三者に開示してはならない。本契約は日本法に準拠する。"

HTML = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Mutual NDA &ndash; Intranet</title>
<style>body { font-family: serif } .nav { color: red }</style>
<script>window.analytics = "<p>tracking</p>";</script></head>
<body>
<nav><a href="/">Home</a> | <a href="/legal">Legal</a> | <a href="/hr">HR</a></nav>
<h1>Mutual Non-Disclosure Agreement</h1>
<p>This Agreement is made on March&nbsp;3, 2025 between <b>Harbor Lane Analytics, Inc.</b>
&amp; Northfield Medical Devices LLC (the &ldquo;Parties&rdquo;).</p>
<h2>1. Term</h2>
<p>This Agreement continues for two (2) years.<br>Either Party may terminate it on
thirty (30) days&#8217; written notice.</p>
<ul><li>Confidential Information excludes public information.</li>
<li>Obligations survive for three (3) years.</li></ul>
<table><tr><th>Party</th><th>Signatory</th></tr>
<tr><td>Harbor Lane</td><td>Maria Okafor</td></tr></table>
<script>document.write("<p>injected</p>")</script>
<footer>Governed by the laws of the State of Delaware.</footer>
</body></html>
"""

LATIN1 = ("CONTRAT DE PRESTATION\n\nEntre la société Frères Dupré et Café Noël, "
          "pour un prix de 1 500 livres £, payable à réception de la facture.\n")


def _page_tree_pdf(kids: Callable[[int, int], bytes], claimed_count: int) -> bytes:
    builder = PdfBuilder()
    catalog, pages = builder.reserve(), builder.reserve()
    font = builder.add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>")
    content = builder.add_stream(b"", b"BT /F1 10 Tf 72 700 Td (This is the only real page of the file.) Tj ET")
    page = builder.add(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Resources << /Font << "
                       b"/F1 %d 0 R >> >> /Contents %d 0 R >>" % (pages, font, content))
    builder.set(catalog, b"<< /Type /Catalog /Pages %d 0 R >>" % pages)
    builder.set(pages, b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids(page, pages), claimed_count))
    return builder.build(catalog)


def zero_pages() -> bytes:
    return _page_tree_pdf(lambda page, pages: b"", 0)


def huge_page_count_claimed() -> bytes:
    return _page_tree_pdf(lambda page, pages: b"%d 0 R" % page, 2_147_483_647)


def page_count_lie() -> bytes:
    return _page_tree_pdf(lambda page, pages: b"%d 0 R" % page, 5_000)


def cyclic_page_tree() -> bytes:
    return _page_tree_pdf(lambda page, pages: b"%d 0 R %d 0 R" % (page, pages), 2)


def scanned_image_only() -> bytes:
    """A page that is one grey-scale picture of "text lines" and no text layer, like a scan."""
    width, height = 600, 200
    rows = bytearray()
    for y in range(height):
        ink = (y // 12) % 2 == 1 and y % 12 < 8
        rows += bytes(40 if ink and (x // 7) % 9 else 245 for x in range(width))
    builder = PdfBuilder()
    catalog, pages = builder.reserve(), builder.reserve()
    image = builder.add_stream(
        b"/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray "
        b"/BitsPerComponent 8 /Filter /FlateDecode" % (width, height), zlib.compress(bytes(rows), 9))
    content = builder.add_stream(b"", b"q 468 0 0 156 72 560 cm /Im1 Do Q")
    page = builder.add(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Resources << "
                       b"/XObject << /Im1 %d 0 R >> >> /Contents %d 0 R >>" % (pages, image, content))
    builder.set(catalog, b"<< /Type /Catalog /Pages %d 0 R >>" % pages)
    builder.set(pages, b"<< /Type /Pages /Kids [%d 0 R] /Count 1 >>" % page)
    return builder.build(catalog)


def japanese_pdf() -> bytes:
    """Japanese in a non-embedded CID font with a predefined Unicode CMap (no font file needed)."""
    builder = PdfBuilder()
    catalog, pages = builder.reserve(), builder.reserve()
    cid_font = builder.add(
        b"<< /Type /Font /Subtype /CIDFontType0 /BaseFont /KozMinPr6N-Regular /CIDSystemInfo "
        b"<< /Registry (Adobe) /Ordering (Japan1) /Supplement 6 >> /DW 1000 >>")
    font = builder.add(b"<< /Type /Font /Subtype /Type0 /BaseFont /KozMinPr6N-Regular "
                       b"/Encoding /UniJIS-UCS2-H /DescendantFonts [%d 0 R] >>" % cid_font)
    lines = [JAPANESE[i:i + 36] for i in range(0, len(JAPANESE), 36)]
    shows = b" ".join(b"<%s> Tj T*" % line.encode("utf-16-be").hex().encode() for line in lines)
    content = builder.add_stream(b"", b"BT /F1 12 Tf 16 TL 72 700 Td %s ET" % shows)
    page = builder.add(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Resources << /Font << "
                       b"/F1 %d 0 R >> >> /Contents %d 0 R >>" % (pages, font, content))
    builder.set(catalog, b"<< /Type /Catalog /Pages %d 0 R >>" % pages)
    builder.set(pages, b"<< /Type /Pages /Kids [%d 0 R] /Count 1 >>" % page)
    return builder.build(catalog)


def encrypted(user_password: str) -> Callable[[], bytes]:
    def make() -> bytes:
        from pypdf import PdfReader, PdfWriter

        writer = PdfWriter(clone_from=PdfReader(io.BytesIO(text_to_pdf(NDA_TEXT))))
        writer.encrypt(user_password=user_password, owner_password="owner-secret", algorithm="RC4-128")
        out = io.BytesIO()
        writer.write(out)
        return out.getvalue()

    return make


def junk(prefix: bytes = b"") -> Callable[[], bytes]:
    return lambda: prefix + random.Random(7).randbytes(4096)


def many_pages_pdf(page_count: int) -> bytes:
    """`page_count` pages, each with one sentence naming its number."""
    lines = [f"This is page {n} of the long sample; it says little else." for n in range(1, page_count + 1)]
    return text_to_pdf("\n".join(lines), lines_per_page=1)


def bomb_pdf(expanded_bytes: int = 1_500_000_000) -> bytes:
    """One page whose content stream inflates from about 1.5 MB to `expanded_bytes` of
    text-showing operators: PDFium must be stopped by the time or memory limit, not the server."""
    stream = _repeated_deflate(b"BT /F1 10 Tf 72 700 Td (bomb) Tj ET\n" * 30_000, expanded_bytes)
    builder = PdfBuilder()
    catalog, pages = builder.reserve(), builder.reserve()
    font = builder.add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>")
    content = builder.add_stream(b"/Filter /FlateDecode", stream)
    page = builder.add(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Resources << /Font << "
                       b"/F1 %d 0 R >> >> /Contents %d 0 R >>" % (pages, font, content))
    builder.set(catalog, b"<< /Type /Catalog /Pages %d 0 R >>" % pages)
    builder.set(pages, b"<< /Type /Pages /Kids [%d 0 R] /Count 1 >>" % page)
    return builder.build(catalog)


def _repeated_deflate(chunk: bytes, total_bytes: int) -> bytes:
    """A zlib stream of `chunk` repeated, built in seconds: after a full flush the compressor
    forgets its history, so every further copy of the chunk compresses to the same bytes."""
    copies = max(total_bytes // len(chunk), 2)
    compressor = zlib.compressobj(9)
    first = compressor.compress(chunk) + compressor.flush(zlib.Z_FULL_FLUSH)
    repeat = compressor.compress(chunk) + compressor.flush(zlib.Z_FULL_FLUSH)
    checksum = 1
    for _ in range(copies):
        checksum = zlib.adler32(chunk, checksum)
    final_empty_block = b"\x03\x00"
    return first + repeat * (copies - 1) + final_empty_block + checksum.to_bytes(4, "big")


SAMPLES = (
    Sample("empty.pdf", lambda: b"", "pdf_unreadable", "pdf", "a zero-byte file"),
    Sample("binary_junk.pdf", junk(), "pdf_unreadable", "pdf", "4 KB of random bytes named .pdf"),
    Sample("junk_with_pdf_header.pdf", junk(b"%PDF-1.7\n"), "pdf_unreadable", "pdf",
           "a PDF header followed by random bytes"),
    Sample("truncated.pdf", lambda: text_to_pdf(NDA_TEXT)[:4000], "pdf_unreadable", "pdf",
           "the NDA PDF cut off after 4,000 bytes (no cross-reference table, no trailer)"),
    Sample("zero_pages.pdf", zero_pages, "pdf_unreadable", "pdf", "a valid PDF whose page tree is empty"),
    Sample("encrypted_user_password.pdf", encrypted("open-sesame"), "pdf_encrypted", "pdf",
           "RC4-128 encryption with user password 'open-sesame'"),
    Sample("encrypted_empty_user_password.pdf", encrypted(""), SUCCESS, "pdf",
           "RC4-128 encryption with an empty user password (opens without asking; only "
           "permissions are restricted)", "MUTUAL NON-DISCLOSURE AGREEMENT"),
    Sample("scanned_image_only.pdf", scanned_image_only, "ocr_no_text", "pdf",
           "one page that is only a picture of ink bars, with no text layer: it is OCR'd, and no letters are found"),
    Sample("huge_page_count_claimed.pdf", huge_page_count_claimed, SUCCESS, "pdf",
           "the page tree claims /Count 2147483647 with one real page; PDFium ignores the "
           "impossible count and reads the one page", "only real page"),
    Sample("page_count_lie_5000.pdf", page_count_lie, "pdf_too_large", "pdf",
           "the page tree claims /Count 5000 with one real page; the claimed count is believed "
           "and the file refused before any page is read"),
    Sample("cyclic_page_tree.pdf", cyclic_page_tree, "pdf_unreadable", "pdf",
           "the page tree lists itself as its own child (a loop)"),
    Sample("french.pdf", lambda: text_to_pdf(FRENCH), SUCCESS, "pdf",
           "French with accents in a standard font", "CONFIDENTIALITÉ"),
    Sample("german.pdf", lambda: text_to_pdf(GERMAN), SUCCESS, "pdf",
           "German with umlauts and sharp s", "Großenhainer Straße"),
    Sample("japanese.pdf", japanese_pdf, SUCCESS, "pdf",
           "Japanese in a CID font with a Unicode CMap", "秘密保持契約書"),
    Sample("japanese.txt", lambda: JAPANESE.encode("utf-8"), SUCCESS, "text",
           "Japanese plain text, UTF-8", "日本法に準拠する"),
    Sample("contract.html", lambda: HTML.encode("utf-8"), SUCCESS, "html",
           "an intranet page with navigation, scripts, styles and entities", "thirty (30) days’ written notice"),
    Sample("latin1.txt", lambda: LATIN1.encode("latin-1"), SUCCESS, "text",
           "Latin-1 text (no charset needed: falls back from UTF-8 to Windows-1252)", "Frères Dupré et Café Noël"),
    Sample("whitespace_only.txt", lambda: b" \n\t\n   \n", "text_empty", "text", "only spaces and newlines"),
)

GENERATED_IN_TESTS = (
    ("2,000 pages", "many_pages_pdf(2000)", SUCCESS),
    ("2,001 pages", "many_pages_pdf(2001)", "pdf_too_large"),
    ("over 50 MB", "b'%PDF-1.4' followed by 50 MB of padding", "pdf_too_large"),
    ("decompression bomb", "bomb_pdf(): ~1 MB inflating to 1.5 GB of page content", "pdf_too_complex (refused by the content budget)"),
    ("over 5 million characters of text", "'a' * 5_000_001", "text_too_large"),
)


def readme() -> str:
    lines = [
        "# Awkward inputs",
        "",
        "Files ContractBox must survive: each ends in the outcome below (a `DocumentError` code, or",
        "success) within bounded time and memory. `tests/test_documents.py` checks every one.",
        "Regenerate with `python samples/make_samples.py` (deterministic; it rewrites this README).",
        "",
        "| file | submitted as | expected | what it is |",
        "|---|---|---|---|",
    ]
    lines += [f"| `{s.name}` | {s.source} | `{s.expected}` | {s.note} |" for s in SAMPLES]
    lines += ["", "Built on the fly by the tests (too big to commit):", "",
              "| input | made by | expected |", "|---|---|---|"]
    lines += [f"| {what} | `{how}` | `{expected}` |" for what, how, expected in GENERATED_IN_TESTS]
    lines += ["", "`html` samples go through `contractbox.documents.html.html_to_text` (as a fetched",
              "`text/html` page would); `text` samples through `decode_text` and `document_from_text`.", ""]
    return "\n".join(lines)


def main() -> None:
    for sample in SAMPLES:
        (HERE / sample.name).write_bytes(sample.make())
    (HERE / "README.md").write_text(readme(), encoding="utf-8")
    print(f"wrote {len(SAMPLES)} samples and README.md to {HERE}")


if __name__ == "__main__":
    main()
