"""Exports and reports of a reviewed contract (issue 14): CSV with a BOM, title, page and evidence
columns and the reviewed values; a calendar of future events named after the contract; the review
report PDF and the annotated original PDF, both opened with pypdf."""

from __future__ import annotations

import base64
import csv
import io
from datetime import date

import httpx
import pytest
from conftest import SAMPLE_CONTRACTS, Server, submit_text, wait_done
from pypdf import PdfReader

PDF = SAMPLE_CONTRACTS / "supply_agreement.pdf"
TITLE = "Brightfield supply, signed copy"


@pytest.fixture(scope="module")
def reviewed(server: Server) -> dict:
    org = server.org(f"reports-{id(server)}", live=True)
    client = server.key(org, mode="live").client()
    analysis = client.post(
        "/v1/analyses",
        json={"title": "supply.pdf", "sourceType": "pdf", "pdfBase64": base64.b64encode(PDF.read_bytes()).decode()},
    ).json()
    assert wait_done(client, analysis["analysisId"], timeout=120)["status"] == "completed"
    contract = client.post("/v1/contracts", json={"analysisId": analysis["analysisId"], "title": TITLE}).json()
    cid = contract["contractId"]
    found = client.get(f"/v1/contracts/{cid}/findings").json()["data"]
    dates = [f for f in found if f["kind"] == "date" and f["page"]]
    obligations = [f for f in found if f["kind"] == "obligation"]
    risks = [f for f in found if f["kind"] == "risk" and f["page"]]
    corrected_date, rejected, noted_risk = dates[0], obligations[0], risks[0]
    decisions = [
        {
            "findingKey": corrected_date["findingKey"],
            "decision": "corrected",
            "correctedValue": "2031-03-01",
            "note": "Extended by letter.",
        },
        {"findingKey": rejected["findingKey"], "decision": "rejected", "note": "Not an obligation."},
        {"findingKey": noted_risk["findingKey"], "decision": "accepted", "note": "Client to negotiate a cap — €1m."},
    ]
    for body in decisions:
        assert client.post(f"/v1/contracts/{cid}/reviews", json=body).status_code == 201
    return {
        "client": client,
        "cid": cid,
        "aid": analysis["analysisId"],
        "found": found,
        "date": corrected_date,
        "rejected": rejected,
        "risk": noted_risk,
        "server": server,
    }


def download(client: httpx.Client, path: str) -> httpx.Response:
    response = client.get(path)
    assert response.status_code == 200, response.text
    assert response.headers["content-disposition"].startswith("attachment; filename=")
    return response


def rows_of(body: bytes) -> list[dict[str, str]]:
    assert body.startswith(b"\xef\xbb\xbf")  # UTF-8 byte-order mark: Excel reads the file as UTF-8
    return list(csv.DictReader(io.StringIO(body.decode("utf-8-sig"), newline="")))


def test_csv_exports_carry_title_page_evidence_and_reviewed_values(reviewed: dict) -> None:
    client, cid = reviewed["client"], reviewed["cid"]
    findings = rows_of(download(client, f"/v1/contracts/{cid}/exports/findings.csv").content)
    assert list(findings[0]) == [
        "contract",
        "kind",
        "label",
        "value",
        "reviewed_value",
        "decision",
        "note",
        "page",
        "evidence",
    ]
    assert {row["contract"] for row in findings} == {TITLE}
    risk = next(row for row in findings if row["note"].startswith("Client to negotiate"))
    assert risk["note"] == "Client to negotiate a cap — €1m." and risk["decision"] == "accepted"
    assert risk["page"] == str(reviewed["risk"]["page"]) and risk["evidence"]
    assert len(findings) == len(reviewed["found"]) - 1  # the rejected obligation is left out

    dates = rows_of(download(client, f"/v1/contracts/{cid}/exports/key-dates.csv").content)
    corrected = next(row for row in dates if row["decision"] == "corrected")
    assert corrected["date"] == "2031-03-01" and corrected["note"] == "Extended by letter."
    obligations = rows_of(download(client, f"/v1/contracts/{cid}/exports/obligations.csv").content)
    assert list(obligations[0])[:3] == ["contract", "party", "action"]
    assert reviewed["rejected"]["value"] not in [row["action"] for row in obligations]


def test_calendar_has_future_events_named_after_the_contract(reviewed: dict) -> None:
    client, cid = reviewed["client"], reviewed["cid"]
    response = download(client, f"/v1/contracts/{cid}/exports/key-dates.ics")
    assert response.headers["content-type"].startswith("text/calendar")
    unfolded = response.text.replace("\r\n ", "")
    starts = [line.split(":", 1)[1] for line in unfolded.split("\r\n") if line.startswith("DTSTART")]
    assert "20310301" in starts
    assert all(date(int(s[:4]), int(s[4:6]), int(s[6:8])) >= date.today() for s in starts)
    now = client.get(f"/v1/contracts/{cid}/findings").json()["data"]
    past = [
        f for f in now if f["kind"] == "date" and f["reviewedValue"] and f["reviewedValue"] < date.today().isoformat()
    ]
    assert past, "the sample contract has past dates, which the calendar must leave out"
    assert len(starts) == len(
        [f for f in now if f["kind"] == "date" and (f["reviewedValue"] or "") >= date.today().isoformat()]
    )
    summaries = [line for line in unfolded.split("\r\n") if line.startswith("SUMMARY:")]
    assert summaries and all(line.startswith(f"SUMMARY:{TITLE.replace(',', chr(92) + ',')}: ") for line in summaries)
    assert all(len(line.encode()) <= 75 for line in response.text.split("\r\n"))


def test_review_report_pdf_states_the_review(reviewed: dict) -> None:
    client, cid = reviewed["client"], reviewed["cid"]
    response = download(client, f"/v1/contracts/{cid}/report.pdf")
    assert response.headers["content-type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content), strict=True)
    text = " ".join(" ".join((page.extract_text() or "").split()) for page in reader.pages)
    contract = client.get(f"/v1/contracts/{cid}").json()
    for expected in (
        TITLE,
        "Risk score",
        f"{contract['riskScore']['value']} of 100",
        reviewed["risk"]["label"],
        "Client to negotiate a cap — €1m.",
        "reviewed value: 2031-03-01",
        "Extended by letter.",
        "Obligations",
        f"(page {reviewed['risk']['page']})",
    ):
        assert expected in text, expected


def test_annotated_pdf_highlights_each_finding_on_its_page(reviewed: dict) -> None:
    client, cid = reviewed["client"], reviewed["cid"]
    response = download(client, f"/v1/contracts/{cid}/annotated.pdf")
    reader = PdfReader(io.BytesIO(response.content), strict=True)
    original_pages = len(PdfReader(PDF).pages)
    assert len(reader.pages) == original_pages
    annotations = []
    for number, page in enumerate(reader.pages, start=1):
        for ref in page.get("/Annots") or []:
            annotation = ref.get_object()
            annotations.append((number, annotation))
            assert annotation["/Subtype"] == "/Highlight"
            left, bottom, right, top = (float(v) for v in annotation["/Rect"])
            box = page.mediabox
            assert float(box.left) <= left < right <= float(box.right) and float(box.bottom) <= bottom < top <= float(
                box.top
            )
            assert len(annotation["/QuadPoints"]) % 8 == 0
    with_page = [f for f in reviewed["found"] if f["page"]]
    assert len(annotations) >= 0.9 * len(with_page)
    risk = [(n, a) for n, a in annotations if a["/NM"] == reviewed["risk"]["findingKey"]]
    assert len(risk) == 1 and risk[0][0] == reviewed["risk"]["page"]
    # A quote that occurs twice on its page is highlighted where the evidence points, not twice at the first.
    by_key = {str(a["/NM"]): [float(v) for v in a["/Rect"]] for _, a in annotations}
    twice = [f["findingKey"] for f in reviewed["found"] if f["findingKey"].startswith("clause:document_name:")]
    rects = {tuple(by_key[k]) for k in twice if k in by_key}
    assert len(twice) >= 2 and len(rects) == len([k for k in twice if k in by_key]) >= 2
    contents = risk[0][1]["/Contents"]
    assert (
        reviewed["risk"]["label"] in contents
        and "Client to negotiate a cap — €1m." in contents
        and "accepted" in contents
    )


def test_text_contracts_have_no_annotated_pdf_and_analyses_export_unreviewed(reviewed: dict) -> None:
    client = reviewed["client"]
    analysis = submit_text(client, (SAMPLE_CONTRACTS / "mutual_nda.txt").read_text(), title="NDA text")
    assert wait_done(client, analysis["analysisId"])["status"] == "completed"
    rows = rows_of(download(client, f"/v1/analyses/{analysis['analysisId']}/exports/findings.csv").content)
    assert rows and {row["contract"] for row in rows} == {"NDA text"} and {row["decision"] for row in rows} == {""}
    contract = client.post("/v1/contracts", json={"analysisId": analysis["analysisId"]}).json()
    refused = client.get(f"/v1/contracts/{contract['contractId']}/annotated.pdf")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "source_not_pdf"
    unknown = client.get(f"/v1/contracts/{contract['contractId']}/exports/everything.xlsx")
    assert unknown.status_code == 404  # four fixed export paths, nothing else


def test_exports_are_scoped_to_the_organization_and_mode(reviewed: dict) -> None:
    server: Server = reviewed["server"]
    stranger = server.key(server.org(f"stranger-{reviewed['cid']}")).client()
    for path in ("exports/findings.csv", "report.pdf", "annotated.pdf"):
        assert stranger.get(f"/v1/contracts/{reviewed['cid']}/{path}").status_code == 404
