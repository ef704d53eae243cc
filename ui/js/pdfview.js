// The original PDF, one page at a time, with evidence highlighted on the page and pdf.js's text
// layer over the canvas (transparent text positioned on the glyphs: selectable and copyable).
//
// Evidence offsets point into the text ContractBox extracted (PDFium); pdf.js extracts the same
// page's text as positioned runs. The quote is found in pdf.js's runs by comparing both with
// whitespace removed and compatibility forms folded (ligatures, wide forms), and each matched
// run contributes a box proportional to the matched characters' share of the run's width.

const BASE = "/static/vendor/pdfjs/";
let pdfjsPromise = null;

function pdfjs() {
  pdfjsPromise ??= import(`${BASE}pdf.min.mjs`).then((lib) => {
    lib.GlobalWorkerOptions.workerSrc = `${BASE}pdf.worker.min.mjs`;
    return lib;
  });
  return pdfjsPromise;
}

export class PdfView {
  constructor(stage, note) {
    this.stage = stage;
    this.note = note;
    this.doc = null;
    this.pageNumber = 1;
    this.quotes = [];
    this.zoom = 1; // 1 = the page fits the pane's width
    this.onPage = () => {};
    this.rendering = Promise.resolve();
  }

  async open(bytes) {
    const lib = await pdfjs();
    this.doc = await lib.getDocument({
      data: new Uint8Array(bytes),
      standardFontDataUrl: `${BASE}standard_fonts/`,
      cMapUrl: `${BASE}cmaps/`,
      cMapPacked: true,
      wasmUrl: `${BASE}wasm/`,
      isEvalSupported: false,
      useSystemFonts: false,
      enableXfa: false,
    }).promise;
    return this.doc.numPages;
  }

  get pageCount() {
    return this.doc?.numPages || 0;
  }

  setZoom(factor) {
    this.zoom = factor;
    if (this.doc) this.show(this.pageNumber, this.quotes);
  }

  // Show a page, highlighting the given quotes [{id, text}] on it.
  show(pageNumber, quotes = []) {
    this.rendering = this.rendering.then(() => this._render(pageNumber, quotes)).catch((err) => { this.note.textContent = err.message; });
    return this.rendering;
  }

  async _render(pageNumber, quotes) {
    if (!this.doc) return;
    this.pageNumber = Math.min(Math.max(1, pageNumber), this.doc.numPages);
    this.quotes = quotes;
    const page = await this.doc.getPage(this.pageNumber);
    const width = Math.max(320, this.stage.parentElement.clientWidth - 32);
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: Math.min(2, width / base.width) * this.zoom });
    const ratio = window.devicePixelRatio || 1;
    const canvas = document.createElement("canvas");
    canvas.width = Math.floor(viewport.width * ratio);
    canvas.height = Math.floor(viewport.height * ratio);
    canvas.style.width = `${Math.floor(viewport.width)}px`;
    canvas.style.height = `${Math.floor(viewport.height)}px`;
    await page.render({ canvas, canvasContext: canvas.getContext("2d"), viewport, transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : null }).promise;
    const content = await page.getTextContent();
    // Evidence read by OCR carries its word boxes (fractions of the page); the rest is found in the text layer.
    const scanned = quotes.filter((q) => q.boxes?.length);
    const boxes = quotes.length ? [...locate(content, quotes.filter((q) => !q.boxes?.length), viewport), ...ocrBoxes(scanned, this.pageNumber, viewport)] : [];
    const textLayer = document.createElement("div");
    textLayer.className = "textLayer";
    this.stage.style.width = canvas.style.width;
    this.stage.style.setProperty("--total-scale-factor", String(viewport.scale));
    this.stage.dataset.page = String(this.pageNumber);
    this.stage.replaceChildren(canvas, textLayer, ...boxes);
    await new (await pdfjs()).TextLayer({ textContentSource: content, container: textLayer, viewport }).render();
    const found = new Set(boxes.map((b) => b.dataset.ev));
    const missing = quotes.filter((q) => !found.has(q.id));
    this.note.textContent = quotes.length
      ? missing.length ? `Evidence on page ${this.pageNumber}; the quote could not be located exactly on the page image.` : `Evidence highlighted on page ${this.pageNumber}.`
      : "";
    boxes[0]?.scrollIntoView({ block: "center", behavior: "instant" });
    this.onPage(this.pageNumber);
  }
}

function fold(ch) {
  return ch.normalize("NFKC").replace(/\s+/g, "").replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/[\u2010-\u2015]/g, "-");
}

// The page's characters, whitespace removed, each remembering its run and position. With
// dropLineEndHyphens a hyphen ending a run (a line end) is left out: ContractBox joins a word
// hyphenated over two lines ("accord-" / "ance") into one, so its quote has no hyphen there.
function flatten(content, dropLineEndHyphens) {
  let flat = "";
  const where = [];
  content.items.forEach((item, index) => {
    if (!item.str) return;
    const chars = [...item.str];
    let lastInk = chars.length - 1;
    while (lastInk >= 0 && !chars[lastInk].trim()) lastInk--;
    chars.forEach((ch, pos) => {
      if (dropLineEndHyphens && pos === lastInk && /[-\u00ad\u2010\u2011]/.test(ch)) return;
      for (const c of fold(ch)) {
        flat += c;
        where.push([index, pos]);
      }
    });
  });
  return { flat, where };
}

// Where the quote is: whole on some layout, or else its start, since a quote can run on to the
// next page (its page is the page it starts on): the first 60 characters, else the longest start
// of 12 or more characters anywhere on the page, or of 4 or more in the page's last 200 (a
// sentence that begins at the foot of the page). Returns [layout, start, length] or null.
function find(layouts, needle) {
  for (const layout of layouts) {
    const start = layout.flat.indexOf(needle);
    if (start >= 0) return [layout, start, needle.length];
  }
  let best = null;
  for (const layout of layouts) {
    for (const [minimum, from] of [[12, 0], [4, Math.max(0, layout.flat.length - 200)]]) {
      const length = longestStart(layout.flat, needle, from);
      if (length >= Math.min(minimum, needle.length) && (!best || length > best[2])) {
        best = [layout, layout.flat.indexOf(needle.slice(0, length), from), length];
      }
    }
  }
  return best;
}

// The length of the longest start of `needle` found in `flat` at or after `from` (binary search:
// a start that is found has every shorter start found too).
function longestStart(flat, needle, from) {
  let low = 0;
  let high = needle.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (flat.indexOf(needle.slice(0, middle), from) >= 0) low = middle;
    else high = middle - 1;
  }
  return low;
}

export function locate(content, quotes, viewport) {
  const layouts = [flatten(content, false), flatten(content, true)];
  const boxes = [];
  for (const quote of quotes) {
    const needle = [...quote.text].map(fold).join("");
    const found = needle ? find(layouts, needle) : null;
    if (!found) continue;
    const [{ where }, start, length] = found;
    const runs = new Map();
    for (let i = start; i < start + length; i++) {
      const [index, pos] = where[i];
      const span = runs.get(index) || [pos, pos];
      runs.set(index, [Math.min(span[0], pos), Math.max(span[1], pos)]);
    }
    for (const [index, [from, to]] of runs) boxes.push(box(content.items[index], from, to, viewport, quote.id));
  }
  return boxes;
}

function ocrBoxes(quotes, pageNumber, viewport) {
  return quotes.flatMap((q) => q.boxes.filter((b) => b.page === pageNumber).map((b) => {
    const el = document.createElement("div");
    el.className = "pdf-hl";
    el.dataset.ev = q.id;
    Object.assign(el.style, {
      left: `${b.x0 * viewport.width}px`, top: `${b.y0 * viewport.height}px`,
      width: `${(b.x1 - b.x0) * viewport.width}px`, height: `${(b.y1 - b.y0) * viewport.height}px`,
    });
    return el;
  }));
}

function box(item, from, to, viewport, id) {
  const chars = [...item.str].length || 1;
  const [a, b, , , e, f] = item.transform;
  const fontHeight = Math.hypot(a, b) || item.height;
  const x1 = e + (item.width * from) / chars;
  const x2 = e + (item.width * (to + 1)) / chars;
  const [vx1, vy1] = toViewport(viewport, x1, f - fontHeight * 0.25);
  const [vx2, vy2] = toViewport(viewport, x2, f + fontHeight * 0.9);
  const el = document.createElement("div");
  el.className = "pdf-hl";
  el.dataset.ev = id;
  Object.assign(el.style, {
    left: `${Math.min(vx1, vx2)}px`, top: `${Math.min(vy1, vy2)}px`,
    width: `${Math.abs(vx2 - vx1)}px`, height: `${Math.abs(vy2 - vy1)}px`,
  });
  return el;
}

function toViewport(viewport, x, y) {
  const [a, b, c, d, e, f] = viewport.transform;
  return [a * x + c * y + e, b * x + d * y + f];
}
