// The review grid of a set (issue 15, `#/sets/{id}`): one row per contract, one column per
// question, each cell the answer (found / not found / the value) with its confidence. The whole
// grid comes in one answer (GET /v1/review_sets/{id}/grid); sorting and filtering happen here and
// only the rows in view are in the page (virtual scrolling), so 2,000 contracts scroll smoothly.
// A cell opens in the side panel with its quote, a link to the contract at the evidence, and the
// reviewer's Confirm / Correct / Reject (review decisions, POST /v1/contracts/{id}/reviews).

import { api } from "../api.js";
import { download, fmtDate, h, toast } from "../dom.js";
import { slug } from "../exports.js";
import { can, state } from "../store.js";
import { importJob, installWindowImport, startImport } from "../importer.js";
import { importProgress, importZone, statusSummary } from "./sets.js";

const ROW_HEIGHT = 36; // px, the same in ui/css/grid.css (.grid-row)
const OVERSCAN = 8; // rows rendered above and below the visible ones
const POLL_MS = 2000;
const DEFAULT_COLUMNS = ["parties", "document_type", "expiration_date", "renewal", "governing_law", "anti_assignment",
  "change_of_control", "exclusivity", "non_compete", "termination_for_convenience", "cap_on_liability", "uncapped_liability"];
const FIXED = [
  { key: "title", label: "Contract", width: 260 },
  { key: "label", label: "Folder", width: 170 },
  { key: "status", label: "Status", width: 112 },
];
const WIDE = new Set(["parties", "governing_law", "document_type"]);
const OPS = [
  ["found", "is found"],
  ["not_found", "is not found"],
  ["contains", "contains"],
  ["pending", "is not answered yet"],
  ["confirmed", "is confirmed"],
  ["corrected", "is corrected"],
  ["undecided", "has no decision"],
];
const DECISION = { accept: "accept", accepted: "accept", reject: "reject", rejected: "reject", correct: "correct", corrected: "correct" };
const STATUS_TEXT = { queued: "Queued", running: "Processing", processing: "Processing", completed: "Completed", failed: "Failed" };
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

// What a person set up on a set's grid (columns are everyone's choice, kept in localStorage)
// survives going to a contract and coming back.
const memory = new Map();

export async function renderGrid(view, setId) {
  performance.clearMarks("cb:grid:start");
  performance.mark("cb:grid:start");
  const scope = `${state.orgId}/${state.mode}`;
  const ui = memory.get(`${scope}/${setId}`) || { sort: null, filters: { match: "all", conditions: [], text: "", status: "" }, scrollTop: 0, focus: { row: 0, col: 0 } };
  memory.set(`${scope}/${setId}`, ui);
  const [set, grid] = await Promise.all([api(`/v1/review_sets/${setId}`), fetchGrid(setId, [...storedColumns(), ...ui.filters.conditions.map((c) => c.key)])]);
  performance.mark("cb:grid:data");
  const model = new GridModel(grid, ui);
  const page = new GridPage(view, set, model, ui, scope);
  page.render();
  page.poll();
}

// --- the data: rows, effective answers, filter and sort ----------------------------------------

function storedColumns() {
  const stored = JSON.parse(localStorage.getItem("cb.grid.columns") || "null");
  return Array.isArray(stored) && stored.length ? stored : DEFAULT_COLUMNS;
}

// The grid with the answers to `keys` only (what is shown and filtered on): 2,000 rows of a few
// questions, not of all forty. A key the server does not know (a column kept from an older
// version) falls back to its default questions.
async function fetchGrid(setId, keys) {
  const questions = [...new Set(keys)].join(",");
  try {
    return await api(`/v1/review_sets/${setId}/grid`, { query: { questions } });
  } catch (err) {
    if (err.param !== "questions") throw err;
    return api(`/v1/review_sets/${setId}/grid`);
  }
}

class GridModel {
  constructor(grid, ui) {
    this.ui = ui;
    this.load(grid);
  }

  load(grid) {
    this.questions = grid.availableQuestions || grid.questions;
    this.byKey = new Map(this.questions.map((q) => [q.key, q]));
    this.loaded = new Set(grid.questions.map((q) => q.key)); // the questions whose answers came
    this.rows = grid.rows;
    this.columns = storedColumns().filter((k) => this.loaded.has(k));
    if (!this.columns.length) this.columns = grid.questions.slice(0, 12).map((q) => q.key);
    this.apply();
  }

  // The questions the grid must carry answers for: the columns and the filter's.
  needed() {
    return [...this.columns, ...this.ui.filters.conditions.map((c) => c.key)];
  }

  setColumns(keys) {
    this.columns = keys.filter((k) => this.byKey.has(k));
    localStorage.setItem("cb.grid.columns", JSON.stringify(this.columns));
  }

  // The rows shown, in order: filtered, then sorted (a stable sort on the set's own order).
  apply() {
    const { filters, sort } = this.ui;
    const text = filters.text.trim().toLowerCase();
    const conditions = filters.conditions.filter((c) => this.byKey.has(c.key) && (c.op !== "contains" || c.value.trim()));
    const test = (row) => {
      if (text && !`${row.title} ${row.label || ""}`.toLowerCase().includes(text)) return false;
      if (filters.status && statusGroup(row.status) !== filters.status) return false;
      if (!conditions.length) return true;
      const results = conditions.map((c) => matches(effective(row.cells?.[c.key]), c));
      return filters.match === "any" ? results.some(Boolean) : results.every(Boolean);
    };
    let shown = this.rows.filter(test);
    if (sort) {
      const keyed = shown.map((row, i) => ({ row, i, key: sortKey(row, sort.key) }));
      const dir = sort.dir === "desc" ? -1 : 1;
      keyed.sort((a, b) => compareKeys(a.key, b.key) * dir || a.i - b.i);
      shown = keyed.map((k) => k.row);
    }
    this.shown = shown;
  }
}

const statusGroup = (status) => (status === "completed" || status === "failed" ? status : "progress");

// A cell as the reviewer sees it. The server already puts reviewed values in the answer (a
// rejected clause reads not found, a corrected one its value); here only the decision's name is
// made one word, and a row still running has no cells yet.
export function effective(cell) {
  if (!cell) return { answer: "pending", value: null, confidence: null, decision: null };
  if (!cell.decision) return cell;
  return { ...cell, decision: { ...cell.decision, action: DECISION[cell.decision.action] || cell.decision.action } };
}

function matches(cell, { op, value }) {
  const found = cell.answer === "found" || cell.answer === "value";
  switch (op) {
    case "found": return found;
    case "not_found": return cell.answer === "not_found";
    case "pending": return cell.answer === "pending";
    case "contains": return found && (cell.value || "").toLowerCase().includes(value.trim().toLowerCase());
    case "confirmed": return cell.decision?.action === "accept";
    case "corrected": return cell.decision?.action === "correct";
    case "undecided": return !cell.decision;
    default: return true;
  }
}

// Sorting a question: answers first (by value, then by confidence, highest first), then not
// found, then not answered yet.
const RANK = { value: 0, found: 0, not_found: 1, pending: 2 };
function sortKey(row, key) {
  if (key === "title") return [0, row.title || ""];
  if (key === "label") return [row.label ? 0 : 1, row.label || ""];
  if (key === "status") return [0, statusOrder(row.status)];
  const cell = effective(row.cells?.[key]);
  return [RANK[cell.answer] ?? 3, cell.value || "", -(cell.confidence ?? 0)];
}
const statusOrder = (status) => ({ failed: 0, running: 1, processing: 1, queued: 2, completed: 3 })[status] ?? 4;

function compareKeys(a, b) {
  for (let i = 0; i < a.length; i++) {
    const d = typeof a[i] === "string" ? collator.compare(a[i], b[i]) : a[i] - b[i];
    if (d) return d;
  }
  return 0;
}

// --- the page ------------------------------------------------------------------------------------

class GridPage {
  constructor(view, set, model, ui, scope) {
    Object.assign(this, { view, set, model, ui, scope });
    this.writable = can("contracts:write");
    this.selected = null; // {row, key}
    this.rendered = { start: -1, end: -1 };
    this.results = new Map(); // contractId|analysisId -> result (quotes for the side panel)
  }

  render() {
    const { set } = this;
    this.counts = h("span", { id: "set-counts" }, statusSummary(set.statusCounts));
    this.contractCount = h("span.muted.small", `${set.contractCount.toLocaleString()} contracts`);
    this.shownText = h("span.muted.small", { id: "grid-count", "aria-live": "polite" });
    // One listener of each kind for every cell (the rows come and go as the grid scrolls).
    const cellOf = (e) => {
      const cell = e.target.closest(".gc.answer");
      return cell && { row: this.model.shown[Number(cell.closest("[data-row]").dataset.row)], key: cell.dataset.key };
    };
    this.scroller = h("div.grid-scroll", {
      id: "review-grid", role: "grid", "aria-label": `Contracts of ${set.name}`,
      onscroll: () => this.onScroll(), onkeydown: (e) => this.onKey(e),
      onclick: (e) => { const c = cellOf(e); if (c) this.select(c.row, c.key, true); },
      ondblclick: (e) => { const c = cellOf(e); if (c) this.openEvidence(c.row, c.key); },
    });
    this.head = h("div.grid-head", { role: "rowgroup" });
    this.body = h("div.grid-body", { role: "rowgroup" });
    this.scroller.append(this.head, this.body);
    new ResizeObserver(() => { this.sizes = null; }).observe(this.scroller); // the window or the panel changed its size
    this.panel = h("aside.cell-panel", { id: "cell-panel", "aria-label": "Selected answer", hidden: true });
    const exports = h("div.row", { role: "group", "aria-label": "Export the grid" },
      h("button.btn", { type: "button", id: "export-xlsx", onclick: () => this.exportAs("xlsx") }, "Export Excel (.xlsx)"),
      h("button.btn", { type: "button", id: "export-csv", onclick: () => this.exportAs("csv") }, "Export CSV"));
    const addFiles = this.writable && can("analyses:write")
      ? popover(h("details.add-files", { id: "add-files" }, h("summary.btn.small", "Add files to this set"),
        importZone(`set-${set.id}`, (items) => { addFiles.open = false; startImport(set.id, items, this.scope); })))
      : null;
    this.view.append(h("div.page.grid-page",
      h("div.page-head",
        h("div.min-w-0", h("p.small.mb-6", h("a", { href: "#/sets" }, "Review sets")), h("h1", { id: "set-name" }, set.name),
          h("div.row.mt-6", this.contractCount, this.counts)),
        h("span.spacer"), addFiles, exports),
      importProgress(set.id),
      this.toolbar(),
      h("div.grid-wrap", this.scroller, this.panel)));
    this.layout();
    installWindowImport(this.scroller, (items) => this.writable && startImport(set.id, items, this.scope));
    requestAnimationFrame(() => {
      this.scroller.scrollTop = this.ui.scrollTop;
      this.paintRows(true);
      requestAnimationFrame(() => {
        performance.clearMarks("cb:grid:first-screen");
        performance.mark("cb:grid:first-screen");
        performance.clearMeasures("cb:grid:first-screen");
        performance.measure("cb:grid:first-screen", "cb:grid:start", "cb:grid:first-screen");
        this.scroller.dataset.ready = "true";
      });
    });
  }

  // --- toolbar: search, status, filter conditions, columns ---

  toolbar() {
    const { filters } = this.ui;
    const search = h("input", { type: "search", id: "grid-search", value: filters.text, placeholder: "Title or folder", "aria-label": "Search contracts by title or folder" });
    let timer = null;
    search.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(() => { filters.text = search.value; this.refilter(); }, 150); });
    const status = h("select", { id: "grid-status", "aria-label": "Status" },
      [["", "Any status"], ["completed", "Completed"], ["progress", "In progress"], ["failed", "Failed"]].map(([v, t]) => h("option", { value: v, selected: filters.status === v }, t)));
    status.addEventListener("change", () => { filters.status = status.value; this.refilter(); });
    this.conditionsEl = h("div.conditions", { id: "grid-conditions" });
    const match = h("select", { id: "grid-match", "aria-label": "Combine conditions" },
      h("option", { value: "all", selected: filters.match === "all" }, "All conditions"), h("option", { value: "any", selected: filters.match === "any" }, "Any condition"));
    match.addEventListener("change", () => { filters.match = match.value; this.paintConditions(); this.refilter(); });
    const add = h("button.btn.small", { type: "button", id: "add-condition", onclick: () => {
      filters.conditions.push({ key: this.model.columns[0] || this.model.questions[0]?.key, op: "found", value: "" });
      this.paintConditions();
      this.refilter();
      this.conditionsEl.querySelector(".condition:last-child select")?.focus();
    } }, "Add condition");
    this.paintConditions();
    return h("div.card.grid-toolbar.mb-8",
      h("div.row.wrap-gap", search, status, h("span.muted.small", "Filter:"), match, add, h("span.spacer"), this.shownText, this.columnsChooser()),
      this.conditionsEl);
  }

  paintConditions() {
    const { filters } = this.ui;
    this.conditionsEl.replaceChildren(...filters.conditions.map((c, i) => {
      const question = h("select", { "aria-label": `Condition ${i + 1}: question` },
        this.model.questions.map((q) => h("option", { value: q.key, selected: q.key === c.key }, q.label)));
      const op = h("select", { "aria-label": `Condition ${i + 1}: test` }, OPS.map(([v, t]) => h("option", { value: v, selected: v === c.op }, t)));
      const value = h("input", { type: "text", value: c.value, hidden: c.op !== "contains", placeholder: "text", "aria-label": `Condition ${i + 1}: text` });
      question.addEventListener("change", () => { c.key = question.value; this.refilter(); });
      op.addEventListener("change", () => { c.op = op.value; value.hidden = c.op !== "contains"; this.refilter(); });
      value.addEventListener("input", () => { c.value = value.value; this.refilter(); });
      const remove = h("button.btn.small", { type: "button", "aria-label": `Remove condition ${i + 1}`, onclick: () => {
        filters.conditions.splice(i, 1);
        this.paintConditions();
        this.refilter();
      } }, "×");
      return h("div.row.condition", { dataset: { condition: String(i) } }, i ? h("span.muted.small.join", filters.match === "any" ? "or" : "and") : null, question, op, value, remove);
    }));
  }

  columnsChooser() {
    const boxes = this.model.questions.map((q) => h("label",
      h("input", { type: "checkbox", value: q.key, checked: this.model.columns.includes(q.key), onchange: () => {
        const keys = boxes.map((b) => b.querySelector("input")).filter((i) => i.checked).map((i) => i.value);
        localStorage.setItem("cb.grid.columns", JSON.stringify(keys));
        summary.textContent = `Columns (${keys.length})`;
        if (keys.every((k) => this.model.loaded.has(k))) {
          this.model.setColumns(keys);
          this.layout();
        } else {
          this.reload();
        }
      } }), q.label));
    const group = (kind, title) => {
      const inKind = boxes.filter((b, i) => (this.model.questions[i].kind || "clause") === kind);
      return inKind.length ? h("fieldset.checks.column-group", h("legend", title), inKind) : null;
    };
    const summary = h("summary.btn.small", `Columns (${this.model.columns.length})`);
    const kinds = new Set(this.model.questions.map((q) => q.kind || "clause"));
    return popover(h("details.columns-chooser", { id: "columns-chooser" }, summary,
      h("div.columns-panel", group("fact", "Facts"), group("clause", "Clauses"),
        [...kinds].filter((k) => k !== "fact" && k !== "clause").map((k) => group(k, k)))));
  }

  refilter() {
    if (!this.model.needed().every((k) => this.model.loaded.has(k))) return this.reload();
    this.model.apply();
    this.ui.focus.row = Math.min(this.ui.focus.row, Math.max(0, this.model.shown.length - 1));
    this.layout();
  }

  // --- the grid: header, sizes, the rows in view ---

  get columns() {
    return [...FIXED, ...this.model.columns.map((key) => ({ key, label: this.model.byKey.get(key).label, width: WIDE.has(key) ? 220 : 160, question: true }))];
  }

  layout() {
    const columns = this.columns;
    const count = this.model.shown.length;
    this.scroller.style.setProperty("--cols", columns.map((c) => `${c.width}px`).join(" "));
    this.scroller.style.setProperty("--row-w", `${columns.reduce((sum, c) => sum + c.width, 0)}px`);
    this.body.style.setProperty("--body-h", `${count * ROW_HEIGHT}px`);
    this.scroller.setAttribute("aria-rowcount", String(count + 1));
    this.scroller.setAttribute("aria-colcount", String(columns.length));
    this.ui.focus.col = Math.min(this.ui.focus.col, columns.length - 1);
    const total = this.model.rows.length;
    this.shownText.textContent = count === total ? `${total.toLocaleString()} contracts` : `Showing ${count.toLocaleString()} of ${total.toLocaleString()} contracts`;
    this.paintHead();
    this.paintRows(true);
  }

  paintHead() {
    const { sort } = this.ui;
    const cells = this.columns.map((c, i) => {
      const dir = sort?.key === c.key ? sort.dir : null;
      const cell = h(`div.gh${i === 0 ? ".sticky" : ""}`, {
        role: "columnheader", "aria-colindex": String(i + 1), tabindex: "-1", title: `Sort by ${c.label}`,
        "aria-sort": dir === "asc" ? "ascending" : dir === "desc" ? "descending" : "none", dataset: { col: String(i), key: c.key },
        onclick: () => this.sortBy(c.key),
      }, h("span.gh-label", c.label), h("span.sort-mark", { "aria-hidden": "true" }, dir === "asc" ? "▲" : dir === "desc" ? "▼" : ""));
      return cell;
    });
    this.head.replaceChildren(h("div.grid-row.head", { role: "row", "aria-rowindex": "1" }, cells));
  }

  sortBy(key) {
    const current = this.ui.sort;
    this.ui.sort = current?.key !== key ? { key, dir: "asc" } : current.dir === "asc" ? { key, dir: "desc" } : null;
    this.model.apply();
    this.layout();
    this.head.querySelector(`[data-key="${key}"]`)?.focus();
  }

  // From the scroll position and the sizes the ResizeObserver keeps, so that painting rows never
  // forces a layout of its own.
  visibleRange() {
    if (!this.sizes) this.sizes = { head: this.head.offsetHeight, height: this.scroller.clientHeight };
    const top = Math.max(0, this.scroller.scrollTop - this.sizes.head);
    const height = this.sizes.height;
    const count = this.model.shown.length;
    const first = Math.floor(top / ROW_HEIGHT);
    return { start: Math.max(0, first - OVERSCAN), end: Math.min(count, Math.ceil((top + height) / ROW_HEIGHT) + OVERSCAN), first, visible: Math.max(1, Math.floor(height / ROW_HEIGHT) - 1) };
  }

  onScroll() {
    this.ui.scrollTop = this.scroller.scrollTop;
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = null;
      this.paintRows(false);
    });
  }

  // Scrolling keeps the rows still in view and builds only those that came into it; `force`
  // (new data, a selection) rebuilds them all.
  paintRows(force) {
    const { start, end, first } = this.visibleRange();
    if (!force && start === this.rendered.start && end === this.rendered.end) return;
    const hadFocus = this.body.contains(document.activeElement);
    const before = this.rendered;
    const overlap = !force && start < before.end && end > before.start;
    this.rendered = { start, end, first };
    this.body.style.setProperty("--offset", `${start * ROW_HEIGHT}px`);
    const columns = this.columns;
    const build = (from, to) => {
      const rows = [];
      for (let i = from; i < to; i++) rows.push(this.rowEl(this.model.shown[i], i, columns));
      return rows;
    };
    if (overlap) {
      for (const el of [...this.body.children]) {
        const i = Number(el.dataset.row);
        if (i < start || i >= end) el.remove();
      }
      this.body.prepend(...build(start, Math.max(start, before.start)));
      this.body.append(...build(Math.max(start, before.end), end));
    } else {
      this.body.replaceChildren(...build(start, end));
    }
    if (!this.model.shown.length) this.body.append(h("div.grid-empty", { role: "row" }, h("div", { role: "gridcell" }, this.model.rows.length ? "No contract matches the filter." : "No contracts in this set yet: drop a folder or a .zip above.")));
    this.placeTabStop(hadFocus);
  }

  rowEl(row, index, columns) {
    const cells = columns.map((c, col) => {
      const attrs = { "aria-colindex": String(col + 1), tabindex: "-1", dataset: { col: String(col), key: c.key } };
      if (c.key === "title") return h("div.gc.sticky.title-cell", { ...attrs, role: "rowheader", title: row.title }, row.title);
      if (c.key === "label") return h("div.gc.muted", { ...attrs, role: "gridcell", title: row.label || "" }, row.label || "—");
      if (c.key === "status") {
        return h("div.gc", { ...attrs, role: "gridcell", title: row.error?.message || "" },
          h(`span.chip.${row.status}`, STATUS_TEXT[row.status] || row.status), row.error ? h("span.sr-only", `: ${row.error.message}`) : null);
      }
      return this.answerCell(row, c, attrs);
    });
    const selected = this.selected?.row === row;
    return h(`div.grid-row${index % 2 ? ".odd" : ""}`, { role: "row", "aria-rowindex": String(index + 2), "aria-selected": String(selected), dataset: { row: String(index), analysis: row.analysisId } }, cells);
  }

  answerCell(row, column, attrs) {
    const cell = effective(row.cells?.[column.key]);
    const confidence = cell.confidence !== null && cell.confidence !== undefined && cell.answer !== "pending" && cell.answer !== "not_found"
      ? h("span.conf-pct", `${Math.round(cell.confidence * 100)}%`) : null;
    const text = {
      found: h("span.ans.found", "✓ Found"),
      value: h("span.ans.value", cell.value),
      not_found: h("span.ans.not-found", cell.decision?.action === "reject" ? "Rejected" : "Not found"),
      pending: h("span.ans.pending", row.status === "failed" ? "—" : "…"),
    }[cell.answer] || h("span.ans", cell.answer);
    const mark = cell.decision ? h(`span.dec.${cell.decision.action}`, { "aria-hidden": "true" }, { accept: "✓", correct: "✎", reject: "✕" }[cell.decision.action]) : null;
    const selected = this.selected?.row === row && this.selected.key === column.key;
    return h(`div.gc.answer${selected ? ".selected" : ""}`, {
      ...attrs, role: "gridcell", "aria-selected": String(selected), dataset: { ...attrs.dataset, answer: cell.answer, decision: cell.decision?.action || "" },
      title: describe(this.model.byKey.get(column.key).label, cell, row),
    }, mark, text, confidence);
  }

  // One cell of the grid is in the Tab order (roving tabindex); the arrow keys move it.
  placeTabStop(refocus) {
    const { focus } = this.ui;
    const count = this.model.shown.length;
    for (const el of this.scroller.querySelectorAll("[tabindex='0']")) el.tabIndex = -1;
    if (!count) return;
    // Scrolled away from the cell with the tab stop (by the wheel or the scroll bar): the stop
    // moves to the first row in view, so the grid stays one Tab away.
    if (focus.row < this.rendered.start || focus.row >= this.rendered.end) focus.row = Math.min(count - 1, Math.max(this.rendered.start, this.rendered.first));
    const el = this.cellEl(focus.row, focus.col);
    if (!el) return;
    el.tabIndex = 0;
    if (refocus) el.focus({ preventScroll: true });
  }

  cellEl(row, col) {
    if (row < 0) return this.head.querySelector(`[data-col="${col}"]`);
    return this.body.querySelector(`[data-row="${row}"] [data-col="${col}"]`);
  }

  onKey(e) {
    const target = e.target.closest("[data-col]");
    if (!target || e.altKey || e.metaKey) return;
    const inHead = Boolean(target.closest(".grid-head"));
    const row = inHead ? -1 : Number(target.closest("[data-row]").dataset.row);
    const col = Number(target.dataset.col);
    const last = this.model.shown.length - 1;
    const lastCol = this.columns.length - 1;
    const page = this.visibleRange().visible;
    const moves = {
      ArrowDown: [Math.min(last, row + 1), col], ArrowUp: [Math.max(-1, row - 1), col],
      ArrowRight: [row, Math.min(lastCol, col + 1)], ArrowLeft: [row, Math.max(0, col - 1)],
      PageDown: [Math.min(last, Math.max(0, row) + page), col], PageUp: [Math.max(0, row - page), col],
      Home: e.ctrlKey ? [0, 0] : [row, 0], End: e.ctrlKey ? [last, lastCol] : [row, lastCol],
    };
    if (moves[e.key]) {
      e.preventDefault();
      this.moveTo(...moves[e.key]);
      return;
    }
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      const key = target.dataset.key;
      if (inHead) return this.sortBy(key);
      const data = this.model.shown[row];
      if (this.model.byKey.has(key)) {
        if (e.key === "Enter" && e.ctrlKey) return this.openEvidence(data, key);
        return this.select(data, key, true);
      }
      if (key === "title" && data.contractId) location.hash = `#/contract/${data.contractId}`;
    }
  }

  moveTo(row, col) {
    if (row >= 0) {
      this.ui.focus = { row, col };
      const top = this.scroller.scrollTop;
      const view = this.scroller.clientHeight - this.head.offsetHeight;
      if (row * ROW_HEIGHT < top) this.scroller.scrollTop = row * ROW_HEIGHT;
      else if ((row + 1) * ROW_HEIGHT > top + view) this.scroller.scrollTop = (row + 1) * ROW_HEIGHT - view;
      this.ui.scrollTop = this.scroller.scrollTop;
      this.paintRows(false);
    }
    for (const el of this.scroller.querySelectorAll("[tabindex='0']")) el.tabIndex = -1;
    const el = this.cellEl(row, col);
    if (!el) return;
    el.tabIndex = 0;
    el.focus({ preventScroll: true });
    el.scrollIntoView({ block: "nearest", inline: "nearest" });
  }

  // --- the side panel: the selected answer, its quote, the decision ---

  select(row, key, focusPanel = false) {
    this.selected = { row, key };
    const index = this.model.shown.indexOf(row);
    if (index >= 0) this.ui.focus = { row: index, col: this.columns.findIndex((c) => c.key === key) };
    this.paintRows(true);
    this.paintPanel();
    if (focusPanel) this.panel.querySelector("h2")?.focus({ preventScroll: true });
  }

  async paintPanel() {
    const { row, key } = this.selected;
    const question = this.model.byKey.get(key);
    const cell = effective(row.cells?.[key]);
    const quote = h("blockquote.quote", { id: "cell-quote", tabindex: "0", "aria-label": "Evidence quote" }, cell.evidenceId ? h("span.muted", "Loading the quote…") : h("span.muted", "No evidence: nothing was found for this question."));
    const link = this.evidenceHref(row, cell);
    const decision = h("div.cell-decision", { id: "cell-decision" }, decisionText(cell));
    this.panel.hidden = false;
    this.panel.replaceChildren(
      h("div.panel-head", h("h2", { tabindex: "-1" }, question.label),
        h("button.btn.small", { type: "button", "aria-label": "Close the panel", onclick: () => this.closePanel() }, "×")),
      h("p.small", h("b", row.title), row.label ? h("span.muted", ` · ${row.label}`) : null),
      h("p.answer-line", { id: "cell-answer" }, answerText(cell, row),
        cell.confidence !== null && cell.confidence !== undefined && cell.answer !== "not_found" ? h("span.muted.small", ` · ${Math.round(cell.confidence * 100)}% confidence`) : null,
        cell.page ? h("span.muted.small", ` · page ${cell.page}`) : null),
      quote,
      link ? h("a.btn.small", { href: link, id: "open-evidence" }, cell.evidenceId ? "Open the contract at this evidence" : "Open the contract") : null,
      decision,
      this.decisionButtons(row, key, cell));
    if (cell.evidenceId) this.loadQuote(row, cell, quote);
  }

  closePanel() {
    const focus = this.ui.focus;
    this.selected = null;
    this.panel.hidden = true;
    this.paintRows(true);
    this.moveTo(focus.row, focus.col);
  }

  evidenceHref(row, cell) {
    const evidence = cell.evidenceId ? `?evidence=${encodeURIComponent(cell.evidenceId)}` : "";
    if (row.contractId) return `#/contract/${row.contractId}${evidence}`;
    if (row.status === "completed") return `#/analysis/${row.analysisId}${evidence}`;
    return null;
  }

  openEvidence(row, key) {
    const href = this.evidenceHref(row, effective(row.cells?.[key]));
    if (href) location.hash = href;
  }

  async loadQuote(row, cell, el) {
    try {
      const id = row.contractId || row.analysisId;
      if (!this.results.has(id)) {
        const result = row.contractId ? (await api(`/v1/contracts/${row.contractId}`)).result : await api(`/v1/analyses/${row.analysisId}/result`);
        this.results.set(id, result);
      }
      const evidence = this.results.get(id).evidence.find((e) => e.id === cell.evidenceId);
      el.replaceChildren(evidence ? evidence.text : h("span.muted", "The quote is no longer in this contract's result."));
    } catch (err) {
      el.replaceChildren(h("span.error-text", `The quote could not be loaded: ${err.message}`));
    }
  }

  decisionButtons(row, key, cell) {
    if (!this.writable) return null;
    if (!row.contractId) return h("p.muted.small", "Decisions are made on saved contracts; this one is saved when its analysis completes.");
    if (!cell.evidenceId && !cell.findingKey) return h("p.muted.small", "Nothing was found to confirm or correct here; open the contract to review it.");
    const isDate = /date$/.test(key);
    const input = h("input", { type: isDate ? "date" : "text", id: "correct-value", value: cell.value || "", maxlength: 500, "aria-label": `Corrected value for ${this.model.byKey.get(key).label}` });
    const note = h("input", { type: "text", id: "correct-note", maxlength: 2000, placeholder: "Note (optional)", "aria-label": "Note" });
    const form = h("form.stack.correct-form", { id: "correct-form", hidden: true, onsubmit: (e) => {
      e.preventDefault();
      if (!input.value.trim()) { toast("Enter the corrected value.", "err"); input.focus(); return; }
      this.decide(row, key, { decision: "corrected", correctedValue: input.value.trim(), note: note.value.trim() || null });
    } },
    h("label.field", h("span", isDate ? "Corrected date" : "Corrected value"), input),
    h("label.field", h("span", "Note"), note),
    h("div.row", h("button.btn.small.primary", { type: "submit" }, "Save correction"),
      h("button.btn.small", { type: "button", onclick: () => { form.hidden = true; } }, "Cancel")));
    return h("div.stack",
      h("div.row", { role: "group", "aria-label": "Decision" },
        h("button.btn.small", { type: "button", id: "confirm-cell", "aria-pressed": String(cell.decision?.action === "accept"), onclick: () => this.decide(row, key, { decision: "accepted" }) }, "Confirm"),
        h("button.btn.small", { type: "button", id: "correct-cell", onclick: () => { form.hidden = false; input.focus(); } }, "Correct…"),
        h("button.btn.small", { type: "button", id: "reject-cell", "aria-pressed": String(cell.decision?.action === "reject"), onclick: () => this.decide(row, key, { decision: "rejected" }) }, "Reject")),
      form);
  }

  async decide(row, key, body) {
    const cell = row.cells[key];
    try {
      const findingKey = cell.findingKey || (await this.findingKeyFor(row, cell));
      if (!findingKey) { toast("This answer has no finding in the saved contract to decide on.", "err"); return; }
      const review = await api(`/v1/contracts/${row.contractId}/reviews`, { method: "POST", body: { findingKey, ...body } });
      // Shown at once; the server's recomputed row (fetched next) is the truth.
      cell.decision = { action: review.decision, value: review.correctedValue ?? null, by: review.reviewer?.name || "", at: review.createdAt };
      if (review.decision === "corrected") Object.assign(cell, { answer: "value", value: review.correctedValue });
      if (review.decision === "rejected" && this.model.byKey.get(key).kind === "clause") Object.assign(cell, { answer: "not_found", value: null });
      toast(`${this.model.byKey.get(key).label}: ${decisionLabel(effective(cell).decision)}.`);
      this.paintRows(true);
      this.paintPanel();
      this.reload();
    } catch (err) {
      toast(err.message, "err");
    }
  }

  async findingKeyFor(row, cell) {
    const findings = (await api(`/v1/contracts/${row.contractId}/findings`)).data;
    return findings.find((f) => f.evidenceIds?.includes(cell.evidenceId))?.findingKey || null;
  }

  // --- exports and refresh ---

  async exportAs(format) {
    try {
      const bytes = await api(`/v1/review_sets/${this.set.id}/exports/grid.${format}`, { query: { questions: this.model.columns.join(",") }, binary: true });
      const mime = format === "xlsx" ? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" : "text/csv";
      download(`${slug(this.set.name)}.${format}`, mime, bytes);
    } catch (err) {
      toast(err.message, "err");
    }
  }

  // The set's counts are polled (a cheap request) and the grid fetched again when they move:
  // while this browser or the CLI imports, rows appear and fill in without a reload.
  async poll() {
    let last = JSON.stringify(this.set.statusCounts) + this.set.contractCount;
    for (;;) {
      const job = importJob(this.set.id);
      const busy = this.pendingRows() || (job && !job.done);
      await new Promise((r) => setTimeout(r, busy ? POLL_MS : POLL_MS * 3));
      if (!this.scroller.isConnected) break;
      try {
        this.set = await api(`/v1/review_sets/${this.set.id}`);
        const now = JSON.stringify(this.set.statusCounts) + this.set.contractCount;
        if (now === last) continue;
        last = now;
        this.counts.replaceChildren(statusSummary(this.set.statusCounts));
        this.contractCount.textContent = `${this.set.contractCount.toLocaleString()} contracts`;
        const grid = await fetchGrid(this.set.id, this.model.needed());
        if (!this.scroller.isConnected) break;
        this.refresh(grid);
      } catch { /* transient: the next round tries again */ }
    }
  }

  async reload() {
    try {
      this.refresh(await fetchGrid(this.set.id, this.model.needed()));
    } catch (err) {
      toast(err.message, "err");
    }
  }

  pendingRows() {
    return this.model.rows.some((r) => r.status !== "completed" && r.status !== "failed");
  }

  refresh(grid) {
    const selected = this.selected && { analysisId: this.selected.row.analysisId, key: this.selected.key };
    this.model.load(grid);
    if (selected) {
      const row = this.model.rows.find((r) => r.analysisId === selected.analysisId);
      this.selected = row ? { row, key: selected.key } : null;
    }
    this.layout();
    if (this.selected) this.paintPanel();
  }
}

// A <details> used as a popover: Escape or a click elsewhere closes it.
function popover(details) {
  details.addEventListener("keydown", (e) => {
    if (e.key !== "Escape" || !details.open) return;
    details.open = false;
    details.querySelector("summary").focus();
  });
  const outside = (e) => {
    if (!details.isConnected) return document.removeEventListener("click", outside); // the view was left
    if (details.open && !details.contains(e.target)) details.open = false;
  };
  document.addEventListener("click", outside);
  return details;
}

function describe(label, cell, row) {
  const parts = [`${label}: ${answerText(cell, row)}`];
  if (cell.confidence !== null && cell.confidence !== undefined && cell.answer !== "not_found" && cell.answer !== "pending") parts.push(`${Math.round(cell.confidence * 100)}% confidence`);
  if (cell.page) parts.push(`page ${cell.page}`);
  if (cell.decision) parts.push(decisionLabel(cell.decision));
  return parts.join(", ");
}

function answerText(cell, row) {
  if (cell.answer === "found") return "Found";
  if (cell.answer === "value") return cell.value;
  if (cell.answer === "not_found") return cell.decision?.action === "reject" ? "Rejected (not found)" : "Not found";
  return row.status === "failed" ? `The analysis failed${row.error ? `: ${row.error.message}` : ""}` : "Not answered yet (the analysis is running)";
}

function decisionLabel(decision) {
  const who = decision.by ? ` by ${decision.by}` : "";
  if (decision.action === "accept") return `confirmed${who}`;
  if (decision.action === "reject") return `rejected${who}`;
  return `corrected to “${decision.value}”${who}`;
}

function decisionText(cell) {
  if (!cell.decision) return h("span.badge.decision.undecided", "Undecided");
  const cls = { accept: "accepted", reject: "rejected", correct: "corrected" }[cell.decision.action];
  return [h(`span.badge.decision.${cls}`, decisionLabel(cell.decision).replace(/^\w/, (c) => c.toUpperCase())),
    cell.decision.at ? h("span.muted.small", ` · ${fmtDate(cell.decision.at)}`) : null];
}
