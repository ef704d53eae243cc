"""The reviewer (Chromium via Playwright, real server) with the new inputs: a dropped .docx is analysed
and its evidence marked in the document text, its tracked changes listed and the risk they raised
marked; a dropped scanned PDF (no text layer) is OCR'd, its evidence is highlighted on the page image
from the OCR word boxes, and the page read with low confidence is flagged."""

from __future__ import annotations

import importlib.util
import io
import random
import re
import sys
from pathlib import Path

import pypdfium2 as pdfium
from conftest import SAMPLE_CONTRACTS, Server
from playwright.sync_api import Browser, expect
from test_ui_support import analysis_id_from, browser, drop_files, playwright_instance, signed_in_page, status_of  # noqa: F401

REPO = Path(__file__).resolve().parent.parent


def make_docx_module():
    spec = importlib.util.spec_from_file_location("make_docx", REPO / "samples" / "make_docx.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_docx"] = module
    spec.loader.exec_module(module)
    return module


def speckled(image):
    """A bad photocopy: 3% of the pixels turned black or white (Tesseract reads it, with low confidence)."""
    chooser = random.Random(16)
    pixels = image.load()
    for _ in range(int(image.width * image.height * 0.03)):
        pixels[chooser.randrange(image.width), chooser.randrange(image.height)] = chooser.choice((0, 255))
    return image


def scanned_nda(with_bad_copy: bool = False) -> bytes:
    document = pdfium.PdfDocument(str(SAMPLE_CONTRACTS / "mutual_nda.pdf"))
    images = [page.render(scale=200 / 72, grayscale=True).to_pil().convert("L") for page in document]
    if with_bad_copy:  # the top third of the first page again, badly copied, as the last page
        images.append(speckled(images[0].crop((0, 0, images[0].width, images[0].height // 3))))
    buffer = io.BytesIO()
    images[0].save(buffer, format="PDF", resolution=200, save_all=True, append_images=images[1:])
    return buffer.getvalue()


def open_result(page, name: str) -> None:
    row = page.locator(".queue li", has_text=name).first
    expect(row.locator("[data-testid=status]")).to_have_text("Completed", timeout=120_000)
    row.get_by_role("link", name="Open").click()


def test_a_dropped_docx_shows_its_text_with_evidence_marked(browser: Browser, server: Server) -> None:  # noqa: F811
    make_docx = make_docx_module()
    built = make_docx.contract_docx(
        (SAMPLE_CONTRACTS / "saas_subscription_agreement.txt").read_text(), make_docx.SAAS_CHANGES
    )
    org = server.org("ui-docx", live=True)
    key = server.key(org, mode="live")
    page, watch = signed_in_page(browser, server, org)
    docx_type = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
    drop_files(page, "#dropzone", [("saas-markup.docx", built.data, docx_type)])
    open_result(page, "saas-markup.docx")
    analysis_id = analysis_id_from(page)
    result = key.client().get(f"/v1/analyses/{analysis_id}/result").json()
    assert result["hasUnacceptedChanges"] is True and result["revisions"]
    expect(page.locator("#doc-text")).to_contain_text("1. DEFINITIONS.")
    clause = max((c for c in result["clauses"] if c["evidenceIds"]), key=lambda c: c["confidence"])
    quote = next(e for e in result["evidence"] if e["id"] == clause["evidenceIds"][0])
    page.get_by_role("tab", name=re.compile(r"^Clauses")).click()
    page.locator(f'details.category[data-category="{clause["category"]}"]').evaluate("d => { d.open = true; }")
    page.locator(f'[data-clause="{clause["id"]}"]').click()
    expect(page.locator(f'#doc-text mark[data-ev="{quote["id"]}"]')).to_have_text(quote["text"])
    # The markup: said at the top, the risk it raised marked, each change listed and shown in the text.
    expect(page.locator("#tracked-changes-notice")).to_contain_text(
        f"{len(result['revisions'])} unaccepted tracked changes (Bob Buyer, Alice Counsel)"
    )
    raised = next(r for r in result["risks"] if r.get("fromRevision"))
    page.get_by_role("tab", name=re.compile(r"^Risks")).click()
    expect(page.locator(f'[data-risk="{raised["id"]}"] .from-revision')).to_have_text("From tracked change")
    expect(page.locator("[data-risk] .from-revision")).to_have_count(
        sum(1 for r in result["risks"] if r.get("fromRevision"))
    )
    page.get_by_role("tab", name=re.compile(r"^Changes")).click()
    expect(page.locator("#revisions [data-revision]")).to_have_count(len(result["revisions"]))
    insertion = next(r for r in result["revisions"] if r["id"] in raised["revisionIds"])
    entry = page.locator(f'[data-revision="{insertion["id"]}"]')
    expect(entry).to_contain_text(insertion["author"])
    expect(entry).to_contain_text(f"Raised: {raised['title']}")
    entry.click()
    expect(page.locator(f'#doc-text mark[data-ev="{insertion["id"]}"]')).to_have_text(insertion["text"])
    deletion = next(r for r in result["revisions"] if r["kind"] == "deleted")
    expect(page.locator(f'[data-revision="{deletion["id"]}"] del')).to_have_text(deletion["text"])
    watch.assert_clean()


def test_a_dropped_scanned_pdf_has_its_evidence_highlighted_on_the_page(browser: Browser, server: Server) -> None:  # noqa: F811
    org = server.org("ui-scan")
    key = server.key(org)
    page, watch = signed_in_page(browser, server, org)
    drop_files(page, "#dropzone", [("nda-scan.pdf", scanned_nda(with_bad_copy=True), "application/pdf")])
    open_result(page, "nda-scan.pdf")
    expect(page.locator("#pdf-stage canvas")).to_be_visible()
    result = key.client().get(f"/v1/analyses/{analysis_id_from(page)}/result").json()
    ocr = result["ocr"]
    last = ocr["pages"][-1]
    assert ocr["used"] is True and ocr["lowConfidencePages"] == [last]
    notice = page.locator("#ocr-notice")
    expect(notice).to_contain_text(f"mean word confidence {round(ocr['meanConfidence'] * 100)}%")
    expect(notice.locator("#ocr-low-pages")).to_contain_text(f"Low OCR confidence on page {last}:")
    notice.get_by_role("button", name=f"Page {last}").click()
    expect(page.locator("#page-label")).to_have_text(f"Page {last} of {len(ocr['pages'])}")
    assert_evidence_highlighted_on_the_page(page, result)
    watch.assert_clean()


def test_a_dropped_multi_page_tiff_is_shown_with_its_evidence_highlighted(browser: Browser, server: Server) -> None:  # noqa: F811
    """A browser cannot show a TIFF: the server makes its pages into a PDF (in a PDF worker) to show."""
    document = pdfium.PdfDocument(str(SAMPLE_CONTRACTS / "mutual_nda.pdf"))
    images = [page.render(scale=200 / 72, grayscale=True).to_pil().convert("L") for page in document]
    buffer = io.BytesIO()
    images[0].save(buffer, format="TIFF", save_all=True, append_images=images[1:], compression="tiff_deflate")
    org = server.org("ui-tiff")
    key = server.key(org)
    page, watch = signed_in_page(browser, server, org)
    drop_files(page, "#dropzone", [("nda-scan.tiff", buffer.getvalue(), "image/tiff")])
    open_result(page, "nda-scan.tiff")
    expect(page.get_by_role("tab", name="Scanned image")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#pdf-stage canvas")).to_be_visible()
    expect(page.locator("#page-label")).to_have_text(f"Page 1 of {len(images)}")
    result = key.client().get(f"/v1/analyses/{analysis_id_from(page)}/result").json()
    assert result["ocr"]["pages"] == list(range(1, len(images) + 1))
    expect(page.locator("#ocr-notice")).to_contain_text("Read by OCR")
    assert_evidence_highlighted_on_the_page(page, result)
    watch.assert_clean()


def assert_evidence_highlighted_on_the_page(page, result: dict) -> None:
    evidence = {e["id"]: e for e in result["evidence"]}
    clause = next(c for c in result["clauses"] if c["evidenceIds"] and evidence[c["evidenceIds"][0]].get("boxes"))
    quote = evidence[clause["evidenceIds"][0]]
    page.get_by_role("tab", name=re.compile(r"^Clauses")).click()
    page.locator(f'[data-clause="{clause["id"]}"]').click()
    expect(page.locator("#pdf-stage")).to_have_attribute("data-page", str(quote["boxes"][0]["page"]))
    highlight = page.locator(f'#pdf-stage .pdf-hl[data-ev="{quote["id"]}"]')
    expect(highlight).to_have_count(len([b for b in quote["boxes"] if b["page"] == quote["boxes"][0]["page"]]))
    expect(highlight.first).to_be_visible()
    expect(page.locator("#pdf-note")).to_have_text(f"Evidence highlighted on page {quote['boxes'][0]['page']}.")
    # The box sits where OCR found the words: its top, as a share of the page image's height.
    stage = page.locator("#pdf-stage canvas").bounding_box()
    drawn = highlight.first.bounding_box()
    assert stage and drawn
    assert abs((drawn["y"] - stage["y"]) / stage["height"] - quote["boxes"][0]["y0"]) < 0.01
