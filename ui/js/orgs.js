// Reloading the organizations into the shared state (after one was created or approved).

import { api } from "./api.js";
import { orgsChanged, state } from "./store.js";

export async function refreshOrgs() {
  state.orgs = (await api("/console/api/orgs")).data;
  if (!state.orgs.some((o) => o.orgId === state.orgId)) state.orgId = state.orgs[0]?.orgId || null;
  orgsChanged();
}
