// What the competition screens share: the words of a format, a member's name, the API's
// lists, and the live table (the competition's Server-Sent Events stream, read by live.js's
// readStream as a match's is).
import { headers } from "../api.js";
import { holdOpen, readStream } from "../live.js";
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
  const read = (signal, stop) => {
    const query = after ? `?after=${encodeURIComponent(after)}` : "";
    return readStream(`/api/competitions/${id}/stream/${query}`, headers({ Accept: "text/event-stream" }), signal, (message) => {
      if (signal.aborted) return false;
      if (message.event === "end") { stop(); onEnd?.(message); return false; }
      if (message.event === "table") { after = message.etag; onTable(message); }
      return true;
    });
  };
  return holdOpen(read, { pause: 300, step: 1000 });
}
