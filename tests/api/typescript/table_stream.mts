// A member's phone showing a competition's table, written against the SDK @hey-api/openapi-ts
// generates (its fetch client and its Server-Sent Events client) and nothing else: it logs in
// and follows the table's live stream. Each value the stream yields is the `data` of one
// message, typed as the schema's `TableStreamData`: it narrows on `event` (a table, or the
// stream's end), with no cast and no guard written by hand. After the first table it says
// "ready" (the test then has the other member log the final move of their fixture's match);
// after the second, once the test says the move was answered, it logs out, and the stream's
// last message says why it ended. Compiled with `tsc --strict`; prints one JSON line per step
// for the test to read.
import { createInterface } from "node:readline";
import { createClient } from "./hey/client/index.js";
import { authLogin, authLogout, competitionsStreamRetrieve } from "./hey/sdk.gen.js";
import type { TableStreamData, TableUpdate } from "./hey/types.gen.js";
import { BASE, COMPETITION, PASSWORD, USERNAME } from "./config.mjs";

/** Who has played how often: the rows the phone draws. */
function rows(update: TableUpdate): string[] {
  return update.table.tables.flatMap((group) =>
    group.rows.map((row) => `${row.position}. ${row.user} ${row.played ?? 0} ${row.points ?? 0}`),
  );
}

/** What the phone shows of one message, read through the types the SDK gives it. */
function shown(data: TableStreamData): string {
  if (data.event === "end") return `end: ${data.reason} (${data.message})`;
  const champion = data.table.champion === null ? "" : ` champion ${data.table.champion}`;
  return `${data.status}${champion}: ${rows(data).join(", ")}`;
}

async function main(): Promise<void> {
  const anonymous = createClient({ baseUrl: BASE });
  const login = await authLogin({
    client: anonymous,
    body: { username: USERNAME, password: PASSWORD },
  });
  if (login.data === undefined) throw new Error(`login: ${String(login.error?.code)}`);
  const client = createClient({
    baseUrl: BASE,
    headers: { Authorization: `Bearer ${login.data.token}` },
  });

  // the test's lines: one when the other member's final move has been answered
  const told = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  const { stream } = await competitionsStreamRetrieve({
    client,
    path: { id: COMPETITION },
    sseMaxRetryAttempts: 1,
  });
  const lines: string[] = [];
  const etags: string[] = [];
  const played: number[][] = [];
  let ended: { reason: string; message: string } | null = null;
  for await (const data of stream) {
    lines.push(shown(data));
    if (data.event === "end") {
      ended = { reason: data.reason, message: data.message };
      break;
    }
    etags.push(data.etag);
    played.push(data.table.tables.flatMap((g) => g.rows.map((row) => row.played ?? 0)));
    if (etags.length === 1) console.log(JSON.stringify({ ready: true }));
    if (etags.length === 2) {
      await told.next();
      const out = await authLogout({ client });
      if (out.error !== undefined) throw new Error(`logout: ${String(out.error.code)}`);
    }
  }
  console.log(JSON.stringify({ etags, played, ended, lines }));
  process.stdin.destroy();
}

main().catch((error: unknown) => {
  console.error(error);
  throw error;
});
