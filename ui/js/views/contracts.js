// Saved contracts: search by title and party, filter by risk level and expiry, pick two to compare.

import { api } from "../api.js";
import { fmtDate, fmtDay, h, toast } from "../dom.js";
import { can } from "../store.js";

export async function renderContracts(view) {
  const q = h("input", { type: "search", id: "contracts-q", placeholder: "Title or party", "aria-label": "Search contracts" });
  const level = h("select", { id: "contracts-level", "aria-label": "Risk level" },
    h("option", { value: "" }, "Any risk level"), ["critical", "high", "medium", "low"].map((l) => h("option", { value: l }, l.charAt(0).toUpperCase() + l.slice(1))));
  const expires = h("input", { type: "date", id: "contracts-expires", "aria-label": "Expires before" });
  const compareBtn = h("button.btn.primary", { type: "button", id: "compare-selected", disabled: true, onclick: () => {
    const [left, right] = [...selected];
    location.hash = `#/compare?left=${left}&right=${right}`;
  } }, "Compare selected");
  const tbody = h("tbody");
  const more = h("button.btn", { type: "button", hidden: true }, "Load more");
  const selected = new Set();
  let last = null;

  async function load(append = false) {
    try {
      const page = await api("/v1/contracts", { query: { q: q.value.trim(), riskLevel: level.value, expiresBefore: expires.value, limit: 50, startingAfter: append ? last : undefined } });
      if (!append) tbody.replaceChildren();
      for (const c of page.data) tbody.append(row(c));
      if (!append && !page.data.length) tbody.append(h("tr", h("td.empty", { colspan: 8 }, "No saved contracts match. Save one from an analysis result.")));
      last = page.data.at(-1)?.contractId || last;
      more.hidden = !page.hasMore;
    } catch (err) {
      tbody.replaceChildren(h("tr", h("td.error-text", { colspan: 8 }, err.message)));
    }
  }

  function row(c) {
    const box = h("input", { type: "checkbox", "aria-label": `Select ${c.title}`, onclick: (e) => e.stopPropagation(), onchange: () => {
      if (box.checked) selected.add(c.contractId); else selected.delete(c.contractId);
      if (selected.size > 2) { toast("Pick two contracts to compare.", "err"); box.checked = false; selected.delete(c.contractId); }
      compareBtn.disabled = selected.size !== 2;
    } });
    const tr = h("tr.clickable", { tabindex: "0", dataset: { contract: c.contractId }, onclick: () => (location.hash = `#/contract/${c.contractId}`),
      onkeydown: (e) => e.key === "Enter" && (location.hash = `#/contract/${c.contractId}`) },
      h("td", box),
      h("td", h("strong", c.title)),
      h("td", c.documentType || "—"),
      h("td", c.parties.map((p) => p.name).join(", ") || "—"),
      h("td", h(`span.badge.${c.riskScore.level}`, `${c.riskScore.level} · ${c.riskScore.value}`)),
      h("td", fmtDay(c.effectiveDate)),
      h("td", fmtDay(c.expirationDate)),
      h("td.muted.small", fmtDate(c.createdAt)));
    return tr;
  }

  let timer = null;
  const reload = () => { clearTimeout(timer); timer = setTimeout(() => load(false), 200); };
  for (const el of [q, level, expires]) el.addEventListener("input", reload);
  more.addEventListener("click", () => load(true));

  view.append(h("div.page",
    h("div.page-head", h("div", h("h1", "Contracts"), h("p.muted", "Analyses saved as contracts keep their own copy of the result.")), h("span.spacer"), can("comparisons:write") ? compareBtn : null),
    h("div.card",
      h("header.wrap-gap", q, level, h("label.row.small.muted", "Expires before", expires)),
      h("table.grid", { id: "contracts-table" },
        h("thead", h("tr", h("th", h("span.sr-only", "Select")), h("th", "Title"), h("th", "Type"), h("th", "Parties"), h("th", "Risk"), h("th", "Effective"), h("th", "Expires"), h("th", "Saved"))),
        tbody)),
    h("div.mt-12", more)));
  await load();
}
