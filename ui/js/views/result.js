// The result a lawyer works from: score and drivers, risks by severity, clauses by category,
// obligations, key dates, parties and law on the left; the document on the right. Clicking a
// finding highlights its evidence in the extracted text and on the original PDF page.

import { api, ApiError } from "../api.js";
import { download, fmtDay, h, svg, titleCase, toast } from "../dom.js";
import { keyDatesCsv, keyDatesIcs, obligationsCsv, resultJson, slug } from "../exports.js";
import { PdfView } from "../pdfview.js";

const SEVERITIES = ["critical", "high", "medium", "low"];
const FINDING = 0.5;

export async function renderAnalysis(view, analysisId) {
  let analysis = await api(`/v1/analyses/${analysisId}`);
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
  renderResult(view, { title: analysis.title, analysis, result, document });
}

export async function renderContract(view, contractId) {
  const contract = await api(`/v1/contracts/${contractId}`);
  const document = await api(`/console/api/analyses/${contract.analysisId}/document`).catch(() => null);
  renderResult(view, { title: contract.title, result: contract.result, document, contract });
}

function statusText(analysis) {
  if (analysis.status === "failed") return `The analysis failed: ${analysis.error?.message || "unknown error"}`;
  return analysis.status === "queued" ? "Queued: waiting for a free worker…" : "Processing: reading the contract…";
}

function renderResult(view, ctx) {
  const { result } = ctx;
  const evidence = new Map(result.evidence.map((e) => [e.id, e]));
  const docPane = documentPane(ctx, evidence);
  const findings = h("div.findings", { id: "findings" });
  const selectables = [];

  // Every clickable finding goes through here: one pressed at a time, evidence shown right.
  function finding(el, ids) {
    el.dataset.evidence = (ids || []).join(" ");
    el.setAttribute("aria-pressed", "false");
    el.addEventListener("click", () => {
      for (const other of selectables) other.setAttribute("aria-pressed", String(other === el));
      docPane.show((ids || []).map((id) => evidence.get(id)).filter(Boolean));
    });
    selectables.push(el);
    return el;
  }

  findings.append(
    header(ctx),
    overview(result, finding),
    risksSection(result, finding),
    clausesSection(result, finding),
    obligationsSection(result, finding),
    keyDatesSection(result, finding),
  );
  view.append(h("div.result", findings, docPane.el));
  docPane.start();
}

// --- left column -----------------------------------------------------------------------------

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
    h("option", { value: "obligations" }, "Obligations (CSV)"),
    h("option", { value: "dates" }, "Key dates (CSV)"),
    h("option", { value: "ics" }, "Key dates (.ics calendar)"));
  const save = contract
    ? h("span.badge.low", { id: "saved-badge" }, "Saved contract")
    : h("button.btn.primary", { type: "button", id: "save-contract", onclick: () => saveContract(analysis, title, save) }, "Save as contract");
  const compare = h("a.btn", { href: `#/compare?left=${contract ? contract.contractId : result.analysisId}` }, "Compare…");
  return h("div",
    h("div.result-head", h("div", { style: "flex:1;min-width:0" }, h("h1", title), h("div.row", { style: "margin-top:6px" }, meta))),
    h("div.row.result-actions", save, compare, exportMenu));
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

function exportAs(kind, ctx) {
  const name = slug(ctx.title);
  const { result } = ctx;
  if (kind === "json") download(`${name}-result.json`, "application/json", resultJson(result));
  if (kind === "obligations") download(`${name}-obligations.csv`, "text/csv", obligationsCsv(result));
  if (kind === "dates") download(`${name}-key-dates.csv`, "text/csv", keyDatesCsv(result));
  if (kind === "ics") {
    if (!result.keyDates.some((d) => d.date)) return toast("No key date in this contract has a calendar date.", "err");
    download(`${name}-key-dates.ics`, "text/calendar", keyDatesIcs(result, ctx.title));
  }
}

function section(title, count, ...body) {
  return h("section.section", h("h2", title, count === undefined ? null : h("span.count", `(${count})`)), ...body);
}

function overview(result, finding) {
  const { riskScore, summary } = result;
  const risks = new Map(result.risks.map((r) => [r.id, r]));
  const drivers = riskScore.drivers.map((d) => {
    const risk = risks.get(d.riskId);
    return h("li", finding(h("button.linklike", { type: "button" }, risk?.title || d.riskId), risk?.evidenceIds), h("span.pts", `+${Math.round(d.points)}`));
  });
  const parties = summary.parties.length
    ? summary.parties.map((p, i) => [i ? ", " : "", finding(h("button.linklike", { type: "button" }, p.name), p.evidenceIds), h("span.muted", ` (${p.role})`)])
    : h("span.muted", "None identified");
  const law = summary.governingLaw
    ? finding(h("button.linklike", { type: "button", id: "governing-law" }, summary.governingLaw.jurisdiction), summary.governingLaw.evidenceIds)
    : h("span.muted", "Not stated");
  return h("div",
    h("div.score", { id: "risk-score" },
      dial(riskScore.value, riskScore.level),
      h("div",
        h("div.row", h("span.value", String(riskScore.value)), h("span.muted", "/ 100"), h(`span.badge.${riskScore.level}`, { id: "risk-level" }, `${riskScore.level} risk`)),
        drivers.length ? h("ul.drivers", drivers) : h("p.muted.small", "No risk drivers."))),
    h("p", { style: "margin-top:12px" }, summary.text),
    h("dl.facts",
      h("dt", "Document type"), h("dd", summary.documentType || "—"),
      h("dt", "Parties"), h("dd", parties),
      h("dt", "Governing law"), h("dd", law)));
}

function dial(value, level) {
  const r = 40;
  const c = 2 * Math.PI * r;
  const color = `var(--${level})`;
  return svg("svg", { class: "dial", viewBox: "0 0 96 96", role: "img", "aria-label": `Risk score ${value} of 100, ${level}` },
    svg("circle", { cx: 48, cy: 48, r, fill: "none", stroke: "#eef1f4", "stroke-width": 9 }),
    svg("circle", { cx: 48, cy: 48, r, fill: "none", stroke: color, "stroke-width": 9, "stroke-linecap": "round", "stroke-dasharray": `${(c * value) / 100} ${c}`, transform: "rotate(-90 48 48)" }));
}

function risksSection(result, finding) {
  const risks = [...result.risks].sort((a, b) => SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity));
  // A risk about something missing quotes nothing: there is no text to point at.
  const absent = (risk) => !risk.evidenceIds?.length;
  return section("Risks", risks.length, risks.length ? h("div", { id: "risks" }, risks.map((risk) =>
    finding(h("button.finding", { type: "button", dataset: { risk: risk.id, severity: risk.severity, ...(absent(risk) ? { absent: "true" } : {}) } },
      h("span.title", h(`span.badge.${risk.severity}`, risk.severity), risk.title,
        absent(risk) ? h("span.badge.absent", { title: "No clause of this kind was found; nothing to highlight." }, "Not found in this contract") : null),
      h("p.expl", risk.explanation),
      h("p.rec", h("b", "Recommendation: "), risk.recommendation)), risk.evidenceIds))) : h("p.muted", "No risks found."));
}

// Findings are clauses with confidence >= 50%; the rest are candidates a reviewer may open, kept
// apart (collapsed, counted separately) so they are never read or counted as findings.
function clausesSection(result, finding) {
  const byConfidence = [...result.clauses].sort((a, b) => b.confidence - a.confidence);
  const groups = (clauses) => {
    const byCategory = new Map();
    for (const clause of clauses) {
      if (!byCategory.has(clause.category)) byCategory.set(clause.category, []);
      byCategory.get(clause.category).push(clause);
    }
    return [...byCategory];
  };
  const found = byConfidence.filter((c) => c.confidence >= FINDING);
  const candidates = byConfidence.filter((c) => c.confidence < FINDING);
  const group = ([category, clauses]) => h("div.category", { dataset: { category } },
    h("h3", clauses[0].label || titleCase(category)),
    clauses.map((clause) => finding(h("button.finding", { type: "button", dataset: { clause: clause.id } },
      h("span.title", evidenceSnippet(result, clause.evidenceIds), confidence(clause.confidence))), clause.evidenceIds)));
  const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
  return section("Clauses", found.length, h("div", { id: "clauses" },
    found.length ? groups(found).map(group) : h("p.muted", "No clause found with confidence of 50% or more."),
    candidates.length
      ? h("details.candidates", { id: "clause-candidates" },
        h("summary", `${plural(candidates.length, "candidate")} below 50% confidence (not findings)`),
        groups(candidates).map(group))
      : null));
}

function evidenceSnippet(result, ids) {
  const ev = result.evidence.find((e) => e.id === ids?.[0]);
  const text = (ev?.text || "").replace(/\s+/g, " ").trim();
  return h("span", { style: "font-weight:400;flex:1;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap" }, text ? `“${text}”` : "(no quote)");
}

function confidence(value) {
  const pct = Math.round(value * 100);
  return h("span.conf", { title: `Confidence ${pct}%` }, h("i", h("b", { style: `width:${pct}%` })), `${pct}%`);
}

function obligationsSection(result, finding) {
  if (!result.obligations.length) return section("Obligations", 0, h("p.muted", "No obligations found."));
  return section("Obligations", result.obligations.length, h("table.grid.obligations", { id: "obligations" },
    h("thead", h("tr", h("th", "Party"), h("th", "Action"), h("th", "Due"))),
    h("tbody", result.obligations.map((o) => {
      const tr = h("tr.clickable", { tabindex: "0", dataset: { obligation: o.id } },
        h("td", o.party), h("td", o.action), h("td", o.due ? (o.due.date ? fmtDay(o.due.date) : o.due.text) : "—"));
      tr.addEventListener("keydown", (e) => (e.key === "Enter" || e.key === " ") && (e.preventDefault(), tr.click()));
      finding(tr, o.evidenceIds);
      tr.addEventListener("click", () => tr.setAttribute("aria-selected", "true"));
      return tr;
    }))));
}

function keyDatesSection(result, finding) {
  const today = new Date().toISOString().slice(0, 10);
  const dates = [...result.keyDates].sort((a, b) => (a.date || "9999").localeCompare(b.date || "9999"));
  if (!dates.length) return section("Key dates", 0, h("p.muted", "No key dates found."));
  return section("Key dates", dates.length, h("ol.timeline", { id: "key-dates" }, dates.map((d) =>
    h(`li${d.date && d.date < today ? ".past" : ""}`,
      finding(h("button.finding", { type: "button", dataset: { keyDate: d.id } },
        h("span.title", h("span.when", d.date ? fmtDay(d.date) : "Date not fixed"), h("span.badge", titleCase(d.kind))),
        h("p.expl", d.text),
        d.date ? h("span.rel", relative(d.date)) : null), d.evidenceIds)))));
}

function relative(day) {
  const days = Math.round((new Date(`${day}T00:00:00`) - new Date(new Date().toDateString())) / 86400000);
  if (days === 0) return "today";
  return days > 0 ? `in ${days.toLocaleString()} day${days === 1 ? "" : "s"}` : `${(-days).toLocaleString()} day${days === -1 ? "" : "s"} ago`;
}

// --- right column: the document ------------------------------------------------------------------

function documentPane(ctx, evidence) {
  const doc = ctx.document;
  const hasPdf = Boolean(doc?.hasOriginalPdf);
  const textEl = h("div.doc-text", { id: "doc-text" });
  const stage = h("div.pdf-stage", { id: "pdf-stage" });
  const note = h("div.pdf-note", { id: "pdf-note", "aria-live": "polite" });
  const pdfPanel = h("div", { id: "pdf-panel" }, stage, note);
  const textPanel = h("div", { id: "text-panel" }, textEl);
  const pane = h("div.doc-pane", { id: "doc-pane" }, pdfPanel, textPanel);
  const pageLabel = h("span.muted.small", { id: "page-label" });
  const prev = h("button.btn.small", { type: "button", "aria-label": "Previous page", onclick: () => pdf.show(pdf.pageNumber - 1) }, "‹");
  const next = h("button.btn.small", { type: "button", "aria-label": "Next page", onclick: () => pdf.show(pdf.pageNumber + 1) }, "›");
  const pager = h("div.row", { id: "pager" }, prev, pageLabel, next);
  const tabButtons = {
    pdf: h("button", { type: "button", role: "tab", id: "tab-pdf", onclick: () => selectTab("pdf") }, "Original PDF"),
    text: h("button", { type: "button", role: "tab", id: "tab-text", onclick: () => selectTab("text") }, "Extracted text"),
  };
  if (!hasPdf) tabButtons.pdf.hidden = true;
  const toolbar = h("div.doc-toolbar", h("div.tabs", { role: "tablist" }, tabButtons.pdf, tabButtons.text), h("span.spacer"), pager);
  const pdf = new PdfView(stage, note);
  pdf.onPage = (n) => { pageLabel.textContent = `Page ${n} of ${pdf.pageCount}`; prev.disabled = n <= 1; next.disabled = n >= pdf.pageCount; };
  const text = new TextView(textEl, doc);
  let tab = hasPdf ? "pdf" : "text";
  let pdfReady = null;

  function selectTab(name) {
    tab = name;
    for (const [key, button] of Object.entries(tabButtons)) button.setAttribute("aria-selected", String(key === name));
    pdfPanel.hidden = name !== "pdf";
    textPanel.hidden = name !== "text";
    pager.hidden = name !== "pdf";
    if (name === "text") text.scrollToMark();
    else pdf.show(pdf.pageNumber, pdf.quotes);
  }

  return {
    el: h("div.document", toolbar, pane),
    start() {
      text.render();
      if (hasPdf) {
        pdfReady = api(`/console/api/analyses/${doc.analysisId}/original`, { binary: true })
          .then((bytes) => pdf.open(bytes))
          .then(() => pdf.show(1))
          .catch((err) => { note.textContent = `The PDF could not be shown: ${err.message}`; });
      }
      selectTab(tab);
    },
    async show(quotes) {
      text.highlight(quotes);
      if (tab === "text") text.scrollToMark();
      if (hasPdf) {
        await pdfReady;
        const page = quotes.find((q) => q.page)?.page || pdf.pageNumber;
        await pdf.show(page, quotes.filter((q) => !q.page || q.page === page).map((q) => ({ id: q.id, text: q.text })));
      }
    },
  };
}

// The extracted text, in page sections for PDFs; highlighting rebuilds only touched sections.
class TextView {
  constructor(el, doc) {
    this.el = el;
    this.text = doc?.text || "";
    const pages = doc?.pages?.length ? doc.pages : [{ number: null, start: 0, end: this.text.length }];
    this.sections = pages.map((p) => ({ ...p, pre: h("pre") }));
    this.touched = [];
  }

  render() {
    if (!this.text) {
      this.el.append(h("p.muted", "The document's text is not available."));
      return;
    }
    for (const s of this.sections) {
      s.pre.textContent = this.text.slice(s.start, s.end);
      this.el.append(s.number !== null && this.sections.length > 1 ? h("div.pg", `Page ${s.number}`) : null, s.pre);
    }
  }

  highlight(quotes) {
    for (const s of this.touched) s.pre.textContent = this.text.slice(s.start, s.end);
    this.touched = [];
    const ranges = quotes.map((q) => [q.start, q.end, q.id]).sort((a, b) => a[0] - b[0]);
    for (const s of this.sections) {
      const inside = ranges.filter(([a, b]) => a < s.end && b > s.start);
      if (!inside.length) continue;
      const parts = [];
      let cursor = s.start;
      for (const [a, b, id] of inside) {
        const from = Math.max(a, s.start, cursor);
        const to = Math.min(b, s.end);
        if (to <= from) continue;
        parts.push(this.text.slice(cursor, from), h("mark", { dataset: { ev: id } }, this.text.slice(from, to)));
        cursor = to;
      }
      parts.push(this.text.slice(cursor, s.end));
      s.pre.replaceChildren(...parts.filter((p) => p !== ""));
      this.touched.push(s);
    }
  }

  scrollToMark() {
    this.el.querySelector("mark")?.scrollIntoView({ block: "center", behavior: "instant" });
  }
}
