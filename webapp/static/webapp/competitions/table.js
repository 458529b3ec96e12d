// The table of a competition (a table per group): played, won, drawn, lost, goals, the
// difference, points, form and the change of position since the round before, with the
// tie-break written where it decided a place; a series' table (match days, score, places);
// the champion and the awards once the season is over; and a chart of the positions over
// the rounds (SVG, drawn from the fixtures' results).
import { t } from "../i18n.js";
import { esc } from "../nodes.js";
import { escName } from "./common.js";

const FORM = { W: "cResultW", D: "cResultD", L: "cResultL" };

function change(row) {
  if (row.previous_position == null) return "";
  if (!row.change) return `<span class="chg same"><span aria-hidden="true">–</span><span class="vh">${esc(t("cSame"))}</span></span>`;
  const up = row.change > 0;
  return `<span class="chg ${up ? "up" : "down"}"><span aria-hidden="true">${up ? "▲" : "▼"}${Math.abs(row.change)}</span><span class="vh">${esc(t(up ? "cUp" : "cDown", { n: Math.abs(row.change) }))}</span></span>`;
}

const form = (row) => !(row.form || []).length ? "" : `<span class="form"><span class="vh">${esc(t("cForm"))}: ${esc(row.form.map((r) => t(FORM[r])).join(", "))}</span>${(row.form || []).map((r) => `<b class="f${r}" aria-hidden="true">${esc(t(`cForm${r}`))}</b>`).join("")}</span>`;

const who = (row, mine) => `<span class="who${row.user === mine ? " mine" : ""}">${esc(row.team || row.user)}</span>${row.team ? `<span class="s">${esc(row.user)}</span>` : ""}`;

const head = (key) => `<th scope="col"><abbr title="${esc(t(`cCol_${key}`))}">${esc(t(`cAbbr_${key}`))}</abbr></th>`;

function leagueRows(rows, mine) {
  return `<thead><tr><th scope="col">#</th><th scope="col">${t("cTeam")}</th>${["played", "won", "drawn", "lost", "goals", "difference", "points"].map(head).join("")}</tr></thead>
    <tbody>${rows.map((r) => `<tr data-member="${r.member}" class="${r.user === mine ? "mine" : ""}"><td class="pos">${r.position}</td>
      <td class="name"><div class="cell">${who(r, mine)}<span class="line">${change(r)} ${form(r)}</span>${r.decided_by_text ? `<span class="decided" data-decided="${esc(r.decided_by)}">${esc(r.decided_by_text)}</span>` : ""}</div></td>
      <td>${r.played}</td><td>${r.won}</td><td>${r.drawn}</td><td>${r.lost}</td><td class="goals">${r.goals_for}:${r.goals_against}</td>
      <td>${r.difference > 0 ? "+" : ""}${r.difference}</td><td class="pts">${r.points}</td></tr>`).join("")}</tbody>`;
}

function seriesRows(rows, mine) {
  return `<thead><tr><th scope="col">#</th><th scope="col">${t("cTeam")}</th>${["days", "score", "firsts"].map(head).join("")}</tr></thead>
    <tbody>${rows.map((r) => `<tr data-member="${r.member}" class="${r.user === mine ? "mine" : ""}"><td class="pos">${r.position}</td>
      <td class="name"><div class="cell">${who(r, mine)}<span class="line">${change(r)}</span>${r.decided_by_text ? `<span class="decided" data-decided="${esc(r.decided_by)}">${esc(r.decided_by_text)}</span>` : ""}</div></td>
      <td>${r.days ?? 0}</td><td class="pts">${r.score ?? 0}</td><td>${(r.places || [])[0] ?? 0}</td></tr>`).join("")}</tbody>`;
}

export function tableHtml(table, mine) {
  const series = table.format === "series";
  const groups = table.tables || [];
  if (!groups.some((g) => g.rows.length)) return `<p>${t("cNoTable")}</p>`;
  return groups.map((g) => `${g.group != null && groups.length > 1 ? `<h3>${esc(t("cGroupN", { n: String.fromCharCode(65 + g.group) }))}</h3>` : ""}
    <div class="table-wrap"><table class="standings">${series ? seriesRows(g.rows, mine) : leagueRows(g.rows, mine)}</table></div>`).join("");
}

export function championHtml(table, names) {
  if (!table.over) return "";
  const awards = (table.awards || []).map((a) => `<li><strong>${esc(a.title)}</strong>: ${a.members.map((m) => escName(names, m)).join(", ")}${a.player ? ` (${esc(a.player)})` : ""} · ${esc(formatValue(a))}</li>`).join("");
  return `<section class="season-end" id="season-end" aria-labelledby="champion-h">
    <h2 id="champion-h">${t("cSeasonOver")}</h2>
    ${table.champion != null ? `<p class="champion" id="champion">${esc(t("cChampion", { name: nameText(names, table.champion) }))}</p>` : ""}
    ${awards ? `<h3>${t("cAwards")}</h3><ul class="awards" id="awards">${awards}</ul>` : ""}</section>`;
}

const nameText = (names, id) => names[id]?.team || names[id]?.user || `#${id}`;
const formatValue = (a) => (Number.isInteger(a.value) ? String(a.value) : a.value.toFixed(2));

// --- positions over the rounds ---------------------------------------------------------------

// Each member's position after each round with results (a series: each match day), as the
// server ordered the table after that round (\`positions\`: the same tie-breaks, lots included).
export function positionsByRound(table) {
  const rows = table.tables?.[0]?.rows || [];
  if (table.tables?.length !== 1 || rows.length < 2) return null;
  const count = Math.min(...rows.map((r) => r.positions?.length ?? 0));
  if (count < 2) return null;
  const steps = Array.from({ length: count }, (_, i) => ({ round: i + 1, order: Object.fromEntries(rows.map((r) => [r.member, r.positions[i]])) }));
  return { members: rows.map((r) => r.member), steps };
}

export function chartSvg(positions, names) {
  if (!positions) return "";
  const { members, steps } = positions;
  const n = members.length;
  const W = 340, left = 26, right = 14, top = 12, rowH = 28, bottom = 30;
  const H = top + (n - 1) * rowH + bottom;
  const x = (i) => left + (steps.length === 1 ? 0 : (i * (W - left - right)) / (steps.length - 1));
  const y = (p) => top + (p - 1) * rowH;
  const grid = Array.from({ length: n }, (_, k) => `<line class="grid" x1="${left}" x2="${W - right}" y1="${y(k + 1)}" y2="${y(k + 1)}"/><text class="axis" x="${left - 8}" y="${y(k + 1) + 4}" text-anchor="end">${k + 1}</text>`).join("");
  const labels = steps.map((s, i) => `<text class="axis" x="${x(i)}" y="${H - 10}" text-anchor="middle">${s.round}</text>`).join("");
  const lines = members.map((m, k) => {
    const pts = steps.map((s, i) => `${x(i).toFixed(1)},${y(s.order[m])}`).join(" ");
    const dots = steps.map((s, i) => `<circle cx="${x(i).toFixed(1)}" cy="${y(s.order[m])}" r="3.5"/>`).join("");
    return `<g class="series s${k % 6}"><polyline points="${pts}" fill="none"/>${dots}</g>`;
  }).join("");
  const summary = members.map((m) => `${nameText(names, m)}: ${steps.map((s) => s.order[m]).join(", ")}`).join("; ");
  return `<figure class="chart" id="positions-chart"><svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(t("cChartLabel", { rows: summary }))}">${grid}${labels}${lines}</svg>
    <figcaption>${t("cChartCaption")}</figcaption>
    <ul class="legend">${members.map((m, k) => `<li><svg viewBox="0 0 28 10" aria-hidden="true" class="series s${k % 6}"><line x1="1" x2="27" y1="5" y2="5"/></svg>${escName(names, m)}</li>`).join("")}</ul></figure>`;
}
