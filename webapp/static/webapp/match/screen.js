// A match at the table: the screen that logs it. Made of parts, each given the screen's state
// (state.js) and `ui`, the screen's actions by name: the half-chosen move (half.js), sending a
// move (send.js), the offline queue (offline.js), the panels (panels.js) and the screen drawn
// with its taps bound (view.js). This module reads the match, seats the phone's referee and
// listens for what changes the screen.
import { api, NetworkError, pictureMarkup, safeSvg, token } from "../api.js";
import { currentLanguage, t } from "../i18n.js";
import { follow } from "../live.js";
import { getQueue } from "../queue.js";
import { refApply, refLoad, refereeReady } from "../referee.js";
import { watchSides } from "../invitations.js";
import { sidesOfPhone } from "../turns.js";
import { gameOf, loadGame } from "../games.js";
import { errorBox, leaveScreen, nav, networkState, nextScreen, onLeave, show } from "../shell.js";
import { esc } from "../nodes.js";
import { matchMissing } from "../errors.js";
import { halfPart } from "./half.js";
import { offlinePart } from "./offline.js";
import { lastMove, sendingPart, shownOf } from "./send.js";
import { keepServerState, keptServerState, matchState, shown } from "./state.js";
import { bindPicture, render } from "./view.js";
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
