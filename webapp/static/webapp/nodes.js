// The pieces every game's buttons are made of. A move to tap is a node: a leaf (`action`, the
// move sent as it is), a branch (`children`, a level of the choice below it), or one of the
// special nodes a game makes (`make`: the move made when tapped; `part`: this phone's
// face-down card; `pair`: rows picked at once; `draw`: a card turned up). `face` is a card's
// or a piece's picture, `group` the row it is shown in.
import { sideLabel, t } from "./i18n.js";

export function esc(value) {
  return String(value).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

export const leaf = (label, action, face = "", target = null) => ({ label, action, face, target });
export const branch = (label, title, children, face = "", target = null, open = false) => ({ label, title, children, face, target, open });
// `open`: a branch whose children are also offered on the picture from the level above
// (Hat-Trick's "Move a player": tap the player himself).
// `target`: what to tap on the picture for this choice: {field} (a Hat-Trick player on that
// field, a TriXKick field), {side, number} (a Hat-Trick player) or {piece} (a TriXKick piece).

// A side by its name at this table (ctx.sides: the match's sides).
export const sideName = (ctx, side) => (ctx.sides?.[side] ? sideLabel(ctx.sides[side].name) : `${t("side")} ${side + 1}`);

// --- anything a game does not word: the template read generically ----------------------------

export function describe(action) {
  return Object.entries(action).filter(([k]) => k !== "type").reduce(
    (text, [k, v]) => `${text} ${k}: ${typeof v === "object" ? JSON.stringify(v) : v}`, action.type);
}

export function generic(entry) {
  const listField = Object.keys(entry).find((k) => Array.isArray(entry[k]));
  if (!listField) return [leaf(describe(entry), entry)];
  const values = entry[listField];
  const label = describe(Object.fromEntries(Object.entries(entry).filter(([k]) => k !== listField)));
  return [branch(label, `${label}: ${listField}`, () => values.flatMap((v) => generic({ ...entry, [listField]: v })))];
}
