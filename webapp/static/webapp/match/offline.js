// The moves queued on the phone while the server cannot be reached: kept in IndexedDB (queue.js),
// sent as one batch once the network is back (or by the service worker, Background Sync), and a
// conflict or a refusal left for the player to resolve.
import { token } from "../api.js";
import { guestPass } from "../guest.js";
import { currentLanguage } from "../i18n.js";
import { dropQueue, enqueue, flush, getQueue, rebase } from "../queue.js";
import { syncCredentials } from "../shell.js";
import { lastOf } from "./send.js";
import { bound, shown } from "./state.js";

async function queueAction(s, ui, action) {
  try {
    s.queue = await enqueue(s.id, s.match.seq, action);
  } finally {
    s.unqueued = 0;
  }
  // if the page is closed before the network is back, the service worker sends the queue
  // (Background Sync) with the token and language kept beside it
  await syncCredentials();
  navigator.serviceWorker?.ready.then((reg) => reg.sync?.register("moves")).catch(() => {});
  ui.clearChoice();
  ui.render();
  if (navigator.onLine) sendQueue(s, ui);
}

// Send the queue as one batch. A busy server (5xx, 429) is asked again a little later; a
// queue gone meanwhile was sent by the service worker (Background Sync): the match is read
// again. 409 and 422 stay on the queue for the player to resolve.
async function sendQueue(s, ui) {
  if (!s.queue || s.sending) return;
  s.sending = true;
  let busy = false;
  try {
    // (a guest's phone sends its match's queue with the guest's token, guest.js)
    const result = await flush(s.id, { token: guestPass(s.id)?.token || token(), language: currentLanguage() });
    if (result && result.status === 201) {
      s.sending = false;
      s.retries = 0;
      s.last = lastOf(result.data);
      s.queue = await getQueue(s.id).catch(() => null); // what was queued meanwhile, if any
      s.note = ""; // what the referee said of the queued moves: they are stored now
      await ui.afterWrite(result.data);
      // moves queued while the batch was on its way: sent on top of it
      if (s.queue?.actions.length && shown(s)) sendQueue(s, ui);
      return;
    }
    busy = Boolean(result) && (result.status >= 500 || result.status === 429);
  } catch { /* still offline: the online event sends it */ }
  s.sending = false;
  s.queue = await getQueue(s.id).catch(() => null);
  if (!s.queue) { s.note = ""; await ui.reload(); return; }
  ui.render();
  if (busy && shown(s)) {
    s.retries += 1;
    setTimeout(() => { if (shown(s)) sendQueue(s, ui); }, Math.min(30000, 500 * 2 ** s.retries));
  }
}

// the player's answer to a conflict (their moves after the other's, or dropped) or a refusal
// (the queue from the refused move on dropped)
async function resolveProblem(s, ui, how) {
  const problem = s.queue.problem;
  if (how === "append") await rebase(s.id, problem.details.current_seq);
  else if (how === "discard") await dropQueue(s.id);
  else if (how === "drop") await rebase(s.id, s.queue.baseSeq, problem.details.index);
  s.queue = await getQueue(s.id);
  await ui.load().catch(() => {});
  if (s.queue) await sendQueue(s, ui);
  else { ui.render(); ui.refreshPicture(); }
}

// The screen's actions of this part, by name (the screen's `ui`).
export const offlinePart = (s, ui) => bound(s, ui, { queueAction, resolveProblem, sendQueue });
