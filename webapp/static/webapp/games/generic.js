// What the app knows of a game that has no phone module of its own (a game the server
// referees and the app was never told of): nothing. Every legal move is offered as the API
// writes it, there are no options to set, no face-down choice and no set-up chore. This module
// also says what a game's module may hold: games.js lays a game's module over this one, so a
// game words what it knows and leaves the rest here.
import { describe, generic } from "../nodes.js";

// The buttons for one entry of `legal.actions`, by its type: {type: (entry, ctx) => nodes}
// (ctx = {game, legal, sides, state, summary, drawn}).
export const moves = {};

// The entries of no type in `moves`: the template read generically.
export const anyMove = (entry) => generic(entry);

// While moves wait offline the referee cannot say what comes next: a game offers its whole
// vocabulary, checked when the queue is sent. Here: nothing to offer.
export function vocabulary() {
  return [];
}

// A logged or queued move in the players' words (ctx = {sides, state}).
export function actionLabel(action) {
  return describe(action);
}

// The cards a goalkeeper (or whoever draws) turned up so far, in words.
export function drawnText(cards) {
  return cards.map((card) => describe(card)).join(" / ");
}

// The new-match form's options for this game (the sides named as the form names them now),
// and the options as the API takes them.
export function optionFields() {
  return "";
}

export function readOptions() {
  return {};
}

// With a phone each: a step where both sides choose face down ({mode: "parts", side, entry,
// others, ...} for this phone's side, {mode: "wait", names} when none of its sides has a part),
// or null when the step is no such step. `mine`: the sides this phone logs; `who` = {name(side),
// others(side), sides}.
export function faceDown() {
  return null;
}

// This phone's face-down part of such a step, as buttons (each node's `part` is sent).
export function partNodes() {
  return [];
}

// A part this phone sent, in words.
export function partText(part) {
  return describe(part);
}

// A set-up of the table under way (the page marks it: data-setup).
export function settingUp() {
  return false;
}

// A set-up again "as before" (a batch of moves), and this side's own part of it with a phone
// each ({side, part}): null when the game has no such chore.
export async function asBefore() {
  return null;
}

export async function ownAsBefore() {
  return null;
}
