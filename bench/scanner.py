"""Scanned copies of PDFs, made as a scanner writes them: each page rendered greyscale, put as a JPEG
into an image-only PDF (no text layer, so the product OCRs every page).

Used by bench/ocr.py (plain 200 dpi renders of CUAD's PDFs) and bench/factset.py --scan (the
printed fact-set contracts at 300 dpi with what a flatbed adds: a slight turn of a fraction of a
degree and light sensor noise, seeded per document so every run scans the same pages).
"""

from __future__ import annotations

import io
import time
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pypdfium2 as pdfium
from PIL import Image

_SCANNED_AT = time.gmtime(1_767_225_600)  # 2026-01-01


@dataclass(frozen=True)
class ScanSettings:
    dpi: int = 300
    max_turn_degrees: float = 0.4  # each page is turned by a seeded angle in [-max, +max]
    noise_sigma: float = 6.0  # grey levels of Gaussian sensor noise
    paper_grey: int = 246  # a scanned page is never pure white
    jpeg_quality: int = 80


def render_pages(data: bytes, dpi: int) -> list[Image.Image]:
    """Every page of a PDF as a greyscale image at `dpi`."""
    document = pdfium.PdfDocument(data)
    try:
        return [page.render(scale=dpi / 72, grayscale=True).to_pil().convert("L") for page in document]
    finally:
        document.close()


def image_pdf(images: Sequence[Image.Image], dpi: int, quality: int) -> bytes:
    """An image-only PDF, one JPEG page per image, its page size the images' at `dpi`."""
    buffer = io.BytesIO()
    images[0].save(
        buffer,
        format="PDF",
        resolution=dpi,
        save_all=True,
        append_images=list(images[1:]),
        quality=quality,
        creationDate=_SCANNED_AT,  # a fixed date: the same pages give the same bytes
        modDate=_SCANNED_AT,
    )
    return buffer.getvalue()


def as_scanned(image: Image.Image, rng: np.random.Generator, settings: ScanSettings) -> Image.Image:
    """One page as a flatbed gives it back: slightly turned, on grey paper, with sensor noise."""
    angle = float(rng.uniform(-settings.max_turn_degrees, settings.max_turn_degrees))
    turned = image.rotate(angle, resample=Image.Resampling.BICUBIC, fillcolor=255)
    pixels = np.asarray(turned, dtype=np.float32) * (settings.paper_grey / 255)
    pixels += rng.normal(0.0, settings.noise_sigma, pixels.shape)
    return Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8), mode="L")


def scanned_pdf(data: bytes, seed_name: str, settings: ScanSettings = ScanSettings()) -> bytes:
    """The PDF `data` printed and scanned back (see module doc); the same `seed_name` gives the same bytes."""
    rng = np.random.default_rng(zlib.crc32(seed_name.encode("utf-8")))
    pages = [as_scanned(image, rng, settings) for image in render_pages(data, settings.dpi)]
    return image_pdf(pages, settings.dpi, settings.jpeg_quality)
