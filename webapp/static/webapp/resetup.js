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
  // a substitution made while pieces are in hand (TK-14) belongs to the set-up it is made in
  const isSetup = (a) => a.type === "place" || a.type === "keepers" || a.type === "substitute";
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
  // a piece that came on later takes the place of the piece it replaced
  const places = best.filter((a) => a.type === "place");
  const from = actions.lastIndexOf(best[best.length - 1]) + 1;
  for (const a of actions.slice(from)) {
    const i = a.type === "substitute" ? places.findIndex((p) => p.piece === a.out) : -1;
    if (i >= 0) places[i] = { ...places[i], piece: a.in };
  }
  return { places, keepers: best.filter((a) => a.type === "keepers"), placed: actions.slice(end) };
}

const sideOf = (piece) => (String(piece).startsWith("B-") ? 1 : 0);

// The board (TK-1), side 0's goal row first, as the engine lays it out (board.py).
const ROWS = [["A1", "A2", "A3", "A4"], ["A5", "A6", "A7", "A8"], ["C1", "C2", "C3", "C4"], ["B5", "B6", "B7", "B8"], ["B1", "B2", "B3", "B4"]];
const AT = Object.fromEntries(ROWS.flatMap((row, r) => row.map((f, c) => [f, [r, c]])));
const HALF = [[...ROWS[0], ...ROWS[1]], [...ROWS[4], ...ROWS[3]]];
const KICKOFF = ["C2", "C3"];
const PENALTY_AREA = [["A2", "A3"], ["B2", "B3"]];
const apart = (f, g) => Math.abs(AT[f][0] - AT[g][0]) + Math.abs(AT[f][1] - AT[g][1]);

// the fields of this side's pieces set up already in the set-up under way
const standingFields = (state, side) => Object.values(state?.pieces || {}).filter((p) => p.side === side && p.status === "play" && p.field).map((p) => p.field);

// The set-up as before, fitted to the set-up under way (TK-2, TK-10 - TK-12): at a kick-off
// each side in its own half and the kicker's pieces on C2 and C3; at a corner, free kick or
// penalty one of the kicker's pieces (the nearest) on the kick's field, first, and none of the
// other side's there; at a goal kick the other side out of the kicker's penalty area. A piece
// that has to move goes to the nearest field it may take (two of a side on a field at most).
function fitted(places, side, setup, standing = []) {
  if (!setup?.kind) return places;
  const out = places.map((p) => ({ ...p }));
  const count = {};
  for (const f of standing) count[f] = (count[f] || 0) + 1; // this side's pieces set up already
  for (const p of out) count[p.to] = (count[p.to] || 0) + 1;
  const moveTo = (p, allowed) => {
    const free = allowed.filter((f) => f !== p.to && (count[f] || 0) < 2).sort((f, g) => apart(p.to, f) - apart(p.to, g));
    if (!free.length) return;
    count[p.to] -= 1; p.to = free[0]; count[p.to] = (count[p.to] || 0) + 1;
  };
  const kicker = setup.kicker === side;
  const all = Object.keys(AT);
  if (setup.kind === "kickoff") {
    const own = HALF[side];
    for (const p of out) if (!own.includes(p.to) && !(kicker && KICKOFF.includes(p.to))) moveTo(p, own);
    if (kicker) {
      for (const field of KICKOFF) {
        if (standing.includes(field)) { out.filter((p) => p.to === field).forEach((p) => moveTo(p, own)); continue; }
        const on = out.filter((p) => p.to === field);
        on.slice(1).forEach((p) => moveTo(p, own));
        if (!on.length) {
          const near = out.filter((p) => !KICKOFF.includes(p.to)).sort((a, b) => apart(a.to, field) - apart(b.to, field))[0];
          if (near) { count[near.to] -= 1; near.to = field; count[field] = 1; }
        }
      }
    }
    return out;
  }
  const area = setup.kind === "goal_kick" ? PENALTY_AREA[setup.kicker] : setup.kind === "penalty" ? PENALTY_AREA[1 - setup.kicker] : [setup.field];
  const outside = all.filter((f) => !area.includes(f));
  if (!kicker) {
    for (const p of out) if (area.includes(p.to)) moveTo(p, outside);
    return out;
  }
  if (setup.kind === "goal_kick") return out;
  // one taker, on the kick's field, placed first (none more if he stands there already)
  const inside = out.filter((p) => area.includes(p.to));
  if (standing.some((f) => area.includes(f))) { inside.forEach((p) => moveTo(p, outside)); return out; }
  inside.slice(1).forEach((p) => moveTo(p, outside));
  let taker = inside[0];
  if (!taker) {
    taker = [...out].sort((a, b) => apart(a.to, area[0]) - apart(b.to, area[0]))[0];
    if (!taker) return out;
    count[taker.to] -= 1; taker.to = area[0]; count[area[0]] = (count[area[0]] || 0) + 1;
  }
  return [taker, ...out.filter((p) => p !== taker)];
}

// The batch that sets up the rest as before, or null when there is nothing to go by.
export async function asBefore(id, legal, state = null) {
  if (!legal || !Number.isInteger(legal.actor) || !(legal.actions || []).some((e) => e.type === "place")) return null;
  const actions = await standingActions(id);
  const before = actions && lastFullSetup(actions);
  if (!before) return null;
  const done = new Set(before.placed.filter((a) => a.type === "place").map((a) => a.piece));
  // a piece on the middle row (C) stood there for that kick-off; the next may want another:
  // those go last, so that a refusal stops the batch as late as it can
  const middle = (a) => (String(a.to).startsWith("C") ? 1 : 0);
  const queues = [0, 1].map((side) => fitted(before.places
    .filter((a) => sideOf(a.piece) === side && !done.has(a.piece))
    .sort((x, y) => middle(x) - middle(y)), side, state?.setup, standingFields(state, side)));
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
  const places = fitted(inHand.sort((x, y) => middle(x) - middle(y)).map((piece) => ({ piece, to: where[piece] })), side, state.setup, standingFields(state, side));
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
