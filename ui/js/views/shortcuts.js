// Keyboard shortcuts of the result view (listed in the view and in docs/ui.md). They act only
// while the result is shown and never while typing in a field.

import { h } from "../dom.js";

export const SHORTCUTS = [
  ["j", "next finding"],
  ["k", "previous finding"],
  ["1 – 4", "risks, clauses, obligations, key dates"],
  ["/", "find in the document"],
  ["Enter / Shift+Enter", "next / previous match (in the find box)"],
  ["+ / − / 0", "zoom in, out, fit to width"],
  ["a / r", "accept / reject the finding shown (saved contracts)"],
];

export function shortcutsHelp() {
  return h("details.shortcuts", { id: "shortcuts" }, h("summary", "Keyboard shortcuts"),
    h("dl", SHORTCUTS.map(([keys, what]) => [h("dt", h("kbd", keys)), h("dd", what)])));
}

const SECTIONS = ["risks", "clauses", "obligations", "dates"];
const typing = (el) => el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));

export function installShortcuts(root, { selectables, index, docPane, review }) {
  const navigable = () => selectables.filter((el) => el.dataset.kind && el.dataset.kind !== "candidate" && !el.closest("[data-filtered]"));

  function move(step) {
    const list = navigable();
    if (!list.length) return;
    const from = list.findIndex((el) => el === document.activeElement || el.contains(document.activeElement));
    const pressed = list.findIndex((el) => el.getAttribute("aria-pressed") === "true");
    const at = from >= 0 ? from : pressed;
    const target = list[at < 0 ? (step > 0 ? 0 : list.length - 1) : Math.min(list.length - 1, Math.max(0, at + step))];
    const panel = target.closest("[role=tabpanel]");
    if (panel?.hidden) index.select(panel.id.replace(/^panel-/, ""));
    target.closest("[data-paged]")?.removeAttribute("data-paged");
    const folded = target.closest("details:not([open])");
    if (folded) folded.open = true;
    target.focus();
    target.scrollIntoView({ block: "nearest" });
    target.click();
  }

  const onKey = (e) => {
    if (!root.isConnected) { document.removeEventListener("keydown", onKey); return; }
    if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target) || document.querySelector("dialog[open]")) return;
    const actions = {
      j: () => move(1),
      k: () => move(-1),
      "/": () => docPane.find.input.focus(),
      "+": () => docPane.zoom.in(),
      "=": () => docPane.zoom.in(),
      "-": () => docPane.zoom.out(),
      0: () => docPane.zoom.reset(),
      a: () => review?.decisions?.decideOn(selectables.find((el) => el.getAttribute("aria-pressed") === "true"), "accepted"),
      r: () => review?.decisions?.decideOn(selectables.find((el) => el.getAttribute("aria-pressed") === "true"), "rejected"),
    };
    const section = SECTIONS[Number(e.key) - 1];
    const action = actions[e.key] || (section ? () => index.select(section, true) : null);
    if (!action) return;
    e.preventDefault();
    action();
  };
  document.addEventListener("keydown", onKey);
}
