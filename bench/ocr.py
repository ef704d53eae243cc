"""OCR engine selection (issue 16): accuracy, speed and size of each candidate, measured here.

Pages of the CUAD PDFs (/work/shared/data/cuad/pdfs) are rendered with PDFium at 200 dpi to
greyscale images; each engine reads the image and its text is compared with the PDF's own text
layer. Character error rate (CER) = Levenshtein distance / reference length, both texts with
whitespace collapsed to single spaces (layout differences between engines are not errors; a
missing space between words is). Speed is pages per second with the engine limited to 2 threads
(the machine's 2 cores). Size is the installed size of the packages the engine adds.

    nice -n 10 .venv/bin/python bench/ocr.py --pages 12 [--json out.json]

Needs the bench-only package `rapidfuzz` (fast Levenshtein) besides the candidates:
rapidocr-onnxruntime, pytesseract + the Debian packages tesseract-ocr and tesseract-ocr-eng.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import re
import resource
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("OMP_THREAD_LIMIT", "2")  # Tesseract's OpenMP threads

import numpy as np
import pypdfium2 as pdfium
from PIL import Image
from rapidfuzz.distance import Levenshtein

PDF_DIR = Path("/work/shared/data/cuad/pdfs")
DPI = 200
_SPACE = re.compile(r"\s+")
_FOLD = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-"})


def normalise(text: str) -> str:
    return _SPACE.sub(" ", text.translate(_FOLD)).strip()


def sample_pages(count: int) -> list[tuple[str, Image.Image, str]]:
    """One page (the second, else the first) of each PDF that has a text layer, up to `count`."""
    pages = []
    for path in sorted(PDF_DIR.glob("*.pdf")):
        pdf = pdfium.PdfDocument(str(path))
        index = 1 if len(pdf) > 1 else 0
        page = pdf[index]
        reference = normalise(page.get_textpage().get_text_range())
        if len(reference) < 200:
            continue
        image = page.render(scale=DPI / 72, grayscale=True).to_pil().convert("L")
        pages.append((f"{path.name[:40]} p{index + 1}", image, reference))
        if len(pages) >= count:
            break
    return pages


def rapidocr_engine() -> Callable[[Image.Image], str]:
    from rapidocr_onnxruntime import RapidOCR

    engine = RapidOCR(intra_op_num_threads=2, inter_op_num_threads=1)

    def read(image: Image.Image) -> str:
        result, _ = engine(np.asarray(image.convert("RGB")))
        return "\n".join(text for _box, text, _score in (result or []))

    return read


def tesseract_engine() -> Callable[[Image.Image], str]:
    import pytesseract

    def read(image: Image.Image) -> str:
        return str(pytesseract.image_to_string(image, lang="eng"))

    return read


def _cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)  # the tesseract processes
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def installed_size(distributions: list[str]) -> int:
    total = 0
    for name in distributions:
        dist = importlib.metadata.distribution(name)
        for file in dist.files or []:
            located = Path(str(dist.locate_file(file)))
            if located.is_file():
                total += located.stat().st_size
    return total


def debian_size(packages: list[str]) -> int:
    output = subprocess.run(
        ["dpkg-query", "-Wf", "${Installed-Size}\n", *packages], capture_output=True, text=True, check=True
    ).stdout
    return sum(int(line) for line in output.split()) * 1024


CANDIDATES: dict[str, dict] = {
    "rapidocr": {
        "make": rapidocr_engine,
        "licence": "Apache-2.0 (code and PP-OCR models); onnxruntime MIT; opencv-python Apache-2.0",
        "size": lambda: installed_size(
            ["rapidocr-onnxruntime", "onnxruntime", "opencv-python", "shapely", "pyclipper", "pillow", "pyyaml",
             "flatbuffers", "protobuf", "six", "tqdm"]
        ),
    },
    "tesseract": {
        "make": tesseract_engine,
        "licence": "Apache-2.0 (Tesseract, eng traineddata); Leptonica BSD-2; pytesseract Apache-2.0",
        "size": lambda: debian_size(["tesseract-ocr", "tesseract-ocr-eng", "libtesseract5", "liblept5"])
        + installed_size(["pytesseract", "pillow"]),
    },
}


def measure(name: str, pages: list[tuple[str, Image.Image, str]]) -> dict:
    spec = CANDIDATES[name]
    read = spec["make"]()
    read(pages[0][1])  # warm-up: model loading is not per-page cost
    errors = reference_chars = 0
    per_page = []
    started, cpu_started = time.perf_counter(), _cpu_seconds()
    for label, image, reference in pages:
        hypothesis = normalise(read(image))
        distance = Levenshtein.distance(reference, hypothesis)
        errors += distance
        reference_chars += len(reference)
        per_page.append({"page": label, "cer": round(distance / len(reference), 4)})
    elapsed = time.perf_counter() - started
    cpu = _cpu_seconds() - cpu_started
    return {
        "engine": name,
        "pages": len(pages),
        "cer": round(errors / reference_chars, 4),
        "pages_per_second": round(len(pages) / elapsed, 3),
        # The machine is shared: wall-clock speed depends on the load; CPU time per page does not.
        "cpu_seconds_per_page": round(cpu / len(pages), 2),
        "installed_mb": round(spec["size"]() / 1e6, 1),
        "licence": spec["licence"],
        "per_page": per_page,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", type=int, default=12)
    parser.add_argument("--engines", default=",".join(CANDIDATES))
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    pages = sample_pages(args.pages)
    results = [measure(name, pages) for name in args.engines.split(",")]
    for result in results:
        print(
            f"{result['engine']:10} CER {result['cer']:.2%}  {result['pages_per_second']:.2f} pages/s  "
            f"{result['cpu_seconds_per_page']:.2f} CPU s/page  {result['installed_mb']} MB  ({result['pages']} pages)"
        )
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
