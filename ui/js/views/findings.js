// The findings column's sections: overview (score, drivers, parties, law), then risks, clauses,
// obligations and key dates, one section at a time behind a tab strip (the section index), so
// the column is as tall as one section, not all of them. Every clickable finding goes through
// `finding(el, ids, meta)` (result.js), which wires the evidence and keyboard navigation.

import { fmtDay, h, svg, titleCase } from "../dom.js";

export const SEVERITIES = ["critical", "high", "medium", "low"];
export const FINDING = 0.5;
// Above this many clause findings the categories start folded (their names and counts stay).
const OPEN_CATEGORIES_UP_TO = 15;
// Long obligation tables show this many rows at a time ("Show more"); printing shows them all.
const OBLIGATION_PAGE = 25;

export function overview(result, finding) {
  const { riskScore, summary } = result;
  const risks = new Map(result.risks.map((r) => [r.id, r]));
  const drivers = riskScore.drivers.map((d) => {
    const risk = risks.get(d.riskId);
    return h("li", finding(h("button.linklike", { type: "button" }, risk?.title || d.riskId), risk?.evidenceIds), h("span.pts", `+${Math.round(d.points)}`));
  });
  const parties = summary.parties.length
    ? summary.parties.map((p, i) => [i ? ", " : "", finding(h("button.linklike", { type: "button" }, p.name), p.evidenceIds, { review: { kind: "party", name: p.name } }), h("span.muted", ` (${p.role})`)])
    : h("span.muted", "None identified");
  const law = summary.governingLaw
    ? finding(h("button.linklike", { type: "button", id: "governing-law" }, summary.governingLaw.jurisdiction), summary.governingLaw.evidenceIds, { review: { kind: "governing_law" } })
    : h("span.muted", "Not stated");
  return h("div", { id: "overview" },
    h("div.score", { id: "risk-score" },
      dial(riskScore.value, riskScore.level),
      h("div",
        h("div.row", h("span.value", String(riskScore.value)), h("span.muted", "/ 100"), h(`span.badge.${riskScore.level}`, { id: "risk-level" }, `${riskScore.level} risk`)),
        drivers.length ? h("ul.drivers", drivers) : h("p.muted.small", "No risk drivers."))),
    h("p.mt-12", summary.text),
    h("dl.facts",
      h("dt", "Document type"), h("dd", summary.documentType || "—"),
      h("dt", "Parties"), h("dd", parties),
      h("dt", "Governing law"), h("dd", law)));
}

function dial(value, level) {
  const r = 40;
  const c = 2 * Math.PI * r;
  return svg("svg", { class: "dial", viewBox: "0 0 96 96", role: "img", "aria-label": `Risk score ${value} of 100, ${level}` },
    svg("circle", { cx: 48, cy: 48, r, fill: "none", stroke: "#eef1f4", "stroke-width": 9 }),
    svg("circle", { cx: 48, cy: 48, r, fill: "none", stroke: `var(--${level})`, "stroke-width": 9, "stroke-linecap": "round", "stroke-dasharray": `${(c * value) / 100} ${c}`, transform: "rotate(-90 48 48)" }));
}

function panel(id, title, ...body) {
  return h("section.section", { id: `panel-${id}` }, h("h2.print-only", title), ...body);
}

export function risksPanel(result, finding) {
  const risks = [...result.risks].sort((a, b) => SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity));
  // A risk about something missing quotes nothing: there is no text to point at.
  const absent = (risk) => !risk.evidenceIds?.length;
  return panel("risks", "Risks", risks.length ? h("div", { id: "risks" }, risks.map((risk) =>
    finding(h("button.finding", { type: "button", dataset: { risk: risk.id, severity: risk.severity, ...(absent(risk) ? { absent: "true" } : {}) } },
      h("span.title", h(`span.badge.${risk.severity}`, risk.severity), risk.title,
        absent(risk) ? h("span.badge.absent", { title: "No clause of this kind was found; nothing to highlight." }, "Not found in this contract") : null,
        risk.fromRevision ? h("span.badge.changed.from-revision", { title: "The Word file's tracked changes raised this risk (see Changes)." }, "From tracked change") : null),
      h("p.expl", risk.explanation),
      h("p.rec", h("b", "Recommendation: "), risk.recommendation)), risk.evidenceIds, { kind: "risk", id: risk.id, severity: risk.severity }))) : h("p.muted", "No risks found."));
}

const byCategory = (clauses) => {
  const groups = new Map();
  for (const clause of clauses) {
    if (!groups.has(clause.category)) groups.set(clause.category, []);
    groups.get(clause.category).push(clause);
  }
  return [...groups];
};

export const clauseFindings = (result) => [...result.clauses].filter((c) => c.confidence >= FINDING).sort((a, b) => b.confidence - a.confidence);

// Findings are clauses with confidence >= 50%; the rest are candidates a reviewer may open, kept
// apart (folded, counted separately) so they are never read or counted as findings: under each
// category with findings its own candidates fold ("2 candidates below 50%"), and the candidates of
// categories with no finding sit in one folded drawer at the end.
export function clausesPanel(result, finding) {
  const sorted = [...result.clauses].sort((a, b) => b.confidence - a.confidence);
  const found = sorted.filter((c) => c.confidence >= FINDING);
  const candidates = new Map(byCategory(sorted.filter((c) => c.confidence < FINDING)));
  const open = found.length <= OPEN_CATEGORIES_UP_TO;
  const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const heading = (category, clauses) => [h("span.cat-name", clauses[0].label || titleCase(category)), h("span.count", ` (${clauses.length})`)];
  const item = (clause, category, asFinding) => finding(
    h("button.finding", { type: "button", dataset: { clause: clause.id } }, h("span.title", evidenceSnippet(result, clause.evidenceIds), confidence(clause.confidence))),
    clause.evidenceIds, { kind: asFinding ? "clause" : "candidate", id: clause.id, category });
  const findingGroups = byCategory(found).map(([category, clauses]) => {
    const more = candidates.get(category) || [];
    candidates.delete(category);
    return h("details.category", { dataset: { category }, open }, h("summary", heading(category, clauses)),
      clauses.map((c) => item(c, category, true)),
      more.length ? h("details.candidates", { dataset: { category } },
        h("summary", `${plural(more.length, "candidate")} below 50% confidence (not findings)`),
        more.map((c) => item(c, category, false))) : null);
  });
  const rest = [...candidates];
  const restCount = rest.reduce((n, [, clauses]) => n + clauses.length, 0);
  return panel("clauses", "Clauses", h("div", { id: "clauses" },
    found.length ? findingGroups : h("p.muted", "No clause found with confidence of 50% or more."),
    restCount
      ? h("details.candidates", { id: "clause-candidates" },
        h("summary", `${plural(restCount, "candidate")} below 50% confidence in ${rest.length} ${rest.length === 1 ? "category" : "categories"} with no finding`),
        rest.map(([category, clauses]) => h("div.category", { dataset: { category } }, h("h3", heading(category, clauses)), clauses.map((c) => item(c, category, false)))))
      : null));
}

function evidenceSnippet(result, ids) {
  const ev = result.evidence.find((e) => e.id === ids?.[0]);
  const text = (ev?.text || "").replace(/\s+/g, " ").trim();
  return h("span.snippet", text ? `“${text}”` : "(no quote)");
}

function confidence(value) {
  const pct = Math.round(value * 100);
  return h("span.conf", { title: `Confidence ${pct}%` }, h("i", h("b", { style: `width:${pct}%` })), `${pct}%`);
}

// Obligations: the action is the control (a button in the row), so the row itself carries no
// button semantics (aria-pressed is not allowed on a table row).
export function obligationsPanel(result, finding) {
  if (!result.obligations.length) return panel("obligations", "Obligations", h("p.muted", "No obligations found."));
  return panel("obligations", "Obligations", h("table.grid.obligations", { id: "obligations" },
    h("thead", h("tr", h("th", { scope: "col" }, "Party"), h("th", { scope: "col" }, "Action"), h("th", { scope: "col" }, "Due"))),
    h("tbody", result.obligations.map((o) => {
      const action = finding(h("button.linklike.cell-button", { type: "button", dataset: { obligation: o.id } }, o.action), o.evidenceIds, { kind: "obligation", id: o.id });
      const tr = h("tr", { dataset: { obligationRow: o.id } }, h("td", o.party), h("td", action), h("td", o.due ? (o.due.date ? fmtDay(o.due.date) : o.due.text) : "—"));
      action.addEventListener("click", () => {
        for (const row of tr.parentElement.children) row.classList.toggle("selected", row === tr);
      });
      return tr;
    }))), showMore());
}

// Rows past the first page carry data-paged (hidden); "Show more" reveals the next page, and
// keyboard navigation reveals a row it lands on.
function showMore() {
  const button = h("button.btn.small.mt-8", { type: "button", id: "obligations-more", onclick: () => {
    const table = button.previousElementSibling;
    [...table.querySelectorAll("tr[data-paged]")].slice(0, OBLIGATION_PAGE).forEach((tr) => tr.removeAttribute("data-paged"));
    label();
  } });
  const label = () => {
    const left = button.previousElementSibling?.querySelectorAll("tr[data-paged]").length || 0;
    button.hidden = left === 0;
    button.textContent = `Show ${Math.min(left, OBLIGATION_PAGE)} more (${left} not shown)`;
  };
  queueMicrotask(() => {
    const rows = button.previousElementSibling?.querySelectorAll("tbody tr") || [];
    [...rows].slice(OBLIGATION_PAGE).forEach((tr) => tr.setAttribute("data-paged", ""));
    label();
  });
  return button;
}

export function keyDatesPanel(result, finding) {
  const today = new Date().toISOString().slice(0, 10);
  const dates = [...result.keyDates].sort((a, b) => (a.date || "9999").localeCompare(b.date || "9999"));
  if (!dates.length) return panel("dates", "Key dates", h("p.muted", "No key dates found."));
  return panel("dates", "Key dates", h("ol.timeline", { id: "key-dates" }, dates.map((d) =>
    h(`li${d.date && d.date < today ? ".past" : ""}`,
      finding(h("button.finding", { type: "button", dataset: { keyDate: d.id } },
        h("span.title", h("span.when", d.date ? fmtDay(d.date) : "Date not fixed"), h("span.badge", titleCase(d.kind))),
        h("p.expl", d.text),
        d.date ? h("span.rel", relative(d.date)) : null), d.evidenceIds, { kind: "keyDate", id: d.id })))));
}

function relative(day) {
  const days = Math.round((new Date(`${day}T00:00:00`) - new Date(new Date().toDateString())) / 86400000);
  if (days === 0) return "today";
  return days > 0 ? `in ${days.toLocaleString()} day${days === 1 ? "" : "s"}` : `${(-days).toLocaleString()} day${days === -1 ? "" : "s"} ago`;
}
