// The organization console: organizations and live access, API keys (secret shown once),
// webhooks (through /v1/webhooks with the session), usage per key over time, the audit log.

import { api } from "../api.js";
import { currentOrg, isAdmin, state } from "../store.js";
import { fmtDate, h, modal, svg, toast } from "../dom.js";
import { refreshOrgs } from "../orgs.js";
import { people } from "./people.js";

// What kind of actor an audit entry names, after the name ("Matter intake · API key").
const ACTOR_KIND = { key: " · API key", cli: " · command line" };

const TABS = { orgs: "Organizations", keys: "API keys", webhooks: "Webhooks", people: "People", usage: "Usage", audit: "Audit log" };
const EVENTS = ["analysis.completed", "analysis.failed", "contract.created", "comparison.created"];

export async function renderConsole(view, tab) {
  if (!TABS[tab]) { location.replace("#/console/orgs"); return; }
  if (!isAdmin()) {
    view.append(h("div.page", h("div.page-head", h("h1", "Console")),
      h("p.notice", { id: "console-refused" }, `The console is for administrators. You are signed in as ${state.session.user?.name} (${state.session.user?.role}).`)));
    return;
  }
  const body = h("div", { id: `console-${tab}` });
  view.append(h("div.page",
    h("div.page-head", h("div", h("h1", "Console"), h("p.muted", `Data dir ${state.session.dataDir} · ContractBox ${state.session.version}`))),
    h("nav.subnav", { "aria-label": "Console" }, Object.entries(TABS).map(([key, label]) =>
      h("a", { href: `#/console/${key}`, "aria-current": key === tab ? "page" : null }, label))),
    body));
  await { orgs, keys, webhooks, people, usage, audit }[tab](body);
}

const needOrg = (body) => {
  if (currentOrg()) return false;
  body.append(h("p.notice", "Create an organization first (Console › Organizations)."));
  return true;
};

async function confirmAction(title, text, label, kind = "danger") {
  return (await modal(title, h("p", text), [{ label: "Cancel", value: false }, { label, value: true, kind }])) === true;
}

export function showSecretOnce(title, secret, note) {
  const code = h("code", { id: "secret-value" }, secret);
  const copy = h("button.btn.small", { type: "button", id: "copy-secret", onclick: async () => {
    try {
      await navigator.clipboard.writeText(secret);
    } catch {
      const range = document.createRange();
      range.selectNodeContents(code);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      document.execCommand("copy");
    }
    copy.textContent = "Copied";
  } }, "Copy");
  return modal(title, h("div.stack", h("p", note), h("div.secret-box", code, copy),
    h("p.notice.warn", "This is the only time the secret is shown. ContractBox stores only a hash of it.")), [{ label: "I have stored it", value: true, kind: "primary" }], { requireButton: true });
}

// --- organizations -----------------------------------------------------------------------------

async function orgs(body) {
  const name = h("input", { type: "text", id: "org-name", placeholder: "e.g. Legal — EMEA", required: true });
  const form = h("form.form-row", { onsubmit: async (e) => {
    e.preventDefault();
    try {
      const org = await api("/console/api/orgs", { method: "POST", body: { name: name.value } });
      state.orgId = org.orgId;
      localStorage.setItem("cb.org", org.orgId);
      await refreshOrgs();
      toast(`Created ${org.name}.`);
      name.value = "";
      draw();
    } catch (err) { toast(err.message, "err"); }
  } }, h("label.field", h("span", "New organization"), name), h("button.btn.primary", { type: "submit" }, "Create"));
  const table = h("tbody");
  async function draw() {
    await refreshOrgs();
    table.replaceChildren(...state.orgs.map((o) => h("tr", { dataset: { org: o.orgId } },
      h("td", h("strong", o.name), h("div.muted.small.mono", o.orgId)),
      h("td", o.liveApproved ? h("span.badge.live", "Live approved") : h("span.badge", "Test only")),
      h("td.muted.small", fmtDate(o.createdAt)),
      h("td.right", h(`button.btn.small${o.liveApproved ? ".danger" : ""}`, { type: "button", onclick: async () => {
        const approve = !o.liveApproved;
        const ok = await confirmAction(approve ? "Approve live access?" : "Withdraw live access?",
          approve ? `${o.name} will be able to create live keys and run billed analyses.` : `${o.name}'s live keys will get 403 live_access_not_approved until approved again.`,
          approve ? "Approve live" : "Withdraw live", approve ? "primary" : "danger");
        if (!ok) return;
        try { await api(`/console/api/orgs/${o.orgId}/live`, { method: "POST", body: { approved: approve } }); toast(approve ? "Live access approved." : "Live access withdrawn."); draw(); }
        catch (err) { toast(err.message, "err"); }
      } }, o.liveApproved ? "Withdraw live" : "Approve live")))));
    if (!state.orgs.length) table.append(h("tr", h("td.empty", { colspan: 4 }, "No organizations yet.")));
  }
  body.append(h("div.card", h("div.body", form)), h("div.card.mt-16", 
    h("table.grid", h("thead", h("tr", h("th", "Organization"), h("th", "Live access"), h("th", "Created"), h("th"))), table)));
  await draw();
}

// --- API keys --------------------------------------------------------------------------------------

async function keys(body) {
  if (needOrg(body)) return;
  const org = currentOrg();
  const name = h("input", { type: "text", id: "key-name", placeholder: "e.g. Matter intake script" });
  const mode = h("select", { id: "key-mode" }, h("option", { value: "test" }, "Test"), h("option", { value: "live", disabled: !org.liveApproved }, org.liveApproved ? "Live" : "Live (not approved)"));
  mode.value = state.mode === "live" && org.liveApproved ? "live" : "test"; // the console's mode, where allowed
  const scopes = h("div.checks", { id: "key-scopes" }, state.session.scopes.map((s) => h("label", h("input", { type: "checkbox", value: s, checked: true }), s)));
  const list = h("tbody");
  const form = h("form.stack", { onsubmit: async (e) => {
    e.preventDefault();
    const chosen = [...scopes.querySelectorAll("input:checked")].map((i) => i.value);
    if (!chosen.length) return toast("Choose at least one scope.", "err");
    try {
      const key = await api(`/console/api/orgs/${org.orgId}/keys`, { method: "POST", body: { name: name.value.trim() || null, mode: mode.value, scopes: chosen } });
      name.value = "";
      await draw();
      await showSecretOnce(`New ${key.mode} key created`, key.secret, `Give this key to the integration “${key.name || key.keyId}”. Send it as Authorization: Bearer <key>.`);
    } catch (err) { toast(err.message, "err"); }
  } },
  h("div.form-row", h("label.field.grow", h("span", "Name"), name), h("label.field", h("span", "Mode"), mode), h("button.btn.primary", { type: "submit", id: "create-key" }, "Create key")),
  h("fieldset.bare", h("legend.small.muted.mb-6", "Scopes"), scopes));

  async function draw() {
    const rows = (await api(`/console/api/orgs/${org.orgId}/keys`)).data;
    list.replaceChildren(...rows.map((k) => h("tr", { dataset: { key: k.keyId } },
      h("td", h("strong", k.name || "—"), h("div.muted.small.mono", k.keyId)),
      h("td", h(`span.badge.${k.mode}`, k.mode)),
      h("td.mono.nowrap", k.console ? h("span.muted", "no secret") : `${k.prefix}…${k.last4}`),
      h("td.small", k.console || state.session.scopes.every((s) => k.scopes.includes(s)) ? "All scopes" : k.scopes.join(", ")),
      h("td.small.muted", fmtDate(k.createdAt)),
      h("td.small.muted", k.lastUsedAt ? fmtDate(k.lastUsedAt) : "never"),
      h("td.right", k.revokedAt ? h("span.badge.removed", "Revoked") : k.console ? h("span.badge", "Console") :
        h("button.btn.small.danger", { type: "button", onclick: async () => {
          if (!(await confirmAction("Revoke this key?", `Requests with ${k.prefix}…${k.last4} (${k.name || k.keyId}) will fail with 401 at once. This cannot be undone.`, "Revoke key"))) return;
          try { await api(`/console/api/orgs/${org.orgId}/keys/${k.keyId}/revoke`, { method: "POST" }); toast("Key revoked."); draw(); }
          catch (err) { toast(err.message, "err"); }
        } }, "Revoke")))));
    if (!rows.length) list.append(h("tr", h("td.empty", { colspan: 7 }, "No keys yet.")));
  }
  body.append(
    h("div.card", h("header", h("h2", `New key for ${org.name}`)), h("div.body", form)),
    h("div.card.mt-16", h("table.grid", { id: "keys-table" },
      h("thead", h("tr", h("th", "Name"), h("th", "Mode"), h("th", "Key"), h("th", "Scopes"), h("th", "Created"), h("th", "Last used"), h("th"))), list)),
    h("p.muted.small.mt-8", "The console's own requests are attributed to a built-in key per organization and mode (“ContractBox console”), so its usage is visible here too."));
  await draw();
}

// --- webhooks ------------------------------------------------------------------------------------

async function webhooks(body) {
  if (needOrg(body)) return;
  const list = h("div", { id: "webhook-list" });
  const detail = h("div", { id: "webhook-detail" });
  async function draw() {
    let page;
    try { page = await api("/v1/webhooks", { query: { limit: 100 } }); }
    catch (err) { list.replaceChildren(h("p.notice.err", err.message)); return; }
    list.replaceChildren(page.data.length ? h("table.grid", h("thead", h("tr", h("th", "Endpoint"), h("th", "Events"), h("th", "State"), h("th"))),
      h("tbody", page.data.map((w) => h("tr.clickable", { tabindex: "0", dataset: { webhook: w.webhookId }, onclick: () => openWebhook(w.webhookId), onkeydown: (e) => e.key === "Enter" && openWebhook(w.webhookId) },
        h("td", h("strong.mono", w.url), h("div.muted.small", w.description || "")),
        h("td.small", w.events.join(", ")),
        h("td", w.enabled ? h("span.badge.low", "Enabled") : h("span.badge.removed", { title: w.disabledReason || "" }, "Disabled")),
        h("td.right", h("span.muted.small", "Open ›")))))) : h("p.empty", `No webhook endpoints in ${state.mode} mode.`));
  }
  async function openWebhook(id) {
    const w = await api(`/v1/webhooks/${id}`);
    const url = h("input", { type: "url", value: w.url, id: "wh-url" });
    const description = h("input", { type: "text", value: w.description || "", id: "wh-description" });
    const events = eventChecks(w.events);
    const enabled = h("input", { type: "checkbox", checked: w.enabled, id: "wh-enabled" });
    const deliveries = h("tbody");
    const save = async (patch) => {
      try {
        const updated = await api(`/v1/webhooks/${id}`, { method: "PATCH", body: patch });
        if (updated.secret) await showSecretOnce("Signing secret rotated", updated.secret, "Update your receiver with the new secret. The previous one keeps verifying for a short overlap.");
        else toast("Webhook saved.");
        draw(); openWebhook(id);
      } catch (err) { toast(err.message, "err"); }
    };
    async function loadDeliveries() {
      const page = await api(`/v1/webhooks/${id}/deliveries`, { query: { limit: 50 } });
      deliveries.replaceChildren(...page.data.map((d) => {
        const last = d.attempts.at(-1);
        return h("tr", h("td.small", fmtDate(d.createdAt)), h("td.small", d.eventType, d.test ? h("span.badge.ml-6", "test") : null),
          h("td", h(`span.badge.${d.status === "succeeded" ? "low" : d.status === "failed" ? "critical" : "medium"}`, d.status)),
          h("td.small", `${d.attempts.length}`), h("td.small.mono", last ? `${last.statusCode ?? "—"} · ${last.durationMs} ms` : "—"), h("td.small.error-text", last?.error || ""));
      }));
      if (!page.data.length) deliveries.append(h("tr", h("td.empty", { colspan: 6 }, "No deliveries yet.")));
    }
    detail.replaceChildren(h("div.card.mt-16", 
      h("header", h("h2", "Endpoint"), h("span.muted.small.mono", id), h("span.spacer"),
        h("button.btn.small", { type: "button", id: "wh-test", onclick: async () => {
          try { await api(`/v1/webhooks/${id}/test`, { method: "POST" }); toast("Test event sent."); setTimeout(loadDeliveries, 800); } catch (err) { toast(err.message, "err"); }
        } }, "Send test event"),
        h("button.btn.small", { type: "button", id: "wh-rotate", onclick: async () => {
          if (await confirmAction("Rotate the signing secret?", "A new secret is generated and shown once.", "Rotate secret", "primary")) save({ rotateSecret: true });
        } }, "Rotate secret"),
        h("button.btn.small.danger", { type: "button", onclick: async () => {
          if (!(await confirmAction("Delete this endpoint?", "No further events will be sent to it.", "Delete endpoint"))) return;
          try { await api(`/v1/webhooks/${id}`, { method: "DELETE" }); detail.replaceChildren(); draw(); toast("Endpoint deleted."); } catch (err) { toast(err.message, "err"); }
        } }, "Delete")),
      h("div.body", h("form.stack", { onsubmit: (e) => { e.preventDefault(); save({ url: url.value, description: description.value, events: checked(events), enabled: enabled.checked }); } },
        h("div.form-row", h("label.field.grow-2", h("span", "URL"), url), h("label.field.grow", h("span", "Description"), description)),
        events, h("label.row.small", enabled, "Enabled"),
        !w.enabled && w.disabledReason ? h("div.notice.err.row", { id: "wh-disabled" }, h("span.grow", `Delivery was switched off: ${w.disabledReason.replace(/ ?re-enable it with PATCH \{"enabled": true\}\.?/, " re-enable it here.")}`),
          h("button.btn.small", { type: "button", id: "wh-reenable", onclick: () => save({ enabled: true }) }, "Re-enable endpoint")) : null,
        h("div", h("button.btn.primary", { type: "submit", id: "wh-save" }, "Save changes")))),
      h("header", h("h2", "Deliveries"), h("span.spacer"), h("button.btn.small", { type: "button", onclick: loadDeliveries }, "Refresh")),
      h("table.grid", { id: "deliveries" }, h("thead", h("tr", h("th", "Created"), h("th", "Event"), h("th", "Status"), h("th", "Attempts"), h("th", "Last answer"), h("th", "Error"))), deliveries)));
    await loadDeliveries();
  }
  const url = h("input", { type: "url", id: "new-wh-url", placeholder: "https://hooks.example.internal/contractbox", required: true });
  const description = h("input", { type: "text", id: "new-wh-description", placeholder: "optional" });
  const events = eventChecks(EVENTS);
  const form = h("form.stack", { onsubmit: async (e) => {
    e.preventDefault();
    try {
      const w = await api("/v1/webhooks", { method: "POST", body: { url: url.value, events: checked(events), description: description.value || null } });
      url.value = description.value = "";
      await draw();
      await showSecretOnce("Webhook endpoint created", w.secret, "Verify each delivery's webhook-signature header with this secret (Standard Webhooks).");
      openWebhook(w.webhookId);
    } catch (err) { toast(err.message, "err"); }
  } }, h("div.form-row", h("label.field.grow-2", h("span", "Endpoint URL"), url), h("label.field.grow", h("span", "Description"), description),
    h("button.btn.primary", { type: "submit", id: "create-webhook" }, "Add endpoint")), events);
  body.append(h("div.card", h("header", h("h2", `New ${state.mode} endpoint for ${currentOrg().name}`)), h("div.body", form)), h("div.card.mt-16", list), detail);
  await draw();
}

function eventChecks(selected) {
  return h("div.checks", EVENTS.map((e) => h("label", h("input", { type: "checkbox", value: e, checked: selected.includes(e) }), e)));
}
const checked = (el) => [...el.querySelectorAll("input:checked")].map((i) => i.value);

// --- usage -------------------------------------------------------------------------------------------

const METRICS = { requests: "Requests", analysesCreated: "Analyses", pages: "Pages", billableUnits: "Billable units" };
const COLORS = ["#1f4e8c", "#c0532a", "#2e7d4f", "#8a5a00", "#7b3fa0", "#0e7c86", "#a3172b", "#51607a"];

async function usage(body) {
  if (needOrg(body)) return;
  const org = currentOrg();
  const metric = h("select", { id: "usage-metric", "aria-label": "Metric" }, Object.entries(METRICS).map(([k, v]) => h("option", { value: k }, v)));
  const span = h("select", { id: "usage-days", "aria-label": "Period" }, [7, 30, 90].map((d) => h("option", { value: d, selected: d === 30 }, `Last ${d} days`)));
  const chartBox = h("div", { id: "usage-chart" });
  const table = h("tbody");
  async function draw() {
    const data = await api(`/console/api/orgs/${org.orgId}/usage`, { query: { days: span.value } });
    const keys = data.keys.filter((k) => k.mode === state.mode);
    chartBox.replaceChildren(chart(data.days, keys, metric.value));
    table.replaceChildren(...keys.map((k, i) => {
      const total = (m) => Object.values(k.days).reduce((sum, d) => sum + (d[m] || 0), 0);
      return h("tr", h("td", h("i.swatch", { style: `background:${COLORS[i % COLORS.length]}` }), k.name || k.keyId,
        h("div.muted.small.mono", k.console ? "console session" : `${k.prefix}…${k.last4}`)),
        ...["requests", "analysesCreated", "analysesCompleted", "analysesFailed", "pages", "billableUnits"].map((m) => h("td.right.tabular", total(m).toLocaleString())));
    }));
    if (!keys.length) table.append(h("tr", h("td.empty", { colspan: 7 }, `No ${state.mode} keys in ${org.name}.`)));
  }
  metric.addEventListener("change", draw);
  span.addEventListener("change", draw);
  body.append(h("div.card", h("header", h("h2", `Usage per ${state.mode} key · ${org.name}`), h("span.spacer"), metric, span), h("div.body", chartBox)),
    h("div.card.mt-16", h("table.grid", { id: "usage-table" },
      h("thead", h("tr", h("th", "Key"), ...["Requests", "Analyses", "Completed", "Failed", "Pages", "Billable"].map((t) => h("th.right", t)))), table)));
  await draw();
}

// Stacked daily bars per key, drawn as inline SVG (no chart library, nothing fetched).
function chart(days, keys, metric) {
  const W = 1120, H = 300, L = 48, R = 12, T = 12, B = 34;
  const totals = days.map((day) => keys.reduce((s, k) => s + (k.days[day]?.[metric] || 0), 0));
  const max = Math.max(1, ...totals);
  const step = niceStep(max);
  const top = Math.ceil(max / step) * step;
  const y = (v) => T + (H - T - B) * (1 - v / top);
  const band = (W - L - R) / days.length;
  const g = svg("svg", { class: "chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": `${METRICS[metric]} per day and key over ${days.length} days`, preserveAspectRatio: "none" });
  for (let v = 0; v <= top; v += step) {
    g.append(svg("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), stroke: "#eef1f4" }), svg("text", { x: L - 8, y: y(v) + 4, "text-anchor": "end" }, v.toLocaleString()));
  }
  days.forEach((day, i) => {
    let base = 0;
    keys.forEach((k, ki) => {
      const v = k.days[day]?.[metric] || 0;
      if (!v) return;
      const rect = svg("rect", { x: L + i * band + band * 0.15, width: band * 0.7, y: y(base + v), height: y(base) - y(base + v), fill: COLORS[ki % COLORS.length], "data-key": k.keyId, "data-day": day, "data-value": v });
      rect.append(svg("title", {}, `${k.name || k.keyId} · ${day}: ${v.toLocaleString()}`));
      g.append(rect);
      base += v;
    });
    const every = Math.ceil(days.length / 10);
    if (i % every === 0 || i === days.length - 1) g.append(svg("text", { x: L + i * band + band / 2, y: H - 12, "text-anchor": "middle" }, day.slice(5)));
  });
  const legend = h("div.legend.mt-8", keys.map((k, i) => h("span", h("i", { style: `background:${COLORS[i % COLORS.length]}` }), k.name || k.keyId)));
  return h("div", g, legend);
}

function niceStep(max) {
  const raw = max / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) || power * 10;
}

// --- audit log -------------------------------------------------------------------------------------

async function audit(body) {
  const rows = h("tbody");
  const more = h("button.btn", { type: "button", hidden: true }, "Older entries");
  let last = null;
  async function load(append) {
    const page = await api("/console/api/audit", { query: { limit: 50, startingAfter: append ? last : undefined } });
    if (!append) rows.replaceChildren();
    rows.append(...page.data.map((e) => h("tr", { dataset: { action: e.action } },
      h("td.small", fmtDate(e.at)), h("td.small", { dataset: { actor: e.actor?.id || "" }, title: e.actor?.id || "" }, e.actor ? e.actor.name : "—", e.actor ? h("span.muted", ACTOR_KIND[e.actor.type] || "") : null), h("td", h("strong.mono", e.action)), h("td.small", e.orgName || "—", e.mode ? h(`span.badge.${e.mode}.ml-6`, e.mode) : null),
      h("td.small.mono", e.target || "—"), h("td.small", e.status ?? "—"), h("td.small.muted", { title: e.client || "" }, (e.client || "").split(" ")[0]))));
    last = page.data.at(-1)?.auditId || last;
    more.hidden = !page.hasMore;
  }
  more.addEventListener("click", () => load(true));
  body.append(h("div.card", h("table.grid", { id: "audit-table" },
    h("thead", h("tr", h("th", "When"), h("th", "Who"), h("th", "Action"), h("th", "Organization"), h("th", "Object"), h("th", "Status"), h("th", "From"))), rows)),
  h("div.mt-12", more));
  await load(false);
}
