"""PDF bytes -> Document, with PDFium run in separate worker processes.

Why workers: PDFium is C++ fed with bytes from strangers. A hostile file can make it spin,
allocate without end or crash; in a worker that costs one process, never the server. Each
worker runs with an address-space limit; the caller gives every document a wall-clock deadline
and kills the worker when it passes. Workers are plain `python -c` subprocesses (no fork of the
threaded server, no re-import of its main module), kept in a small pool and reused for up to
MAX_DOCUMENTS_PER_WORKER documents; a worker that failed or timed out is never reused.

Text and offsets: each page's text is normalised on its own (see `normalise_page_text`), then
`pdf_layout.lay_out` rebuilds running text from the pages (running headers, footers and page
numbers dropped, wrapped lines joined, paragraphs separated by a blank line) and gives each page
its range of that text. The ranges tile the text exactly: pages[0].start == 0,
pages[i].end == pages[i + 1].start and pages[-1].end == len(text); `Document.page_at` is right
for every offset. The engines and the reviewer see this one text.
"""

from __future__ import annotations

import atexit
import hashlib
import json
import os
import re
import struct
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any

from contractbox.documents.errors import DocumentError
from contractbox.documents.model import Document
from contractbox.documents.pdf_budget import check_content_budget
from contractbox.documents.pdf_layout import Vocabulary, lay_out, resolve_marked_hyphens

MAX_PDF_BYTES = 50 * 1024 * 1024
MAX_PDF_PAGES = 2_000
# Bounds what one PDF can hand back to the server; real contracts have 2-5 thousand
# characters per page, so this is 10,000 per page at the page limit.
MAX_PDF_CHARACTERS = 20_000_000
# A PDF whose pages average fewer visible characters than this is treated as scanned.
MIN_TEXT_CHARACTERS_PER_PAGE = 8

EXTRACTION_TIMEOUT_S = 60.0
WORKER_ADDRESS_SPACE_BYTES = 1024**3  # CUAD and 2,000-page files need far less
MAX_IDLE_WORKERS = 2
MAX_DOCUMENTS_PER_WORKER = 200
# None: `sys.executable -c ...`. A frozen build sets a command that runs `serve_worker(limit)`.
WORKER_COMMAND: list[str] | None = None
# False runs PDFium in the calling process: only for benchmarks and debugging.
ISOLATE_EXTRACTION = True

_HEADER_WINDOW = 1024  # the PDF spec lets "%PDF-" start anywhere in the first 1024 bytes
_CONTROL_CHARACTERS = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")
_LINE_BREAKS = re.compile(r"\r\n?|[\x0c\x85\u2028\u2029]")
_PDFIUM_HYPHEN = "\ufffe"  # PDFium's marker for a hyphen character it saw in the page
# Typographic look-alikes folded to the plain characters a text contract uses, one for one:
# no-break space, Greek question mark (drawn as ";"), curly quotes, en dash. The reviewer's PDF
# view folds the same characters when it finds a quote on the page.
_PLAIN_FORMS = (
    ("\u00a0", " "),
    ("\u037e", ";"),
    ("\u201c", '"'),
    ("\u201d", '"'),
    ("\u2018", "'"),
    ("\u2019", "'"),
    ("\u2013", "-"),
    (_PDFIUM_HYPHEN, "-"),
)


def extract_pdf(data: bytes) -> Document:
    """Extract the text of a PDF page by page.

    Raises DocumentError with code pdf_too_large, pdf_too_complex, pdf_unreadable, pdf_encrypted
    or pdf_no_text.
    """
    _check_before_parsing(data)
    page_texts = _extract_isolated(data) if ISOLATE_EXTRACTION else extract_page_texts(data)
    from contractbox.documents import scan  # scan sends its OCR requests through this module's workers

    if scan.pages_to_read(page_texts):
        return scan.read_scanned_pdf(data, page_texts)  # pages without a text layer are OCR'd (docs/ocr.md)
    return build_document(data, page_texts)


def normalise_page_text(text: str) -> str:
    """One page's text as the engines should see it: newlines only, no NUL or other control
    characters, PDFium's hyphen marker as a real hyphen, typographic look-alikes as plain characters
    (`_PLAIN_FORMS`), no trailing blank lines."""
    text = _LINE_BREAKS.sub("\n", text)
    for look_alike, plain in _PLAIN_FORMS:  # str.replace is far faster than str.translate here
        if look_alike in text:
            text = text.replace(look_alike, plain)
    text = _CONTROL_CHARACTERS.sub(_control_replacement, text)
    return text.rstrip()


def _control_replacement(match: re.Match[str]) -> str:
    return "" if match.group() == "\x00" else " "


def _check_before_parsing(data: bytes) -> None:
    if len(data) > MAX_PDF_BYTES:
        raise DocumentError(
            "pdf_too_large",
            f"The PDF is {len(data) / 1024 / 1024:.1f} MB; ContractBox reads PDFs of up to "
            f"{MAX_PDF_BYTES // 1024 // 1024} MB. Split it or submit the text instead.",
        )
    if not data.strip():
        raise DocumentError("pdf_unreadable", "The PDF file is empty.")
    if b"%PDF-" not in data[:_HEADER_WINDOW]:
        raise DocumentError(
            "pdf_unreadable",
            "This file is not a PDF (it does not start like one). Check that the right file was sent.",
        )


def build_document(data: bytes, page_texts: Sequence[str]) -> Document:
    vocabulary = Vocabulary(page_texts)
    texts = [normalise_page_text(resolve_marked_hyphens(t, vocabulary)) for t in page_texts]
    visible = sum(len(t) - t.count(" ") - t.count("\n") - t.count("\t") for t in texts)
    if visible < MIN_TEXT_CHARACTERS_PER_PAGE * len(texts):
        raise DocumentError(
            "pdf_no_text",
            "This PDF has no usable text layer; it looks like a scan or photos of pages. "
            "ContractBox does not do OCR: run it through OCR first, or submit the text.",
        )
    text, pages = lay_out(texts, vocabulary)
    return Document(text=text, pages=pages, raw_sha256=hashlib.sha256(data).hexdigest())


# --- PDFium, run in the child (or in-process when ISOLATE_EXTRACTION is False) ---------------


def extract_page_texts(data: bytes) -> list[str]:
    """Raw text of each page via PDFium. Raises DocumentError; no isolation of its own."""
    import pypdfium2 as pdfium  # type: ignore[import-untyped]

    check_content_budget(data, max_pages=MAX_PDF_PAGES)  # pdf_too_complex before PDFium parses a page
    pdf = _open_pdf(pdfium, data)
    try:
        page_count = len(pdf)
        _check_page_count(page_count)
        texts: list[str] = []
        total = 0
        for index in range(page_count):
            texts.append(_page_text(pdf, index))
            total += len(texts[-1])
            if total > MAX_PDF_CHARACTERS:
                raise DocumentError(
                    "pdf_too_large",
                    f"The PDF holds more than {MAX_PDF_CHARACTERS:,} characters of text, more "
                    "than ContractBox reads from one document.",
                )
        return texts
    finally:
        pdf.close()


def _open_pdf(pdfium, data: bytes):  # pypdfium2 is imported lazily, so no annotations
    try:
        # password=None lets PDFium try the empty user password, so PDFs "encrypted" only
        # against editing open normally.
        return pdfium.PdfDocument(data)
    except pdfium.PdfiumError as error:
        raw = pdfium.raw
        if error.err_code in (raw.FPDF_ERR_PASSWORD, raw.FPDF_ERR_SECURITY):
            raise DocumentError(
                "pdf_encrypted",
                "This PDF is protected by a password, so its text cannot be read. "
                "Remove the password (or print it to a new PDF) and submit it again.",
            ) from None
        raise DocumentError(
            "pdf_unreadable",
            "This PDF is damaged or incomplete and could not be opened. "
            "Try saving or exporting it again from the original program.",
        ) from None


def _check_page_count(page_count: int) -> None:
    if page_count == 0:
        raise DocumentError("pdf_unreadable", "This PDF has no pages.")
    if page_count > MAX_PDF_PAGES:
        raise DocumentError(
            "pdf_too_large",
            f"The PDF has {page_count:,} pages; ContractBox reads PDFs of up to "
            f"{MAX_PDF_PAGES:,} pages. Split it into smaller files.",
        )


def _page_text(pdf, index: int) -> str:
    page = pdf[index]
    try:
        text_page = page.get_textpage()
        try:
            return with_paragraph_gaps(text_page.get_text_range(), text_page)
        finally:
            text_page.close()
    finally:
        page.close()


# A line further below the previous one than this many usual line steps starts a new paragraph.
PARAGRAPH_GAP = 1.6


def with_paragraph_gaps(text: str, text_page: Any) -> str:
    """The page's text with a blank line where the printed page leaves an empty line between two
    lines: PDFium gives the line breaks but not the gaps, and without them a party block, a heading
    or a short clause runs into the next paragraph. Unchanged when characters and text disagree."""
    if text_page.count_chars() != len(text):
        return text
    starts = [m.end() for m in _LINE_START.finditer(text)]
    tops = [_line_top(text, start, text_page) for start in starts]
    steps = [a - b for a, b in zip(tops, tops[1:]) if a is not None and b is not None and a > b]
    if len(steps) < 3:
        return text
    usual = sorted(steps)[len(steps) // 5]  # the line step of wrapped text, whatever the share of gaps
    out, last = [], 0
    for start, before, top in zip(starts[1:], tops, tops[1:]):
        gap = before is not None and top is not None and before - top > PARAGRAPH_GAP * usual
        if gap and not _RUNS_ON.search(text, max(0, start - 3), start + 1):
            out.append(text[last:start])
            out.append("\n")
            last = start
    out.append(text[last:])
    return "".join(out)


_LINE_START = re.compile(r"(?:^|\n)[ \t]*(?=\S)")
# a sentence that runs on across the gap ("... the\n\nParties"): a gap in the layout, not a paragraph
_RUNS_ON = re.compile(r"[a-z,;]\r?\n[ \t]*[a-z]")


def _line_top(text: str, start: int, text_page: Any) -> float | None:
    if start >= len(text) or text[start] in "\r\n":
        return None
    _, _, _, top = text_page.get_charbox(start)
    return float(top)


# --- isolation: a small pool of worker processes ------------------------------------------


def _extract_isolated(data: bytes) -> list[str]:
    reply = run_isolated(data, EXTRACTION_TIMEOUT_S)
    if reply["ok"]:
        return reply["pages"]
    raise DocumentError(reply["code"], reply["message"])


def run_isolated(
    request: bytes, timeout_s: float, failure: Callable[..., DocumentError] | None = None
) -> dict[str, Any]:
    """One request (PDF bytes, or a `scan` OCR request) answered by a pooled worker within `timeout_s`."""
    worker = _acquire_worker()
    try:
        reply = worker.extract(request, timeout_s, failure or _failure_error)
    except BaseException:  # its pipes may hold half a frame: never reuse it
        worker.close()
        raise
    _release_worker(worker)
    return reply


class _Worker:
    """One `serve_worker` process, talked to over its stdin/stdout with length-prefixed frames."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            _worker_command(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=_worker_environment(),
            # Its own session: a Ctrl+C in the server's terminal must reach the server (which
            # stops gracefully) and not kill a worker in the middle of a document.
            start_new_session=True,
        )
        self.documents_done = 0

    def extract(self, data: bytes, timeout_s: float, failure: Callable[..., DocumentError]) -> dict:
        deadline_passed = threading.Event()

        def stop_worker() -> None:
            deadline_passed.set()
            self.process.kill()  # a blocked read or write on its pipes then ends at once

        watchdog = threading.Timer(timeout_s, stop_worker)
        watchdog.daemon = True
        watchdog.start()
        try:
            reply = self._exchange(data)
        finally:
            watchdog.cancel()
        if reply is None:
            raise failure(timed_out=deadline_passed.is_set())
        self.documents_done += 1
        return reply

    def _exchange(self, data: bytes) -> dict | None:
        requests, replies = self.process.stdin, self.process.stdout
        if requests is None or replies is None:  # never: both are pipes
            return None
        try:
            _write_frame(requests, data)
            payload = _read_frame(replies, _MAX_REPLY_BYTES)
        except (OSError, ValueError):
            return None
        if payload is None:
            return None
        return json.loads(payload)

    @property
    def reusable(self) -> bool:
        return self.process.poll() is None and self.documents_done < MAX_DOCUMENTS_PER_WORKER

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass


def _failure_error(*, timed_out: bool) -> DocumentError:
    if timed_out:
        return DocumentError(
            "pdf_unreadable",
            f"Reading this PDF took longer than {EXTRACTION_TIMEOUT_S:.0f} seconds, so it was "
            "stopped; the file may be damaged or built to be unusually complex.",
        )
    return DocumentError(
        "pdf_unreadable",
        "The PDF reader stopped on this file (it crashed or ran out of the memory allowed "
        "for one file); the file is probably damaged.",
    )


_idle_workers: list[_Worker] = []
_pool_lock = threading.Lock()


def _acquire_worker() -> _Worker:
    with _pool_lock:
        while _idle_workers:
            worker = _idle_workers.pop()
            if worker.reusable:
                return worker
            worker.close()
    return _Worker()


def _release_worker(worker: _Worker) -> None:
    with _pool_lock:
        if worker.reusable and len(_idle_workers) < MAX_IDLE_WORKERS:
            _idle_workers.append(worker)
            return
    worker.close()


def warm_up() -> None:
    """Start one idle worker now and wait until it answers, so the first PDF does not pay
    the worker's start-up (about 0.1 s)."""
    worker = _acquire_worker()
    try:
        worker.extract(b"", EXTRACTION_TIMEOUT_S, _failure_error)  # an empty file: answered with an error reply
    except BaseException:
        worker.close()
        raise
    _release_worker(worker)


@atexit.register
def shutdown_workers() -> None:
    with _pool_lock:
        workers, _idle_workers[:] = list(_idle_workers), []
    for worker in workers:
        worker.close()


def _worker_command() -> list[str]:
    if WORKER_COMMAND is not None:
        return list(WORKER_COMMAND)
    entry = f"from contractbox.documents.pdf import serve_worker; serve_worker({WORKER_ADDRESS_SPACE_BYTES})"
    return [sys.executable, "-c", entry]


def _worker_environment() -> dict[str, str]:
    # The worker must import this very package, even when it is not installed (src checkouts).
    package_root = str(Path(__file__).resolve().parents[2])
    environment = dict(os.environ)
    paths = [package_root, environment.get("PYTHONPATH", "")]
    environment["PYTHONPATH"] = os.pathsep.join(p for p in paths if p)
    return environment


_FRAME_HEADER = struct.Struct(">Q")
_MAX_REPLY_BYTES = MAX_PDF_CHARACTERS * 8 + 1024 * 1024  # JSON escapes stay far below this


def _write_frame(stream: IO[bytes], payload: bytes) -> None:
    stream.write(_FRAME_HEADER.pack(len(payload)))
    stream.write(payload)
    stream.flush()


def _read_frame(stream: IO[bytes], max_bytes: int) -> bytes | None:
    header = stream.read(_FRAME_HEADER.size)
    if len(header) < _FRAME_HEADER.size:
        return None
    (length,) = _FRAME_HEADER.unpack(header)
    if length > max_bytes:
        raise ValueError("frame too large")
    payload = stream.read(length)
    return payload if len(payload) == length else None


# --- the worker process ---------------------------------------------------------------------


def serve_worker(address_space_bytes: int = WORKER_ADDRESS_SPACE_BYTES) -> None:
    """Entry point of a worker process: extract PDFs read from stdin until stdin closes.

    Replies are JSON, never pickle, so a worker subverted by a crafted PDF cannot run code in
    the server by what it sends back."""
    _limit_address_space(address_space_bytes)
    requests, replies = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # nothing but frames may reach the server's pipe
    import pypdfium2  # noqa: F401 - load PDFium before the first request, not during it

    from contractbox.documents import scan

    while (data := _read_frame(requests, MAX_PDF_BYTES + scan.MAX_REQUEST_HEADER_BYTES)) is not None:
        reply = scan.serve_request(data) if scan.is_request(data) else _extract_reply(data)
        _write_frame(replies, json.dumps(reply).encode("utf-8"))
        if reply.get("fatal"):
            return


def _extract_reply(data: bytes) -> dict:
    try:
        return {"ok": True, "pages": extract_page_texts(data)}
    except DocumentError as error:
        return {"ok": False, "code": error.code, "message": error.message}
    except MemoryError:
        return {
            "ok": False,
            "fatal": True,
            "code": "pdf_unreadable",
            "message": "Reading this PDF needed more memory than ContractBox allows for one "
            "file; the file may be damaged or built to be unusually complex.",
        }
    except Exception:  # noqa: BLE001 - whatever PDFium raises means "cannot read this file"
        return {
            "ok": False,
            "code": "pdf_unreadable",
            "message": "This PDF could not be read; the file is probably damaged.",
        }


def _limit_address_space(limit: int) -> None:
    try:
        import resource
    except ImportError:  # Windows: only the parent's wall-clock deadline applies
        return
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
