// Two contracts (or two analyses) side by side: the summary sentence, the risk delta, clause
// changes with the word-level redline, moved dates, risks and obligations that came or went.

import { api } from "../api.js";
import { fmtDay, h, titleCase } from "../dom.js";
import { requestMode, state } from "../store.js";

export async function renderCompare(view, params) {
  const [contracts, analyses] = await Promise.all([
    api("/v1/contracts", { query: { limit: 100 } }).catch(() => ({ data: [] })),
    api("/v1/analyses", { query: { limit: 100, status: "completed" } }),
  ]);
  const options = [
    ...contracts.data.map((c) => ({ id: c.contractId, label: `${c.title} (contract)` })),
    ...analyses.data.map((a) => ({ id: a.analysisId, label: `${a.title} (analysis, ${new Date(a.createdAt).toLocaleDateString()})` })),
  ];
  // A search box narrows its picker's options (titles can be many and long).
  const picker = (id, label, value) => {
    const select = h("select", { id, "aria-label": label }, h("option", { value: "" }, "Choose…"), options.map((o) => h("option", { value: o.id, selected: o.id === value }, o.label)));
    const search = h("input", { type: "search", id: `${id}-search`, placeholder: "Search titles", "aria-label": `Search ${label.toLowerCase()}`, oninput: () => {
      const q = search.value.trim().toLowerCase();
      for (const option of select.options) if (option.value) option.hidden = Boolean(q) && !option.textContent.toLowerCase().includes(q);
      const first = [...select.options].find((o) => o.value && !o.hidden);
      if (q && first && (!select.value || select.selectedOptions[0]?.hidden)) select.value = first.value;
    } });
    return h("div.field.picker", h("span", label), search, select);
  };
  const left = picker("compare-left", "Left (earlier version)", params.get("left"));
  const right = picker("compare-right", "Right (later version)", params.get("right"));
  const out = h("div", { id: "comparison" });
  const go = h("button.btn.primary", { type: "button", id: "compare-go", onclick: () => run() }, "Compare");

  // From a link, the ids may not be among this mode's options (made in the other mode).
  async function run(linked = {}) {
    const l = left.querySelector("select").value || linked.left;
    const r = right.querySelector("select").value || linked.right;
    if (!l || !r) { out.replaceChildren(h("p.notice.warn", "Choose both sides.")); return; }
    out.replaceChildren(h("p.muted", "Comparing…"));
    try {
      const comparison = await api("/v1/comparisons", { method: "POST", body: { left: l, right: r } });
      out.replaceChildren(renderComparison(comparison, labelOf(l), labelOf(r)));
    } catch (err) {
      out.replaceChildren(await otherModeNotice([l, r]) || h("p.notice.err", { role: "alert" }, err.message));
    }
  }
  const labelOf = (id) => options.find((o) => o.id === id)?.label.replace(/ \((contract|analysis).*\)$/, "") || id;

  view.append(h("div.page",
    h("div.page-head", h("div", h("h1", "Compare"), h("p.muted", "Two contracts or two analyses of this organization and mode."))),
    h("div.card", h("div.body", h("div.pickers", left, right, go))),
    h("div.mt-24", out)));
  if (params.get("left") && params.get("right")) await run({ left: params.get("left"), right: params.get("right") });
}

function renderComparison(c, leftTitle, rightTitle) {
  const delta = c.riskScoreDelta;
  const changed = c.clauses.filter((x) => x.change !== "unchanged");
  const unchanged = c.clauses.filter((x) => x.change === "unchanged");
  const moved = c.keyDates.filter((d) => d.change !== "unchanged");
  const risks = c.risks.filter((r) => r.change !== "unchanged");
  const obligations = c.obligations.filter((o) => o.change !== "unchanged");
  return h("div.stack",
    h("p.summary-sentence", { id: "comparison-summary" }, c.summary),
    h("div.card", h("div.body.delta", { id: "risk-delta" },
      h("div", h("div.muted.small", leftTitle), h("span.num", String(c.riskScore.left.value)), " ", h(`span.badge.${c.riskScore.left.level}`, c.riskScore.left.level)),
      h("span.muted", "→"),
      h("div", h("div.muted.small", rightTitle), h("span.num", String(c.riskScore.right.value)), " ", h(`span.badge.${c.riskScore.right.level}`, c.riskScore.right.level)),
      h(`span.num.ml-auto.${delta > 0 ? "up" : delta < 0 ? "down" : "flat"}`, `${delta > 0 ? "+" : ""}${delta}`),
      h("span.muted.small", delta > 0 ? "riskier" : delta < 0 ? "less risky" : "no change"))),
    h("section.card", h("header", h("h2", "Clauses"), h("span.muted.small", `${changed.length} changed, added or removed · ${unchanged.length} unchanged`)),
      h("div.body", { id: "clause-changes" },
        h("div.sides.mb-8", h("h4", leftTitle), h("h4", rightTitle)),
        changed.length ? changed.map(clauseDiff) : h("p.muted", "No clause changed."))),
    h("div.sides",
      h("section.card", h("header", h("h2", "Key dates that moved")), h("div.body", { id: "moved-dates" }, moved.length ? h("table.grid",
        h("thead", h("tr", h("th", "Date"), h("th", "Left"), h("th", "Right"), h("th", "Moved"))),
        h("tbody", moved.map((d) => h("tr", h("td", titleCase(d.kind)), h("td", fmtDay(d.left?.date) || "—"), h("td", fmtDay(d.right?.date) || "—"),
          h("td", d.daysMoved === null || d.daysMoved === undefined ? h(`span.badge.${d.change}`, d.change) : `${d.daysMoved > 0 ? "+" : ""}${d.daysMoved} days`))))) : h("p.muted", "No key date moved."))),
      h("section.card", h("header", h("h2", "Risks and obligations")), h("div.body", { id: "risk-changes" },
        risks.length || obligations.length ? h("ul.tight-list", 
          risks.map((r) => h("li", h(`span.badge.${r.change}`, r.change === "added" ? "new risk" : r.change === "removed" ? "risk gone" : "risk changed"), " ", (r.right || r.left).title)),
          obligations.map((o) => h("li", h(`span.badge.${o.change}`, `obligation ${o.change}`), " ", `${o.party}: ${(o.right || o.left).action}`))) : h("p.muted", "No risk or obligation changed.")))));
}

function clauseDiff(c) {
  return h("div.clause-diff", { dataset: { category: c.category, change: c.change } },
    h("div.row", h("strong", c.label || titleCase(c.category)), h(`span.badge.${c.change}`, c.change),
      c.change === "changed" ? h("span.muted.small", `${Math.round(c.similarity * 100)}% similar`) : null),
    h("div.sides.mt-6", 
      h("div.side", c.left ? paragraphs(c.left.text) : h("span.muted", "— not in this version —")),
      h("div.side", c.right ? paragraphs(c.right.text) : h("span.muted", "— not in this version —"))),
    c.redline ? h("div.redline", { "aria-label": "Redline" }, c.redline.map((s) => s.op === "equal" ? s.text : h(s.op === "delete" ? "del" : "ins", s.text))) : null);
}

// A whole clause as the document lays it out: its paragraphs apart, the text's own line breaks
// (a .txt wrapped at 80 columns, a PDF's lines) joined.
function paragraphs(text) {
  return text.split(/\n\s*\n/).map((p) => h("p", p.replace(/\s*\n\s*/g, " ")));
}

// Ids from a link made in the other mode: say so and offer the switch instead of "not found".
async function otherModeNotice(ids) {
  const other = state.mode === "live" ? "test" : "live";
  const path = (id) => (id.startsWith("ctr_") ? `/v1/contracts/${id}` : `/v1/analyses/${id}`);
  const here = await Promise.all(ids.map((id) => api(path(id)).then(() => true, () => false)));
  if (here.every(Boolean)) return null;
  const there = await Promise.all(ids.map((id) => api(path(id), { mode: other }).then(() => true, () => false)));
  if (!ids.every((id, i) => here[i] || there[i])) return null;
  return h("div.notice.warn", { id: "other-mode", role: "status" },
    h("p", `${here.some(Boolean) ? "One of these versions belongs" : "These versions belong"} to ${other} mode; you are in ${state.mode} mode, which keeps its data apart.`),
    here.some(Boolean) ? null : h("button.btn.primary", { type: "button", onclick: () => requestMode(other) }, `Switch to ${other} mode`));
}
