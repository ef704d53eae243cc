// Console › People (administrators only): the data dir's users, their roles, sign-in links shown
// once, disabling and enabling. The server refuses all of it for other roles (403 insufficient_role).

import { api } from "../api.js";
import { fmtDate, h, modal, toast } from "../dom.js";
import { state } from "../store.js";

const ROLES = { administrator: "Administrator", reviewer: "Reviewer", viewer: "Viewer" };
const ROLE_HELP = "Administrators manage organizations, keys, webhooks and people; reviewers analyse, review and export; viewers read and download.";

export async function people(body) {
  const list = h("tbody");
  const username = h("input", { type: "text", id: "user-username", required: true, autocomplete: "off", placeholder: "e.g. jsmith" });
  const name = h("input", { type: "text", id: "user-name", required: true, placeholder: "e.g. Jane Smith" });
  const role = h("select", { id: "user-role" }, Object.entries(ROLES).map(([v, l]) => h("option", { value: v, selected: v === "reviewer" }, l)));
  const form = h("form.stack", { onsubmit: async (e) => {
    e.preventDefault();
    try {
      const user = await api("/console/api/users", { method: "POST", body: { username: username.value.trim(), name: name.value.trim(), role: role.value } });
      username.value = name.value = "";
      await draw();
      await signInLink(user);
    } catch (err) { toast(err.message, "err"); }
  } },
  h("div.form-row", h("label.field.grow", h("span", "User name"), username), h("label.field.grow", h("span", "Full name"), name),
    h("label.field", h("span", "Role"), role), h("button.btn.primary", { type: "submit", id: "create-user" }, "Add person")),
  h("p.muted.small", ROLE_HELP, " A new person signs in with a one-time link, shown once after adding them."));

  async function draw() {
    const users = (await api("/console/api/users")).data;
    list.replaceChildren(...users.map((u) => row(u, draw)));
  }
  body.append(h("div.card", h("header", h("h2", "Add a person")), h("div.body", form)),
    h("div.card.mt-16", h("table.grid", { id: "users-table" },
      h("thead", h("tr", h("th", "Person"), h("th", "Role"), h("th", "State"), h("th", "Last sign-in"), h("th", h("span.sr-only", "Actions")))), list)));
  await draw();
}

function row(u, redraw) {
  const me = u.userId === state.session.user?.userId;
  const role = h("select", { "aria-label": `Role of ${u.name}`, dataset: { roleOf: u.username }, onchange: async () => {
    try { await api(`/console/api/users/${u.userId}`, { method: "PATCH", body: { role: role.value } }); toast(`${u.name} is now ${ROLES[role.value].toLowerCase()}.`); }
    catch (err) { toast(err.message, "err"); role.value = u.role; }
  } }, Object.entries(ROLES).map(([v, l]) => h("option", { value: v, selected: v === u.role }, l)));
  const toggle = h(`button.btn.small${u.disabled ? "" : ".danger"}`, { type: "button", onclick: async () => {
    const disable = !u.disabled;
    const ok = await modal(disable ? `Disable ${u.name}?` : `Enable ${u.name}?`,
      h("p", disable ? "Their sessions end at once and they can no longer sign in. Their past decisions stay." : "They can sign in again."),
      [{ label: "Cancel", value: false }, { label: disable ? "Disable" : "Enable", value: true, kind: disable ? "danger" : "primary" }]);
    if (!ok) return;
    try { await api(`/console/api/users/${u.userId}`, { method: "PATCH", body: { disabled: disable } }); toast(disable ? `${u.name} disabled.` : `${u.name} enabled.`); redraw(); }
    catch (err) { toast(err.message, "err"); }
  } }, u.disabled ? "Enable" : "Disable");
  const link = h("button.btn.small", { type: "button", onclick: () => signInLink(u) }, "Sign-in link");
  const password = h("button.btn.small", { type: "button", "aria-label": `Set password for ${u.name}`, onclick: () => setPassword(u, redraw) }, "Set password");
  return h("tr", { dataset: { user: u.username } },
    h("td", h("strong", u.name), me ? h("span.badge.ml-6", "you") : null, h("div.muted.small.mono", u.username)),
    h("td", role),
    h("td", u.disabled ? h("span.badge.removed", "Disabled") : h("span.badge.low", "Active"), u.passwordSet ? null : h("div.muted.small", "no password")),
    h("td.small.muted", u.lastSignInAt ? fmtDate(u.lastSignInAt) : "never"),
    h("td.right", h("div.row.nowrap", link, password, me ? null : toggle)));
}

async function signInLink(user) {
  try {
    const link = await api(`/console/api/users/${user.userId}/link`, { method: "POST" });
    const code = h("code", { id: "secret-value" }, link.url);
    await modal(`Sign-in link for ${user.name}`, h("div.stack",
      h("p", `Give this link to ${user.name} (${user.username}). It signs them in once, within 10 minutes (until ${fmtDate(link.expiresAt)}).`),
      h("div.secret-box", code),
      h("p.notice.warn", "The link is shown only now. Make a new one if it expires.")),
    [{ label: "I have passed it on", value: true, kind: "primary" }], { requireButton: true });
  } catch (err) { toast(err.message, "err"); }
}

// A password for signing in from other computers (at least 10 characters; clears a lockout).
async function setPassword(user, redraw) {
  const first = h("input", { type: "password", id: "new-password", autocomplete: "new-password", minlength: 10 });
  const again = h("input", { type: "password", id: "new-password-again", autocomplete: "new-password" });
  const answer = modal(`Set a password for ${user.name}`, h("div.stack",
    h("p.muted.small", `${user.name} signs in as “${user.username}” with it. At least 10 characters; it also lifts a lockout.`),
    h("label.field", h("span", "Password"), first), h("label.field", h("span", "Again"), again)),
  [{ label: "Cancel", value: false }, { label: "Set password", value: true, kind: "primary" }]);
  first.focus();
  if ((await answer) !== true) return;
  if (first.value !== again.value) return toast("The two passwords differ.", "err");
  try {
    await api(`/console/api/users/${user.userId}/password`, { method: "POST", body: { password: first.value } });
    toast(`Password set for ${user.name}.`);
    redraw();
  } catch (err) { toast(err.message, "err"); }
}
