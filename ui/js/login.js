// Sign-in: a one-time link (#link=TOKEN, kept out of server logs by living in the fragment),
// or the administrator password. Either sets the HttpOnly session cookie and goes to "/".

const form = document.getElementById("login-form");
const errorBox = document.getElementById("login-error");
const linkStatus = document.getElementById("link-status");

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.error?.message || `Sign-in failed (${response.status}).`);
  return data;
}

async function signInWithLink(token) {
  history.replaceState(null, "", "/console/login");
  linkStatus.hidden = false;
  try {
    await post("/console/api/login/link", { token });
    location.replace("/");
  } catch (err) {
    linkStatus.className = "notice err";
    linkStatus.textContent = err.message;
  }
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  errorBox.textContent = "";
  const button = document.getElementById("login-submit");
  button.disabled = true;
  try {
    await post("/console/api/login", { username: document.getElementById("username").value.trim() || "admin", password: document.getElementById("password").value });
    location.replace("/");
  } catch (err) {
    errorBox.textContent = err.message;
  } finally {
    button.disabled = false;
  }
});

// (The desktop window is sent a fresh link by the desktop app itself when it lands here.)
const token = new URLSearchParams(location.hash.slice(1)).get("link");
if (token) signInWithLink(token);
else if (location.hash === "#link-error") {
  linkStatus.hidden = false;
  linkStatus.className = "notice err";
  linkStatus.textContent = "This sign-in link was already used or has expired. On the server, run `contractbox console-url` for a new one.";
}
