// The shell: session, organization and mode at the top, hash routes to the views.

import { api } from "./api.js";
import { clear, clearToasts, h, toast } from "./dom.js";
import { refreshOrgs } from "./orgs.js";
import { isAdmin, onModeRequest, onOrgsChanged, state } from "./store.js";
import { renderReview, installWindowDrop } from "./views/review.js";
import { renderAnalysis, renderContract } from "./views/result.js";
import { renderContracts } from "./views/contracts.js";
import { renderCompare } from "./views/compare.js";
import { renderConsole } from "./views/console.js";
import { renderWelcome } from "./views/welcome.js";
import { renderSets } from "./views/sets.js";
import { renderGrid } from "./views/grid.js";

const view = document.getElementById("view");
const orgSelect = document.getElementById("org-select");

const ROUTES = [
  [/^#\/review$/, "review", () => renderReview(view)],
  [/^#\/analysis\/(ana_\w+)(?:\?evidence=(\w+))?$/, "review", (id, evidence) => renderAnalysis(view, id, evidence)],
  [/^#\/contracts$/, "contracts", () => renderContracts(view)],
  [/^#\/contract\/(ctr_\w+)(?:\?evidence=(\w+))?$/, "contracts", (id, evidence) => renderContract(view, id, evidence)],
  [/^#\/sets$/, "sets", () => renderSets(view)],
  [/^#\/sets\/(rs_\w+)$/, "sets", (id) => renderGrid(view, id)],
  [/^#\/compare(?:\?(.*))?$/, "compare", (q) => renderCompare(view, new URLSearchParams(q || ""))],
  [/^#\/console\/(\w+)$/, "console", (tab) => renderConsole(view, tab)],
  [/^#\/welcome$/, "", () => renderWelcome(view)],
];

// After a navigation, focus goes to the new view's heading (screen readers announce it, Tab
// continues from there); the first load leaves focus where the browser put it.
function focusHeading() {
  const heading = view.querySelector("h1");
  if (!heading) return view.focus({ preventScroll: true });
  heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}

async function route(event) {
  if (!location.hash) history.replaceState(null, "", "#/review");
  clearToasts();
  const hash = location.hash;
  for (const [pattern, nav, render] of ROUTES) {
    const match = hash.match(pattern);
    if (!match) continue;
    for (const link of document.querySelectorAll("[data-nav]")) {
      link.toggleAttribute("aria-current", link.dataset.nav === nav);
      if (link.dataset.nav === nav) link.setAttribute("aria-current", "page");
    }
    clear(view);
    try {
      await render(...match.slice(1));
    } catch (err) {
      view.replaceChildren(h("div.page", h("div.notice.err", { role: "alert" }, err.message)));
    }
    if (event) focusHeading();
    return;
  }
  location.replace("#/review");
}

function showOrgs() {
  orgSelect.replaceChildren(...state.orgs.map((o) => h("option", { value: o.orgId, selected: o.orgId === state.orgId }, o.name)));
  orgSelect.disabled = state.orgs.length === 0;
  orgSelect.closest("label").hidden = state.orgs.length === 0;
  setMode(state.mode, false);
}

function setMode(mode, rerender = true, persist = rerender) {
  const org = state.orgs.find((o) => o.orgId === state.orgId);
  if (mode === "live" && org && !org.liveApproved) {
    if (rerender) toast(`${org.name} is not approved for live access. Approve it under Console › Organizations.`, "err");
    mode = "test";
  }
  const changed = state.mode !== mode;
  state.mode = mode;
  if (persist) localStorage.setItem("cb.mode", mode); // a person's choice is kept; the default is not
  for (const button of document.querySelectorAll(".mode-switch button")) {
    button.setAttribute("aria-checked", String(button.dataset.mode === mode));
    button.title = button.dataset.mode === "live" && org && !org.liveApproved ? "Live access not approved for this organization" : "";
  }
  const banner = document.getElementById("mode-banner");
  banner.className = `mode-banner ${mode}`;
  banner.textContent = mode === "test" ? "Test mode · mock engine, no billing · test data only" : "Live mode · real analyses, billed · live data only";
  document.body.dataset.mode = mode;
  if (rerender && changed) route();
}

// Who is signed in, and what their role shows: the console is the administrators'.
function showUser() {
  const user = state.session.user;
  document.body.dataset.role = user?.role || "administrator";
  document.querySelector("[data-nav=console]").hidden = !isAdmin();
  if (user) document.getElementById("signout").before(h("span.whoami", { id: "whoami", title: user.username }, `${user.name} · ${user.role}`));
}

// The mode a person chose is kept; until they choose, an organization approved for live opens in
// live mode (test mode's mock results must not pass for a real review).
function defaultMode() {
  const chosen = localStorage.getItem("cb.mode");
  if (chosen) return chosen === "live" ? "live" : "test";
  return state.orgs.find((o) => o.orgId === state.orgId)?.liveApproved ? "live" : "test";
}

async function start() {
  onOrgsChanged(showOrgs);
  state.session = await api("/console/api/session");
  showUser();
  state.orgId = localStorage.getItem("cb.org");
  await refreshOrgs();
  // A browser that never chose starts in live mode when the organization is approved for it:
  // test mode's mock results must not pass for a real review.
  state.mode = defaultMode();
  setMode(state.mode, false);
  onModeRequest((mode) => setMode(mode));
  orgSelect.addEventListener("change", () => {
    state.orgId = orgSelect.value;
    localStorage.setItem("cb.org", state.orgId);
    const before = state.mode;
    setMode(defaultMode(), true, false);
    if (state.mode === before) route(); // another organization's data, same mode
  });
  for (const button of document.querySelectorAll(".mode-switch button")) button.addEventListener("click", () => setMode(button.dataset.mode));
  document.querySelector(".mode-switch").addEventListener("keydown", (e) => {
    if (e.key === "ArrowLeft" || e.key === "ArrowRight") setMode(state.mode === "test" ? "live" : "test");
  });
  document.getElementById("signout").addEventListener("click", async () => {
    await api("/console/api/logout", { method: "POST" });
    location.replace("/console/login");
  });
  window.addEventListener("hashchange", route);
  document.getElementById("skip-link").addEventListener("click", (e) => {
    e.preventDefault(); // the hash is the router's: focus the content instead of following the link
    focusHeading();
  });
  installWindowDrop();
  if (state.session.firstRun) location.hash = "#/welcome";
  await route();
}

start().catch((err) => view.replaceChildren(h("div.page", h("div.notice.err", { role: "alert" }, err.message))));
