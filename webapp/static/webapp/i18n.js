// The app's own words (words.json): each word's English and German side by side. Sentences
// about the game (hints, refusals) come from the API in the language asked for with
// Accept-Language.
import WORDS from "./words.json" with { type: "json" };

export { WORDS };

export const LANGUAGES = [["en", "English"], ["de", "Deutsch"]];

export function currentLanguage() {
  const chosen = localStorage.getItem("language");
  if (LANGUAGES.some(([code]) => code === chosen)) return chosen;
  return (navigator.language || "en").toLowerCase().startsWith("de") ? "de" : "en";
}

export function setLanguage(lang) {
  localStorage.setItem("language", lang);
  document.documentElement.lang = lang;
}

// A word may have a singular and a plural form ({one, other}), chosen by the parameter n.
export function t(key, params = {}) {
  const entry = WORDS[key];
  let text = entry?.[currentLanguage()] ?? entry?.en ?? key;
  if (typeof text === "object") text = Number(params.n) === 1 ? text.one : text.other;
  for (const [name, value] of Object.entries(params)) text = text.replaceAll(`{${name}}`, value);
  return text;
}

// A side's name as the app shows it: its own, or the colour it goes by in the reader's words
// (a side without a name of its own is called Blue or Red by the API).
export function sideLabel(name) {
  return name === "Blue" || name === "Red" ? t(`team_${name}`) : name;
}
