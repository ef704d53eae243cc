"""The organization console and console sign-in in a real browser: one-time links, password
lockout, CSRF from another page, organizations and live approval, test/live separation, API keys
(secret shown once), webhooks, usage chart, audit log, and the first-run page."""

from __future__ import annotations

import http.server
import json
import re
import threading
from collections.abc import Iterator

import pytest
from click.testing import CliRunner
from playwright.sync_api import Browser, expect

from conftest import SAMPLE_CONTRACTS, Server, submit_text, wait_done
from contractbox.cli import main as cli_main
from test_ui_support import browser, link_token, open_page, playwright_instance, signed_in_page, status_of  # noqa: F401


class Receiver(http.server.BaseHTTPRequestHandler):
    bodies: list[dict] = []
    attacker_page = b""

    def do_POST(self) -> None:  # noqa: N802 - http.server's naming
        length = int(self.headers.get("content-length", 0))
        Receiver.bodies.append(json.loads(self.rfile.read(length) or b"{}"))
        self.send_response(200)
        self.end_headers()

    def do_GET(self) -> None:  # noqa: N802
        self.send_response(200)
        self.send_header("content-type", "text/html")
        self.end_headers()
        self.wfile.write(Receiver.attacker_page)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def receiver() -> Iterator[str]:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


def set_password(server: Server, password: str) -> None:
    result = CliRunner().invoke(cli_main, ["admin", "set-password", "--password-stdin", "--data-dir", str(server.data_dir)], input=password + "\n")
    assert result.exit_code == 0, result.output


def test_a_one_time_link_signs_in_once(browser: Browser, server: Server) -> None:
    server.org("ui-link")
    url = link_token(server)
    first_context, first = open_page(browser)
    first.goto(url)
    expect(first.locator("#queue")).to_be_visible()
    expect(first).to_have_url(f"{server.base_url}/#/review")  # the token left the address bar
    second_context, second = open_page(browser)
    second.goto(url)
    expect(second.locator("#link-status")).to_have_text(re.compile("already used or has expired"))
    second.goto(server.base_url + "/")
    expect(second).to_have_url(f"{server.base_url}/console/login")
    first.get_by_role("button", name="Sign out").click()
    expect(first).to_have_url(f"{server.base_url}/console/login")
    first.goto(server.base_url + "/")
    expect(first).to_have_url(f"{server.base_url}/console/login")
    first_context.close()
    second_context.close()


def test_password_sign_in_locks_after_repeated_failures(browser: Browser, fresh_server: Server) -> None:
    server = fresh_server.start()
    server.org("Lockout LLP")
    set_password(server, "the right password")
    context, page = open_page(browser)
    page.goto(server.base_url + "/")
    expect(page).to_have_url(f"{server.base_url}/console/login")
    for left in (4, 3, 2, 1):
        page.fill("#password", "a wrong password")
        page.get_by_role("button", name="Sign in").click()
        expect(page.locator("#login-error")).to_have_text(re.compile(f"Wrong password. {left} more failed attempt"))
    page.fill("#password", "a wrong password")
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator("#login-error")).to_have_text(re.compile("locked until"))
    page.fill("#password", "the right password")
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator("#login-error")).to_have_text(re.compile("locked until .*contractbox console-url"))
    set_password(server, "the next password")  # clears the lock
    page.fill("#password", "the next password")
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator("#queue")).to_be_visible()
    page.goto(server.base_url + "/#/console/audit")
    expect(page.locator('#audit-table tr[data-action="signin.password_refused"]')).to_have_count(6)
    expect(page.locator('#audit-table tr[data-action="signin.password"]')).to_have_count(1)
    context.close()


def test_a_forged_cross_site_write_is_refused_and_audited(browser: Browser, server: Server, receiver: str) -> None:
    page, watch = signed_in_page(browser, server, server.org("ui-csrf"))
    Receiver.attacker_page = f"""<!doctype html><form id="f" method="POST" action="{server.base_url}/console/api/orgs" enctype="text/plain">
        <input name='{{"name": "pwned by forgery", "x": "' value='"}}'></form><script>document.getElementById("f").submit()</script>""".encode()
    attacker = page.context.new_page()
    attacker.goto(receiver + "/")
    expect(attacker.locator("body")).to_contain_text("This request came from another web site and was refused.")
    page.goto(server.base_url + "/#/console/orgs")
    expect(page.locator("#console-orgs")).to_be_visible()
    expect(page.locator("#console-orgs")).not_to_contain_text("pwned by forgery")
    page.goto(server.base_url + "/#/console/audit")
    expect(page.locator('#audit-table tr[data-action="cross_origin.rejected"]').first).to_be_visible()
    # The app's own pages send the CSRF header; a script that leaves it out is refused too.
    status = page.evaluate("""async () => (await fetch('/console/api/orgs', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: '{"name": "no token"}'})).status""")
    assert status == 403
    page.reload()
    expect(page.locator('#audit-table tr[data-action="csrf.rejected"]').first).to_be_visible()
    watch.assert_clean()


def test_keys_show_the_secret_once_then_only_prefix_and_last_four(browser: Browser, server: Server) -> None:
    org = server.org("ui-keys")
    page, watch = signed_in_page(browser, server, org)
    page.goto(server.base_url + "/#/console/keys")
    page.fill("#key-name", "Matter intake")
    page.locator("#key-scopes input[value='webhooks:manage']").uncheck()
    page.get_by_role("button", name="Create key").click()
    secret_box = page.locator("#secret-value")
    expect(secret_box).to_have_text(re.compile(r"^fpk_test_[0-9A-Za-z]{32}$"))
    secret = secret_box.inner_text()
    page.locator("#copy-secret").click()
    expect(page.locator("#copy-secret")).to_have_text("Copied")
    assert page.evaluate("() => navigator.clipboard.readText()") == secret
    page.get_by_role("button", name="I have stored it").click()
    row = page.locator("#keys-table tbody tr", has_text="Matter intake")
    expect(row).to_contain_text(f"{secret[:13]}…{secret[-4:]}")
    expect(row).not_to_contain_text("webhooks:manage")
    assert secret not in page.content()
    page.reload()
    expect(row).to_be_visible()
    assert secret not in page.content()
    import httpx

    assert httpx.get(server.base_url + "/v1/analyses", headers={"Authorization": f"Bearer {secret}"}).status_code == 200
    row.get_by_role("button", name="Revoke").click()
    page.get_by_role("button", name="Revoke key").click()
    expect(row).to_contain_text("Revoked")
    assert httpx.get(server.base_url + "/v1/analyses", headers={"Authorization": f"Bearer {secret}"}).status_code == 401
    page.goto(server.base_url + "/#/console/audit")
    expect(page.locator('#audit-table tr[data-action="key.create"]').first).to_contain_text("ui-keys")
    expect(page.locator('#audit-table tr[data-action="key.revoke"]').first).to_be_visible()
    watch.assert_clean()


def test_live_approval_and_the_mode_switch_keep_test_and_live_apart(browser: Browser, server: Server) -> None:
    org = server.org("ui-modes")
    key = server.key(org)
    test_analysis = submit_text(key.client(), "This Agreement is governed by the laws of Ohio.", title="Only in test")
    wait_done(key.client(), test_analysis["analysisId"])
    page, watch = signed_in_page(browser, server, org)
    expect(page.locator("#mode-banner")).to_contain_text("Test mode")
    expect(status_of(page, "Only in test")).to_have_text("Completed")
    page.get_by_role("radio", name="Live").click()
    expect(page.locator("#toast")).to_contain_text("not approved for live access")
    expect(page.get_by_role("radio", name="Test")).to_have_attribute("aria-checked", "true")
    page.goto(server.base_url + "/#/console/orgs")
    page.locator(f'tr[data-org="{org}"]').get_by_role("button", name="Approve live").click()
    page.get_by_role("button", name="Approve live").last.click()
    expect(page.locator(f'tr[data-org="{org}"]')).to_contain_text("Live approved")
    page.get_by_role("radio", name="Live").click()
    expect(page.locator("#mode-banner")).to_contain_text("Live mode")
    page.goto(server.base_url + "/#/console/keys")
    expect(page.locator("#key-mode")).to_have_value("live")  # a new key starts in the console's mode
    page.goto(server.base_url + "/#/review")
    expect(page.locator("#queue")).to_contain_text("Nothing analysed yet in this organization and mode.")
    expect(page.locator("#queue")).not_to_contain_text("Only in test")
    page.get_by_role("radio", name="Test").click()
    expect(status_of(page, "Only in test")).to_have_text("Completed")
    page.goto(server.base_url + "/#/console/keys")
    expect(page.locator("#key-mode")).to_have_value("test")
    watch.assert_clean()


def test_webhooks_create_test_deliveries_edit_and_rotate(browser: Browser, server: Server, receiver: str) -> None:
    org = server.org("ui-webhooks")
    page, watch = signed_in_page(browser, server, org)
    page.goto(server.base_url + "/#/console/webhooks")
    page.fill("#new-wh-url", receiver + "/hooks")
    page.fill("#new-wh-description", "Matter system")
    page.get_by_role("button", name="Add endpoint").click()
    expect(page.locator("#secret-value")).to_have_text(re.compile(r"^whsec_"))
    first_secret = page.locator("#secret-value").inner_text()
    page.get_by_role("button", name="I have stored it").click()
    expect(page.locator("#webhook-list")).to_contain_text(receiver + "/hooks")
    page.get_by_role("button", name="Send test event").click()
    expect(page.locator("#deliveries tbody")).to_contain_text("succeeded")
    page.fill("#wh-description", "Matter system (prod)")
    page.locator("#wh-save").click()
    expect(page.locator("#webhook-list")).to_contain_text("Matter system (prod)")
    page.get_by_role("button", name="Rotate secret").click()
    page.get_by_role("button", name="Rotate secret").last.click()
    expect(page.locator("#secret-value")).to_have_text(re.compile(r"^whsec_"))
    assert page.locator("#secret-value").inner_text() != first_secret
    page.get_by_role("button", name="I have stored it").click()
    assert first_secret not in page.content()
    page.goto(server.base_url + "/#/console/audit")
    for action in ("webhook.create", "webhook.test", "webhook.update", "webhook.rotate"):
        expect(page.locator(f'#audit-table tr[data-action="{action}"]').first).to_be_visible()
    watch.assert_clean()


def test_usage_chart_shows_each_keys_use_over_time(browser: Browser, server: Server) -> None:
    org = server.org("ui-usage")
    key = server.key(org)
    for n in range(3):
        submit_text(key.client(), f"Agreement number {n}. Governed by the laws of Texas.", title=f"Usage {n}")
    page, watch = signed_in_page(browser, server, org)
    page.set_input_files("#file-input", [str(SAMPLE_CONTRACTS / "mutual_nda.txt")])
    expect(status_of(page, "mutual_nda.txt")).to_have_text("Completed")
    page.goto(server.base_url + "/#/console/usage")
    page.select_option("#usage-metric", "analysesCreated")
    chart = page.locator("#usage-chart svg")
    expect(chart.locator(f'rect[data-key="{key.key_id}"]')).to_have_attribute("data-value", "3")
    expect(chart.locator("rect[data-key]")).to_have_count(2)
    expect(page.locator("#usage-chart .legend")).to_contain_text("ContractBox console")
    expect(page.locator("#usage-table")).to_contain_text(f"{key.secret[:13]}…{key.secret[-4:]}")
    watch.assert_clean()


def test_first_run_names_the_org_sets_the_password_creates_a_key_and_analyses_a_sample(browser: Browser, fresh_server: Server) -> None:
    server = fresh_server.start()
    page, watch = signed_in_page(browser, server)
    expect(page).to_have_url(f"{server.base_url}/#/welcome")
    expect(page.locator("h1")).to_have_text("Welcome to ContractBox")
    page.fill("#welcome-org", "Hartley & Finch LLP")
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".steps li").nth(0)).to_contain_text("Organization: Hartley & Finch LLP")
    expect(page.locator("#org-select")).to_have_value(re.compile("^org_"))
    page.fill("#welcome-password", "first run password")
    page.fill("#welcome-password2", "first run password")
    page.get_by_role("button", name="Set password").click()
    expect(page.locator(".steps li").nth(1)).to_contain_text("Administrator password set.")
    page.get_by_role("button", name="Create test key").click()
    expect(page.locator("#secret-value")).to_have_text(re.compile(r"^fpk_test_"))
    page.get_by_role("button", name="I have stored it").click()
    expect(page.locator(".steps li").nth(2)).to_contain_text("Test key fpk_test_")
    page.get_by_role("button", name="Analyze the sample NDA").click()
    expect(status_of(page, "Sample mutual NDA.pdf")).to_have_text("Completed")
    page.reload()
    expect(page).to_have_url(f"{server.base_url}/#/review")  # first run is over once an organization exists
    watch.assert_clean()
