// A spectator written against the SDK @hey-api/openapi-ts generates (its fetch client and its
// Server-Sent Events client) and nothing else: it logs in, opens a TriXKick match, logs four
// moves, then follows the match's live stream from the start. Each value the stream yields is
// the `data` of one message, typed as the schema's `StreamData`: it narrows on `event` (an
// event, or the stream's end) and then on `game`, with no cast and no guard written by hand.
// After the fourth event it logs out, and the stream's last message says why it ended.
// Compiled with `tsc --strict`; prints one JSON line for the test to read.
import { createClient } from "./hey/client/index.js";
import {
  authLogin,
  authLogout,
  matchesCreate,
  matchesEventsCreate,
  matchesStreamRetrieve,
} from "./hey/sdk.gen.js";
import type { NextOutput, StreamData } from "./hey/types.gen.js";
import { BASE, PASSWORD, USERNAME } from "./config.mjs";

const MOVES = 4;

/** What a spectator shows of one message, read through the types the SDK gives it. */
function shown(data: StreamData): string {
  if (data.event === "end") return `end: ${data.reason} (${data.message})`;
  switch (data.game) {
    case "trixkick":
      return `${data.seq} ${data.notation}: ${data.effects.map((e) => e.kind).join(" ")}`;
    case "hat-trick":
      return `${data.seq} ${data.notation}: ${data.effects.length} effects`;
    case "amigo-hattrick":
      return `${data.seq} ${data.notation}: ${data.effects.length} effects`;
  }
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

  const created = await matchesCreate({
    client,
    body: { game: "trixkick", sides: [{ name: "Blue" }, { name: "Red" }] },
  });
  if (created.data === undefined) throw new Error(`create: ${String(created.error?.code)}`);
  const id = created.data.match.id;
  let current: NextOutput = created.data.current;
  for (let move = 0; move < MOVES; move += 1) {
    const action = current.legal.ready[0];
    if (action === undefined) throw new Error(`nothing ready at ${current.seq}`);
    const sent = await matchesEventsCreate({
      client,
      path: { id },
      body: { expected_seq: current.seq, action },
    });
    if (sent.data === undefined) throw new Error(`move ${move}: ${String(sent.error?.code)}`);
    current = sent.data.current;
  }

  const { stream } = await matchesStreamRetrieve({
    client,
    path: { id },
    query: { after: 0 },
    sseMaxRetryAttempts: 1,
  });
  const lines: string[] = [];
  const seqs: number[] = [];
  const games = new Set<string>();
  let ended: { reason: string; message: string } | null = null;
  for await (const data of stream) {
    lines.push(shown(data));
    if (data.event === "end") {
      ended = { reason: data.reason, message: data.message };
      break;
    }
    seqs.push(data.seq);
    games.add(data.game);
    if (seqs.length === MOVES) {
      const out = await authLogout({ client });
      if (out.error !== undefined) throw new Error(`logout: ${String(out.error.code)}`);
    }
  }
  console.log(JSON.stringify({ seqs, games: [...games], ended, lines }));
}

main().catch((error: unknown) => {
  console.error(error);
  throw error;
});
