// A tiny element builder: h("div.card", {onclick}, child, ...). Text is always set as text,
// never parsed as HTML, so document text and API strings cannot inject markup.

const PROPERTIES = new Set(["value", "checked", "disabled", "hidden", "selected", "indeterminate", "multiple"]);

export function h(spec, props = {}, ...children) {
  if (props === null || typeof props !== "object" || props instanceof Node || Array.isArray(props)) {
    children.unshift(props);
    props = {};
  }
  const [tag, ...classes] = spec.split(".");
  const el = document.createElement(tag || "div");
  if (classes.length) el.className = classes.join(" ");
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "className") el.className = value;
    else if (PROPERTIES.has(key)) el[key] = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  for (const child of children.flat()) if (child) el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  return el;
}

export function clear(el) {
  el.replaceChildren();
  return el;
}

// One message at a time: a new toast replaces the last, and navigating clears it (clearToasts),
// so a message never lingers over the result of a later action.
export function toast(message, kind = "") {
  const box = document.getElementById("toast");
  const item = h("div", { className: kind, role: kind === "err" ? "alert" : "status" }, message);
  box.replaceChildren(item);
  setTimeout(() => item.remove(), kind === "err" ? 6000 : 4000);
}

export function clearToasts() {
  document.getElementById("toast")?.replaceChildren();
}

// The WAI-ARIA tabs pattern: one tab in the Tab order (roving tabindex), arrow keys move and
// select, Home/End jump. tabs: [{id, label, panel}]; onSelect(id) runs after the switch.
export function tablist(label, tabs, first, onSelect = () => {}) {
  const buttons = tabs.map((t) => h("button", { type: "button", role: "tab", id: `tab-${t.id}`, "aria-controls": t.panel?.id || null, onclick: () => select(t.id, true) }, t.label));
  for (const t of tabs) if (t.panel) { t.panel.setAttribute("role", "tabpanel"); t.panel.setAttribute("aria-labelledby", `tab-${t.id}`); }
  const list = h("div.tabs", { role: "tablist", "aria-label": label }, buttons);
  function select(id, focus = false) {
    tabs.forEach((t, i) => {
      const on = t.id === id;
      buttons[i].setAttribute("aria-selected", String(on));
      buttons[i].tabIndex = on ? 0 : -1;
      if (t.panel) t.panel.hidden = !on;
      if (on && focus) buttons[i].focus();
    });
    list.dataset.selected = id;
    onSelect(id);
  }
  list.addEventListener("keydown", (e) => {
    const visible = tabs.filter((t, i) => !buttons[i].hidden);
    const at = visible.findIndex((t) => t.id === list.dataset.selected);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: visible.length - 1 }[e.key];
    if (to === undefined || !visible.length) return;
    e.preventDefault();
    select(visible[(to + visible.length) % visible.length].id, true);
  });
  list.select = select;
  list.buttons = Object.fromEntries(tabs.map((t, i) => [t.id, buttons[i]]));
  select(first);
  return list;
}

export const fmtDate = (iso) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : "—");
export const fmtDay = (day) => (day ? new Date(`${day}T00:00:00`).toLocaleDateString(undefined, { dateStyle: "medium" }) : "—");
export const titleCase = (key) => (key || "").replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());

export function fileSize(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

// A modal built on <dialog>: resolves with the value of the button pressed (or null). With
// requireButton, Esc does not close it (a secret shown once stays until "I have stored it").
export function modal(title, body, buttons = [{ label: "Close", value: null }], { requireButton = false } = {}) {
  const dialog = document.getElementById("dialog");
  return new Promise((resolve) => {
    let answered = false;
    const actions = buttons.map((b) =>
      // Cleared here, not only on "close" (dispatched a task later): a secret shown once must be gone
      // from the page by the time the click's promise resolves.
      h(`button.btn${b.kind ? "." + b.kind : ""}`, { type: "button", onclick: () => { answered = true; dialog.close(); dialog.replaceChildren(); resolve(b.value); } }, b.label),
    );
    dialog.replaceChildren(h("div.dlg-body", h("h2", { id: "dlg-title" }, title), h("div.mt-12", body)), h("div.dlg-actions", actions));
    dialog.setAttribute("aria-labelledby", "dlg-title");
    dialog.oncancel = (e) => requireButton && e.preventDefault();
    dialog.onkeydown = (e) => requireButton && e.key === "Escape" && e.preventDefault();
    dialog.onclose = () => {
      // Chrome closes a dialog on a repeated Esc even when "cancel" is prevented: show it again.
      if (requireButton && !answered) { dialog.showModal(); return; }
      dialog.replaceChildren(); // a secret shown once must not linger in the page
      resolve(null);
    };
    dialog.showModal();
    (actions.find((a) => a.classList.contains("primary")) || actions[actions.length - 1]).focus();
  });
}

export function download(filename, mime, content) {
  const url = URL.createObjectURL(new Blob([content], { type: mime }));
  const link = h("a", { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
