// The reviewer's intake: drop many PDFs or .txt files (or choose them), paste text, or give a
// URL; each submission shows uploading -> queued -> processing -> completed | failed in place.

import { api, upload } from "../api.js";
import { can, state } from "../store.js";
import { fileSize, h, tablist, toast } from "../dom.js";

const POLL_MS = 600;
const MAX_FILE_BYTES = 50 * 1024 * 1024;
const items = []; // this browser session's submissions, across views: {key, id, name, ...}
let listEl = null;
let activeScope = "";

const scopeKey = () => `${state.orgId}/${state.mode}`;
const STATUS_LABEL = { uploading: "Uploading", queued: "Queued", processing: "Processing", completed: "Completed", failed: "Failed" };
const PROGRESS = { queued: 0.55, processing: 0.8, completed: 1, failed: 1 };

export async function renderReview(view) {
  activeScope = scopeKey();
  const input = h("input", { type: "file", id: "file-input", multiple: true, accept: ".pdf,.txt,.docx,.png,.jpg,.jpeg,.tif,.tiff,application/pdf,text/plain", onchange: () => { submitFiles([...input.files]); input.value = ""; } });
  const zone = h(
    "div.dropzone",
    { id: "dropzone" },
    dropIcon(),
    h("strong", "Drop PDF, Word (.docx), scanned (PNG, JPEG, TIFF) or .txt contracts here"),
    h("span.muted", "as many as you like, up to 50 MB each"),
    h("label.small.muted", { for: "file-input" }, "or choose files:"),
    input,
  );
  wireDrop(zone);
  const pasteTitle = h("input", { type: "text", id: "paste-title", placeholder: "Title, e.g. Supplier NDA (draft 3)" });
  const pasteText = h("textarea", { id: "paste-text", rows: 9, placeholder: "Paste the contract's text here" });
  const urlTitle = h("input", { type: "text", id: "url-title", placeholder: "Title" });
  const urlInput = h("input", { type: "url", id: "url-input", placeholder: "https://intranet.example/contracts/msa.html" });
  const panels = {
    files: h("div", { id: "panel-files" }, zone),
    paste: h("form.stack", { id: "panel-paste", onsubmit: (e) => { e.preventDefault(); submitText(pasteTitle, pasteText); } },
      h("label.field", h("span", "Title"), pasteTitle), h("label.field", h("span", "Contract text"), pasteText),
      h("button.btn.primary", { type: "submit" }, "Analyze text")),
    url: h("form.stack", { id: "panel-url", onsubmit: (e) => { e.preventDefault(); submitUrl(urlTitle, urlInput); } },
      h("label.field", h("span", "Title"), urlTitle), h("label.field", h("span", "Address of the contract (HTML, text or PDF)"), urlInput),
      h("button.btn.primary", { type: "submit" }, "Fetch and analyze")),
  };
  const tabs = tablist("Add contracts by", [
    { id: "files", label: "Files", panel: panels.files },
    { id: "paste", label: "Paste text", panel: panels.paste },
    { id: "url", label: "From a URL", panel: panels.url },
  ], "files");
  listEl = h("ul.queue", { id: "queue", "aria-live": "polite" });
  history.filters = { q: "", origin: "", status: "" };
  const historyUi = historyControls();
  view.append(
    h("div.page",
      h("div.page-head", h("div", h("h1", "Review contracts"), h("p.muted", "ContractBox reads each contract on this machine and quotes its evidence for every finding."))),
      h("div.review",
        can("analyses:write")
          ? h("section.card", { "aria-label": "Add contracts" }, h("div.body", tabs, ...Object.values(panels)))
          : h("section.card", { "aria-label": "Add contracts" }, h("div.body", h("p.notice", { id: "read-only" }, "Your role can read and download results; analysing contracts needs a reviewer or an administrator."))),
        h("section.card", { "aria-label": "Analyses" }, h("header", h("h2", "Analyses"), h("span.spacer"), h("a.btn.small", { href: "#/contracts" }, "Saved contracts")),
          historyUi.filters, listEl, historyUi.more),
      ),
    ),
  );
  await loadRecent();
  renderList();
}

function dropIcon() {
  const span = h("span");
  span.innerHTML = '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M12 16V4"/><path d="M7 9l5-5 5 5"/><path d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3"/></svg>';
  return span.firstChild;
}

function wireDrop(zone) {
  zone.addEventListener("dragover", (e) => { e.preventDefault(); zone.classList.add("over"); });
  zone.addEventListener("dragleave", () => zone.classList.remove("over"));
  zone.addEventListener("drop", (e) => {
    e.preventDefault();
    e.stopPropagation();
    zone.classList.remove("over");
    submitFiles([...(e.dataTransfer?.files || [])]);
  });
}

// Files dropped anywhere on the window (the desktop app's promise) go to the reviewer.
export function installWindowDrop() {
  window.addEventListener("dragover", (e) => e.preventDefault());
  window.addEventListener("drop", (e) => {
    e.preventDefault();
    const files = [...(e.dataTransfer?.files || [])];
    if (!files.length) return;
    if (location.hash !== "#/review") location.hash = "#/review";
    submitFiles(files);
  });
}

export async function submitFiles(files) {
  for (const file of files) {
    const isPdf = file.type === "application/pdf" || /\.pdf$/i.test(file.name);
    const isText = file.type.startsWith("text/") || /\.txt$/i.test(file.name);
    const binaryType = isPdf ? "pdf" : /\.docx$/i.test(file.name) ? "docx" : /\.(png|jpe?g|tiff?)$/i.test(file.name) ? "image" : null;
    const item = track({ name: file.name, kind: isPdf ? "pdf" : "txt", sub: fileSize(file.size) });
    if (!binaryType && !isText) { fail(item, "Only PDF, Word (.docx), PNG, JPEG, TIFF and .txt files can be analyzed."); continue; }
    if (file.size > MAX_FILE_BYTES) { fail(item, "The file is larger than the 50 MB limit."); continue; }
    const title = file.name.replace(/\.(pdf|txt|docx|png|jpe?g|tiff?)$/i, "");
    const body = binaryType
      ? { title, sourceType: binaryType, filename: file.name, [`${binaryType}Base64`]: await base64(file) }
      : { title, sourceType: "text", filename: file.name, text: await file.text() };
    send(item, body);
  }
}

function submitText(titleEl, textEl) {
  if (!textEl.value.trim()) { toast("Paste the contract's text first.", "err"); textEl.focus(); return; }
  const title = titleEl.value.trim() || textEl.value.trim().split("\n")[0].slice(0, 80);
  send(track({ name: title, kind: "txt", sub: `${textEl.value.length.toLocaleString()} characters` }), { title, sourceType: "text", text: textEl.value });
  titleEl.value = textEl.value = "";
}

function submitUrl(titleEl, urlEl) {
  if (!urlEl.value.trim()) { toast("Enter the contract's address first.", "err"); urlEl.focus(); return; }
  const title = titleEl.value.trim() || urlEl.value.trim();
  send(track({ name: title, kind: "url", sub: urlEl.value.trim() }), { title, sourceType: "url", url: urlEl.value.trim() });
  titleEl.value = urlEl.value = "";
}

function track(fields) {
  const item = { key: `local-${items.length}`, scope: scopeKey(), status: "uploading", progress: 0, error: null, id: null, ...fields };
  items.unshift(item);
  renderList();
  return item;
}

async function send(item, body) {
  try {
    const analysis = await upload("/v1/analyses", body, (fraction) => { item.progress = fraction * 0.5; update(item); });
    Object.assign(item, { id: analysis.analysisId, status: analysis.status, progress: PROGRESS[analysis.status] });
    update(item);
    poll(item);
  } catch (err) {
    fail(item, err.message);
  }
}

function fail(item, message) {
  Object.assign(item, { status: "failed", error: message, progress: 1 });
  update(item);
}

async function poll(item) {
  while (item.status === "queued" || item.status === "processing") {
    await new Promise((r) => setTimeout(r, POLL_MS));
    const headers = { "X-ContractBox-Org": item.scope.split("/")[0], "X-ContractBox-Mode": item.scope.split("/")[1] };
    try {
      const response = await fetch(`/v1/analyses/${item.id}`, { headers, credentials: "same-origin" });
      if (!response.ok) continue;
      const analysis = await response.json();
      item.status = analysis.status;
      item.progress = PROGRESS[analysis.status];
      item.error = analysis.error?.message || null;
      if (analysis.document?.pageCount) item.sub = `${item.sub.split(" · ")[0]} · ${analysis.document.pageCount} page${analysis.document.pageCount === 1 ? "" : "s"}`;
      update(item);
    } catch { /* transient: keep polling */ }
  }
}

// History: the organization's analyses in this mode, newest first, 20 at a time, searchable by
// title and filtered by source (UI upload or API) and status (GET /v1/analyses filters).
const history = { list: [], last: null, hasMore: false, filters: { q: "", origin: "", status: "" } };
let moreButton = null;
const filtering = () => Object.values(history.filters).some(Boolean);

function historyControls() {
  const q = h("input", { type: "search", id: "history-q", placeholder: "Search titles", "aria-label": "Search analyses by title" });
  const origin = h("select", { id: "history-origin", "aria-label": "Source" },
    h("option", { value: "" }, "Any source"), h("option", { value: "ui" }, "Uploaded here"), h("option", { value: "api" }, "Through the API"));
  const status = h("select", { id: "history-status", "aria-label": "Status" },
    h("option", { value: "" }, "Any status"), h("option", { value: "completed" }, "Completed"), h("option", { value: "failed" }, "Failed"), h("option", { value: "queued,processing" }, "In progress"));
  let timer = null;
  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      history.filters = { q: q.value.trim(), origin: origin.value, status: status.value };
      await loadRecent(false);
      renderList();
    }, 200);
  };
  q.addEventListener("input", changed);
  origin.addEventListener("change", changed);
  status.addEventListener("change", changed);
  moreButton = h("button.btn.small", { type: "button", id: "history-more", hidden: true, onclick: async () => { await loadRecent(true); renderList(); } }, "Older analyses");
  return { filters: h("div.row.history-filters", q, origin, status), more: h("div.history-more", moreButton) };
}

async function loadRecent(append = false) {
  const scope = scopeKey();
  if (!state.orgId) return;
  try {
    const page = await api("/v1/analyses", { query: { limit: 20, ...history.filters, startingAfter: append ? history.last : undefined } });
    const fresh = page.data.map((a) => ({
      key: a.analysisId, id: a.analysisId, scope, name: a.title, kind: a.sourceType === "pdf" ? "pdf" : a.sourceType === "url" ? "url" : "txt",
      sub: `${new Date(a.createdAt).toLocaleString()}${a.document?.pageCount ? ` · ${a.document.pageCount} pages` : ""}${a.origin === "api" ? " · API" : ""}`,
      status: a.status, progress: PROGRESS[a.status], error: a.error?.message || null,
    }));
    history.list = append ? [...history.list, ...fresh] : fresh;
    history.last = page.data.at(-1)?.analysisId || history.last;
    history.hasMore = page.hasMore;
    for (const item of fresh) if (item.status === "queued" || item.status === "processing") poll(item);
  } catch (err) {
    toast(err.message, "err");
  }
}

function renderList() {
  if (!listEl) return;
  // This session's submissions first (newest first), then the history, without duplicates.
  const mine = filtering() ? [] : items.filter((i) => i.scope === activeScope);
  const visible = [...mine, ...history.list.filter((x) => x.scope === activeScope && !mine.some((i) => i.id === x.id))];
  if (moreButton) moreButton.hidden = !history.hasMore;
  const empty = filtering() ? "No analysis matches." : "Nothing analysed yet in this organization and mode.";
  listEl.replaceChildren(...(visible.length ? visible.map(row) : [h("li.empty.block", empty)]));
}

function row(item) {
  const li = h("li", { dataset: { key: item.key } });
  fill(li, item);
  return li;
}

function fill(li, item) {
  const sub = item.status === "failed" ? item.error : item.sub;
  li.dataset.status = item.status;
  li.replaceChildren(
    h(`span.filetype.${item.kind}`, { "aria-hidden": "true" }, item.kind.toUpperCase()),
    h("div.min-w-0", 
      h("div.name", { title: item.name }, item.name),
      h(`div.sub${item.status === "failed" ? ".error-text" : ""}`, { title: sub || "" }, sub || ""),
      h(`div.bar${item.status === "failed" ? ".failed" : ""}`, h("i", { style: `width:${Math.round(item.progress * 100)}%` }))),
    h(`span.status.${item.status}`, { "data-testid": "status" }, item.status === "uploading" ? `Uploading ${Math.round(item.progress * 200)}%` : STATUS_LABEL[item.status]),
    item.status === "completed" ? h("a.btn.small", { href: `#/analysis/${item.id}` }, "Open") : h("span"),
  );
}

function update(item) {
  const li = listEl?.querySelector(`li[data-key="${item.key}"]`);
  if (li) fill(li, item);
  else if (item.scope === activeScope) renderList();
}

function base64(file) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(",", 2)[1] || "");
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
