"""PDF text repair (documents/pdf_layout.py): running headers, footers and page numbers dropped,
wrapped lines and hyphenated words joined, paragraphs separated, and every kept character still
on the page it was printed on. Real PDFs are built with sample_contracts/make_pdfs.py and read
by PDFium through `extract_pdf`."""

from __future__ import annotations

import base64
import importlib.util
import itertools
import sys
from pathlib import Path

import pytest
from conftest import Server
from playwright.sync_api import Browser
from test_ui_support import browser, playwright_instance  # noqa: F401 - fixtures

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
        page_lines(
            1,
            [
                "SUPPLY AGREEMENT",
                "",
                "This Supply Agreement is made between Acme Components Ltd. and Birch Retail Inc., both of",
                "whom agree as follows, and it shall be governed by the laws of the State of North",
                "Carolina.",
                "1. Delivery. " + FILLER[:70],
                "and the Supplier shall act",
            ],
        ),
        page_lines(
            2,
            [
                "in good faith at all times and in accord-",
                "ance with the Specifications, as the Buyer and the Supplier have agreed in the non-",
                "exclusive licence set out in Schedule B, which both parties signed at the same time.",
                "2. Term. This Agreement starts on 1 March 2024.",
            ],
        ),
        page_lines(
            3,
            [
                "3. Notices. Notices are given in writing in accordance with Section 9 by each party.",
            ],
        ),
    ]


def assert_pages_are_exact(document: Document, expected_pages: list[str]) -> None:
    """Every page range holds exactly that page's repaired text (plus the joiner after it)."""
    pages = document.pages
    assert pages[0].start == 0 and pages[-1].end == len(document.text)
    for before, after in itertools.pairwise(pages):
        assert before.end == after.start
    for page, expected in zip(pages, expected_pages):
        assert document.text[page.start : page.end].rstrip() == expected
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
    assert_pages_are_exact(
        document,
        [
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
        ],
    )


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
    assert [text[p.start : p.end].strip() for p in ranges] == pages


def test_page_numbers_and_footers_go_but_a_number_inside_the_text_stays() -> None:
    clauses = ["Fees", "Taxes", "Audit"]
    pages = [
        f"- {n} -\n{n}. {name}.\nThe amount is\n42\nper unit for {name.lower()}, paid monthly.\n{n}"
        for n, name in enumerate(clauses, start=1)
    ]
    text, ranges = lay_out(pages)
    assert text.count("The amount is 42 per unit") == 3  # "42" is mid-page: kept
    assert "- 1 -" not in text and text.endswith("paid monthly.")
    assert [text[p.start : p.end].split(".")[0] for p in ranges] == ["1", "2", "3"]


def test_a_page_with_nothing_kept_has_an_empty_range_and_offsets_stay_on_their_pages() -> None:
    text, ranges = lay_out(["First page text ends here.", "7", "Third page text starts here."])
    document = Document(text=text, pages=ranges)
    assert ranges[1].start == ranges[1].end
    assert document.page_at(text.index("Third")) == 3
    assert document.page_at(text.index("First")) == 1


# --- the reviewer finds repaired quotes on the PDF page (pdf.js in Chromium) --------------------

HIGHLIGHT_PAGE_ONE = [
    "1. Scope. The Supplier shall deliver the Products in accordance with Section 9 and Schedule A.",
    "2. Quality. The Supplier shall act in good faith and in accord-",
    "ance with the Specifications at all times during the term of this Agreement.",
    "3. Reports. Quarterly and Other Reports are due to the Buyer when the",
]
HIGHLIGHT_PAGE_TWO = ["Buyer asks for them in writing, and at the latest thirty days after each quarter."]

LOCATE_QUOTES = """async ([pdfBase64, quotes]) => {
  const lib = await import("/static/vendor/pdfjs/pdf.min.mjs");
  lib.GlobalWorkerOptions.workerSrc = "/static/vendor/pdfjs/pdf.worker.min.mjs";
  const { locate } = await import("/static/js/pdfview.js");
  const data = Uint8Array.from(atob(pdfBase64), (c) => c.charCodeAt(0));
  const pdf = await lib.getDocument({ data, standardFontDataUrl: "/static/vendor/pdfjs/standard_fonts/" }).promise;
  const found = {};
  for (const quote of quotes) {
    const page = await pdf.getPage(quote.page);
    const boxes = locate(await page.getTextContent(), [quote], page.getViewport({ scale: 1 }));
    found[quote.id] = boxes.length;
  }
  return found;
}"""


def sentence_at(document: Document, words: str) -> tuple[str, int]:
    """The sentence of the document text holding `words`, and the page it starts on."""
    at = document.text.index(words)
    start = max(document.text.rfind(". ", 0, at) + 2, document.text.rfind("\n", 0, at) + 1)
    end = document.text.index(".", at) + 1
    return document.text[start:end], document.page_at(start) or 0


def test_the_reviewer_locates_repaired_quotes_on_the_pdf_page(browser: Browser, server: Server) -> None:  # noqa: F811
    lines = HIGHLIGHT_PAGE_ONE + [""] * 2 + HIGHLIGHT_PAGE_TWO + [""] * 5
    data = make_pdfs.text_to_pdf("\n".join(lines), lines_per_page=6)
    document = extract_pdf(data)
    joined, joined_page = sentence_at(document, "in accordance with the Specifications")
    across, across_page = sentence_at(document, "Quarterly and Other Reports")
    assert "act in good faith and in accordance with the Specifications at all times" in joined
    assert "are due to the Buyer when the Buyer asks for them" in across
    assert (joined_page, across_page) == (1, 1)
    quotes = [
        {"id": "joined", "page": 1, "text": joined},
        {"id": "across", "page": 1, "text": across},
        {"id": "absent", "page": 1, "text": "Nothing like this sentence is printed on the first page."},
    ]
    page = browser.new_page()
    try:
        page.goto(server.base_url + "/")
        found = page.evaluate(LOCATE_QUOTES, [base64.b64encode(data).decode(), quotes])
    finally:
        page.close()
    assert found["joined"] >= 2  # both lines of the hyphenated word
    assert found["across"] >= 1  # its start, at the foot of page 1
    assert found["absent"] == 0


def test_many_line_end_hyphens_are_decided_by_the_same_vocabulary() -> None:
    words = [f"word{chr(97 + i % 26)}{chr(97 + i // 26 % 26)}" for i in range(100)]
    # each page opens with its own heading: two pages opening with the same line would be a running header
    pages = [
        "Part one.\n" + "\n".join(f"The {w[:4]}-\n{w[4:]} and the plain {w}." for w in words[:50]),
        "Part two.\n" + "\n".join(f"The {w[:4]}-\n{w[4:]} has no plain form." for w in words[50:]),
    ]
    text, _ = lay_out(pages)
    assert all(f"The {w} and the plain {w}." in text for w in words[:50])
    assert all(f"The {w[:4]}-{w[4:]} has no plain form." in text for w in words[50:])


def test_a_file_of_more_lines_than_any_contract_keeps_its_pages_as_printed(monkeypatch: pytest.MonkeyPatch) -> None:
    from contractbox.documents import pdf_layout

    monkeypatch.setattr(pdf_layout, "MAX_LAID_OUT_LINES", 2)
    text, ranges = lay_out(["Page one\nwraps here", "Page two"])
    assert text == "Page one\nwraps here\n\nPage two"
    assert [(p.start, p.end) for p in ranges] == [(0, 21), (21, 29)]


def test_an_empty_line_on_the_printed_page_separates_paragraphs() -> None:
    lines = [
        "INDEPENDENT CONTRACTOR AGREEMENT",
        "",
        "Parties",
        "",
        "Harbourline Media Pty Ltd ACN 123 456 789 of Level 5, 60 Clarence Street,",
        "Sydney NSW 2000 (Company)",
        "",
        "Megan Louise Tran of 14 Beach Road, Coogee NSW 2034 (Contractor)",
        "",
        "Background",
        "",
        "A. The Company publishes digital travel content and wishes to engage the Contractor to provide",
        "video production services, and the Contractor has agreed to provide them, on the terms of",
        "this agreement.",
    ]
    text = extract_pdf(make_pdfs.text_to_pdf("\n".join(lines))).text
    assert (
        "Parties\n\nHarbourline Media Pty Ltd ACN 123 456 789 of Level 5, 60 Clarence Street, Sydney NSW 2000" in text
    )
    assert (
        "(Company)\n\nMegan Louise Tran of 14 Beach Road, Coogee NSW 2034 (Contractor)\n\nBackground\n\nA. The" in text
    )
    assert (
        "to provide video production services, and the Contractor has agreed to provide them, on the terms of this"
        in text
    )


def test_a_document_with_gaps_between_paragraphs_keeps_its_numbered_lines_in_their_paragraph() -> None:
    lines = [
        "LICENCE TO OCCUPY",
        "",
        "1. LICENCE",
        "1.1 The Licensor grants the Licensee the right to occupy the Unit for the Permitted Use.",
        "1.2 The Licensee shall not share occupation of the Unit with any other person.",
        "",
        "2. FEES",
        "2.1 The Licensee shall pay the Licence Fee monthly in advance on the first day of each month.",
        "",
        "3. ENDING",
        "3.1 Either party may end this licence by giving the other at least one month's written notice.",
    ]
    text = extract_pdf(make_pdfs.text_to_pdf("\n".join(lines))).text
    assert "LICENCE TO OCCUPY\n\n1. LICENCE\n1.1 The Licensor grants" in text
    assert "for the Permitted Use.\n1.2 The Licensee shall not" in text
    assert "with any other person.\n\n2. FEES\n2.1 The Licensee shall pay" in text
    gapless = extract_pdf(make_pdfs.text_to_pdf("\n".join(line for line in lines if line))).text
    assert "LICENCE TO OCCUPY\n\n1. LICENCE\n\n1.1 The Licensor grants" in gapless  # paragraphs guessed


def test_a_gap_cannot_show_across_a_page_break_so_a_clause_at_the_top_of_a_page_starts_a_paragraph() -> None:
    first = "SERVICES AGREEMENT\n\n1. SERVICES\n1.1 The Supplier shall provide the Services.\n\n2. FEES\n2.1 The Customer shall pay."
    second = "3. TERM\n3.1 This Agreement runs for two years.\n\n4. LAW\n4.1 The laws of Ontario govern it."
    text, _ = lay_out([first, second])
    assert "1. SERVICES\n1.1 The Supplier" in text
    assert "The Customer shall pay.\n\n3. TERM\n3.1 This Agreement" in text


def test_a_complimentary_close_keeps_its_line_above_the_signature() -> None:
    text, _ = lay_out(["Please countersign and return a copy.\n\nVery truly yours,\n/s/ Thomas Ng\nThomas Ng, Partner"])
    assert "Very truly yours,\n/s/ Thomas Ng" in text


def test_a_field_of_a_list_starts_its_own_line_even_after_a_full_line() -> None:
    lines = [
        "CLEANING WORK ORDER",
        "",
        "Client: Holloway Build Ltd, company number SC604417, 21 Canal Street, Glasgow G4 0AD",
        "Contractor: Sparkle Handover Ltd, company number SC712055, Unit 9, Hillington Park,",
        "Glasgow G52 4LB",
        "",
        "1. The Contractor shall clean the 64 apartments and the communal areas of the Site as",
        "described in the Specification, and the Client shall give it access to the Site.",
    ]
    text = extract_pdf(make_pdfs.text_to_pdf("\n".join(lines))).text
    assert (
        "Glasgow G4 0AD\nContractor: Sparkle Handover Ltd, company number SC712055, Unit 9, Hillington Park, Glasgow"
        in text
    )


def test_a_header_on_both_pages_of_a_two_page_contract_is_dropped() -> None:
    per_page = 8
    pages = [
        ["CONFIDENTIAL - EXECUTION VERSION", "", "SUPPLY AGREEMENT", "", "1. The Supplier shall deliver the Products."],
        ["CONFIDENTIAL - EXECUTION VERSION", "", "2. The Buyer shall pay each invoice within 30 days."],
    ]
    lines = [line for page in pages for line in page + [""] * (per_page - len(page))]
    text = extract_pdf(make_pdfs.text_to_pdf("\n".join(lines), lines_per_page=per_page)).text
    assert "CONFIDENTIAL" not in text
    assert text.startswith("SUPPLY AGREEMENT\n\n1. The Supplier shall deliver the Products.")
    assert "2. The Buyer shall pay each invoice within 30 days." in text
