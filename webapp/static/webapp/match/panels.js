// The match screen's panels, drawn from its state: the header (sides, score, whose turn), the
// last move, the offline queue, and the moves to tap at this step.
import { gameTitle } from "../api.js";
import { sideLabel, t } from "../i18n.js";
import { esc } from "../nodes.js";
import { sameJSON } from "../same.js";
import { actionLabel, pictureTargets } from "../moves.js";
import { gameOf } from "../games.js";
import { resultText } from "../outcome.js";
import { logsBoth, sharedTable, waitingLine } from "../turns.js";

export function header(s) {
  const m = s.match;
  const summary = s.current?.summary || m.summary || {};
  const legal = s.current?.legal;
  const actor = legal?.actor;
  // both choose face down: once a part is in, the sides still to choose (both phones alike)
  const parts = s.parts?.seq === m.seq ? s.parts.parts : [];
  const open = parts.some((p) => p.chosen) ? parts.filter((p) => !p.chosen).map((p) => sideLabel(m.sides[p.side]?.name ?? "")) : [];
  const both = (actor === null || actor === undefined) && !open.length;
  const who = open.length ? open.join(", ") : both ? "" : sideLabel(m.sides[actor]?.name ?? "");
  const score = Array.isArray(summary.score) ? summary.score.join(" : ") : Array.isArray(summary.totals) ? summary.totals.join(" · ") : "";
  return `<header class="match-head" data-seq="${m.seq}" data-shown="${m.seq + s.pending.length + (s.queue?.actions.length || 0) + s.unqueued}" data-status="${m.status}" data-refereed="${s.table}" data-setup="${gameOf(m.game).settingUp(legal) ? 1 : 0}"><h1>${m.sides.map((x) => esc(sideLabel(x.name))).join(" – ")}</h1>
      <p class="meta"><span>${esc(gameTitle(m.game))}</span>${score ? ` · <span class="score" aria-label="${t("score")}">${esc(score)}</span>` : ""}</p>
      ${m.status === "in_progress" && (!s.queue?.actions.length || s.table) ? `<p class="turn" id="turn">${esc(both ? t("bothToAct") : t("whoseTurn", { name: who }))}</p>` : ""}</header>`;
}

// what followed the last move: two sentences on screen, any more folded under them (the
// hint and the next choices keep their place above the fold)
export function lastMovePanel(s) {
  if (!s.last) return "";
  const texts = s.last.texts;
  const said = `<p class="last">${esc(t("lastMove", { move: actionLabel(s.match.game, s.last.action, s.match.sides, s.current?.state) }))}</p>`;
  if (!texts.length) return said;
  const item = (x) => `<li>${esc(x)}</li>`;
  const more = texts.length > 2 ? `<li><details><summary>${esc(t("moreEffects", { n: texts.length - 2 }))}</summary><ul>${texts.slice(2).map(item).join("")}</ul></details></li>` : "";
  return `${said}<ul class="effects">${texts.slice(0, 2).map(item).join("")}${more}</ul>`;
}

// Where the moves are, in one place (one status, never two that disagree): every move stored;
// moves checked here and being stored (the phone's referee ahead of the server); or moves
// queued while the server cannot be reached, with what the phone's referee made of them.
export function queuePanel(s) {
  const q = s.queue;
  if ((!q || !q.actions.length) && s.pending.length) return `<p class="storing" id="queue-state" role="status">${t("refStoring")}</p>`;
  if (!q || !q.actions.length) return `<p class="stored" id="queue-state" role="status">${t("pendingNone")}</p>`;
  const note = s.note ? `<p class="referee-note">${esc(s.note)}</p>` : "";
  let problem = "";
  if (q.problem?.status === 409) {
    const n = (q.problem.details?.current_seq ?? q.baseSeq) - q.baseSeq;
    problem = `<div class="refused" role="alert">${esc(t("conflictTheirs", { n }))} ${esc(t("conflictMine", { n: q.actions.length }))}</div>
        <div class="row"><button class="primary" data-resolve="append">${t("conflictAppend")}</button><button class="secondary" data-resolve="discard">${t("discardMine")}</button></div>`;
  } else if (q.problem) {
    const i = (q.problem.details?.index ?? 0) + 1;
    problem = `<div class="refused" role="alert">${esc(t("batchRefused", { i, message: q.problem.message || "" }))}</div>
        <div class="row"><button class="primary" data-resolve="drop">${t("dropFrom", { i })}</button></div>`;
  }
  // a queue of any length takes the same few lines: its moves folded under one line, the
  // hint and the next choices below keep their place on the screen
  const send = !q.problem ? `<button class="secondary" id="send">${t("sendNow")}</button>` : "";
  return `<section class="queue" id="queue-state" aria-live="polite"><h2>${t("pending", { n: q.actions.length })}</h2>${note}
      <div class="queue-foot"><details class="queued"><summary>${t("queuedMoves")}</summary><ol>${q.actions.map((a) => `<li>${esc(actionLabel(s.match.game, a, s.match.sides, s.current?.state))}</li>`).join("")}</ol></details>${send}</div>
      ${problem}</section>`;
}

const isCard = (face) => face?.startsWith('<span class="card');
// a face-down part is pressed while it is the one in (tapping another changes it)
const pressed = (n) => (n.part ? ` aria-pressed="${Boolean(n.chosen)}"` : "");
const button = (n, i, extra = "") => `<button class="${n.face ? "move face" : "move"}${n.chosen ? " chosen" : ""}" data-i="${i}"${extra}${pressed(n)} aria-label="${esc(n.label)}">${n.face || ""}<span class="lbl">${esc(n.label)}</span></button>`;

// This phone's face-down part in at this step, as the server keeps it (null: none yet).
function partIn(s, now) {
  if (now.mode !== "parts" || s.parts?.seq !== s.match.seq) return null;
  return s.parts.parts.find((p) => p.side === now.side && p.chosen)?.part ?? null;
}

// a two-part choice: every part's row at once; a part picked shows as a button to take it back
function pairRows(s, n, i) {
  const values = s.pick?.i === i ? s.pick.values : [];
  return n.pair.rows(values).map((row, r) => {
    const head = `<p class="group">${esc(row.title)}</p>`;
    if (values[r] != null) {
      const chosen = row.options.find((o) => sameJSON(o.value, values[r]));
      return `${head}<button class="secondary picked" data-unpick="${r}" aria-pressed="true">${chosen?.face || ""}<span>${esc(chosen?.label ?? "")}</span></button>`;
    }
    const rowFaces = row.options.length > 4 && row.options.every((o) => isCard(o.face));
    return `${head}<ul class="grid${rowFaces ? " faces" : ""}">${row.options.map((o, k) => `<li>${button(o, i, ` data-r="${r}" data-o="${k}"`)}</li>`).join("")}</ul>`;
  }).join("");
}

// The buttons of this level: card faces a row of four (Amigo's, ten), any other choice beside
// them in a list below; card faces say what they are, a piece's token needs its words beside it.
function moveLists(s, nodes, group) {
  const cards = nodes.filter((n) => isCard(n.face));
  const faces = cards.length > 4 && cards.length >= nodes.length - 2 && !nodes.some((n) => n.pair);
  const small = faces && cards.every((n) => n.face.startsWith('<span class="card amigo'));
  let last = group;
  const items = (wanted) => nodes.map((n, i) => {
    if (!wanted(n)) return "";
    if (n.pair) return `</ul>${pairRows(s, n, i)}<ul class="grid">`;
    const head = n.group && n.group !== last ? `<li class="row-head">${esc(n.group)}</li>` : "";
    last = n.group || last;
    return `${head}<li>${button(n, i)}</li>`;
  }).join("");
  return faces
    ? `<ul class="grid faces${small ? " small" : ""}">${items((n) => isCard(n.face))}</ul><ul class="grid">${items((n) => !isCard(n.face))}</ul>`
    : `<ul class="grid">${items(() => true)}</ul>`;
}

// The set-up again as before: one batch on a phone that logs both sides; with a phone each,
// this side's set-up as before, one tap, whoever's turn it is.
function asBeforeLines(s, offline) {
  const open = !s.path.length && !s.extra && !offline;
  const again = s.asBefore && open
    ? `<button class="primary as-before" id="as-before">${esc(t("tkAsBefore", { n: s.asBefore.length }))}</button>` : "";
  const parts = s.parts?.seq === s.match.seq ? s.parts.parts : [];
  const ownIn = s.ownBefore && parts.some((p) => p.side === s.ownBefore.side && p.chosen);
  const othersIn = s.ownBefore && parts.some((p) => p.side !== s.ownBefore.side && p.chosen);
  const others = s.match.sides.filter((x) => x.position !== s.ownBefore?.side).map((x) => sideLabel(x.name)).join(", ");
  const mineAgain = s.ownBefore && open && !ownIn
    ? `<button class="primary as-before" id="as-before-mine">${esc(t("tkMineAsBefore", { n: s.ownBefore.part.places.length }))}</button>` : "";
  const setUpLine = ownIn ? t("tkSetUpIn", { name: others }) : othersIn ? t("tkTheySetUp", { name: others }) : "";
  return { again, mineAgain, setUpLine };
}

// A finished public match's report, a page to share (its picture is the link's preview in a
// messenger); a private match has no public report.
function reportLink(match) {
  if (match.status !== "finished" || match.visibility !== "public") return "";
  return `<p class="report"><a id="report-link" href="/matches/${match.id}/report/" target="_blank" rel="noopener">${esc(t("matchReport"))}</a></p>`;
}

// half: the half-chosen move's part of the screen (its nodes at this step, whose turn it is)
export function movesPanel(s, half) {
  const legal = s.current?.legal;
  if (s.match.status !== "in_progress") return `<p class="over" id="over">${esc(resultText(s.match, s.current?.outcome || s.match.result))}</p>${reportLink(s.match)}`;
  const offline = s.queue && s.queue.actions.length && !s.table;
  let nodes = half.stepNodes();
  let title = offline ? t("unchecked") : legal?.hint || "";
  const now = half.turn();
  const waiting = now.mode === "all" ? "" : waitingLine(now, s.parts?.seq === s.match.seq ? s.parts : null, s.match.game, s.current?.state);
  for (const index of s.path) {
    const node = nodes[index];
    title = node.title;
    nodes = node.children();
  }
  if (s.extra) ({ title, nodes } = s.extra);
  const mine = partIn(s, now);
  if (mine && !s.path.length && !s.extra) nodes = nodes.map((n) => (n.part ? { ...n, chosen: sameJSON(n.part.part, mine) } : n));
  const tappable = pictureTargets(nodes).size > 0;
  const group = nodes.length && nodes.every((n) => n.group === nodes[0].group) ? nodes[0].group : "";
  const drawn = s.drawn.length ? `<p class="drawn" id="drawn">${esc(t("keeperDrawn", { cards: gameOf(s.match.game).drawnText(s.drawn) }))}</p>` : "";
  const kept = s.kept ? `<p class="kept" id="kept" role="status">${esc(t("halfKept"))}</p>` : "";
  const { again, mineAgain, setUpLine } = asBeforeLines(s, offline);
  // (a guest's phone logs its own side only: no account, no switch)
  const both = s.me && sharedTable(s.match, s.me) ? `<label class="log-both"><input type="checkbox" id="log-both" ${logsBoth(s.id) ? "checked" : ""}> ${t("logBoth")}</label>` : "";
  return `<section class="moves" aria-labelledby="hint">${waiting ? `<p class="waiting" id="waiting" aria-live="polite">${esc(waiting)}</p>` : ""}<p id="hint" class="hint">${esc(title)}</p>
      ${tappable ? `<p class="tap-hint">${t("tapPicture")}</p>` : ""}
      ${s.path.length || s.extra ? `<button class="secondary back" id="up">${t("back")}</button>` : ""}
      ${setUpLine ? `<p class="waiting" id="set-up-state" aria-live="polite">${esc(setUpLine)}</p>` : ""}${kept}${drawn}${again}${mineAgain}${group ? `<p class="group">${esc(group)}</p>` : ""}${moveLists(s, nodes, group)}${both}</section>`;
}
