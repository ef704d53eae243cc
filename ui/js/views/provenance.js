// Where the result's text came from (issue 16): a Word file's unaccepted tracked changes (a notice,
// a "Changes" section listing each change, risks the markup raised marked) and OCR (a notice with
// the mean word confidence and the pages to check against the image).

import { fmtDate, h } from "../dom.js";

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const pct = (value) => `${Math.round(value * 100)}%`;

// Revisions as pseudo-evidence, so a change is shown in the document like a quote: an insertion
// marks its text; a deletion (nothing left to mark) marks the line where its text stood.
export function revisionEvidence(result, text) {
  return (result.revisions || []).map((rev) => {
    if (rev.end > rev.start || !text) return { id: rev.id, start: rev.start, end: rev.end, text: rev.text };
    const start = text.lastIndexOf("\n", rev.start - 1) + 1;
    const next = text.indexOf("\n", rev.start);
    const end = next === -1 ? text.length : next;
    return { id: rev.id, start, end, text: text.slice(start, end) };
  });
}

export function provenanceNotices(result, docPane, hasPdf) {
  return [trackedChangesNotice(result), ocrNotice(result, docPane, hasPdf)].filter(Boolean);
}

function trackedChangesNotice(result) {
  if (!result.hasUnacceptedChanges) return null;
  const authors = [...new Set(result.revisions.map((r) => r.author || "unknown author"))];
  const raised = result.risks.filter((r) => r.fromRevision).length;
  return h("div.notice.warn", { id: "tracked-changes-notice", role: "note" },
    h("strong", `This Word file carries ${plural(result.revisions.length, "unaccepted tracked change")}`),
    ` (${authors.join(", ")}). The analysis reads it with every change accepted. `,
    raised ? `${plural(raised, "risk")} raised by the changes ${raised === 1 ? "is" : "are"} marked “From tracked change”. ` : "",
    "See the Changes section.");
}

function ocrNotice(result, docPane, hasPdf) {
  const ocr = result.ocr;
  if (!ocr?.used) return null;
  const low = ocr.lowConfidencePages || [];
  const pages = ocr.pages.length === 1 ? `page ${ocr.pages[0]}` : `${ocr.pages.length} pages`;
  const goTo = (page) => h("button.btn.small", { type: "button", dataset: { page: String(page) }, onclick: () => docPane.pdf.show(page) }, `Page ${page}`);
  return h(`div.notice${low.length ? ".warn" : ""}`, { id: "ocr-notice", role: "note" },
    h("p", h("strong", "Read by OCR: "), `${pages} of this document were scanned images; mean word confidence ${pct(ocr.meanConfidence)}.`),
    low.length
      ? h("p", { id: "ocr-low-pages" }, `Low OCR confidence on ${low.length === 1 ? "page" : "pages"} ${low.join(", ")}: check the findings there against the page image. `, hasPdf ? low.map(goTo) : null)
      : null);
}

// The "Changes" section: each tracked change, clickable like a finding (its text is marked in the
// document), with the risks it raised.
export function changesPanel(result, finding) {
  const risksBy = new Map();
  for (const risk of result.risks) for (const id of risk.revisionIds || []) risksBy.set(id, [...(risksBy.get(id) || []), risk]);
  const items = (result.revisions || []).map((rev) => {
    const raised = risksBy.get(rev.id) || [];
    const kind = rev.kind === "inserted" ? h("span.badge.added", rev.moved ? "Moved here" : "Inserted") : h("span.badge.removed", rev.moved ? "Moved away" : "Deleted");
    return finding(h("button.finding", { type: "button", dataset: { revision: rev.id, revisionKind: rev.kind } },
      h("span.title", kind, h("span", rev.author || "Unknown author"), rev.date ? h("span.muted.small", fmtDate(rev.date)) : null),
      h("p.expl", rev.kind === "inserted" ? h("ins", rev.text) : h("del", rev.text)),
      raised.length ? h("p.rec", h("b", "Raised: "), raised.map((r) => r.title).join("; ")) : null), [rev.id], { kind: "revision", id: rev.id });
  });
  return h("section.section", { id: "panel-changes" }, h("h2.print-only", "Tracked changes"),
    items.length ? h("div", { id: "revisions" }, items) : h("p.muted", "No tracked changes."));
}
