// Review decisions on a saved contract (docs/api-notes.md "Reviews"): each finding gets a small
// bar to accept, reject, or correct it with a value and a note. Decisions are posted to
// /v1/contracts/{id}/reviews; the contract's review status in the header follows.

import { api } from "../api.js";
import { fmtDate, h, toast } from "../dom.js";
import { can } from "../store.js";

const LABEL = { accepted: "Accepted", rejected: "Rejected", corrected: "Corrected" };

// entries: [{el, meta}] of the result view's findings; meta.kind risk|clause|keyDate|obligation
// with meta.id, or meta.review = {kind: "party", name} | {kind: "governing_law"}.
export async function installDecisions(root, contract, entries, statusEl) {
  let findings;
  try {
    findings = (await api(`/v1/contracts/${contract.contractId}/findings`)).data;
  } catch (err) {
    statusEl.replaceChildren(h("span.muted.small", `Review decisions unavailable: ${err.message}`));
    return null;
  }
  const writable = can("contracts:write");
  const bars = new Map(); // findingKey -> {finding, bar, els}
  for (const { el, meta } of entries) {
    const finding = match(findings, meta);
    if (!finding) continue;
    const bar = h("div.decide", { dataset: { findingKey: finding.findingKey } });
    el.after(bar);
    el.dataset.findingKey = finding.findingKey;
    bars.set(finding.findingKey, { finding, bar, el });
    paint(bars.get(finding.findingKey));
  }

  function paint(entry) {
    const { finding, bar } = entry;
    const review = finding.review;
    const state = review
      ? h(`span.badge.decision.${review.decision}`, LABEL[review.decision], review.decision === "corrected" ? `: ${review.correctedValue}` : "")
      : h("span.badge.decision.undecided", "Undecided");
    const who = review ? h("span.muted.small", ` ${review.reviewer?.name || ""} · ${fmtDate(review.createdAt)}`) : null;
    const note = review?.note ? h("p.note.small", h("b", "Note: "), review.note) : null;
    const buttons = writable ? [
      h("button.btn.small", { type: "button", "aria-pressed": String(review?.decision === "accepted"), "aria-label": `Accept: ${finding.label}`, onclick: () => decide(entry, { decision: "accepted", note: review?.note ?? null }) }, "Accept"),
      h("button.btn.small", { type: "button", "aria-pressed": String(review?.decision === "rejected"), "aria-label": `Reject: ${finding.label}`, onclick: () => decide(entry, { decision: "rejected", note: review?.note ?? null }) }, "Reject"),
      h("button.btn.small", { type: "button", "aria-expanded": "false", "aria-label": `Correct or note: ${finding.label}`, onclick: (e) => openForm(entry, e.currentTarget) }, "Correct or note"),
    ] : [];
    bar.dataset.decision = review?.decision || "";
    entry.el.dataset.decided = review ? "true" : "false";
    bar.replaceChildren(...[h("div.row.decide-row", state, who, h("span.spacer"), buttons), note].filter(Boolean));
  }

  function openForm(entry, opener) {
    const { finding, bar } = entry;
    if (bar.querySelector("form")) { bar.querySelector("form").remove(); opener.setAttribute("aria-expanded", "false"); return; }
    opener.setAttribute("aria-expanded", "true");
    const current = finding.review;
    const isDate = finding.kind === "date";
    const value = h("input", { type: isDate ? "date" : "text", name: "correctedValue", value: current?.correctedValue || finding.value || "", "aria-label": `Corrected value for ${finding.label}` });
    const note = h("textarea", { name: "note", rows: 2, maxlength: 2000, "aria-label": `Note on ${finding.label}` });
    note.value = current?.note || "";
    const choice = (decision, text) => h("label", h("input", { type: "radio", name: `d-${finding.findingKey}`, value: decision, checked: (current?.decision || "corrected") === decision }), text);
    const form = h("form.decide-form.stack", { onsubmit: (e) => {
      e.preventDefault();
      const decision = form.querySelector("input[type=radio]:checked").value;
      const body = { decision, note: note.value.trim() || null };
      if (decision === "corrected") {
        if (!value.value.trim()) { toast("Enter the corrected value.", "err"); value.focus(); return; }
        body.correctedValue = value.value.trim();
      }
      decide(entry, body);
    } },
    h("div.checks", choice("accepted", "Accept"), choice("rejected", "Reject"), choice("corrected", "Correct to:")),
    h("label.field", h("span", isDate ? "Corrected date" : "Corrected value"), value),
    h("label.field", h("span", "Note"), note),
    h("div.row", h("button.btn.small.primary", { type: "submit" }, "Save decision"),
      h("button.btn.small", { type: "button", onclick: () => { form.remove(); opener.setAttribute("aria-expanded", "false"); opener.focus(); } }, "Cancel")));
    bar.append(form);
    value.focus();
  }

  async function decide(entry, body) {
    try {
      const review = await api(`/v1/contracts/${contract.contractId}/reviews`, { method: "POST", body: { findingKey: entry.finding.findingKey, ...body } });
      entry.finding.review = review;
      paint(entry);
      await refreshStatus();
    } catch (err) {
      toast(err.message, "err");
    }
  }

  async function refreshStatus() {
    const fresh = await api(`/v1/contracts/${contract.contractId}`).catch(() => null);
    statusEl.replaceChildren(reviewBadge(fresh?.review || contract.review));
  }

  statusEl.replaceChildren(reviewBadge(contract.review));
  return {
    // The keyboard's a / r on the finding shown (shortcuts.js).
    decideOn(el, decision) {
      const entry = bars.get(el?.dataset.findingKey);
      if (entry && writable) decide(entry, { decision, note: entry.finding.review?.note ?? null });
    },
  };
}

function match(findings, meta) {
  const review = meta.review;
  if (review?.kind === "party") return findings.find((f) => f.kind === "party" && f.value.toLowerCase() === review.name.toLowerCase());
  if (review?.kind === "governing_law") return findings.find((f) => f.kind === "governing_law");
  const kind = meta.kind === "keyDate" ? "date" : meta.kind;
  return findings.find((f) => f.kind === kind && f.itemId === meta.id);
}

export function reviewBadge(review) {
  if (!review) return h("span.badge", "Not reviewed");
  const text = {
    not_started: `Review not started · 0 of ${review.total}`,
    in_review: `In review · ${review.decided} of ${review.total} decided`,
    reviewed: `Reviewed by ${(review.reviewedBy || []).join(", ")}`,
  }[review.state];
  return h(`span.badge.review-${review.state}`, { id: "review-state", title: review.reviewedAt ? `Last decision ${fmtDate(review.reviewedAt)}` : "" }, text);
}
