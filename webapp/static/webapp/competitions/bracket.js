// The cup's bracket as an SVG picture, built from `GET bracket/` (or the live table's
// message): a column a round, a box a tie with its two members and the score of its last
// match, the winner in bold, lines from each tie to the one its winner goes into; the match
// for third place under the final. Colours come from the page (currentColor and the app's
// custom properties, app.css), so the picture follows a dark page. Up to three rounds fit a
// 390 px wide phone; more are drawn at the same size and scroll sideways inside their figure.
import { t } from "../i18n.js";
import { esc } from "../nodes.js";
import { nameOf } from "./common.js";

const COL = 118, GAP = 14, BOX = 46, VGAP = 14, PAD = 4;

// a name cut to what a box holds at the picture's size (about 13 characters)
const cut = (name, max = 13) => (name.length > max ? `${name.slice(0, max - 1)}…` : name);

export function bracketSvg(bracket, fixtures, names) {
  const ties = (bracket?.ties || []).filter((tie) => !tie.third_place);
  if (!ties.length) return "";
  const third = (bracket.ties || []).find((tie) => tie.third_place);
  const rounds = [...new Set(ties.map((tie) => tie.round))].sort((a, b) => a - b);
  const byRound = rounds.map((r) => ties.filter((tie) => tie.round === r).sort((a, b) => a.number - b.number));
  const first = byRound[0].length;
  const H = first * (BOX + VGAP) + (third ? BOX + 34 : 0) + 20;
  const W = rounds.length * (COL + GAP) - GAP + 2 * PAD;
  const slot = (H - (third ? BOX + 34 : 0) - 20) / first;
  const center = (ri, k) => 20 + slot * (2 ** ri) * (k + 0.5);
  const title = (ri) => (ri === rounds.length - 1 ? t("cFinal") : ri === rounds.length - 2 ? t("cSemiFinal") : t("cRoundN", { n: rounds[ri] }));

  const box = (tie, x, cy) => {
    const played = lastPlayed(tie, fixtures);
    const seats = played && (played.seats?.length ? played.seats : [played.home, played.away]);
    const scores = played && [tie.home, tie.away].map((m) => played.scores[seats.indexOf(m)]);
    const level = scores && scores[0] != null && scores[0] === scores[1] && tie.winner != null;
    const line = (member, i) => {
      const won = tie.winner != null && tie.winner === member;
      const label = member == null ? (tie.bye && i === 1 ? t("cBye") : t("cToBeDecided")) : cut(nameOf(names, member));
      const score = scores && member != null && scores[i] != null ? String(scores[i]) : "";
      const y = cy - BOX / 2 + 17 + i * 21;
      return `<text x="${x + 6}" y="${y}" class="${won ? "won" : member == null ? "open" : ""}">${esc(label)}</text>${score ? `<text x="${x + COL - 6}" y="${y}" text-anchor="end" class="${won ? "won" : ""}">${esc(score)}</text>` : ""}`;
    };
    const note = level ? `<text x="${x + COL - 6}" y="${cy + BOX / 2 + 11}" text-anchor="end" class="note">${esc(t("cOnPenalties"))}</text>` : "";
    return `<g class="tie${tie.winner != null ? " decided" : ""}" data-tie="${tie.number}"><rect x="${x}" y="${cy - BOX / 2}" width="${COL}" height="${BOX}" rx="6"/>
      <line class="mid" x1="${x}" x2="${x + COL}" y1="${cy}" y2="${cy}"/>${line(tie.home, 0)}${line(tie.away, 1)}${note}</g>`;
  };

  let out = "";
  byRound.forEach((list, ri) => {
    const x = PAD + ri * (COL + GAP);
    out += `<text x="${x + COL / 2}" y="12" text-anchor="middle" class="head">${esc(title(ri))}</text>`;
    list.forEach((tie, k) => {
      const cy = center(ri, k);
      out += box(tie, x, cy);
      if (ri + 1 < byRound.length) {
        const nx = x + COL + GAP, ny = center(ri + 1, Math.floor(k / 2));
        out += `<path class="link" d="M${x + COL} ${cy} H${x + COL + GAP / 2} V${ny} H${nx}" fill="none"/>`;
      }
    });
  });
  if (third) {
    const x = PAD + (rounds.length - 1) * (COL + GAP);
    const cy = H - BOX / 2 - 8;
    out += `<text x="${x + COL / 2}" y="${cy - BOX / 2 - 6}" text-anchor="middle" class="head">${esc(t("cThirdPlaceMatch"))}</text>${box(third, x, cy)}`;
  }
  const said = [...(bracket.ties || [])].map((tie) => `${nameOf(names, tie.home)} – ${nameOf(names, tie.away)}${tie.winner != null ? ` (${nameOf(names, tie.winner)})` : ""}`).join("; ");
  return `<figure class="bracket${rounds.length > 3 ? " wide" : ""}" id="bracket"><svg viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${esc(t("cBracketLabel", { ties: said }))}">${out}</svg></figure>`;
}

// the tie's last fixture played (a drawn match replayed: the replay), {seats, scores}
function lastPlayed(tie, fixtures) {
  for (const id of [...(tie.fixtures || [])].reverse()) if (fixtures[id]?.scores) return fixtures[id];
  return null;
}
