// The result's right column: the original PDF (pdf.js, with a selectable text layer) and the
// extracted text, a find-in-document box (every hit marked in the text, the current one boxed on
// the PDF page), zoom for both, and re-rendering of the page when the pane changes width.

import { api } from "./api.js";
import { h, tablist } from "./dom.js";
import { PdfView } from "./pdfview.js";

const ZOOMS = [0.5, 0.67, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3];

export function documentPane(doc) {
  // A scanned image is shown like a PDF: the server serves its pages as one.
  const hasPdf = Boolean(doc?.hasOriginalPdf || doc?.hasPageImages);
  const textEl = h("div.doc-text", { id: "doc-text" });
  const stage = h("div.pdf-stage", { id: "pdf-stage" });
  const note = h("div.pdf-note", { id: "pdf-note", "aria-live": "polite" });
  const pdfPanel = h("div", { id: "pdf-panel" }, stage, note);
  const textPanel = h("div", { id: "text-panel" }, textEl);
  // Focusable so the scrolling pane can be read with the keyboard (axe scrollable-region-focusable).
  const pane = h("div.doc-pane", { id: "doc-pane", tabindex: "0", role: "region", "aria-label": "Document" }, pdfPanel, textPanel);
  const pdf = new PdfView(stage, note);
  const text = new TextView(textEl, doc);
  const pager = pagerControls(pdf);
  const zoom = zoomControls((factor) => { pdf.setZoom(factor); textEl.style.setProperty("--zoom", String(factor)); });
  const find = findControls(doc, text, (hit) => showHit(hit));
  let tab = hasPdf ? "pdf" : "text";
  let pdfReady = Promise.resolve();

  const tabs = tablist("Document view", [
    { id: "pdf", label: doc?.hasPageImages ? "Scanned image" : "Original PDF", panel: pdfPanel },
    { id: "text", label: "Extracted text", panel: textPanel },
  ], tab, (name) => {
    tab = name;
    pager.el.hidden = name !== "pdf";
    if (name === "text") text.scrollToMark();
    else if (pdf.doc) pdf.show(pdf.pageNumber, pdf.quotes);
  });
  if (!hasPdf) tabs.buttons.pdf.hidden = true;

  async function showHit(hit) {
    if (!hit) return;
    text.scrollToHit();
    if (hasPdf && tab === "pdf") {
      await pdfReady;
      await pdf.show(hit.page || pdf.pageNumber, [{ id: "search", text: hit.text }]);
    }
  }

  // Width changes (window resize, pane drag, print) re-render the page at the new width.
  let lastWidth = 0;
  let timer = null;
  const observer = new ResizeObserver(([entry]) => {
    if (!pane.isConnected) { observer.disconnect(); return; } // the view was left
    const width = Math.round(entry.contentRect.width);
    if (!pdf.doc || tab !== "pdf" || Math.abs(width - lastWidth) < 2) return;
    lastWidth = width;
    clearTimeout(timer);
    timer = setTimeout(() => pane.isConnected && pdf.show(pdf.pageNumber, pdf.quotes), 120);
  });

  return {
    el: h("div.document", h("div.doc-toolbar", tabs, find.el, h("span.spacer"), zoom.el, pager.el), pane),
    pdf,
    text,
    find,
    zoom,
    start() {
      text.render();
      if (hasPdf) {
        pdfReady = api(`/console/api/analyses/${doc.analysisId}/original`, { binary: true })
          .then((bytes) => pdf.open(bytes))
          .then(() => pdf.show(1))
          .catch((err) => { note.textContent = `The PDF could not be shown: ${err.message}`; });
      }
      tabs.select(tab);
      observer.observe(pane);
    },
    async show(quotes) {
      text.highlight(quotes);
      if (tab === "text") text.scrollToMark();
      if (hasPdf) {
        await pdfReady;
        const page = quotes.find((q) => q.page)?.page || pdf.pageNumber;
        await pdf.show(page, quotes.filter((q) => !q.page || q.page === page).map((q) => ({ id: q.id, text: q.text, boxes: q.boxes })));
      }
    },
  };
}

function pagerControls(pdf) {
  const label = h("span.muted.small", { id: "page-label" });
  const prev = h("button.btn.small", { type: "button", "aria-label": "Previous page", onclick: () => pdf.show(pdf.pageNumber - 1) }, "‹");
  const next = h("button.btn.small", { type: "button", "aria-label": "Next page", onclick: () => pdf.show(pdf.pageNumber + 1) }, "›");
  pdf.onPage = (n) => { label.textContent = `Page ${n} of ${pdf.pageCount}`; prev.disabled = n <= 1; next.disabled = n >= pdf.pageCount; };
  return { el: h("div.row.nowrap", { id: "pager" }, prev, label, next) };
}

function zoomControls(apply) {
  let index = ZOOMS.indexOf(1);
  const label = h("button.btn.small.zoom-label", { type: "button", id: "zoom-reset", title: "Fit the page to the pane's width" }, "100%");
  const set = (i) => {
    index = Math.min(ZOOMS.length - 1, Math.max(0, i));
    label.textContent = `${Math.round(ZOOMS[index] * 100)}%`;
    apply(ZOOMS[index]);
  };
  label.addEventListener("click", () => set(ZOOMS.indexOf(1)));
  const out = h("button.btn.small", { type: "button", id: "zoom-out", "aria-label": "Zoom out", onclick: () => set(index - 1) }, "−");
  const zin = h("button.btn.small", { type: "button", id: "zoom-in", "aria-label": "Zoom in", onclick: () => set(index + 1) }, "+");
  return { el: h("div.row.nowrap", { role: "group", "aria-label": "Zoom" }, out, label, zin), in: () => set(index + 1), out: () => set(index - 1), reset: () => set(ZOOMS.indexOf(1)) };
}

function findControls(doc, text, onHit) {
  const input = h("input", { type: "search", id: "doc-search", placeholder: "Find in document", "aria-label": "Find in document", autocomplete: "off" });
  const count = h("span.muted.small.find-count", { id: "doc-search-count", "aria-live": "polite" });
  let hits = [];
  let current = -1;
  const go = (step) => {
    if (!hits.length) return;
    current = (current + step + hits.length) % hits.length;
    text.setCurrentHit(current);
    count.textContent = `${current + 1} of ${hits.length}`;
    onHit(hits[current]);
  };
  let timer = null;
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      hits = text.search(input.value);
      current = -1;
      count.textContent = input.value.trim() ? (hits.length ? `${hits.length} found` : "not found") : "";
      if (hits.length) go(1);
    }, 150);
  });
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter") { e.preventDefault(); go(e.shiftKey ? -1 : 1); }
    if (e.key === "Escape") { input.value = ""; input.dispatchEvent(new Event("input")); }
  });
  const prev = h("button.btn.small", { type: "button", "aria-label": "Previous match", onclick: () => go(-1) }, "↑");
  const next = h("button.btn.small", { type: "button", "aria-label": "Next match", onclick: () => go(1) }, "↓");
  return { el: h("div.row.nowrap.find", { role: "search" }, input, prev, next, count), input, next: () => go(1), prev: () => go(-1) };
}

// The extracted text, in page sections for PDFs; highlighting rebuilds only touched sections.
// Evidence marks (<mark data-ev>) and search hits (<mark class="hit">) can overlap.
export class TextView {
  constructor(el, doc) {
    this.el = el;
    this.text = doc?.text || "";
    const pages = doc?.pages?.length ? doc.pages : [{ number: null, start: 0, end: this.text.length }];
    this.sections = pages.map((p) => ({ ...p, pre: h("pre") }));
    this.touched = new Set();
    this.quotes = [];
    this.hits = [];
    this.current = -1;
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
    this.quotes = quotes.map((q) => ({ start: q.start, end: q.end, id: q.id }));
    this.paint();
  }

  // Case-insensitive; any run of whitespace in the query matches any run in the text.
  search(query) {
    const words = query.trim().split(/\s+/).filter(Boolean).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    this.hits = [];
    if (words.length && this.text) {
      const pattern = new RegExp(words.join("\\s+"), "gi");
      for (const m of this.text.matchAll(pattern)) {
        if (!m[0]) continue;
        const page = this.sections.find((s) => m.index >= s.start && m.index < s.end)?.number || null;
        this.hits.push({ start: m.index, end: m.index + m[0].length, text: m[0], page });
        if (this.hits.length >= 1000) break;
      }
    }
    this.current = -1;
    this.paint();
    return this.hits;
  }

  setCurrentHit(index) {
    this.current = index;
    for (const el of this.el.querySelectorAll("mark.hit.current")) el.classList.remove("current");
    for (const el of this.el.querySelectorAll(`mark.hit[data-hit="${index}"]`)) el.classList.add("current");
  }

  paint() {
    for (const s of this.touched) s.pre.textContent = this.text.slice(s.start, s.end);
    this.touched.clear();
    for (const s of this.sections) {
      const evs = this.quotes.filter((q) => q.start < s.end && q.end > s.start);
      const hits = this.hits.map((hit, i) => ({ ...hit, i })).filter((hit) => hit.start < s.end && hit.end > s.start);
      if (!evs.length && !hits.length) continue;
      const cuts = new Set([s.start, s.end]);
      for (const r of [...evs, ...hits]) { cuts.add(Math.max(r.start, s.start)); cuts.add(Math.min(r.end, s.end)); }
      const points = [...cuts].sort((a, b) => a - b);
      const parts = [];
      for (let k = 0; k < points.length - 1; k++) {
        const [a, b] = [points[k], points[k + 1]];
        const piece = this.text.slice(a, b);
        const ev = evs.find((q) => q.start <= a && q.end >= b);
        const hit = hits.find((x) => x.start <= a && x.end >= b);
        let node = piece;
        if (hit) node = h(`mark.hit${hit.i === this.current ? ".current" : ""}`, { dataset: { hit: String(hit.i) } }, piece);
        if (ev) node = h("mark", { dataset: { ev: ev.id } }, node);
        parts.push(node);
      }
      s.pre.replaceChildren(...mergeMarks(parts));
      this.touched.add(s);
    }
  }

  scrollToMark() {
    this.el.querySelector("mark[data-ev]")?.scrollIntoView({ block: "center", behavior: "instant" });
  }

  scrollToHit() {
    this.el.querySelector("mark.hit.current")?.scrollIntoView({ block: "center", behavior: "instant" });
  }
}

// Adjacent evidence marks for the same quote (split only where a search hit begins or ends) are
// joined back into one, so a quote reads as one mark.
function mergeMarks(parts) {
  const out = [];
  for (const part of parts) {
    const last = out.at(-1);
    if (part instanceof Element && last instanceof Element && part.dataset.ev && part.dataset.ev === last.dataset.ev) last.append(...part.childNodes);
    else out.push(part);
  }
  return out.filter((p) => p !== "");
}
