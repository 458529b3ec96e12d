// The match options of the new-match form, each game's own (its phone module lays them out
// and reads them back), set to the rulebooks' defaults (docs/rules/<game>.md). The fields every
// game's options are made of live here.
import { t } from "./i18n.js";
import { esc } from "./nodes.js";
import { gameOf } from "./games.js";

export const check = (name, on) => `<label class="check"><input type="checkbox" name="${name}" ${on ? "checked" : ""}> ${esc(t(`opt_${name}`))}</label>`;
export const number = (name, value, min, max) => `<label>${esc(t(`opt_${name}`))}<input name="${name}" type="number" inputmode="numeric" min="${min}" max="${max}" value="${value}"></label>`;
export const sideSelect = (name, label, names) => `<label>${esc(label)}<select name="${name}">${names.map((n, i) => `<option value="${i}">${esc(n)}</option>`).join("")}</select></label>`;
// fields that apply only while a choice of the form is made ("match_length=time"): hidden otherwise
export const when = (choice, fields) => `<div class="when" data-when="${esc(choice)}">${fields}</div>`;
export const options = (fields) => `<fieldset class="options"><legend>${t("options")}</legend>${fields}</fieldset>`;

// The options' fields for `game`, the sides named as the form names them now.
export function optionFields(game, names) {
  return gameOf(game).optionFields(names);
}

// The options as the API takes them (every one given, the defaults included).
export function readOptions(game, form) {
  return gameOf(game).readOptions(form);
}

// Shows the fields of `when` only while their choice is made, now and as the form changes.
export function showWhen(form) {
  const update = () => {
    for (const box of form.querySelectorAll("[data-when]")) {
      const [name, value] = box.dataset.when.split("=");
      const field = form.elements[name];
      const on = (field?.value ?? "") === value;
      box.hidden = !on;
      for (const input of box.querySelectorAll("input, select")) input.disabled = !on;
    }
  };
  form.addEventListener("change", update);
  update();
}
