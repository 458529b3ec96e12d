// The public API, as any client calls it: token auth, JSON, Accept-Language, idempotency keys.
import { currentLanguage } from "./i18n.js";
import { guestTokenFor } from "./guest.js";

export class NetworkError extends Error {}

export function token() {
  return localStorage.getItem("token");
}

export function newKey() {
  return crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

// `path`: the API path asked for; a guest's token kept for its match rides on that match's
// routes alone (guest.js), the account's token (if any) everywhere else.
export function headers(extra = {}, path = "") {
  const h = { Accept: "application/json", "Accept-Language": currentLanguage(), ...extra };
  const guest = path ? guestTokenFor(path) : null;
  const tok = guest || token();
  if (tok) h.Authorization = `${guest ? "Bearer" : "Token"} ${tok}`;
  return h;
}

// -> {ok, status, data}; throws NetworkError when the server cannot be reached.
export async function api(path, { method = "GET", body, key, accept } = {}) {
  const extra = {};
  if (body !== undefined) extra["Content-Type"] = "application/json";
  if (key) extra["Idempotency-Key"] = key;
  if (accept) extra.Accept = accept;
  let response;
  try {
    response = await fetch(path.startsWith("/") ? path : `/api/${path}`, {
      method,
      headers: headers(extra, path),
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch (err) {
    throw new NetworkError(String(err));
  }
  const type = response.headers.get("Content-Type") || "";
  let data = null;
  if (response.status !== 204) data = type.includes("json") ? await response.json() : await response.text();
  return { ok: response.ok, status: response.status, data };
}

// A picture from the API as an object URL for an <img> (the token header cannot ride on src).
// An <img> draws the picture in its own colours (dark only as the device is set, whatever
// the reader chose in the app): pictureMarkup puts it in the page, in the app's colours.
export async function pictureUrl(path) {
  const { ok, data } = await api(path, { accept: "image/svg+xml, application/json;q=0.5" });
  if (!ok || typeof data !== "string") return null;
  return URL.createObjectURL(new Blob([data], { type: "image/svg+xml" }));
}

// A picture from the API as SVG markup to put in the page (so that its players and pieces can
// be tapped): parsed as XML, with anything that could run or load something taken out.
export async function pictureMarkup(path) {
  const { ok, data } = await api(path, { accept: "image/svg+xml, application/json;q=0.5" });
  if (!ok || typeof data !== "string") return null;
  return safeSvg(data);
}

// SVG text (the API's or the phone's referee's picture) made safe to put in the page.
export function safeSvg(data) {
  // a picture's own style sheet (its colours on a device set to dark) left out before it is
  // even parsed: the page's policy refuses a style in the page, and app.css draws the picture
  const doc = new DOMParser().parseFromString(String(data).replace(/<style[\s\S]*?<\/style\s*>/gi, ""), "image/svg+xml");
  const svg = doc.documentElement;
  if (svg.nodeName !== "svg" || doc.querySelector("parsererror")) return null;
  // (a style sheet of its own too: the page's colours draw the picture, app.css)
  for (const bad of svg.querySelectorAll("script, foreignObject, iframe, image, use, a, style")) bad.remove();
  for (const el of [svg, ...svg.querySelectorAll("*")]) {
    for (const attr of [...el.attributes]) {
      // (an id too: a picture's ids would clash with the page's, and with another picture's)
      if (/^on/i.test(attr.name) || /href$/i.test(attr.name) || attr.name === "id") el.removeAttribute(attr.name);
    }
  }
  svg.removeAttribute("role");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  return new XMLSerializer().serializeToString(svg);
}

// The games the server referees, as /api/games/ lists them: each one's key, its title in the
// reader's language and what the app offers for it (how many sides, teams built on a budget
// card). Asked once per page and language; the last answer is kept for a start without the
// network. The app holds no list of games of its own.
let gamesAsked = null;
let known = {};
export function games() {
  const lang = currentLanguage();
  if (gamesAsked?.lang === lang) return gamesAsked.list;
  const stored = `games-${lang}`;
  const list = api("games/")
    .then(({ ok, data }) => {
      if (!ok || !Array.isArray(data)) throw new Error("no game list");
      const found = data.map(({ key, title, min_sides, max_sides, builds }) => ({ key, title, min_sides, max_sides, builds }));
      localStorage.setItem(stored, JSON.stringify(found));
      return found;
    })
    .catch(() => {
      gamesAsked = null;
      return JSON.parse(localStorage.getItem(stored) || "[]");
    })
    .then((found) => {
      known = Object.fromEntries(found.map((game) => [game.key, game]));
      return found;
    });
  gamesAsked = { lang, list };
  return list;
}

export async function gameKeys() {
  return (await games()).map(({ key }) => key);
}

// A game's title in the reader's language (the list is asked for before a screen is drawn).
export function gameTitle(key) {
  return known[key]?.title ?? key;
}

// What the app offers for a game: {min_sides, max_sides, builds} (two sides and no budget
// builds for a game it does not know).
export function gameFacts(key) {
  const { min_sides = 2, max_sides = 2, builds = false } = known[key] || {};
  return { min_sides, max_sides, builds };
}
