// What the competition screens share: the words of a format, a member's name, the API's
// lists, and the live table (the competition's Server-Sent Events stream, read with fetch so
// that the token header rides along, as live.js follows a match).
import { headers } from "../api.js";
import { t } from "../i18n.js";
import { esc } from "../nodes.js";

export const FORMATS = ["league", "cup", "groups_cup", "swiss", "series"];
export const ORDERS = ["difference", "head_to_head"];
export const POINTS = ["3-1-0", "2-1-0"];

export const list = (data) => (Array.isArray(data) ? data : data?.results || []);
export const formatName = (format) => t(`cFormat_${format}`);
export const statusName = (status) => t(`cStatus_${status}`);
export const me = () => localStorage.getItem("username") || "";

// Member id -> {user, team} from the table's rows or the bracket's members.
export function namesOf(table, bracket) {
  const names = {};
  for (const m of bracket?.members || []) names[m.id] = { user: m.user, team: m.team };
  for (const group of table?.tables || []) for (const r of group.rows) names[r.member] = { user: r.user, team: r.team };
  return names;
}

// A member as the table shows them: their team's name, else their username.
export function nameOf(names, id) {
  const who = names[id];
  if (!who) return id == null ? t("cToBeDecided") : `#${id}`;
  return who.team || who.user;
}

export const escName = (names, id) => esc(nameOf(names, id));

// Follows the competition's table: onTable(message) with each `event: table` message (the
// table, its bracket, the status); onEnd(message) when the server ends the stream. A broken
// connection is taken up again from the last table's tag (nothing is sent until it changes).
// -> what stops it
export function followTable(id, onTable, onEnd) {
  let after = "";
  let stopped = false;
  let controller = null;

  async function stream() {
    controller = new AbortController();
    const query = after ? `?after=${encodeURIComponent(after)}` : "";
    const response = await fetch(`/api/competitions/${id}/stream/${query}`, {
      headers: headers({ Accept: "text/event-stream" }),
      signal: controller.signal,
      cache: "no-store",
    });
    if (!response.ok || !response.body) throw new Error(`stream ${response.status}`);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let cut;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const data = block.split("\n").filter((l) => l.startsWith("data:")).map((l) => l.slice(5).trim()).join("\n");
        if (!data || stopped) continue;
        const message = JSON.parse(data);
        if (message.event === "end") { stopped = true; onEnd?.(message); return; }
        if (message.event === "table") { after = message.etag; onTable(message); }
      }
    }
  }

  (async () => {
    let failures = 0;
    while (!stopped) {
      try {
        await stream();
        failures = 0;
      } catch {
        if (stopped) return;
        failures += 1;
      }
      if (!stopped) await new Promise((r) => setTimeout(r, Math.min(1000 * failures || 300, 10000)));
    }
  })();

  return () => {
    stopped = true;
    controller?.abort();
  };
}
