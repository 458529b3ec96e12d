// Guest passes kept on this phone: a friend who joined by a code without an account keeps the
// guest's token and its claim token, one pair a match. The token rides only on the routes of
// its own match (and on `guest/`): anywhere else the phone sends the account's token, if any,
// or none (the API refuses a guest's token outside its match). Signed in later, the phone
// claims each kept pass (POST guest/claim/) and forgets it.
const KEY = "guestPasses";

export function guestPasses() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}") || {};
  } catch {
    return {};
  }
}

export function guestPass(matchId) {
  return guestPasses()[String(matchId)] || null;
}

export function keepGuestPass(pass) {
  const all = guestPasses();
  all[String(pass.match)] = {
    token: pass.token, claim: pass.claim_token, side: pass.side, side_name: pass.side_name, game: pass.game,
  };
  localStorage.setItem(KEY, JSON.stringify(all));
}

export function forgetGuestPass(matchId) {
  const all = guestPasses();
  delete all[String(matchId)];
  if (Object.keys(all).length) localStorage.setItem(KEY, JSON.stringify(all));
  else localStorage.removeItem(KEY);
}

// The guest's token for a request to `path` ("/api/matches/7/state/" or "matches/7/state/"),
// or null: only a match's own routes carry it.
export function guestTokenFor(path) {
  const m = String(path).replace(/^\/api\//, "").match(/^matches\/(\d+)\//);
  return m ? guestPass(m[1])?.token ?? null : null;
}

// On the host's phone: the sides of a match a guest plays (a code this phone made was used
// while the side stayed without a manager). The match says no more than "no manager" of such
// a side; the phone that made the code knows, and leaves that side to the guest's phone.
const hostedKey = (id) => `guestSides:${id}`;

export function hostedGuests(matchId) {
  try {
    return new Set(JSON.parse(localStorage.getItem(hostedKey(matchId)) || "[]"));
  } catch {
    return new Set();
  }
}

export function setHostedGuest(matchId, side, on) {
  const sides = hostedGuests(matchId);
  if (on) sides.add(side); else sides.delete(side);
  if (sides.size) localStorage.setItem(hostedKey(matchId), JSON.stringify([...sides]));
  else localStorage.removeItem(hostedKey(matchId));
}
