// TriXKick on the phone: its pieces by their symbols, its moves as buttons (a piece, then the
// field), their words in the log, the whole vocabulary for moves queued offline, its match
// options, and its set-up chore: the set-up again "as before".
import { t } from "__STATIC__i18n.js";
import { branch, describe, esc, leaf, sideName } from "__STATIC__nodes.js";
import { check, number, options, sideSelect, when } from "__STATIC__options.js";
import { standingActions } from "__STATIC__resetup.js";

// A piece by its symbols, as the rulebook names it ("A-KKL" -> "KKL").
const tkPiece = (id) => String(id).split("-").pop();
const tkSymbol = (s) => t(`symbol_${s}`);
// its symbols said in the rulebook's words ("KKL" -> "head, head, left foot")
const tkSaid = (id) => [...tkPiece(id)].map(tkSymbol).join(", ");

function tkFields(entry, key, make, label) {
  return () => entry[key].map((field) => leaf(label(field), make(field), "", { field }));
}

export const moves = {
  place: (entry) => [branch(t("tkPlaceSaid", { piece: tkPiece(entry.piece), symbols: tkSaid(entry.piece) }), t("tkWhere", { piece: tkPiece(entry.piece) }),
    tkFields(entry, "to", (to) => ({ type: "place", piece: entry.piece, to }), (to) => t("tkTo", { field: to })), tkFace(entry.piece))],
  run: (entry) => [branch(t("tkRun", { piece: tkPiece(entry.piece) }), t("tkWhere", { piece: tkPiece(entry.piece) }),
    tkFields(entry, "to", (to) => ({ type: "run", piece: entry.piece, to }), (to) => t("tkTo", { field: to })), tkFace(entry.piece), { piece: entry.piece })],
  play: (entry) => [branch(t("tkPlay", { piece: tkPiece(entry.piece), symbol: tkSymbol(entry.symbol) }), t("tkPlayWhere"),
    tkFields(entry, "to", (to) => ({ type: "play", piece: entry.piece, symbol: entry.symbol, to }), (to) => t("tkTo", { field: to })), tkFace(entry.piece), { piece: entry.piece })],
  double_pass: (entry) => [branch(t("tkDoublePass", { piece: tkPiece(entry.piece), symbol: tkSymbol(entry.symbol), partner: tkPiece(entry.partner), back: tkSymbol(entry.return_symbol) }), t("tkPlayWhere"),
    tkFields(entry, "to", (to) => ({ type: "double_pass", piece: entry.piece, symbol: entry.symbol, partner: entry.partner, return_symbol: entry.return_symbol, to }), (to) => t("tkTo", { field: to })), tkFace(entry.piece), { piece: entry.piece })],
  shoot: (entry) => [branch(t("tkShoot", { piece: tkPiece(entry.piece), symbol: tkSymbol(entry.symbol) }), t("tkShootWhere"),
    () => entry.target.map((target) => leaf(t(`corner_${target}`), { type: "shoot", piece: entry.piece, symbol: entry.symbol, target })), tkFace(entry.piece), { piece: entry.piece })],
  castle: (entry) => [branch(t("tkCastle", { piece: tkPiece(entry.piece) }), t("tkCastle", { piece: tkPiece(entry.piece) }),
    () => entry.with.map((other) => leaf(t("tkCastleWith", { piece: tkPiece(entry.piece), other: tkPiece(other) }), { type: "castle", piece: entry.piece, with: other }, tkFace(other), { piece: other })), tkFace(entry.piece), { piece: entry.piece })],
  substitute: (entry) => [branch(t("tkSubOut", { piece: tkPiece(entry.out) }), t("tkSubOut", { piece: tkPiece(entry.out) }),
    () => entry.in.map((other) => leaf(t("tkSubIn", { piece: tkPiece(other) }), { type: "substitute", out: entry.out, in: other }, tkFace(other))), tkFace(entry.out), { piece: entry.out })],
  keepers: (entry) => [].concat(entry.order).map((order) => leaf(tkKeepers(order), { type: "keepers", side: entry.side, order })),
  card: (entry) => [].concat(entry.piece).map((piece) => leaf(t("tkCard", { piece: tkPiece(piece) }), { type: "card", piece }, tkFace(piece), { piece })),
  corner: (entry) => [].concat(entry.side).map((side) => leaf(t(`tkCorner_${side}`), { type: "corner", side })),
  rebound: (entry) => [].concat(entry.to).map((to) => leaf(t("tkRebound", { field: to }), { type: "rebound", to }, "", { field: to })),
  end: () => [leaf(t("tkEnd"), { type: "end" })],
  pass: () => [leaf(t("tkPass"), { type: "pass" })],
  whistle: () => [leaf(t("tkWhistle"), { type: "whistle" })],
};

function tkFace(id) {
  const side = String(id).startsWith("B-") ? "b" : "a";
  return `<span class="piece ${side}" aria-hidden="true">${esc(tkPiece(id))}</span>`;
}

function tkKeepers(order) {
  if (order === null || order === undefined) return t("tkKeepersHidden");
  const slots = order.length === 2 ? ["left", "right"] : ["left", "middle", "right"];
  // each keeper by his symbol in words, where he stands ("head on the left")
  return `${t("tkKeepers")}: ${[...order].map((s, i) => t(`tkKeeper_${slots[i]}`, { symbol: tkSymbol(s) })).join(" · ")}`;
}

const TK_FIELDS = ["A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "C1", "C2", "C3", "C4", "B5", "B6", "B7", "B8", "B1", "B2", "B3", "B4"];

// Offline: every piece of the match (bench aside) set up, run, playing the ball with each of
// its symbols, shooting; ending the move or passing. The referee checks them when sent.
export function vocabulary(ctx) {
  const pieces = Object.entries(ctx.state?.pieces || {}).filter(([, p]) => p.status !== "bench");
  const fieldsFor = (make) => () => TK_FIELDS.map((to) => leaf(t("tkTo", { field: to }), make(to), "", { field: to }));
  // both teams' pieces are offered: the same symbols are told apart by the team's name
  const named = (id, p) => `${tkPiece(id)} (${sideName(ctx, p.side)})`;
  const perPiece = (label, build) => branch(label, label, () => pieces.map(([id, p]) => build(id, named(id, p))));
  const symbols = (id) => [...new Set(tkPiece(id))];
  return [
    perPiece(t("tkPlaceAny"), (id, name) => branch(t("tkPlace", { piece: name }), t("tkWhere", { piece: name }),
      fieldsFor((to) => ({ type: "place", piece: id, to })), tkFace(id))),
    perPiece(t("tkRunAny"), (id, name) => branch(t("tkRun", { piece: name }), t("tkWhere", { piece: name }),
      fieldsFor((to) => ({ type: "run", piece: id, to })), tkFace(id))),
    perPiece(t("tkPlayAny"), (id, name) => branch(name, t("tkPlayAny"), () => symbols(id).map((symbol) =>
      branch(t("tkPlay", { piece: name, symbol: tkSymbol(symbol) }), t("tkPlayWhere"),
        fieldsFor((to) => ({ type: "play", piece: id, symbol, to })))), tkFace(id))),
    perPiece(t("tkShootAny"), (id, name) => branch(name, t("tkShootAny"), () => symbols(id).map((symbol) =>
      branch(t("tkShoot", { piece: name, symbol: tkSymbol(symbol) }), t("tkShootWhere"),
        () => ["left", "middle", "right"].map((target) => leaf(t(`corner_${target}`), { type: "shoot", piece: id, symbol, target })))), tkFace(id))),
    leaf(t("tkEnd"), { type: "end" }),
    leaf(t("tkPass"), { type: "pass" }),
  ];
}


// A logged or queued move in the players' words.
export function actionLabel(a) {
  const piece = a.piece ? tkPiece(a.piece) : "";
  switch (a.type) {
    case "place": return `${t("tkPlace", { piece })} ${t("tkTo", { field: a.to })}`;
    case "run": return `${t("tkRun", { piece })} ${t("tkTo", { field: a.to })}`;
    case "play": return `${t("tkPlay", { piece, symbol: tkSymbol(a.symbol) })} ${t("tkTo", { field: a.to })}`;
    case "double_pass": return `${t("tkDoublePass", { piece, symbol: tkSymbol(a.symbol), partner: tkPiece(a.partner), back: tkSymbol(a.return_symbol) })} ${t("tkTo", { field: a.to })}`;
    case "shoot": return `${t("tkShoot", { piece, symbol: tkSymbol(a.symbol) })}: ${t(`corner_${a.target}`)}`;
    case "castle": return t("tkCastleWith", { piece, other: tkPiece(a.with) });
    case "substitute": return `${t("tkSubOut", { piece: tkPiece(a.out) })}: ${t("tkSubIn", { piece: tkPiece(a.in) })}`;
    case "keepers": return tkKeepers(a.order);
    case "card": return t("tkCard", { piece });
    case "corner": return t(`tkCorner_${a.side}`);
    case "rebound": return t("tkRebound", { field: a.to });
    case "end": return t("tkEnd");
    case "pass": return t("tkPass");
    case "whistle": return t("tkWhistle");
    default: return describe(a);
  }
}

// --- options: kick-off, length (goals or time), special situations (on), variants (off) -------

const TK_SPECIAL = ["fouls", "offside", "substitutions", "double_pass", "castling"];
const TK_VARIANTS = ["two_keepers", "keeper_support", "l_shaped_runs", "far_corner", "no_second_touch", "one_triple_substitute", "same_symbol_substitutes"];

export function optionFields(names) {
  return options(`${sideSelect("kickoff_side", t("opt_kickoff"), names)}
      <fieldset class="choices"><legend>${t("opt_length")}</legend>
        <label class="pick"><input type="radio" name="match_length" value="goals" checked><span>${t("opt_to_goals")}</span></label>
        <label class="pick"><input type="radio" name="match_length" value="time"><span>${t("opt_on_time")}</span></label></fieldset>
      ${when("match_length=goals", number("goals", 1, 1, 99))}${when("match_length=time", `${number("periods", 2, 1, 4)}${number("minutes", 15, 1, 180)}`)}
      <fieldset><legend>${t("opt_special")}</legend>${TK_SPECIAL.map((o) => check(o, true)).join("")}</fieldset>
      <details><summary>${t("opt_variants")}</summary>${TK_VARIANTS.map((o) => check(o, false)).join("")}</details>`);
}

export function readOptions(form) {
  const on = (name) => Boolean(form.elements[name]?.checked);
  const int = (name) => Number(form.elements[name]?.value);
  const length = form.elements.match_length.value === "time"
    ? { kind: "time", periods: int("periods"), minutes: int("minutes") }
    : { kind: "goals", goals: int("goals") };
  return { kickoff_side: int("kickoff_side"), match_length: length, ...Object.fromEntries([...TK_SPECIAL, ...TK_VARIANTS].map((o) => [o, on(o)])) };
}

// --- the set-up again ------------------------------------------------------------------------

// After a foul, a goal or a period every piece is set up again (TK-10, TK-12), 20
// pieces and both keepers' order. "As before" logs the last full set-up again as one batch, in
// the rulebook's alternation (the side to set up first, then turn about), keepers last. A piece
// the rules do not let stand where it stood (another kick-off, say) stops the batch there: the
// moves before it are logged, and the rest is set up piece by piece as always.

// A set-up of the pieces or of the keepers under way.
export const settingUp = (legal) => (legal?.actions || []).some((e) => e.type === "place" || e.type === "keepers");

const FULL = 10; // a run of at least this many set-up moves is a full set-up

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
  // a piece still in hand, as the state shown says (set up by hand meanwhile, sent off: not)
  const inHand = (piece) => !state?.pieces || state.pieces[piece]?.status === "squad";
  const queues = [0, 1].map((side) => fitted(before.places
    .filter((a) => sideOf(a.piece) === side && !done.has(a.piece) && inHand(a.piece))
    .sort((x, y) => middle(x) - middle(y)), side, state?.setup, standingFields(state, side)));
  const batch = [];
  let side = legal.actor;
  while (queues[0].length || queues[1].length) {
    const next = queues[side].length ? queues[side].shift() : queues[1 - side].shift();
    batch.push({ type: "place", piece: next.piece, to: next.to });
    side = 1 - side;
  }
  // the keepers as then, in this set-up's order (the side that began it first, TK-2), each
  // side's only while still to set up
  const starter = state?.setup?.starter;
  const first = (k) => (k.side === starter ? 0 : 1);
  const keepersDone = state?.setup?.keepers_done || [];
  for (const keepers of [...before.keepers].sort((a, b) => first(a) - first(b))) {
    if (keepersDone[keepers.side]) continue;
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

