// The phone web app: screens routed by the URL's hash, built on the public API only.
import { api, gameFacts, gameKeys, gameTitle, games, newKey, pictureMarkup, token } from "./api.js";
import { LANGUAGES, currentLanguage, setLanguage, sideLabel, t } from "./i18n.js";
import { buildScreen } from "./build.js";
import { competitionsScreen } from "./competitions/list.js";
import { createScreen } from "./competitions/create.js";
import { competitionScreen } from "./competitions/screen.js";
import { statsScreen } from "./stats.js";
import { esc } from "./nodes.js";
import { bindTheme, themePicker } from "./theme.js";
import { startReferee } from "./referee.js";
import "./registration.js"; // the service worker, registered as the app starts
import { showInvitations, watchInvitations } from "./invitations.js";
import { problemBox, problemText } from "./errors.js";
import { optionFields, readOptions, showWhen } from "./options.js";
import { loadGames } from "./games.js";
import { errorBox, html, isShown, leaveScreen, main, nav, networkState, nextScreen, onLeave, show, syncCredentials } from "./shell.js";
import { matchScreen, missing } from "./match/screen.js";
import { resultText, scoreText, turnText } from "./outcome.js";
import { afterSignIn, claimKept, claimedScreen, joinFromPath, joinScreen, keepOffer } from "./join.js";
import { guestPass } from "./guest.js";
import { bigScreen, screenOfPath } from "./bigscreen.js";

// --- sign in -------------------------------------------------------------------------------

function signIn() {
  show(html`
    <h1>${t("signIn")}</h1>
    <form id="signin" class="stack">
      <label>${t("username")}<input name="username" autocomplete="username" autocapitalize="none" required></label>
      <label>${t("password")}<input name="password" type="password" autocomplete="current-password" required></label>
      <div id="signin-error"></div>
      <button class="primary" type="submit">${t("signIn")}</button>
      <button class="secondary" type="button" id="register">${t("register")}</button>
    </form>
    ${keepOffer(false)}${languagePicker()}${themePicker()}`, t("signIn"));
  const form = document.getElementById("signin");
  const send = async (path) => {
    const body = Object.fromEntries(new FormData(form));
    const { ok, status, data } = await api(path, { method: "POST", body });
    if (!ok) {
      const title = t(path === "auth/register/" ? "registerFailed" : "signInFailed");
      document.getElementById("signin-error").innerHTML = problemBox(title, problemText(status, data, body));
      return;
    }
    localStorage.setItem("token", data.token);
    localStorage.setItem("username", data.user.username);
    if (data.user.language && !localStorage.getItem("language")) setLanguage(data.user.language);
    await syncCredentials();
    // a guest's matches kept on the phone count for the account from now on
    location.hash = (await claimKept()) || afterSignIn();
    route();
  };
  form.addEventListener("submit", (e) => { e.preventDefault(); send("auth/login/"); });
  document.getElementById("register").addEventListener("click", () => form.reportValidity() && send("auth/register/"));
  bindLanguage();
  bindTheme(main);
}

function languagePicker() {
  const lang = currentLanguage();
  return `<fieldset class="lang"><legend>${t("language")}</legend>${LANGUAGES.map(([code, name]) =>
    `<button type="button" data-lang="${code}" aria-pressed="${code === lang}" lang="${code}">${name}</button>`).join("")}</fieldset>`;
}

function bindLanguage() {
  for (const b of main.querySelectorAll("[data-lang]")) {
    b.addEventListener("click", async () => {
      setLanguage(b.dataset.lang);
      if (token()) api("me/", { method: "PATCH", body: { language: b.dataset.lang } }).catch(() => {});
      await syncCredentials();
      route();
    });
  }
}

// --- home ----------------------------------------------------------------------------------

async function home(mine) {
  const me = localStorage.getItem("username");
  show(html`<h1>${t("home")}</h1>${nav("home")}<section id="invitations-section" hidden><h2>${t("invitations")}</h2><ul id="invitations" class="list"></ul></section>
    <section><h2>${t("myMatches")}</h2><ul id="running" class="list"><li>…</li></ul></section>
    ${languagePicker()}${themePicker()}<button class="secondary" id="signout">${t("signOut")}</button>`, t("home"));
  bindLanguage();
  bindTheme(main);
  const running = document.getElementById("running");
  document.getElementById("signout").addEventListener("click", async () => {
    await api("auth/logout/", { method: "POST" }).catch(() => {});
    localStorage.removeItem("token");
    route();
  });
  const invitations = [document.getElementById("invitations-section"), document.getElementById("invitations"), { errorBox, again: route }];
  let drawn = [];
  try {
    drawn = await showInvitations(...invitations);
  } catch { /* offline: the watch below asks again */ }
  if (isShown(mine)) onLeave(watchInvitations(...invitations, drawn)); // one sent meanwhile arrives
  try {
    const { data } = await api(`matches/?status=in_progress&manager=${encodeURIComponent(me)}&page_size=20`);
    running.innerHTML = matchItems(data?.results || []); // (a screen left meanwhile: drawn nowhere)
  } catch (err) {
    running.innerHTML = `<li>${t("offline")}</li>`;
  }
}

// One row a match: its game, its sides and score, and what tells it from the others: whose
// turn and how many moves (running), or who won and how (finished); when it was begun.
function matchItems(matches) {
  if (!matches.length) return `<li>${t("noMatches")}</li>`;
  return matches.map((m) => {
    const names = m.sides.map((s) => esc(sideLabel(s.name))).join(" – ");
    const running = m.status === "in_progress";
    const summary = m.summary || {};
    const score = running ? scoreText(m, summary.score || summary.totals) : "";
    const begun = new Date(m.created_at).toLocaleString(currentLanguage(), { dateStyle: "short", timeStyle: "short" });
    const state = running
      ? [t("running"), turnText(m), t("movesPlayed", { n: m.seq })].filter(Boolean).join(" · ")
      : resultText(m);
    return `<li><a class="item" href="#/${running ? "match" : "replay"}/${m.id}"><span class="g">${esc(gameTitle(m.game))}</span><span class="n">${names}${score ? ` · ${esc(score)}` : ""}</span><span class="s">${esc(state)}</span><span class="s when">${esc(begun)}</span></a></li>`;
  }).join("");
}

// --- new match -----------------------------------------------------------------------------

// the longest side name the API takes (matches.models.MatchSide.name)
const SIDE_NAME_MAX = 100;

async function newMatch() {
  const me = localStorage.getItem("username");
  const GAMES = await gameKeys();
  let game = GAMES[0];
  let names = [];
  // two sides: the manager and the away side; more: the manager and players 2, 3...
  const defaults = (g) => {
    const sides = gameFacts(g).min_sides;
    return sides > 2 ? [me, ...Array.from({ length: sides - 1 }, (_, i) => t("player_n", { n: i + 2 }))] : [me, t("away_side")];
  };
  names = defaults(game);
  let teams = [];
  try {
    const { data } = await api("teams/?page_size=100"); // one's own teams
    teams = data?.results || [];
  } catch { /* offline: reference line-ups */ }

  const chosenTeam = new URLSearchParams(location.hash.split("?")[1] || "").get("team");
  const brought = teams.find((tm) => String(tm.id) === chosenTeam);
  if (brought) names[0] = brought.name; // the side takes the team's name
  const render = () => {
    const facts = gameFacts(game);
    const ours = facts.builds ? teams.filter((tm) => tm.game === game) : []; // the teams the app builds
    const teamOptions = (i) => !ours.length ? "" :
      `<label>${t("team")}<select name="team${i}"><option value="">${t("noTeam")}</option>${ours.map((tm) => `<option value="${tm.id}" ${i === 0 && String(tm.id) === chosenTeam ? "selected" : ""}>${esc(tm.name)}</option>`).join("")}</select></label>`;
    show(html`<h1>${t("newMatch")}</h1>${nav("newMatch")}
      <form id="new" class="stack">
        <fieldset class="choices"><legend>${t("game")}</legend>
          ${GAMES.map((g) => `<label class="pick"><input type="radio" name="game" value="${g}" ${g === game ? "checked" : ""}><span>${esc(gameTitle(g))}</span></label>`).join("")}
        </fieldset>
        <fieldset><legend>${t("sides")}</legend>
          ${names.map((n, i) => `<div class="side"><label>${t("sideName", { n: i + 1 })}<input name="side${i}" value="${esc(n)}" required maxlength="${SIDE_NAME_MAX}" aria-describedby="side-limit"></label>
            <label class="me"><input type="radio" name="me" value="${i}" ${i === 0 ? "checked" : ""}> ${t("me")}</label>
            <label class="invite">${t("inviteManager")}<input name="invite${i}" autocapitalize="none" autocomplete="off" maxlength="150" placeholder="${t("username")}"></label>${teamOptions(i)}</div>`).join("")}
          <p class="note" id="side-limit">${t("sideNameLimit", { n: SIDE_NAME_MAX })}</p>
          ${facts.max_sides > facts.min_sides ? `<div class="row"><button type="button" class="secondary" id="more" ${names.length >= facts.max_sides ? "disabled" : ""}>${t("addSide")}</button>
            <button type="button" class="secondary" id="fewer" ${names.length <= facts.min_sides ? "disabled" : ""}>${t("removeSide")}</button></div>` : ""}
        </fieldset>
        ${optionFields(game, names)}
        <div id="new-error"></div>
        <button class="primary" type="submit">${t("start")}</button>
      </form>`, t("newMatch"));
    const form = document.getElementById("new");
    const keepNames = () => { names = names.map((n, i) => form.elements[`side${i}`]?.value ?? n); };
    for (const select of form.querySelectorAll("select[name^=team]")) {
      select.addEventListener("change", () => {
        const input = form.elements[`side${select.name.slice(4)}`];
        if (select.value && input) input.value = select.selectedOptions[0].textContent; // the side takes the team's name
      });
    }
    showWhen(form); // an option that applies only to another choice (TriXKick's time) is hidden
    for (const radio of form.querySelectorAll("input[name=game]")) {
      radio.addEventListener("change", () => { game = radio.value; names = defaults(game); render(); });
    }
    document.getElementById("more")?.addEventListener("click", () => { keepNames(); names.push(t("player_n", { n: names.length + 1 })); render(); });
    document.getElementById("fewer")?.addEventListener("click", () => { keepNames(); names.pop(); render(); });
    const key = newKey(); // one match per form, even on a double tap
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      keepNames();
      const mine = Number(form.elements.me.value);
      const sides = names.map((name, i) => {
        const side = { name };
        const invite = form.elements[`invite${i}`]?.value.trim();
        if (i === mine) side.user = me;
        else if (invite) side.user = invite; // the API invites them; the side is theirs once they accept
        const team = form.elements[`team${i}`]?.value;
        if (team) side.team = Number(team);
        return side;
      });
      const options = readOptions(game, form);
      try {
        const { ok, status, data } = await api("matches/", { method: "POST", body: { game, sides, options }, key });
        if (!ok) {
          document.getElementById("new-error").innerHTML = problemBox(t("newMatchFailed"), problemText(status, data, { sides }));
          return;
        }
        location.hash = `#/match/${data.match.id}`;
      } catch (err) {
        document.getElementById("new-error").innerHTML = errorBox(t("offline"));
      }
    });
  };
  render();
}

// --- history and replay --------------------------------------------------------------------

async function history() {
  const GAMES = await gameKeys();
  const params = new URLSearchParams(location.hash.split("?")[1] || "");
  const me = localStorage.getItem("username");
  const value = (k) => esc(params.get(k) || "");
  show(html`<h1>${t("history")}</h1>${nav("history")}
    <details class="filters" ${params.toString() ? "open" : ""}><summary>${t("filters")}</summary>
    <form id="filters" class="stack">
      <label>${t("game")}<select name="game"><option value="">${t("any")}</option>${GAMES.map((g) => `<option value="${g}" ${params.get("game") === g ? "selected" : ""}>${esc(gameTitle(g))}</option>`).join("")}</select></label>
      <label>${t("opponent")}<input name="opponent" value="${value("opponent")}" autocapitalize="none"></label>
      <label>${t("result")}<select name="result"><option value="">${t("any")}</option>${["win", "draw", "loss"].map((r) => `<option value="${r}" ${params.get("result") === r ? "selected" : ""}>${t(r)}</option>`).join("")}</select></label>
      <label>${t("from")}<input type="date" name="created_after" value="${value("created_after")}"></label>
      <label>${t("to")}<input type="date" name="created_before" value="${value("created_before")}"></label>
      <button class="primary" type="submit">${t("apply")}</button>
    </form></details>
    <ul id="history" class="list"><li>…</li></ul>`, t("history"));
  document.getElementById("filters").addEventListener("submit", (e) => {
    e.preventDefault();
    const q = new URLSearchParams([...new FormData(e.target)].filter(([, v]) => v));
    location.hash = `#/history?${q}`;
  });
  const query = new URLSearchParams(params);
  query.set("manager", me);
  for (const k of ["created_after", "created_before"]) if (query.get(k)) query.set(k, `${query.get(k)}${k === "created_before" ? "T23:59:59Z" : "T00:00:00Z"}`);
  try {
    const { ok, data } = await api(`matches/?${query}`);
    document.getElementById("history").innerHTML = ok ? matchItems(data.results) : `<li>${errorBox(data?.message || "")}</li>`;
  } catch {
    document.getElementById("history").innerHTML = `<li>${t("offline")}</li>`;
  }
}

async function replay(id, mine) {
  const { ok, status, data: match } = await api(`matches/${id}/`);
  if (!ok) { show(missing({ status, data: match }), t("history")); return; }
  let seq = match.seq;
  let drawn = 0;
  const render = async () => {
    if (!isShown(mine)) return;
    const step = ++drawn;
    show(html`${nav("history")}<h1>${match.sides.map((s) => esc(sideLabel(s.name))).join(" – ")}</h1>
      <p class="meta">${esc(gameTitle(match.game))} · <span id="at">${esc(t("moveN", { n: seq, total: match.seq }))}</span></p>
      ${match.status === "in_progress" ? "" : `<p class="over" id="over">${esc(resultText(match))}</p>`}
      <p class="hint" id="hint"></p>
      <div class="row steps"><button class="secondary" data-go="first">${t("first")}</button><button class="primary" data-go="prev">${t("prev")}</button>
      <button class="primary" data-go="next">${t("next")}</button><button class="secondary" data-go="last">${t("last")}</button></div>
      <input type="range" id="seq" min="0" max="${match.seq}" value="${seq}" aria-label="${t("stepThrough")}">
      <figure class="picture"><div class="pic" id="picture" role="img" aria-label="${t("picture")} (${esc(t("moveN", { n: seq, total: match.seq }))})"></div></figure>
      <div class="row"><button class="secondary" id="export">${t("export")}</button><a class="secondary button" href="#/match/${id}">${t("open")}</a></div>`, t("stepThrough"));
    const go = { first: () => 0, prev: () => Math.max(0, seq - 1), next: () => Math.min(match.seq, seq + 1), last: () => match.seq };
    for (const b of main.querySelectorAll("[data-go]")) b.addEventListener("click", () => { seq = go[b.dataset.go](); render(); });
    document.getElementById("seq").addEventListener("change", (e) => { seq = Number(e.target.value); render(); });
    document.getElementById("export").addEventListener("click", async () => {
      const { ok: fine, data: text } = await api(`matches/${id}/export/`, { accept: "text/plain, application/json;q=0.5" });
      if (!fine) return;
      const link = document.createElement("a");
      link.href = URL.createObjectURL(new Blob([typeof text === "string" ? text : JSON.stringify(text)], { type: "text/plain" }));
      link.download = `match-${id}.txt`;
      link.click();
    });
    const [markup, state] = await Promise.all([pictureMarkup(`matches/${id}/svg/?seq=${seq}`), api(`matches/${id}/state/?seq=${seq}`)]);
    if (step !== drawn || !isShown(mine)) return;
    if (markup) document.getElementById("picture").innerHTML = markup; // in the page: drawn in its colours
    // the last step of a finished match: the result line above says it
    const said = match.status !== "in_progress" && seq === match.seq ? "" : state.data?.legal?.hint || "";
    document.getElementById("hint").textContent = said;
    document.getElementById("hint").hidden = !said;
  };
  render();
}

// --- routing -------------------------------------------------------------------------------

async function whoAmI() {
  if (localStorage.getItem("username")) return;
  try {
    const { ok, data } = await api("me/");
    if (ok) localStorage.setItem("username", data.username);
    else if (data?.code === "not_authenticated" || data?.code === "authentication_failed") localStorage.removeItem("token");
  } catch { /* offline: asked again on the next screen */ }
}

async function route() {
  const mine = nextScreen();
  if (token()) await whoAmI();
  leaveScreen();
  document.documentElement.lang = currentLanguage();
  networkState();
  await loadGames((await games()).map(({ key }) => key)); // each game's module, before a screen draws
  const hash = location.hash.replace(/^#/, "") || "/";
  const [at] = hash.split("?");
  let j;
  if ((j = screenOfPath())) return bigScreen(j, mine);
  if ((j = at.match(/^\/join\/([A-Za-z0-9_-]+)$/))) return joinScreen(j[1], mine);
  // a guest plays its match (its token kept on the phone) without an account
  if ((j = at.match(/^\/match\/(\d+)$/)) && !token() && guestPass(j[1])) {
    setTimeout(startReferee, 0);
    return matchScreen(Number(j[1]), mine);
  }
  if (!token()) return signIn();
  if (at === "/claimed") return claimedScreen(nav);
  if (at === "/signin") { location.hash = afterSignIn(); return; }
  // the phone's referee loads in the background once someone is signed in
  setTimeout(startReferee, 0);
  const [path] = hash.split("?");
  let m;
  if ((m = path.match(/^\/match\/(\d+)$/))) return matchScreen(Number(m[1]), mine);
  if ((m = path.match(/^\/replay\/(\d+)$/))) return replay(Number(m[1]), mine);
  if (path === "/new") return newMatch();
  if (path === "/history") return history();
  if (path === "/stats") {
    return statsScreen(main, show, nav, () => isShown(mine), new URLSearchParams(hash.split("?")[1] || ""));
  }
  if (path === "/competitions") return competitionsScreen(main, show, nav, () => isShown(mine), errorBox);
  if (path === "/competitions/new") return createScreen(main, show, nav, () => isShown(mine));
  if ((m = path.match(/^\/competitions\/(\d+)$/))) {
    return competitionScreen(Number(m[1]), { main, show, nav, isCurrent: () => isShown(mine), onLeave, errorBox });
  }
  if (path === "/build") {
    return buildScreen(main, show, nav, () => isShown(mine));
  }
  return home(mine);
}

joinFromPath();
window.addEventListener("hashchange", route);
window.addEventListener("online", networkState);
window.addEventListener("offline", networkState);
if ("serviceWorker" in navigator) {
  // Without Background Sync (Firefox, Safari) the browser never wakes the service worker for
  // the queue: it is handed the queue when the page is hidden or closed, and sends it while it
  // lives on (and again when it next wakes, sw.js)
  if (!("SyncManager" in window)) {
    const handOver = () => navigator.serviceWorker.controller?.postMessage("send-queues");
    document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") handOver(); });
    window.addEventListener("pagehide", handOver);
  }
}
route();
