"""Regenerate the UI screenshots in this folder: a real server on a scratch data dir, real
analyses of the sample contracts, Debian Chromium via Playwright at 1280x800.

    python docs/screenshots/capture.py               # live mode (the real engine), as in the README
    python docs/screenshots/capture.py --mode test   # test mode (mock engine)

The usage chart needs days of history: the script writes 30 days of usage rows for the demo keys
straight into the scratch database (everything else on the screenshots is produced by the app).
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import re
import socket
import subprocess
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

import httpx
from playwright.sync_api import Page, expect, sync_playwright

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
SAMPLES = REPO / "sample_contracts"
expect.set_options(timeout=60_000)  # a loaded machine renders slowly; every wait is for a condition
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def cli(data_dir: Path, *args: str) -> str:
    return subprocess.run([sys.executable, "-m", "contractbox", *args, "--data-dir", str(data_dir)], check=True, capture_output=True, text=True).stdout


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_done(client: httpx.Client, analysis_id: str) -> None:
    for _ in range(600):
        if client.get(f"/v1/analyses/{analysis_id}").json()["status"] in ("completed", "failed"):
            return
        time.sleep(0.1)
    raise SystemExit(f"analysis {analysis_id} did not finish")


def seed(data_dir: Path, base: str, mode: str) -> dict:
    org = json.loads(cli(data_dir, "orgs", "create", "Hartley & Finch LLP", "--json"))["orgId"]
    cli(data_dir, "orgs", "approve-live", org)
    keys = {name: json.loads(cli(data_dir, "keys", "create", "--org", org, "--mode", mode, "--name", name, "--json")) for name in ("Matter intake", "DMS sync", "Nightly review batch")}
    client = httpx.Client(base_url=base, headers={"Authorization": f"Bearer {keys['Matter intake']['secret']}"}, timeout=60)
    original = (SAMPLES / "supply_agreement.txt").read_text()
    revised = original.replace("sixty (60) days", "ninety (90) days").replace("State of Illinois", "State of New York")
    ids = {}
    for title, body in (
        ("Supply Agreement (2024)", {"sourceType": "text", "text": original}),
        ("Supply Agreement (2025 draft)", {"sourceType": "text", "text": revised}),
        ("SaaS Subscription Agreement", {"sourceType": "pdf", "filename": "saas_subscription_agreement.pdf", "pdfBase64": base64.b64encode((SAMPLES / "saas_subscription_agreement.pdf").read_bytes()).decode()}),
    ):
        analysis = client.post("/v1/analyses", json={"title": title, **body}).json()
        wait_done(client, analysis["analysisId"])
        ids[title] = analysis["analysisId"]
    contracts = {}
    for title in ("Supply Agreement (2024)", "Supply Agreement (2025 draft)", "SaaS Subscription Agreement"):
        contracts[title] = client.post("/v1/contracts", json={"analysisId": ids[title]}).json()["contractId"]
    cli(data_dir, "users", "create", "--username", "rita", "--name", "Rita Alvarez", "--role", "reviewer")
    cli(data_dir, "users", "create", "--username", "sam", "--name", "Sam Okafor", "--role", "viewer")
    import sqlite3

    rng = random.Random(7)
    with sqlite3.connect(data_dir / "contractbox.db") as db:
        for n, key in enumerate(keys.values()):
            for back in range(30):
                day = (date.today() - timedelta(days=back)).isoformat()
                requests = int(rng.uniform(20, 120) * (1 + n) * (0.4 if (date.today() - timedelta(days=back)).weekday() >= 5 else 1))
                db.execute(
                    "INSERT INTO usage_daily (key_id, day, requests, analyses_created, analyses_completed, pages) VALUES (?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT(key_id, day) DO UPDATE SET requests = requests + excluded.requests, analyses_created = analyses_created + excluded.analyses_created",
                    (key["keyId"], day, requests, requests // 6, requests // 6, requests // 2),
                )
    return {"org": org, "ids": ids, "contracts": contracts, "client": client}


def hide_toasts(page: Page) -> None:
    page.evaluate("() => document.getElementById('toast').replaceChildren()")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", choices=["test", "live"], default="live")
    mode = parser.parse_args().mode
    data_dir = Path(tempfile.mkdtemp(prefix="cb-shots-")) / "data"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen([sys.executable, "-m", "contractbox", "serve", "--data-dir", str(data_dir), "--port", str(port)], stderr=subprocess.DEVNULL)
    try:
        for _ in range(1800):
            try:
                if httpx.get(base + "/healthz").status_code == 200 and (data_dir / "server.json").exists():
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        else:
            raise SystemExit("the server did not start")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(cli(data_dir, "console-url").strip())
            expect(page.locator("h1")).to_have_text("Welcome to ContractBox")
            page.fill("#welcome-org", "Hartley & Finch LLP — Legal")
            page.screenshot(path=str(HERE / "first-run.png"))
            demo = seed(data_dir, base, mode)
            page.goto(f"{base}/#/review")
            page.reload()
            page.select_option("#org-select", demo["org"])
            page.get_by_role("radio", name=mode.title()).click()
            expect(page.locator("#mode-banner")).to_contain_text(f"{mode.title()} mode")
            page.goto(f"{base}/#/review")
            page.set_input_files("#file-input", [str(SAMPLES / "mutual_nda.pdf"), str(REPO / "samples" / "truncated.pdf"), str(SAMPLES / "consulting_agreement.txt")])
            expect(page.locator(".queue li", has_text="mutual_nda.pdf").locator("[data-testid=status]")).to_have_text("Completed")
            expect(page.locator(".queue li", has_text="truncated.pdf").locator("[data-testid=status]")).to_have_text("Failed")
            expect(page.locator(".queue li", has_text="consulting_agreement.txt").locator("[data-testid=status]")).to_have_text("Completed")
            page.screenshot(path=str(HERE / "reviewer-queue.png"))

            page.locator(".queue li", has_text="mutual_nda.pdf").get_by_role("link", name="Open").click()
            expect(page.locator("#pdf-stage canvas")).to_be_visible()
            page.locator("#risks .finding:not([data-absent])").first.click()
            expect(page.locator(".pdf-hl").first).to_be_visible()
            page.get_by_role("tab", name="Extracted text").click()
            page.locator("#findings").evaluate("el => el.scrollTo(0, 0)")
            page.screenshot(path=str(HERE / "reviewer-result.png"))
            page.get_by_role("tab", name="Original PDF").click()
            page.get_by_role("tab", name=re.compile("^Clauses")).click()
            page.locator("#clauses > details.category").first.evaluate("d => { d.open = true; }")
            clause = page.locator("#clauses > .category .finding:visible").first
            clause.click()
            expect(page.locator(".pdf-hl").first).to_be_visible()
            page.screenshot(path=str(HERE / "pdf-evidence.png"))

            # A saved contract under review: decisions under the findings, the review state on top.
            page.goto(f"{base}/#/contract/{demo['contracts']['SaaS Subscription Agreement']}")
            expect(page.locator(".decide").first).to_be_visible()
            bars = page.locator("#risks .decide")
            bars.nth(0).get_by_role("button", name=re.compile("^Accept")).click()
            expect(bars.nth(0)).to_contain_text("Accepted")
            bars.nth(1).get_by_role("button", name=re.compile("^Reject")).click()
            expect(bars.nth(1)).to_contain_text("Rejected")
            bars.nth(2).get_by_role("button", name=re.compile("^Correct or note")).click()
            bars.nth(2).locator("textarea").fill("Raise with the vendor before renewal.")
            bars.nth(2).get_by_role("radio", name="Accept").check()
            bars.nth(2).get_by_role("button", name="Save decision").click()
            expect(bars.nth(2)).to_contain_text("Raise with the vendor")
            page.locator("#risks .finding:not([data-absent])").last.click()
            expect(page.locator(".pdf-hl").first).to_be_visible()
            hide_toasts(page)
            page.locator("#findings").evaluate("el => el.scrollTo(0, el.querySelector('.section-index').offsetTop - 260)")
            page.screenshot(path=str(HERE / "contract-review.png"))

            page.goto(f"{base}/#/contracts")
            expect(page.locator("#contracts-table tbody tr")).to_have_count(3)
            page.screenshot(path=str(HERE / "contracts.png"))
            ids = demo["ids"]
            page.goto(f"{base}/#/compare?left={ids['Supply Agreement (2024)']}&right={ids['Supply Agreement (2025 draft)']}")
            expect(page.locator("#comparison-summary")).not_to_be_empty()
            page.locator("main").evaluate("el => el.scrollTo(0, 180)")
            page.screenshot(path=str(HERE / "compare.png"))

            page.goto(f"{base}/#/console/keys")
            expect(page.locator("#keys-table tbody tr")).to_have_count(4)
            page.fill("#key-name", "Outlook add-in")
            page.select_option("#key-mode", mode)
            page.get_by_role("button", name="Create key").click()
            expect(page.locator("#secret-value")).to_have_text(re.compile("^fpk_"))
            page.screenshot(path=str(HERE / "console-key-secret.png"))
            page.get_by_role("button", name="I have stored it").click()
            hide_toasts(page)
            page.screenshot(path=str(HERE / "console-keys.png"))
            page.goto(f"{base}/#/console/people")
            expect(page.locator("#users-table tbody tr")).to_have_count(3)
            page.screenshot(path=str(HERE / "people.png"))
            page.goto(f"{base}/#/console/usage")
            expect(page.locator("#usage-chart rect").first).to_be_visible()
            page.screenshot(path=str(HERE / "usage.png"))
            page.goto(f"{base}/#/console/audit")
            expect(page.locator("#audit-table tbody tr").first).to_be_visible()
            page.screenshot(path=str(HERE / "audit.png"))
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=60)
    print(f"screenshots written to {HERE}")


if __name__ == "__main__":
    main()
