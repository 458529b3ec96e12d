// "Let a friend join", on the match screen of the match's creator while it runs: a code for a
// free side, shown as its QR code (large enough to scan from across the table) with its link,
// until it is used, cancelled or expired. The phone reads the code meanwhile (GET join/{code}/:
// reading uses nothing up); once used, the side is said to be the joined manager's or a
// guest's, and a guest's side can be taken back (DELETE guests/{side}/).
import { api, safeSvg } from "../api.js";
import { currentLanguage, sideLabel, t } from "../i18n.js";
import { esc } from "../nodes.js";
import { problemBox, problemText } from "../errors.js";
import { hostedGuests, setHostedGuest } from "../guest.js";
import { shown } from "./state.js";

const READ_EVERY = 3000; // ms between two reads of an open code (the `join` limit: 20 a minute)
const kept = (id) => JSON.parse(sessionStorage.getItem(`joinCode:${id}`) || "null");
const keep = (id, code) => (code ? sessionStorage.setItem(`joinCode:${id}`, JSON.stringify(code)) : sessionStorage.removeItem(`joinCode:${id}`));
const notes = new Map(); // match -> what the panel says once (the side taken, the code gone)

const hosting = (s) => s.match && s.me && s.match.created_by === s.me && s.match.status === "in_progress";

export function sharePanel(s) {
  if (!hosting(s)) return "";
  const guests = hostedGuests(s.id);
  const code = kept(s.id);
  const note = notes.get(s.id);
  const parts = [];
  if (note) parts.push(`<p class="kept" id="share-note" role="status">${esc(note)}</p>`);
  for (const side of s.match.sides.filter((x) => guests.has(x.position) && !x.user)) {
    parts.push(`<p class="guest-side" id="guest-side-${side.position}">${esc(t("guestPlays", { name: sideLabel(side.name) }))}</p>
      <button class="secondary" data-take-back="${side.position}">${esc(t("takeBack", { name: sideLabel(side.name) }))}</button>`);
  }
  if (code) {
    const until = new Date(code.expires_at).toLocaleTimeString(currentLanguage(), { hour: "2-digit", minute: "2-digit" });
    parts.push(`<figure class="qr" id="join-qr" data-code-id="${code.id}">${safeSvg(code.qr_svg) || ""}<figcaption>${esc(t("scanToJoin", { name: sideLabel(code.side_name) }))}</figcaption></figure>
      <p class="join-link"><a id="join-link" href="${esc(code.link)}">${esc(code.url)}</a></p>
      <p class="note">${esc(t("codeUntil", { time: until }))}</p>
      <button class="secondary" id="join-cancel">${t("cancel")}</button>`);
  } else {
    const free = s.match.sides.filter((x) => !x.user && !guests.has(x.position));
    for (const side of free) {
      const label = free.length > 1 ? t("letFriendJoinSide", { name: sideLabel(side.name) }) : t("letFriendJoin");
      parts.push(`<button class="secondary" data-share-side="${side.position}">${esc(label)}</button>`);
    }
  }
  if (!parts.length) return "";
  return `<section class="share" id="share" aria-label="${t("letFriendJoin")}"><div id="share-error"></div>${parts.join("")}</section>`;
}

export function bindShare(s, ui) {
  const box = document.getElementById("share");
  if (!box) return;
  const id = s.id;
  const failed = (status, data) => { document.getElementById("share-error").innerHTML = problemBox(t("shareFailed"), problemText(status, data)); };
  for (const b of box.querySelectorAll("[data-share-side]")) {
    b.addEventListener("click", async () => {
      b.disabled = true;
      notes.delete(id);
      try {
        const { ok, status, data } = await api(`matches/${id}/join-codes/`, { method: "POST", body: { side: Number(b.dataset.shareSide) } });
        if (!ok) { failed(status, data); b.disabled = false; return; }
        keep(id, data);
        ui.render();
        document.getElementById("join-qr")?.scrollIntoView({ block: "center" });
      } catch { failed(0, { message: t("offline") }); b.disabled = false; }
    });
  }
  document.getElementById("join-cancel")?.addEventListener("click", async () => {
    const code = kept(id);
    if (!code) return;
    try {
      const { ok, status, data } = await api(`matches/${id}/join-codes/${code.id}/`, { method: "DELETE" });
      if (!ok && data?.code !== "join_code_used") { failed(status, data); return; }
      keep(id, null);
      if (ok) notes.set(id, t("codeCancelled"));
      await settle(s, ui, code, ok ? null : data);
    } catch { failed(0, { message: t("offline") }); }
  });
  for (const b of box.querySelectorAll("[data-take-back]")) {
    b.addEventListener("click", async () => {
      const side = Number(b.dataset.takeBack);
      try {
        const { ok, status, data } = await api(`matches/${id}/guests/${side}/`, { method: "DELETE" });
        if (!ok && status !== 404) { failed(status, data); return; }
        setHostedGuest(id, side, false);
        notes.set(id, t("tookBack", { name: sideLabel(s.match.sides[side]?.name ?? "") }));
        ui.reload();
      } catch { failed(0, { message: t("offline") }); }
    });
  }
  if (kept(id)) watchCode(s, ui);
}

// An open code, read every few seconds while the screen shows it (one read waits at a time:
// the screen drawn again meanwhile does not put it off).
function watchCode(s, ui) {
  if (s.shareTimer) return;
  s.shareTimer = setTimeout(async () => {
    s.shareTimer = null;
    const code = kept(s.id);
    if (!code || !shown(s)) return;
    try {
      const { ok, data } = await api(`join/${encodeURIComponent(code.code)}/`);
      if (!shown(s) || kept(s.id)?.id !== code.id) return;
      if (ok) { watchCode(s, ui); return; }
      if (data?.code === "throttled") { watchCode(s, ui); return; }
      keep(s.id, null);
      await settle(s, ui, code, data);
    } catch { if (shown(s)) watchCode(s, ui); }
  }, READ_EVERY);
}

// A code that opens nothing any more: used (by a manager, whose name the side shows now, or by
// a guest), or expired. The screen is read again.
async function settle(s, ui, code, refusal) {
  if (refusal?.code === "join_code_used") {
    const { ok, data } = await api(`matches/${s.id}/`).catch(() => ({ ok: false }));
    const side = ok ? data.sides[code.side] : null;
    // a guest's side says so on its own line (with the way to take it back)
    if (side && !side.user) setHostedGuest(s.id, code.side, true);
    else if (side) notes.set(s.id, t("friendJoined", { name: sideLabel(side.name) }));
  } else if (refusal?.code === "join_code_expired") {
    notes.set(s.id, t("codeExpired"));
  }
  ui.reload();
}
