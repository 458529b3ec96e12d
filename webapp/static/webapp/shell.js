// The app's frame: the page's one <main>, the tabs, the line that says the phone is offline,
// and which screen is shown. Every route draws a new screen; a late answer of a screen left
// behind draws nothing (its number is no longer the shown one).
import { currentLanguage, t } from "./i18n.js";
import { esc } from "./nodes.js";
import { kvSet } from "./queue.js";
import { token } from "./api.js";

export const main = document.getElementById("app");
let screen = 0;
let leave = () => {};

// A new screen: the one before it is left (what it listened to, let go). Its number.
export function nextScreen() {
  screen += 1;
  return screen;
}

export function leaveScreen() {
  leave();
  leave = () => {};
}

// What to let go of when the screen shown now is left.
export function onLeave(then) {
  leave = then;
}

export function isShown(mine) {
  return mine === screen;
}

export function html(strings, ...values) {
  return strings.reduce((out, s, i) => out + s + (i < values.length ? values[i] : ""), "");
}

export function show(content, title) {
  main.innerHTML = content;
  document.title = `${title} · ${t("appName")}`;
  main.focus({ preventScroll: true });
}

export function networkState() {
  const net = document.getElementById("net");
  net.textContent = navigator.onLine ? "" : t("offline");
  net.className = navigator.onLine ? "net" : "net off";
}

export function nav(active) {
  const item = (hash, key) => `<a href="${hash}" class="${active === key ? "on" : ""}" ${active === key ? 'aria-current="page"' : ""}>${t(key)}</a>`;
  return `<nav class="tabs" aria-label="${t("appName")}">${item("#/", "home")}${item("#/new", "newMatch")}${item("#/history", "history")}${item("#/build", "teams")}${item("#/stats", "stats")}${item("#/competitions", "competitions")}</nav>`;
}

export function errorBox(message) {
  return `<div class="refused" role="alert"><strong>${t("refused")}:</strong> ${esc(message)}</div>`;
}

export async function syncCredentials() {
  // the service worker sends the queue on its own: it needs the token and the language
  try {
    await kvSet("token", token());
    await kvSet("language", currentLanguage());
  } catch { /* private mode without IndexedDB */ }
}
