// The result a lawyer works from: score and drivers, then risks, clauses, obligations and key
// dates one section at a time (section index with counts, filters, keyboard navigation) on the
// left; the document on the right. Clicking a finding highlights its evidence in the extracted
// text and on the original PDF page.

import { api, ApiError } from "../api.js";
import { download, h, tablist, toast } from "../dom.js";
import { resultJson, slug } from "../exports.js";
import { documentPane } from "../docpane.js";
import { can, currentOrg, requestMode, state } from "../store.js";
import { clausesPanel, clauseFindings, keyDatesPanel, obligationsPanel, overview, risksPanel, SEVERITIES } from "./findings.js";
import { installShortcuts, shortcutsHelp } from "./shortcuts.js";
import { installDecisions } from "./decisions.js";
import { changesPanel, provenanceNotices, revisionEvidence } from "./provenance.js";

export async function renderAnalysis(view, analysisId, evidenceId = null) {
  let analysis = await inEitherMode(view, `/v1/analyses/${analysisId}`, "analysis");
  if (!analysis) return;
  if (analysis.status !== "completed") {
    const note = h("div.notice", { role: "status" }, statusText(analysis));
    view.append(h("div.page", h("div.page-head", h("h1", analysis.title)), note));
    while (analysis.status === "queued" || analysis.status === "processing") {
      await new Promise((r) => setTimeout(r, 700));
      if (!note.isConnected) return;
      analysis = await api(`/v1/analyses/${analysisId}`);
      note.textContent = statusText(analysis);
    }
    if (analysis.status === "failed") {
      note.className = "notice err";
      return;
    }
    view.replaceChildren();
  }
  const [result, document] = await Promise.all([api(`/v1/analyses/${analysisId}/result`), api(`/console/api/analyses/${analysisId}/document`)]);
  renderResult(view, { title: analysis.title, analysis, result, document, evidenceId });
}

export async function renderContract(view, contractId, evidenceId = null) {
  const contract = await inEitherMode(view, `/v1/contracts/${contractId}`, "contract");
  if (!contract) return;
  const document = await api(`/console/api/analyses/${contract.analysisId}/document`).catch(() => null);
  renderResult(view, { title: contract.title, result: contract.result, document, contract, evidenceId });
}

// An object of the other mode (a live link opened in test mode) is not "missing": offer to switch.
async function inEitherMode(view, path, noun) {
  try {
    return await api(path);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 404) throw err;
    const other = state.mode === "live" ? "test" : "live";
    const found = await api(path, { mode: other }).catch(() => null);
    if (!found) throw err;
    view.append(h("div.page", h("div.page-head", h("h1", found.title || `This ${noun}`)),
      h("div.notice.warn", { id: "other-mode", role: "status" },
        h("p", `This ${noun} belongs to ${other} mode; you are in ${state.mode} mode, which keeps its data apart.`),
        h("button.btn.primary", { type: "button", id: "switch-mode", onclick: () => requestMode(other) }, `Switch to ${other} mode`))));
    return null;
  }
}

function statusText(analysis) {
  if (analysis.status === "failed") return `The analysis failed: ${analysis.error?.message || "unknown error"}`;
  return analysis.status === "queued" ? "Queued: waiting for a free worker…" : "Processing: reading the contract…";
}

function renderResult(view, ctx) {
  const { result } = ctx;
  const evidence = new Map([...result.evidence, ...revisionEvidence(result, ctx.document?.text)].map((e) => [e.id, e]));
  const docPane = documentPane(ctx.document);
  const selectables = [];
  const entries = []; // [{el, meta}] for review decisions

  // Every clickable finding goes through here: one pressed at a time, evidence shown right.
  function finding(el, ids, meta = {}) {
    el.dataset.evidence = (ids || []).join(" ");
    el.setAttribute("aria-pressed", "false");
    if (meta.kind) el.dataset.kind = meta.kind;
    el.addEventListener("click", () => {
      for (const other of selectables) other.setAttribute("aria-pressed", String(other === el));
      docPane.show((ids || []).map((id) => evidence.get(id)).filter(Boolean));
    });
    selectables.push(el);
    entries.push({ el, meta });
    return el;
  }

  const panels = {
    risks: risksPanel(result, finding),
    clauses: clausesPanel(result, finding),
    obligations: obligationsPanel(result, finding),
    dates: keyDatesPanel(result, finding),
    ...(result.revisions?.length ? { changes: changesPanel(result, finding) } : {}),
  };
  const counts = { risks: result.risks.length, clauses: clauseFindings(result).length, obligations: result.obligations.length, dates: result.keyDates.length, changes: result.revisions?.length };
  const labels = { risks: "Risks", clauses: "Clauses", obligations: "Obligations", dates: "Key dates", changes: "Changes" };
  const index = tablist("Sections", Object.keys(panels).map((id) => ({ id, label: h("span", labels[id], h("span.count", ` (${counts[id]})`)), panel: panels[id] })), "risks");
  index.classList.add("section-index");
  const filters = filterBar(result, panels, Boolean(ctx.contract));
  const findings = h("div.findings", { id: "findings", tabindex: "0", role: "region", "aria-label": "Findings" },
    header(ctx), modeNotice(ctx), ...provenanceNotices(result, docPane, Boolean(ctx.document?.hasOriginalPdf)), overview(result, finding), index, filters.el, ...Object.values(panels), shortcutsHelp());
  const root = h("div.result", findings, docPane.el);
  view.append(root);
  docPane.start();
  const review = { decisions: null };
  installShortcuts(root, { selectables, index, docPane, review });
  if (ctx.contract) installDecisions(root, ctx.contract, entries, root.querySelector("#review-status")).then((d) => { review.decisions = d; });
  installPrint(root, index);
  if (ctx.evidenceId) openAtEvidence(selectables, index, ctx.evidenceId);
}

// `?evidence=ev_3` (a review grid's cell): the finding quoting it is chosen as if clicked, so its
// quote is marked in the text and on the PDF page.
function openAtEvidence(selectables, index, evidenceId) {
  const quoting = selectables.filter((el) => el.dataset.evidence.split(" ").includes(evidenceId));
  const target = quoting.find((el) => el.dataset.kind && el.dataset.kind !== "candidate") || quoting[0];
  if (!target) return toast("That evidence is no longer in this result.", "err");
  const panel = target.closest("[role=tabpanel]");
  if (panel?.hidden) index.select(panel.id.replace(/^panel-/, ""));
  target.closest("[data-paged]")?.removeAttribute("data-paged");
  for (let folded = target.closest("details:not([open])"); folded; folded = folded.parentElement?.closest("details:not([open])")) folded.open = true;
  target.click();
  target.scrollIntoView({ block: "center" });
}

// --- header and notices ------------------------------------------------------------------------

function header(ctx) {
  const { result, document, contract, analysis } = ctx;
  const title = ctx.title;
  const meta = [
    h(`span.badge.${result.mode}`, result.mode),
    result.summary.documentType ? h("span.badge", result.summary.documentType) : null,
    document?.pages?.length ? h("span.muted.small", `${document.pages.length} page${document.pages.length === 1 ? "" : "s"}`) : null,
    h("span.muted.small", `engine ${result.engine.name} ${result.engine.version}`),
  ];
  const exportMenu = h("select.btn", { "aria-label": "Export", id: "export-select", onchange: (e) => { exportAs(e.target.value, ctx); e.target.value = ""; } },
    h("option", { value: "" }, "Export…"),
    h("option", { value: "json" }, "Result (JSON)"),
    h("option", { value: "findings.csv" }, "Findings (CSV)"),
    h("option", { value: "obligations.csv" }, "Obligations (CSV)"),
    h("option", { value: "key-dates.csv" }, "Key dates (CSV)"),
    h("option", { value: "key-dates.ics" }, "Key dates (.ics calendar)"));
  const reports = contract ? [
    h("button.btn", { type: "button", id: "download-report", onclick: () => fetchFile(`/v1/contracts/${contract.contractId}/report.pdf`, `${slug(title)}-review-report.pdf`) }, "Review report (PDF)"),
    document?.hasOriginalPdf ? h("button.btn", { type: "button", id: "download-annotated", onclick: () => fetchFile(`/v1/contracts/${contract.contractId}/annotated.pdf`, `${slug(title)}-annotated.pdf`) }, "Annotated PDF") : null,
  ] : [];
  const save = contract
    ? h("span.badge.low", { id: "saved-badge" }, "Saved contract")
    : can("contracts:write") ? h("button.btn.primary", { type: "button", id: "save-contract", onclick: () => saveContract(analysis, title, save) }, "Save as contract") : null;
  const compare = can("comparisons:write") ? h("a.btn", { href: `#/compare?left=${contract ? contract.contractId : result.analysisId}` }, "Compare…") : null;
  const print = h("button.btn", { type: "button", id: "print-result", onclick: () => window.print() }, "Print");
  return h("div.result-top",
    h("div.result-head", h("div.grow.min-w-0", h("h1", title), h("div.row.mt-6", meta, contract ? h("span", { id: "review-status" }) : null))),
    h("div.row.result-actions", { id: "result-actions" }, save, compare, exportMenu, ...reports, print));
}

// Test mode runs the mock engine: its findings are samples, not about this document. Said on
// the result itself, where nobody can miss it, not only in the band under the top bar.
function modeNotice(ctx) {
  if (ctx.result.mode !== "test") return null;
  const approved = currentOrg()?.liveApproved;
  return h("div.notice.warn.mock-notice", { id: "mock-notice", role: "note" },
    h("strong", "Test mode: mock data, not an analysis of this document. "),
    "The test engine returns the same sample findings for every contract; parties, dates, law and quotes here say nothing about this file. ",
    approved
      ? h("button.btn.small", { type: "button", onclick: () => requestMode("live") }, "Switch to live mode")
      : "Analyse it in live mode once the organization is approved for live access.");
}

async function saveContract(analysis, title, button) {
  button.disabled = true;
  try {
    const contract = await api("/v1/contracts", { method: "POST", body: { analysisId: analysis.analysisId, title } });
    button.replaceWith(h("a.badge.low", { id: "saved-badge", href: `#/contract/${contract.contractId}` }, "Saved contract"));
    toast(`Saved “${contract.title}” to contracts.`);
  } catch (err) {
    if (err instanceof ApiError && err.code === "contract_exists") {
      button.replaceWith(h("span.badge.low", { id: "saved-badge" }, "Saved contract"));
      toast("This analysis is already saved as a contract.");
      return;
    }
    button.disabled = false;
    toast(err.message, "err");
  }
}

// The JSON is the result as the API returned it; the CSV and calendar files are built by the
// server (docs/api-notes.md "Exports"), with the reviewed values for a saved contract.
function exportAs(kind, ctx) {
  if (!kind) return;
  const name = slug(ctx.title);
  if (kind === "json") return download(`${name}-result.json`, "application/json", resultJson(ctx.result));
  const base = ctx.contract ? `/v1/contracts/${ctx.contract.contractId}` : `/v1/analyses/${ctx.result.analysisId}`;
  return fetchFile(`${base}/exports/${kind}`, `${name}-${kind}`);
}

// Files from /v1 need the organization and mode headers, which a plain link cannot send.
async function fetchFile(path, filename) {
  try {
    const bytes = await api(path, { binary: true });
    download(filename, filename.endsWith(".pdf") ? "application/pdf" : filename.endsWith(".ics") ? "text/calendar" : "text/csv", bytes);
  } catch (err) {
    toast(err.message, "err");
  }
}

// --- filters -------------------------------------------------------------------------------------

// Severity narrows the risks, category the clauses; a filtered-out finding is hidden and skipped
// by the keyboard navigation (data-filtered).
function filterBar(result, panels, reviewable) {
  const severities = SEVERITIES.filter((s) => result.risks.some((r) => r.severity === s));
  const categories = [...new Map(clauseFindings(result).map((c) => [c.category, c.label || c.category])).entries()];
  const severity = h("select", { id: "filter-severity", "aria-label": "Filter risks by severity" },
    h("option", { value: "" }, "All severities"), severities.map((s) => h("option", { value: s }, s.charAt(0).toUpperCase() + s.slice(1))));
  const category = h("select", { id: "filter-category", "aria-label": "Filter clauses by category" },
    h("option", { value: "" }, "All categories"), categories.map(([value, label]) => h("option", { value }, label)));
  const apply = () => {
    for (const el of panels.risks.querySelectorAll("[data-risk]")) el.toggleAttribute("data-filtered", Boolean(severity.value) && el.dataset.severity !== severity.value);
    for (const el of panels.clauses.querySelectorAll("#clauses > .category")) el.toggleAttribute("data-filtered", Boolean(category.value) && el.dataset.category !== category.value);
  };
  const decided = reviewable ? h("select", { id: "filter-decided", "aria-label": "Filter findings by review decision" },
    h("option", { value: "" }, "Decided and undecided"), h("option", { value: "false" }, "Undecided only"), h("option", { value: "true" }, "Decided only")) : null;
  const applyDecided = () => {
    for (const el of Object.values(panels).flatMap((p) => [...p.querySelectorAll("[data-finding-key]")])) {
      if (el.classList.contains("decide")) continue;
      const hide = Boolean(decided.value) && el.dataset.decided !== decided.value;
      const holder = el.closest("tr") || el;
      holder.toggleAttribute("data-filtered", hide);
      if (!el.closest("tr")) el.nextElementSibling?.classList.contains("decide") && el.nextElementSibling.toggleAttribute("data-filtered", hide);
    }
  };
  severity.addEventListener("change", apply);
  category.addEventListener("change", apply);
  decided?.addEventListener("change", applyDecided);
  return { el: h("div.row.filters", { id: "filters" }, severity, category, decided) };
}

// --- print ---------------------------------------------------------------------------------------

// Printing shows every section (not only the chosen tab) with every category unfolded; the
// print stylesheet (app.css, @media print) drops the navigation and the document pane.
function installPrint(root, index) {
  let folded = [];
  const before = () => {
    if (!root.isConnected) {
      window.removeEventListener("beforeprint", before);
      window.removeEventListener("afterprint", after);
      return;
    }
    folded = [...root.querySelectorAll("details.category:not([open])")];
    for (const d of folded) d.open = true;
    root.classList.add("printing");
  };
  const after = () => {
    if (!root.isConnected) return;
    for (const d of folded) d.open = false;
    folded = [];
    root.classList.remove("printing");
    index.select(index.dataset.selected);
  };
  window.addEventListener("beforeprint", before);
  window.addEventListener("afterprint", after);
}
