// Create a competition: its name, game and format, the matches' options (the game's own
// fields, as for a new match), the points, the tie-break order, legs, seeding, a match for
// third place, groups, rounds or match days; the members asked to join by username, and the
// team or build the organiser brings. The API asks everyone invited; nobody is in before
// accepting.
import { api, gameFacts, gameKeys, gameTitle, newKey } from "../api.js";
import { problemBox, problemText } from "../errors.js";
import { t } from "../i18n.js";
import { esc } from "../nodes.js";
import { optionFields, readOptions, showWhen } from "../options.js";
import { FORMATS, ORDERS, POINTS, formatName, list } from "./common.js";

// the formats a game can be played in (docs/competitions.md): a series of match days for a
// game of more than two at a table, the others for a game of two sides
const formatsFor = (game) => {
  const { min_sides, max_sides } = gameFacts(game);
  return FORMATS.filter((f) => (f === "series" ? max_sides > 2 : min_sides <= 2 && max_sides >= 2));
};

const radios = (name, values, current, label, word) => `<fieldset class="choices"><legend>${label}</legend>${values.map((v) =>
  `<label class="pick"><input type="radio" name="${name}" value="${esc(v)}" ${v === current ? "checked" : ""}><span>${esc(word(v))}</span></label>`).join("")}</fieldset>`;

export async function createScreen(main, show, nav, isCurrent) {
  const GAMES = await gameKeys();
  let teams = [];
  let builds = [];
  try {
    const [tm, bd] = await Promise.all([api("teams/?status=valid&page_size=100"), api("builds/?status=valid&page_size=100")]);
    teams = list(tm.data);
    builds = list(bd.data).filter((b) => !b.team);
  } catch { /* offline: the form says so when sent */ }
  if (!isCurrent()) return;
  const draft = { game: GAMES[0], format: "league" };
  let key = newKey(); // one competition per form, even on a double tap

  const render = () => {
    const formats = formatsFor(draft.game);
    if (!formats.includes(draft.format)) draft.format = formats[0];
    const f = draft.format;
    const mine = teams.filter((tm) => tm.game === draft.game);
    const bring = mine.length || builds.length ? `<label>${t("playWith")}<select name="bring"><option value="">${esc(t("noTeam"))}</option>${mine.map((tm) => `<option value="team:${tm.id}">${esc(tm.name)}</option>`).join("")}${builds.map((b) => `<option value="build:${b.id}">${esc(t("buildOffer", { name: b.name }))}</option>`).join("")}</select></label>` : "";
    const number = (name, label, min, max, value = "") => `<label>${label}<input name="${name}" type="number" inputmode="numeric" min="${min}" max="${max}" value="${value}"></label>`;
    show(`${nav("competitions")}<h1>${t("cCreate")}</h1>
      <form id="create" class="stack">
        <label>${t("cName")}<input name="name" required maxlength="100" value="${esc(draft.name ?? t("cDefaultName"))}"></label>
        ${radios("game", GAMES, draft.game, t("game"), gameTitle)}
        ${radios("format", formats, f, t("cFormat"), formatName)}
        ${f === "league" || f === "groups_cup" ? `<label class="check"><input type="checkbox" name="double"> ${t("cDouble")}</label>` : ""}
        ${f === "cup" || f === "groups_cup" ? `<label class="check"><input type="checkbox" name="third_place"> ${t("cThirdPlace")}</label>` : ""}
        ${f === "groups_cup" ? `${number("groups", t("cGroups"), 1, 16, 2)}${number("qualifiers", t("cQualifiers"), 1, 4, 2)}` : ""}
        ${f === "swiss" ? number("rounds", t("cRounds"), 1, 30) : ""}
        ${f === "series" ? number("days", t("cDays"), 1, 40, 3) : ""}
        ${f !== "league" && f !== "series" ? radios("seeding", ["random", "rating"], "random", t("cSeeding"), (v) => t(`cSeeding_${v}`)) : ""}
        ${f !== "series" ? `${radios("points", POINTS, "3-1-0", t("cPoints"), (v) => t("cPointsRule", { w: v.split("-")[0], d: v.split("-")[1], l: v.split("-")[2] }))}
          ${radios("tie_break", ORDERS, "difference", t("cTieBreak"), (v) => t(`cOrder_${v}`))}
          <label class="check"><input type="checkbox" name="discipline"> ${t("cDiscipline")}</label>` : ""}
        <label class="check"><input type="checkbox" name="private"> ${t("cPrivate")}</label>
        <label>${t("cInvite")}<input name="invite" autocapitalize="none" autocomplete="off" aria-describedby="invite-note" placeholder="ben, cleo, dan"></label>
        <p class="note" id="invite-note">${t("cInviteNote")}</p>
        ${bring}
        ${optionFields(draft.game, [t("cHome"), t("cAway")])}
        <div id="create-error"></div>
        <button class="primary" type="submit">${t("cCreateButton")}</button>
      </form>`, t("cCreate"));
    const form = main.querySelector("#create");
    showWhen(form);
    for (const radio of form.querySelectorAll("input[name=game], input[name=format]")) {
      radio.addEventListener("change", () => { draft.name = form.elements.name.value; draft[radio.name] = radio.value; render(); });
    }
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const el = form.elements;
      const settings = {};
      if (el.double) settings.double = el.double.checked;
      if (el.third_place) settings.third_place = el.third_place.checked;
      if (el.seeding) settings.seeding = el.seeding.value;
      for (const n of ["groups", "qualifiers", "rounds", "days"]) if (el[n]?.value) settings[n] = Number(el[n].value);
      const body = {
        name: el.name.value.trim(),
        game: draft.game,
        format: f,
        options: readOptions(draft.game, form),
        settings,
        visibility: el.private.checked ? "private" : "public",
        invite: el.invite.value.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean),
      };
      if (el.points) body.points = el.points.value;
      if (el.tie_break) body.tie_break = el.tie_break.value;
      if (el.discipline) body.discipline = el.discipline.checked;
      const [kind, id] = (el.bring?.value || "").split(":");
      if (kind) body[kind] = Number(id);
      try {
        const { ok, status, data } = await api("competitions/", { method: "POST", body, key });
        if (!ok) {
          key = newKey(); // the form corrected is another request
          main.querySelector("#create-error").innerHTML = problemBox(t("cCreateFailed"), problemText(status, data, body));
          return;
        }
        location.hash = `#/competitions/${data.id}`;
      } catch {
        main.querySelector("#create-error").innerHTML = problemBox(t("cCreateFailed"), t("offline"));
      }
    });
  };
  render();
}
