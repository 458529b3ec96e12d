// Stats on the phone: the manager's page (record, rating, rating chart), the leaderboard,
// head-to-head against any manager on it, and the manager's team cards (pictures from the API,
// put in the page: the chart is drawn in the app's colours, light or dark).
import { api, gameKeys, gameTitle, pictureMarkup } from "./api.js";
import { t } from "./i18n.js";
import { esc } from "./nodes.js";

const list = (data) => (Array.isArray(data) ? data : data?.results || []);
const pct = (x) => `${Math.round((x || 0) * 100)} %`;

export async function statsScreen(main, show, nav, isCurrent, params) {
  const me = localStorage.getItem("username");
  const GAMES = await gameKeys();
  const game = GAMES.includes(params.get("game")) ? params.get("game") : GAMES[0];
  const opponent = params.get("opponent");
  const enc = encodeURIComponent;
  const [mine, board, cards, h2h] = await Promise.all([
    api(`stats/managers/${enc(me)}/?game=${game}`).catch(() => ({})),
    api(`stats/games/${game}/leaderboard/?sort=rating&page_size=20`).catch(() => ({})),
    api(`stats/teams/?game=${game}&manager=${enc(me)}&page_size=10`).catch(() => ({})),
    opponent ? api(`stats/head-to-head/?game=${game}&manager=${enc(me)}&opponent=${enc(opponent)}`).catch(() => ({})) : null,
  ]);
  if (!isCurrent()) return;
  const s = mine.ok ? list(mine.data).find((x) => x.game === game) : null;
  const record = (r) => `<dl class="record">
      <div><dt>${t("played")}</dt><dd>${r.played}</dd></div><div><dt>${t("won")}</dt><dd>${r.won}</dd></div>
      <div><dt>${t("drawn")}</dt><dd>${r.drawn}</dd></div><div><dt>${t("lost")}</dt><dd>${r.lost}</dd></div></dl>`;
  show(`${nav("stats")}<h1>${t("stats")}</h1>
    <fieldset class="toggles"><legend>${t("game")}</legend>${GAMES.map((g) => `<a class="button ${g === game ? "primary" : "secondary"}" href="#/stats?game=${g}" ${g === game ? 'aria-current="page"' : ""}>${esc(gameTitle(g))}</a>`).join("")}</fieldset>
    <section aria-labelledby="me-h"><h2 id="me-h">${esc(me)}</h2>
      ${s ? `${record(s)}<p>${t("winRate")}: <strong>${pct(s.win_rate)}</strong> · ${t("rating")}: <strong>${Math.round(s.rating)}</strong> (${t("best")}: ${Math.round(s.best_rating)}) · ${t("streak")}: <strong>${esc(s.current_streak || "–")}</strong></p>
        ${s.rival ? `<p>${t("rival")}: <a href="#/stats?game=${game}&opponent=${enc(s.rival)}">${esc(s.rival)}</a>${s.nemesis ? ` · ${t("nemesis")}: <a href="#/stats?game=${game}&opponent=${enc(s.nemesis)}">${esc(s.nemesis)}</a>` : ""}</p>` : ""}
        <figure class="picture"><div class="pic" id="rating-chart" role="img" aria-label="${t("ratingChart")}"></div></figure>` : `<p>${t("noStats")}</p>`}
    </section>
    ${h2h ? `<section aria-labelledby="h2h-h" id="h2h"><h2 id="h2h-h">${esc(me)} – ${esc(opponent)}</h2>${h2h.ok ? record(h2h.data.record) : `<p>${esc(h2h.data?.message || "")}</p>`}</section>` : ""}
    <section aria-labelledby="board-h"><h2 id="board-h">${t("leaderboard")}</h2>
      <ol class="board">${list(board.data).map((r, i) => `<li><a class="item" href="#/stats?game=${game}&opponent=${enc(r.manager)}"><span class="n">${i + 1}. ${esc(r.manager)}</span>
        <span class="s">${t("rating")} ${Math.round(r.rating)} · ${r.played} ${t("played").toLowerCase()} · ${pct(r.win_rate)}</span></a></li>`).join("") || `<li>${t("noStats")}</li>`}</ol></section>
    <section aria-labelledby="cards-h"><h2 id="cards-h">${t("teamCards")}</h2>
      <ul class="list">${list(cards.data).map((c) => `<li><figure class="picture"><div class="pic" data-card="${esc(c.card_svg)}" role="img" aria-label="${esc(t("teamCardOf", { name: c.name }))}"></div><figcaption>${esc(c.name)} · ${esc(c.form || "")}</figcaption></figure></li>`).join("") || `<li>${t("noStats")}</li>`}</ul></section>`, t("stats"));
  const draw = (box, markup) => { if (markup && box && isCurrent()) box.innerHTML = markup; };
  if (s) pictureMarkup(`stats/managers/${enc(me)}/rating.svg?game=${game}`).then((markup) => draw(document.getElementById("rating-chart"), markup));
  for (const box of main.querySelectorAll("[data-card]")) pictureMarkup(box.dataset.card).then((markup) => draw(box, markup));
}
