// What the match screen holds while it is shown: one plain object, every field declared here.
// The screen's parts (match/*.js) read and set it; nothing else keeps state of the screen.
import { isShown } from "../shell.js";

export function matchState(id, me, screen) {
  return {
    id, // the match
    me, // the signed-in manager's username
    screen, // the screen's number (a screen left behind draws nothing)
    // --- the match as the server holds it
    match: null, // the match (sides, seq, status, game)
    current: null, // its state: {legal, summary, outcome, state}
    last: null, // the last move and what followed: {action, texts}
    error: "", // the last refusal or failure, in the player's words
    parts: null, // the face-down parts in at this step (GET parts/)
    partsTimer: null, // the next read of the parts
    shareTimer: null, // the next read of the join code the host shows (share.js)
    // --- the phone's referee: `table` is true while its engine holds the state shown (the
    // server's, plus the moves it applied that wait in `pending` or in the queue)
    table: false,
    pending: [], // moves applied here, sent in order: {action, local, key}
    pumping: false, // `pending` is being sent
    note: "", // what the referee did
    busy: false, // a move waits for the server's answer
    moving: Promise.resolve(), // the tapped move being handled: the next one waits for it
    unqueued: 0, // a move the referee showed that is on its way into the queue (counted as shown)
    localMoves: 0, // moves the referee showed before the server had them: a tap on a button
    // drawn before the last of them stands for a step gone by and is not taken
    // --- the offline queue
    queue: null, // the moves queued offline: {actions, baseSeq, problem}
    sending: false, // the queue is being sent
    retries: 0, // the queue's sends a busy server refused
    // --- the picture
    picture: null, // the picture's markup
    pictureSeq: null, // the step it shows
    keptOnly: false, // the screen opened from the match kept on the phone (no network): the
    // referee draws the picture
    // --- the half-chosen move
    path: [], // the levels of the choice opened
    extra: null, // a choice opened from the picture or a level below it: {title, nodes}
    extraFrom: null, // where it was opened from: {key, steps}
    drawn: [], // the cards the goalkeeper turned up so far
    pick: null, // a two-part choice's parts picked: {i, values}
    kept: false, // the half move was kept from before (the phone says so)
    step: null, // the step and level drawn last (a new one scrolls to the top)
    // --- the phone's Back button inside a choice
    backArmed: false, // one history entry stands for the half-made choice
    backQuiet: false, // that entry is being taken back
    armAfterBack: false, // a choice begun meanwhile sets its entry once that is done
    // --- the set-up again as before
    asBefore: null, // the batch that sets up the rest as before
    ownBefore: null, // with a phone each, this side's part of it
  };
}

// The screen is still the one shown.
export const shown = (s) => isShown(s.screen);

// A part's functions of (state, ui, ...args) as the screen's actions of (...args).
export const bound = (s, ui, functions) =>
  Object.fromEntries(Object.entries(functions).map(([name, f]) => [name, (...args) => f(s, ui, ...args)]));

// The match as the server last gave it (its seq, state and last move), kept on the phone after
// every answer: reopened offline, the screen starts from it, and the phone's referee replays
// the queue (queued on top of that seq) on it.
export function keepServerState(s, match = s.match, current = s.current) {
  if (!match || !current) return;
  try {
    localStorage.setItem(`match:${s.id}`, JSON.stringify({ match, current, last: s.last }));
  } catch { /* storage full: reopened offline, the match shows as last read */ }
}

export const keptServerState = (id) => JSON.parse(localStorage.getItem(`match:${id}`) || "null");
