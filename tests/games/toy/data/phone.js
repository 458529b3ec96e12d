// Pile on the phone: a take by its number of tokens, in the players' words. The rest of what
// the app may ask of a game (options, face-down turns, set-up chores) is generic.js's.
import { currentLanguage } from "__STATIC__i18n.js";
import { describe, leaf } from "__STATIC__nodes.js";

const WORDS = {
  en: (n) => (n === 1 ? "Take 1 token" : `Take ${n} tokens`),
  de: (n) => (n === 1 ? "1 Spielstein nehmen" : `${n} Spielsteine nehmen`),
};

const takeText = (count) => WORDS[currentLanguage()](count);

export const moves = {
  take: (entry) => entry.count.map((count) => leaf(takeText(count), { type: "take", count })),
};

export function actionLabel(action) {
  return action.type === "take" ? takeText(action.count) : describe(action);
}
