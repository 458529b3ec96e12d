// A refusal of the API in the player's words: a form's field by the name the form gives it
// (side 2, not "sides: 1"), a manager not found by the name typed, a wait in minutes.
import { t } from "./i18n.js";
import { esc } from "./nodes.js";

// "sides.1.user" -> the side's number as the form counts it (2) and the field ("user")
const SIDE_FIELD = /^sides\.(\d+)\.(\w+)$/;

function fieldSentence(path, error, sent) {
  const side = path.match(SIDE_FIELD);
  if (side) {
    const n = Number(side[1]) + 1;
    const [, , field] = side;
    if (field === "user" && error.code === "does_not_exist") return t("userNotFound", { name: sent?.sides?.[n - 1]?.user ?? "", n });
    if (field === "name" && (error.code === "blank" || error.code === "required")) return t("sideNameMissing", { n });
    return t("sideProblem", { n, message: error.message });
  }
  // a field of the form by its label: "Password: This password is too short…"
  const label = FIELD_WORDS[path];
  return label ? `${t(label)}: ${error.message}` : error.message;
}

// the sign-in form's fields, by the words of their labels
const FIELD_WORDS = { username: "username", password: "password" };

// Why a match cannot be shown: none by that number (or not one this manager may see) said
// as a plain sentence, anything else as the API says it.
export function matchMissing(status, data) {
  return status === 404 ? t("noSuchMatch") : problemText(status, data);
}

// One sentence (or a few) for an answer that was not ok: `sent` is the body that was sent.
export function problemText(status, data, sent) {
  if (status === 429) {
    const seconds = Number(data?.details?.retry_after);
    if (Number.isFinite(seconds) && seconds > 0) return t("waitMinutes", { n: Math.max(1, Math.ceil(seconds / 60)) });
  }
  const fields = Object.entries(data?.fields || {});
  if (fields.length) {
    return fields.flatMap(([path, errors]) => errors.map((error) => fieldSentence(path, error, sent))).join(" ");
  }
  return data?.message || t("tryAgain");
}

// A box saying what went wrong, under a title that says what was tried.
export function problemBox(title, text) {
  return `<div class="refused" role="alert"><strong>${esc(title)}:</strong> ${esc(text)}</div>`;
}
