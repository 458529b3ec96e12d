// The match options of the new-match form, each game's own (its phone module lays them out
// and reads them back), set to the rulebooks' defaults (docs/rules/<game>.md). The fields every
// game's options are made of live here.
import { t } from "./i18n.js";
import { esc } from "./nodes.js";
import { gameOf } from "./games.js";

export const check = (name, on) => `<label class="check"><input type="checkbox" name="${name}" ${on ? "checked" : ""}> ${esc(t(`opt_${name}`))}</label>`;
export const number = (name, value, min, max) => `<label>${esc(t(`opt_${name}`))}<input name="${name}" type="number" inputmode="numeric" min="${min}" max="${max}" value="${value}"></label>`;
export const sideSelect = (name, label, names) => `<label>${esc(label)}<select name="${name}">${names.map((n, i) => `<option value="${i}">${esc(n)}</option>`).join("")}</select></label>`;
export const options = (fields) => `<fieldset class="options"><legend>${t("options")}</legend>${fields}</fieldset>`;

// The options' fields for `game`, the sides named as the form names them now.
export function optionFields(game, names) {
  return gameOf(game).optionFields(names);
}

// The options as the API takes them (every one given, the defaults included).
export function readOptions(game, form) {
  return gameOf(game).readOptions(form);
}
