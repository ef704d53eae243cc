// Every call goes to the same /v1 API integrators use (or /console/api for admin work), with
// the session cookie (sent by the browser, never readable here), the CSRF token on writes,
// and the organization and mode chosen at the top.

import { state } from "./store.js";

export class ApiError extends Error {
  constructor(status, error) {
    super(error?.message || `Request failed (${status}).`);
    this.status = status;
    this.code = error?.code;
    this.param = error?.param;
  }
}

export function headers(method, extra = {}, mode = state.mode) {
  const out = { ...extra };
  if (state.orgId) out["X-ContractBox-Org"] = state.orgId;
  out["X-ContractBox-Mode"] = mode;
  if (method !== "GET" && state.session) out["X-CSRF-Token"] = state.session.csrfToken;
  return out;
}

// `mode` asks the other mode than the one chosen (to offer a switch for an object found there).
export async function api(path, { method = "GET", body, query, binary = false, mode = state.mode } = {}) {
  let url = path;
  if (query) {
    const params = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== ""));
    if ([...params].length) url += `?${params}`;
  }
  const extra = body === undefined ? {} : { "Content-Type": "application/json" };
  const response = await fetch(url, {
    method,
    headers: headers(method, extra, mode),
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
  });
  if (response.status === 401) {
    const data = await response.json().catch(() => ({}));
    if (data.error?.code === "session_expired") {
      location.replace("/console/login");
      throw new ApiError(401, data.error);
    }
    throw new ApiError(401, data.error);
  }
  if (!response.ok) {
    const data = await response.json().catch(() => ({}));
    throw new ApiError(response.status, data.error);
  }
  if (response.status === 204) return null;
  return binary ? response.arrayBuffer() : response.json();
}

// Upload with progress: fetch cannot report upload progress, XMLHttpRequest can.
export function upload(path, body, onProgress) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    for (const [k, v] of Object.entries(headers("POST", { "Content-Type": "application/json" }))) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let data = {};
      try { data = JSON.parse(xhr.responseText); } catch { /* not JSON */ }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data);
      else reject(new ApiError(xhr.status, data.error));
    };
    xhr.onerror = () => reject(new ApiError(0, { message: "The server could not be reached." }));
    xhr.send(JSON.stringify(body));
  });
}
