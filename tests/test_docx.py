"""Word files: real .docx packages written part by part with zipfile, read by documents.docx."""

from __future__ import annotations

import io
import random
import socket
import zipfile

import pytest

from contractbox.documents.docx import MAX_PART_BYTES, read_docx
from contractbox.documents.errors import DocumentError

NS = (
    'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" '
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
)
CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="xml" ContentType="application/xml"/></Types>'
)
RELS_NS = "http://schemas.openxmlformats.org/package/2006/relationships"
OFFICE_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"


def para(*runs: str, num: tuple[int, int] | None = None) -> str:
    props = f'<w:pPr><w:numPr><w:ilvl w:val="{num[1]}"/><w:numId w:val="{num[0]}"/></w:numPr></w:pPr>' if num else ""
    return f"<w:p>{props}{''.join(runs)}</w:p>"


def run(text: str) -> str:
    return f'<w:r><w:t xml:space="preserve">{text}</w:t></w:r>'


def ins(text: str, author: str, ident: int = 1) -> str:
    return f'<w:ins w:id="{ident}" w:author="{author}" w:date="2024-05-01T10:00:00Z">{run(text)}</w:ins>'


def dele(text: str, author: str, ident: int = 2) -> str:
    return (
        f'<w:del w:id="{ident}" w:author="{author}" w:date="2024-05-02T11:00:00Z">'
        f'<w:r><w:delText xml:space="preserve">{text}</w:delText></w:r></w:del>'
    )


NUMBERING = f"""<w:numbering {NS}>
<w:abstractNum w:abstractNumId="0">
 <w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl>
 <w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1.%2"/></w:lvl>
 <w:lvl w:ilvl="2"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="(%3)"/></w:lvl>
</w:abstractNum>
<w:abstractNum w:abstractNumId="1">
 <w:lvl w:ilvl="0"><w:start w:val="4"/><w:numFmt w:val="upperRoman"/><w:lvlText w:val="Article %1"/></w:lvl>
</w:abstractNum>
<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>
<w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>
<w:num w:numId="3"><w:abstractNumId w:val="0"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="7"/></w:lvlOverride></w:num>
</w:numbering>"""


def build_docx(
    body: str,
    numbering: str | None = None,
    header: str | None = None,
    footer: str | None = None,
    footnotes: str | None = None,
    styles: str | None = None,
) -> bytes:
    rels = []
    parts: dict[str, str] = {}
    if header:
        rels.append(f'<Relationship Id="rIdH" Type="{OFFICE_REL}header" Target="header1.xml"/>')
        parts["word/header1.xml"] = f"<w:hdr {NS}>{header}</w:hdr>"
    if footer:
        rels.append(f'<Relationship Id="rIdF" Type="{OFFICE_REL}footer" Target="footer1.xml"/>')
        parts["word/footer1.xml"] = f"<w:ftr {NS}>{footer}</w:ftr>"
    rels.append(
        f'<Relationship Id="rIdX" Type="{OFFICE_REL}hyperlink" Target="http://127.0.0.1:9/x" TargetMode="External"/>'
    )
    if numbering:
        parts["word/numbering.xml"] = numbering
    if styles:
        parts["word/styles.xml"] = f"<w:styles {NS}>{styles}</w:styles>"
    if footnotes:
        parts["word/footnotes.xml"] = f"<w:footnotes {NS}>{footnotes}</w:footnotes>"
    parts["word/document.xml"] = f"<w:document {NS}><w:body>{body}<w:sectPr/></w:body></w:document>"
    parts["word/_rels/document.xml.rels"] = f'<Relationships xmlns="{RELS_NS}">{"".join(rels)}</Relationships>'
    parts["[Content_Types].xml"] = CONTENT_TYPES
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in parts.items():
            archive.writestr(name, text)
    return buffer.getvalue()


def contract_docx() -> bytes:
    body = "".join(
        [
            para(run("MASTER SERVICES AGREEMENT")),
            para(run("Definitions"), num=(1, 0)),
            para(run("Services means the services in Schedule 1."), num=(1, 1)),
            para(run("Fees means the amounts payable."), num=(1, 1)),
            para(run("Payment"), num=(1, 0)),
            para(
                run("The Customer shall pay within "),
                dele("thirty (30)", "Alice Counsel"),
                ins("sixty (60)", "Bob Buyer"),
                run(" days"),
                run("."),
                num=(1, 1),
            ),
            para(run("late payment interest applies"), num=(1, 2)),
            para(run("no set-off"), ins(" is permitted", "Bob Buyer", 5), num=(1, 2)),
            para(run("Liability"), num=(2, 0)),
            para(run("Term"), num=(2, 0)),
            "<w:tbl><w:tr><w:tc><w:p>"
            + run("Fee")
            + "</w:p></w:tc><w:tc><w:p>"
            + run("Amount")
            + "</w:p></w:tc></w:tr>"
            "<w:tr><w:tc><w:p>"
            + run("Licence")
            + "</w:p></w:tc><w:tc><w:p>"
            + run("USD ")
            + ins("12,000", "Alice Counsel", 7)
            + "</w:p></w:tc></w:tr></w:tbl>",
            para(run("Governed by the laws of England"), '<w:r><w:footnoteReference w:id="2"/></w:r>', run(".")),
            para(run("Restarted list"), num=(3, 0)),
        ]
    )
    footnotes = (
        '<w:footnote w:type="separator" w:id="0"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>'
        '<w:footnote w:id="2"><w:p>' + run("Excluding its conflict of laws rules.") + "</w:p></w:footnote>"
    )
    return build_docx(
        body,
        NUMBERING,
        header=para(run("CONFIDENTIAL DRAFT")),
        footer=para(run("Page footer text")),
        footnotes=footnotes,
    )


EXPECTED_LINES = [
    "CONFIDENTIAL DRAFT",
    "MASTER SERVICES AGREEMENT",
    "1. Definitions",
    "1.1 Services means the services in Schedule 1.",
    "1.2 Fees means the amounts payable.",
    "2. Payment",
    "2.1 The Customer shall pay within sixty (60) days.",
    "(a) late payment interest applies",
    "(b) no set-off is permitted",
    "Article IV Liability",
    "Article V Term",
    "Fee | Amount",
    "Licence | USD 12,000",
    "Governed by the laws of England[1].",
    "7. Restarted list",
    "Page footer text",
    "[1] Excluding its conflict of laws rules.",
]
EXPECTED_TEXT = "\n".join(EXPECTED_LINES)


def test_contract_text_numbering_table_header_footer_footnote() -> None:
    document = read_docx(contract_docx())
    assert document.text == EXPECTED_TEXT
    assert document.pages == ()
    assert document.page_at(10) is None


def test_tracked_changes_by_two_authors_are_listed_with_offsets_into_the_accepted_text() -> None:
    document = read_docx(contract_docx())
    assert document.has_tracked_changes
    found = [(r.kind, r.text, r.author, document.text[r.start : r.end]) for r in document.revisions]
    assert found == [
        ("deleted", "thirty (30)", "Alice Counsel", ""),
        ("inserted", "sixty (60)", "Bob Buyer", "sixty (60)"),
        ("inserted", " is permitted", "Bob Buyer", " is permitted"),
        ("inserted", "12,000", "Alice Counsel", "12,000"),
    ]
    deletion = document.revisions[0]
    assert document.text[deletion.start - len("pay within ") : deletion.start] == "pay within "
    assert deletion.date == "2024-05-02T11:00:00Z"
    assert "thirty" not in document.text


def test_moves_keep_the_destination_only() -> None:
    body = para(
        '<w:moveFrom w:id="1" w:author="A"><w:r><w:t>moved words </w:t></w:r></w:moveFrom>',
        run("stay"),
        '<w:moveTo w:id="2" w:author="A"><w:r><w:t> moved words</w:t></w:r></w:moveTo>',
    )
    document = read_docx(build_docx(body))
    assert document.text == "stay moved words"
    assert [(r.kind, r.moved, r.start, r.end) for r in document.revisions] == [
        ("deleted", True, 0, 0),
        ("inserted", True, 4, 16),
    ]


def test_a_document_without_changes_has_no_revisions() -> None:
    document = read_docx(build_docx(para(run("Plain text."))))
    assert document.text == "Plain text."
    assert not document.has_tracked_changes


def test_not_a_zip_is_refused() -> None:
    with pytest.raises(DocumentError) as caught:
        read_docx(b"%PDF-1.7 this is not a word file")
    assert caught.value.code == "docx_unreadable"


def test_ole_container_is_reported_as_encrypted_or_legacy() -> None:
    with pytest.raises(DocumentError) as caught:
        read_docx(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 512)
    assert caught.value.code == "docx_encrypted"


def test_zip_without_document_part_is_refused() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("hello.txt", "hi")
    with pytest.raises(DocumentError) as caught:
        read_docx(buffer.getvalue())
    assert caught.value.code == "docx_unreadable"


def test_zip_bomb_is_refused_before_unpacking() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("word/document.xml", b"<" + b"a" * (MAX_PART_BYTES + 10) + b">")
    data = buffer.getvalue()
    assert len(data) < MAX_PART_BYTES // 100
    with pytest.raises(DocumentError) as caught:
        read_docx(data)
    assert caught.value.code == "docx_too_large"


def test_zip_bomb_with_a_lying_size_header_is_stopped_while_streaming() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        archive.writestr("word/document.xml", b" " * (MAX_PART_BYTES + 10))
    data = bytearray(buffer.getvalue())
    # Rewrite the central directory's uncompressed size (offset 24 in its entry) to claim 10 bytes.
    central = data.rfind(b"PK\x01\x02")
    data[central + 24 : central + 28] = (10).to_bytes(4, "little")
    with pytest.raises(DocumentError) as caught:
        read_docx(bytes(data))
    assert caught.value.code in {"docx_too_large", "docx_unreadable"}


def test_billion_laughs_is_refused() -> None:
    entities = '<!ENTITY lol "lol">' + "".join(
        f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">' for i in range(1, 10)
    )
    document = (
        f'<?xml version="1.0"?><!DOCTYPE w:document [{entities}]><w:document {NS}><w:body><w:p><w:r>'
        "<w:t>&lol9;</w:t></w:r></w:p></w:body></w:document>"
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("word/document.xml", document)
    with pytest.raises(DocumentError) as caught:
        read_docx(buffer.getvalue())
    assert caught.value.code == "docx_unreadable"
    assert "DTD" in caught.value.message


def test_invalid_xml_is_refused() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("word/document.xml", "<w:document><unclosed>")
    with pytest.raises(DocumentError) as caught:
        read_docx(buffer.getvalue())
    assert caught.value.code == "docx_unreadable"


def test_deeply_nested_tables_end_in_a_clear_error() -> None:
    body = "<w:tbl><w:tr><w:tc>" * 200 + para(run("deep")) + "</w:tc></w:tr></w:tbl>" * 200
    with pytest.raises(DocumentError) as caught:
        read_docx(build_docx(body))
    assert caught.value.code == "docx_unreadable"


def test_python_docx_file_reads_as_its_paragraphs() -> None:
    import docx  # python-docx: a test-only dependency

    made = docx.Document()
    made.add_heading("SUPPLY AGREEMENT", 0)
    made.add_paragraph("The Supplier shall deliver the Goods.")
    table = made.add_table(rows=1, cols=2)
    table.rows[0].cells[0].text = "Price"
    table.rows[0].cells[1].text = "EUR 5"
    made.sections[0].header.paragraphs[0].text = "Header line"
    buffer = io.BytesIO()
    made.save(buffer)
    document = read_docx(buffer.getvalue())
    assert document.text == "Header line\nSUPPLY AGREEMENT\nThe Supplier shall deliver the Goods.\nPrice | EUR 5"


def test_a_paragraph_deleted_whole_disappears_but_stays_in_the_revisions() -> None:
    body = (
        para(run("First."))
        + para(dele("Removed clause.", "Alice Counsel"), num=(1, 0))
        + para(run("Next."), num=(1, 0))
    )
    document = read_docx(build_docx(body, NUMBERING))
    assert document.text == "First.\n1. Next."
    assert [(r.kind, r.text, r.start, r.end) for r in document.revisions] == [("deleted", "Removed clause.", 7, 7)]
    assert document.text_rejecting() == "First.\nRemoved clause.\n1. Next."


def test_rejecting_changes_gives_the_text_before_the_markup() -> None:
    body = para(run("Pay within "), dele("thirty", "Alice Counsel"), ins("sixty", "Bob Buyer"), run(" days."))
    body += para(run("Either party"), dele(" may terminate for breach", "Bob Buyer", 3), run(" shall give notice."))
    document = read_docx(build_docx(body))
    assert document.text == "Pay within sixty days.\nEither party shall give notice."
    assert (
        document.text_rejecting() == "Pay within thirty days.\nEither party may terminate for breach shall give notice."
    )
    inserted = tuple(r for r in document.revisions if r.kind == "inserted")
    assert document.text_rejecting(inserted) == "Pay within  days.\nEither party shall give notice."


def test_macros_embedded_objects_and_external_links_are_never_opened_or_fetched() -> None:
    """A macro project, an embedded object that is a zip bomb (opening it would end in docx_too_large),
    and external relationships (an image, a header, a template) pointing at a listening loopback port:
    the text is read, and nothing connects to the port."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    listener.setblocking(False)
    url = f"http://127.0.0.1:{listener.getsockname()[1]}"
    bomb = b"<" + b"a" * (MAX_PART_BYTES + 10) + b">"
    rels = "".join(
        f'<Relationship Id="rId{i}" Type="{OFFICE_REL}{kind}" Target="{target}"{mode}/>'
        for i, (kind, target, mode) in enumerate(
            [
                ("image", f"{url}/logo.png", ' TargetMode="External"'),
                ("header", f"{url}/header.xml", ' TargetMode="External"'),
                ("attachedTemplate", f"{url}/template.dotm", ' TargetMode="External"'),
                ("oleObject", "embeddings/oleObject1.bin", ""),
                ("vbaProject", "vbaProject.bin", ""),
            ]
        )
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", CONTENT_TYPES)
        archive.writestr("word/document.xml", f"<w:document {NS}><w:body>{para(run('Signed.'))}</w:body></w:document>")
        archive.writestr("word/_rels/document.xml.rels", f'<Relationships xmlns="{RELS_NS}">{rels}</Relationships>')
        archive.writestr("word/embeddings/oleObject1.bin", bomb)
        archive.writestr("word/vbaProject.bin", bomb)
    try:
        assert read_docx(buffer.getvalue()).text == "Signed."
        with pytest.raises(BlockingIOError):
            listener.accept()  # no connection is waiting: nothing was fetched
    finally:
        listener.close()


def test_damaged_copies_end_in_document_errors_only() -> None:
    data = contract_docx()
    chooser = random.Random(16)
    for attempt in range(600):
        damaged = bytearray(data)
        if attempt % 3 == 0:
            damaged = damaged[: chooser.randrange(len(damaged))]
        else:
            for _ in range(chooser.randrange(1, 8)):
                damaged[chooser.randrange(len(damaged))] = chooser.randrange(256)
        try:
            read_docx(bytes(damaged))
        except DocumentError as error:
            assert error.code.startswith("docx_")


def test_numbering_set_on_paragraph_styles_follows_based_on() -> None:
    styles = (
        '<w:style w:type="paragraph" w:styleId="Heading1"><w:pPr><w:numPr><w:numId w:val="1"/></w:numPr></w:pPr>'
        "</w:style>"
        '<w:style w:type="paragraph" w:styleId="Heading2"><w:pPr><w:numPr><w:ilvl w:val="1"/><w:numId w:val="1"/>'
        "</w:numPr></w:pPr></w:style>"
        '<w:style w:type="paragraph" w:styleId="Clause"><w:basedOn w:val="Heading2"/></w:style>'
    )

    def styled(style: str, text: str) -> str:
        return f'<w:p><w:pPr><w:pStyle w:val="{style}"/></w:pPr>{run(text)}</w:p>'

    body = (
        styled("Heading1", "Scope")
        + styled("Clause", "First clause.")
        + styled("Clause", "Second clause.")
        + (styled("Heading1", "Fees"))
    )
    document = read_docx(build_docx(body, NUMBERING, styles=styles))
    assert document.text == "1. Scope\n1.1 First clause.\n1.2 Second clause.\n2. Fees"
