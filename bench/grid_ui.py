"""The review grid of a large set, timed in Debian Chromium (issue 15): first screen, scrolling,
sorting and filtering, measured in the page with performance.now().

    python bench/grid_ui.py --data-dir DIR --org ORG --set rs_... [--mode test] [--rounds 5] [--json FILE]

Against a running `contractbox serve --data-dir DIR` whose set already holds its contracts (fill
one with tests/test_ui_grid.py's `fill`, or `contractbox import` the CUAD texts several times).
Signs in with a one-time link (`contractbox console-url`), then per round opens `#/sets/{id}` in a
fresh page and reads:
- first screen: `cb:grid:first-screen` (from the view's start to the frame after the first rows
  are drawn), and within it `cb:grid:data` (the grid's JSON arrived and parsed);
- scrolling: the grid scrolled top to bottom 600 px per step, one step per two animation frames;
  per step the time until the second frame, the longest main-thread task seen (PerformanceObserver
  "longtask": tasks over 50 ms), and whether the rows on screen were drawn (no blank gap);
- sort: a click on a question's header to the frame after the re-drawn rows;
- filter: a condition added ("... is found") to the frame after.
Prints the median of each over the rounds, the rows in the page, and the load average (other
work on the machine stretches every figure: say it with them).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]

SCROLL = """async () => {
    const grid = document.getElementById('review-grid');
    const head = grid.querySelector('.grid-head').offsetHeight;
    const rowHeight = grid.querySelector('.grid-body [data-row]').offsetHeight;
    const longest = [];
    const observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) longest.push(e.duration); });
    observer.observe({ type: 'longtask', buffered: false });
    const steps = [];
    let blanks = 0;
    const count = Number(grid.getAttribute('aria-rowcount')) - 1;
    while (grid.scrollTop + grid.clientHeight < grid.scrollHeight - 1) {
        const t = performance.now();
        grid.scrollTop += 600;
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        steps.push(performance.now() - t);
        const rows = new Set([...grid.querySelectorAll('.grid-body [data-row]')].map((r) => Number(r.dataset.row)));
        const top = Math.floor(Math.max(0, grid.scrollTop - head) / rowHeight);
        const bottom = Math.min(count - 1, Math.floor((grid.scrollTop + grid.clientHeight - head - 1) / rowHeight));
        if (!rows.has(top) || !rows.has(bottom)) blanks += 1;
    }
    observer.disconnect();
    steps.sort((a, b) => a - b);
    return { steps: steps.length, stepMedian: steps[Math.floor(steps.length / 2)], stepP95: steps[Math.floor(steps.length * 0.95)],
             longTasks: longest.length, longestTask: Math.max(0, ...longest), blanks,
             rowsInPage: grid.querySelectorAll('.grid-body [role=row]').length, rows: count };
}"""

TIMED_CLICK = """async (selector) => {
    const t = performance.now();
    document.querySelector(selector).click();
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return performance.now() - t;
}"""


def one_time_link(data_dir: str) -> str:
    out = subprocess.run(
        [sys.executable, "-m", "contractbox", "console-url", "--data-dir", data_dir],
        check=True,
        capture_output=True,
        text=True,
    )
    return out.stdout.strip().splitlines()[0]


def round_figures(context, base: str, set_id: str) -> dict[str, float]:  # noqa: ANN001 - a Playwright BrowserContext
    page = context.new_page()
    page.goto(f"{base}/#/sets/{set_id}")
    page.wait_for_selector("#review-grid[data-ready=true]", state="attached", timeout=120_000)
    marks = page.evaluate(
        """() => ({ firstScreen: performance.getEntriesByName('cb:grid:first-screen')[0].duration,
                    data: performance.getEntriesByName('cb:grid:data')[0].startTime - performance.getEntriesByName('cb:grid:start')[0].startTime })"""
    )
    scroll = page.evaluate(SCROLL)
    sort = page.evaluate(TIMED_CLICK, "#review-grid .grid-head [data-key=governing_law]")
    filtered = page.evaluate(TIMED_CLICK, "#add-condition")
    page.close()
    return {**marks, **scroll, "sort": sort, "filter": filtered}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data-dir", required=True)
    parser.add_argument("--org", required=True)
    parser.add_argument("--set", required=True)
    parser.add_argument("--mode", default="test", choices=("test", "live"))
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    link = one_time_link(args.data_dir)
    base = link.split("/console/")[0]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.add_init_script(
            f"localStorage.setItem('cb.org', {json.dumps(args.org)}); localStorage.setItem('cb.mode', {json.dumps(args.mode)});"
        )
        signin = context.new_page()
        signin.goto(link)
        signin.wait_for_url(f"{base}/#/**")
        rounds = [round_figures(context, base, args.set) for _ in range(args.rounds)]
        browser.close()
    keys = rounds[0].keys()
    summary = {k: round(statistics.median(r[k] for r in rounds), 1) for k in keys}
    summary["rounds"] = len(rounds)
    summary["loadAverage1m"] = round(os.getloadavg()[0], 1)
    print(json.dumps(summary, indent=2))
    if args.json:
        args.json.write_text(json.dumps({"summary": summary, "rounds": rounds}, indent=2))


if __name__ == "__main__":
    main()
