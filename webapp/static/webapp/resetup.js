// TriXKick: after a foul, a goal or a period every piece is set up again (TK-10, TK-12), 20
// pieces and both keepers' order. "As before" logs the last full set-up again as one batch, in
// the rulebook's alternation (the side to set up first, then turn about), keepers last. A piece
// the rules do not let stand where it stood (another kick-off, say) stops the batch there: the
// moves before it are logged, and the rest is set up piece by piece as always.
import { api, newKey } from "./api.js";

const FULL = 10; // a run of at least this many set-up moves is a full set-up

// The moves that stand (undone ones taken out, redone ones back), oldest first.
async function standingActions(id) {
  const standing = [];
  const redo = [];
  let path = `matches/${id}/events/?page_size=200`;
  while (path) {
    const { ok, data } = await api(path);
    if (!ok) return null;
    for (const event of data.results || []) {
      if (event.kind === "action") { standing.push(event.action); redo.length = 0; }
      else if (event.kind === "undo" && standing.length) redo.push(standing.pop());
      else if (event.kind === "redo" && redo.length) standing.push(redo.pop());
    }
    path = data.next ? (() => { const u = new URL(data.next, location.href); return u.pathname + u.search; })() : null;
  }
  return standing;
}

// The last full set-up before the one under way: {places, keepers, placed} (the set-up moves
// of the last run of at least FULL pieces, and those of the set-up under way).
function lastFullSetup(actions) {
  const isSetup = (a) => a.type === "place" || a.type === "keepers";
  let end = actions.length;
  while (end > 0 && isSetup(actions[end - 1])) end -= 1;
  let best = null;
  let run = [];
  for (const action of actions.slice(0, end)) {
    if (isSetup(action)) run.push(action);
    else {
      if (run.filter((a) => a.type === "place").length >= FULL) best = run;
      run = [];
    }
  }
  if (!best) return null;
  return { places: best.filter((a) => a.type === "place"), keepers: best.filter((a) => a.type === "keepers"), placed: actions.slice(end) };
}

const sideOf = (piece) => (String(piece).startsWith("B-") ? 1 : 0);

// The batch that sets up the rest as before, or null when there is nothing to go by.
export async function asBefore(id, legal) {
  if (!legal || !Number.isInteger(legal.actor) || !(legal.actions || []).some((e) => e.type === "place")) return null;
  const actions = await standingActions(id);
  const before = actions && lastFullSetup(actions);
  if (!before) return null;
  const done = new Set(before.placed.filter((a) => a.type === "place").map((a) => a.piece));
  // a piece on the middle row (C) stood there for that kick-off; the next may want another:
  // those go last, so that a refusal stops the batch as late as it can
  const middle = (a) => (String(a.to).startsWith("C") ? 1 : 0);
  const queues = [0, 1].map((side) => before.places
    .filter((a) => sideOf(a.piece) === side && !done.has(a.piece))
    .sort((x, y) => middle(x) - middle(y)));
  const batch = [];
  let side = legal.actor;
  while (queues[0].length || queues[1].length) {
    const next = queues[side].length ? queues[side].shift() : queues[1 - side].shift();
    batch.push({ type: "place", piece: next.piece, to: next.to });
    side = 1 - side;
  }
  for (const keepers of before.keepers) {
    if (keepers.order === null || keepers.order === undefined) break; // hidden from this phone
    batch.push({ type: "keepers", side: keepers.side, order: keepers.order });
  }
  return batch.length ? batch : null;
}

// With a phone each: this side's pieces still in hand where they stood the last time, and its
// keepers as then, sent as this manager's part of the set-up (POST parts/); once the other
// manager's part is in, the server logs the whole set-up in the rulebook's alternation.
export async function ownAsBefore(id, legal, state, side) {
  if (!legal || !(legal.actions || []).some((e) => e.type === "place")) return null;
  const inHand = Object.entries(state?.pieces || {}).filter(([, p]) => p.side === side && p.status === "squad").map(([piece]) => piece);
  if (!inHand.length) return null;
  const actions = await standingActions(id);
  const before = actions && lastFullSetup(actions);
  if (!before) return null;
  const where = Object.fromEntries(before.places.map((a) => [a.piece, a.to]));
  if (!inHand.every((piece) => where[piece])) return null; // a piece that did not play then
  const middle = (piece) => (String(where[piece]).startsWith("C") ? 1 : 0);
  const places = inHand.sort((x, y) => middle(x) - middle(y)).map((piece) => ({ piece, to: where[piece] }));
  const keepers = before.keepers.find((k) => k.side === side)?.order ?? null;
  return { side, part: { places, keepers } };
}

// Log the batch; where the rules stop it, the moves before that one.
export async function sendAsBefore(id, seq, batch) {
  const send = (actions) => api(`matches/${id}/events/batch/?include=state`, { method: "POST", body: { expected_seq: seq, actions }, key: newKey() });
  let answer = await send(batch);
  const index = answer.data?.details?.index;
  if (answer.status === 422 && Number.isInteger(index) && index > 0) answer = await send(batch.slice(0, index));
  return answer;
}
