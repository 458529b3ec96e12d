// Each phone its own side. A side with a manager of its own is logged on that manager's phone;
// a guest side on the phone of the match's creator. A phone with no other manager at the table
// (a guest opponent), or switched to "I log both sides", logs every side, as one phone always
// did. While the other manager chooses, this phone says so and waits for their move (live).
// Hat-Trick's action cards are chosen face down by both at once: each phone offers its own
// side's cards, one tap each (POST parts/), and the first card stays hidden until both are in.
import { api, newKey } from "./api.js";
import { sideLabel, t } from "./i18n.js";
import { choices, htCardFace, htCardText, htKeeperCard, htShootingCard, shootingCardsFor } from "./moves.js";

const bothKey = (id) => `bothSides:${id}`;

export function logsBoth(id) {
  return localStorage.getItem(bothKey(id)) === "1";
}

export function setLogsBoth(id, on) {
  if (on) localStorage.setItem(bothKey(id), "1");
  else localStorage.removeItem(bothKey(id));
}

// Whether another manager plays a side of this match (then the switch is offered).
export function sharedTable(match, me) {
  return match.sides.some((s) => s.user && s.user !== me);
}

// The sides this phone logs: null for every side.
export function sidesOfPhone(match, me, id) {
  if (logsBoth(id) || !sharedTable(match, me)) return null;
  return new Set(match.sides.filter((s) => s.user === me || (!s.user && match.created_by === me)).map((s) => s.position));
}

// What this phone does at this step: {mode: "all"} (every choice, as before), {mode: "wait",
// names} (another manager chooses), or {mode: "parts", side, entry} (a face-down choice: this
// phone's side's part only).
export function turnOf(match, legal, me, id) {
  const mine = sidesOfPhone(match, me, id);
  if (!mine || !legal || match.status !== "in_progress") return { mode: "all" };
  const name = (side) => sideLabel(match.sides[side]?.name ?? "");
  const others = (side) => match.sides.filter((s) => s.position !== side).map((s) => name(s.position));
  // a shot of the match, or a shoot-out's penalty (its top card turned up by the shooter)
  const shot = (legal.actions || []).find((e) => e.type === "shoot");
  if (match.game === "hat-trick" && shot && Number.isInteger(legal.actor)) {
    // the shot: the shooter's card and the goalkeeper's, both face down
    const side = mine.has(legal.actor) ? legal.actor : [...mine].find((s) => s === 1 - legal.actor);
    if (side === undefined) return { mode: "wait", names: [name(legal.actor)] };
    return { mode: "parts", side, entry: shot, attacker: legal.actor, others: others(side) };
  }
  if (Number.isInteger(legal.actor)) {
    return mine.has(legal.actor) ? { mode: "all" } : { mode: "wait", names: [name(legal.actor)] };
  }
  const entry = (legal.actions || []).find((e) => e.type === "play_cards");
  if (match.game === "hat-trick" && entry) {
    const side = [...mine].find((s) => s < entry.cards.length);
    if (side === undefined) return { mode: "wait", names: match.sides.map((s) => name(s.position)) };
    return { mode: "parts", side, entry, others: others(side) };
  }
  return { mode: "all" };
}

// This phone's side's cards: one button a card, sending the part (the shooter may also
// decline the shot: that is his move alone).
export function partNodes(turn, ctx) {
  const part = (fields) => ({ side: turn.side, part: fields });
  if (turn.entry.type === "shoot") {
    if (turn.side !== turn.attacker) {
      return turn.entry.goalkeeper_cards.map((id) => ({ label: htKeeperCard(id, ctx.state), part: part({ goalkeeper_card: id }) }));
    }
    const refuse = choices({ ...ctx, legal: { ...ctx.legal, actions: ctx.legal.actions.filter((e) => e.type === "refuse") } });
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
function partText(part, state) {
  if (part.card && part.shooting_card) return `${htCardText(part.card)}, ${htShootingCard(part.shooting_card, state)}`;
  if (part.card) return htCardText(part.card);
  if (part.shooting_card) return htShootingCard(part.shooting_card, state);
  return htKeeperCard(part.goalkeeper_card, state);
}

export async function readParts(id) {
  const { ok, data } = await api(`matches/${id}/parts/`);
  return ok ? data : null;
}

export async function sendPart(id, seq, { side, part }) {
  return api(`matches/${id}/parts/?include=state`, { method: "POST", body: { expected_seq: seq, side, part }, key: newKey() });
}

// The line shown over a waiting phone's choices.
export function waitingLine(turn, parts, state = null) {
  if (turn.mode === "wait") return t("waitingFor", { name: turn.names.join(", ") });
  const mine = parts?.parts?.find((p) => p.side === turn.side);
  const theirs = parts?.parts?.filter((p) => p.side !== turn.side) || [];
  if (mine?.chosen && mine.part) return t("cardInWaiting", { name: turn.others.join(", "), card: partText(mine.part, state) });
  if (theirs.some((p) => p.chosen)) return t("theyHaveChosen", { name: turn.others.join(", ") });
  return "";
}
