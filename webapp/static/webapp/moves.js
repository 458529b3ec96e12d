// Every legal move as something to tap. The API's `legal.actions` are templates: a field
// holding a list is a choice still to make, anything else is fixed. This module turns them
// into a tree of buttons (branch: `children`; leaf: `action`), with cards shown by their face.
import { sideLabel, t } from "./i18n.js";

export function esc(value) {
  return String(value).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

// --- faces ---------------------------------------------------------------------------------

export function htCardText(card) {
  return `${t(`kind_${card.kind}`)}, ${t("footballs", { n: card.footballs })}, ${t(`edge_${card.edge}`)}`;
}

export function htCardFace(card) {
  const balls = '<span class="ball"></span>'.repeat(card.footballs);
  return `<span class="card ht ${esc(card.kind)} edge-${esc(card.edge)}" aria-hidden="true">` +
    `<span class="kind">${esc(t(`kind_${card.kind}`))}</span>` +
    `<span class="balls">${balls}</span></span>`;
}

function amigoText(card) {
  return `${t(`colour_${card.colour}`)} ${card.number}`;
}

function amigoFace(card) {
  return `<span class="card amigo ${esc(card.colour)}" aria-hidden="true"><span class="num">${esc(card.number)}</span></span>`;
}

const leaf = (label, action, face = "", target = null) => ({ label, action, face, target });
const branch = (label, title, children, face = "", target = null, open = false) => ({ label, title, children, face, target, open });
// `open`: a branch whose children are also offered on the picture from the level above
// (Hat-Trick's "Move a player": tap the player himself).
// `target`: what to tap on the picture for this choice: {field} (a Hat-Trick player on that
// field, a TriXKick field), {side, number} (a Hat-Trick player) or {piece} (a TriXKick piece).
const sideName = (ctx, side) => (ctx.sides?.[side] ? sideLabel(ctx.sides[side].name) : `${t("side")} ${side + 1}`);

// --- Hat-Trick -----------------------------------------------------------------------------

// the side with the ball: its players receive passes
const attacker = (ctx) => ctx.summary?.attacker ?? ctx.state?.attacker ?? ctx.legal?.actor ?? 0;

// Both action cards from one phone: both sides' faces on screen at once, a row a side (each
// row says whose cards it shows), one tap a row, no opener.
function htPlayCards(entry, ctx) {
  const row = (side) => ({
    title: t("cardsOf", { name: sideName(ctx, side) }),
    options: entry.cards[side].map((card) => ({ label: htCardText(card), face: htCardFace(card), value: card })),
  });
  return [{
    label: t("cardsOf", { name: sideName(ctx, 0) }),
    pair: { rows: () => [row(0), row(1)], done: (cards) => leaf("", { type: "play_cards", cards }) },
  }];
}

// Hat-Trick's shooting and goalkeeper cards by what is printed on them. The edition's cards
// travel in the match's state (setup.shooting, setup.keepers); without a state (a queued
// move) the reference edition's names are read: S/L/D and the modifier; a goalkeeper 1, 2, 3
// (left, centre, right), "*" the top goalkeeper.
const SHOT_KINDS = { S: "short_pass", L: "long_ball", D: "dribbling" };
const DIVES = ["left", "centre", "right"];

export function htShootingCard(id, state) {
  const card = (state?.setup?.shooting || []).find((c) => c.id === id);
  const kind = t(`kind_${card?.action ?? SHOT_KINDS[String(id)[0]]}`);
  const modifier = card?.modifier ?? String(id).slice(1);
  const corner = Object.entries(card?.symbols || {}).find(([, mark]) => mark === "+")?.[0];
  return corner ? t("htShootingCard", { kind, modifier, corner: t(`aim_${corner}`) }) : t("htShootingCardPlain", { kind, modifier });
}

export function htKeeperCard(id, state) {
  const card = (state?.setup?.keepers || []).flat().find((c) => c.id === id);
  const dive = card?.dive ?? DIVES[Number(String(id).slice(1, 2)) - 1];
  return t(String(id).endsWith("*") ? "htStarKeeperCard" : "htKeeperCard", { dive: t(`dive_${dive}`) });
}

function htShotLabel(action, state) {
  const shot = t("htShot", { shooting: htShootingCard(action.shooting_card, state), keeper: htKeeperCard(action.goalkeeper_card, state) });
  return action.card ? t("htShotTopCard", { shot, card: htCardText(action.card) }) : shot;
}

// the shooting cards that go with a turned-up action card (its colour: HT-6.1)
export function shootingCardsFor(entry, state, card) {
  if (!card) return entry.shooting_cards;
  const kinds = Object.fromEntries((state?.setup?.shooting || []).map((c) => [c.id, c.action]));
  const KIND = { S: "short_pass", L: "long_ball", D: "dribbling" };
  return entry.shooting_cards.filter((id) => (kinds[id] ?? KIND[String(id)[0]]) === card.kind);
}

// The shot from one phone: the shooting card and the goalkeeper's (and in a shoot-out the
// action card turned up first) in rows on screen at once, one tap a row, no opener.
function htShoot(entry, ctx) {
  const top = entry.cards ? 1 : 0;
  return [{
    label: t("shoot"),
    pair: {
      rows: (values) => [
        ...(top ? [{ title: t("topCardTurned"), options: entry.cards.map((c) => ({ label: htCardText(c), face: htCardFace(c), value: c })) }] : []),
        { title: t("shootingCard"), options: shootingCardsFor(entry, ctx.state, top ? values[0] : null).map((s) => ({ label: htShootingCard(s, ctx.state), value: s })) },
        { title: t("goalkeeperCard"), options: entry.goalkeeper_cards.map((k) => ({ label: htKeeperCard(k, ctx.state), value: k })) },
      ],
      done: (values) => leaf("", {
        type: "shoot", shooting_card: values[top], goalkeeper_card: values[top + 1], ...(top ? { card: values[0] } : {}),
      }),
    },
  }];
}

// The goalkeeper's draw (HT-6.4 - HT-6.6): he turns up his cards one by one and may stop at
// any time. Each face is a button ("drew this one"); the draw is logged by itself once he has
// his hand's worth of cards or more than the shot's power (a sure save), else with "stop".
// `ctx.drawn`: the cards this phone has been told of so far at this step.
export function htKeeperDrawDone(entry, drawn) {
  const total = drawn.reduce((sum, c) => sum + c.footballs, 0);
  return drawn.length >= entry.max_cards || (Number.isInteger(entry.power) && total > entry.power);
}

function htKeeperDraw(entry, ctx) {
  const drawn = ctx.drawn || [];
  const value = (c) => ({ kind: c.kind, footballs: c.footballs, edge: c.edge });
  const same = (a, b) => a.kind === b.kind && a.footballs === b.footballs && a.edge === b.edge;
  const faces = drawn.length >= entry.max_cards ? [] : entry.cards
    .filter((c) => c.available > drawn.filter((d) => same(d, c)).length)
    .map((c) => ({ ...leaf(htCardText(c), null, htCardFace(c)), draw: value(c), enough: (cards) => htKeeperDrawDone(entry, cards) }));
  const stop = leaf(drawn.length ? t("keeperStops", { n: drawn.length }) : t("keeperDrawsNone"), { type: "keeper_draw", cards: drawn });
  const group = t("keeperDraws", { n: drawn.length + 1, max: entry.max_cards });
  return [...faces, stop].map((node) => ({ ...node, group }));
}

// the expansion's words: who uses an ability, on whom, which way
const htWay = (direction) => (direction ? ` ${t(direction)}` : "");
const htOn = (target) => (target !== null && target !== undefined ? ` → ${t("player", { n: target })}` : "");

function htAbility(u) {
  return `${t("htAbility", { n: u.player })}${htOn(u.target)}${htWay(u.direction)}`;
}

function htStyle(u) {
  const card = t(`style_${u.card}`) === `style_${u.card}` ? u.card : t(`style_${u.card}`);
  const who = u.player !== null && u.player !== undefined ? ` (${t("player", { n: u.player })}${htOn(u.target)}${htWay(u.direction)})` : "";
  return `${t("htStyle", { card })}${who}`;
}

const HAT_TRICK = {
  play_cards: htPlayCards,
  // every move a button of its own (no opener); the player can be tapped on the picture too
  move: (entry) => entry.moves.map((m) =>
    leaf(`${t("player", { n: m.player })} ${t(m.direction)} (${m.from}→${m.to})`, { type: "move", player: m.player, direction: m.direction }, "", { field: m.from })),
  skip: () => [leaf(t("skip"), { type: "skip" })],
  pass_sideways: (entry, ctx) => entry.receivers.map((n) => leaf(`${t("sideways")}: ${t("receiver", { n })}`, { type: "pass_sideways", receiver: n }, "", { side: attacker(ctx), number: n })),
  long_ball: (entry) => [].concat(entry.lines).map((n) => leaf(t("longBall", { n }), { type: "long_ball", lines: n })),
  free_kick: () => [leaf(t("scoring"), { type: "free_kick", scoring_opportunity: true }), leaf(t("noScoring"), { type: "free_kick", scoring_opportunity: false })],
  pass: (entry, ctx) => entry.receivers.map((n) => leaf(t("receiver", { n }), { type: "pass", receiver: n }, "", { side: attacker(ctx), number: n })),
  refuse: () => [leaf(t("refuse"), { type: "refuse" })],
  shoot: htShoot,
  keeper_draw: htKeeperDraw,
  goal_kick: (entry) => entry.cards.map((c) => ({ ...leaf(htCardText(c), { type: "goal_kick", card: c }, htCardFace(c)), group: t("goalKick") })),
  kick_off: (entry, ctx) => entry.side.map((s) => leaf(t("kickOff", { name: sideName(ctx, s) }), { type: "kick_off", side: s })),
  choose: (entry, ctx) => entry.players.map((n) => leaf(t("choose", { n }), { type: "choose", player: n }, "", Number.isInteger(ctx.legal?.actor) ? { side: ctx.legal.actor, number: n } : null)),
  counter: (entry, ctx) => [leaf(t("counter", { name: sideName(ctx, entry.side) }), { type: "counter", side: entry.side })],
  protest: (entry) => entry.cards.map((c) => leaf(t("htProtest", { card: htCardText(c) }), { type: "protest", side: entry.side, card: c }, htCardFace(c))),
  ability: (entry) => entry.uses.map((u) => leaf(htAbility(u), u, "", { side: u.side, number: u.player })),
  style: (entry) => entry.uses.map((u) => leaf(htStyle(u), u)),
  substitute: (entry) => {
    const seen = {};
    return entry.uses.map((u) => {
      seen[u.player] = (seen[u.player] || 0) + 1;
      return leaf(t("htSubstitute", { n: u.player, k: seen[u.player] }), u);
    });
  },
};

// --- Hattrick (Amigo) ----------------------------------------------------------------------

const AMIGO_COLOURS = ["red", "blue", "green"];

function shuffledDeal(players, colours, low, high) {
  const cards = colours.flatMap((colour) => Array.from({ length: high - low + 1 }, (_, i) => ({ colour, number: low + i })));
  for (let i = cards.length - 1; i > 0; i--) {
    const j = crypto.getRandomValues(new Uint32Array(1))[0] % (i + 1);
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  const size = Math.floor(cards.length / players);
  return Array.from({ length: players }, (_, p) => cards.slice(p * size, (p + 1) * size));
}

function amigoNumbers(colour, used, type, extra, state = null) {
  const letter = colour[0].toUpperCase();
  const taken = new Set((used || []).filter((u) => u.startsWith(letter)).map((u) => Number(u.slice(1))));
  const out = [];
  const { low = 1, high = 20 } = state?.numbers || {};
  for (let n = low; n <= high; n++) {
    if (taken.has(n)) continue;
    const card = { colour, number: n };
    out.push(leaf(`${t(type === "pass" ? "passCard" : "playCard")} ${amigoText(card)}`, { type, card, ...extra }, amigoFace(card)));
  }
  return out;
}

const AMIGO = {
  deal: (entry, ctx) => {
    const out = [];
    if (entry.hands !== "required") out.push(leaf(t("deal"), { type: "deal" }));
    if (entry.hands !== "omitted") {
      const st = ctx.state || {};
      const nums = st.numbers || { low: 1, high: 20 };
      out.push({ label: t("dealKnown"), make: () => ({ type: "deal", hands: shuffledDeal(entry.players, st.colours || AMIGO_COLOURS, nums.low, nums.high) }) });
    }
    return out;
  },
  play: (entry, ctx) => {
    if (entry.card) {
      const label = `${t("playCard")} ${amigoText(entry.card)}` + (entry.trick ? ` → ${t("trick", { n: entry.trick })}` : "");
      return [leaf(label, { type: "play", card: entry.card, trick: entry.trick ?? null }, amigoFace(entry.card))];
    }
    // every card that may go on this trick a button of its own, a row a colour (no opener)
    const group = t("trick", { n: entry.trick });
    return entry.colours.flatMap((colour) => amigoNumbers(colour, ctx.legal.used, "play", { trick: entry.trick }, ctx.state)
      .map((node) => ({ ...node, group })));
  },
  pass: (entry, ctx) => {
    if (entry.card) return [leaf(`${t("passCard")} ${amigoText(entry.card)}`, { type: "pass", card: entry.card }, amigoFace(entry.card))];
    return entry.colours.flatMap((colour) => amigoNumbers(colour, ctx.legal.used, "pass", {}, ctx.state)
      .map((node) => ({ ...node, group: t("passCard") })));
  },
};

// --- TriXKick ------------------------------------------------------------------------------

// A piece by its symbols, as the rulebook names it ("A-KKL" -> "KKL").
export const tkPiece = (id) => String(id).split("-").pop();
const tkSymbol = (s) => t(`symbol_${s}`);

function tkFields(entry, key, make, label) {
  return () => entry[key].map((field) => leaf(label(field), make(field), "", { field }));
}

const TRIXKICK = {
  place: (entry) => [branch(t("tkPlace", { piece: tkPiece(entry.piece) }), t("tkWhere", { piece: tkPiece(entry.piece) }),
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
  return `${t("tkKeepers")}: ${[...order].map((s, i) => `${t(`corner_${slots[i]}`)} ${s}`).join(" · ")}`;
}

// --- anything else: the template read generically ------------------------------------------

export function describe(action) {
  return Object.entries(action).filter(([k]) => k !== "type").reduce(
    (text, [k, v]) => `${text} ${k}: ${typeof v === "object" ? JSON.stringify(v) : v}`, action.type);
}

function generic(entry) {
  const listField = Object.keys(entry).find((k) => Array.isArray(entry[k]));
  if (!listField) return [leaf(describe(entry), entry)];
  const values = entry[listField];
  const label = describe(Object.fromEntries(Object.entries(entry).filter(([k]) => k !== listField)));
  return [branch(label, `${label}: ${listField}`, () => values.flatMap((v) => generic({ ...entry, [listField]: v })))];
}

const BY_GAME = { "hat-trick": HAT_TRICK, "amigo-hattrick": AMIGO, trixkick: TRIXKICK };

// The buttons for the current step: ctx = {game, legal, sides, state, summary}.
export function choices(ctx) {
  const table = BY_GAME[ctx.game] || {};
  return (ctx.legal?.actions || []).flatMap((entry) => (table[entry.type] || generic)(entry, ctx));
}

// While moves wait offline the referee cannot say what comes next: the phone offers the
// game's whole vocabulary, checked when the queue is sent.
export function vocabulary(ctx) {
  const numbers = Array.from({ length: 11 }, (_, i) => i + 1);
  if (ctx.game === "hat-trick") {
    const faces = ["short_pass", "long_ball", "dribbling"].flatMap((kind) =>
      [1, 2, 3, 4].flatMap((footballs) => ["left", "right"].map((edge) => ({ kind, footballs, edge }))));
    return [
      ...htPlayCards({ cards: [faces, faces] }, ctx),
      branch(t("move"), t("move"), () => numbers.map((n) => branch(t("player", { n }), t("player", { n }), () =>
        ["forward", "backward"].map((d) => leaf(`${t("player", { n })} ${t(d)}`, { type: "move", player: n, direction: d }))))),
      leaf(t("skip"), { type: "skip" }),
      branch(t("sideways"), t("sideways"), () => numbers.map((n) => leaf(t("receiver", { n }), { type: "pass_sideways", receiver: n }))),
      branch(t("receiver", { n: "…" }), t("receiver", { n: "…" }), () => numbers.map((n) => leaf(t("receiver", { n }), { type: "pass", receiver: n }))),
      leaf(t("refuse"), { type: "refuse" }),
    ];
  }
  if (ctx.game === "amigo-hattrick") {
    return [
      leaf(t("deal"), { type: "deal" }),
      ...AMIGO_COLOURS.map((colour) => branch(`${t("playCard")}: ${t(`colour_${colour}`)}`, t("playCard"), () => amigoNumbers(colour, [], "play", {}))),
      ...AMIGO_COLOURS.map((colour) => branch(`${t("passCard")}: ${t(`colour_${colour}`)}`, t("passCard"), () => amigoNumbers(colour, [], "pass", {}))),
    ];
  }
  if (ctx.game === "trixkick") return trixkickVocabulary(ctx);
  return [];
}

const TK_FIELDS = ["A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "C1", "C2", "C3", "C4", "B5", "B6", "B7", "B8", "B1", "B2", "B3", "B4"];

// Offline: every piece of the match (bench aside) set up, run, playing the ball with each of
// its symbols, shooting; ending the move or passing. The referee checks them when sent.
function trixkickVocabulary(ctx) {
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

// What can be tapped on the picture at this level: key ("field:d6", "player:1:2",
// "piece:A-KKL") -> the nodes it stands for (a branch marked `open` lends its children).
export function pictureTargets(nodes) {
  const out = new Map();
  const add = (node) => {
    const tg = node.target;
    if (!tg) return;
    const key = tg.piece ? `piece:${tg.piece}` : tg.field ? `field:${tg.field}` : `player:${tg.side}:${tg.number}`;
    if (!out.has(key)) out.set(key, []);
    out.get(key).push(node);
  };
  for (const node of nodes) {
    add(node);
    if (node.open && node.children) node.children().forEach(add);
  }
  return out;
}

// A short label for a logged or queued action, in the players' words.
export function actionLabel(game, action, sides = [], state = null) {
  if (!action) return "";
  if (game === "trixkick") return trixkickLabel(action);
  if (action.type === "play_cards") return action.cards.map(htCardText).join(" / ");
  if (action.type === "move") return `${t("player", { n: action.player })} ${t(action.direction)}`;
  if (action.type === "skip") return t("skip");
  if (action.type === "refuse") return t("refuse");
  if (action.type === "pass_sideways") return `${t("sideways")}: ${t("receiver", { n: action.receiver })}`;
  if (action.type === "pass" && action.receiver) return t("receiver", { n: action.receiver });
  if (action.type === "long_ball") return t("longBall", { n: action.lines });
  if (action.type === "deal") return t("dealt");
  if ((action.type === "play" || action.type === "pass") && action.card) return `${t(action.type === "play" ? "playCard" : "passCard")} ${amigoText(action.card)}`;
  if (action.type === "goal_kick" && action.card) return t("htGoalKick", { card: htCardText(action.card) });
  if (action.type === "free_kick") return t(action.scoring_opportunity ? "scoring" : "noScoring");
  if (action.type === "kick_off") return t("kickOff", { name: sideName({ sides }, action.side) });
  if (action.type === "choose") return t("choose", { n: action.player });
  if (action.type === "ability") return htAbility(action);
  if (action.type === "style") return htStyle(action);
  if (action.type === "substitute" && game === "hat-trick") return t("htSubstituted", { n: action.player });
  if (action.type === "counter") return t("counter", { name: sideName({ sides }, action.side) });
  if (action.type === "shoot") return htShotLabel(action, state);
  if (action.type === "keeper_draw") return action.cards.length ? t("htKeeperDrew", { cards: action.cards.map(htCardText).join(" / ") }) : t("htKeeperDrewNone");
  if (action.type === "protest") return t("htProtest", { card: htCardText(action.card) });
  return describe(action);
}

function trixkickLabel(a) {
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
