# ruff: noqa: F811 - pytest fixtures imported from test_ui_support are parameters here
"""Issue 14 in a real browser (Debian Chromium via Playwright) against a real server: reading a
long CUAD contract (section index, shortcuts, filters, find in document, zoom, re-render on
resize, selectable text layer, printing), modes (live by default, mock-data notice, a link to the
other mode offers a switch), the console's secret dialog and auto-disabled webhooks, compare at
1024 px, and people with different roles."""

from __future__ import annotations

import base64
import io
import re

from conftest import SAMPLE_CONTRACTS, SHARED, Receiver, Server, wait_done, wait_for
from playwright.sync_api import Browser, Page, expect
from pypdf import PdfReader
from test_ui_support import browser, new_context, playwright_instance, signed_in_page  # noqa: F401

CUAD_PDFS = sorted((SHARED / "data" / "cuad" / "pdfs").glob("*.pdf"), key=lambda p: p.stat().st_size)


def analyse_pdf(server: Server, org: str, mode: str, path) -> dict:  # noqa: ANN001 - a Path
    key = server.key(org, mode=mode)
    body = {
        "title": path.stem[:60],
        "sourceType": "pdf",
        "filename": path.name,
        "pdfBase64": base64.b64encode(path.read_bytes()).decode(),
    }
    analysis = key.client().post("/v1/analyses", json=body).json()
    assert wait_done(key.client(), analysis["analysisId"], timeout=180)["status"] == "completed"
    return {**analysis, "result": key.client().get(f"/v1/analyses/{analysis['analysisId']}/result").json()}


def canvas_width(page: Page) -> float:
    return page.locator("#pdf-stage canvas").bounding_box()["width"]


def test_reading_a_long_contract(browser: Browser, server: Server) -> None:
    org = server.org("ui-long", live=True)
    sample = CUAD_PDFS[-3]  # one of the longest CUAD PDFs
    analysis = analyse_pdf(server, org, "live", sample)
    result = analysis["result"]
    page, watch = signed_in_page(browser, server, org)
    expect(page.locator("#mode-banner")).to_contain_text("Live mode")  # approved org, no choice made: live
    page.goto(f"{server.base_url}/#/analysis/{analysis['analysisId']}")
    expect(page.locator("#pdf-stage canvas")).to_be_visible(timeout=60_000)

    # The findings column holds one section at a time: far shorter than all sections stacked.
    findings = page.locator("#findings")
    heights = {}
    for name in ("Risks", "Clauses", "Obligations", "Key dates"):
        page.get_by_role("tab", name=re.compile(f"^{name}")).click()
        heights[name] = findings.evaluate("(el) => el.scrollHeight")
    stacked = findings.evaluate(
        "(el) => { el.closest('.result').classList.add('printing'); "
        "for (const p of el.querySelectorAll('[role=tabpanel]')) p.hidden = false; "
        "for (const d of el.querySelectorAll('details.category')) d.open = true; return el.scrollHeight; }"
    )
    page.reload()
    expect(page.locator("#pdf-stage canvas")).to_be_visible(timeout=60_000)
    print(f"findings column: per section {heights}, everything stacked {stacked} px")
    assert max(heights.values()) < stacked / 2, (heights, stacked)
    clause_count = sum(1 for c in result["clauses"] if c["confidence"] >= 0.5)
    expect(page.get_by_role("tab", name=re.compile("^Clauses")).locator(".count")).to_have_text(f"({clause_count})")

    # Section index: arrow keys; j/k walk the findings across sections.
    risks_tab = page.get_by_role("tab", name=re.compile("^Risks"))
    risks_tab.focus()
    page.keyboard.press("ArrowRight")
    expect(page.get_by_role("tab", name=re.compile("^Clauses"))).to_have_attribute("aria-selected", "true")
    expect(page.locator("#panel-clauses")).to_be_visible()
    page.keyboard.press("Home")
    expect(risks_tab).to_have_attribute("aria-selected", "true")
    page.locator("#findings h1").click()
    page.keyboard.press("j")
    risks = sorted(result["risks"], key=lambda r: ["critical", "high", "medium", "low"].index(r["severity"]))
    expect(page.locator(f'[data-risk="{risks[0]["id"]}"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator(f'[data-risk="{risks[0]["id"]}"]')).to_be_focused()
    page.keyboard.press("j")
    expect(page.locator(f'[data-risk="{risks[1]["id"]}"]')).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("k")
    expect(page.locator(f'[data-risk="{risks[0]["id"]}"]')).to_have_attribute("aria-pressed", "true")
    for _ in range(len(risks)):
        page.keyboard.press("j")  # past the last risk: on into the clauses section
    expect(page.get_by_role("tab", name=re.compile("^Clauses"))).to_have_attribute("aria-selected", "true")
    expect(page.locator("#panel-clauses [aria-pressed=true]")).to_have_count(1)

    # Filters: one severity leaves only its risks.
    page.keyboard.press("1")
    severity = risks[-1]["severity"]
    page.select_option("#filter-severity", severity)
    expect(page.locator("#risks [data-risk]:visible")).to_have_count(sum(1 for r in risks if r["severity"] == severity))
    page.select_option("#filter-severity", "")
    expect(page.locator("#risks [data-risk]:visible")).to_have_count(len(risks))

    # Find in the document: every hit marked in the text, the current one boxed on the PDF.
    page.get_by_role("tab", name="Extracted text").click()
    text = page.locator("#doc-text").evaluate(
        "(el) => [...el.querySelectorAll('pre')].map((p) => p.textContent).join('')"
    )
    word = "Agreement" if re.search(r"agreement", text, re.I) else max(re.findall(r"[A-Za-z]{6,}", text), key=len)
    occurrences = len(re.findall(re.escape(word), text, re.I))
    assert occurrences >= 3, (word, occurrences)
    page.locator("#findings h1").click()
    page.keyboard.press("/")
    expect(page.locator("#doc-search")).to_be_focused()
    page.keyboard.type(word.lower())
    expect(page.locator("#doc-search-count")).to_have_text(f"1 of {occurrences}")
    expect(page.locator("#doc-text mark.hit.current").first).to_be_in_viewport()
    page.keyboard.press("Enter")
    expect(page.locator("#doc-search-count")).to_have_text(f"2 of {occurrences}")
    page.get_by_role("tab", name="Original PDF").click()
    page.locator("#doc-search").press("Enter")
    expect(page.locator("#doc-search-count")).to_have_text(f"3 of {occurrences}")
    expect(page.locator('#pdf-stage .pdf-hl[data-ev="search"]').first).to_be_visible()

    # Zoom, then a narrower window: the page is drawn again at the new size.
    fit = canvas_width(page)
    page.get_by_role("button", name="Zoom in").click()
    expect(page.locator("#zoom-reset")).to_have_text("110%")
    page.wait_for_function(
        f"() => Math.abs(document.querySelector('#pdf-stage canvas').getBoundingClientRect().width - {fit * 1.1}) < 3"
    )
    page.get_by_role("button", name="Zoom out").click()
    page.wait_for_function(
        f"() => Math.abs(document.querySelector('#pdf-stage canvas').getBoundingClientRect().width - {fit}) < 3"
    )
    page.set_viewport_size({"width": 1024, "height": 700})
    page.wait_for_function(
        f"() => document.querySelector('#pdf-stage canvas').getBoundingClientRect().width < {fit - 40}"
    )
    pane = page.locator("#doc-pane").bounding_box()["width"]
    assert canvas_width(page) <= pane  # the whole page width is visible, not cut off

    # The text layer: words on the page can be selected.
    span = page.locator("#pdf-stage .textLayer span", has_text=re.compile(r"[A-Za-z]{5,}")).first
    span.dblclick()
    selected = page.evaluate("() => getSelection().toString().trim()")
    assert selected and selected in span.text_content(), selected

    # Printing: no navigation, every section, the document pane left out.
    page.set_viewport_size({"width": 1280, "height": 800})
    pdf = PdfReader(io.BytesIO(page.pdf(format="A4")))
    printed = "\n".join(p.extract_text() for p in pdf.pages)
    for heading in ("RISKS", "CLAUSES", "OBLIGATIONS", "KEY DATES"):
        assert heading in printed.upper()
    assert "Sign out" not in printed and "Skip to content" not in printed
    last_risk = risks[-1]["title"]
    assert last_risk[:30] in printed.replace("\n", " ")
    watch.assert_clean()


def test_modes_mock_notice_and_links_into_the_other_mode(browser: Browser, server: Server) -> None:
    org = server.org("ui-modes-default", live=True)
    live = analyse_pdf(server, org, "live", SAMPLE_CONTRACTS / "mutual_nda.pdf")
    test = analyse_pdf(server, org, "test", SAMPLE_CONTRACTS / "saas_subscription_agreement.pdf")
    page, watch = signed_in_page(browser, server, org)
    expect(page.locator("#mode-banner")).to_contain_text("Live mode")
    page.get_by_role("radio", name="Test").click()
    expect(page.locator("#mode-banner")).to_contain_text("Test mode")

    page.goto(f"{server.base_url}/#/analysis/{test['analysisId']}")
    notice = page.locator("#mock-notice")
    expect(notice).to_contain_text("mock data, not an analysis of this document")
    expect(notice.get_by_role("button", name="Switch to live mode")).to_be_visible()

    page.get_by_role("button", name="Save as contract").click()
    expect(page.locator("#toast")).to_contain_text("Saved")
    page.get_by_role("link", name="Contracts", exact=True).click()
    expect(page.get_by_role("heading", level=1, name="Contracts")).to_be_visible()
    expect(page.locator("#toast > *")).to_have_count(0)  # the message of the last action is gone

    page.goto(f"{server.base_url}/#/analysis/{live['analysisId']}")
    other = page.locator("#other-mode")
    expect(other).to_contain_text("belongs to live mode")
    expect(page.locator("body")).not_to_contain_text("No analysis with id")
    page.goto(f"{server.base_url}/#/compare?left={live['analysisId']}&right={live['analysisId']}")
    expect(page.locator("#other-mode")).to_contain_text("These versions belong to live mode")
    page.goto(f"{server.base_url}/#/analysis/{live['analysisId']}")
    other.get_by_role("button", name="Switch to live mode").click()
    expect(page.locator("#mode-banner")).to_contain_text("Live mode")
    expect(page.locator("#findings h1")).to_have_text(live["title"])
    expect(page.locator("#mock-notice")).to_have_count(0)
    page.reload()
    expect(page.locator("#mode-banner")).to_contain_text("Live mode")  # the choice is kept
    watch.assert_clean()


def test_secret_dialog_ignores_escape_and_a_disabled_webhook_can_be_re_enabled(
    browser: Browser, server: Server
) -> None:
    org = server.org("ui-esc")
    key = server.key(org)
    gone = Receiver(respond=lambda number, call: 410)
    try:
        page, watch = signed_in_page(browser, server, org)
        page.goto(f"{server.base_url}/#/console/keys")
        page.fill("#key-name", "Escape test")
        page.get_by_role("button", name="Create key").click()
        secret = page.locator("#secret-value")
        expect(secret).to_have_text(re.compile(r"^fpk_test_"))
        page.keyboard.press("Escape")
        page.keyboard.press("Escape")
        expect(page.locator("dialog[open]")).to_be_visible()
        expect(secret).to_have_text(re.compile(r"^fpk_test_"))
        page.get_by_role("button", name="I have stored it").click()
        expect(page.locator("dialog[open]")).to_have_count(0)
        expect(page.locator("#secret-value")).to_have_count(0)

        created = key.client().post("/v1/webhooks", json={"url": gone.url(), "events": ["analysis.completed"]}).json()
        wait_done(
            key.client(),
            key.client()
            .post("/v1/analyses", json={"title": "Gone", "sourceType": "text", "text": "x " * 50})
            .json()["analysisId"],
        )
        endpoint = f"/v1/webhooks/{created['webhookId']}"
        wait_for(
            lambda: not key.client().get(endpoint).json()["enabled"], timeout=30, what="the 410 to disable the endpoint"
        )
        page.goto(f"{server.base_url}/#/console/webhooks")
        row = page.locator(f'tr[data-webhook="{created["webhookId"]}"]')
        expect(row).to_contain_text("Disabled")
        row.click()
        disabled = page.locator("#wh-disabled")
        expect(disabled).to_contain_text("410 Gone")
        expect(disabled).not_to_contain_text("PATCH")
        disabled.get_by_role("button", name="Re-enable endpoint").click()
        expect(row).to_contain_text("Enabled")
        assert key.client().get(f"/v1/webhooks/{created['webhookId']}").json()["enabled"] is True
        watch.assert_clean()
    finally:
        gone.close()


def test_compare_fits_1024_and_pickers_search(browser: Browser, server: Server) -> None:
    org = server.org("ui-compare-narrow")
    key = server.key(org)
    text = (SAMPLE_CONTRACTS / "mutual_nda.txt").read_text()
    ids = []
    for title in (
        "Mutual NDA with a very long title that used to push the version pickers past the edge of the page, draft 1",
        "Mutual NDA with a very long title that used to push the version pickers past the edge of the page, draft 2",
    ):
        analysis = key.client().post("/v1/analyses", json={"title": title, "sourceType": "text", "text": text}).json()
        wait_done(key.client(), analysis["analysisId"])
        ids.append(analysis["analysisId"])
    page, watch = signed_in_page(browser, server, org)
    page.set_viewport_size({"width": 1024, "height": 700})
    page.goto(f"{server.base_url}/#/compare")
    expect(page.locator("#compare-left")).to_be_visible()
    assert page.evaluate(
        "() => document.querySelector('main').scrollWidth <= document.querySelector('main').clientWidth"
    )
    # The top bar (five sections, organization, mode, who is signed in) fits too, on one line.
    assert page.evaluate(
        "() => { const bar = document.querySelector('.topbar'); return bar.scrollWidth <= bar.clientWidth; }"
    )
    expect(page.locator("#signout")).to_be_in_viewport(ratio=1)
    heights = page.locator(".mainnav a").evaluate_all("(links) => links.map((a) => a.getBoundingClientRect().height)")
    assert max(heights) < 40, heights  # no link wrapped onto two lines
    page.fill("#compare-left-search", "draft 1")
    expect(page.locator("#compare-left")).to_have_value(ids[0])
    page.fill("#compare-right-search", "draft 2")
    expect(page.locator("#compare-right")).to_have_value(ids[1])
    page.get_by_role("button", name="Compare", exact=True).click()
    expect(page.locator("#comparison-summary")).to_be_visible()
    assert page.evaluate(
        "() => document.querySelector('main').scrollWidth <= document.querySelector('main').clientWidth"
    )
    watch.assert_clean()


def sign_in_by_link(browser: Browser, server: Server, url: str, org: str) -> Page:
    context = new_context(browser)
    page = context.new_page()
    page.goto(url)
    expect(page).to_have_url(re.compile(r"/#/(review|welcome)$"))
    page.select_option("#org-select", org)
    return page


def test_people_with_different_roles(browser: Browser, server: Server) -> None:
    org = server.org("ui-people")
    key = server.key(org)
    analysis = (
        key.client()
        .post(
            "/v1/analyses",
            json={
                "title": "Roles NDA",
                "sourceType": "text",
                "text": (SAMPLE_CONTRACTS / "mutual_nda.txt").read_text(),
            },
        )
        .json()
    )
    wait_done(key.client(), analysis["analysisId"])
    admin, watch = signed_in_page(browser, server, org)
    admin.goto(f"{server.base_url}/#/console/people")
    links = {}
    for username, name, role in (("rita", "Rita Reviewer", "reviewer"), ("vic", "Vic Viewer", "viewer")):
        admin.fill("#user-username", username)
        admin.fill("#user-name", name)
        admin.select_option("#user-role", role)
        admin.get_by_role("button", name="Add person").click()
        link = admin.locator("#secret-value")
        expect(link).to_have_text(re.compile(r"/console/login#link="))
        links[username] = link.text_content()
        admin.get_by_role("button", name="I have passed it on").click()
        expect(admin.locator(f'tr[data-user="{username}"]')).to_contain_text(name)

    rita = sign_in_by_link(browser, server, links["rita"], org)
    expect(rita.locator("#whoami")).to_have_text("Rita Reviewer · reviewer")
    expect(rita.get_by_role("link", name="Console")).to_be_hidden()
    rita.goto(f"{server.base_url}/#/analysis/{analysis['analysisId']}")
    rita.get_by_role("button", name="Save as contract").click()
    expect(rita.locator("#saved-badge")).to_be_visible()
    rita.goto(f"{server.base_url}/#/console/keys")
    expect(rita.locator("#console-refused")).to_contain_text("for administrators")

    vic = sign_in_by_link(browser, server, links["vic"], org)
    expect(vic.locator("#whoami")).to_have_text("Vic Viewer · viewer")
    expect(vic.locator("#read-only")).to_be_visible()
    expect(vic.locator("#dropzone")).to_have_count(0)
    vic.goto(f"{server.base_url}/#/analysis/{analysis['analysisId']}")
    expect(vic.locator("#findings h1")).to_have_text("Roles NDA")
    expect(vic.get_by_role("button", name="Save as contract")).to_have_count(0)

    admin.goto(f"{server.base_url}/#/console/audit")
    expect(admin.locator("#audit-table tr", has_text="contract.create").first).to_contain_text("Rita Reviewer")
    admin.goto(f"{server.base_url}/#/console/people")
    rita_row = admin.locator('tr[data-user="rita"]')
    rita_row.get_by_role("button", name="Set password for Rita Reviewer").click()
    admin.fill("#new-password", "rita's long password")
    admin.fill("#new-password-again", "rita's long password")
    admin.get_by_role("button", name="Set password", exact=True).click()
    expect(rita_row).not_to_contain_text("no password")
    by_password = new_context(browser).new_page()
    by_password.goto(f"{server.base_url}/console/login")
    by_password.fill("#username", "rita")
    by_password.fill("#password", "rita's long password")
    by_password.get_by_role("button", name="Sign in").click()
    expect(by_password.locator("#whoami")).to_have_text("Rita Reviewer · reviewer")
    row = admin.locator('tr[data-user="vic"]')
    row.get_by_role("button", name="Disable").click()
    admin.get_by_role("button", name="Disable", exact=True).last.click()
    expect(row).to_contain_text("Disabled")
    watch.assert_clean()
