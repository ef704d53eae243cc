# ruff: noqa: F811 - pytest fixtures imported from test_ui_support are parameters here
"""The reviewer in a real browser (Debian Chromium via Playwright) against a real server: intake
by drop, file input, pasted text and URL with per-file progress; the result view with evidence
highlighted in the text and on the PDF page; saving, searching, comparing; exports."""

from __future__ import annotations

import base64
import csv
import io
import re
from collections import Counter
from datetime import date

import httpx
from conftest import SAMPLE_CONTRACTS, SHARED, Server, wait_done, wait_for
from playwright.sync_api import Browser, Page, Route, expect
from test_ui_support import analysis_id_from, browser, drop_files, playwright_instance, signed_in_page, status_of  # noqa: F401

SAMPLES = SAMPLE_CONTRACTS.parent / "samples"


def slow_polls(page: Page) -> None:
    """Hold each analysis at queued, then processing, for one poll each, as a busy server would:
    the mock engine finishes too fast for a person (or a test) to see the intermediate states."""
    seen: Counter[str] = Counter()

    def handle(route: Route) -> None:
        response = route.fetch()
        body = response.json()
        analysis_id = body.get("analysisId", "")
        seen[analysis_id] += 1
        if seen[analysis_id] <= 2 and body.get("status") in ("queued", "processing", "completed"):
            body["status"] = "queued" if seen[analysis_id] == 1 else "processing"
            body["completedAt"] = None
        route.fulfill(response=response, json=body)

    page.route(re.compile(r"/v1/analyses/ana_[0-9A-Za-z]+$"), handle)


def test_dropped_files_show_progress_then_completed_or_failed_with_the_reason(browser: Browser, server: Server) -> None:
    org = server.org("ui-drop")
    page, watch = signed_in_page(browser, server, org)
    slow_polls(page)
    drop_files(
        page,
        "#dropzone",
        [
            ("mutual_nda.pdf", (SAMPLE_CONTRACTS / "mutual_nda.pdf").read_bytes(), "application/pdf"),
            (
                "saas_subscription_agreement.pdf",
                (SAMPLE_CONTRACTS / "saas_subscription_agreement.pdf").read_bytes(),
                "application/pdf",
            ),
            ("supply_agreement.txt", (SAMPLE_CONTRACTS / "supply_agreement.txt").read_bytes(), "text/plain"),
            ("truncated.pdf", (SAMPLES / "truncated.pdf").read_bytes(), "application/pdf"),
            ("notes.rtf", b"{\\rtf1 notes}", "application/rtf"),
        ],
    )
    nda = status_of(page, "mutual_nda.pdf")
    expect(nda).to_have_text("Queued")
    row = page.locator(".queue li", has_text="mutual_nda.pdf").first
    # the list may re-render between two reads, when the row has no box for a moment: wait for one
    height_while_queued = wait_for(row.bounding_box, timeout=10, what="the queued row's box")["height"]  # type: ignore[index]
    expect(nda).to_have_text("Processing")
    expect(nda).to_have_text("Completed")
    height_when_completed = wait_for(row.bounding_box, timeout=10, what="the completed row's box")["height"]  # type: ignore[index]
    assert height_when_completed == height_while_queued  # no layout jump as the status changes
    expect(row).to_contain_text("2 pages")
    for name in ("saas_subscription_agreement.pdf", "supply_agreement.txt"):
        expect(status_of(page, name)).to_have_text("Completed")
    broken = page.locator(".queue li", has_text="truncated.pdf").first
    expect(broken.locator("[data-testid=status]")).to_have_text("Failed")
    expect(broken).to_contain_text("damaged or incomplete")
    unsupported = page.locator(".queue li", has_text="notes.rtf").first
    expect(unsupported).to_contain_text("Only PDF, Word (.docx), PNG, JPEG, TIFF and .txt files can be analyzed.")
    assert page.url.endswith("#/review")  # all of it without reloading or leaving the page
    watch.assert_clean()


def test_file_input_paste_and_url_intake(browser: Browser, server: Server) -> None:
    org = server.org("ui-intake")
    page, watch = signed_in_page(browser, server, org)
    expect(page.locator("#file-input")).to_be_visible()
    page.set_input_files("#file-input", [str(SAMPLE_CONTRACTS / "consulting_agreement.txt")])
    expect(status_of(page, "consulting_agreement.txt")).to_have_text("Completed")
    page.get_by_role("tab", name="Paste text").click()
    page.fill("#paste-title", "Pasted NDA")
    page.fill("#paste-text", (SAMPLE_CONTRACTS / "mutual_nda.txt").read_text())
    page.get_by_role("button", name="Analyze text").click()
    expect(status_of(page, "Pasted NDA")).to_have_text("Completed")
    page.get_by_role("tab", name="From a URL").click()
    page.fill("#url-title", "Intranet MSA")
    page.fill("#url-input", "https://intranet.example/contracts/msa.html")
    page.get_by_role("button", name="Fetch and analyze").click()
    expect(status_of(page, "Intranet MSA")).to_have_text("Completed")
    page.locator(".queue li", has_text="Pasted NDA").first.get_by_role("link", name="Open").click()
    expect(page.locator("#findings h1")).to_have_text("Pasted NDA")
    watch.assert_clean()


def open_pdf_result(browser: Browser, server: Server, org: str) -> tuple[Page, dict]:
    page, watch = signed_in_page(browser, server, org)
    page.set_input_files("#file-input", [str(SAMPLE_CONTRACTS / "mutual_nda.pdf")])
    row = page.locator(".queue li", has_text="mutual_nda.pdf").first
    expect(row.locator("[data-testid=status]")).to_have_text("Completed")
    row.get_by_role("link", name="Open").click()
    expect(page.locator("#pdf-stage canvas")).to_be_visible()
    return page, {"watch": watch, "analysis_id": analysis_id_from(page)}


def test_result_view_shows_the_findings_and_highlights_evidence_in_text_and_pdf(
    browser: Browser, server: Server
) -> None:
    org = server.org("ui-result")
    key = server.key(org)
    page, info = open_pdf_result(browser, server, org)
    result = key.client().get(f"/v1/analyses/{info['analysis_id']}/result").json()
    evidence = {e["id"]: e for e in result["evidence"]}

    expect(page.locator("#risk-score .value")).to_have_text(str(result["riskScore"]["value"]))
    expect(page.locator("#risk-level")).to_have_text(f"{result['riskScore']['level']} risk")
    expect(page.locator("#risks .finding")).to_have_count(len(result["risks"]))
    first_risk = min(result["risks"], key=lambda r: ["critical", "high", "medium", "low"].index(r["severity"]))
    expect(page.locator("#risks .finding").first).to_contain_text(first_risk["title"])
    expect(page.locator("#risks .finding").first).to_contain_text(first_risk["recommendation"])
    expect(page.locator("#governing-law")).to_have_text(result["summary"]["governingLaw"]["jurisdiction"])
    expect(page.locator("#obligations tbody tr")).to_have_count(len(result["obligations"]))
    expect(page.locator("#key-dates li")).to_have_count(len(result["keyDates"]))
    clause = max(result["clauses"], key=lambda c: c["confidence"])
    expect(page.locator(f'[data-clause="{clause["id"]}"]')).to_contain_text(f"{round(clause['confidence'] * 100)}%")

    # A clause whose quote is on page 2: the PDF turns to that page and draws the box there.
    on_page_two = next(c for c in result["clauses"] if evidence[c["evidenceIds"][0]]["page"] == 2)
    quote = evidence[on_page_two["evidenceIds"][0]]
    page.get_by_role("tab", name=re.compile(r"^Clauses")).click()  # the section index shows one section at a time
    page.locator(f'[data-clause="{on_page_two["id"]}"]').click()
    expect(page.locator("#pdf-stage")).to_have_attribute("data-page", "2")
    expect(page.locator(f'#pdf-stage .pdf-hl[data-ev="{quote["id"]}"]').first).to_be_visible()
    expect(page.locator("#pdf-note")).to_have_text("Evidence highlighted on page 2.")
    expect(page.locator("#page-label")).to_have_text("Page 2 of 2")

    page.get_by_role("tab", name="Extracted text").click()
    mark = page.locator(f'#doc-text mark[data-ev="{quote["id"]}"]')
    expect(mark).to_have_text(quote["text"])
    expect(mark).to_be_in_viewport()

    risk = result["risks"][0]
    page.get_by_role("tab", name=re.compile(r"^Risks")).click()
    page.locator(f'[data-risk="{risk["id"]}"]').click()
    expect(page.locator(f'[data-risk="{risk["id"]}"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator(f'[data-clause="{on_page_two["id"]}"]')).to_have_attribute("aria-pressed", "false")
    expect(page.locator(f'#doc-text mark[data-ev="{risk["evidenceIds"][0]}"]')).to_have_text(
        evidence[risk["evidenceIds"][0]]["text"]
    )
    expect(page.locator(f'#doc-text mark[data-ev="{quote["id"]}"]')).to_have_count(0)  # the earlier highlight is gone
    info["watch"].assert_clean()


def test_exports_json_csv_and_ics(browser: Browser, server: Server) -> None:
    org = server.org("ui-exports")
    key = server.key(org)
    page, info = open_pdf_result(browser, server, org)
    result = key.client().get(f"/v1/analyses/{info['analysis_id']}/result").json()

    def export(option: str) -> str:
        with page.expect_download() as download:
            page.select_option("#export-select", option)
        return download.value.path().read_bytes().decode("utf-8")

    assert httpx.Response(200, content=export("json")).json() == result
    # CSV and calendar files come from the server (docs/api-notes.md "Exports"): UTF-8 with a BOM.
    # Evidence quotes span lines: read the CSV as a spreadsheet would, not line by line.
    obligations_file = export("obligations.csv")
    assert obligations_file.startswith("\ufeff")
    obligations = list(csv.reader(io.StringIO(obligations_file.lstrip("\ufeff"))))
    assert obligations[0] == [
        "contract",
        "party",
        "action",
        "kind",
        "due_date",
        "due_text",
        "decision",
        "note",
        "page",
        "evidence",
    ]
    assert [row[2] for row in obligations[1:]] == [o["action"] for o in result["obligations"]]
    dates = list(csv.reader(io.StringIO(export("key-dates.csv").lstrip("\ufeff"))))
    assert dates[0] == ["contract", "kind", "date", "text", "decision", "note", "page", "evidence"]
    assert [row[2] for row in dates[1:]] == [d["date"] or "" for d in result["keyDates"]]
    calendar = export("key-dates.ics")
    assert calendar.startswith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n") and calendar.endswith("END:VCALENDAR\r\n")
    today = date.today().isoformat()
    upcoming = [d for d in result["keyDates"] if d["date"] and d["date"] >= today]
    assert calendar.count("BEGIN:VEVENT") == len(upcoming)  # past events are left out
    assert all(len(line.encode()) <= 75 for line in calendar.split("\r\n"))


def test_save_search_filter_and_compare_contracts(browser: Browser, server: Server) -> None:
    org = server.org("ui-compare")
    key = server.key(org)
    original = (SAMPLE_CONTRACTS / "supply_agreement.txt").read_text()
    revised = original.replace("sixty (60) days", "ninety (90) days").replace("State of Illinois", "State of New York")
    assert revised != original
    ids = []
    for title, text in (("Supply v1", original), ("Supply v2", revised)):
        analysis = key.client().post("/v1/analyses", json={"title": title, "sourceType": "text", "text": text}).json()
        wait_done(key.client(), analysis["analysisId"])
        ids.append(analysis["analysisId"])
    page, watch = signed_in_page(browser, server, org)
    for analysis_id in ids:
        page.goto(f"{server.base_url}/#/analysis/{analysis_id}")
        page.get_by_role("button", name="Save as contract").click()
        expect(page.locator("#saved-badge")).to_have_text("Saved contract")
    page.goto(f"{server.base_url}/#/contracts")
    rows = page.locator("#contracts-table tbody tr")
    expect(rows).to_have_count(2)
    page.fill("#contracts-q", "v2")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Supply v2")
    page.fill("#contracts-q", "")
    expect(rows).to_have_count(2)
    levels = {c["riskScore"]["level"] for c in key.client().get("/v1/contracts").json()["data"]}
    other = next(level for level in ("low", "medium", "high", "critical") if level not in levels)
    page.select_option("#contracts-level", other)
    expect(page.locator("#contracts-table")).to_contain_text("No saved contracts match")
    page.select_option("#contracts-level", "")
    expect(rows).to_have_count(2)
    rows.filter(has_text="Supply v1").get_by_role("checkbox").check()
    rows.filter(has_text="Supply v2").get_by_role("checkbox").check()
    with page.expect_response(lambda r: r.url.endswith("/v1/comparisons") and r.request.method == "POST") as answer:
        page.get_by_role("button", name="Compare selected").click()
    comparison = answer.value.json()
    expect(page.locator("#comparison-summary")).to_have_text(comparison["summary"])
    delta = comparison["riskScoreDelta"]
    expect(page.locator("#risk-delta")).to_contain_text(f"{'+' if delta > 0 else ''}{delta}")
    expect(page.locator("#risk-delta")).to_contain_text("Supply v1")
    changed = [c for c in comparison["clauses"] if c["change"] != "unchanged"]
    assert changed, "the revision should change at least one clause"
    expect(page.locator("#clause-changes .clause-diff")).to_have_count(len(changed))
    with_redline = [c for c in changed if c["redline"]]
    expect(page.locator("#clause-changes .redline")).to_have_count(len(with_redline))
    if with_redline:
        deleted = next((s["text"] for s in with_redline[0]["redline"] if s["op"] == "delete"), None)
        if deleted:
            expect(
                page.locator(f'.clause-diff[data-category="{with_redline[0]["category"]}"] .redline del').first
            ).to_have_text(deleted)
    moved = [d for d in comparison["keyDates"] if d["change"] != "unchanged"]
    expect(page.locator("#moved-dates tbody tr")).to_have_count(len(moved))
    watch.assert_clean()


def test_pdf_from_cuad_renders_and_its_evidence_is_found(browser: Browser, server: Server) -> None:
    """A real-world PDF (the largest CUAD sample's first pages are enough) renders with pdf.js."""
    pdfs = sorted((SHARED / "data" / "cuad" / "pdfs").glob("*.pdf"), key=lambda p: p.stat().st_size)
    assert pdfs, "the CUAD PDFs are expected under ../shared/data/cuad/pdfs"
    sample = pdfs[len(pdfs) // 2]
    org = server.org("ui-cuad")
    key = server.key(org)
    body = {
        "title": sample.stem[:80],
        "sourceType": "pdf",
        "filename": sample.name,
        "pdfBase64": base64.b64encode(sample.read_bytes()).decode(),
    }
    analysis = key.client().post("/v1/analyses", json=body).json()
    assert wait_done(key.client(), analysis["analysisId"], timeout=120)["status"] == "completed"
    result = key.client().get(f"/v1/analyses/{analysis['analysisId']}/result").json()
    page, watch = signed_in_page(browser, server, org)
    page.goto(f"{server.base_url}/#/analysis/{analysis['analysisId']}")
    expect(page.locator("#pdf-stage canvas")).to_be_visible(timeout=60_000)
    risk = next(r for r in result["risks"] if r["evidenceIds"])
    quote = next(e for e in result["evidence"] if e["id"] == risk["evidenceIds"][0])
    page.locator(f'[data-risk="{risk["id"]}"]').click()
    expect(page.locator("#pdf-stage")).to_have_attribute("data-page", str(quote["page"]))
    expect(page.locator(f'#pdf-stage .pdf-hl[data-ev="{quote["id"]}"]').first).to_be_visible()
    watch.assert_clean()


def test_findings_and_obligations_work_from_the_keyboard(browser: Browser, server: Server) -> None:
    org = server.org("ui-keyboard")
    key = server.key(org)
    analysis = (
        key.client()
        .post(
            "/v1/analyses",
            json={
                "title": "Keyboard NDA",
                "sourceType": "text",
                "text": (SAMPLE_CONTRACTS / "mutual_nda.txt").read_text(),
            },
        )
        .json()
    )
    wait_done(key.client(), analysis["analysisId"])
    result = key.client().get(f"/v1/analyses/{analysis['analysisId']}/result").json()
    page, watch = signed_in_page(browser, server, org)
    page.goto(f"{server.base_url}/#/analysis/{analysis['analysisId']}")
    expect(page.locator("#findings h1")).to_have_text("Keyboard NDA")
    expect(page.locator("#tab-pdf")).to_be_hidden()  # a text source has no PDF tab
    page.locator("#risks .finding").first.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#risks .finding").first).to_have_attribute("aria-pressed", "true")
    obligation = result["obligations"][0]
    page.keyboard.press("3")  # shortcut: the obligations section
    expect(page.get_by_role("tab", name=re.compile(r"^Obligations"))).to_have_attribute("aria-selected", "true")
    page.locator(f'[data-obligation="{obligation["id"]}"]').focus()
    page.keyboard.press("Enter")
    quote = next(e for e in result["evidence"] if e["id"] == obligation["evidenceIds"][0])
    expect(page.locator(f'#doc-text mark[data-ev="{quote["id"]}"]')).to_have_text(quote["text"])
    page.locator(".mode-switch button[aria-checked=true]").focus()
    page.keyboard.press("ArrowRight")  # live is not approved for this organization: stays in test
    expect(page.locator("#toast")).to_contain_text("not approved for live access")
    watch.assert_clean()


def test_findings_apart_from_candidates_and_missing_clauses_not_found(browser: Browser, server: Server) -> None:
    """Live engine on the sample NDA: only clauses >= 50% are findings (listed and counted); the
    candidates sit in a collapsed control with their own count; a risk about a missing clause says
    so and highlights nothing."""
    org = server.org("ui-candidates", live=True)
    key = server.key(org, mode="live")
    text = (SAMPLE_CONTRACTS / "mutual_nda.txt").read_text()
    analysis = key.client().post("/v1/analyses", json={"title": "Live NDA", "sourceType": "text", "text": text}).json()
    assert wait_done(key.client(), analysis["analysisId"], timeout=120)["status"] == "completed"
    result = key.client().get(f"/v1/analyses/{analysis['analysisId']}/result").json()
    findings = [c for c in result["clauses"] if c["confidence"] >= 0.5]
    candidates = [c for c in result["clauses"] if c["confidence"] < 0.5]
    missing = [r for r in result["risks"] if not r["evidenceIds"]]
    assert findings and candidates and missing, "the sample NDA has findings, candidates and a missing clause"

    page, watch = signed_in_page(browser, server, org)
    page.get_by_role("radio", name="Live").click()
    expect(page.locator("#mode-banner")).to_contain_text("Live mode")
    page.goto(f"{server.base_url}/#/analysis/{analysis['analysisId']}")
    clauses_tab = page.get_by_role("tab", name=re.compile(r"^Clauses"))
    expect(clauses_tab.locator(".count")).to_have_text(f"({len(findings)})")
    clauses_tab.click()
    outside = page.locator("#clauses > .category > [data-clause]")
    expect(outside).to_have_count(len(findings))
    for clause in candidates:
        expect(page.locator(f'[data-clause="{clause["id"]}"]')).to_be_hidden()
    # Candidates fold per category: under a category with findings, or in the drawer of categories
    # with none; together they are every candidate, each once.
    expect(page.locator("#clauses details.candidates [data-clause]")).to_have_count(len(candidates))
    found_categories = {c["category"] for c in findings}
    beside = [c for c in candidates if c["category"] in found_categories]
    alone = [c for c in candidates if c["category"] not in found_categories]
    assert beside, "the sample NDA has a candidate in a category that also has a finding"
    plural = lambda n: f"{n} candidate{'s' if n != 1 else ''}"  # noqa: E731
    category = beside[0]["category"]
    fold = page.locator(f'#clauses > .category[data-category="{category}"] > details.candidates')
    expect(fold).not_to_have_attribute("open", "")
    in_category = [c for c in candidates if c["category"] == category]
    expect(fold.locator("summary")).to_have_text(f"{plural(len(in_category))} below 50% confidence (not findings)")
    page.locator(f'#clauses > .category[data-category="{category}"]').evaluate("(d) => { d.open = true; }")
    fold.locator("summary").click()
    expect(fold.locator(f'[data-clause="{beside[0]["id"]}"]')).to_be_visible()
    if alone:
        drawer = page.locator("#clause-candidates")
        expect(drawer).not_to_have_attribute("open", "")
        expect(drawer.locator("summary")).to_contain_text(f"{plural(len(alone))} below 50% confidence in ")
        drawer.locator("summary").click()
        expect(drawer.locator("[data-clause]")).to_have_count(len(alone))
        expect(drawer.locator(f'[data-clause="{alone[0]["id"]}"]')).to_be_visible()

    page.get_by_role("tab", name=re.compile(r"^Risks")).click()
    risk = page.locator(f'[data-risk="{missing[0]["id"]}"]')
    expect(risk).to_contain_text("Not found in this contract")
    expect(risk).to_contain_text(missing[0]["explanation"])
    risk.click()
    expect(page.locator("#doc-text mark")).to_have_count(0)
    for quoted in (r for r in result["risks"] if r["evidenceIds"]):
        expect(page.locator(f'[data-risk="{quoted["id"]}"]')).not_to_contain_text("Not found in this contract")
    watch.assert_clean()
