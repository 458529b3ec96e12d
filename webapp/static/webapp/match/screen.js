// A match at the table: the screen that logs it. Made of parts, each given the screen's state
// (state.js) and `ui`, the screen's actions by name: the half-chosen move (half.js), sending a
// move (send.js), the offline queue (offline.js) and the panels drawn (panels.js). This module
// reads the match, seats the phone's referee, draws the screen and listens for what changes it.
import { api, NetworkError, pictureMarkup, safeSvg, token } from "../api.js";
import { currentLanguage, sideLabel, t } from "../i18n.js";
import { follow } from "../live.js";
import { getQueue } from "../queue.js";
import { refApply, refLoad, refereeReady } from "../referee.js";
import { watchSides } from "../invitations.js";
import { readParts, setLogsBoth, sidesOfPhone } from "../turns.js";
import { gameOf, loadGame } from "../games.js";
import { errorBox, html, leaveScreen, main, nav, networkState, nextScreen, onLeave, show } from "../shell.js";
import { esc } from "../nodes.js";
import { matchMissing } from "../errors.js";
import { pictureTargets } from "../moves.js";
import { halfPart } from "./half.js";
import { offlinePart } from "./offline.js";
import { header, lastMovePanel, movesPanel, queuePanel } from "./panels.js";
import { lastMove, sendingPart, shownOf } from "./send.js";
import { keepServerState, keptServerState, matchState, shown } from "./state.js";
import { bindShare, sharePanel } from "./share.js";
import { keepOffer } from "../join.js";

export async function matchScreen(id, screen) {
  // (a guest's phone, not signed in, is nobody: the side of its pass is its own, turns.js)
  const s = matchState(id, token() ? localStorage.getItem("username") : null, screen);
  const ui = {};
  Object.assign(ui, halfPart(s, ui), sendingPart(s, ui), offlinePart(s, ui), readingPart(s, ui));
  ui.render = () => render(s, ui);
  show(`<p class="loading">…</p>`, t("game"));

  try {
    if (!(await ui.load())) return;
  } catch (err) {
    const cached = keptServerState(id); // the match as the server last gave it
    if (!cached) { show(errorBox(t("offline")), t("offline")); return; }
    s.match = cached.match;
    s.keptOnly = true; // no picture from the server: the phone's referee draws it
    s.current = cached.current;
    s.last = cached.last ?? null;
    await loadGame(s.match.game);
  }
  s.queue = await getQueue(id).catch(() => null);
  await ui.seatReferee();
  ui.restoreHalf();
  ui.render();
  ui.refreshPicture();
  if (s.queue && navigator.onLine) ui.sendQueue();
  onLeave(listen(s, ui));
}

// Reading the match: from the server, into the phone's referee, the picture, the set-up as before.
function readingPart(s, ui) {
  const { id } = s;
  const load = async () => {
    const [m, st] = await Promise.all([api(`matches/${id}/`), api(`matches/${id}/state/`)]);
    if (!m.ok) {
      show(missing(m), t("game"));
      // read again and no longer this phone's to read (a guest's pass ended with the match, or
      // the side was taken back): the screen is left, nothing draws over the sentence
      if (s.match && [401, 403, 404].includes(m.status)) { leaveScreen(); nextScreen(); }
      return false;
    }
    await loadGame(m.data.game);
    s.match = m.data;
    s.current = st.data;
    s.last = s.match.seq > 0 ? await lastStanding(s) : null;
    keepServerState(s);
    refreshAsBefore();
    await seatReferee(s);
    return true;
  };

  const refreshPicture = async () => {
    const seq = s.match.seq;
    try {
      const markup = await pictureMarkup(`matches/${id}/svg/`);
      if (markup && seq === s.match.seq && shown(s)) {
        s.picture = markup;
        s.pictureSeq = seq;
        const box = document.getElementById("picture");
        if (box) { box.innerHTML = markup; box.dataset.seq = seq; bindPicture(s, ui); }
      }
    } catch { /* offline: the last picture stays */ }
  };

  const reload = async () => {
    try {
      await load();
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
    }
    s.queue = await getQueue(id).catch(() => null);
    ui.clearChoice();
    ui.render();
    refreshPicture();
  };

  // A set-up again "as before", as the game's module finds it: one batch, offered on a phone
  // that logs both sides; with a phone each, each manager's own side as their part of the set-up.
  // Found once every move shown is stored (the batch goes on from the server's seq and the
  // moves it logged): after a server's answer, and after the phone's own moves are stored.
  const refreshAsBefore = async () => {
    s.asBefore = null;
    s.ownBefore = null;
    const game = gameOf(s.match.game);
    if (!game.settingUp(s.current?.legal)) return; // no set-up under way
    const waiting = () => s.pending.length > 0 || s.queue?.actions.length > 0;
    if (waiting()) return; // asked again once they are stored
    const seq = s.match.seq;
    const fresh = () => seq === s.match.seq && shown(s) && !waiting();
    const sides = sidesOfPhone(s.match, s.me, id);
    if (sides) {
      const side = [...sides][0];
      const own = side === undefined ? null : await game.ownAsBefore(id, s.current?.legal, s.current?.state, side).catch(() => null);
      if (own && fresh()) { s.ownBefore = own; ui.render(); }
      return;
    }
    const batch = await game.asBefore(id, s.current?.legal, s.current?.state).catch(() => null);
    if (batch && fresh()) { s.asBefore = batch; ui.render(); }
  };

  return { load, refreshAsBefore, refreshPicture, reload, seatReferee: () => seatReferee(s) };
}

// the last move, said under the picture (an undo or redo last: nothing to say)
async function lastStanding(s) {
  const { id } = s;
  const e = await api(`matches/${id}/events/?after=${s.match.seq - 1}`).catch(() => null);
  let event = (e?.data?.results || [])[0];
  if (event?.seq === s.match.seq && event.kind === "redo" && event.target_seq) {
    // a redo brings a move back: that move is the last one (said again)
    const r = await api(`matches/${id}/events/?after=${event.target_seq - 1}`).catch(() => null);
    const restored = (r?.data?.results || [])[0];
    event = restored?.seq === event.target_seq ? { ...restored, seq: s.match.seq } : event;
  }
  return event?.seq === s.match.seq ? lastMove(event) : null;
}

// The phone's referee takes the state the server holds (or, offline, that state and the
// queued moves on top of it); until it has, every move goes to the server as before.
async function seatReferee(s) {
  const { id } = s;
  s.table = false;
  if (!refereeReady() || !s.current?.state || s.match.status !== "in_progress") return;
  s.queue = await getQueue(id).catch(() => s.queue);
  // a queue made on another state than the one held (another phone's moves came between)
  // is the server's to check
  if (s.queue?.actions.length && s.queue.baseSeq !== s.match.seq) return;
  const language = currentLanguage();
  // opened without a network, the picture is the referee's (of the last move shown)
  const draw = s.keptOnly || (!s.picture && !navigator.onLine);
  const actions = s.queue?.actions || [];
  let answer = await refLoad(id, s.match.game, s.current.state, language, { picture: draw && !actions.length });
  if (!answer?.ok) return;
  let view = answer.view;
  for (const [i, action] of actions.entries()) {
    answer = await refApply(id, action, language, { picture: draw && i === actions.length - 1 });
    if (!answer?.ok) return;
    view = answer.view;
  }
  if (actions.length) Object.assign(s.current, shownOf(view));
  const markup = draw && view.svg ? safeSvg(view.svg) : null;
  if (markup) { s.picture = markup; s.pictureSeq = `local-${s.match.seq + actions.length}`; }
  s.keptOnly = false;
  // (the app opened again with a queue: the status says the phone checked it)
  if (s.queue?.actions.length && !s.queue.problem && !s.note) s.note = t("refOffline");
  s.table = true;
}

// a match that cannot be shown (none by that number): said plainly, with the way home
export const missing = ({ status, data }) =>
  `${nav("")}<p class="refused" role="alert" id="missing">${esc(matchMissing(status, data))}</p>${keepOffer()}<a class="button secondary" href="#/">${t("home")}</a>`;

function render(s, ui) {
  if (!s.match || !shown(s)) return;
  // the picture folded away with one tap (and back): the phone remembers it
  const folded = localStorage.getItem("pictureFolded") === "1";
  // in a match the tabs fold away under the picture: the hint and the choices keep the screen
  show(html`${header(s)}
      ${lastMovePanel(s)}
      ${s.error ? errorBox(s.error) : ""}
      ${queuePanel(s)}
      ${movesPanel(s, ui)}
      <figure class="picture${folded ? " folded" : ""}"><button class="secondary fold" id="fold" aria-expanded="${!folded}" aria-controls="picture">${t(folded ? "unfoldPicture" : "foldPicture")}</button><div id="picture" class="pic" role="img" aria-label="${t("picture")}" data-seq="${s.pictureSeq ?? ""}">${s.picture || ""}</div></figure>
      ${sharePanel(s)}${keepOffer()}
      ${nav("")}
      <div class="row sticky"><button class="secondary" id="undo">${t("undo")}</button><button class="secondary" id="redo">${t("redo")}</button>
      <a class="secondary button" href="#/replay/${s.id}">${t("stepThrough")}</a></div>`, s.match.sides.map((x) => sideLabel(x.name)).join(" – "));
  // a button stands for the step it was drawn at: tapped after the phone's referee showed
  // another one (a quick second tap), it is not taken
  const drawnAt = s.localMoves;
  const current = () => drawnAt === s.localMoves;
  for (const b of main.querySelectorAll("button.move")) {
    b.addEventListener("click", () => { if (current()) ui.tap(Number(b.dataset.i), Number(b.dataset.r), Number(b.dataset.o)); });
  }
  for (const b of main.querySelectorAll("[data-unpick]")) {
    b.addEventListener("click", () => { s.pick.values[Number(b.dataset.unpick)] = null; if (s.pick.values.every((v) => v == null)) s.pick = null; ui.render(); });
  }
  const on = (id, event, then) => document.getElementById(id)?.addEventListener(event, then);
  on("up", "click", () => { ui.stepBack(); ui.render(); });
  on("as-before", "click", ui.setUpAsBefore);
  on("as-before-mine", "click", ui.setUpMineAsBefore);
  on("fold", "click", () => {
    if (folded) localStorage.removeItem("pictureFolded"); else localStorage.setItem("pictureFolded", "1");
    ui.render();
  });
  on("log-both", "change", (e) => { setLogsBoth(s.id, e.target.checked); ui.clearChoice(); ui.render(); });
  if (ui.turn().mode === "parts" || s.ownBefore) watchParts(s, ui);
  bindPicture(s, ui);
  bindShare(s, ui);
  on("undo", "click", () => ui.command("undo"));
  on("redo", "click", () => ui.command("redo"));
  on("send", "click", ui.sendQueue);
  for (const b of main.querySelectorAll("[data-resolve]")) b.addEventListener("click", () => ui.resolveProblem(b.dataset.resolve));
  ui.keepBackInside(ui.halfMade());
  ui.keepHalf();
  // a new step, or a level of a choice: its hint and choices in thumb reach, from the top
  // (offline the move shown counts the queue: the server's seq stays)
  const step = `${s.match.seq + s.pending.length + (s.queue?.actions.length || 0) + s.unqueued}/${s.path.join(".")}/${s.extra ? s.extra.title : ""}/${s.drawn.length}/${s.pick?.values.length ?? ""}`;
  if (step !== s.step) { s.step = step; window.scrollTo(0, 0); }
}

// whose face-down card is in (this phone's shown, the other's hidden), read every few seconds
// while this phone waits at such a step; the move the cards make comes in live
function watchParts(s, ui) {
  clearTimeout(s.partsTimer);
  s.partsTimer = setTimeout(async () => {
    if (!shown(s) || (ui.turn().mode !== "parts" && !s.ownBefore)) return;
    const seq = s.match.seq;
    const parts = await readParts(s.id).catch(() => null);
    if (!shown(s) || seq !== s.match.seq) return;
    const changed = JSON.stringify(parts) !== JSON.stringify(s.parts);
    s.parts = parts;
    if (changed) ui.render(); else watchParts(s, ui);
  }, s.parts?.seq === s.match.seq ? 2500 : 0);
}

// The players and pieces on the picture that stand for a choice at this step can be tapped
// (the buttons below stay for everyone who cannot see or tap the picture).
function bindPicture(s, ui) {
  const svg = document.getElementById("picture")?.querySelector("svg");
  if (!svg) return;
  const targets = s.queue?.actions.length && !s.table ? new Map() : pictureTargets(ui.nodesAt());
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
  const drawnAt = s.localMoves;
  svg.onclick = (event) => {
    if (drawnAt !== s.localMoves) return; // drawn for a step gone by (see render)
    const el = event.target.closest("[data-piece], [data-number], [data-field]");
    if (!el) return;
    const key = keysOf(el).find((k) => targets.has(k));
    if (!key) return;
    const found = targets.get(key);
    if (found.length === 1) ui.activate(found[0]);
    else { s.extra = { title: s.extra?.title ?? found[0].title ?? t("move"), nodes: found }; s.extraFrom = s.extraFrom ? null : { key, steps: [] }; ui.render(); }
  };
}

// What the screen listens to while shown: the network, the service worker's sends, the phone's
// referee, the other phone's moves (live), the sides' answers, the Back button. Returns what
// lets go of them all.
function listen(s, ui) {
  const { id } = s;
  const onReferee = async () => {
    if (!s.match || s.pending.length) return;
    s.queue = await getQueue(id).catch(() => null);
    await ui.seatReferee();
    if (s.table) ui.render();
  };
  const onOnline = () => { networkState(); if (s.queue) ui.sendQueue(); else ui.reload(); };
  const onWorker = (event) => { if (event.data?.type === "queue" && event.data.match === id && !s.sending) ui.reload(); };
  const onOffline = () => networkState();
  navigator.serviceWorker?.addEventListener("message", onWorker);
  window.addEventListener("referee", onReferee);
  if (refereeReady() && !s.table) onReferee();
  window.addEventListener("online", onOnline);
  window.addEventListener("offline", onOffline);
  // the other phone's moves, live
  let pending = null;
  const stop = follow(id, s.match.seq, (event) => {
    if (event.seq <= s.match.seq || s.busy || s.pending.length) return;
    clearTimeout(pending);
    pending = setTimeout(() => { if (!s.queue) ui.reload(); }, 50);
  });
  // an invited manager's answer (their team, their name) before the first move
  const stopSides = watchSides(id, () => s.match, () => { if (!s.queue) ui.reload(); });
  window.addEventListener("popstate", ui.onBack);
  return () => {
    window.removeEventListener("popstate", ui.onBack);
    stop();
    stopSides();
    window.removeEventListener("online", onOnline);
    window.removeEventListener("offline", onOffline);
    navigator.serviceWorker?.removeEventListener("message", onWorker);
    window.removeEventListener("referee", onReferee);
  };
}
