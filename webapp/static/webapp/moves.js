// Every legal move as something to tap. The API's `legal.actions` are templates: a field
// holding a list is a choice still to make, anything else is fixed. A game's phone module
// (data/phone.js in its package) turns the entries it knows into a tree of buttons (branch:
// `children`; leaf: `action`), with cards shown by their face; any other entry is read
// generically.
import { gameOf } from "./games.js";

// The buttons for the current step: ctx = {game, legal, sides, state, summary, drawn}.
export function choices(ctx) {
  const game = gameOf(ctx.game);
  return (ctx.legal?.actions || []).flatMap((entry) => (game.moves[entry.type] || game.anyMove)(entry, ctx));
}

// While moves wait offline the referee cannot say what comes next: the phone offers the
// game's whole vocabulary, checked when the queue is sent.
export function vocabulary(ctx) {
  return gameOf(ctx.game).vocabulary(ctx);
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
  return gameOf(game).actionLabel(action, { sides, state });
}
