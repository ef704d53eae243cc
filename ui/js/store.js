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

// A view asks the shell to switch mode (e.g. "this analysis is in live mode: switch?").
const modeListeners = new Set();

export function onModeRequest(fn) {
  modeListeners.add(fn);
}

export function requestMode(mode) {
  for (const fn of modeListeners) fn(mode);
}

// What the signed-in person's role allows (GET /console/api/session `user.scopes`): the UI hides
// what a role may not do; the server refuses it anyway.
export const can = (scope) => state.session?.user?.scopes?.includes(scope) ?? true;
export const isAdmin = () => (state.session?.user?.role ?? "administrator") === "administrator";
