// Hat-Trick on the phone: its moves as buttons (action cards by their face, shooting and
// goalkeeper cards by what is printed on them), their words in the log, its whole vocabulary
// for moves queued offline, its match options, and its face-down choices with a phone each
// (the action cards of a duel, the shot's cards).
import { t } from "__STATIC__i18n.js";
import { branch, describe, esc, leaf, sideName } from "__STATIC__nodes.js";
import { check, options, sideSelect } from "__STATIC__options.js";

// --- faces ---------------------------------------------------------------------------------

function htCardText(card) {
  return `${t(`kind_${card.kind}`)}, ${t("footballs", { n: card.footballs })}, ${t(`edge_${card.edge}`)}`;
}

function htCardFace(card) {
  const balls = '<span class="ball"></span>'.repeat(card.footballs);
  return `<span class="card ht ${esc(card.kind)} edge-${esc(card.edge)}" aria-hidden="true">` +
    `<span class="kind">${esc(t(`kind_${card.kind}`))}</span>` +
    `<span class="balls">${balls}</span></span>`;
}

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

function htShootingCard(id, state) {
  const card = (state?.setup?.shooting || []).find((c) => c.id === id);
  const kind = t(`kind_${card?.action ?? SHOT_KINDS[String(id)[0]]}`);
  const modifier = card?.modifier ?? String(id).slice(1);
  const corner = Object.entries(card?.symbols || {}).find(([, mark]) => mark === "+")?.[0];
  return corner ? t("htShootingCard", { kind, modifier, corner: t(`aim_${corner}`) }) : t("htShootingCardPlain", { kind, modifier });
}

function htKeeperCard(id, state) {
  const card = (state?.setup?.keepers || []).flat().find((c) => c.id === id);
  const dive = card?.dive ?? DIVES[Number(String(id).slice(1, 2)) - 1];
  return t(String(id).endsWith("*") ? "htStarKeeperCard" : "htKeeperCard", { dive: t(`dive_${dive}`) });
}

function htShotLabel(action, state) {
  const shot = t("htShot", { shooting: htShootingCard(action.shooting_card, state), keeper: htKeeperCard(action.goalkeeper_card, state) });
  return action.card ? t("htShotTopCard", { shot, card: htCardText(action.card) }) : shot;
}

// the shooting cards that go with a turned-up action card (its colour: HT-6.1)
function shootingCardsFor(entry, state, card) {
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
function htKeeperDrawDone(entry, drawn) {
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

export const moves = {
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


// While moves wait offline: every action card pair, every player's move, the passes.
export function vocabulary(ctx) {
  const numbers = Array.from({ length: 11 }, (_, i) => i + 1);
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

// A logged or queued move in the players' words.
export function actionLabel(action, { sides = [], state = null } = {}) {
  switch (action.type) {
    case "play_cards": return action.cards.map(htCardText).join(" / ");
    case "move": return `${t("player", { n: action.player })} ${t(action.direction)}`;
    case "skip": return t("skip");
    case "refuse": return t("refuse");
    case "pass_sideways": return `${t("sideways")}: ${t("receiver", { n: action.receiver })}`;
    case "pass": return action.receiver ? t("receiver", { n: action.receiver }) : describe(action);
    case "long_ball": return t("longBall", { n: action.lines });
    case "goal_kick": return action.card ? t("htGoalKick", { card: htCardText(action.card) }) : describe(action);
    case "free_kick": return t(action.scoring_opportunity ? "scoring" : "noScoring");
    case "kick_off": return t("kickOff", { name: sideName({ sides }, action.side) });
    case "choose": return t("choose", { n: action.player });
    case "ability": return htAbility(action);
    case "style": return htStyle(action);
    case "substitute": return t("htSubstituted", { n: action.player });
    case "counter": return t("counter", { name: sideName({ sides }, action.side) });
    case "shoot": return htShotLabel(action, state);
    case "keeper_draw": return action.cards.length ? t("htKeeperDrew", { cards: action.cards.map(htCardText).join(" / ") }) : t("htKeeperDrewNone");
    case "protest": return t("htProtest", { card: htCardText(action.card) });
    default: return describe(action);
  }
}

// The goalkeeper's cards turned up so far.
export function drawnText(cards) {
  return cards.map(htCardText).join(" / ");
}

// --- options: the kick-off, extra time and the shootout (HT rules' defaults) ------------------

export function optionFields(names) {
  return options(`${sideSelect("kickoff", t("opt_kickoff"), names)}
      ${check("extra_time", false)}${check("penalty_shootout", false)}`);
}

export function readOptions(form) {
  const on = (name) => Boolean(form.elements[name]?.checked);
  return { kickoff: Number(form.elements.kickoff?.value), extra_time: on("extra_time"), penalty_shootout: on("penalty_shootout") };
}

// --- face down, with a phone each -------------------------------------------------------------

// The action cards of a duel are chosen face down by both at once; at a shot (or a shoot-out's
// penalty, its top card turned up by the shooter) the shooter's card and the goalkeeper's.
export function faceDown(legal, mine, { name, others, sides }) {
  const shot = (legal.actions || []).find((e) => e.type === "shoot");
  if (shot && Number.isInteger(legal.actor)) {
    const side = mine.has(legal.actor) ? legal.actor : [...mine].find((s) => s === 1 - legal.actor);
    if (side === undefined) return { mode: "wait", names: [name(legal.actor)] };
    return { mode: "parts", side, entry: shot, attacker: legal.actor, others: others(side) };
  }
  const entry = (legal.actions || []).find((e) => e.type === "play_cards");
  if (Number.isInteger(legal.actor) || !entry) return null;
  const side = [...mine].find((s) => s < entry.cards.length);
  if (side === undefined) return { mode: "wait", names: sides.map((s) => name(s.position)) };
  return { mode: "parts", side, entry, others: others(side) };
}

// This phone's side's cards: one button a card, sending the part (the shooter may also
// decline the shot: that is his move alone).
export function partNodes(turn, ctx) {
  const part = (fields) => ({ side: turn.side, part: fields });
  if (turn.entry.type === "shoot") {
    if (turn.side !== turn.attacker) {
      return turn.entry.goalkeeper_cards.map((id) => ({ label: htKeeperCard(id, ctx.state), part: part({ goalkeeper_card: id }) }));
    }
    const refuse = (ctx.legal.actions || []).filter((e) => e.type === "refuse").flatMap((e) => moves.refuse(e, ctx));
    if (turn.entry.cards) return [penaltyPart(turn.entry, ctx, part)];
    return [...turn.entry.shooting_cards.map((id) => ({ label: htShootingCard(id, ctx.state), part: part({ shooting_card: id }) })), ...refuse];
  }
  return turn.entry.cards[turn.side].map((card) => ({
    label: htCardText(card), face: htCardFace(card), part: part({ card }),
  }));
}

// A shoot-out penalty, the shooter's part: the action card he turns up and his shooting card
// of its colour, both rows on screen at once (two taps, no opener).
function penaltyPart(entry, ctx, part) {
  return {
    label: t("shootingCard"),
    pair: {
      rows: (values) => [
        { title: t("topCardTurned"), options: entry.cards.map((card) => ({ label: htCardText(card), face: htCardFace(card), value: card })) },
        { title: t("shootingCard"), options: shootingCardsFor(entry, ctx.state, values[0]).map((id) => ({ label: htShootingCard(id, ctx.state), value: id })) },
      ],
      done: ([card, shooting]) => ({ label: "", part: part({ card, shooting_card: shooting }) }),
    },
  };
}

// A part in words: the action card, the shooting card or the goalkeeper's card.
export function partText(part, state) {
  if (part.card && part.shooting_card) return `${htCardText(part.card)}, ${htShootingCard(part.shooting_card, state)}`;
  if (part.card) return htCardText(part.card);
  if (part.shooting_card) return htShootingCard(part.shooting_card, state);
  return htKeeperCard(part.goalkeeper_card, state);
}
