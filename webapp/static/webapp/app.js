// The phone web app: screens routed by the URL's hash, built on the public API only.
import { api, gameFacts, gameKeys, gameTitle, games, NetworkError, newKey, pictureMarkup, pictureUrl, safeSvg, token } from "./api.js";
import { LANGUAGES, currentLanguage, setLanguage, sideLabel, t } from "./i18n.js";
import { buildScreen } from "./build.js";
import { statsScreen } from "./stats.js";
import { follow } from "./live.js";
import { actionLabel, choices, esc, htCardText, pictureTargets, vocabulary } from "./moves.js";
import { enqueue, flush, getQueue, kvSet, rebase, dropQueue } from "./queue.js";
import { refApply, refLoad, refereeReady, startReferee } from "./referee.js";
import { showInvitations, watchSides } from "./invitations.js";
import { problemBox, problemText } from "./errors.js";
import { optionFields, readOptions } from "./options.js";
import { logsBoth, partNodes, readParts, sendPart, setLogsBoth, sharedTable, sidesOfPhone, turnOf, waitingLine } from "./turns.js";
import { asBefore, ownAsBefore, sendAsBefore } from "./resetup.js";

const main = document.getElementById("app");
let leaveScreen = () => {};
let screen = 0; // bumped on every route: late answers of a screen left behind draw nothing

// --- shell ---------------------------------------------------------------------------------

function html(strings, ...values) {
  return strings.reduce((out, s, i) => out + s + (i < values.length ? values[i] : ""), "");
}

function show(content, title) {
  main.innerHTML = content;
  document.title = `${title} · ${t("appName")}`;
  main.focus({ preventScroll: true });
}

function networkState() {
  const net = document.getElementById("net");
  net.textContent = navigator.onLine ? "" : t("offline");
  net.className = navigator.onLine ? "net" : "net off";
}

function nav(active) {
  const item = (hash, key) => `<a href="${hash}" class="${active === key ? "on" : ""}" ${active === key ? 'aria-current="page"' : ""}>${t(key)}</a>`;
  return `<nav class="tabs" aria-label="${t("appName")}">${item("#/", "home")}${item("#/new", "newMatch")}${item("#/history", "history")}${item("#/build", "teams")}${item("#/stats", "stats")}</nav>`;
}

function errorBox(message) {
  return `<div class="refused" role="alert"><strong>${t("refused")}:</strong> ${esc(message)}</div>`;
}

async function syncCredentials() {
  // the service worker sends the queue on its own: it needs the token and the language
  try {
    await kvSet("token", token());
    await kvSet("language", currentLanguage());
  } catch { /* private mode without IndexedDB */ }
}

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
    ${languagePicker()}`, t("signIn"));
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
    location.hash = "#/";
    route();
  };
  form.addEventListener("submit", (e) => { e.preventDefault(); send("auth/login/"); });
  document.getElementById("register").addEventListener("click", () => form.reportValidity() && send("auth/register/"));
  bindLanguage();
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

async function home() {
  const me = localStorage.getItem("username");
  show(html`<h1>${t("home")}</h1>${nav("home")}<section id="invitations-section" hidden><h2>${t("invitations")}</h2><ul id="invitations" class="list"></ul></section>
    <section><h2>${t("myMatches")}</h2><ul id="running" class="list"><li>…</li></ul></section>
    ${languagePicker()}<button class="secondary" id="signout">${t("signOut")}</button>`, t("home"));
  bindLanguage();
  const running = document.getElementById("running");
  document.getElementById("signout").addEventListener("click", async () => {
    await api("auth/logout/", { method: "POST" }).catch(() => {});
    localStorage.removeItem("token");
    route();
  });
  try {
    await showInvitations(document.getElementById("invitations-section"), document.getElementById("invitations"), { errorBox, again: route });
    const { data } = await api(`matches/?status=in_progress&manager=${encodeURIComponent(me)}&page_size=20`);
    running.innerHTML = matchItems(data?.results || []); // (a screen left meanwhile: drawn nowhere)
  } catch (err) {
    running.innerHTML = `<li>${t("offline")}</li>`;
  }
}

function matchItems(matches) {
  if (!matches.length) return `<li>${t("noMatches")}</li>`;
  return matches.map((m) => {
    const names = m.sides.map((s) => esc(sideLabel(s.name))).join(" – ");
    const score = m.sides.every((s) => s.score !== null) ? ` ${m.sides.map((s) => s.score).join(m.sides.length > 2 ? " · " : ":")}` : "";
    const status = { in_progress: t("running"), finished: t("finishedStatus"), abandoned: t("abandoned") }[m.status] || m.status;
    return `<li><a class="item" href="#/${m.status === "in_progress" ? "match" : "replay"}/${m.id}"><span class="g">${esc(gameTitle(m.game))}</span><span class="n">${names}${esc(score)}</span><span class="s">${esc(status)} · ${esc(m.created_at.slice(0, 10))}</span></a></li>`;
  }).join("");
}

// --- new match -----------------------------------------------------------------------------

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
          ${names.map((n, i) => `<div class="side"><label>${t("sideName", { n: i + 1 })}<input name="side${i}" value="${esc(n)}" required maxlength="60"></label>
            <label class="me"><input type="radio" name="me" value="${i}" ${i === 0 ? "checked" : ""}> ${t("me")}</label>
            <label class="invite">${t("inviteManager")}<input name="invite${i}" autocapitalize="none" autocomplete="off" maxlength="150" placeholder="${t("username")}"></label>${teamOptions(i)}</div>`).join("")}
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

// --- a match at the table ------------------------------------------------------------------

async function matchScreen(id) {
  const mine = screen;
  const me = localStorage.getItem("username");
  const view = { match: null, current: null, path: [], extra: null, drawn: [], pick: null, error: "", queue: null, picture: null, last: null, busy: false,
    // the phone's referee: `table` is true while its engine holds the state shown (the server's,
    // plus the moves it applied that wait in `pending` or in the queue); `note` says what it did
    table: false, pending: [], note: "" };
  show(`<p class="loading">…</p>`, t("game"));

  const load = async () => {
    const [m, s] = await Promise.all([api(`matches/${id}/`), api(`matches/${id}/state/`)]);
    if (!m.ok) { show(errorBox(m.data?.message || ""), t("game")); return false; }
    view.match = m.data;
    view.current = s.data;
    // the last move, said under the picture (an undo or redo last: nothing to say)
    if (view.match.seq > 0) {
      const e = await api(`matches/${id}/events/?after=${view.match.seq - 1}`).catch(() => null);
      let event = (e?.data?.results || [])[0];
      if (event?.seq === view.match.seq && event.kind === "redo" && event.target_seq) {
        // a redo brings a move back: that move is the last one (said again)
        const r = await api(`matches/${id}/events/?after=${event.target_seq - 1}`).catch(() => null);
        const restored = (r?.data?.results || [])[0];
        event = restored?.seq === event.target_seq ? { ...restored, seq: view.match.seq } : event;
      }
      view.last = event?.seq === view.match.seq ? lastMove(event) : null;
    } else view.last = null;
    localStorage.setItem(`match:${id}`, JSON.stringify({ match: view.match, current: view.current }));
    refreshAsBefore();
    await seatReferee();
    return true;
  };

  // The phone's referee takes the state the server holds (or, offline, that state and the
  // queued moves on top of it); until it has, every move goes to the server as before.
  const seatReferee = async () => {
    view.table = false;
    if (!refereeReady() || !view.current?.state || view.match.status !== "in_progress") return;
    view.queue = await getQueue(id).catch(() => view.queue);
    const language = currentLanguage();
    let answer = await refLoad(id, view.match.game, view.current.state, language);
    if (!answer?.ok) return;
    let shown = answer.view;
    for (const action of view.queue?.actions || []) {
      answer = await refApply(id, action, language, { picture: false });
      if (!answer?.ok) return;
      shown = answer.view;
    }
    if (view.queue?.actions.length) Object.assign(view.current, pick(shown));
    view.table = true;
  };
  const pick = (shown) => ({ legal: shown.legal, summary: shown.summary, outcome: shown.outcome, state: shown.state });
  const onReferee = async () => {
    if (!view.match || view.pending.length) return;
    view.queue = await getQueue(id).catch(() => null);
    await seatReferee();
    if (view.table) render();
  };

  const refreshPicture = async () => {
    const seq = view.match.seq;
    try {
      const markup = await pictureMarkup(`matches/${id}/svg/`);
      if (markup && seq === view.match.seq && mine === screen) {
        view.picture = markup;
        view.pictureSeq = seq;
        const box = document.getElementById("picture");
        if (box) { box.innerHTML = markup; box.dataset.seq = seq; bindPicture(); }
      }
    } catch { /* offline: the last picture stays */ }
  };

  const reload = async () => {
    try {
      await load();
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
    }
    view.queue = await getQueue(id).catch(() => null);
    clearChoice();
    render();
    refreshPicture();
  };

  const ctx = () => ({ game: view.match.game, legal: view.current?.legal, sides: view.match.sides, state: view.current?.state, summary: view.current?.summary, drawn: view.drawn });

  // A move half chosen (a level of a choice opened, the goalkeeper's cards drawn so far, one
  // part of a two-part choice picked) is kept on the phone with the step it belongs to: leaving
  // the match and coming back finds it as it was (and says so); a new step drops it.
  const halfKey = `half:${id}`;
  function clearChoice() {
    view.path = []; view.extra = null; view.extraFrom = null; view.drawn = []; view.pick = null;
    localStorage.removeItem(halfKey);
  }
  const halfMade = () => Boolean(view.path.length || view.extra || view.drawn.length || view.pick);
  function keepHalf() {
    if (!view.match || view.match.status !== "in_progress") return;
    if (!halfMade()) { localStorage.removeItem(halfKey); return; }
    localStorage.setItem(halfKey, JSON.stringify({ seq: view.match.seq, path: view.path, extraFrom: view.extraFrom, drawn: view.drawn, pick: view.pick }));
  }
  function restoreHalf() {
    const kept = JSON.parse(localStorage.getItem(halfKey) || "null");
    if (!kept || kept.seq !== view.match.seq || view.queue?.actions.length) { localStorage.removeItem(halfKey); return; }
    try {
      view.path = kept.path || [];
      view.drawn = kept.drawn || [];
      view.pick = kept.pick || null;
      nodesAt(); // the path still leads somewhere
      if (kept.extraFrom) openExtra(kept.extraFrom);
      view.kept = halfMade();
    } catch { clearChoice(); }
  }
  // a choice opened from the picture, or a level below one: {key, steps}
  function openExtra(from) {
    let nodes = pictureTargets(nodesAt()).get(from.key);
    if (!nodes) return;
    let title = nodes[0].title ?? t("move");
    for (const i of from.steps) ({ title, nodes } = { title: nodes[i].title, nodes: nodes[i].children() });
    view.extra = { title, nodes };
    view.extraFrom = from;
  }
  // the last move: what was chosen (the action) and what followed, in the API's sentences
  const lastMove = (event) => (event?.kind === "action" ? { action: event.action, texts: (event.effects || []).map((e) => e.text).filter(Boolean) } : null);
  const lastOf = (data) => lastMove(data?.events?.filter((e) => e.kind === "action").pop());

  // A move the phone's referee checked: shown at once (picture, hint, last move, the next
  // choices), marked as not stored yet, and sent to the server in order; the server's answer
  // confirms it or wins.
  const showLocal = (local) => {
    Object.assign(view.current, pick(local.view));
    if (local.view.svg) {
      const markup = safeSvg(local.view.svg);
      if (markup) { view.picture = markup; view.pictureSeq = `local-${view.match.seq + view.pending.length}`; }
    }
    view.last = { action: local.action, texts: local.effects.map((e) => e.text).filter(Boolean) };
    clearChoice();
  };

  const refereeFirst = async (action) => {
    const local = await refApply(id, action, currentLanguage());
    if (!local) { view.table = false; return null; }
    if (local.unchecked) { view.table = false; return local; }
    if (!local.ok) { view.error = local.error?.message || ""; clearChoice(); render(); return local; }
    view.note = "";
    showLocal(local);
    return local;
  };

  const sendAction = async (action) => {
    if (view.busy) return;
    view.error = "";
    const queued = view.queue && view.queue.actions.length;
    if (view.table && (queued || !navigator.onLine)) {
      const local = await refereeFirst(action);
      if (local && !local.ok && !local.unchecked) return; // refused here, in the player's words
      view.note = local?.unchecked ? t("refHiddenKeepers") : local ? t("refOffline") : "";
      return queueAction(action);
    }
    if (queued || !navigator.onLine) return queueAction(action);
    if (view.table || view.pending.length) {
      if (!view.table) return; // a move waits for the server, and the phone cannot check this one
      const local = await refereeFirst(action);
      if (local?.ok) {
        view.pending.push({ action, local, key: newKey() });
        view.note = t("refStoring");
        render();
        pump();
        return;
      }
      if (local && !local.unchecked) return;
      if (view.pending.length) return;
    }
    view.busy = true;
    try {
      const { ok, status, data } = await api(`matches/${id}/events/?include=state`, { method: "POST", body: { expected_seq: view.match.seq, action }, key: newKey() });
      view.busy = false;
      if (!ok) {
        view.error = problemText(status, data);
        if (data?.code === "stale_sequence") await load();
        clearChoice();
        render();
        return;
      }
      view.last = lastOf(data);
      await afterWrite(data);
    } catch (err) {
      view.busy = false;
      if (err instanceof NetworkError) return queueAction(action);
      throw err;
    }
  };

  // A set-up again "as before" (TriXKick's): one batch, offered on a phone that logs both sides;
  // with a phone each, each manager's own side as their part of the set-up
  const refreshAsBefore = async () => {
    view.asBefore = null;
    view.ownBefore = null;
    if (!(view.current?.legal?.actions || []).some((e) => e.type === "place")) return; // no set-up under way
    const seq = view.match.seq;
    const sides = sidesOfPhone(view.match, me, id);
    if (sides) {
      const side = [...sides][0];
      const own = side === undefined ? null : await ownAsBefore(id, view.current?.legal, view.current?.state, side).catch(() => null);
      if (own && seq === view.match.seq && mine === screen) { view.ownBefore = own; render(); }
      return;
    }
    const batch = await asBefore(id, view.current?.legal, view.current?.state).catch(() => null);
    if (batch && seq === view.match.seq && mine === screen) { view.asBefore = batch; render(); }
  };

  const setUpMineAsBefore = () => sendOwnPart(view.ownBefore);

  const setUpAsBefore = async () => {
    view.error = "";
    try {
      const { ok, status, data } = await sendAsBefore(id, view.match.seq, view.asBefore);
      if (!ok) { view.error = problemText(status, data); render(); return; }
      view.last = lastOf(data);
      await afterWrite(data);
    } catch { view.error = t("offline"); render(); }
  };

  const afterWrite = async (data) => {
    view.match = data.match;
    view.asBefore = null;
    if (data.current?.legal) { view.current = data.current; await seatReferee(); refreshAsBefore(); }
    else await load();
    clearChoice();
    render();
    refreshPicture();
  };

  // The moves the phone applied, sent one after the other (each with the seq the one before
  // gave). Same seq and same events: stored as shown. A refusal, a conflict or other events:
  // the server's match is taken and the phone says what happened. No network: the moves it
  // checked go to the offline queue.
  const sameEvents = (local, events) => JSON.stringify(local.effects) === JSON.stringify(
    events.flatMap((e) => e.effects).map((e) => ({ kind: e.kind, side: e.side, data: e.data, text: e.text })));
  const pump = async () => {
    if (view.pumping) return;
    view.pumping = true;
    try {
      while (view.pending.length && mine === screen) {
        const move = view.pending[0];
        let answer;
        try {
          answer = await api(`matches/${id}/events/?include=state`, { method: "POST", body: { expected_seq: view.match.seq, action: move.action }, key: move.key });
        } catch (err) {
          if (!(err instanceof NetworkError)) throw err;
          const moves = view.pending.splice(0);
          for (const m of moves) view.queue = await enqueue(id, view.match.seq, m.action);
          view.note = t("refOffline");
          await syncCredentials();
          render();
          return;
        }
        const { ok, data } = answer;
        const expected = view.match.seq + 1;
        if (!ok || data.match.seq !== expected || !sameEvents(move.local, data.events)) {
          view.pending = [];
          view.note = "";
          view.error = ok ? t("refOverruled") : t("refRolledBack", { message: data?.message || "" });
          if (ok || data?.code !== "stale_sequence") startReferee(); // other engines on the server?
          if (ok) { view.last = lastOf(data); view.match = data.match; view.current = data.current; await seatReferee(); }
          else await load().catch(() => {});
          clearChoice();
          render();
          refreshPicture();
          return;
        }
        view.pending.shift();
        view.match = data.match;
        if (!view.pending.length) {
          view.note = "";
          view.current = { ...data.current, state: data.current.state ?? view.current.state };
          view.last = lastOf(data);
          render();
          refreshPicture();
        } else render();
      }
    } finally {
      view.pumping = false;
    }
  };

  const queueAction = async (action) => {
    view.queue = await enqueue(id, view.match.seq, action);
    // if the page is closed before the network is back, the service worker sends the queue
    // (Background Sync) with the token and language kept beside it
    await syncCredentials();
    navigator.serviceWorker?.ready.then((reg) => reg.sync?.register("moves")).catch(() => {});
    clearChoice();
    render();
    if (navigator.onLine) sendQueue();
  };

  // Send the queue as one batch. A busy server (5xx, 429) is asked again a little later; a
  // queue gone meanwhile was sent by the service worker (Background Sync): the match is read
  // again. 409 and 422 stay on the queue for the player to resolve.
  const sendQueue = async () => {
    if (!view.queue || view.sending) return;
    view.sending = true;
    let busy = false;
    try {
      const result = await flush(id, { token: token(), language: currentLanguage() });
      if (result && result.status === 201) {
        view.sending = false;
        view.retries = 0;
        view.last = lastOf(result.data);
        view.queue = null;
        await afterWrite(result.data);
        return;
      }
      busy = Boolean(result) && (result.status >= 500 || result.status === 429);
    } catch { /* still offline: the online event sends it */ }
    view.sending = false;
    view.queue = await getQueue(id).catch(() => null);
    if (!view.queue) { await reload(); return; }
    render();
    if (busy && mine === screen) {
      view.retries = (view.retries || 0) + 1;
      setTimeout(() => { if (mine === screen) sendQueue(); }, Math.min(30000, 500 * 2 ** view.retries));
    }
  };

  const command = async (which) => {
    if (view.pending.length) return; // undo/redo once the moves shown are stored
    view.error = "";
    try {
      const { ok, status, data } = await api(`matches/${id}/${which}/?include=state`, { method: "POST", body: { expected_seq: view.match.seq }, key: newKey() });
      if (!ok) { view.error = problemText(status, data); render(); return; }
      view.last = null;
      try {
        await load(); // the state and the move that stands now (said again under the picture)
        clearChoice();
        render();
        refreshPicture();
      } catch {
        await afterWrite(data);
      }
    } catch (err) {
      view.error = t("offline");
      render();
    }
  };

  const resolveProblem = async (how) => {
    const problem = view.queue.problem;
    if (how === "append") await rebase(id, problem.details.current_seq);
    else if (how === "discard") await dropQueue(id);
    else if (how === "drop") await rebase(id, view.queue.baseSeq, problem.details.index);
    view.queue = await getQueue(id);
    await load().catch(() => {});
    if (view.queue) await sendQueue();
    else { render(); refreshPicture(); }
  };

  function queuePanel() {
    const q = view.queue;
    if (!q || !q.actions.length) return `<p class="stored" id="queue-state">${t("pendingNone")}</p>`;
    let problem = "";
    if (q.problem?.status === 409) {
      const n = (q.problem.details?.current_seq ?? q.baseSeq) - q.baseSeq;
      problem = `<div class="refused" role="alert">${esc(t("conflictTheirs", { n }))} ${esc(t("conflictMine", { n: q.actions.length }))}</div>
        <div class="row"><button class="primary" data-resolve="append">${t("conflictAppend")}</button><button class="secondary" data-resolve="discard">${t("discardMine")}</button></div>`;
    } else if (q.problem) {
      const i = (q.problem.details?.index ?? 0) + 1;
      problem = `<div class="refused" role="alert">${esc(t("batchRefused", { i, message: q.problem.message || "" }))}</div>
        <div class="row"><button class="primary" data-resolve="drop">${t("dropFrom", { i })}</button></div>`;
    }
    return `<section class="queue" id="queue-state" aria-live="polite"><h2>${t("pending", { n: q.actions.length })}</h2>
      <ol>${q.actions.map((a) => `<li>${esc(actionLabel(view.match.game, a, view.match.sides, view.current?.state))}</li>`).join("")}</ol>
      ${problem}${!q.problem ? `<button class="secondary" id="send">${t("sendNow")}</button>` : ""}</section>`;
  }

  // this phone's part of the step: every choice, the other manager's turn, or its own card
  const turn = () => (view.queue?.actions.length ? { mode: "all" } : turnOf(view.match, view.current?.legal, me, id));
  const stepNodes = () => {
    const now = turn();
    if (now.mode === "parts") return partNodes(now, ctx());
    if (now.mode === "wait") return [];
    return view.queue?.actions.length && !view.table ? vocabulary(ctx()) : choices(ctx());
  };

  function movesPanel() {
    const legal = view.current?.legal;
    if (view.match.status !== "in_progress") return `<p class="over">${t("finished")}</p>`;
    const offline = view.queue && view.queue.actions.length && !view.table;
    let nodes = stepNodes();
    let title = offline ? t("unchecked") : legal?.hint || "";
    const now = turn();
    const waiting = now.mode === "all" ? "" : waitingLine(now, view.parts?.seq === view.match.seq ? view.parts : null, view.current?.state);
    for (const index of view.path) {
      const node = nodes[index];
      title = node.title;
      nodes = node.children();
    }
    if (view.extra) ({ title, nodes } = view.extra);
    const tappable = pictureTargets(nodes).size > 0;
    const group = nodes.length && nodes.every((n) => n.group === nodes[0].group) ? nodes[0].group : "";
    const isCard = (face) => face?.startsWith('<span class="card');
    // card faces say what they are; a TriXKick piece's token needs its words beside it
    // card faces a row of four (Amigo's, ten); any other choice beside them in a list below
    const cards = nodes.filter((n) => isCard(n.face));
    const faces = cards.length > 4 && cards.length >= nodes.length - 2 && !nodes.some((n) => n.pair);
    const small = faces && cards.every((n) => n.face.startsWith('<span class="card amigo'));
    const button = (n, i, extra = "") => `<button class="${n.face ? "move face" : "move"}" data-i="${i}"${extra} aria-label="${esc(n.label)}">${n.face || ""}<span class="lbl">${esc(n.label)}</span></button>`;
    // a two-part choice: every part's row at once; a part picked shows as a button to take it back
    const pairRows = (n, i) => {
      const values = view.pick?.i === i ? view.pick.values : [];
      return n.pair.rows(values).map((row, r) => {
        const head = `<p class="group">${esc(row.title)}</p>`;
        if (values[r] != null) {
          const chosen = row.options.find((o) => JSON.stringify(o.value) === JSON.stringify(values[r]));
          return `${head}<button class="secondary picked" data-unpick="${r}" aria-pressed="true">${chosen?.face || ""}<span>${esc(chosen?.label ?? "")}</span></button>`;
        }
        const rowFaces = row.options.length > 4 && row.options.every((o) => isCard(o.face));
        return `${head}<ul class="grid${rowFaces ? " faces" : ""}">${row.options.map((o, k) => `<li>${button(o, i, ` data-r="${r}" data-o="${k}"`)}</li>`).join("")}</ul>`;
      }).join("");
    };
    let last = group;
    const items = (wanted) => nodes.map((n, i) => {
      if (!wanted(n)) return "";
      if (n.pair) return `</ul>${pairRows(n, i)}<ul class="grid">`;
      const head = n.group && n.group !== last ? `<li class="row-head">${esc(n.group)}</li>` : "";
      last = n.group || last;
      return `${head}<li>${button(n, i)}</li>`;
    }).join("");
    const lists = faces
      ? `<ul class="grid faces${small ? " small" : ""}">${items((n) => isCard(n.face))}</ul><ul class="grid">${items((n) => !isCard(n.face))}</ul>`
      : `<ul class="grid">${items(() => true)}</ul>`;
    const drawn = view.drawn.length ? `<p class="drawn" id="drawn">${esc(t("keeperDrawn", { cards: view.drawn.map(htCardText).join(" / ") }))}</p>` : "";
    const kept = view.kept ? `<p class="kept" id="kept" role="status">${esc(t("halfKept"))}</p>` : "";
    const again = view.asBefore && !view.path.length && !view.extra && !offline
      ? `<button class="primary as-before" id="as-before">${esc(t("tkAsBefore", { n: view.asBefore.length }))}</button>` : "";
    // with a phone each: this side's set-up as before, one tap, whoever's turn it is
    const parts = view.parts?.seq === view.match.seq ? view.parts.parts : [];
    const ownIn = view.ownBefore && parts.some((p) => p.side === view.ownBefore.side && p.chosen);
    const othersIn = view.ownBefore && parts.some((p) => p.side !== view.ownBefore.side && p.chosen);
    const others = view.match.sides.filter((s) => s.position !== view.ownBefore?.side).map((s) => sideLabel(s.name)).join(", ");
    const mineAgain = view.ownBefore && !view.path.length && !view.extra && !offline && !ownIn
      ? `<button class="primary as-before" id="as-before-mine">${esc(t("tkMineAsBefore", { n: view.ownBefore.part.places.length }))}</button>` : "";
    const setUpLine = ownIn ? t("tkSetUpIn", { name: others }) : othersIn ? t("tkTheySetUp", { name: others }) : "";
    const both = sharedTable(view.match, me) ? `<label class="log-both"><input type="checkbox" id="log-both" ${logsBoth(id) ? "checked" : ""}> ${t("logBoth")}</label>` : "";
    return `<section class="moves" aria-labelledby="hint">${waiting ? `<p class="waiting" id="waiting" aria-live="polite">${esc(waiting)}</p>` : ""}<p id="hint" class="hint">${esc(title)}</p>
      ${tappable ? `<p class="tap-hint">${t("tapPicture")}</p>` : ""}
      ${view.path.length || view.extra ? `<button class="secondary back" id="up">${t("back")}</button>` : ""}
      ${setUpLine ? `<p class="waiting" id="set-up-state" aria-live="polite">${esc(setUpLine)}</p>` : ""}${kept}${drawn}${again}${mineAgain}${group ? `<p class="group">${esc(group)}</p>` : ""}${lists}${both}</section>`;
  }

  // what followed the last move: two sentences on screen, any more folded under them (the
  // hint and the next choices keep their place above the fold)
  function effectsList(texts) {
    if (!texts.length) return "";
    const item = (x) => `<li>${esc(x)}</li>`;
    const more = texts.length > 2 ? `<li><details><summary>${esc(t("moreEffects", { n: texts.length - 2 }))}</summary><ul>${texts.slice(2).map(item).join("")}</ul></details></li>` : "";
    return `<ul class="effects">${texts.slice(0, 2).map(item).join("")}${more}</ul>`;
  }

  function header() {
    const m = view.match;
    const summary = view.current?.summary || m.summary || {};
    const legal = view.current?.legal;
    const actor = legal?.actor;
    const both = actor === null || actor === undefined;
    const who = both ? "" : sideLabel(m.sides[actor]?.name ?? "");
    const score = Array.isArray(summary.score) ? summary.score.join(" : ") : Array.isArray(summary.totals) ? summary.totals.join(" · ") : "";
    return `<header class="match-head" data-seq="${m.seq}" data-shown="${m.seq + view.pending.length + (view.queue?.actions.length || 0)}" data-status="${m.status}" data-refereed="${view.table}" data-setup="${(legal?.actions || []).some((e) => e.type === "place" || e.type === "keepers") ? 1 : 0}"><h1>${m.sides.map((s) => esc(sideLabel(s.name))).join(" – ")}</h1>
      <p class="meta"><span>${esc(gameTitle(m.game))}</span>${score ? ` · <span class="score" aria-label="${t("score")}">${esc(score)}</span>` : ""}</p>
      ${m.status === "in_progress" && !view.queue?.actions.length ? `<p class="turn" id="turn">${esc(both ? t("bothToAct") : t("whoseTurn", { name: who }))}</p>` : ""}</header>`;
  }

  function render() {
    if (!view.match || mine !== screen) return;
    // the picture folded away with one tap (and back): the phone remembers it
    const folded = localStorage.getItem("pictureFolded") === "1";
    show(html`${nav("")}${header()}
      ${view.last ? `<p class="last">${esc(t("lastMove", { move: actionLabel(view.match.game, view.last.action, view.match.sides, view.current?.state) }))}</p>
        ${effectsList(view.last.texts)}` : ""}
      ${view.error ? errorBox(view.error) : ""}
      ${view.note ? `<p class="referee-note" id="referee-note" role="status">${esc(view.note)}</p>` : ""}
      ${queuePanel()}
      ${movesPanel()}
      <figure class="picture${folded ? " folded" : ""}"><button class="secondary fold" id="fold" aria-expanded="${!folded}" aria-controls="picture">${t(folded ? "unfoldPicture" : "foldPicture")}</button><div id="picture" class="pic" role="img" aria-label="${t("picture")}" data-seq="${view.pictureSeq ?? ""}">${view.picture || ""}</div></figure>
      <div class="row sticky"><button class="secondary" id="undo">${t("undo")}</button><button class="secondary" id="redo">${t("redo")}</button>
      <a class="secondary button" href="#/replay/${id}">${t("stepThrough")}</a></div>`, view.match.sides.map((s) => sideLabel(s.name)).join(" – "));
    for (const b of main.querySelectorAll("button.move")) {
      b.addEventListener("click", () => {
        const nodes = nodesAt();
        const node = nodes[Number(b.dataset.i)];
        view.kept = false;
        if (node.pair) pickPart(node, Number(b.dataset.i), Number(b.dataset.r), Number(b.dataset.o));
        else if (node.children && view.extra) {
          view.extraFrom = view.extraFrom && { ...view.extraFrom, steps: [...view.extraFrom.steps, Number(b.dataset.i)] };
          view.extra = { title: node.title, nodes: node.children() }; view.error = ""; render();
        }
        else if (node.children) { view.path.push(Number(b.dataset.i)); view.error = ""; render(); }
        else activate(node);
      });
    }
    for (const b of main.querySelectorAll("[data-unpick]")) {
      b.addEventListener("click", () => { view.pick.values[Number(b.dataset.unpick)] = null; if (view.pick.values.every((v) => v == null)) view.pick = null; render(); });
    }
    document.getElementById("up")?.addEventListener("click", () => { stepBack(); render(); });
    document.getElementById("as-before")?.addEventListener("click", setUpAsBefore);
    document.getElementById("as-before-mine")?.addEventListener("click", setUpMineAsBefore);
    document.getElementById("fold").addEventListener("click", () => {
      if (folded) localStorage.removeItem("pictureFolded"); else localStorage.setItem("pictureFolded", "1");
      render();
    });
    document.getElementById("log-both")?.addEventListener("change", (e) => { setLogsBoth(id, e.target.checked); clearChoice(); render(); });
    if (turn().mode === "parts" || view.ownBefore) watchParts();
    bindPicture();
    document.getElementById("undo").addEventListener("click", () => command("undo"));
    document.getElementById("redo").addEventListener("click", () => command("redo"));
    document.getElementById("send")?.addEventListener("click", sendQueue);
    for (const b of main.querySelectorAll("[data-resolve]")) b.addEventListener("click", () => resolveProblem(b.dataset.resolve));
    keepBackInside(halfMade());
    keepHalf();
    // a new step, or a level of a choice: its hint and choices in thumb reach, from the top
    const step = `${view.match.seq}/${view.path.join(".")}/${view.extra ? view.extra.title : ""}/${view.drawn.length}/${view.pick?.values.length ?? ""}`;
    if (step !== view.step) { view.step = step; window.scrollTo(0, 0); }
  }

  // The phone's Back button inside a choice of several taps steps back inside it: while a
  // choice is half made, one history entry (same address) stands for it; Back takes it and
  // steps back one level (and sets it again while levels remain). Once the choice is done
  // or left with the screen's own Back, the entry is taken back quietly. The browser takes an
  // entry back later, not at once: a choice begun before that (quick taps, the phone's referee
  // answering at once) sets its entry only then, or the Back would leave the app.
  function keepBackInside(inside) {
    window.history.scrollRestoration = "manual"; // a step back inside a choice keeps its own place
    if (view.backQuiet) { view.armAfterBack = inside; return; }
    if (inside && !view.backArmed) {
      window.history.pushState({ choice: id }, "", location.href);
      view.backArmed = true;
    } else if (!inside && view.backArmed) {
      view.backArmed = false;
      view.backQuiet = true;
      window.history.back();
    }
  }

  function nodesAt() {
    if (view.extra) return view.extra.nodes;
    if (view.match.status !== "in_progress") return [];
    let nodes = stepNodes();
    for (const index of view.path) nodes = nodes[index].children();
    return nodes;
  }

  // one step back inside a half-made choice: the last card drawn, the last part picked, a level
  function stepBack() {
    if (view.drawn.length) view.drawn.pop();
    else if (view.pick) view.pick = null;
    else if (view.extra) { view.extra = null; view.extraFrom = null; }
    else view.path.pop();
  }

  // a two-part choice: both parts on screen at once; the move goes once every part is picked
  function pickPart(node, i, row, option) {
    if (view.pick?.i !== i) view.pick = { i, values: [] };
    const values = view.pick.values;
    values[row] = node.pair.rows(values)[row].options[option].value;
    // a later part that no longer goes with this one (a shooting card of another colour) is dropped
    const rows = node.pair.rows(values);
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    rows.forEach((r, k) => { if (values[k] != null && !r.options.some((o) => same(o.value, values[k]))) values[k] = null; });
    for (let k = 0; k < rows.length; k++) if (values[k] === undefined) values[k] = null;
    if (values.every((v) => v != null)) {
      view.pick = null;
      activate(node.pair.done(values));
    } else render();
  }

  // the goalkeeper turns up one more card: logged once his draw is over
  function drawCard(node) {
    view.drawn = [...view.drawn, node.draw];
    if (node.enough(view.drawn)) sendAction({ type: "keeper_draw", cards: view.drawn });
    else render();
  }

  function activate(node) {
    view.kept = false;
    if (node.draw) return drawCard(node);
    if (node.children) { view.extra = { title: node.title, nodes: node.children() }; view.error = ""; render(); }
    else if (node.make) sendAction(node.make());
    else if (node.part) sendOwnPart(node.part);
    else sendAction(node.action);
  }

  // whose face-down card is in (this phone's shown, the other's hidden), read every few seconds
  // while this phone waits at such a step; the move the cards make comes in live
  function watchParts() {
    clearTimeout(view.partsTimer);
    view.partsTimer = setTimeout(async () => {
      if (mine !== screen || (turn().mode !== "parts" && !view.ownBefore)) return;
      const seq = view.match.seq;
      const parts = await readParts(id).catch(() => null);
      if (mine !== screen || seq !== view.match.seq) return;
      const changed = JSON.stringify(parts) !== JSON.stringify(view.parts);
      view.parts = parts;
      if (changed) render(); else watchParts();
    }, view.parts?.seq === view.match.seq ? 2500 : 0);
  }

  // one face-down card from this phone: kept hidden until the other manager's is in
  async function sendOwnPart(part) {
    view.error = "";
    try {
      const { ok, status, data } = await sendPart(id, view.match.seq, part);
      if (status === 201) { view.last = lastOf(data); await afterWrite(data); return; }
      if (ok) view.parts = data;
      else {
        view.error = problemText(status, data);
        // the set-up as before refused by the rules: set up piece by piece from here
        if (part === view.ownBefore && status === 422) view.ownBefore = null;
        // the step moved on meanwhile (the other phone's move): the match as it stands now
        if (data?.code === "stale_sequence" || data?.code === "no_face_down_choice") { await load().catch(() => {}); clearChoice(); refreshPicture(); }
      }
    } catch { view.error = t("offline"); }
    render();
  }

  // The players and pieces on the picture that stand for a choice at this step can be tapped
  // (the buttons below stay for everyone who cannot see or tap the picture).
  function bindPicture() {
    const box = document.getElementById("picture");
    const svg = box?.querySelector("svg");
    if (!svg) return;
    const targets = view.queue?.actions.length && !view.table ? new Map() : pictureTargets(nodesAt());
    const keysOf = (el) => {
      const keys = [];
      if (el.dataset.piece) keys.push(`piece:${el.dataset.piece}`);
      if (el.dataset.number !== undefined) keys.push(`player:${el.dataset.side}:${el.dataset.number}`);
      if (el.dataset.field) keys.push(`field:${el.dataset.field}`);
      return keys;
    };
    for (const el of svg.querySelectorAll("[data-piece], [data-number], rect[data-field]")) {
      el.classList.toggle("target", keysOf(el).some((k) => targets.has(k)));
    }
    svg.onclick = (event) => {
      const el = event.target.closest("[data-piece], [data-number], [data-field]");
      if (!el) return;
      const key = keysOf(el).find((k) => targets.has(k));
      if (!key) return;
      const found = targets.get(key);
      if (found.length === 1) activate(found[0]);
      else { view.extra = { title: view.extra?.title ?? found[0].title ?? t("move"), nodes: found }; view.extraFrom = view.extraFrom ? null : { key, steps: [] }; render(); }
    };
  }

  try {
    if (!(await load())) return;
  } catch (err) {
    const cached = JSON.parse(localStorage.getItem(`match:${id}`) || "null");
    if (!cached) { show(errorBox(t("offline")), t("offline")); return; }
    view.match = cached.match;
    view.current = cached.current;
  }
  view.queue = await getQueue(id).catch(() => null);
  await seatReferee();
  restoreHalf();
  render();
  refreshPicture();
  if (view.queue && navigator.onLine) sendQueue();

  const onOnline = () => { networkState(); if (view.queue) sendQueue(); else reload(); };
  const onWorker = (event) => { if (event.data?.type === "queue" && event.data.match === id && !view.sending) reload(); };
  navigator.serviceWorker?.addEventListener("message", onWorker);
  window.addEventListener("referee", onReferee);
  if (refereeReady() && !view.table) onReferee();
  const onOffline = () => networkState();
  window.addEventListener("online", onOnline);
  window.addEventListener("offline", onOffline);
  // the other phone's moves, live
  let pending = null;
  const stop = follow(id, view.match.seq, (event) => {
    if (event.seq <= view.match.seq || view.busy || view.pending.length) return;
    clearTimeout(pending);
    pending = setTimeout(() => { if (!view.queue) reload(); }, 50);
  });
  // an invited manager's answer (their team, their name) before the first move
  const stopSides = watchSides(id, () => view.match, () => { if (!view.queue) reload(); });
  const onBack = () => {
    if (view.backQuiet) {
      view.backQuiet = false;
      if (view.armAfterBack) { view.armAfterBack = false; keepBackInside(true); }
      return;
    }
    if (!view.backArmed) return; // Back with no choice half made: the screen is left
    if (!location.hash.startsWith(`#/match/${id}`)) return; // a link away: the half move is kept
    view.backArmed = false;
    stepBack();
    render();
  };
  window.addEventListener("popstate", onBack);
  leaveScreen = () => {
    window.removeEventListener("popstate", onBack);
    stop();
    stopSides();
    window.removeEventListener("online", onOnline);
    window.removeEventListener("offline", onOffline);
    navigator.serviceWorker?.removeEventListener("message", onWorker);
    window.removeEventListener("referee", onReferee);
  };
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

async function replay(id) {
  const { ok, data: match } = await api(`matches/${id}/`);
  if (!ok) { show(errorBox(match?.message || ""), t("history")); return; }
  let seq = match.seq;
  const mine = screen;
  let drawn = 0;
  const render = async () => {
    if (mine !== screen) return;
    const step = ++drawn;
    show(html`${nav("history")}<h1>${match.sides.map((s) => esc(sideLabel(s.name))).join(" – ")}</h1>
      <p class="meta">${esc(gameTitle(match.game))} · <span id="at">${esc(t("moveN", { n: seq, total: match.seq }))}</span></p>
      <figure class="picture"><img id="picture" alt="${t("picture")} (${esc(t("moveN", { n: seq, total: match.seq }))})"></figure>
      <p class="hint" id="hint"></p>
      <div class="row steps"><button class="secondary" data-go="first">${t("first")}</button><button class="primary" data-go="prev">${t("prev")}</button>
      <button class="primary" data-go="next">${t("next")}</button><button class="secondary" data-go="last">${t("last")}</button></div>
      <input type="range" id="seq" min="0" max="${match.seq}" value="${seq}" aria-label="${t("stepThrough")}">
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
    const [url, state] = await Promise.all([pictureUrl(`matches/${id}/svg/?seq=${seq}`), api(`matches/${id}/state/?seq=${seq}`)]);
    if (step !== drawn || mine !== screen) return;
    if (url) document.getElementById("picture").src = url;
    document.getElementById("hint").textContent = state.data?.legal?.hint || "";
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
  screen += 1;
  if (token()) await whoAmI();
  leaveScreen();
  leaveScreen = () => {};
  document.documentElement.lang = currentLanguage();
  networkState();
  await games();
  const hash = location.hash.replace(/^#/, "") || "/";
  if (!token()) return signIn();
  // the phone's referee loads in the background once someone is signed in
  setTimeout(startReferee, 0);
  const [path] = hash.split("?");
  let m;
  if ((m = path.match(/^\/match\/(\d+)$/))) return matchScreen(Number(m[1]));
  if ((m = path.match(/^\/replay\/(\d+)$/))) return replay(Number(m[1]));
  if (path === "/new") return newMatch();
  if (path === "/history") return history();
  if (path === "/stats") {
    const mine = screen;
    return statsScreen(main, show, nav, () => mine === screen, new URLSearchParams(hash.split("?")[1] || ""));
  }
  if (path === "/build") {
    const mine = screen;
    return buildScreen(main, show, nav, () => mine === screen);
  }
  return home();
}

window.addEventListener("hashchange", route);
window.addEventListener("online", networkState);
window.addEventListener("offline", networkState);
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/app/sw.js", { type: "module", scope: "/app/" }).catch(() => {});
}
route();
