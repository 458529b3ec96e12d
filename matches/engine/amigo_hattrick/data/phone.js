// Amigo's Hattrick on the phone: its cards by colour and number, the deal (the cards dealt
// unknown, or a known deal shuffled here), its words in the log, its whole vocabulary for
// moves queued offline, and its match options.
import { t } from "__STATIC__i18n.js";
import { branch, describe, esc, leaf } from "__STATIC__nodes.js";
import { number, options, sideSelect } from "__STATIC__options.js";

function amigoText(card) {
  return `${t(`colour_${card.colour}`)} ${card.number}`;
}

function amigoFace(card) {
  return `<span class="card amigo ${esc(card.colour)}" aria-hidden="true"><span class="num">${esc(card.number)}</span></span>`;
}

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

export const moves = {
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

// While moves wait offline: the deal and every card of every colour, played or passed.
export function vocabulary() {
  return [
    leaf(t("deal"), { type: "deal" }),
    ...AMIGO_COLOURS.map((colour) => branch(`${t("playCard")}: ${t(`colour_${colour}`)}`, t("playCard"), () => amigoNumbers(colour, [], "play", {}))),
    ...AMIGO_COLOURS.map((colour) => branch(`${t("passCard")}: ${t(`colour_${colour}`)}`, t("passCard"), () => amigoNumbers(colour, [], "pass", {}))),
  ];
}

// A logged or queued move in the players' words.
export function actionLabel(action) {
  if (action.type === "deal") return t("dealt");
  if ((action.type === "play" || action.type === "pass") && action.card) return `${t(action.type === "play" ? "playCard" : "passCard")} ${amigoText(action.card)}`;
  return describe(action);
}

// --- options: games or a target score, the first dealer and the hands ------------------------

export function optionFields(names) {
  return options(`${number("games", names.length * 2, 1, 30)}
      <label>${t("opt_target")}<input name="target" type="number" inputmode="numeric" min="1" max="999" placeholder="${esc(t("opt_none"))}"></label>
      ${sideSelect("first_dealer", t("opt_first_dealer"), names)}
      <label>${t("opt_hands")}<select name="hands">${["any", "known", "unknown"].map((h) => `<option value="${h}">${esc(t(`opt_hands_${h}`))}</option>`).join("")}</select></label>`);
}

export function readOptions(form) {
  const target = form.elements.target.value.trim();
  const chosen = { first_dealer: Number(form.elements.first_dealer?.value), hands: form.elements.hands.value };
  if (target) chosen.target = Number(target);
  else chosen.games = Number(form.elements.games?.value);
  return chosen;
}
