"""Sources -> Documents: the awkward-input corpus, CUAD PDFs, the sample contracts, URL fetching
against real local HTTP servers, and the address policy."""

from __future__ import annotations

import gzip
import importlib.util
import sys
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from contractbox.documents import Document, DocumentError, document_from_text, extract_pdf, fetch_url
from contractbox.documents import pdf as pdf_module
from contractbox.documents.html import html_to_text
from contractbox.documents.pdf import normalise_page_text
from contractbox.documents.text import MAX_TEXT_CHARACTERS, decode_text
from contractbox.documents.url import check_destination, refusal_reason, resolve_destination

REPO = Path(__file__).resolve().parents[1]
SAMPLES_DIR = REPO / "samples"
CONTRACTS_DIR = REPO / "sample_contracts"
CUAD_PDFS = Path(__file__).resolve().parents[2] / "shared" / "data" / "cuad" / "pdfs"


def _load_script(path: Path):  # noqa: ANN202
    name = f"contractbox_{path.parent.name}_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


make_samples = _load_script(SAMPLES_DIR / "make_samples.py")
make_pdfs = _load_script(CONTRACTS_DIR / "make_pdfs.py")


def assert_pages_tile_text(document: Document) -> None:
    pages = document.pages
    assert pages[0].start == 0
    assert pages[-1].end == len(document.text)
    assert [p.number for p in pages] == list(range(1, len(pages) + 1))
    for before, after in zip(pages, pages[1:]):
        assert before.end == after.start
    for page in pages:
        assert page.end >= page.start
        if page.end > page.start:
            assert document.page_at(page.start) == page.number
            assert document.page_at(page.end - 1) == page.number


def outcome_of(action: Callable[[], Document]) -> tuple[str, Document | None]:
    try:
        return "success", action()
    except DocumentError as error:
        assert error.message and "Traceback" not in error.message
        return error.code, None


def read_sample(sample) -> Document:  # noqa: ANN001
    data = (SAMPLES_DIR / sample.name).read_bytes()
    if sample.source == "pdf":
        return extract_pdf(data)
    if sample.source == "html":
        text, title = html_to_text(decode_text(data))
        return document_from_text(text, title)
    return document_from_text(decode_text(data), None)


# --- the samples corpus ----------------------------------------------------------------------


@pytest.mark.parametrize("sample", make_samples.SAMPLES, ids=lambda s: s.name)
def test_every_sample_has_its_documented_outcome(sample) -> None:  # noqa: ANN001
    code, document = outcome_of(lambda: read_sample(sample))
    assert code == sample.expected
    if document is not None:
        assert sample.contains in document.text
        if document.pages:
            assert_pages_tile_text(document)


def test_samples_readme_lists_every_sample() -> None:
    readme = (SAMPLES_DIR / "README.md").read_text(encoding="utf-8")
    assert readme == make_samples.readme()
    for sample in make_samples.SAMPLES:
        assert (SAMPLES_DIR / sample.name).exists()


def test_html_sample_drops_scripts_styles_and_navigation() -> None:
    text, title = html_to_text((SAMPLES_DIR / "contract.html").read_text(encoding="utf-8"))
    assert title == "Mutual NDA – Intranet"
    assert "tracking" not in text and "injected" not in text and "font-family" not in text
    assert "Home" not in text
    assert "between Harbor Lane Analytics, Inc. & Northfield Medical Devices LLC (the “Parties”)." in text
    assert "two (2) years.\nEither Party" in text  # <br> is a line break
    assert "\n\n1. Term\n\n" in text  # headings are their own paragraphs
    assert "Party Signatory\nHarbor Lane Maria Okafor" in text


def test_two_thousand_pages_are_read_and_one_more_is_refused() -> None:
    document = extract_pdf(make_samples.many_pages_pdf(2000))
    assert len(document.pages) == 2000
    assert_pages_tile_text(document)
    last = document.pages[-1]
    assert "page 2000 " in document.text[last.start:last.end]
    assert outcome_of(lambda: extract_pdf(make_samples.many_pages_pdf(2001)))[0] == "pdf_too_large"


def test_pdf_over_fifty_megabytes_is_refused_before_parsing() -> None:
    data = b"%PDF-1.4\n" + b" " * (50 * 1024 * 1024)
    code, _ = outcome_of(lambda: extract_pdf(data))
    assert code == "pdf_too_large"


@pytest.fixture
def small_worker_limits(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Workers started inside the test get 512 MB of address space; idle ones are replaced."""
    pdf_module.shutdown_workers()
    monkeypatch.setattr(pdf_module, "WORKER_ADDRESS_SPACE_BYTES", 512 * 1024**2)
    yield
    pdf_module.shutdown_workers()


def test_decompression_bomb_is_stopped_and_the_next_pdf_still_works(small_worker_limits: None) -> None:
    with pytest.raises(DocumentError) as refused:
        extract_pdf(make_samples.bomb_pdf(600_000_000))
    assert refused.value.code == "pdf_too_complex"  # the content budget, before PDFium parses the page
    assert "page content" in refused.value.message
    document = extract_pdf((CONTRACTS_DIR / "mutual_nda.pdf").read_bytes())
    assert "Harbor Lane" in document.text


def test_slow_extraction_is_killed_at_the_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    data = make_samples.many_pages_pdf(2000)
    monkeypatch.setattr(pdf_module, "EXTRACTION_TIMEOUT_S", 0.02)
    with pytest.raises(DocumentError) as caught:
        extract_pdf(data)
    assert caught.value.code == "pdf_unreadable"
    assert "longer than" in caught.value.message
    monkeypatch.undo()
    assert len(extract_pdf(data).pages) == 2000


def test_concurrent_extractions_each_get_their_own_result() -> None:
    names = ["mutual_nda", "saas_subscription_agreement", "supply_agreement"] * 3
    results: dict[int, str] = {}

    def extract(index: int, name: str) -> None:
        results[index] = extract_pdf((CONTRACTS_DIR / f"{name}.pdf").read_bytes()).text

    threads = [threading.Thread(target=extract, args=(i, n)) for i, n in enumerate(names)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    for index, name in enumerate(names):
        # The PDF's lines are joined into paragraphs (see test_pdf_text.py): the words are the text's.
        expected = (CONTRACTS_DIR / f"{name}.txt").read_text(encoding="utf-8").split()
        assert results[index].split() == expected


def test_page_text_normalisation_keeps_one_character_per_character() -> None:
    assert normalise_page_text("a\r\nb\x00c\x0cd\ufffee\rf\x07g  \n\n") == "a\nbc\nd-e\nf g"


# --- sample contracts and CUAD -----------------------------------------------------------------


@pytest.mark.parametrize("pdf_path", sorted(CONTRACTS_DIR.glob("*.pdf")), ids=lambda p: p.name)
def test_sample_contract_pdfs_extract_to_their_text(pdf_path: Path) -> None:
    data = pdf_path.read_bytes()
    document = extract_pdf(data)
    text = pdf_path.with_suffix(".txt").read_text(encoding="utf-8")
    assert document.text.split() == text.split()
    assert len(document.pages) >= 1
    assert_pages_tile_text(document)
    assert document.raw_sha256 == __import__("hashlib").sha256(data).hexdigest()


def test_at_least_two_sample_contracts_have_pdfs() -> None:
    assert len(list(CONTRACTS_DIR.glob("*.pdf"))) >= 2
    assert len(list(CONTRACTS_DIR.glob("*.txt"))) >= 4


def cuad_pdfs() -> list[Path]:
    return sorted(CUAD_PDFS.glob("*.pdf")) if CUAD_PDFS.is_dir() else []


@pytest.mark.skipif(not cuad_pdfs(), reason="CUAD PDFs are not beside the repository")
def test_cuad_pdfs_extract_with_contiguous_pages_and_clean_text() -> None:
    for path in cuad_pdfs():  # their speed is measured by bench/pdf.py
        document = extract_pdf(path.read_bytes())
        assert_pages_tile_text(document)
        assert not any(c in document.text for c in "\r\x00\x0c\ufffe")
        assert len(document.text.strip()) > 1000


# --- text sources ----------------------------------------------------------------------------


def test_text_limits() -> None:
    assert outcome_of(lambda: document_from_text("a" * (MAX_TEXT_CHARACTERS + 1), None))[0] == "text_too_large"
    assert outcome_of(lambda: document_from_text(" \n\t", None))[0] == "text_empty"
    document = document_from_text("This Agreement ...", "NDA")
    assert document.title == "NDA" and document.pages == () and document.page_at(3) is None


def test_decode_text_prefers_bom_then_charset_then_utf8_then_windows_1252() -> None:
    assert decode_text("é".encode("utf-16")) == "é"
    assert decode_text("é".encode("latin-1"), "iso-8859-1") == "é"
    assert decode_text("é".encode("utf-8")) == "é"
    assert decode_text(b"\x93quoted\x94") == "“quoted”"
    assert decode_text(b"abc", "no-such-charset") == "abc"


# --- URL fetching against local servers --------------------------------------------------------


class _Site:
    """A real HTTP server on 127.0.0.1 with a route table of small handler functions."""

    def __init__(self) -> None:
        self.routes: dict[str, Callable[[BaseHTTPRequestHandler], None]] = {}
        self.hosts_seen: list[str] = []
        self.stopping = threading.Event()
        self.finished = False  # a trickling route sent its whole message
        site = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802
                site.hosts_seen.append(self.headers.get("Host", ""))
                route = site.routes.get(self.path)
                if route is None:
                    self.send_error(404)
                    return
                try:
                    route(self)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.02,), daemon=True)

    def url(self, path: str, host: str = "127.0.0.1") -> str:
        return f"http://{host}:{self.port}{path}"


def reply(body: bytes, content_type: str, status: int = 200, headers: dict[str, str] | None = None):  # noqa: ANN201
    def handle(handler: BaseHTTPRequestHandler) -> None:
        handler.send_response(status)
        handler.send_header("Content-Type", content_type)
        handler.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            handler.send_header(name, value)
        handler.end_headers()
        handler.wfile.write(body)

    return handle


def redirect(location: str):  # noqa: ANN201
    def handle(handler: BaseHTTPRequestHandler) -> None:
        handler.send_response(302)
        handler.send_header("Location", location)
        handler.send_header("Content-Length", "0")
        handler.end_headers()

    return handle


@pytest.fixture
def site() -> Iterator[_Site]:
    served = _Site()
    served.thread.start()
    yield served
    served.stopping.set()
    served.server.shutdown()
    served.server.server_close()


def fetch(url: str, **options: object) -> Document:
    return fetch_url(url, allow_loopback=True, **options)


def test_fetch_html_page(site: _Site) -> None:
    site.routes["/nda"] = reply((SAMPLES_DIR / "contract.html").read_bytes(), "text/html; charset=utf-8")
    document = fetch(site.url("/nda"))
    assert document.title == "Mutual NDA – Intranet"
    assert "thirty (30) days’ written notice" in document.text and "tracking" not in document.text
    assert document.pages == ()


def test_fetch_pdf_by_content_type_and_by_sniffing(site: _Site) -> None:
    data = (CONTRACTS_DIR / "supply_agreement.pdf").read_bytes()
    site.routes["/supply.pdf"] = reply(data, "application/pdf")
    site.routes["/download"] = reply(data, "application/octet-stream")
    for path in ("/supply.pdf", "/download"):
        document = fetch(site.url(path))
        assert "EXCLUSIVE SUPPLY AGREEMENT" in document.text
        assert_pages_tile_text(document)


def test_fetch_plain_text_with_declared_and_undeclared_charset(site: _Site) -> None:
    data = (SAMPLES_DIR / "latin1.txt").read_bytes()
    site.routes["/declared"] = reply(data, "text/plain; charset=ISO-8859-1")
    site.routes["/undeclared"] = reply(data, "text/plain")
    for path in ("/declared", "/undeclared"):
        assert "Frères Dupré et Café Noël" in fetch(site.url(path)).text


def test_fetch_gzip_encoded_page(site: _Site) -> None:
    html = b"<html><body><p>Gzipped governing law: Delaware.</p></body></html>"
    site.routes["/gz"] = reply(gzip.compress(html), "text/html", headers={"Content-Encoding": "gzip"})
    assert fetch(site.url("/gz")).text == "Gzipped governing law: Delaware."


def test_host_header_keeps_the_name_while_connecting_to_the_checked_address(site: _Site) -> None:
    site.routes["/t"] = reply(b"Term: two years.", "text/plain")
    fetch(site.url("/t", host="localhost"))
    assert site.hosts_seen[-1] == f"localhost:{site.port}"


def test_redirects_are_followed_and_rechecked(site: _Site) -> None:
    site.routes["/old"] = redirect("/new")
    site.routes["/new"] = reply(b"Moved contract text.", "text/plain")
    site.routes["/to-metadata"] = redirect("http://169.254.169.254/latest/meta-data/")
    site.routes["/to-file"] = redirect("file:///etc/passwd")
    assert fetch(site.url("/old")).text == "Moved contract text."
    for path in ("/to-metadata", "/to-file"):
        with pytest.raises(DocumentError) as caught:
            fetch(site.url(path))
        assert caught.value.code == "url_forbidden"
    assert "metadata" in str(caught.value) or "http and https" in str(caught.value)


def test_redirect_loop_ends_after_five_hops(site: _Site) -> None:
    site.routes["/loop"] = redirect("/loop")
    with pytest.raises(DocumentError) as caught:
        fetch(site.url("/loop"))
    assert caught.value.code == "url_unreachable" and "more than 5" in caught.value.message
    assert len(site.hosts_seen) == 6


def test_oversize_bodies_are_refused_declared_or_streamed(site: _Site) -> None:
    site.routes["/declared"] = reply(b"x" * 300_000, "text/plain")

    def streamed(handler: BaseHTTPRequestHandler) -> None:
        handler.send_response(200)
        handler.send_header("Content-Type", "text/plain")
        handler.end_headers()
        for _ in range(100):
            handler.wfile.write(b"y" * 10_000)

    site.routes["/streamed"] = streamed
    for path in ("/declared", "/streamed"):
        with pytest.raises(DocumentError) as caught:
            fetch(site.url(path), max_bytes=100_000)
        assert caught.value.code == "url_too_large"


def trickle(site: _Site, *, headers_first: bool):  # noqa: ANN201
    def handle(handler: BaseHTTPRequestHandler) -> None:
        if headers_first:
            handler.send_response(200)
            handler.send_header("Content-Type", "text/plain")
            handler.send_header("Content-Length", "1000000")
            handler.end_headers()
        message = b"HTTP/1.1 200 OK\r\n" if not headers_first else b"x" * 1000
        for byte in message * 1000:
            handler.wfile.write(bytes([byte]))
            handler.wfile.flush()
            if site.stopping.wait(0.05):  # the slow server itself: a byte every 50 ms
                return
        site.finished = True

    return handle


@pytest.mark.parametrize("headers_first", [True, False], ids=["trickled-body", "trickled-status-line"])
def test_trickling_server_hits_the_total_deadline(site: _Site, headers_first: bool) -> None:
    site.routes["/slow"] = trickle(site, headers_first=headers_first)
    with pytest.raises(DocumentError) as caught:
        fetch(site.url("/slow"), timeout_s=1.0)
    assert caught.value.code == "url_timeout"
    assert not site.finished, "the fetch gave up while the server was still trickling"


def test_server_that_never_answers_times_out(site: _Site) -> None:
    site.routes["/silent"] = lambda handler: site.stopping.wait(30)
    with pytest.raises(DocumentError) as caught:
        fetch(site.url("/silent"), timeout_s=0.5)
    assert caught.value.code == "url_timeout", "a server that gives up after 30 s would end the fetch another way"


def test_http_errors_and_unsupported_types(site: _Site) -> None:
    site.routes["/image"] = reply(b"\x89PNG\r\n", "image/png")
    site.routes["/gone"] = reply(b"gone", "text/plain", status=410)
    with pytest.raises(DocumentError) as caught:
        fetch(site.url("/missing"))
    assert caught.value.code == "url_http_error" and "404" in caught.value.message
    with pytest.raises(DocumentError) as caught:
        fetch(site.url("/gone"))
    assert caught.value.code == "url_http_error" and "410" in caught.value.message
    with pytest.raises(DocumentError) as caught:
        fetch(site.url("/image"))
    assert caught.value.code == "url_unsupported_type" and "image/png" in caught.value.message


def test_fetched_pdf_errors_keep_their_pdf_codes(site: _Site) -> None:
    site.routes["/locked.pdf"] = reply((SAMPLES_DIR / "encrypted_user_password.pdf").read_bytes(), "application/pdf")
    with pytest.raises(DocumentError) as caught:
        fetch(site.url("/locked.pdf"))
    assert caught.value.code == "pdf_encrypted"


def test_loopback_is_refused_unless_allowed(site: _Site) -> None:
    site.routes["/t"] = reply(b"Loopback text.", "text/plain")
    for host in ("127.0.0.1", "localhost"):
        with pytest.raises(DocumentError) as caught:
            fetch_url(site.url("/t", host=host), allow_loopback=False)
        assert caught.value.code == "url_forbidden" and "loopback" in caught.value.message
    assert site.hosts_seen == []  # refused before any connection
    assert fetch_url(site.url("/t"), allow_loopback=True).text == "Loopback text."


def test_closed_port_is_unreachable() -> None:
    probe = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
    port = probe.server_address[1]
    probe.server_close()
    with pytest.raises(DocumentError) as caught:
        fetch(f"http://127.0.0.1:{port}/")
    assert caught.value.code == "url_unreachable"


# --- address policy ------------------------------------------------------------------------


@pytest.mark.parametrize("address", [
    "169.254.169.254", "169.254.170.2", "169.254.1.1", "100.100.100.200", "fd00:ec2::254",
    "fe80::1", "0.0.0.0", "::", "224.0.0.1", "ff02::1", "255.255.255.255", "240.0.0.1",
    "192.0.2.10", "198.18.0.1", "::ffff:169.254.169.254", "64:ff9b::a9fe:a9fe", "2002:a9fe:a9fe::",
    "192.0.0.192",
])
def test_always_refused_addresses(address: str) -> None:
    assert refusal_reason(address, allow_loopback=True) is not None
    assert refusal_reason(address, allow_loopback=False) is not None


@pytest.mark.parametrize("address", ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"])
def test_loopback_refused_only_without_permission(address: str) -> None:
    assert "loopback" in refusal_reason(address, allow_loopback=False)
    assert refusal_reason(address, allow_loopback=True) is None


@pytest.mark.parametrize("address", [
    "10.0.0.5", "172.16.4.4", "172.31.255.1", "192.168.1.20", "100.64.0.7", "fd12:3456::1",
    "::ffff:192.168.1.20", "8.8.8.8", "2606:4700:4700::1111",
])
def test_private_lan_and_public_addresses_are_allowed(address: str) -> None:
    assert refusal_reason(address, allow_loopback=False) is None


@pytest.mark.parametrize(("url", "code"), [
    ("ftp://example.com/contract.pdf", "url_forbidden"),
    ("file:///etc/passwd", "url_forbidden"),
    ("http://metadata.google.internal/computeMetadata/v1/", "url_forbidden"),
    ("http://169.254.169.254/latest/meta-data/", "url_forbidden"),
    ("http://[fd00:ec2::254]/", "url_forbidden"),
    ("http://[::1]:8000/", "url_forbidden"),
    ("http://user:secret@10.0.0.1/", "url_invalid"),
    ("http://10.0.0.1:99999/", "url_invalid"),
    ("http:///nohost", "url_invalid"),
])
def test_check_destination_refusals(url: str, code: str) -> None:
    with pytest.raises(DocumentError) as caught:
        check_destination(url, allow_loopback=False)
    assert caught.value.code == code


def test_check_destination_accepts_lan_literals_without_connecting() -> None:
    check_destination("http://192.168.10.5/contracts/nda.pdf", allow_loopback=False)
    destination = resolve_destination("https://[fd12::8]:8443/a?b=1", allow_loopback=False)
    assert (destination.host, destination.port, destination.target) == ("fd12::8", 8443, "/a?b=1")
