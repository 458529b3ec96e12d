// How a match stands, said in a line: a finished one's winner, score and how it ended (full
// time, extra time, shoot-out, Amigo's final table); a running one's score and whose turn.
// The match screen, Home, History and the replay say it alike.
import { sideLabel, t } from "./i18n.js";

const names = (match) => match.sides.map((s) => sideLabel(s.name));

// "2 : 1" for two sides; with more, each side's points by its name (Amigo's table)
export function scoreText(match, scores) {
  if (!Array.isArray(scores) || !scores.length) return "";
  if (scores.length === 2) return scores.join("\u00a0:\u00a0"); // kept on one line
  const sides = names(match);
  return scores.map((n, i) => `${sides[i] ?? i + 1} ${n}`).join(" · ");
}

// The result of a finished (or abandoned) match: who won, the score, and how it ended.
export function resultText(match, outcome = match.result) {
  if (match.status === "abandoned") return t("overAbandoned");
  if (!outcome) return t("finished");
  const score = scoreText(match, outcome.scores);
  const how = outcome.termination ? t(`over_${outcome.termination}`) : "";
  const winners = (outcome.winners || []).map((i) => names(match)[i]).filter(Boolean);
  const said = winners.length ? t("overWon", { name: winners.join(", "), score }) : t("overDraw", { score });
  return how && !how.startsWith("over_") ? `${said.replace(/\.$/, "")} (${how}).` : said;
}

// The side (or sides) to act in a running match, by the summary its list gives.
export function turnText(match) {
  const summary = match.summary || {};
  const actor = Number.isInteger(summary.actor) ? summary.actor : Number.isInteger(summary.turn) ? summary.turn : null;
  return actor === null || !match.sides[actor] ? "" : t("whoseTurn", { name: sideLabel(match.sides[actor].name) });
}
