// A competition's sections as HTML, from what the screen holds (``state``: the competition
// ``c``, its ``table``, fixtures by round ``rounds``, cup ``bracket``, and ``mine``, the reader's
// username): the header, the members, the fixtures with their buttons, the seasons, and the
// parts the live table redraws in place (``liveParts``).
import { gameTitle } from "../api.js";
import { t } from "../i18n.js";
import { esc } from "../nodes.js";
import { bracketSvg } from "./bracket.js";
import { formatName, namesOf, nameOf, statusName } from "./common.js";
import { championHtml, chartSvg, positionsByRound, tableHtml } from "./table.js";

const OPEN = ["scheduled", "postponed", "playing"];

const organiser = (state) => state.c.organiser === state.mine;
const myMember = (state) => state.c.members.find((m) => m.user === state.mine && m.status === "accepted")?.id;

function names(state) {
  const n = namesOf(state.table, state.bracket);
  for (const m of state.c.members) n[m.id] ??= { user: m.user, team: m.team_name };
  return n;
}

function header(c) {
  return `<h1 id="competition-name">${esc(c.name)}</h1>
    <p class="meta">${esc(gameTitle(c.game))} · ${esc(formatName(c.format))} · ${esc(t("cSeasonN", { n: c.season }))} · <span id="competition-status" data-status="${esc(c.status)}">${esc(statusName(c.status))}</span></p>
    <p class="meta">${esc(t("cOrganisedBy", { name: c.organiser }))}${!["series", "cup"].includes(c.format) ? ` · ${esc(t("cPointsRule", { w: c.points.split("-")[0], d: c.points.split("-")[1], l: c.points.split("-")[2] }))} · ${esc(t(`cOrder_${c.tie_break}`))}` : ""}</p>`;
}

export function membersSection(state) {
  const c = state.c;
  const rows = c.members.map((m) => `<li><span class="n">${esc(m.team_name || m.user)}</span>${m.team_name ? ` <span class="s">${esc(m.user)}</span>` : ""} · <span class="s member-status" data-user="${esc(m.user)}">${esc(t(`cMember_${m.status}`))}</span></li>`).join("");
  return `<section aria-labelledby="members-h" id="members"><h2 id="members-h">${t("cMembers")}</h2><ul class="list members">${rows}</ul>
    ${c.status === "open" && organiser(state) ? `<form id="invite-more" class="row"><label>${t("cInviteOne")}<input name="user" autocapitalize="none" autocomplete="off" required></label><button class="secondary" type="submit">${t("cInviteButton")}</button></form>
      <button class="primary" id="draw">${t("cDraw")}</button><p class="note">${t("cDrawNote")}</p>` : ""}
    ${c.status === "open" && !organiser(state) ? `<p class="note">${t("cWaitingForDraw")}</p>` : ""}
    <div id="members-error"></div></section>`;
}

function fixtureRow(state, f, n) {
  const me_ = myMember(state);
  const day = f.stage === "day";
  const both = day || (f.home != null && f.away != null);
  const people = day && !f.seats.length ? esc(t("cAllMembers")) : day ? f.seats.map((m, i) => `${esc(nameOf(n, m))}${f.scores ? ` ${f.scores[i]}` : ""}`).join(" · ")
    : `${esc(nameOf(n, f.home))} – ${esc(nameOf(n, f.away))}${f.scores ? ` <strong class="score">${f.scores[0]}:${f.scores[1]}</strong>` : ""}`;
  const state_ = f.walkover ? t("cWalkover") : t(`cFixture_${f.status}`);
  // a match day not begun: all members at the table (the API's default)
  const everyone = state.c.members.filter((m) => m.status === "accepted").map((m) => m.id);
  const seats = day ? (f.seats.length ? f.seats : everyone) : [f.home, f.away];
  const playable = both && OPEN.includes(f.status) && me_ != null && seats.includes(me_);
  const orgTools = organiser(state) && both && OPEN.includes(f.status) && f.stage !== "day";
  return `<li class="fixture" data-fixture="${f.id}" data-status="${esc(f.status)}"><span class="n">${people}</span>
    <span class="s">${esc(state_)}${f.date ? ` · ${esc(new Date(f.date).toLocaleDateString())}` : ""}${f.stage === "cup" && f.group == null && state.c.format === "groups_cup" ? ` · ${esc(t("cCupStage"))}` : ""}</span>
    ${playable ? `<button class="primary play-now" data-play="${f.id}">${t(f.status === "playing" ? "cToMatch" : "cPlayNow")}</button>` : ""}
    ${!playable && f.match && f.status === "playing" ? `<a class="button secondary" href="#/match/${f.match}">${t("cWatch")}</a>` : ""}
    ${f.match && (f.status === "played") ? `<a class="button secondary" href="#/replay/${f.match}">${t("cReplay")}</a>` : ""}
    ${orgTools ? `<details class="org"><summary>${t("cOrganiserTools")}</summary>
      <label>${t("cWalkoverTo")}<select name="winner">${[f.home, f.away].map((m) => `<option value="${m}">${esc(nameOf(n, m))}</option>`).join("")}</select></label><div class="row">
      <button class="secondary" data-walkover="${f.id}">${t("cAwardWalkover")}</button>
      ${f.status === "scheduled" ? `<button class="secondary" data-postpone="${f.id}">${t("cPostpone")}</button>` : ""}</div></details>` : ""}
    <div class="fixture-error"></div></li>`;
}

function fixturesSection(state) {
  const n = names(state);
  if (!state.rounds.length) return "";
  const title = (r) => (state.c.format === "series" ? t("cDayN", { n: r.round }) : t("cRoundN", { n: r.round }));
  // open: the first round still to play, and every round with a fixture of mine to play
  const me_ = myMember(state);
  const toPlay = (f) => OPEN.includes(f.status);
  const current = state.rounds.find((r) => r.fixtures.some(toPlay))?.round;
  const shown = (r) => r.round === current || r.fixtures.some((f) => toPlay(f) && me_ != null && (f.home === me_ || f.away === me_ || f.stage === "day"));
  return `<section aria-labelledby="fixtures-h" id="fixtures"><h2 id="fixtures-h">${t("cFixtures")}</h2>
    ${state.rounds.map((r) => `<details class="round" data-round="${r.round}" ${shown(r) ? "open" : ""}><summary>${esc(title(r))}</summary>
      <ul class="list">${r.fixtures.map((f) => fixtureRow(state, f, n)).join("")}</ul></details>`).join("")}</section>`;
}

function seasonsSection(state) {
  const c = state.c;
  const links = [
    c.previous ? `<a class="button secondary" id="previous-season" href="#/competitions/${c.previous}">${t("cPreviousSeason")}</a>` : "",
    c.next ? `<a class="button secondary" id="next-season-link" href="#/competitions/${c.next}">${t("cNextSeasonLink")}</a>` : "",
    c.status === "finished" && !c.next && organiser(state) ? `<button class="primary" id="next-season">${t("cNextSeason")}</button>` : "",
  ].filter(Boolean).join("");
  return links ? `<section aria-labelledby="seasons-h" id="seasons"><h2 id="seasons-h">${t("cSeasons")}</h2><div class="row">${links}</div><div id="season-error"></div></section>` : "";
}

// the parts the live table changes, drawn again in place
export function liveParts(state) {
  const n = names(state);
  const byId = {};
  for (const r of state.rounds) for (const f of r.fixtures) byId[f.id] = f;
  const drawn = state.c.status !== "open" && state.table;
  const chart = drawn && state.c.format !== "cup" ? chartSvg(positionsByRound(state.table), n) : "";
  const cup = state.bracket ? bracketSvg(state.bracket, byId, n) : "";
  return {
    "#season-end-slot": drawn ? championHtml(state.table, n) : "",
    "#table-slot": drawn && state.c.format !== "cup" ? `<section aria-labelledby="table-h"><h2 id="table-h">${t("cTable")}</h2>${tableHtml(state.table, state.mine)}</section>` : "",
    "#bracket-slot": cup ? `<section aria-labelledby="bracket-h"><h2 id="bracket-h">${t("cBracket")}</h2>${cup}</section>` : "",
    "#chart-slot": chart ? `<section aria-labelledby="chart-h"><h2 id="chart-h">${t("cPositions")}</h2>${chart}</section>` : "",
    "#fixtures-slot": fixturesSection(state),
    "#seasons-slot": seasonsSection(state),
    "#head-slot": header(state.c),
  };
}
