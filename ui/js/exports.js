// What the browser itself exports: the result JSON as the API returned it, and file names. The
// CSV and calendar files are built by the server (docs/api-notes.md "Exports") so that the UI,
// the API and integrations share one implementation, with reviewed values for saved contracts.

export const slug = (title) => (title || "contract").replace(/[^\w.-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60) || "contract";

export function resultJson(result) {
  return JSON.stringify(result, null, 2);
}
