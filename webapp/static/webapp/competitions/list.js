// My competitions: the competitions I am asked to (accepted with one of my teams or builds of
// the competition's game, or declined), then those I organise or play in, every season of
// them (the past ones too), and the way to create one.
import { api, gameTitle, games, newKey } from "../api.js";
import { t } from "../i18n.js";
import { esc } from "../nodes.js";
import { formatName, list, statusName } from "./common.js";

// What I may bring to a competition of `game`: my valid teams of it, then my valid builds of
// its editions not yet made into one of those teams. [{value: "team:3" | "build:5", label}]
async function offers(game) {
  const { data: editions } = await api(`editions/?game=${encodeURIComponent(game)}`);
  const ids = new Set(list(editions).map((e) => e.id));
  if (!ids.size) return [];
  const [teams, builds] = await Promise.all([api("teams/?status=valid&page_size=100"), api("builds/?status=valid&page_size=100")]);
  const own = list(teams.data).filter((team) => team.game === game);
  const made = new Set(own.map((team) => team.id));
  const fresh = list(builds.data).filter((b) => ids.has(b.edition) && !made.has(b.team));
  return [
    ...own.map((team) => ({ value: `team:${team.id}`, label: team.name })),
    ...fresh.map((b) => ({ value: `build:${b.id}`, label: t("buildOffer", { name: b.name }) })),
  ];
}

function invitation(inv, brought) {
  const me = localStorage.getItem("username") || "";
  return `<li class="item invitation"><form class="stack" data-member="${inv.id}" data-competition="${inv.competition}">
    <span class="g">${esc(gameTitle(inv.game))} · ${esc(formatName(inv.format))}</span>
    <span class="n">${esc(t("cInvitedBy", { name: inv.organiser, competition: inv.name }))}</span>
    ${brought.length ? `<label>${t("playWith")}<select name="bring"><option value="">${esc(t("asMe", { name: me }))}</option>${brought.map((o) => `<option value="${o.value}">${esc(o.label)}</option>`).join("")}</select></label>` : ""}
    <div class="row"><button class="primary" type="submit">${t("accept")}</button><button class="secondary" type="button" data-decline="${inv.id}">${t("decline")}</button></div>
    <div class="answer-error"></div></form></li>`;
}

function competitionItem(c) {
  const when = c.season > 1 || c.next ? ` · ${t("cSeasonN", { n: c.season })}` : "";
  return `<li><a class="item" href="#/competitions/${c.id}"><span class="g">${esc(gameTitle(c.game))} · ${esc(formatName(c.format))}${esc(when)}</span>
    <span class="n">${esc(c.name)}</span><span class="s">${esc(statusName(c.status))} · ${esc(t("cOrganisedBy", { name: c.organiser }))}</span></a></li>`;
}

export async function competitionsScreen(main, show, nav, isCurrent, errorBox) {
  await games();
  const [invited, mine] = await Promise.all([
    api("competitions/invitations/").catch(() => ({})),
    api("competitions/?mine=true&page_size=100").catch(() => ({})),
  ]);
  if (!isCurrent()) return;
  const pending = list(invited.data).filter((inv) => inv.status === "invited");
  const brought = {};
  for (const game of new Set(pending.map((inv) => inv.game))) brought[game] = await offers(game).catch(() => []);
  if (!isCurrent()) return;
  const asked = new Set(pending.map((inv) => inv.competition));
  const all = list(mine.data).filter((c) => !asked.has(c.id));
  const running = all.filter((c) => c.status !== "finished");
  const past = all.filter((c) => c.status === "finished");
  show(`${nav("competitions")}<h1>${t("cMine")}</h1>
    <a class="button primary" id="create-competition" href="#/competitions/new">${t("cCreate")}</a>
    ${pending.length ? `<section aria-labelledby="c-inv-h"><h2 id="c-inv-h">${t("cInvitations")}</h2><ul class="list" id="competition-invitations">${pending.map((inv) => invitation(inv, brought[inv.game] || [])).join("")}</ul></section>` : ""}
    <section aria-labelledby="c-run-h"><h2 id="c-run-h">${t("cRunning")}</h2><ul class="list" id="competitions">${running.map(competitionItem).join("") || `<li>${mine.ok === false ? t("offline") : t("cNone")}</li>`}</ul></section>
    ${past.length ? `<section aria-labelledby="c-past-h"><h2 id="c-past-h">${t("cPast")}</h2><ul class="list" id="past-competitions">${past.map(competitionItem).join("")}</ul></section>` : ""}`, t("cMine"));
  for (const form of main.querySelectorAll("form[data-member]")) {
    const failed = (data) => { form.querySelector(".answer-error").innerHTML = errorBox(data?.message || t("tryAgain")); };
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const [kind, id] = (form.elements.bring?.value || "").split(":");
      const body = kind ? { [kind]: Number(id) } : {};
      const { ok, data } = await api(`competitions/members/${form.dataset.member}/accept/`, { method: "POST", body, key: newKey() });
      if (!ok) { failed(data); return; }
      location.hash = `#/competitions/${form.dataset.competition}`;
    });
    form.querySelector("[data-decline]").addEventListener("click", async () => {
      const { ok, data } = await api(`competitions/members/${form.dataset.member}/decline/`, { method: "POST" });
      if (!ok) { failed(data); return; }
      competitionsScreen(main, show, nav, isCurrent, errorBox);
    });
  }
}
