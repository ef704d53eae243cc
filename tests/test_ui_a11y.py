# ruff: noqa: F811 - pytest fixtures imported from test_ui_support are parameters here
"""Accessibility of every view, checked by axe-core (vendored from the npm registry in
tests/vendor/axe-core, used by the tests only) in Debian Chromium: no critical or serious
violation on the sign-in page, the first-run page, the reviewer, a result with its PDF (each
section), the contracts list, compare with a comparison shown, and every console page; plus the
keyboard parts axe cannot judge: a skip link, focus on the new view's heading after navigation,
tabs that follow the arrow keys."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import SAMPLE_CONTRACTS, Server, wait_done
from playwright.sync_api import Browser, Page, expect
from test_ui_support import browser, open_page, playwright_instance, signed_in_page  # noqa: F401

AXE = (Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js").read_text()
BLOCKING = {"critical", "serious"}


def axe_violations(page: Page) -> list[str]:
    """Runs axe-core on the page as it is now; returns the critical and serious violations, each
    as "rule (impact): targets". Evaluated through the DevTools protocol, so the page's CSP (no
    inline scripts) does not stop the injection and nothing is added to the product."""
    if not page.evaluate("() => Boolean(window.axe)"):
        page.evaluate(AXE)
    violations = page.evaluate("async () => (await axe.run(document, { resultTypes: ['violations'] })).violations")
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:5]}"
        for v in violations
        if v["impact"] in BLOCKING
    ]


def assert_accessible(page: Page, view: str, report: dict[str, list[str]]) -> None:
    report[view] = axe_violations(page)


def test_no_critical_or_serious_axe_violation_on_any_view(browser: Browser, server: Server) -> None:
    org = server.org("ui-a11y", live=True)
    key = server.key(org)
    report: dict[str, list[str]] = {}

    context, login = open_page(browser)
    login.goto(f"{server.base_url}/console/login")
    expect(login.locator("form")).to_be_visible()
    assert_accessible(login, "login", report)
    context.close()

    text = (SAMPLE_CONTRACTS / "mutual_nda.txt").read_text()
    ids = []
    for title in ("NDA draft 1", "NDA draft 2"):
        analysis = key.client().post("/v1/analyses", json={"title": title, "sourceType": "text", "text": text}).json()
        wait_done(key.client(), analysis["analysisId"])
        ids.append(analysis["analysisId"])

    live_key = server.key(org, mode="live")
    live = live_key.client().post("/v1/analyses", json={"title": "NDA live", "sourceType": "text", "text": text}).json()
    wait_done(live_key.client(), live["analysisId"], timeout=120)

    page, watch = signed_in_page(browser, server, org)
    expect(page.locator("#mode-banner")).to_contain_text("Live mode")  # the live band has its own colours
    expect(page.locator("#queue li").first).to_be_visible()
    assert_accessible(page, "review (live)", report)
    page.goto(f"{server.base_url}/#/analysis/{live['analysisId']}")
    expect(page.locator("#findings h1")).to_have_text("NDA live")
    assert_accessible(page, "result (live)", report)
    page.goto(f"{server.base_url}/#/review")
    page.get_by_role("radio", name="Test").click()
    expect(page.locator("#queue li").first).to_be_visible()
    assert_accessible(page, "review", report)
    page.goto(f"{server.base_url}/#/analysis/{live['analysisId']}")
    expect(page.locator("#other-mode")).to_contain_text("belongs to live mode")
    assert_accessible(page, "link into the other mode", report)
    page.goto(f"{server.base_url}/#/review")

    page.set_input_files("#file-input", [str(SAMPLE_CONTRACTS / "mutual_nda.pdf")])
    row = page.locator(".queue li", has_text="mutual_nda.pdf").first
    expect(row.locator("[data-testid=status]")).to_have_text("Completed")
    row.get_by_role("link", name="Open").click()
    expect(page.locator("#pdf-stage canvas")).to_be_visible()
    expect(page.locator("#pdf-stage .textLayer span").first).to_be_attached()
    for section in ("Risks", "Clauses", "Obligations", "Key dates"):
        page.get_by_role("tab", name=re.compile(f"^{section}")).click()
        assert_accessible(page, f"result ({section.lower()}, PDF)", report)
    page.get_by_role("tab", name="Extracted text").click()
    assert_accessible(page, "result (extracted text)", report)
    page.locator("#doc-search").fill("agreement")
    expect(page.locator("#doc-text mark.hit").first).to_be_visible()
    assert_accessible(page, "result (find in document)", report)
    page.get_by_role("button", name="Save as contract").click()
    page.locator("#saved-badge").click()
    expect(page.locator(".decide").first).to_be_visible()  # a saved contract: decision bars under the findings
    for section in ("Risks", "Obligations"):
        page.get_by_role("tab", name=re.compile(f"^{section}")).click()
        assert_accessible(page, f"contract ({section.lower()}, decisions)", report)
    page.locator(".decide").first.get_by_role("button", name=re.compile("^Correct or note")).click()
    assert_accessible(page, "contract (decision form)", report)

    page.goto(f"{server.base_url}/#/contracts")
    expect(page.locator("#contracts-table tbody tr").first).to_be_visible()
    assert_accessible(page, "contracts", report)
    page.locator("#contracts-table tbody tr").first.get_by_role("button", name=re.compile("^Rename ")).click()
    expect(page.locator("#rename-title")).to_be_visible()
    assert_accessible(page, "contracts (rename dialog)", report)
    page.get_by_role("button", name="Cancel").click()

    page.goto(f"{server.base_url}/#/compare")
    expect(page.locator("#compare-left")).to_be_visible()
    assert_accessible(page, "compare (pickers)", report)
    page.goto(f"{server.base_url}/#/compare?left={ids[0]}&right={ids[1]}")
    expect(page.locator("#comparison-summary")).to_be_visible()
    assert_accessible(page, "compare", report)

    for tab, ready in (
        ("orgs", "#console-orgs tbody tr"),
        ("keys", "#keys-table tbody tr"),
        ("webhooks", "#console-webhooks .card"),
        ("people", "#users-table tbody tr"),
        ("usage", "#usage-chart svg"),
        ("audit", "#audit-table tbody tr"),
    ):
        page.goto(f"{server.base_url}/#/console/{tab}")
        expect(page.locator(ready).first).to_be_visible()
        assert_accessible(page, f"console {tab}", report)

    page.goto(f"{server.base_url}/#/console/keys")
    page.fill("#key-name", "a11y")
    page.get_by_role("button", name="Create key").click()
    expect(page.locator("#secret-value")).to_have_text(re.compile(r"^fpk_test_"))
    assert_accessible(page, "console keys (secret shown once)", report)
    page.get_by_role("button", name="I have stored it").click()
    hook = key.client().post("/v1/webhooks", json={"url": "http://127.0.0.1:9/hook", "events": ["analysis.completed"]})
    assert hook.status_code == 201, hook.text
    page.goto(f"{server.base_url}/#/console/webhooks")
    page.locator(f'tr[data-webhook="{hook.json()["webhookId"]}"]').click()
    expect(page.locator("#wh-url")).to_be_visible()
    assert_accessible(page, "console webhook (detail)", report)

    assert report == {view: [] for view in report}, report
    watch.assert_clean()


def test_first_run_page_is_accessible(browser: Browser, fresh_server: Server) -> None:
    fresh_server.start()
    context, page = open_page(browser)
    code, output = fresh_server.cli("console-url")
    assert code == 0, output
    page.goto(output.strip().splitlines()[0])
    expect(page.locator("#welcome-org")).to_be_visible()
    assert axe_violations(page) == []
    context.close()


def test_skip_link_focus_on_navigation_and_tabs_with_arrow_keys(browser: Browser, server: Server) -> None:
    org = server.org("ui-a11y-keys")
    page, watch = signed_in_page(browser, server, org)
    page.reload()
    expect(page.locator("#queue")).to_be_visible()
    page.keyboard.press("Tab")
    expect(page.locator("#skip-link")).to_be_focused()
    expect(page.locator("#skip-link")).to_be_in_viewport()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1, name="Review contracts")).to_be_focused()
    assert page.url.endswith("#/review")  # the skip link does not change the route

    page.get_by_role("link", name="Contracts", exact=True).click()
    expect(page.get_by_role("heading", level=1, name="Contracts")).to_be_focused()
    page.get_by_role("link", name="Review", exact=True).click()
    expect(page.get_by_role("heading", level=1, name="Review contracts")).to_be_focused()

    files = page.get_by_role("tab", name="Files")
    files.focus()
    page.keyboard.press("ArrowRight")
    expect(page.get_by_role("tab", name="Paste text")).to_be_focused()
    expect(page.get_by_role("tab", name="Paste text")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#paste-text")).to_be_visible()
    page.keyboard.press("End")
    expect(page.get_by_role("tab", name="From a URL")).to_have_attribute("aria-selected", "true")
    page.keyboard.press("ArrowRight")  # wraps around
    expect(page.get_by_role("tab", name="Files")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#dropzone")).to_be_visible()
    assert (
        page.evaluate("() => [...document.querySelectorAll('[role=tab]')].filter((t) => t.tabIndex === 0).length") == 1
    )
    watch.assert_clean()
