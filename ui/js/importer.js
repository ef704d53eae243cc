// Imports a data room into a review set from the browser: folders dropped or chosen (their nested
// paths become each contract's label) and .zip archives (unpacked here, zip.js). Every file is
// sent as an analysis of the set (POST /v1/analyses with reviewSet and label); a file that cannot
// be imported is listed with its reason, never dropped. As `contractbox import` does, a file whose
// content (SHA-256) the set already holds, or that this import already sent, is skipped and said. Jobs live in this module, so an import
// keeps going (and its progress keeps showing) while the person moves between views.

import { ApiError, headers } from "./api.js";
import { sha256 } from "./sha256.js";
import { toast } from "./dom.js";
import { zipEntries } from "./zip.js";

const MAX_FILE_BYTES = 50 * 1024 * 1024;
const PARALLEL = 3; // uploads in flight at once: enough to keep the queue busy, few enough for the API
const MAX_RETRIES = 5;
const TYPES = [
  [/\.pdf$/i, "pdf"],
  [/\.docx$/i, "docx"],
  [/\.(png|jpe?g|tiff?)$/i, "image"],
  [/\.txt$/i, "text"],
];
const KNOWN_UNSUPPORTED = [
  [/\.doc$/i, "Word 97-2003 (.doc) is not read: save it as .docx or PDF"],
  [/\.(xlsx?|csv|pptx?|msg|eml|rtf|odt|pages|html?)$/i, "not a format ContractBox reads (PDF, Word .docx, PNG, JPEG, TIFF, .txt)"],
];
const SYSTEM = /(^|\/)(\.DS_Store|Thumbs\.db|desktop\.ini|__MACOSX\/.*|\._[^/]*|~\$[^/]*)$/i;

const jobs = new Map(); // reviewSetId -> job
const listeners = new Set();

export const importJob = (setId) => jobs.get(setId) || null;
export function onImportProgress(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
const changed = (job) => { for (const fn of listeners) fn(job); };

// --- collecting files: {path (inside what was dropped), file} -----------------------------------

// A drop: folders are walked (webkitGetAsEntry), files taken as they are. Must be called while the
// drop event is being dispatched (the entries are only readable then).
export function droppedItems(dataTransfer) {
  const entries = [...(dataTransfer?.items || [])].filter((i) => i.kind === "file").map((i) => i.webkitGetAsEntry?.() || null);
  if (entries.length && entries.every(Boolean)) return Promise.all(entries.map(walkEntry)).then((lists) => lists.flat());
  return Promise.resolve([...(dataTransfer?.files || [])].map((file) => ({ path: file.name, file })));
}

async function walkEntry(entry) {
  const path = entry.fullPath.replace(/^\//, "");
  if (entry.isFile) return [{ path, file: await new Promise((resolve, reject) => entry.file(resolve, reject)) }];
  const reader = entry.createReader();
  const children = [];
  for (;;) { // readEntries answers in batches (100 in Chromium) until an empty one
    const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
    if (!batch.length) break;
    children.push(...batch);
  }
  if (!children.length) return [];
  return (await Promise.all(children.map(walkEntry))).flat();
}

// Files chosen with an <input type=file> (webkitdirectory gives each its relative path).
export const chosenItems = (fileList) => [...fileList].map((file) => ({ path: file.webkitRelativePath || file.name, file }));

// The set's default name: the one folder or archive dropped, else the first file's name.
export function suggestedName(items) {
  const tops = new Set(items.map((i) => i.path.split("/")[0]));
  const top = tops.size === 1 ? [...tops][0] : "";
  return top.replace(/\.zip$/i, "") || "Review set";
}

// --- the job ---------------------------------------------------------------------------------------

// items: [{path, file}]. Paths are relative to what was dropped; when it was one folder or one
// archive, that name is the set's and labels start inside it.
export function startImport(setId, items, scope) {
  const previous = jobs.get(setId);
  const job = previous && !previous.done ? previous : newJob(setId, scope); // a new drop after one finished counts afresh
  jobs.set(setId, job);
  const strip = new Set(items.map((i) => i.path.split("/")[0])).size === 1 && items.every((i) => i.path.includes("/"));
  for (const item of items) {
    job.pending.push({ path: strip ? item.path.split("/").slice(1).join("/") : item.path, file: item.file, root: items.length === 1 });
  }
  job.total += items.length;
  job.done = false;
  changed(job);
  if (!job.running) run(job);
  return job;
}

function newJob(setId, scope) {
  return {
    setId, scope, total: 0, sent: 0, skipped: [], refused: [], repeated: [], pending: [], running: false, done: false,
    analysisIds: [], seen: new Map(), known: null,
  };
}

export const handled = (job) => job.sent + job.skipped.length + job.refused.length + job.repeated.length;

// The SHA-256 of every document the set holds (the grid's contentSha256, known from submission on,
// so a document still queued is not sent twice): importing the same folder again sends only what is
// new. A failed one is sent again (a retry).
async function knownHashes(job) {
  const query = new URLSearchParams({ questions: "document_type" }); // the smallest grid that lists every row
  const response = await fetch(`/v1/review_sets/${job.setId}/grid?${query}`, { headers: scopeHeaders(job, "GET"), credentials: "same-origin" });
  if (!response.ok) throw new ApiError(response.status, (await response.json().catch(() => ({}))).error);
  const grid = await response.json();
  return new Set(grid.rows.filter((row) => row.status !== "failed").map((row) => row.contentSha256));
}

// The organization and mode the import started in, even if the person switches meanwhile.
function scopeHeaders(job, method, extra = {}) {
  const [orgId, mode] = job.scope.split("/");
  return { ...headers(method, extra, mode), "X-ContractBox-Org": orgId };
}

async function run(job) {
  job.running = true;
  job.known = knownHashes(job).catch(() => new Set());
  await Promise.all(Array.from({ length: PARALLEL }, () => worker(job)));
  job.running = false;
  job.done = true;
  changed(job);
}

async function worker(job) {
  while (job.pending.length) {
    const item = job.pending.shift();
    if (/\.zip$/i.test(item.path)) await expandZip(job, item);
    else await importOne(job, item);
    changed(job);
  }
}

// The archive's files join the queue, placed under the archive's own folder in the data room (or
// at the top when the archive is the whole import); a single folder wrapping everything inside
// the archive is left out of the labels.
async function expandZip(job, item) {
  try {
    const file = item.file || new File([await item.entry.read()], item.path.split("/").pop());
    const entries = await zipEntries(file);
    const base = item.root ? "" : item.path.replace(/\.zip$/i, "");
    const paths = entries.map((e) => e.path.replace(/\\/g, "/"));
    // A zip dropped alone keeps its inner paths as labels (as `contractbox import x.zip` does); one
    // inside a folder goes under its own name, without the folder of that name it usually wraps.
    const wrapper = base.split("/").pop();
    const strip = !item.root && paths.every((p) => p.split("/")[0] === wrapper && p.includes("/"));
    job.total += entries.length - 1;
    entries.forEach((entry, i) => {
      const relative = strip ? paths[i].split("/").slice(1).join("/") : paths[i];
      const path = base ? `${base}/${relative}` : relative;
      if (/^\//.test(paths[i]) || paths[i].split("/").includes("..")) skip(job, paths[i], "a path that leaves the archive (absolute or '..'): refused");
      else if (entry.problem) skip(job, path, entry.problem);
      else job.pending.push({ path, entry });
    });
  } catch (err) {
    skip(job, item.path, `the archive could not be read: ${err.message}`);
  }
}

function skip(job, path, reason) {
  job.skipped.push({ path, reason });
}

function classify(path, size) {
  const name = path.split("/").pop();
  if (SYSTEM.test(path)) return { problem: "a system file, not a document" };
  const type = TYPES.find(([pattern]) => pattern.test(name))?.[1];
  if (!type) return { problem: KNOWN_UNSUPPORTED.find(([pattern]) => pattern.test(name))?.[1] || "not a format ContractBox reads (PDF, Word .docx, PNG, JPEG, TIFF, .txt)" };
  if (size === 0) return { problem: "the file is empty" };
  if (size > MAX_FILE_BYTES) return { problem: "larger than the 50 MB limit" };
  return { type };
}

async function importOne(job, item) {
  const { path } = item;
  const size = item.file ? item.file.size : item.entry.size;
  const { type, problem } = classify(path, size);
  if (problem) return skip(job, path, problem);
  const parts = path.split("/");
  const name = parts.pop();
  let file = item.file;
  if (!file) {
    try {
      file = new File([await item.entry.read()], name);
    } catch (err) {
      return skip(job, path, err.message);
    }
  }
  const body = {
    title: name.replace(/\.(pdf|txt|docx|png|jpe?g|tiff?)$/i, ""),
    filename: name,
    sourceType: type,
    reviewSet: job.setId,
    ...(parts.length ? { label: parts.join("/").slice(0, 500) } : {}),
  };
  let bytes;
  if (type === "text") {
    body.text = await file.text();
    bytes = new TextEncoder().encode(body.text); // what the server hashes for a text
  } else {
    bytes = new Uint8Array(await file.arrayBuffer());
    body[`${type}Base64`] = await base64(file);
  }
  const digest = await sha256(bytes);
  if ((await job.known).has(digest)) return job.repeated.push({ path, reason: "already in this set (the same file was imported before)" });
  if (job.seen.has(digest)) return job.repeated.push({ path, reason: `the same file as ${job.seen.get(digest)} (a duplicate in this import)` });
  job.seen.set(digest, path);
  try {
    const analysis = await post(job, body);
    job.analysisIds.push(analysis.analysisId);
    job.sent += 1;
  } catch (err) {
    job.refused.push({ path, reason: err.message });
  }
}

// 429 and 503 (rate limit, every upload slot busy) are retried after the Retry-After they carry.
async function post(job, body) {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch("/v1/analyses", {
      method: "POST",
      headers: scopeHeaders(job, "POST", { "Content-Type": "application/json" }),
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
    const data = await response.json().catch(() => ({}));
    if (response.ok) return data;
    if ((response.status === 429 || response.status === 503) && attempt < MAX_RETRIES) {
      const wait = Math.min(30, Number(response.headers.get("Retry-After")) || 2 ** attempt);
      await new Promise((r) => setTimeout(r, wait * 1000));
      continue;
    }
    throw new ApiError(response.status, data.error);
  }
}

function base64(file) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(",", 2)[1] || "");
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

// A folder dropped anywhere on a review-set page (not only on its drop zone) is imported there,
// not sent to the reviewer: a capture listener that stands down once the view is gone.
let windowImport = null;
export function installWindowImport(marker, onItems) {
  windowImport = { marker, onItems }; // marker: an element of the view, gone from the page once it is left
  if (installWindowImport.installed) return;
  installWindowImport.installed = true;
  window.addEventListener("drop", (e) => {
    if (!windowImport?.marker.isConnected || e.target.closest?.("[data-import-zone]")) return;
    e.preventDefault();
    e.stopPropagation();
    const { onItems } = windowImport;
    droppedItems(e.dataTransfer).then((items) => items.length && onItems(items)).catch((err) => toast(err.message, "err"));
  }, true);
}
