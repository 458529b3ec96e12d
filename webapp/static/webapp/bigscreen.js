// The big screen (/app/screen/<match>): a match for a television across the room, at
// 1920×1080. The score, large; the API's picture of the state with the last move marked;
// a ticker of the last events; the period and whose turn. Nothing to tap: it follows the
// match's stream (live.js) as the phones log it. A public match opens by its link; a
// private one only for its managers, signed in on this browser.
//
// Served by the app's own shell (webapp/urls.py) rather than a page of its own: the same
// modules say the moves (each game's module), the score and the result in the same words,
// and a manager signed in on the television's browser reads their private match.
import { api, pictureMarkup } from "./api.js";
import { sideLabel, t } from "./i18n.js";
import { esc } from "./nodes.js";
import { follow } from "./live.js";
import { actionLabel } from "./moves.js";
import { loadGame } from "./games.js";
import { resultText } from "./outcome.js";
import { isShown, main, onLeave, show } from "./shell.js";

const TICKER = 6; // the events the ticker shows, newest first

// The match of a big screen's path, or null.
export function screenOfPath() {
  const m = location.pathname.match(/^\/app\/screen\/(\d+)\/?$/);
  return m ? Number(m[1]) : null;
}

// "Half 2", "Period 1", "Round 3", "Penalty shoot-out", from the state's summary
function periodText(summary) {
  if (!summary) return "";
  if (summary.shootout) return t("tvShootout");
  if (summary.half === 3) return t("tvExtraTime");
  if (Number.isInteger(summary.half)) return t("tvHalf", { n: summary.half });
  if (Number.isInteger(summary.period)) return t("tvPeriod", { n: summary.period });
  if (Number.isInteger(summary.round)) return t("tvRound", { n: summary.round });
  return "";
}

function turnLine(match, current) {
  if (match.status !== "in_progress") return resultText(match, current?.outcome || match.result);
  const moving = current?.to_move || [];
  if (moving.length > 1) return t("bothToAct");
  if (moving.length === 1) return t("whoseTurn", { name: sideLabel(moving[0].name) });
  return "";
}

const scoreOf = (summary) => (Array.isArray(summary?.score) ? summary.score : Array.isArray(summary?.totals) ? summary.totals : []);

// One line of the ticker: the move in the players' words, and what followed it first.
function tickerItem(match, event, state) {
  if (event.kind !== "action") return `<li data-seq="${event.seq}"><span class="what">${esc(t(event.kind === "undo" ? "tvUndone" : event.kind === "redo" ? "tvRedone" : "move"))}</span></li>`;
  const said = (event.effects || []).map((e) => e.text).filter(Boolean);
  return `<li data-seq="${event.seq}"><span class="what">${esc(actionLabel(match.game, event.action, match.sides, state))}</span>${said.length ? `<span class="then">${esc(said.slice(0, 2).join(" "))}</span>` : ""}</li>`;
}

export async function bigScreen(id, mine) {
  document.body.classList.add("tv");
  let match;
  let current;
  let events = [];
  const read = async () => {
    const [m, st] = await Promise.all([api(`matches/${id}/`), api(`matches/${id}/state/`)]);
    if (!m.ok) return m;
    match = m.data;
    current = st.ok ? st.data : null;
    return m;
  };
  let first;
  try {
    first = await read();
  } catch {
    show(`<p class="refused tv-said" role="alert" id="tv-missing">${t("offline")}</p>`, t("tvTitle"));
    return;
  }
  if (!isShown(mine)) return;
  if (!first.ok) {
    const said = first.status === 404 ? t("tvNoMatch") : first.data?.message || t("tryAgain");
    show(`<p class="refused tv-said" role="alert" id="tv-missing">${esc(said)}</p>`, t("tvTitle"));
    return;
  }
  await loadGame(match.game);
  const page = await api(`matches/${id}/events/?after=${Math.max(0, match.seq - TICKER)}`).catch(() => null);
  events = (page?.data?.results || []).filter((e) => !e.voided).slice(-TICKER);
  if (!isShown(mine)) return;
  const names = match.sides.map((s) => esc(sideLabel(s.name)));
  show(`<div class="tv-screen" id="tv" data-seq="${match.seq}">
    <header class="tv-head"><h1 class="tv-names">${names.join(" <span class=\"vs\">–</span> ")}</h1>
      <p class="tv-score" id="tv-score" aria-label="${t("score")}"></p>
      <p class="tv-period" id="tv-period"></p><p class="tv-turn" id="tv-turn" aria-live="polite"></p></header>
    <figure class="tv-picture" id="tv-picture" role="img" aria-label="${t("picture")}"></figure>
    <section class="tv-ticker" aria-label="${t("tvTicker")}"><ol id="tv-ticker" aria-live="polite"></ol></section>
  </div>`, match.sides.map((s) => sideLabel(s.name)).join(" – "));

  let drawing = 0;
  const draw = () => {
    const tv = document.getElementById("tv");
    if (!tv || !isShown(mine)) return;
    tv.dataset.seq = match.seq;
    tv.dataset.status = match.status;
    const score = scoreOf(current?.summary || match.summary);
    const scoreBox = document.getElementById("tv-score");
    scoreBox.textContent = score.length === 2 ? score.join(" : ") : score.join(" · ");
    scoreBox.hidden = !score.length;
    document.getElementById("tv-period").textContent = match.status === "in_progress" ? periodText(current?.summary) : "";
    document.getElementById("tv-turn").textContent = turnLine(match, current);
    const ticker = document.getElementById("tv-ticker");
    ticker.innerHTML = events.slice().reverse().map((e) => tickerItem(match, e, current?.state)).join("");
    // the oldest lines that would be cut at the screen's foot are left out, whole
    const room = ticker.parentElement.getBoundingClientRect().bottom;
    while (ticker.children.length > 1 && ticker.lastElementChild.getBoundingClientRect().bottom > room) ticker.lastElementChild.remove();
  };
  const picture = async () => {
    const step = ++drawing;
    const markup = await pictureMarkup(`matches/${id}/svg/`).catch(() => null);
    if (markup && step === drawing && isShown(mine)) {
      const box = document.getElementById("tv-picture");
      box.innerHTML = markup;
      box.dataset.seq = match.seq;
    }
  };
  draw();
  picture();

  // each event appears at once in the ticker; the score, the turn and the picture follow
  // as soon as the state is read again
  let again = null;
  const stop = follow(id, match.seq, (event) => {
    if (event.kind === "undo") events = events.filter((e) => e.seq !== event.target_seq); // the move taken back
    events = [...events, event].slice(-TICKER);
    match = { ...match, seq: Math.max(match.seq, event.seq) };
    draw();
    clearTimeout(again);
    again = setTimeout(async () => {
      try { await read(); } catch { return; }
      draw();
      picture();
    }, 60);
  });
  onLeave(() => { stop(); clearTimeout(again); document.body.classList.remove("tv"); });
  main.focus({ preventScroll: true });
}
