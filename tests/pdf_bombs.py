"""PDFs that are cheap to send and expensive to read, built on the fly (too big to commit as
they would be read): the issue 13 attack, pages sharing one content stream that inflates to
50 MB, so reading every page parses pages x 50 MB. Used by tests/test_attack_fairness.py and
bench/fairness.py."""

from __future__ import annotations

import zlib

_CHUNK = b"BT /F1 10 Tf 72 700 Td (bomb) Tj ET\n" * 3000


def shared_content_bomb(pages: int = 60, inflated_bytes: int = 50_000_000) -> bytes:
    """`pages` pages whose /Contents is the same flate stream of `inflated_bytes` of text operators."""
    objects: list[bytes] = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"",  # the page tree, once the page numbers are known
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>",
    ]
    stream = _repeated_deflate(_CHUNK, inflated_bytes)
    objects.append(b"<< /Filter /FlateDecode /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream))
    content, first_page = len(objects), len(objects) + 1
    page = b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>"
    objects += [page % content] * pages
    kids = b" ".join(b"%d 0 R" % number for number in range(first_page, first_page + pages))
    objects[1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, pages)
    return _write(objects)


def _write(objects: list[bytes]) -> bytes:
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def _repeated_deflate(chunk: bytes, total_bytes: int) -> bytes:
    """A zlib stream of `chunk` repeated, built in milliseconds: after a full flush the compressor
    forgets its history, so every further copy compresses to the same bytes."""
    copies = max(total_bytes // len(chunk), 2)
    compressor = zlib.compressobj(9)
    first = compressor.compress(chunk) + compressor.flush(zlib.Z_FULL_FLUSH)
    repeat = compressor.compress(chunk) + compressor.flush(zlib.Z_FULL_FLUSH)
    checksum = 1
    for _ in range(copies):
        checksum = zlib.adler32(chunk, checksum)
    return first + repeat * (copies - 1) + b"\x03\x00" + checksum.to_bytes(4, "big")
