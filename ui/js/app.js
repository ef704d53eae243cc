// The shell: session, organization and mode at the top, hash routes to the views.

import { api } from "./api.js";
import { clear, h, toast } from "./dom.js";
import { refreshOrgs } from "./orgs.js";
import { onOrgsChanged, state } from "./store.js";
import { renderReview, installWindowDrop } from "./views/review.js";
import { renderAnalysis, renderContract } from "./views/result.js";
import { renderContracts } from "./views/contracts.js";
import { renderCompare } from "./views/compare.js";
import { renderConsole } from "./views/console.js";
import { renderWelcome } from "./views/welcome.js";

const view = document.getElementById("view");
const orgSelect = document.getElementById("org-select");

const ROUTES = [
  [/^#\/review$/, "review", () => renderReview(view)],
  [/^#\/analysis\/(ana_\w+)$/, "review", (id) => renderAnalysis(view, id)],
  [/^#\/contracts$/, "contracts", () => renderContracts(view)],
  [/^#\/contract\/(ctr_\w+)$/, "contracts", (id) => renderContract(view, id)],
  [/^#\/compare(?:\?(.*))?$/, "compare", (q) => renderCompare(view, new URLSearchParams(q || ""))],
  [/^#\/console\/(\w+)$/, "console", (tab) => renderConsole(view, tab)],
  [/^#\/welcome$/, "", () => renderWelcome(view)],
];

async function route() {
  if (!location.hash) history.replaceState(null, "", "#/review");
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

function setMode(mode, rerender = true) {
  const org = state.orgs.find((o) => o.orgId === state.orgId);
  if (mode === "live" && org && !org.liveApproved) {
    if (rerender) toast(`${org.name} is not approved for live access. Approve it under Console › Organizations.`, "err");
    mode = "test";
  }
  state.mode = mode;
  localStorage.setItem("cb.mode", mode);
  for (const button of document.querySelectorAll(".mode-switch button")) {
    button.setAttribute("aria-checked", String(button.dataset.mode === mode));
    button.title = button.dataset.mode === "live" && org && !org.liveApproved ? "Live access not approved for this organization" : "";
  }
  const banner = document.getElementById("mode-banner");
  banner.className = `mode-banner ${mode}`;
  banner.textContent = mode === "test" ? "Test mode · mock engine, no billing · test data only" : "Live mode · real analyses, billed · live data only";
  document.body.dataset.mode = mode;
  if (rerender) route();
}

async function start() {
  onOrgsChanged(showOrgs);
  state.session = await api("/console/api/session");
  state.mode = localStorage.getItem("cb.mode") === "live" ? "live" : "test";
  state.orgId = localStorage.getItem("cb.org");
  await refreshOrgs();
  orgSelect.addEventListener("change", () => {
    state.orgId = orgSelect.value;
    localStorage.setItem("cb.org", state.orgId);
    setMode(state.mode);
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
  installWindowDrop();
  if (state.session.firstRun) location.hash = "#/welcome";
  await route();
}

start().catch((err) => view.replaceChildren(h("div.page", h("div.notice.err", { role: "alert" }, err.message))));
