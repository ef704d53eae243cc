"""Scans through the API and the CLI: an image-only PDF, a mixed PDF, PNG and multi-page TIFF files,
OCR'd by the bundled Tesseract inside the PDF worker; huge or foreign images end in 400 at submission."""

from __future__ import annotations

import base64
import io
import json
import subprocess
import sys
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import Key, Server, wait_done
from PIL import Image

REPO = Path(__file__).resolve().parent.parent
NDA = REPO / "sample_contracts" / "mutual_nda.pdf"


def page_images(dpi: int = 200) -> list[Image.Image]:
    document = pdfium.PdfDocument(str(NDA))
    return [page.render(scale=dpi / 72, grayscale=True).to_pil().convert("L") for page in document]


def scanned_pdf(images: list[Image.Image]) -> bytes:
    buffer = io.BytesIO()
    images[0].save(buffer, format="PDF", resolution=200, save_all=True, append_images=images[1:])
    return buffer.getvalue()


def mixed_pdf() -> bytes:
    """The NDA with its text layer, followed by a scan of its first page: page 3 needs OCR."""
    mixed = pdfium.PdfDocument(str(NDA))
    mixed.import_pages(pdfium.PdfDocument(scanned_pdf(page_images()[:1])))
    out = io.BytesIO()
    mixed.save(out)
    return out.getvalue()


@pytest.fixture(scope="module")
def live_key(server: Server) -> Key:
    return server.key(server.org("ocr-live", live=True), mode="live")


def analyse(key: Key, **source: str) -> dict:
    with key.client() as client:
        created = client.post("/v1/analyses", json={"title": "scan", **source})
        assert created.status_code == 202, created.text
        done = wait_done(client, created.json()["analysisId"], timeout=240)
        assert done["status"] == "completed", done
        return client.get(done["links"]["result"]).json()


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def assert_boxes_on_pages(result: dict, pages: set[int]) -> None:
    boxed = [e for e in result["evidence"] if e.get("boxes")]
    assert boxed, "no evidence carries a box"
    for evidence in boxed:
        for box in evidence["boxes"]:
            assert box["page"] in pages
            assert 0 <= box["x0"] < box["x1"] <= 1 and 0 <= box["y0"] < box["y1"] <= 1


def test_a_scanned_pdf_is_read_by_ocr_and_finds_what_the_original_does(live_key: Key) -> None:
    scanned = analyse(live_key, sourceType="pdf", pdfBase64=b64(scanned_pdf(page_images())))
    original = analyse(live_key, sourceType="pdf", pdfBase64=b64(NDA.read_bytes()))
    ocr = scanned["ocr"]
    assert ocr["used"] is True and ocr["pages"] == [1, 2] and ocr["meanConfidence"] > 0.85
    assert ocr["lowConfidencePages"] == []
    assert "ocr" not in original and all("boxes" not in e for e in original["evidence"])
    assert_boxes_on_pages(scanned, {1, 2})
    # Same law, quoting the same words (evidence ids are numbered per result, so they may differ).
    laws = [result["summary"]["governingLaw"] for result in (scanned, original)]
    assert laws[0]["jurisdiction"] == laws[1]["jurisdiction"]
    quotes = [
        {" ".join(e["text"].split()) for e in result["evidence"] if e["id"] in law["evidenceIds"]}
        for result, law in zip((scanned, original), laws)
    ]
    assert quotes[0] == quotes[1] and quotes[0], quotes
    assert [p["name"] for p in scanned["summary"]["parties"]] == [p["name"] for p in original["summary"]["parties"]]
    found = {c["category"] for c in scanned["clauses"] if c["confidence"] >= 0.5}
    assert found == {c["category"] for c in original["clauses"] if c["confidence"] >= 0.5}


def test_a_mixed_pdf_reads_only_its_scanned_page_by_ocr(live_key: Key) -> None:
    result = analyse(live_key, sourceType="pdf", pdfBase64=b64(mixed_pdf()))
    assert result["ocr"]["pages"] == [3]
    boxed = [e for e in result["evidence"] if e.get("boxes")]
    assert boxed and all(box["page"] == 3 for e in boxed for box in e["boxes"])
    assert all(e["page"] in (2, 3) for e in boxed)  # a quote may start on page 2 and run onto the scan


def test_a_png_scan_is_analysed_with_boxes(org_key: Key) -> None:
    buffer = io.BytesIO()
    page_images()[0].save(buffer, format="PNG")
    result = analyse(org_key, sourceType="image", imageBase64=b64(buffer.getvalue()))
    assert result["ocr"]["used"] is True and result["ocr"]["pages"] == [1]
    assert_boxes_on_pages(result, {1})


def huge_png() -> bytes:
    buffer = io.BytesIO()
    Image.new("1", (20_000, 20_000), 1).save(buffer, format="PNG")
    return buffer.getvalue()


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (huge_png(), "image_too_large"),
        (b"GIF89a not a contract", "image_unreadable"),
        (b"%PDF-1.4", "image_unreadable"),
    ],
    ids=["huge image", "gif", "pdf as image"],
)
def test_bad_images_are_a_400_with_their_code(org_key: Key, data: bytes, code: str) -> None:
    with org_key.client() as client:
        response = client.post("/v1/analyses", json={"title": "x", "sourceType": "image", "imageBase64": b64(data)})
        assert response.status_code == 400, response.text
        assert response.json()["error"]["code"] == code and response.json()["error"]["param"] == "imageBase64"
        assert client.get("/v1/analyses").json()["data"] == []


def test_cli_analyses_a_multi_page_tiff_and_a_scanned_pdf(tmp_path: Path) -> None:
    images = page_images()
    tiff = tmp_path / "nda-scan.tiff"
    images[0].save(tiff, format="TIFF", save_all=True, append_images=images[1:])
    pdf = tmp_path / "nda-scan.pdf"
    pdf.write_bytes(scanned_pdf(images))
    done = subprocess.run(
        [sys.executable, "-m", "contractbox", "analyze", "--jsonl", str(tiff), str(pdf)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    for line in lines:
        assert line["result"]["ocr"]["pages"] == [1, 2]
        assert line["result"]["summary"]["governingLaw"]["jurisdiction"]
