"""PDF text repair (documents/pdf_layout.py): running headers, footers and page numbers dropped,
wrapped lines and hyphenated words joined, paragraphs separated, and every kept character still
on the page it was printed on. Real PDFs are built with sample_contracts/make_pdfs.py and read
by PDFium through `extract_pdf`."""

from __future__ import annotations

import importlib.util
import itertools
import sys
from pathlib import Path

from contractbox.documents import Document, extract_pdf
from contractbox.documents.pdf_layout import lay_out

CONTRACTS_DIR = Path(__file__).resolve().parents[1] / "sample_contracts"
_spec = importlib.util.spec_from_file_location("make_pdfs", CONTRACTS_DIR / "make_pdfs.py")
assert _spec and _spec.loader
make_pdfs = importlib.util.module_from_spec(_spec)
sys.modules["make_pdfs"] = make_pdfs
_spec.loader.exec_module(make_pdfs)

FILLER = "The Supplier shall deliver the Products described in Schedule A at the agreed times and places"
HEADER = "ACME SUPPLY AGREEMENT - CONFIDENTIAL"


def page_lines(number: int, body: list[str]) -> list[str]:
    return [HEADER, *body, f"Page {number} of 3"]


def three_pages() -> list[list[str]]:
    return [
        page_lines(1, [
            "SUPPLY AGREEMENT",
            "",
            "This Supply Agreement is made between Acme Components Ltd. and Birch Retail Inc., both of",
            "whom agree as follows, and it shall be governed by the laws of the State of North",
            "Carolina.",
            "1. Delivery. " + FILLER[:70],
            "and the Supplier shall act",
        ]),
        page_lines(2, [
            "in good faith at all times and in accord-",
            "ance with the Specifications, as the Buyer and the Supplier have agreed in the non-",
            "exclusive licence set out in Schedule B, which both parties signed at the same time.",
            "2. Term. This Agreement starts on 1 March 2024.",
        ]),
        page_lines(3, [
            "3. Notices. Notices are given in writing in accordance with Section 9 by each party.",
        ]),
    ]


def assert_pages_are_exact(document: Document, expected_pages: list[str]) -> None:
    """Every page range holds exactly that page's repaired text (plus the joiner after it)."""
    pages = document.pages
    assert pages[0].start == 0 and pages[-1].end == len(document.text)
    for before, after in itertools.pairwise(pages):
        assert before.end == after.start
    for page, expected in zip(pages, expected_pages):
        assert document.text[page.start:page.end].rstrip() == expected
        for offset in range(page.start, page.end):
            assert document.page_at(offset) == page.number


def test_repaired_pdf_text_reads_like_the_contract_and_keeps_every_page_exact() -> None:
    per_page = 12  # each page padded with blank lines to the same length: text_to_pdf cuts every N lines
    lines = [line for page in three_pages() for line in page + [""] * (per_page - len(page))]
    document = extract_pdf(make_pdfs.text_to_pdf("\n".join(lines), lines_per_page=per_page))
    assert len(document.pages) == 3
    text = document.text
    assert HEADER not in text and "Page 1 of 3" not in text and "of 3" not in text
    assert "governed by the laws of the State of North Carolina." in text
    assert "shall act in good faith at all times and in accordance with the Specifications" in text
    assert "the non-exclusive licence" in text
    assert text.startswith("SUPPLY AGREEMENT\n\nThis Supply Agreement is made between Acme Components Ltd. and")
    assert "\n\n2. Term. This Agreement starts on 1 March 2024.\n\n3. Notices." in text
    assert_pages_are_exact(document, [
        (
            "SUPPLY AGREEMENT\n\nThis Supply Agreement is made between Acme Components Ltd. and Birch Retail Inc., "
            "both of whom agree as follows, and it shall be governed by the laws of the State of North Carolina.\n\n"
            "1. Delivery. " + FILLER[:70] + " and the Supplier shall act"
        ),
        (
            "in good faith at all times and in accordance with the Specifications, as the Buyer and the Supplier "
            "have agreed in the non-exclusive licence set out in Schedule B, which both parties signed at the same "
            "time.\n\n2. Term. This Agreement starts on 1 March 2024."
        ),
        "3. Notices. Notices are given in writing in accordance with Section 9 by each party.",
    ])


def test_a_word_split_over_a_page_break_keeps_each_half_on_its_page() -> None:
    pages = ["1. Scope. The Supplier shall act in accord-", "ance with the Specifications.\n2. Notices. In accordance."]
    text, ranges = lay_out(pages)
    document = Document(text=text, pages=ranges)
    joined = text.index("accordance with")
    assert text.startswith("1. Scope. The Supplier shall act in accordance with the Specifications.\n\n2. Notices.")
    assert document.page_at(joined) == 1
    assert document.page_at(joined + len("accord")) == 2


def test_a_hyphen_at_a_line_end_stays_unless_the_document_uses_the_whole_word() -> None:
    text, _ = lay_out(["The Know-\nHow and the then-\ncurrent price, with charge-\nbacks and no chargebacks."])
    assert text == "The Know-How and the then-current price, with chargebacks and no chargebacks."


def test_a_line_repeated_on_every_page_is_kept_when_it_is_all_the_page_says() -> None:
    pages = [f"This is page {n} of the long sample; it says little else." for n in range(1, 6)]
    text, ranges = lay_out(pages)
    assert [text[p.start:p.end].strip() for p in ranges] == pages


def test_page_numbers_and_footers_go_but_a_number_inside_the_text_stays() -> None:
    clauses = ["Fees", "Taxes", "Audit"]
    pages = [f"- {n} -\n{n}. {name}.\nThe amount is\n42\nper unit for {name.lower()}, paid monthly.\n{n}"
             for n, name in enumerate(clauses, start=1)]
    text, ranges = lay_out(pages)
    assert text.count("The amount is 42 per unit") == 3  # "42" is mid-page: kept
    assert "- 1 -" not in text and text.endswith("paid monthly.")
    assert [text[p.start:p.end].split(".")[0] for p in ranges] == ["1", "2", "3"]


def test_a_page_with_nothing_kept_has_an_empty_range_and_offsets_stay_on_their_pages() -> None:
    text, ranges = lay_out(["First page text ends here.", "7", "Third page text starts here."])
    document = Document(text=text, pages=ranges)
    assert ranges[1].start == ranges[1].end
    assert document.page_at(text.index("Third")) == 3
    assert document.page_at(text.index("First")) == 1
