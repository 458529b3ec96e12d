// Joining a match by a code scanned from the host's phone (/app/join/<code>): what the code
// opens, then the side played from one's account (with a team or build of one's own) or as a
// guest, without an account. A guest may sign in or register later and keep the match: the
// phone claims each guest pass it kept (guest.js). docs/api.md, "Joining by a code, and guests".
import { api, gameFacts, gameTitle, newKey, token } from "./api.js";
import { sideLabel, t } from "./i18n.js";
import { esc } from "./nodes.js";
import { offers } from "./invitations.js";
import { problemBox, problemText } from "./errors.js";
import { forgetGuestPass, guestPasses, keepGuestPass } from "./guest.js";
import { html, isShown, show } from "./shell.js";

const RETURN = "afterSignIn";

// The path of a join link (/app/join/<code>) as the app's own route (#/join/<code>): the page
// is the app's shell either way; the address bar then shows the app's address.
export function joinFromPath() {
  const m = location.pathname.match(/^\/app\/join\/([A-Za-z0-9_-]+)\/?$/);
  if (m) history.replaceState(null, "", `/app/#/join/${m[1]}`);
}

// Sign in (or register), then come back here (the sign-in screen takes it).
export function signInThen(hash) {
  sessionStorage.setItem(RETURN, hash);
  location.hash = "#/signin";
}

// Where to go once signed in: the screen that sent the phone to sign in, else home.
export function afterSignIn() {
  const back = sessionStorage.getItem(RETURN);
  sessionStorage.removeItem(RETURN);
  return back || "#/";
}

// A code that opens nothing: the API's sentence (used, cancelled, expired or never made), in
// the reader's language, with its code for whoever reads the page's markup.
function refusal(status, data) {
  return `<p class="refused" role="alert" id="join-problem" data-code="${esc(data?.code || status)}">${esc(problemText(status, data))}</p>
    <a class="button secondary" href="#/">${t(token() ? "home" : "signIn")}</a>`;
}

export async function joinScreen(code, mine) {
  show(`<h1>${t("joinTitle")}</h1><p class="loading">…</p>`, t("joinTitle"));
  let offer;
  try {
    offer = await api(`join/${encodeURIComponent(code)}/`);
  } catch {
    if (isShown(mine)) show(`<h1>${t("joinTitle")}</h1><p class="refused" role="alert" id="join-problem">${t("offline")}</p>`, t("joinTitle"));
    return;
  }
  if (!isShown(mine)) return;
  if (!offer.ok) { show(`<h1>${t("joinTitle")}</h1>${refusal(offer.status, offer.data)}`, t("joinTitle")); return; }
  const o = offer.data;
  const signedIn = Boolean(token());
  const brought = signedIn && gameFacts(o.game).builds ? await offers(o.edition).catch(() => []) : [];
  if (!isShown(mine)) return;
  const me = localStorage.getItem("username") || "";
  const choose = signedIn ? `<form id="join-accept" class="stack">
      ${brought.length ? `<label>${t("playWith")}<select name="bring"><option value="">${esc(t("asSide", { name: sideLabel(o.side_name) }))}</option>${brought.map((b) => `<option value="${b.value}">${esc(b.label)}</option>`).join("")}</select></label>` : ""}
      <div id="join-error"></div>
      <button class="primary" type="submit">${esc(t("joinAsMe", { name: me }))}</button></form>`
    : `<div class="stack" id="join-choices">
      <button class="primary" id="join-guest" type="button">${t("playAsGuest")}</button>
      <p class="note">${t("guestNote")}</p>
      <div id="join-error"></div>
      <div class="row"><button class="secondary" id="join-signin" type="button">${t("signIn")}</button><button class="secondary" id="join-register" type="button">${t("register")}</button></div></div>`;
  show(html`<h1>${t("joinTitle")}</h1>
    <section class="join-offer" id="join-offer" data-match="${o.match}" data-side="${o.side}">
      <p class="g">${esc(gameTitle(o.game))}</p>
      <p class="n" id="join-sides">${o.sides.map((n) => esc(sideLabel(n))).join(" – ")}</p>
      <p id="join-side">${esc(t("joinYouPlay", { n: o.side + 1, name: sideLabel(o.side_name) }))}</p>
      <p class="note">${esc(t("joinHost", { name: o.host }))}</p>
    </section>${choose}`, t("joinTitle"));
  const said = (status, data) => { document.getElementById("join-error").innerHTML = problemBox(t("joinFailed"), problemText(status, data)); };
  if (signedIn) {
    const form = document.getElementById("join-accept");
    const key = newKey();
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const [kind, id] = (form.elements.bring?.value || "").split(":");
      const body = kind ? { [kind]: Number(id) } : {};
      try {
        const { ok, status, data } = await api(`join/${encodeURIComponent(code)}/accept/`, { method: "POST", body, key });
        if (ok) location.hash = `#/match/${data.match}`;
        else said(status, data);
      } catch { said(0, { message: t("offline") }); }
    });
    return;
  }
  document.getElementById("join-guest").addEventListener("click", async (e) => {
    e.target.disabled = true;
    try {
      const { ok, status, data } = await api(`join/${encodeURIComponent(code)}/guest/`, { method: "POST" });
      if (ok) { keepGuestPass(data); location.hash = `#/match/${data.match}`; return; }
      said(status, data);
    } catch { said(0, { message: t("offline") }); }
    e.target.disabled = false;
  });
  for (const id of ["join-signin", "join-register"]) {
    document.getElementById(id).addEventListener("click", () => signInThen(`#/join/${code}`));
  }
}

// On a phone that played as a guest and is not signed in: the way to keep those matches (on
// the sign-in screen itself, the sentence alone).
export function keepOffer(link = true) {
  if (token() || !Object.keys(guestPasses()).length) return "";
  return `<section class="keep" id="keep-match"><p>${t("keepMatchText")}</p>
    ${link ? `<a class="button primary" id="keep-match-go" href="#/signin">${t("keepMatch")}</a>` : ""}</section>`;
}

// Signed in (or registered) now: each guest pass kept on the phone is claimed for the account
// and forgotten. -> "#/claimed" when one was claimed (that screen says so), else null.
export async function claimKept() {
  let claimed = null;
  for (const [match, pass] of Object.entries(guestPasses())) {
    if (!pass.claim) { forgetGuestPass(match); continue; }
    try {
      const { ok, status, data } = await api("guest/claim/", { method: "POST", body: { claim_token: pass.claim } });
      if (ok) claimed = data;
      // a claim that claims nothing now (taken back, expired) never will: forgotten too
      if (ok || (status >= 400 && status < 500 && status !== 429)) forgetGuestPass(match);
    } catch { /* offline: claimed at the next sign-in */ }
  }
  if (!claimed) return null;
  sessionStorage.setItem("claimed", JSON.stringify(claimed));
  return "#/claimed";
}

// The match a guest pass played counts for the account now: said, with the way to it.
export function claimedScreen(nav) {
  const c = JSON.parse(sessionStorage.getItem("claimed") || "null");
  if (!c) { location.hash = "#/"; return; }
  const open = `#/${c.status === "in_progress" ? "match" : "replay"}/${c.match}`;
  show(html`${nav("")}<h1>${t("matchKept")}</h1><p class="kept" id="claimed" role="status">${esc(t("matchClaimed", { name: sideLabel(c.side_name), game: gameTitle(c.game) }))}</p>
    <a class="button primary" id="claimed-open" href="${open}">${t("open")}</a>`, t("matchKept"));
}
