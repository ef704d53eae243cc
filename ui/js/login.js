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
    await post("/console/api/login", { password: document.getElementById("password").value });
    location.replace("/");
  } catch (err) {
    errorBox.textContent = err.message;
  } finally {
    button.disabled = false;
  }
});

const token = new URLSearchParams(location.hash.slice(1)).get("link");
if (token) {
  signInWithLink(token);
} else {
  // In the desktop window an expired session signs in again with a fresh one-time link.
  const desktopSignIn = async () => signInWithLink(await window.pywebview.api.new_login_link());
  if (window.pywebview?.api?.new_login_link) desktopSignIn();
  else window.addEventListener("pywebviewready", desktopSignIn, { once: true });
}
