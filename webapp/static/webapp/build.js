// Building a Hat-Trick team within a budget card: orientation and class, the catalog by
// shirt number, shield and price, the stars left in each pool (the dry run,
// POST builds/check/) and every violation beside the slot it concerns; save; use in a match.
import { api, games, newKey } from "./api.js";
import { currentLanguage, t } from "./i18n.js";
import { esc } from "./nodes.js";

const SLOTS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const ORIENTATIONS = ["defensive", "balanced", "offensive"];
const CLASSES = ["I", "II", "III", "IV"];
const SHIELDS = ["defensive", "balanced", "offensive"];

const cardName = (card) => (currentLanguage() === "de" && card.data?.name_de) || card.name;
const stars = (n) => "★".repeat(n);
// The dry run's violations about a slot, or (``null``) about no slot in particular.
const violationsAt = (check, slot) => (check?.violations || []).filter((v) => (v.slot ?? null) === slot);

function toggles(name, values, current, label) {
  return `<fieldset class="toggles"><legend>${label}</legend>${values.map((v) =>
    `<button type="button" data-${name}="${v}" aria-pressed="${v === current}">${esc(v === "" ? t("any") : t(`${name}_${v}`) === `${name}_${v}` ? v : t(`${name}_${v}`))}</button>`).join("")}</fieldset>`;
}

function poolsHtml(check) {
  if (!check) return "";
  return `<div class="pools" id="pools">${Object.entries(check.pools).map(([pool, p]) =>
    `<div class="pool ${p.left < 0 ? "over" : ""}"><span>${t(`pool_${pool}`)}</span><strong>${esc(p.left < 0 ? t("starsOver", { n: -p.left, budget: p.budget }) : t("starsLeft", { n: p.left, budget: p.budget }))}</strong></div>`).join("")}</div>`;
}

function slotsHtml(draft, known, check) {
  return `<ol class="slots">${SLOTS.map((slot) => {
    const pick = draft.picks[slot];
    const card = pick && known[pick.card];
    const problems = violationsAt(check, slot);
    return `<li class="slot ${problems.length ? "bad" : ""}">
      <button type="button" class="slot-pick" data-slot="${slot}" aria-label="${esc(t("slotN", { n: slot }))}: ${esc(card ? cardName(card) : t("pickCard"))}">
        <span class="no">${slot}</span><span class="who">${card ? `${esc(cardName(card))} <small>${esc(t(`shield_${card.type}`))} · ${stars(card.price)}</small>` : `<em>${t("pickCard")}</em>`}</span></button>
      ${card ? `<button type="button" class="gold" data-gold="${slot}" aria-pressed="${pick.gold}">${t("gold")}</button>` : ""}
      ${problems.map((v) => `<p class="violation" role="note">${esc(v.message)}</p>`).join("")}</li>`;
  }).join("")}</ol>`;
}

function catalogHtml(slot, cards, filter) {
  return `<h1>${esc(t("slotN", { n: slot }))}</h1>
    ${toggles("shield", ["", ...SHIELDS], filter.shield, t("shield"))}
    <label>${t("priceMax")}<select id="price-max"><option value="">${t("any")}</option>${[1, 2, 3, 4].map((p) => `<option value="${p}" ${String(p) === filter.price_max ? "selected" : ""}>${stars(p)} (${p})</option>`).join("")}</select></label>
    <ul class="catalog">${cards.map((c) => `<li><button type="button" class="catalog-card" data-card="${esc(c.code)}">
      <span class="cname">${esc(cardName(c))}</span><span class="cmeta">${esc(t("numbers"))} ${c.numbers.join("/")} · ${esc(t(`shield_${c.type}`))} · <span aria-label="${t("price", { n: c.price })}">${stars(c.price)}</span></span></button></li>`).join("") || `<li>${t("noCards")}</li>`}</ul>
    <button class="secondary" id="catalog-back">${t("back")}</button>`;
}

function budgetCardHtml({ draft, known, check, message, saved }) {
  return `<h1>${t("buildTitle")}</h1>
    <label>${t("teamName")}<input id="build-name" value="${esc(draft.name)}" maxlength="60"></label>
    <section class="budget-card" aria-label="${t("budgetCard")}">
      ${toggles("orientation", ORIENTATIONS, draft.orientation, t("orientation"))}
      ${toggles("class", CLASSES, draft.budget_class, t("budgetClass"))}
      ${toggles("colour", ["blue", "red"], draft.card_colour, t("cardColour"))}
      ${poolsHtml(check)}
      ${violationsAt(check, null).map((v) => `<p class="violation" role="note">${esc(v.message)}</p>`).join("")}
    </section>
    ${message ? `<div class="refused" role="alert">${esc(message)}</div>` : ""}
    ${slotsHtml(draft, known, check)}
    <div class="row sticky">${saved
      ? `<button class="primary" id="use">${t("useInMatch")}</button>`
      : `<button class="primary" id="save">${t("save")}</button>`}</div>
    ${saved ? `<p class="stored" id="saved">${esc(t(saved.status === "valid" ? "savedValid" : "savedInvalid", { name: saved.name }))}</p>` : ""}`;
}

export async function buildScreen(main, show, nav, isCurrent) {
  const game = (await games()).find((g) => g.builds)?.key; // the game whose teams are built on a budget card
  const { data: editions } = game ? await api(`editions/?game=${encodeURIComponent(game)}`) : {};
  const edition = editions?.results?.[0];
  if (!edition) { show(`<p>${t("noEdition")}</p>`, t("teams")); return; }
  const draft = { name: t("myTeam"), orientation: "offensive", budget_class: "II", card_colour: "blue", picks: {} };
  const known = {}; // card code -> card row of the catalog
  let check = null;
  let saved = null;
  let slotOpen = null;
  let filter = { shield: "", price_max: "" };
  let message = "";

  const body = () => ({
    edition: edition.id,
    name: draft.name,
    orientation: draft.orientation,
    budget_class: draft.budget_class,
    card_colour: draft.card_colour,
    picks: Object.entries(draft.picks).map(([slot, p]) => ({ slot: Number(slot), card: p.card, gold: p.gold })),
  });

  // Taps come faster than answers: only the latest dry run and the latest screen count.
  let checks = 0;
  let renders = 0;

  const recheck = async () => {
    const mine = ++checks;
    const { ok, data } = await api("builds/check/", { method: "POST", body: body() });
    if (mine !== checks) return;
    check = ok ? data : null;
    message = ok ? "" : data?.message || "";
    saved = null;
    render();
  };

  async function catalog(slot) {
    const query = new URLSearchParams({ kind: "player", colour: draft.card_colour, number: String(slot), page_size: "100" });
    if (filter.shield) query.set("type", filter.shield);
    if (filter.price_max) query.set("price_max", filter.price_max);
    const { data } = await api(`editions/${edition.id}/cards/?${query}`);
    const cards = data?.results || [];
    for (const c of cards) known[c.code] = c;
    return cards;
  }

  async function render() {
    if (!isCurrent()) return;
    const mine = ++renders;
    if (slotOpen !== null) {
      const cards = await catalog(slotOpen);
      if (!isCurrent() || mine !== renders) return;
      show(`${nav("teams")}${catalogHtml(slotOpen, cards, filter)}`, t("teams"));
      for (const b of main.querySelectorAll("[data-shield]")) b.addEventListener("click", () => { filter.shield = b.dataset.shield; render(); });
      main.querySelector("#price-max").addEventListener("change", (e) => { filter.price_max = e.target.value; render(); });
      for (const b of main.querySelectorAll("[data-card]")) {
        b.addEventListener("click", () => { draft.picks[slotOpen] = { card: b.dataset.card, gold: false }; slotOpen = null; recheck(); });
      }
      main.querySelector("#catalog-back").addEventListener("click", () => { slotOpen = null; render(); });
      return;
    }
    show(`${nav("teams")}${budgetCardHtml({ draft, known, check, message, saved })}`, t("teams"));
    main.querySelector("#build-name").addEventListener("change", (e) => { draft.name = e.target.value; saved = null; });
    for (const b of main.querySelectorAll("[data-orientation]")) b.addEventListener("click", () => { draft.orientation = b.dataset.orientation; recheck(); });
    for (const b of main.querySelectorAll("[data-class]")) b.addEventListener("click", () => { draft.budget_class = b.dataset.class; recheck(); });
    for (const b of main.querySelectorAll("[data-colour]")) b.addEventListener("click", () => { draft.card_colour = b.dataset.colour; draft.picks = {}; recheck(); });
    for (const b of main.querySelectorAll("[data-slot]")) b.addEventListener("click", () => { slotOpen = Number(b.dataset.slot); render(); });
    for (const b of main.querySelectorAll("[data-gold]")) b.addEventListener("click", () => { const p = draft.picks[b.dataset.gold]; p.gold = !p.gold; recheck(); });
    main.querySelector("#save")?.addEventListener("click", async () => {
      const { ok, data } = await api("builds/", { method: "POST", body: body(), key: newKey() });
      if (!ok) { message = data?.message || ""; render(); return; }
      saved = data;
      if (data.status !== "valid") { check = { ...check, violations: data.violations }; saved = null; message = t("savedInvalid", { name: data.name }); }
      render();
    });
    main.querySelector("#use")?.addEventListener("click", async () => {
      const { ok, data } = await api(`builds/${saved.id}/team/`, { method: "POST", body: {}, key: newKey() });
      if (!ok) { message = data?.message || ""; render(); return; }
      location.hash = `#/new?team=${data.id}`;
    });
  }

  await recheck();
}
