// The match options of the new-match form, each game's own, set to the rulebooks' defaults
// (docs/rules/<game>.md): Hat-Trick's kick-off, extra time and shootout; TriXKick's kick-off,
// length (goals or time), special situations (on) and advanced variants (off); Amigo's
// games, target score, first dealer and hands.
import { t } from "./i18n.js";
import { esc } from "./moves.js";

const TK_SPECIAL = ["fouls", "offside", "substitutions", "double_pass", "castling"];
const TK_VARIANTS = ["two_keepers", "keeper_support", "l_shaped_runs", "far_corner", "no_second_touch", "one_triple_substitute", "same_symbol_substitutes"];

const check = (name, on) => `<label class="check"><input type="checkbox" name="${name}" ${on ? "checked" : ""}> ${esc(t(`opt_${name}`))}</label>`;
const number = (name, value, min, max) => `<label>${esc(t(`opt_${name}`))}<input name="${name}" type="number" inputmode="numeric" min="${min}" max="${max}" value="${value}"></label>`;
const sideSelect = (name, label, names) => `<label>${esc(label)}<select name="${name}">${names.map((n, i) => `<option value="${i}">${esc(n)}</option>`).join("")}</select></label>`;

// The options' fields for `game`, the sides named as the form names them now.
export function optionFields(game, names) {
  if (game === "hat-trick") {
    return `<fieldset class="options"><legend>${t("options")}</legend>${sideSelect("kickoff", t("opt_kickoff"), names)}
      ${check("extra_time", false)}${check("penalty_shootout", false)}</fieldset>`;
  }
  if (game === "trixkick") {
    return `<fieldset class="options"><legend>${t("options")}</legend>${sideSelect("kickoff_side", t("opt_kickoff"), names)}
      <fieldset class="choices"><legend>${t("opt_length")}</legend>
        <label class="pick"><input type="radio" name="match_length" value="goals" checked><span>${t("opt_to_goals")}</span></label>
        <label class="pick"><input type="radio" name="match_length" value="time"><span>${t("opt_on_time")}</span></label></fieldset>
      ${number("goals", 1, 1, 99)}${number("periods", 2, 1, 4)}${number("minutes", 15, 1, 180)}
      <fieldset><legend>${t("opt_special")}</legend>${TK_SPECIAL.map((o) => check(o, true)).join("")}</fieldset>
      <details><summary>${t("opt_variants")}</summary>${TK_VARIANTS.map((o) => check(o, false)).join("")}</details></fieldset>`;
  }
  if (game === "amigo-hattrick") {
    return `<fieldset class="options"><legend>${t("options")}</legend>${number("games", names.length * 2, 1, 30)}
      <label>${t("opt_target")}<input name="target" type="number" inputmode="numeric" min="1" max="999" placeholder="${esc(t("opt_none"))}"></label>
      ${sideSelect("first_dealer", t("opt_first_dealer"), names)}
      <label>${t("opt_hands")}<select name="hands">${["any", "known", "unknown"].map((h) => `<option value="${h}">${esc(t(`opt_hands_${h}`))}</option>`).join("")}</select></label></fieldset>`;
  }
  return "";
}

// The options as the API takes them (every one given, the defaults included).
export function readOptions(game, form) {
  const on = (name) => Boolean(form.elements[name]?.checked);
  const int = (name) => Number(form.elements[name]?.value);
  if (game === "hat-trick") return { kickoff: int("kickoff"), extra_time: on("extra_time"), penalty_shootout: on("penalty_shootout") };
  if (game === "trixkick") {
    const length = form.elements.match_length.value === "time"
      ? { kind: "time", periods: int("periods"), minutes: int("minutes") }
      : { kind: "goals", goals: int("goals") };
    return { kickoff_side: int("kickoff_side"), match_length: length, ...Object.fromEntries([...TK_SPECIAL, ...TK_VARIANTS].map((o) => [o, on(o)])) };
  }
  if (game === "amigo-hattrick") {
    const target = form.elements.target.value.trim();
    const options = { first_dealer: int("first_dealer"), hands: form.elements.hands.value };
    if (target) options.target = Number(target);
    else options.games = int("games");
    return options;
  }
  return {};
}
