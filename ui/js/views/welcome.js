// First run: name the organization, set the administrator password, create a first test key,
// and analyse a sample contract. Shown when no organization exists yet.

import { api } from "../api.js";
import { currentOrg, state } from "../store.js";
import { h, toast } from "../dom.js";
import { refreshOrgs } from "../orgs.js";
import { showSecretOnce } from "./console.js";
import { submitFiles } from "./review.js";

export async function renderWelcome(view) {
  const steps = h("ol.steps");
  view.append(h("div.page.welcome", h("div.page-head", h("div", h("h1", "Welcome to ContractBox"),
    h("p.muted", "Four steps and you are reviewing contracts. Everything stays on this machine."))), h("div.card", h("div.body", steps))));

  const orgName = h("input", { type: "text", id: "welcome-org", placeholder: "e.g. Hartley & Finch LLP — Legal" });
  const orgStep = h("li", h("h2", "Name your organization"),
    h("form.form-row", { onsubmit: async (e) => {
      e.preventDefault();
      try {
        const org = await api("/console/api/orgs", { method: "POST", body: { name: orgName.value } });
        state.orgId = org.orgId;
        localStorage.setItem("cb.org", org.orgId);
        await refreshOrgs();
        done(orgStep, `Organization: ${org.name}`);
      } catch (err) { toast(err.message, "err"); }
    } }, h("label.field.grow", h("span", "Organization name"), orgName), h("button.btn.primary", { type: "submit", id: "welcome-org-save" }, "Save")));

  const pw = h("input", { type: "password", id: "welcome-password", autocomplete: "new-password", placeholder: "at least 10 characters" });
  const pw2 = h("input", { type: "password", id: "welcome-password2", autocomplete: "new-password" });
  const pwStep = h("li", h("h2", "Set the administrator password"),
    h("p.muted.small", "For signing in from other computers on your network. This window is already signed in."),
    h("form.form-row", { onsubmit: async (e) => {
      e.preventDefault();
      if (pw.value !== pw2.value) return toast("The two passwords differ.", "err");
      try {
        await api("/console/api/admin/password", { method: "POST", body: { password: pw.value } });
        done(pwStep, "Administrator password set.");
      } catch (err) { toast(err.message, "err"); }
    } }, h("label.field.grow", h("span", "Password"), pw), h("label.field.grow", h("span", "Again"), pw2),
      h("button.btn.primary", { type: "submit", id: "welcome-password-save" }, "Set password")));

  const keyStep = h("li", h("h2", "Create a first test key"),
    h("p.muted.small", "For scripts and integrations calling the /v1 API. Test keys use the mock engine and are never billed."),
    h("button.btn.primary", { type: "button", id: "welcome-key", onclick: async () => {
      if (!currentOrg()) return toast("Name the organization first.", "err");
      try {
        const key = await api(`/console/api/orgs/${state.orgId}/keys`, { method: "POST", body: { mode: "test", name: "First test key", scopes: state.session.scopes } });
        await showSecretOnce("Your first test key", key.secret, "Use it as Authorization: Bearer <key> against /v1. API reference: /docs");
        done(keyStep, `Test key ${key.prefix}…${key.last4} created.`);
      } catch (err) { toast(err.message, "err"); }
    } }, "Create test key"));

  const sampleStep = h("li", h("h2", "Drop a contract"),
    h("p.muted.small", "Drop a contract (PDF, Word, a scan or .txt) anywhere on this window, or try the bundled sample NDA."),
    h("div.row", h("button.btn.primary", { type: "button", id: "welcome-sample", onclick: async () => {
      if (!currentOrg()) return toast("Name the organization first.", "err");
      const bytes = await (await fetch("/static/samples/mutual_nda.pdf")).blob();
      location.hash = "#/review";
      submitFiles([new File([bytes], "Sample mutual NDA.pdf", { type: "application/pdf" })]);
    } }, "Analyze the sample NDA"), h("a.btn", { href: "#/review" }, "Go to the reviewer")));

  steps.append(orgStep, pwStep, keyStep, sampleStep);
  if (currentOrg()) done(orgStep, `Organization: ${currentOrg().name}`);
  if (state.session.passwordSet) done(pwStep, "Administrator password is set.");
}

function done(step, text) {
  step.classList.add("done");
  step.replaceChildren(step.querySelector("h2"), h("p.muted", text));
}
