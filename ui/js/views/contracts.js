// Saved contracts: search by title and party, filter by risk level, expiry and review state; the
// review status of each; rename and delete (with confirmation); pick two to compare.

import { api } from "../api.js";
import { fmtDate, fmtDay, h, modal, toast } from "../dom.js";
import { reviewBadge } from "./decisions.js";
import { can } from "../store.js";

export async function renderContracts(view) {
  const q = h("input", { type: "search", id: "contracts-q", placeholder: "Title or party", "aria-label": "Search contracts" });
  const level = h("select", { id: "contracts-level", "aria-label": "Risk level" },
    h("option", { value: "" }, "Any risk level"), ["critical", "high", "medium", "low"].map((l) => h("option", { value: l }, l.charAt(0).toUpperCase() + l.slice(1))));
  const expires = h("input", { type: "date", id: "contracts-expires", "aria-label": "Expires before" });
  const reviewState = h("select", { id: "contracts-review", "aria-label": "Review state" },
    h("option", { value: "" }, "Any review state"), h("option", { value: "not_started" }, "Not started"), h("option", { value: "in_review" }, "In review"), h("option", { value: "reviewed" }, "Reviewed"));
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
      const page = await api("/v1/contracts", { query: { q: q.value.trim(), riskLevel: level.value, expiresBefore: expires.value, reviewState: reviewState.value, limit: 50, startingAfter: append ? last : undefined } });
      if (!append) tbody.replaceChildren();
      for (const c of page.data) tbody.append(row(c));
      if (!append && !page.data.length) tbody.append(h("tr", h("td.empty", { colspan: 10 }, "No saved contracts match. Save one from an analysis result.")));
      last = page.data.at(-1)?.contractId || last;
      more.hidden = !page.hasMore;
    } catch (err) {
      tbody.replaceChildren(h("tr", h("td.error-text", { colspan: 10 }, err.message)));
    }
  }

  function row(c) {
    const box = h("input", { type: "checkbox", "aria-label": `Select ${c.title}`, onclick: (e) => e.stopPropagation(), onchange: () => {
      if (box.checked) selected.add(c.contractId); else selected.delete(c.contractId);
      if (selected.size > 2) { toast("Pick two contracts to compare.", "err"); box.checked = false; selected.delete(c.contractId); }
      compareBtn.disabled = selected.size !== 2;
    } });
    const title = h("a.strong-link", { href: `#/contract/${c.contractId}` }, c.title);
    const tr = h("tr.clickable", { dataset: { contract: c.contractId }, onclick: (e) => { if (!e.target.closest("a, button, input")) location.hash = `#/contract/${c.contractId}`; } },
      h("td", box),
      h("td", title),
      h("td", c.documentType || "—"),
      h("td", c.parties.map((p) => p.name).join(", ") || "—"),
      h("td", h(`span.badge.${c.riskScore.level}`, `${c.riskScore.level} · ${c.riskScore.value}`)),
      h("td", fmtDay(c.effectiveDate)),
      h("td", fmtDay(c.expirationDate)),
      h("td", reviewBadge(c.review)),
      h("td.muted.small", fmtDate(c.createdAt)),
      h("td.right", can("contracts:write") ? h("div.row.nowrap",
        h("button.btn.small", { type: "button", "aria-label": `Rename ${c.title}`, onclick: () => rename(c, title, tr) }, "Rename"),
        h("button.btn.small.danger", { type: "button", "aria-label": `Delete ${c.title}`, onclick: () => remove(c, tr) }, "Delete")) : null));
    return tr;
  }

  let timer = null;
  const reload = () => { clearTimeout(timer); timer = setTimeout(() => load(false), 200); };
  for (const el of [q, level, expires, reviewState]) el.addEventListener("input", reload);
  more.addEventListener("click", () => load(true));

  view.append(h("div.page",
    h("div.page-head", h("div", h("h1", "Contracts"), h("p.muted", "Analyses saved as contracts keep their own copy of the result.")), h("span.spacer"), can("comparisons:write") ? compareBtn : null),
    h("div.card",
      h("header.wrap-gap", q, level, reviewState, h("label.row.small.muted", "Expires before", expires)),
      h("table.grid", { id: "contracts-table" },
        h("thead", h("tr", h("th", h("span.sr-only", "Select")), h("th", "Title"), h("th", "Type"), h("th", "Parties"), h("th", "Risk"), h("th", "Effective"), h("th", "Expires"), h("th", "Review"), h("th", "Saved"), h("th", h("span.sr-only", "Actions")))),
        tbody)),
    h("div.mt-12", more)));
  await load();
}

async function rename(c, titleEl, tr) {
  const input = h("input", { type: "text", id: "rename-title", value: c.title, maxlength: 200, "aria-label": "New title" });
  const answer = modal(`Rename “${c.title}”`, h("label.field", h("span", "Title"), input), [{ label: "Cancel", value: null }, { label: "Rename", value: "ok", kind: "primary" }]);
  input.focus();
  input.select();
  input.addEventListener("keydown", (e) => e.key === "Enter" && (e.preventDefault(), input.closest("dialog").querySelector(".btn.primary").click()));
  if ((await answer) !== "ok") return;
  const value = input.value.trim(); // the dialog's content is gone from the page, the input's value is not
  try {
    const updated = await api(`/v1/contracts/${c.contractId}`, { method: "PATCH", body: { title: value } });
    for (const el of tr.querySelectorAll("[aria-label]")) el.setAttribute("aria-label", el.getAttribute("aria-label").replace(c.title, updated.title));
    c.title = updated.title;
    titleEl.textContent = updated.title;
    toast(`Renamed to “${updated.title}”.`);
  } catch (err) { toast(err.message, "err"); }
}

async function remove(c, tr) {
  const ok = await modal(`Delete “${c.title}”?`, h("p", "The saved contract, the analysis and document it was saved from, and its place in searches go. Its review decisions and notes go too, unless another saved contract shows the same document. This cannot be undone."),
    [{ label: "Cancel", value: false }, { label: "Delete contract", value: true, kind: "danger" }]);
  if (ok !== true) return;
  try {
    await api(`/v1/contracts/${c.contractId}`, { method: "DELETE" });
    tr.remove();
    toast(`Deleted “${c.title}”.`);
  } catch (err) { toast(err.message, "err"); }
}
