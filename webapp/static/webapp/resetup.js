// A set-up again "as before", the part every game shares: the moves that stand in the match's
// log, and a batch of moves logged at once. What a set-up is, and which batch sets it up again,
// is the game's own (its phone module: asBefore, ownAsBefore).
import { api, newKey } from "./api.js";

// The moves that stand (undone ones taken out, redone ones back), oldest first.
export async function standingActions(id) {
  const standing = [];
  const redo = [];
  let path = `matches/${id}/events/?page_size=200`;
  while (path) {
    const { ok, data } = await api(path);
    if (!ok) return null;
    for (const event of data.results || []) {
      if (event.kind === "action") { standing.push(event.action); redo.length = 0; }
      else if (event.kind === "undo" && standing.length) redo.push(standing.pop());
      else if (event.kind === "redo" && redo.length) standing.push(redo.pop());
    }
    path = data.next ? (() => { const u = new URL(data.next, location.href); return u.pathname + u.search; })() : null;
  }
  return standing;
}

// Log the batch; where the rules stop it, the moves before that one.
export async function sendAsBefore(id, seq, batch) {
  const send = (actions) => api(`matches/${id}/events/batch/?include=state`, { method: "POST", body: { expected_seq: seq, actions }, key: newKey() });
  let answer = await send(batch);
  const index = answer.data?.details?.index;
  if (answer.status === 422 && Number.isInteger(index) && index > 0) answer = await send(batch.slice(0, index));
  return answer;
}
