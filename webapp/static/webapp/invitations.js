// Invitations: the invitee accepts with a team of their own (a saved team or a valid budget
// build of the match's edition: the side takes its name) or under a name; the inviter's match
// screen sees the answer come in while no move is logged.
import { api, gameFacts, gameTitle, games, newKey } from "./api.js";
import { t } from "./i18n.js";
import { esc } from "./nodes.js";

// What the invitee may bring for a side of this edition: their valid teams, then their valid
// builds not yet made into one of those teams. [{value: "team:3" | "build:5", label}]
export async function offers(edition) {
  const [teams, builds] = await Promise.all([
    api(`teams/?edition=${edition}&status=valid&page_size=100`),
    api(`builds/?edition=${edition}&status=valid&page_size=100`),
  ]);
  const own = teams.ok ? teams.data.results || [] : [];
  const made = new Set(own.map((team) => team.id));
  const fresh = (builds.ok ? builds.data.results || [] : []).filter((b) => !made.has(b.team));
  return [
    ...own.map((team) => ({ value: `team:${team.id}`, label: team.name })),
    ...fresh.map((b) => ({ value: `build:${b.id}`, label: t("buildOffer", { name: b.name }) })),
  ];
}

// Accepted without a team, the side takes the accepting manager's name (the inviter's name
// for it, "Away" most often, stays only if chosen). The choices are short: a phone's select
// shows one line.
function card(inv, brought) {
  const me = localStorage.getItem("username") || "";
  const keep = inv.side_name && inv.side_name !== me ? `<option value="keep">${esc(t("asSide", { name: inv.side_name }))}</option>` : "";
  const pick = gameFacts(inv.game).builds // a team or a build of one's own, or a name
    ? `<label>${t("playWith")}<select name="bring"><option value="">${esc(t("asMe", { name: me }))}</option>${keep}${brought.map((o) => `<option value="${o.value}">${esc(o.label)}</option>`).join("")}</select></label>`
    : `<label>${t("yourSideName")}<input name="name" value="${esc(me || inv.side_name)}" maxlength="100" autocomplete="off"></label>`;
  return `<li class="item invitation"><form class="stack" data-invitation="${inv.id}" data-match="${inv.match}">
    <span class="g">${esc(gameTitle(inv.game))}</span><span class="n">${esc(t("invitedBy", { name: inv.invited_by, side: inv.side + 1 }))} ${esc(t("sideNow", { name: inv.side_name }))}</span>
    ${pick}
    <div class="row"><button class="primary" type="submit">${t("accept")}</button><button class="secondary" type="button" data-decline="${inv.id}">${t("decline")}</button></div></form></li>`;
}

// The answer's body: a team or a build chosen, or the name the side is to take.
function answer(form, inv) {
  const chosen = form.elements.bring?.value;
  if (chosen === "keep") return {};
  const [kind, id] = (chosen || "").split(":");
  if (kind) return { [kind]: Number(id) };
  const name = (form.elements.name ? form.elements.name.value : localStorage.getItem("username") || "").trim();
  return name && name !== inv.side_name ? { name } : {};
}

// Draws the pending invitations into `list` (section shown when there are any); an accepted
// one opens its match, a declined one redraws the screen (`again`). -> the invitations drawn
export async function showInvitations(section, list, opts) {
  const invited = await api("invitations/");
  const pending = invited.ok ? invited.data.results || [] : [];
  await drawInvitations(section, list, pending, opts);
  return pending;
}

const idsOf = (pending) => pending.map((inv) => inv.id).join(",");

// While Home is open: an invitation sent meanwhile (or one withdrawn) shows within a few
// seconds, and at once when the phone comes back to the app. The list is drawn again only
// when the invitations change, so a choice half made in one stays. -> what stops it
export function watchInvitations(section, list, opts, drawn = []) {
  let ids = idsOf(drawn);
  let timer = null;
  let stopped = false;
  let busy = false;
  const tick = async () => {
    clearTimeout(timer);
    if (stopped || busy) return;
    busy = true;
    try {
      if (document.visibilityState !== "hidden") {
        const invited = await api("invitations/");
        const pending = invited.ok ? invited.data.results || [] : null;
        if (!stopped && pending && idsOf(pending) !== ids) {
          ids = idsOf(pending);
          await drawInvitations(section, list, pending, opts);
        }
      }
    } catch { /* offline: asked again later */ }
    busy = false;
    if (!stopped) timer = setTimeout(tick, INVITATIONS_EVERY);
  };
  const onVisible = () => { if (document.visibilityState === "visible") tick(); };
  timer = setTimeout(tick, INVITATIONS_EVERY);
  document.addEventListener("visibilitychange", onVisible);
  window.addEventListener("online", tick);
  return () => {
    stopped = true;
    clearTimeout(timer);
    document.removeEventListener("visibilitychange", onVisible);
    window.removeEventListener("online", tick);
  };
}
const INVITATIONS_EVERY = 3000; // ms between two reads of one's invitations while Home is open

async function drawInvitations(section, list, pending, { errorBox, again }) {
  if (!pending.length) { section.hidden = true; list.innerHTML = ""; return; }
  await games(); // what the app offers for each game
  const editions = [...new Set(pending.filter((inv) => gameFacts(inv.game).builds).map((inv) => inv.edition))];
  const brought = Object.fromEntries(await Promise.all(editions.map(async (e) => [e, await offers(e).catch(() => [])])));
  if (!list.isConnected) return;
  section.hidden = false;
  list.innerHTML = pending.map((inv) => card(inv, brought[inv.edition] || [])).join("");
  for (const form of list.querySelectorAll("form[data-invitation]")) {
    const inv = pending.find((i) => String(i.id) === form.dataset.invitation);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const { ok, data } = await api(`invitations/${inv.id}/accept/`, { method: "POST", body: answer(form, inv), key: newKey() });
      if (ok) location.hash = `#/match/${inv.match}`;
      else form.insertAdjacentHTML("beforeend", errorBox(data?.message || ""));
    });
    form.querySelector("[data-decline]").addEventListener("click", async () => {
      await api(`invitations/${inv.id}/decline/`, { method: "POST", body: {}, key: newKey() });
      again();
    });
  }
}

// While no move is logged and a side still waits for its invited manager, read the match
// every few seconds; `changed(match)` when a side's manager, team or name is not as it was.
export function watchSides(id, current, changed) {
  const shape = (m) => JSON.stringify(m.sides.map((s) => [s.name, s.user, s.team]));
  let timer = null;
  let stopped = false;
  const tick = async () => {
    const match = current();
    if (stopped || !match || match.seq > 0 || match.status !== "in_progress") return;
    try {
      const waiting = await api(`matches/${id}/invitations/`);
      const open = waiting.ok && (waiting.data.results || []).some((inv) => inv.status === "pending");
      const { ok, data } = await api(`matches/${id}/`);
      if (stopped) return;
      if (ok && shape(data) !== shape(current())) changed(data);
      if (!waiting.ok || !open) return; // everyone answered (any change was just seen), or not ours to see
    } catch { /* offline: asked again later */ }
    if (!stopped) timer = setTimeout(tick, 2500);
  };
  timer = setTimeout(tick, 2500);
  return () => { stopped = true; clearTimeout(timer); };
}
