// Review sets (issue 15): the organization's data rooms with their counts, and a new one made by
// dropping a folder or a .zip (or choosing them). The import itself runs in importer.js; this view
// and the grid show its progress and every file that was not imported, with the reason.

import { api } from "../api.js";
import { fmtDate, h, modal, toast } from "../dom.js";
import { can, state } from "../store.js";
import { chosenItems, droppedItems, handled, importJob, installWindowImport, onImportProgress, startImport, suggestedName } from "../importer.js";

export async function renderSets(view) {
  const tbody = h("tbody");
  const writable = can("analyses:write") && can("contracts:write");
  view.append(h("div.page",
    h("div.page-head", h("div", h("h1", "Review sets"),
      h("p.muted", "A data room reviewed at once: every contract of a folder or archive, the same questions asked of each."))),
    writable ? newSetCard() : null,
    h("div.card", { id: "sets-card" },
      h("header", h("h2", "Sets")),
      h("table.grid", { id: "sets-table" },
        h("thead", h("tr", h("th", "Name"), h("th.right", "Contracts"), h("th", "Status"), h("th", "Created"), h("th", h("span.sr-only", "Actions")))),
        tbody))));
  await load();

  async function load() {
    try {
      const sets = [];
      let after;
      for (;;) { // every set: a team has tens of data rooms, not thousands
        const page = await api("/v1/review_sets", { query: { limit: 100, startingAfter: after } });
        sets.push(...page.data);
        if (!page.hasMore || !page.data.length) break;
        after = page.data.at(-1).id;
      }
      tbody.replaceChildren(...(sets.length ? sets.map(row) : [h("tr", h("td.empty", { colspan: 5 }, "No review set yet in this organization and mode."))]));
    } catch (err) {
      tbody.replaceChildren(h("tr", h("td.error-text", { colspan: 5 }, err.message)));
    }
  }

  function row(set) {
    const name = h("a.strong-link", { href: `#/sets/${set.id}` }, set.name);
    const tr = h("tr", { dataset: { set: set.id } },
      h("td", name),
      h("td.right.tabular", set.contractCount.toLocaleString()),
      h("td", statusSummary(set.statusCounts)),
      h("td.muted.small", fmtDate(set.createdAt)),
      h("td.right", writable ? h("div.row.nowrap",
        h("button.btn.small", { type: "button", "aria-label": `Rename ${set.name}`, onclick: () => rename(set, name, tr) }, "Rename"),
        h("button.btn.small.danger", { type: "button", "aria-label": `Delete ${set.name}`, onclick: () => remove(set, tr) }, "Delete")) : null));
    return tr;
  }
}

export function statusSummary(counts = {}) {
  const parts = [["completed", "completed"], ["running", "running"], ["queued", "queued"], ["failed", "failed"]]
    .filter(([key]) => counts[key])
    .map(([key, text]) => h(`span.status-count.${key}`, `${counts[key].toLocaleString()} ${text}`));
  return h("span.row.status-counts", parts.length ? parts : h("span.muted", "empty"));
}

// The new set: a name, and the drop zone (a folder or a .zip, or files); the set is created on
// the first drop and the grid opens with the import's progress on top.
function newSetCard() {
  const nameInput = h("input", { type: "text", id: "set-name", maxlength: 200, placeholder: "e.g. Project Falcon (defaults to the folder's name)", "aria-label": "Name of the new review set" });
  const create = async (items) => {
    const name = nameInput.value.trim() || suggestedName(items);
    try {
      const set = await api("/v1/review_sets", { method: "POST", body: { name } });
      startImport(set.id, items, `${state.orgId}/${state.mode}`);
      location.hash = `#/sets/${set.id}`;
    } catch (err) {
      toast(err.message, "err");
    }
  };
  const zone = importZone("new-set", create);
  const card = h("section.card.mb-16", { "aria-label": "New review set" },
    h("header", h("h2", "New review set")),
    h("div.body.stack", h("label.field", h("span", "Name"), nameInput), zone));
  installWindowImport(card, create);
  return card;
}

// A drop zone taking folders and .zip archives, with a folder picker and a file picker. onItems
// gets [{path, file}] and runs the import.
export function importZone(id, onItems) {
  const folder = h("input", { type: "file", id: `${id}-folder`, webkitdirectory: true, multiple: true, onchange: () => { onItems(chosenItems(folder.files)); folder.value = ""; } });
  const files = h("input", { type: "file", id: `${id}-files`, multiple: true, accept: ".zip,.pdf,.docx,.txt,.png,.jpg,.jpeg,.tif,.tiff", onchange: () => { onItems(chosenItems(files.files)); files.value = ""; } });
  const zone = h("div.dropzone.import-zone", { id: `${id}-drop`, dataset: { importZone: "true" } },
    h("strong", "Drop a folder or a .zip of contracts here"),
    h("span.muted", "Nested folders keep their path as each contract's label; files that cannot be read are listed with the reason."),
    h("div.row.import-pickers",
      h("label.small.muted", { for: `${id}-folder` }, "Choose a folder:"), folder,
      h("label.small.muted", { for: `${id}-files` }, "or files and .zip archives:"), files));
  zone.addEventListener("dragover", (e) => { e.preventDefault(); zone.classList.add("over"); });
  zone.addEventListener("dragleave", () => zone.classList.remove("over"));
  zone.addEventListener("drop", (e) => {
    e.preventDefault();
    e.stopPropagation(); // not the window's handler, which sends loose files to the reviewer
    zone.classList.remove("over");
    droppedItems(e.dataTransfer).then((items) => items.length && onItems(items)).catch((err) => toast(err.message, "err"));
  });
  return zone;
}

// The import's progress for one set: files sent of all found, and every file not imported.
export function importProgress(setId) {
  const bar = h("progress", { id: "import-bar", max: 1, value: 0, "aria-label": "Import progress" });
  const text = h("span", { id: "import-text" });
  const skipped = h("details.import-skipped", { id: "import-skipped", hidden: true });
  const box = h("div.card.import-progress.mb-16", { id: "import-progress", role: "status", hidden: true }, h("div.body", h("div.row", text, h("span.spacer"), bar), skipped));
  const paint = (job) => {
    if (!job || job.setId !== setId) return;
    if (!box.isConnected && box.dataset.painted) return stop();
    box.dataset.painted = "true";
    box.hidden = false;
    const done = handled(job);
    bar.max = Math.max(1, job.total);
    bar.value = done;
    const notImported = job.skipped.length + job.refused.length;
    const extra = [
      job.repeated.length ? `${job.repeated.length} already in the set or duplicated` : "",
      notImported ? `${notImported} not imported` : "",
    ].filter(Boolean).map((t) => `, ${t}`).join("");
    text.textContent = job.done
      ? `Import finished: ${job.sent.toLocaleString()} of ${job.total.toLocaleString()} files sent for analysis${extra}.`
      : `Importing: ${done.toLocaleString()} of ${job.total.toLocaleString()} files (${job.sent.toLocaleString()} sent${extra})…`;
    const problems = [
      ...job.skipped.map((s) => ({ ...s, kind: "Skipped" })),
      ...job.refused.map((r) => ({ ...r, kind: "Refused" })),
      ...job.repeated.map((r) => ({ ...r, kind: "Not sent" })),
    ];
    skipped.hidden = !problems.length;
    if (problems.length && skipped.dataset.count !== String(problems.length)) {
      skipped.dataset.count = String(problems.length);
      const open = skipped.open;
      skipped.replaceChildren(h("summary", `${problems.length} file${problems.length === 1 ? "" : "s"} not sent`),
        h("ul.skipped-list", problems.map((p) => h("li", h("span.mono", p.path), h("span.muted", ` · ${p.kind}: ${p.reason}`)))));
      skipped.open = open;
    }
  };
  const stop = onImportProgress(paint);
  paint(importJob(setId));
  return box;
}

async function rename(set, nameEl, tr) {
  const input = h("input", { type: "text", id: "rename-set", value: set.name, maxlength: 200, "aria-label": "New name" });
  const answer = modal(`Rename “${set.name}”`, h("label.field", h("span", "Name"), input), [{ label: "Cancel", value: null }, { label: "Rename", value: "ok", kind: "primary" }]);
  input.focus();
  input.select();
  if ((await answer) !== "ok") return;
  const value = input.value.trim();
  try {
    const updated = await api(`/v1/review_sets/${set.id}`, { method: "PATCH", body: { name: value } });
    for (const el of tr.querySelectorAll("[aria-label]")) el.setAttribute("aria-label", el.getAttribute("aria-label").replace(set.name, updated.name));
    set.name = updated.name;
    nameEl.textContent = updated.name;
    toast(`Renamed to “${updated.name}”.`);
  } catch (err) { toast(err.message, "err"); }
}

async function remove(set, tr) {
  const ok = await modal(`Delete “${set.name}”?`, h("p", "The set and its list of contracts go; the analyses and saved contracts stay, and so do their review decisions."),
    [{ label: "Cancel", value: false }, { label: "Delete set", value: true, kind: "danger" }]);
  if (ok !== true) return;
  try {
    await api(`/v1/review_sets/${set.id}`, { method: "DELETE" });
    tr.remove();
    toast(`Deleted “${set.name}”.`);
  } catch (err) { toast(err.message, "err"); }
}
