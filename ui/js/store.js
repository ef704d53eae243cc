// The UI's shared state, in one module: the session, the organizations, the chosen organization
// and mode. Views read it here and never import app.js; the shell (app.js) listens for changes.

export const state = { session: null, orgs: [], orgId: null, mode: "test" };

export const currentOrg = () => state.orgs.find((o) => o.orgId === state.orgId) || null;

const listeners = new Set();

// fn() runs after the list of organizations was reloaded (the shell redraws its selector).
export function onOrgsChanged(fn) {
  listeners.add(fn);
}

export function orgsChanged() {
  for (const fn of listeners) fn();
}
