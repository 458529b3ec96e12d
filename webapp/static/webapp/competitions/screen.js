// A competition: its members (before the draw: who answered, the organiser's draw), the
// table live from the competition's stream (the fixtures read again when it changes), the
// champion and awards when the season ends, the cup's bracket, the chart of positions, the
// fixtures by round with "Play now" (then the match screen) and the organiser's walkover and
// postponement, the seasons before and after and the organiser's "Next season".
import { api, games, newKey } from "../api.js";
import { t } from "../i18n.js";
import { esc } from "../nodes.js";
import { followTable, me } from "./common.js";
import { liveParts, membersSection } from "./sections.js";

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
  const state = { c: detail.data, table: table.data, rounds: fixtures.data?.rounds || [], bracket: bracket.ok ? bracket.data : null, mine: me() };

  const render = () => {
    const parts = liveParts(state);
    show(`${nav("competitions")}<div id="head-slot">${parts["#head-slot"]}</div>
      <div id="season-end-slot">${parts["#season-end-slot"]}</div>
      ${state.c.status === "open" ? membersSection(state) : ""}
      <div id="table-slot">${parts["#table-slot"]}</div><div id="bracket-slot">${parts["#bracket-slot"]}</div>
      <div id="fixtures-slot">${parts["#fixtures-slot"]}</div><div id="chart-slot">${parts["#chart-slot"]}</div>
      <div id="seasons-slot">${parts["#seasons-slot"]}</div>
      ${state.c.status !== "open" ? `<details class="members-all"><summary>${t("cMembers")}</summary>${membersSection(state)}</details>` : ""}`, state.c.name);
    bindActions(main, screen);
  };

  const redraw = () => {
    const parts = liveParts(state);
    for (const [slot, content] of Object.entries(parts)) {
      const el = main.querySelector(slot);
      if (!el) continue;
      // a round opened or closed by hand stays so
      const open = [...el.querySelectorAll("details[data-round]")].map((d) => [d.dataset.round, d.open]);
      el.innerHTML = content;
      for (const [round, on] of open) { const d = el.querySelector(`details[data-round="${round}"]`); if (d) d.open = on; }
      bindActions(el, screen);
    }
  };

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

  // what the actions need of the screen (bindActions)
  const screen = {
    id,
    main,
    failed: (box, data) => { if (box) box.innerHTML = errorBox(data?.message || t("tryAgain")); },
    changed: async () => { await reload(); render(); },
    fixturesChanged: refreshFixtures,
  };

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

// The actions under ``root``: each posts to the API; a refusal is shown in its own box, else
// the competition is read again and drawn (the draw, an invitation), the fixtures refreshed (a
// walkover, a postponement), or another screen opens (the match played, the next season).
function bindActions(root, { id, main, failed, changed, fixturesChanged }) {
  const post = async (box, path, body, then, key) => {
    const { ok, data } = await api(path, { method: "POST", body, key });
    if (ok) await then(data);
    else failed(box, data);
  };
  const membersError = () => main.querySelector("#members-error");
  root.querySelector("#draw")?.addEventListener("click", () => post(membersError(), `competitions/${id}/draw/`, {}, changed));
  root.querySelector("#invite-more")?.addEventListener("submit", (e) => {
    e.preventDefault();
    const user = e.target.elements.user.value.trim();
    return post(membersError(), `competitions/${id}/members/`, { user }, changed);
  });
  for (const b of root.querySelectorAll("[data-play]")) {
    b.addEventListener("click", async () => {
      b.disabled = true;
      const opened = (data) => { location.hash = `#/match/${data.match.id}`; };
      await post(b.closest("li").querySelector(".fixture-error"), `competitions/fixtures/${b.dataset.play}/play/`, {}, opened, newKey()).finally(() => { b.disabled = false; });
    });
  }
  for (const b of root.querySelectorAll("[data-walkover]")) {
    b.addEventListener("click", () => {
      const li = b.closest("li");
      const winner = Number(li.querySelector("select[name=winner]").value);
      return post(li.querySelector(".fixture-error"), `competitions/fixtures/${b.dataset.walkover}/walkover/`, { winner }, fixturesChanged);
    });
  }
  for (const b of root.querySelectorAll("[data-postpone]")) {
    b.addEventListener("click", () => post(b.closest("li").querySelector(".fixture-error"), `competitions/fixtures/${b.dataset.postpone}/postpone/`, {}, fixturesChanged));
  }
  root.querySelector("#next-season")?.addEventListener("click", () => post(main.querySelector("#season-error"), `competitions/${id}/next-season/`, undefined, (data) => { location.hash = `#/competitions/${data.id}`; }));
}
