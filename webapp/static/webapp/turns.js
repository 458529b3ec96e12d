// Each phone its own side. A side with a manager of its own is logged on that manager's phone;
// a guest side on the phone of the match's creator. A phone with no other manager at the table
// (a guest opponent), or switched to "I log both sides", logs every side, as one phone always
// did. While the other manager chooses, this phone says so and waits for their move (live).
// Where both choose face down at once (a game's module says when: Hat-Trick's action cards),
// each phone offers its own side's cards, one tap each (POST parts/), and the first card stays
// hidden until both are in.
import { api, newKey } from "./api.js";
import { sideLabel, t } from "./i18n.js";
import { gameOf } from "./games.js";
import { guestPass, hostedGuests } from "./guest.js";

const bothKey = (id) => `bothSides:${id}`;

export function logsBoth(id) {
  return localStorage.getItem(bothKey(id)) === "1";
}

export function setLogsBoth(id, on) {
  if (on) localStorage.setItem(bothKey(id), "1");
  else localStorage.removeItem(bothKey(id));
}

// Whether another manager (or a guest on their own phone, guest.js) plays a side of this
// match (then the switch is offered).
export function sharedTable(match, me) {
  return match.sides.some((s) => s.user && s.user !== me) || (match.created_by === me && hostedGuests(match.id).size > 0);
}

// The sides this phone logs: null for every side.
export function sidesOfPhone(match, me, id) {
  // a guest's phone (no account) logs the side of its guest pass, and that side only
  const guest = !me && guestPass(id);
  if (guest) return new Set([guest.side]);
  if (logsBoth(id) || !sharedTable(match, me)) return null;
  const guests = hostedGuests(id);
  return new Set(match.sides.filter((s) => s.user === me || (!s.user && match.created_by === me && !guests.has(s.position))).map((s) => s.position));
}

// What this phone does at this step: {mode: "all"} (every choice, as before), {mode: "wait",
// names} (another manager chooses), or {mode: "parts", side, entry} (a face-down choice, as its
// game's module says: this phone's side's part only).
export function turnOf(match, legal, me, id) {
  const mine = sidesOfPhone(match, me, id);
  if (!mine || !legal || match.status !== "in_progress") return { mode: "all" };
  const name = (side) => sideLabel(match.sides[side]?.name ?? "");
  const others = (side) => match.sides.filter((s) => s.position !== side).map((s) => name(s.position));
  const hidden = gameOf(match.game).faceDown(legal, mine, { name, others, sides: match.sides });
  if (hidden) return hidden;
  if (Number.isInteger(legal.actor)) {
    return mine.has(legal.actor) ? { mode: "all" } : { mode: "wait", names: [name(legal.actor)] };
  }
  return { mode: "all" };
}

// This phone's side's part of a face-down step, as buttons (each sends its `part`).
export function partNodes(turn, ctx) {
  return gameOf(ctx.game).partNodes(turn, ctx);
}

export async function readParts(id) {
  const { ok, data } = await api(`matches/${id}/parts/`);
  return ok ? data : null;
}

export async function sendPart(id, seq, { side, part }) {
  return api(`matches/${id}/parts/?include=state`, { method: "POST", body: { expected_seq: seq, side, part }, key: newKey() });
}

// The line shown over a waiting phone's choices.
export function waitingLine(turn, parts, game, state = null) {
  if (turn.mode === "wait") return t("waitingFor", { name: turn.names.join(", ") });
  const mine = parts?.parts?.find((p) => p.side === turn.side);
  const theirs = parts?.parts?.filter((p) => p.side !== turn.side) || [];
  // the server keeps a part until the last one is in: it may be changed until then
  if (mine?.chosen && mine.part) {
    const name = turn.others.join(", ");
    return `${t("cardInWaiting", { name, card: gameOf(game).partText(mine.part, state) })} ${t("cardChangeable", { name })}`;
  }
  if (theirs.some((p) => p.chosen)) return t("theyHaveChosen", { name: turn.others.join(", ") });
  return "";
}
