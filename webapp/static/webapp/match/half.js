// The half-chosen move: a level of a choice opened, the goalkeeper's cards drawn so far, one
// part of a two-part choice picked. It is kept on the phone with the step it belongs to:
// leaving the match and coming back finds it as it was (and says so); a new step drops it.
// The phone's Back button steps back inside it.
import { t } from "../i18n.js";
import { choices, pictureTargets, vocabulary } from "../moves.js";
import { partNodes, turnOf } from "../turns.js";
import { sameJSON } from "../same.js";
import { bound } from "./state.js";

const halfKey = (s) => `half:${s.id}`;

function clearChoice(s, ui) {
  s.path = []; s.extra = null; s.extraFrom = null; s.drawn = []; s.pick = null;
  localStorage.removeItem(halfKey(s));
}
const halfMade = (s) => Boolean(s.path.length || s.extra || s.drawn.length || s.pick);

function keepHalf(s, ui) {
  if (!s.match || s.match.status !== "in_progress") return;
  if (!halfMade(s)) { localStorage.removeItem(halfKey(s)); return; }
  localStorage.setItem(halfKey(s), JSON.stringify({ seq: s.match.seq, path: s.path, extraFrom: s.extraFrom, drawn: s.drawn, pick: s.pick }));
}

function restoreHalf(s, ui) {
  const kept = JSON.parse(localStorage.getItem(halfKey(s)) || "null");
  if (!kept || kept.seq !== s.match.seq || s.queue?.actions.length) { localStorage.removeItem(halfKey(s)); return; }
  try {
    s.path = kept.path || [];
    s.drawn = kept.drawn || [];
    s.pick = kept.pick || null;
    nodesAt(s, ui); // the path still leads somewhere
    if (kept.extraFrom) openExtra(s, ui, kept.extraFrom);
    s.kept = halfMade(s);
  } catch { clearChoice(s, ui); }
}

// a choice opened from the picture, or a level below one: {key, steps}
function openExtra(s, ui, from) {
  let nodes = pictureTargets(nodesAt(s, ui)).get(from.key);
  if (!nodes) return;
  let title = nodes[0].title ?? t("move");
  for (const i of from.steps) ({ title, nodes } = { title: nodes[i].title, nodes: nodes[i].children() });
  s.extra = { title, nodes };
  s.extraFrom = from;
}

const ctx = (s) => ({ game: s.match.game, legal: s.current?.legal, sides: s.match.sides, state: s.current?.state, summary: s.current?.summary, drawn: s.drawn });

// this phone's part of the step: every choice, the other manager's turn, or its own card
const turn = (s) => (s.queue?.actions.length ? { mode: "all" } : turnOf(s.match, s.current?.legal, s.me, s.id));
function stepNodes(s, ui) {
  const now = turn(s);
  if (now.mode === "parts") return partNodes(now, ctx(s));
  if (now.mode === "wait") return [];
  return s.queue?.actions.length && !s.table ? vocabulary(ctx(s)) : choices(ctx(s));
}

function nodesAt(s, ui) {
  if (s.extra) return s.extra.nodes;
  if (s.match.status !== "in_progress") return [];
  let nodes = stepNodes(s, ui);
  for (const index of s.path) nodes = nodes[index].children();
  return nodes;
}

// one step back inside a half-made choice: the last card drawn, the last part picked, a level
function stepBack(s, ui) {
  if (s.drawn.length) s.drawn.pop();
  else if (s.pick) s.pick = null;
  else if (s.extra) { s.extra = null; s.extraFrom = null; }
  else s.path.pop();
}

// a two-part choice: both parts on screen at once; the move goes once every part is picked
function pickPart(s, ui, node, i, row, option) {
  if (s.pick?.i !== i) s.pick = { i, values: [] };
  const values = s.pick.values;
  values[row] = node.pair.rows(values)[row].options[option].value;
  // a later part that no longer goes with this one (a shooting card of another colour) is dropped
  const rows = node.pair.rows(values);
  rows.forEach((r, k) => { if (values[k] != null && !r.options.some((o) => sameJSON(o.value, values[k]))) values[k] = null; });
  for (let k = 0; k < rows.length; k++) if (values[k] === undefined) values[k] = null;
  if (values.every((v) => v != null)) {
    s.pick = null;
    activate(s, ui, node.pair.done(values));
  } else ui.render();
}

// the goalkeeper turns up one more card: logged once his draw is over
function drawCard(s, ui, node) {
  s.drawn = [...s.drawn, node.draw];
  if (node.enough(s.drawn)) ui.sendAction({ type: "keeper_draw", cards: s.drawn });
  else ui.render();
}

function activate(s, ui, node) {
  s.kept = false;
  if (node.draw) return drawCard(s, ui, node);
  if (node.children) { s.extra = { title: node.title, nodes: node.children() }; s.error = ""; ui.render(); }
  else if (node.make) ui.sendAction(node.make());
  else if (node.part) ui.sendOwnPart(node.part);
  else ui.sendAction(node.action);
}

// a button of the moves panel tapped: a part, a level, or the move itself
function tap(s, ui, i, row, option) {
  const node = nodesAt(s, ui)[i];
  s.kept = false;
  if (node.pair) pickPart(s, ui, node, i, row, option);
  else if (node.children && s.extra) {
    s.extraFrom = s.extraFrom && { ...s.extraFrom, steps: [...s.extraFrom.steps, i] };
    s.extra = { title: node.title, nodes: node.children() }; s.error = ""; ui.render();
  }
  else if (node.children) { s.path.push(i); s.error = ""; ui.render(); }
  else activate(s, ui, node);
}

// The phone's Back button inside a choice of several taps steps back inside it: while a
// choice is half made, one history entry (same address) stands for it; Back takes it and
// steps back one level (and sets it again while levels remain). Once the choice is done
// or left with the screen's own Back, the entry is taken back quietly. The browser takes an
// entry back later, not at once: a choice begun before that (quick taps, the phone's referee
// answering at once) sets its entry only then, or the Back would leave the app.
function keepBackInside(s, ui, inside) {
  window.history.scrollRestoration = "manual"; // a step back inside a choice keeps its own place
  if (s.backQuiet) { s.armAfterBack = inside; return; }
  if (inside && !s.backArmed) {
    window.history.pushState({ choice: s.id }, "", location.href);
    s.backArmed = true;
  } else if (!inside && s.backArmed) {
    s.backArmed = false;
    s.backQuiet = true;
    window.history.back();
  }
}

function onBack(s, ui) {
  if (s.backQuiet) {
    s.backQuiet = false;
    if (s.armAfterBack) { s.armAfterBack = false; keepBackInside(s, ui, true); }
    return;
  }
  if (!s.backArmed) return; // Back with no choice half made: the screen is left
  if (!location.hash.startsWith(`#/match/${s.id}`)) return; // a link away: the half move is kept
  s.backArmed = false;
  stepBack(s, ui);
  ui.render();
}

// The screen's actions of this part, by name (the screen's `ui`).
export const halfPart = (s, ui) => bound(s, ui, { activate, clearChoice, halfMade, keepBackInside, keepHalf, nodesAt, onBack, restoreHalf, stepBack, stepNodes, tap, turn });
