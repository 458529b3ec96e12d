// A competition: its members (before the draw: who answered, the organiser's draw), the
// table live from the competition's stream (the fixtures read again when it changes), the
// champion and awards when the season ends, the cup's bracket, the chart of positions, the
// fixtures by round with "Play now" (then the match screen) and the organiser's walkover and
// postponement, the seasons before and after and the organiser's "Next season".
import { api, gameTitle, games, newKey } from "../api.js";
import { t } from "../i18n.js";
import { esc } from "../nodes.js";
import { bracketSvg } from "./bracket.js";
import { followTable, formatName, me, namesOf, nameOf, statusName } from "./common.js";
import { championHtml, chartSvg, positionsByRound, tableHtml } from "./table.js";

const OPEN = ["scheduled", "postponed", "playing"];

export async function competitionScreen(id, { main, show, nav, isCurrent, onLeave, errorBox }) {
  await games();
  const [detail, table, fixtures, bracket] = await Promise.all([
    api(`competitions/${id}/`), api(`competitions/${id}/table/`), api(`competitions/${id}/fixtures/`), api(`competitions/${id}/bracket/`),
  ].map((p) => p.catch(() => ({}))));
  if (!isCurrent()) return;
  if (!detail.ok) {
    show(`${nav("competitions")}<p class="refused" role="alert" id="missing">${esc(detail.status === 404 ? t("cMissing") : detail.data?.message || t("offline"))}</p><a class="button secondary" href="#/competitions">${t("cMine")}</a>`, t("cMine"));
    return;
  }
  const state = { c: detail.data, table: table.data, rounds: fixtures.data?.rounds || [], bracket: bracket.ok ? bracket.data : null };
  const mine = me();
  const organiser = () => state.c.organiser === mine;
  const myMember = () => state.c.members.find((m) => m.user === mine && m.status === "accepted")?.id;
  const names = () => {
    const n = namesOf(state.table, state.bracket);
    for (const m of state.c.members) n[m.id] ??= { user: m.user, team: m.team_name };
    return n;
  };

  const header = () => {
    const c = state.c;
    return `<h1 id="competition-name">${esc(c.name)}</h1>
      <p class="meta">${esc(gameTitle(c.game))} · ${esc(formatName(c.format))} · ${esc(t("cSeasonN", { n: c.season }))} · <span id="competition-status" data-status="${esc(c.status)}">${esc(statusName(c.status))}</span></p>
      <p class="meta">${esc(t("cOrganisedBy", { name: c.organiser }))}${!["series", "cup"].includes(c.format) ? ` · ${esc(t("cPointsRule", { w: c.points.split("-")[0], d: c.points.split("-")[1], l: c.points.split("-")[2] }))} · ${esc(t(`cOrder_${c.tie_break}`))}` : ""}</p>`;
  };

  const membersSection = () => {
    const c = state.c;
    const rows = c.members.map((m) => `<li><span class="n">${esc(m.team_name || m.user)}</span>${m.team_name ? ` <span class="s">${esc(m.user)}</span>` : ""} · <span class="s member-status" data-user="${esc(m.user)}">${esc(t(`cMember_${m.status}`))}</span></li>`).join("");
    return `<section aria-labelledby="members-h" id="members"><h2 id="members-h">${t("cMembers")}</h2><ul class="list members">${rows}</ul>
      ${c.status === "open" && organiser() ? `<form id="invite-more" class="row"><label>${t("cInviteOne")}<input name="user" autocapitalize="none" autocomplete="off" required></label><button class="secondary" type="submit">${t("cInviteButton")}</button></form>
        <button class="primary" id="draw">${t("cDraw")}</button><p class="note">${t("cDrawNote")}</p>` : ""}
      ${c.status === "open" && !organiser() ? `<p class="note">${t("cWaitingForDraw")}</p>` : ""}
      <div id="members-error"></div></section>`;
  };

  const fixtureRow = (f, n) => {
    const me_ = myMember();
    const day = f.stage === "day";
    const both = day || (f.home != null && f.away != null);
    const people = day && !f.seats.length ? esc(t("cAllMembers")) : day ? f.seats.map((m, i) => `${esc(nameOf(n, m))}${f.scores ? ` ${f.scores[i]}` : ""}`).join(" · ")
      : `${esc(nameOf(n, f.home))} – ${esc(nameOf(n, f.away))}${f.scores ? ` <strong class="score">${f.scores[0]}:${f.scores[1]}</strong>` : ""}`;
    const state_ = f.walkover ? t("cWalkover") : t(`cFixture_${f.status}`);
    // a match day not begun: all members at the table (the API's default)
    const everyone = state.c.members.filter((m) => m.status === "accepted").map((m) => m.id);
    const seats = day ? (f.seats.length ? f.seats : everyone) : [f.home, f.away];
    const playable = both && OPEN.includes(f.status) && me_ != null && seats.includes(me_);
    const orgTools = organiser() && both && OPEN.includes(f.status) && f.stage !== "day";
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
  };

  const fixturesSection = () => {
    const n = names();
    if (!state.rounds.length) return "";
    const title = (r) => (state.c.format === "series" ? t("cDayN", { n: r.round }) : t("cRoundN", { n: r.round }));
    // open: the first round still to play, and every round with a fixture of mine to play
    const me_ = myMember();
    const toPlay = (f) => OPEN.includes(f.status);
    const current = state.rounds.find((r) => r.fixtures.some(toPlay))?.round;
    const shown = (r) => r.round === current || r.fixtures.some((f) => toPlay(f) && me_ != null && (f.home === me_ || f.away === me_ || f.stage === "day"));
    return `<section aria-labelledby="fixtures-h" id="fixtures"><h2 id="fixtures-h">${t("cFixtures")}</h2>
      ${state.rounds.map((r) => `<details class="round" data-round="${r.round}" ${shown(r) ? "open" : ""}><summary>${esc(title(r))}</summary>
        <ul class="list">${r.fixtures.map((f) => fixtureRow(f, n)).join("")}</ul></details>`).join("")}</section>`;
  };

  const seasonsSection = () => {
    const c = state.c;
    const links = [
      c.previous ? `<a class="button secondary" id="previous-season" href="#/competitions/${c.previous}">${t("cPreviousSeason")}</a>` : "",
      c.next ? `<a class="button secondary" id="next-season-link" href="#/competitions/${c.next}">${t("cNextSeasonLink")}</a>` : "",
      c.status === "finished" && !c.next && organiser() ? `<button class="primary" id="next-season">${t("cNextSeason")}</button>` : "",
    ].filter(Boolean).join("");
    return links ? `<section aria-labelledby="seasons-h" id="seasons"><h2 id="seasons-h">${t("cSeasons")}</h2><div class="row">${links}</div><div id="season-error"></div></section>` : "";
  };

  // the parts the live table changes, drawn again in place
  const liveParts = () => {
    const n = names();
    const byId = {};
    for (const r of state.rounds) for (const f of r.fixtures) byId[f.id] = f;
    const drawn = state.c.status !== "open" && state.table;
    const chart = drawn && state.c.format !== "cup" ? chartSvg(positionsByRound(state.table), n) : "";
    const cup = state.bracket ? bracketSvg(state.bracket, byId, n) : "";
    return {
      "#season-end-slot": drawn ? championHtml(state.table, n) : "",
      "#table-slot": drawn && state.c.format !== "cup" ? `<section aria-labelledby="table-h"><h2 id="table-h">${t("cTable")}</h2>${tableHtml(state.table, mine)}</section>` : "",
      "#bracket-slot": cup ? `<section aria-labelledby="bracket-h"><h2 id="bracket-h">${t("cBracket")}</h2>${cup}</section>` : "",
      "#chart-slot": chart ? `<section aria-labelledby="chart-h"><h2 id="chart-h">${t("cPositions")}</h2>${chart}</section>` : "",
      "#fixtures-slot": fixturesSection(),
      "#seasons-slot": seasonsSection(),
      "#head-slot": header(),
    };
  };

  const render = () => {
    const parts = liveParts();
    show(`${nav("competitions")}<div id="head-slot">${parts["#head-slot"]}</div>
      <div id="season-end-slot">${parts["#season-end-slot"]}</div>
      ${state.c.status === "open" ? membersSection() : ""}
      <div id="table-slot">${parts["#table-slot"]}</div><div id="bracket-slot">${parts["#bracket-slot"]}</div>
      <div id="fixtures-slot">${parts["#fixtures-slot"]}</div><div id="chart-slot">${parts["#chart-slot"]}</div>
      <div id="seasons-slot">${parts["#seasons-slot"]}</div>
      ${state.c.status !== "open" ? `<details class="members-all"><summary>${t("cMembers")}</summary>${membersSection()}</details>` : ""}`, state.c.name);
    bind(main);
  };

  const redraw = () => {
    const parts = liveParts();
    for (const [slot, content] of Object.entries(parts)) {
      const el = main.querySelector(slot);
      if (!el) continue;
      // a round opened or closed by hand stays so
      const open = [...el.querySelectorAll("details[data-round]")].map((d) => [d.dataset.round, d.open]);
      el.innerHTML = content;
      for (const [round, on] of open) { const d = el.querySelector(`details[data-round="${round}"]`); if (d) d.open = on; }
      bind(el);
    }
  };

  const failed = (box, data) => { if (box) box.innerHTML = errorBox(data?.message || t("tryAgain")); };

  function bind(root) {
    root.querySelector("#draw")?.addEventListener("click", async () => {
      const { ok, data } = await api(`competitions/${id}/draw/`, { method: "POST", body: {} });
      if (!ok) { failed(main.querySelector("#members-error"), data); return; }
      await reload();
      render();
    });
    root.querySelector("#invite-more")?.addEventListener("submit", async (e) => {
      e.preventDefault();
      const user = e.target.elements.user.value.trim();
      const { ok, data } = await api(`competitions/${id}/members/`, { method: "POST", body: { user } });
      if (!ok) { failed(main.querySelector("#members-error"), data); return; }
      await reload();
      render();
    });
    for (const b of root.querySelectorAll("[data-play]")) {
      b.addEventListener("click", async () => {
        b.disabled = true;
        const { ok, data } = await api(`competitions/fixtures/${b.dataset.play}/play/`, { method: "POST", body: {}, key: newKey() });
        b.disabled = false;
        if (!ok) { failed(b.closest("li").querySelector(".fixture-error"), data); return; }
        location.hash = `#/match/${data.match.id}`;
      });
    }
    for (const b of root.querySelectorAll("[data-walkover]")) {
      b.addEventListener("click", async () => {
        const li = b.closest("li");
        const winner = Number(li.querySelector("select[name=winner]").value);
        const { ok, data } = await api(`competitions/fixtures/${b.dataset.walkover}/walkover/`, { method: "POST", body: { winner } });
        if (!ok) { failed(li.querySelector(".fixture-error"), data); return; }
        await refreshFixtures();
      });
    }
    for (const b of root.querySelectorAll("[data-postpone]")) {
      b.addEventListener("click", async () => {
        const li = b.closest("li");
        const { ok, data } = await api(`competitions/fixtures/${b.dataset.postpone}/postpone/`, { method: "POST", body: {} });
        if (!ok) { failed(li.querySelector(".fixture-error"), data); return; }
        await refreshFixtures();
      });
    }
    root.querySelector("#next-season")?.addEventListener("click", async () => {
      const { ok, data } = await api(`competitions/${id}/next-season/`, { method: "POST" });
      if (!ok) { failed(main.querySelector("#season-error"), data); return; }
      location.hash = `#/competitions/${data.id}`;
    });
  }

  async function reload() {
    const [d, f] = await Promise.all([api(`competitions/${id}/`), api(`competitions/${id}/fixtures/`)]);
    if (d.ok) state.c = d.data;
    if (f.ok) state.rounds = f.data.rounds;
  }

  async function refreshFixtures() {
    const f = await api(`competitions/${id}/fixtures/`).catch(() => ({}));
    if (!isCurrent()) return;
    if (f.ok) state.rounds = f.data.rounds;
    redraw();
  }

  render();
  // The table as it changes: the stream's message carries the table and the bracket; the
  // fixtures (new ties, a result's score) are read once per change.
  let first = true;
  const stop = followTable(id, async (message) => {
    if (!isCurrent()) return;
    const wasOpen = state.c.status === "open";
    state.table = message.table;
    state.bracket = message.bracket;
    const statusChanged = message.status !== state.c.status;
    state.c = { ...state.c, status: message.status };
    if (first && !statusChanged) { first = false; redraw(); return; }
    first = false;
    if (statusChanged || wasOpen) { await reload(); if (isCurrent()) render(); return; }
    redraw();
    await refreshFixtures();
  });
  onLeave(stop);
}
