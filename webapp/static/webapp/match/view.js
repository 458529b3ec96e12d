// The match screen drawn from its state (state.js): the panels, the picture and the commands,
// and what a tap on them does (through `ui`, the screen's actions by name); the picture's
// players and pieces that stand for a choice; the face-down cards watched while this phone waits.
import { sideLabel, t } from "../i18n.js";
import { pictureTargets } from "../moves.js";
import { readParts, setLogsBoth } from "../turns.js";
import { errorBox, html, main, nav, show } from "../shell.js";
import { keepOffer } from "../join.js";
import { header, lastMovePanel, movesPanel, queuePanel } from "./panels.js";
import { bindShare, sharePanel } from "./share.js";
import { shown } from "./state.js";

export function render(s, ui) {
  if (!s.match || !shown(s)) return;
  // the picture folded away with one tap (and back): the phone remembers it
  const folded = localStorage.getItem("pictureFolded") === "1";
  // in a match the tabs fold away under the picture: the hint and the choices keep the screen
  show(html`${header(s)}
      ${lastMovePanel(s)}
      ${s.error ? errorBox(s.error) : ""}
      ${queuePanel(s)}
      ${movesPanel(s, ui)}
      <figure class="picture${folded ? " folded" : ""}"><button class="secondary fold" id="fold" aria-expanded="${!folded}" aria-controls="picture">${t(folded ? "unfoldPicture" : "foldPicture")}</button><div id="picture" class="pic" role="img" aria-label="${t("picture")}" data-seq="${s.pictureSeq ?? ""}">${s.picture || ""}</div></figure>
      ${sharePanel(s)}${keepOffer()}
      ${nav("")}
      <div class="row sticky"><button class="secondary" id="undo">${t("undo")}</button><button class="secondary" id="redo">${t("redo")}</button>
      <a class="secondary button" href="#/replay/${s.id}">${t("stepThrough")}</a></div>`, s.match.sides.map((x) => sideLabel(x.name)).join(" – "));
  // a button stands for the step it was drawn at: tapped after the phone's referee showed
  // another one (a quick second tap), it is not taken
  const drawnAt = s.localMoves;
  const current = () => drawnAt === s.localMoves;
  for (const b of main.querySelectorAll("button.move")) {
    b.addEventListener("click", () => { if (current()) ui.tap(Number(b.dataset.i), Number(b.dataset.r), Number(b.dataset.o)); });
  }
  for (const b of main.querySelectorAll("[data-unpick]")) {
    b.addEventListener("click", () => { s.pick.values[Number(b.dataset.unpick)] = null; if (s.pick.values.every((v) => v == null)) s.pick = null; ui.render(); });
  }
  const on = (id, event, then) => document.getElementById(id)?.addEventListener(event, then);
  on("up", "click", () => { ui.stepBack(); ui.render(); });
  on("as-before", "click", ui.setUpAsBefore);
  on("as-before-mine", "click", ui.setUpMineAsBefore);
  on("fold", "click", () => {
    if (folded) localStorage.removeItem("pictureFolded"); else localStorage.setItem("pictureFolded", "1");
    ui.render();
  });
  on("log-both", "change", (e) => { setLogsBoth(s.id, e.target.checked); ui.clearChoice(); ui.render(); });
  if (ui.turn().mode === "parts" || s.ownBefore) watchParts(s, ui);
  bindPicture(s, ui);
  bindShare(s, ui);
  on("undo", "click", () => ui.command("undo"));
  on("redo", "click", () => ui.command("redo"));
  on("send", "click", ui.sendQueue);
  for (const b of main.querySelectorAll("[data-resolve]")) b.addEventListener("click", () => ui.resolveProblem(b.dataset.resolve));
  ui.keepBackInside(ui.halfMade());
  ui.keepHalf();
  // a new step, or a level of a choice: its hint and choices in thumb reach, from the top
  // (offline the move shown counts the queue: the server's seq stays)
  const step = `${s.match.seq + s.pending.length + (s.queue?.actions.length || 0) + s.unqueued}/${s.path.join(".")}/${s.extra ? s.extra.title : ""}/${s.drawn.length}/${s.pick?.values.length ?? ""}`;
  if (step !== s.step) { s.step = step; window.scrollTo(0, 0); }
}

// whose face-down card is in (this phone's shown, the other's hidden), read every few seconds
// while this phone waits at such a step; the move the cards make comes in live
function watchParts(s, ui) {
  clearTimeout(s.partsTimer);
  s.partsTimer = setTimeout(async () => {
    if (!shown(s) || (ui.turn().mode !== "parts" && !s.ownBefore)) return;
    const seq = s.match.seq;
    const parts = await readParts(s.id).catch(() => null);
    if (!shown(s) || seq !== s.match.seq) return;
    const changed = JSON.stringify(parts) !== JSON.stringify(s.parts);
    s.parts = parts;
    if (changed) ui.render(); else watchParts(s, ui);
  }, s.parts?.seq === s.match.seq ? 2500 : 0);
}

// The players and pieces on the picture that stand for a choice at this step can be tapped
// (the buttons below stay for everyone who cannot see or tap the picture).
export function bindPicture(s, ui) {
  const svg = document.getElementById("picture")?.querySelector("svg");
  if (!svg) return;
  const targets = s.queue?.actions.length && !s.table ? new Map() : pictureTargets(ui.nodesAt());
  const keysOf = (el) => {
    const keys = [];
    if (el.dataset.piece) keys.push(`piece:${el.dataset.piece}`);
    if (el.dataset.number !== undefined) keys.push(`player:${el.dataset.side}:${el.dataset.number}`);
    if (el.dataset.field) keys.push(`field:${el.dataset.field}`);
    return keys;
  };
  for (const el of svg.querySelectorAll("[data-piece], [data-number], rect[data-field]")) {
    el.classList.toggle("target", keysOf(el).some((k) => targets.has(k)));
  }
  const drawnAt = s.localMoves;
  svg.onclick = (event) => {
    if (drawnAt !== s.localMoves) return; // drawn for a step gone by (see render)
    const el = event.target.closest("[data-piece], [data-number], [data-field]");
    if (!el) return;
    const key = keysOf(el).find((k) => targets.has(k));
    if (!key) return;
    const found = targets.get(key);
    if (found.length === 1) ui.activate(found[0]);
    else { s.extra = { title: s.extra?.title ?? found[0].title ?? t("move"), nodes: found }; s.extraFrom = s.extraFrom ? null : { key, steps: [] }; ui.render(); }
  };
}
