# ruff: noqa: F811 - pytest fixtures imported from test_ui_support are parameters here
"""Review decisions in a real browser against a real server (docs/api-notes.md "Reviews"): a
reviewer accepts, rejects and corrects findings of a saved live contract with a note; the
contract's review status follows; the exports and the calendar downloaded from the result carry
the reviewed values; the review report and the annotated PDF are downloaded and opened with
pypdf; a viewer sees the decisions but cannot make any; the audit log names the reviewer."""

from __future__ import annotations

import base64
import csv
import io
import re

from conftest import SAMPLE_CONTRACTS, Server, wait_done
from playwright.sync_api import Browser, Page, expect
from pypdf import PdfReader
from test_ui_support import browser, new_context, playwright_instance, signed_in_page  # noqa: F401

FUTURE = "2031-03-01"
CORRECTED_PARTY = "Zephyrine Holdings Ltd"


def person(browser: Browser, server: Server, username: str, name: str, role: str, org: str) -> Page:
    code, output = server.cli("users", "create", "--username", username, "--name", name, "--role", role)
    assert code == 0, output
    code, output = server.cli("console-url", "--username", username)
    assert code == 0, output
    page = new_context(browser).new_page()
    page.goto(output.strip().splitlines()[0])
    expect(page.locator("#whoami")).to_have_text(f"{name} · {role}")
    page.select_option("#org-select", org)
    return page


def download(page: Page, action) -> bytes:  # noqa: ANN001 - a callable that starts the download
    with page.expect_download() as started:
        action()
    return started.value.path().read_bytes()


def test_reviewer_decisions_flow_into_exports_calendar_and_reports(browser: Browser, server: Server) -> None:
    org = server.org("ui-decisions", live=True)
    key = server.key(org, mode="live")
    pdf = (SAMPLE_CONTRACTS / "mutual_nda.pdf").read_bytes()
    body = {
        "title": "Decided NDA",
        "sourceType": "pdf",
        "filename": "nda.pdf",
        "pdfBase64": base64.b64encode(pdf).decode(),
    }
    analysis = key.client().post("/v1/analyses", json=body).json()
    assert wait_done(key.client(), analysis["analysisId"], timeout=120)["status"] == "completed"
    result = key.client().get(f"/v1/analyses/{analysis['analysisId']}/result").json()
    assert result["risks"] and result["obligations"] and result["keyDates"], (
        "the sample NDA has risks, obligations, dates"
    )

    rita = person(browser, server, "reva", "Reva Reviewer", "reviewer", org)
    expect(rita.locator("#mode-banner")).to_contain_text("Live mode")
    rita.goto(f"{server.base_url}/#/analysis/{analysis['analysisId']}")
    rita.get_by_role("button", name="Save as contract").click()
    rita.locator("#saved-badge").click()
    expect(rita).to_have_url(re.compile(r"#/contract/ctr_"))
    contract_id = rita.url.rsplit("/", 1)[-1]
    findings = key.client().get(f"/v1/contracts/{contract_id}/findings").json()["data"]
    expect(rita.locator("#review-state")).to_have_text(f"Review not started · 0 of {len(findings)}")

    # Accept the first risk with the button, reject the first obligation, correct a date with a note.
    risk = sorted(result["risks"], key=lambda r: ["critical", "high", "medium", "low"].index(r["severity"]))[0]
    rita.get_by_role("button", name=f"Accept: {risk['title']}").first.click()
    risk_bar = rita.locator(f'[data-risk="{risk["id"]}"] + .decide')
    expect(risk_bar).to_contain_text("Accepted")
    expect(risk_bar).to_contain_text("Reva Reviewer")
    expect(rita.locator("#review-state")).to_have_text(f"In review · 1 of {len(findings)} decided")

    obligation = result["obligations"][0]
    rita.keyboard.press("3")
    rita.locator(f'[data-obligation="{obligation["id"]}"]').click()
    rita.keyboard.press("r")  # shortcut: reject the finding shown
    expect(rita.locator(f'[data-obligation-row="{obligation["id"]}"] .decide')).to_contain_text("Rejected")

    date = result["keyDates"][0]
    rita.keyboard.press("4")
    date_bar = rita.locator(f'[data-key-date="{date["id"]}"] + .decide')
    date_bar.get_by_role("button", name=re.compile("^Correct or note")).click()
    date_bar.locator("input[type=date]").fill(FUTURE)
    date_bar.locator("textarea").fill("Counsel confirmed the later date by email.")
    date_bar.get_by_role("button", name="Save decision").click()
    expect(date_bar).to_contain_text(f"Corrected: {FUTURE}")
    expect(date_bar).to_contain_text("Counsel confirmed the later date by email.")
    expect(rita.locator(f'[data-risk="{risk["id"]}"] + .decide')).not_to_contain_text("null")
    expect(rita.locator("#review-state")).to_have_text(f"In review · 3 of {len(findings)} decided")

    # Correct a party's name and reject a clause: the contract is then found by the corrected name.
    party = next(f for f in findings if f["kind"] == "party")
    party_bar = rita.locator(f'.decide[data-finding-key="{party["findingKey"]}"]')
    party_bar.get_by_role("button", name=re.compile("^Correct or note")).click()
    party_bar.locator("input[name=correctedValue]").fill(CORRECTED_PARTY)
    party_bar.get_by_role("button", name="Save decision").click()
    expect(party_bar).to_contain_text(f"Corrected: {CORRECTED_PARTY}")
    clause = next(f for f in findings if f["kind"] == "clause")
    rita.keyboard.press("2")
    clause_bar = rita.locator(f'.decide[data-finding-key="{clause["findingKey"]}"]')
    category = rita.locator("details.category", has=clause_bar)
    if category.count() and not category.evaluate("(d) => d.open"):
        category.locator("summary").first.click()  # a folded category: open it as a person would
    clause_bar.get_by_role("button", name=re.compile("^Reject: ")).click()
    expect(clause_bar).to_contain_text("Rejected")
    expect(rita.locator("#review-state")).to_have_text(f"In review · 5 of {len(findings)} decided")

    # Undecided filter: decided findings leave the list.
    rita.keyboard.press("1")
    rita.select_option("#filter-decided", "false")
    expect(rita.locator(f'[data-risk="{risk["id"]}"]')).to_be_hidden()
    rita.select_option("#filter-decided", "")
    expect(rita.locator(f'[data-risk="{risk["id"]}"]')).to_be_visible()

    # The exports and the calendar carry the decisions.
    ics = download(rita, lambda: rita.select_option("#export-select", "key-dates.ics")).decode()
    assert f"DTSTART;VALUE=DATE:{FUTURE.replace('-', '')}" in ics
    assert "SUMMARY:Decided NDA: " in ics
    obligations_csv = download(rita, lambda: rita.select_option("#export-select", "obligations.csv"))
    assert obligations_csv.startswith(b"\xef\xbb\xbf")  # UTF-8 BOM for Excel
    rows = list(csv.DictReader(io.StringIO(obligations_csv.decode("utf-8-sig"))))
    assert all(row["decision"] != "rejected" for row in rows) and len(rows) == len(result["obligations"]) - 1
    dates_csv = list(
        csv.DictReader(
            io.StringIO(
                download(rita, lambda: rita.select_option("#export-select", "key-dates.csv")).decode("utf-8-sig")
            )
        )
    )
    corrected = [row for row in dates_csv if row["date"] == FUTURE]
    assert corrected and corrected[0]["note"] == "Counsel confirmed the later date by email."
    findings_csv = list(
        csv.DictReader(
            io.StringIO(
                download(rita, lambda: rita.select_option("#export-select", "findings.csv")).decode("utf-8-sig")
            )
        )
    )
    assert len(findings_csv) == len(findings) - 2  # the rejected obligation and clause are left out
    assert {row["contract"] for row in findings_csv} == {"Decided NDA"}
    party_row = next(row for row in findings_csv if row["kind"] == "party" and row["value"] == party["value"])
    assert (party_row["reviewed_value"], party_row["decision"]) == (CORRECTED_PARTY, "corrected")

    # The review report and the annotated original, opened with pypdf.
    report = PdfReader(
        io.BytesIO(download(rita, lambda: rita.get_by_role("button", name="Review report (PDF)").click()))
    )
    report_text = " ".join(p.extract_text() for p in report.pages)
    assert "Decided NDA" in report_text and "Counsel confirmed the later date by email." in report_text
    assert risk["title"] in report_text.replace("\n", " ")
    annotated = PdfReader(io.BytesIO(download(rita, lambda: rita.get_by_role("button", name="Annotated PDF").click())))
    highlights = [
        a.get_object()
        for p in annotated.pages
        for a in (p.get("/Annots") or [])
        if a.get_object()["/Subtype"] == "/Highlight"
    ]
    assert highlights
    assert any("Counsel confirmed the later date by email." in str(h.get("/Contents", "")) for h in highlights)

    # A viewer reads the decisions and cannot make any.
    vic = person(browser, server, "vera", "Vera Viewer", "viewer", org)
    vic.goto(f"{server.base_url}/#/contract/{contract_id}")
    vic.keyboard.press("4")
    expect(vic.locator(f'[data-key-date="{date["id"]}"] + .decide')).to_contain_text(f"Corrected: {FUTURE}")
    expect(vic.get_by_role("button", name=re.compile("^Accept: "))).to_have_count(0)

    # The contracts list shows the review state; the audit log names the reviewer.
    rita.goto(f"{server.base_url}/#/contracts")
    expect(rita.locator(f'tr[data-contract="{contract_id}"]')).to_contain_text("In review")
    expect(rita.locator(f'tr[data-contract="{contract_id}"]')).to_contain_text(CORRECTED_PARTY)  # as reviewed
    expect(rita.locator(f'tr[data-contract="{contract_id}"]')).not_to_contain_text(party["value"])
    rita.fill("#contracts-q", CORRECTED_PARTY.split()[0].lower())  # search finds the corrected party name
    expect(rita.locator("#contracts-table tbody tr")).to_have_count(1)
    expect(rita.locator(f'tr[data-contract="{contract_id}"]')).to_be_visible()
    rita.fill("#contracts-q", "no contract has this party")
    expect(rita.locator(f'tr[data-contract="{contract_id}"]')).to_have_count(0)
    admin, watch = signed_in_page(browser, server, org)
    admin.goto(f"{server.base_url}/#/console/audit")
    expect(admin.locator("#audit-table tr", has_text="review.create").first).to_contain_text("Reva Reviewer")
    watch.assert_clean()


def test_history_is_paged_newest_first_searchable_and_filtered_and_contracts_renamed(
    browser: Browser, server: Server
) -> None:
    org = server.org("ui-history")
    key = server.key(org)
    text = (SAMPLE_CONTRACTS / "mutual_nda.txt").read_text()
    for n in range(1, 22):
        analysis = (
            key.client()
            .post("/v1/analyses", json={"title": f"Batch {n:02d}", "sourceType": "text", "text": text})
            .json()
        )
    wait_done(key.client(), analysis["analysisId"])
    page, watch = signed_in_page(browser, server, org)
    page.set_input_files("#file-input", [str(SAMPLE_CONTRACTS / "consulting_agreement.txt")])
    expect(page.locator(".queue li", has_text="consulting_agreement.txt").locator("[data-testid=status]")).to_have_text(
        "Completed"
    )

    page.reload()
    rows = page.locator("#queue li")
    expect(rows).to_have_count(20)
    expect(rows.first).to_contain_text("consulting_agreement")  # newest first, also after a reload
    expect(rows.nth(1)).to_contain_text("Batch 21")
    page.get_by_role("button", name="Older analyses").click()
    expect(rows).to_have_count(22)
    expect(rows.last).to_contain_text("Batch 01")
    expect(page.get_by_role("button", name="Older analyses")).to_be_hidden()

    page.select_option("#history-origin", "ui")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("consulting_agreement")
    page.select_option("#history-origin", "api")
    page.fill("#history-q", "batch 07")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Batch 07")
    page.fill("#history-q", "no such title")
    expect(rows.first).to_have_text("No analysis matches.")

    contract = (
        key.client().post("/v1/contracts", json={"analysisId": analysis["analysisId"], "title": "Batch MSA"}).json()
    )
    page.goto(f"{server.base_url}/#/contracts")
    row = page.locator(f'tr[data-contract="{contract["contractId"]}"]')
    expect(row).to_contain_text("Review not started")
    row.get_by_role("button", name="Rename Batch MSA").click()
    page.fill("#rename-title", "Batch MSA (signed)")
    page.get_by_role("button", name="Rename", exact=True).click()
    expect(row).to_contain_text("Batch MSA (signed)")
    assert key.client().get(f"/v1/contracts/{contract['contractId']}").json()["title"] == "Batch MSA (signed)"
    row.get_by_role("button", name="Delete Batch MSA (signed)").click()
    page.get_by_role("button", name="Cancel").click()
    expect(row).to_be_visible()  # nothing happens without the confirmation
    assert key.client().get(f"/v1/contracts/{contract['contractId']}").status_code == 200
    row.get_by_role("button", name="Delete Batch MSA (signed)").click()
    page.get_by_role("button", name="Delete contract").click()
    expect(row).to_have_count(0)
    expect(page.locator("#toast")).to_contain_text("Deleted")
    assert key.client().get(f"/v1/contracts/{contract['contractId']}").status_code == 404
    page.goto(f"{server.base_url}/#/console/audit")
    for action in ("contract.rename", "contract.delete"):
        entry = page.locator("#audit-table tr", has_text=action).first
        expect(entry).to_contain_text("Administrator")
        expect(entry).to_contain_text(contract["contractId"])
    watch.assert_clean()
