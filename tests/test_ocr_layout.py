"""Scanned printed contracts read back as printed (documents/ocr.py): the paragraphs the page shows
(`_joiners`), blanks and signature lines as underscores (`_rules`), a garbled line read again (`_reread_weak_lines`).
Pages printed by sample_contracts/make_pdfs.py, scanned here (300 dpi greyscale, a slight turn, sensor noise,
JPEG in an image-only PDF) and read through the product's PDF path with the bundled Tesseract."""

from __future__ import annotations

import importlib.util
import io
import re
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
from PIL import Image

from contractbox.documents import ocr, pdf
from contractbox.documents.ocr import OcrDocument

CONTRACTS_DIR = Path(__file__).resolve().parent.parent / "sample_contracts"
_spec = importlib.util.spec_from_file_location("make_pdfs", CONTRACTS_DIR / "make_pdfs.py")
assert _spec is not None and _spec.loader is not None
make_pdfs = importlib.util.module_from_spec(_spec)
sys.modules["make_pdfs"] = make_pdfs
_spec.loader.exec_module(make_pdfs)

# Headings over their paragraphs and paragraphs wrapped over two or three lines, an empty line between them:
# Tesseract's own paragraphs ran the heading into the first line and split the rest at a line end.
PRINTED_PAGE = """\
SUPPLY AGREEMENT

Section 4 Warranty

The warranty period for defects is twenty-four (24) months from delivery to the
Purchaser. The statutory provisions apply unless otherwise agreed herein.

3. This agreement starts on 1 July 2025 and runs for an initial term ending on
30 June 2026. It then renews automatically for further periods of twelve months
unless either party gives written notice at least 30 days before the end of the
current term.

4. Either party may terminate this agreement if the other party is in material
breach and has not remedied the breach within 20 business days of notice.

Section 5 Liability

The Supplier shall be liable only for breach of a material contractual duty, and
such liability shall be limited to the foreseeable damage typical for this type
of contract, but not exceeding EUR 2,000,000 per calendar year."""


def scanned(printed: bytes, seed: int, turn_degrees: float) -> bytes:
    """The printed PDF as a flatbed scanner gives it back: an image-only PDF of greyscale JPEG pages."""
    rng = np.random.default_rng(seed)
    pages = []
    for page in pdfium.PdfDocument(printed):
        image = page.render(scale=300 / 72, grayscale=True).to_pil().convert("L")
        image = image.rotate(turn_degrees, resample=Image.Resampling.BICUBIC, fillcolor=255)
        pixels = np.asarray(image, dtype=np.float32) * 0.96 + rng.normal(0.0, 6.0, (image.height, image.width))
        pages.append(Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8), mode="L"))
    buffer = io.BytesIO()
    pages[0].save(buffer, format="PDF", resolution=300, save_all=True, append_images=pages[1:], quality=80)
    return buffer.getvalue()


def expected_paragraphs() -> list[str]:
    return [" ".join(paragraph.split()) for paragraph in PRINTED_PAGE.split("\n\n")]


def test_a_scanned_page_keeps_the_printed_paragraphs_and_exact_word_offsets() -> None:
    document = pdf.extract_pdf(scanned(make_pdfs.text_to_pdf(PRINTED_PAGE), seed=7, turn_degrees=0.3))
    assert isinstance(document, OcrDocument)
    paragraphs = document.text.split("\n\n")
    # one paragraph of the reading per printed paragraph, each with the printed words (a misread letter
    # changes a word, never the count)
    assert [len(p.split()) for p in paragraphs] == [len(p.split()) for p in expected_paragraphs()]
    assert paragraphs[2].startswith("The warranty period") and "\n" not in paragraphs[2]
    placed = [word for page in document.ocr_pages for word in page.words]
    assert len(placed) >= 0.95 * len(PRINTED_PAGE.split())
    for word in placed:
        assert document.text[word.start : word.end] == word.text
    assert document.pages[0].start == 0 and document.pages[-1].end == len(document.text)


BLANKS_PAGE = """\
THIS AGREEMENT is dated this ____ day of ______________ 2025.

The Buyer shall pay the price stated in the order within thirty (30) days.

NORTHWIND TRADING LTD.              HARBOUR MILLS INC.

Per: ______________________         Per: ______________________"""


def test_blanks_and_signature_lines_are_read_as_underscores_where_they_are_printed() -> None:
    document = pdf.extract_pdf(scanned(make_pdfs.text_to_pdf(BLANKS_PAGE), seed=11, turn_degrees=-0.2))
    assert isinstance(document, OcrDocument)
    text = document.text
    # a blank date stays blank: the rules are in the line, not dropped (which read "dated this day of 2025")
    assert re.search(r"dated this _{3,5} day of _{12,16} \S+\n\nThe Buyer", text), text
    assert re.search(r"Per: _{20,24} Per: _{20,24}", text), text
    page = document.ocr_pages[0]
    rules = [w for w in page.words if set(w.text) == {"_"}]
    assert len(rules) == 4
    for word in page.words:
        assert text[word.start : word.end] == word.text
    # the first blank sits between "this" and "day" on the page
    this, day = (next(w for w in page.words if w.text == t) for t in ("this", "day"))
    assert this.box[2] < rules[0].box[0] < rules[0].box[2] < day.box[0]
    assert abs(rules[0].box[3] - this.box[3]) < 0.01


def test_a_line_read_badly_on_the_page_is_read_again_on_its_own() -> None:
    printed = make_pdfs.text_to_pdf(PRINTED_PAGE)
    image = pdfium.PdfDocument(scanned(printed, seed=7, turn_degrees=0.3))[0].render(scale=200 / 72).to_pil()
    image = image.convert("L")
    engine = ocr._tesseract()
    words = ocr._recognise(engine, image)
    heading = [w for w in words if w.line_key == next(w.line_key for w in words if w.text == "Liability")]
    assert [w.text for w in heading] == ["Section", "5", "Liability"]
    # the heading as the page layout analysis garbles a short line now and then
    garbled = [replace(w, text=t, confidence=0.4) for w, t in zip(heading, ("Sa", "bat", "abwdaty,"), strict=True)]
    reading = [garbled[heading.index(w)] if w in heading else w for w in words]
    again = ocr._reread_weak_lines(engine, image, reading)
    line = [w for w in again if w.line_key == heading[0].line_key]
    assert [w.text for w in line] == ["Section", "5", "Liability"]
    for read, printed_word in zip(line, heading, strict=True):  # boxes on the page, where the words are
        assert all(abs(a - b) <= 6 for a, b in zip(read.box, printed_word.box, strict=True))
    assert [w.text for w in again if w.line_key != heading[0].line_key] == [
        w.text for w in words if w.line_key != heading[0].line_key
    ]


LOOKALIKES_PAGE = """\
This Lease is made on the lst day of August, 2O24 between Oil Field Leasing Ltd.
and Harbour Mills Inc. I confirm the rent of $l2,5OO per month, payable by the
l5th day of each month."""


def test_digits_printed_or_read_as_letters_are_read_as_digits() -> None:
    """A typewriter had no "1" key ("l" was typed) and Tesseract reads some digits as letters; a word of
    digits with l, I or O in it, or "lst", is read as the number. Words of letters stay as printed."""
    document = pdf.extract_pdf(scanned(make_pdfs.text_to_pdf(LOOKALIKES_PAGE), seed=3, turn_degrees=0.2))
    assert isinstance(document, OcrDocument)
    text = " ".join(document.text.split())
    assert "made on the 1st day of August, 2024 between Oil Field" in text, text
    assert "Inc. I confirm the rent of $12,500 per month" in text and "by the 15th day" in text, text
    for word in document.ocr_pages[0].words:
        assert document.text[word.start : word.end] == word.text


DEFINED_TERMS_PAGE = """\
SUPPLY AGREEMENT
(Liefervertrag)

NORTHWIND TRADING LTD., a company registered in England
(the "Supplier")

HARBOUR MILLS INC., a Delaware corporation
(Customer)

FENWICK & DALE LLP, solicitors of London (the "Escrow Agent").
Each of the Supplier, the Customer and the Escrow Agent is a "Party" (together,
the "Parties"). Payment is due in pounds sterling (GBP) within thirty (30) days."""


def test_closing_punctuation_that_touches_its_word_is_not_split_from_it() -> None:
    """Tesseract reads '"Customer")' as two words, '"Customer"' and ')'; the defined term must read as printed."""
    document = pdf.extract_pdf(scanned(make_pdfs.text_to_pdf(DEFINED_TERMS_PAGE), seed=5, turn_degrees=0.25))
    assert isinstance(document, OcrDocument)
    text = " ".join(document.text.split())
    for term in ("(Liefervertrag)", '(the "Supplier")', "(Customer)", '(the "Escrow Agent").', '"Parties").', "(GBP)"):
        assert term in text, text
    assert "Each of the Supplier, the Customer" in text  # a word and the comma after it stay as printed
    for word in document.ocr_pages[0].words:
        assert document.text[word.start : word.end] == word.text


def test_a_re_reading_with_a_doubtful_word_is_kept_only_when_far_surer() -> None:
    """'=f Alpenblick" -' (0.78, one word at 0.53) for '- "Alpenblick" —-' (0.67) is not kept; '("client").' at
    0.37 for a line read as noise at 0.03 is."""
    image = pdfium.PdfDocument(scanned(make_pdfs.text_to_pdf(PRINTED_PAGE), seed=7, turn_degrees=0.3))[0]
    words = ocr._recognise(ocr._tesseract(), image.render(scale=200 / 72).to_pil().convert("L"))
    line = [w for w in words if w.line_key == next(w.line_key for w in words if w.text == "Liability")]
    doubtful = [replace(w, confidence=c) for w, c in zip(line, (0.53, 0.92, 0.89), strict=True)]
    assert not ocr._surer(doubtful, [replace(w, confidence=0.67) for w in line])
    assert ocr._surer(doubtful, [replace(w, confidence=0.03) for w in line])
    assert ocr._surer(line, [replace(w, confidence=0.67) for w in line])  # sure all through: kept
