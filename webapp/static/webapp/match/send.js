// Sending a move: the phone's referee first where it can (the move shown at once, marked as
// not stored yet, and sent in order; the server's answer confirms it or wins), else straight
// to the server; with no network, to the offline queue (match/offline.js).
import { api, NetworkError, newKey, safeSvg } from "../api.js";
import { currentLanguage, t } from "../i18n.js";
import { problemText } from "../errors.js";
import { enqueue } from "../queue.js";
import { refApply, startReferee } from "../referee.js";
import { sameJSON } from "../same.js";
import { syncCredentials } from "../shell.js";
import { sendPart } from "../turns.js";
import { sendAsBefore } from "../resetup.js";
import { bound, keepServerState, shown } from "./state.js";

// the last move: what was chosen (the action) and what followed, in the API's sentences
export const lastMove = (event) => (event?.kind === "action" ? { action: event.action, texts: (event.effects || []).map((e) => e.text).filter(Boolean) } : null);
export const lastOf = (data) => lastMove(data?.events?.filter((e) => e.kind === "action").pop());
// what the referee's view holds of the state shown
export const shownOf = (view) => ({ legal: view.legal, summary: view.summary, outcome: view.outcome, state: view.state });
// Same events as the phone's referee foresaw: stored as shown.
const sameEvents = (local, events) => sameJSON(local.effects,
  events.flatMap((e) => e.effects).map((e) => ({ kind: e.kind, side: e.side, data: e.data, text: e.text })));

// A move the phone's referee checked: shown at once (picture, hint, last move, the next
// choices), marked as not stored yet.
function showLocal(s, ui, local) {
  Object.assign(s.current, shownOf(local.view));
  s.localMoves += 1; // the buttons drawn before stand for the step before (screen.js)
  if (local.view.svg) {
    const markup = safeSvg(local.view.svg);
    if (markup) { s.picture = markup; s.pictureSeq = `local-${s.match.seq + s.pending.length}`; }
  }
  s.last = { action: local.action, texts: local.effects.map((e) => e.text).filter(Boolean) };
  // a set-up as before found for the step before is stale: found again once this is stored
  s.asBefore = null;
  s.ownBefore = null;
  ui.clearChoice();
}

async function refereeFirst(s, ui, action) {
  const local = await refApply(s.id, action, currentLanguage());
  if (!local) { s.table = false; return null; }
  if (local.unchecked) { s.table = false; return local; }
  if (!local.ok) { s.error = local.error?.message || ""; ui.clearChoice(); ui.render(); return local; }
  s.note = "";
  showLocal(s, ui, local);
  return local;
}

// checked here and waiting for the server (the queue, or no network): queued
async function sendQueued(s, ui, action) {
  if (s.table) {
    const local = await refereeFirst(s, ui, action);
    if (local && !local.ok && !local.unchecked) return; // refused here, in the player's words
    s.note = local?.unchecked ? t("refHiddenKeepers") : local ? t("refOffline") : "";
    // shown already: a screen drawn before it is queued counts it among the moves shown
    if (local?.ok) s.unqueued = 1;
  }
  return ui.queueAction(action);
}

// One move at a time: a tap made while the phone still handles the one before (its referee
// checking it, the queue storing it) waits for it, so the moves reach the referee, the server
// and the queue in the order they were tapped, each once. A tap made at a step the phone's
// referee has moved on from meanwhile (a quick second tap on the same screen) is not taken.
function sendAction(s, ui, action) {
  const at = s.localMoves;
  const done = s.moving.then(() => (at === s.localMoves ? sendOne(s, ui, action) : undefined));
  s.moving = done.catch(() => {});
  return done;
}

async function sendOne(s, ui, action) {
  if (s.busy) return;
  s.error = "";
  // (moves still being stored one by one go before it, even when the network is gone meanwhile)
  if (!s.pending.length && ((s.queue && s.queue.actions.length) || !navigator.onLine)) return sendQueued(s, ui, action);
  if (s.table || s.pending.length) {
    if (!s.table) return; // a move waits for the server, and the phone cannot check this one
    const local = await refereeFirst(s, ui, action);
    if (local?.ok) {
      s.pending.push({ action, local, key: newKey() });
      s.note = ""; // the status says these moves are being stored
      ui.render();
      pump(s, ui);
      return;
    }
    if (local && !local.unchecked) return;
    if (s.pending.length) return;
  }
  s.busy = true;
  try {
    const { ok, status, data } = await api(`matches/${s.id}/events/?include=state`, { method: "POST", body: { expected_seq: s.match.seq, action }, key: newKey() });
    s.busy = false;
    if (!ok) {
      s.error = problemText(status, data);
      if (data?.code === "stale_sequence") await ui.load();
      ui.clearChoice();
      ui.render();
      return;
    }
    s.last = lastOf(data);
    await afterWrite(s, ui, data);
  } catch (err) {
    s.busy = false;
    if (err instanceof NetworkError) return ui.queueAction(action);
    throw err;
  }
}

// The server's answer to a write: the match as it stands now.
async function afterWrite(s, ui, data) {
  s.match = data.match;
  s.asBefore = null;
  if (data.current?.legal) { s.current = data.current; keepServerState(s); await ui.seatReferee(); ui.refreshAsBefore(); }
  else await ui.load();
  ui.clearChoice();
  ui.render();
  ui.refreshPicture();
}

// The server refused or wrote otherwise what the phone showed: its match wins, and the phone says so.
async function overruled(s, ui, answer) {
  const { ok, data } = answer;
  s.pending = [];
  s.note = "";
  s.error = ok ? t("refOverruled") : t("refRolledBack", { message: data?.message || "" });
  if (ok || data?.code !== "stale_sequence") startReferee(); // other engines on the server?
  if (ok) { s.last = lastOf(data); s.match = data.match; s.current = data.current; keepServerState(s); await ui.seatReferee(); ui.refreshAsBefore(); }
  else await ui.load().catch(() => {});
  ui.clearChoice();
  ui.render();
  ui.refreshPicture();
}

// The moves the phone applied, sent one after the other (each with the seq the one before
// gave). Same seq and same events: stored as shown. A refusal, a conflict or other events:
// the server's match is taken and the phone says what happened. No network: the moves it
// checked go to the offline queue.
async function pump(s, ui) {
  if (s.pumping) return;
  s.pumping = true;
  try {
    while (s.pending.length && shown(s)) {
      const move = s.pending[0];
      let answer;
      try {
        answer = await api(`matches/${s.id}/events/?include=state`, { method: "POST", body: { expected_seq: s.match.seq, action: move.action }, key: move.key });
      } catch (err) {
        if (!(err instanceof NetworkError)) throw err;
        s.note = t("refOffline");
        await syncCredentials();
        // the moves checked here, and those tapped while they are being queued, in order; the
        // last look at the moves waiting is the last wait of this pump (a tap handled after
        // it finds the pump stopped and starts it again, or the queue begun)
        while (s.pending.length) {
          const moves = s.pending.splice(0);
          s.queue = await enqueue(s.id, s.match.seq, ...moves.map((m) => m.action));
        }
        ui.render();
        return;
      }
      const { ok, data } = answer;
      if (!ok || data.match.seq !== s.match.seq + 1 || !sameEvents(move.local, data.events)) { await overruled(s, ui, answer); return; }
      s.pending.shift();
      s.match = data.match;
      if (!s.pending.length) {
        s.note = "";
        s.current = { ...data.current, state: data.current.state ?? s.current.state };
        s.last = lastOf(data);
        keepServerState(s);
        ui.render();
        ui.refreshPicture();
        ui.refreshAsBefore(); // every move shown stored: a set-up as before, if one is under way
      } else {
        if (data.current?.state) keepServerState(s, data.match, data.current);
        ui.render();
      }
    }
  } finally {
    s.pumping = false;
  }
}

// undo or redo
async function command(s, ui, which) {
  if (s.pending.length) return; // undo/redo once the moves shown are stored
  s.error = "";
  try {
    const { ok, status, data } = await api(`matches/${s.id}/${which}/?include=state`, { method: "POST", body: { expected_seq: s.match.seq }, key: newKey() });
    if (!ok) { s.error = problemText(status, data); ui.render(); return; }
    s.last = null;
    try {
      await ui.load(); // the state and the move that stands now (said again under the picture)
      ui.clearChoice();
      ui.render();
      ui.refreshPicture();
    } catch {
      await afterWrite(s, ui, data);
    }
  } catch (err) {
    s.error = t("offline");
    ui.render();
  }
}

// one face-down card from this phone: kept hidden until the other manager's is in
async function sendOwnPart(s, ui, part) {
  s.error = "";
  try {
    const { ok, status, data } = await sendPart(s.id, s.match.seq, part);
    if (status === 201) { s.last = lastOf(data); await afterWrite(s, ui, data); return; }
    if (ok) s.parts = data;
    else {
      s.error = problemText(status, data);
      // the set-up as before refused by the rules: set up piece by piece from here
      if (part === s.ownBefore && status === 422) s.ownBefore = null;
      // the step moved on meanwhile (the other phone's move): the match as it stands now
      if (data?.code === "stale_sequence" || data?.code === "no_face_down_choice") { await ui.load().catch(() => {}); ui.clearChoice(); ui.refreshPicture(); }
    }
  } catch { s.error = t("offline"); }
  ui.render();
}

// a set-up again as before: one batch from a phone that logs both sides, or this side's part
async function setUpAsBefore(s, ui) {
  s.error = "";
  try {
    const { ok, status, data } = await sendAsBefore(s.id, s.match.seq, s.asBefore);
    if (!ok) { s.error = problemText(status, data); ui.render(); return; }
    s.last = lastOf(data);
    await afterWrite(s, ui, data);
  } catch { s.error = t("offline"); ui.render(); }
}
function setUpMineAsBefore(s, ui) {
  return sendOwnPart(s, ui, s.ownBefore);
}

// The screen's actions of this part, by name (the screen's `ui`).
export const sendingPart = (s, ui) => bound(s, ui, { afterWrite, command, sendAction, sendOwnPart, setUpAsBefore, setUpMineAsBefore });
