"""Shared pieces of the browser tests (no tests here): Debian's Chromium driven by Playwright
from PyPI, contexts signed in through a real one-time link, and helpers that read what a person
sees. Import the fixtures into a test module to use them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect, sync_playwright

from conftest import Server

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VIEWPORT = {"width": 1280, "height": 800}
SCREENSHOTS = Path(__file__).resolve().parents[1] / "docs" / "screenshots"

expect.set_options(timeout=20_000)


@pytest.fixture(scope="module")
def playwright_instance() -> Iterator[Playwright]:
    with sync_playwright() as instance:
        yield instance


@pytest.fixture(scope="module")
def browser(playwright_instance: Playwright) -> Iterator[Browser]:
    instance = playwright_instance.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield instance
    instance.close()


@dataclass
class Watch:
    """What the page did that a person would not want: script errors, requests off this server."""

    base_url: str
    errors: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)

    def attach(self, page: Page) -> None:
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        page.on("console", self._console)
        page.on("request", self._request)

    def _console(self, message) -> None:  # noqa: ANN001 - playwright ConsoleMessage
        # CSP refusals and script errors are console errors; refused API calls (4xx a test
        # provokes on purpose) are reported by the browser as "Failed to load resource".
        if message.type == "error" and not message.text.startswith("Failed to load resource"):
            self.errors.append(message.text)

    def _request(self, request) -> None:  # noqa: ANN001 - playwright Request
        url = request.url
        if not url.startswith((self.base_url, "data:", "blob:", "about:")):
            self.foreign.append(url)

    def assert_clean(self) -> None:
        assert not self.errors, f"script errors: {self.errors}"
        assert not self.foreign, f"requests that left the app: {self.foreign}"


def link_token(server: Server) -> str:
    code, output = server.cli("console-url")
    assert code == 0, output
    return output.strip().splitlines()[0]


def new_context(browser: Browser, **options: object) -> BrowserContext:
    context = browser.new_context(viewport=VIEWPORT, accept_downloads=True, **options)  # type: ignore[arg-type]
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    return context


def signed_in_page(browser: Browser, server: Server, org_id: str | None = None) -> tuple[Page, Watch]:
    """A new browser context signed in by a fresh one-time link, on the reviewer, in `org_id`."""
    context = new_context(browser)
    page = context.new_page()
    watch = Watch(server.base_url)
    watch.attach(page)
    page.goto(link_token(server))
    expect(page).to_have_url(re.compile(re.escape(server.base_url) + r"/#/(review|welcome)$"))
    if org_id is not None:
        expect(page.locator("#org-select")).to_be_enabled()
        page.select_option("#org-select", org_id)
        expect(page.locator("#org-select")).to_have_value(org_id)
        page.goto(f"{server.base_url}/#/review")
        expect(page.locator("#queue")).to_be_visible()
    return page, watch


def open_page(browser: Browser) -> tuple[BrowserContext, Page]:
    context = new_context(browser)
    return context, context.new_page()


def status_of(page: Page, name: str):  # noqa: ANN201 - a playwright Locator
    return page.locator(".queue li", has_text=name).first.locator("[data-testid=status]")


def analysis_id_from(page: Page) -> str:
    return urlsplit(page.url).fragment.rsplit("/", 1)[-1]


def drop_files(page: Page, selector: str, files: list[tuple[str, bytes, str]]) -> None:
    """Drop files on an element the way a person drags them from the desktop (a real DataTransfer)."""
    payload = [{"name": name, "data": list(data), "type": mime} for name, data, mime in files]
    transfer = page.evaluate_handle(
        """(files) => {
            const dt = new DataTransfer();
            for (const f of files) dt.items.add(new File([new Uint8Array(f.data)], f.name, { type: f.type }));
            return dt;
        }""",
        payload,
    )
    page.dispatch_event(selector, "dragover", {"dataTransfer": transfer})
    page.dispatch_event(selector, "drop", {"dataTransfer": transfer})
