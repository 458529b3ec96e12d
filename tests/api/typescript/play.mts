// A phone client written against the generated types only (openapi-typescript, default flags)
// and openapi-fetch: it logs in, plays Hat-Trick (base and with the expansion's team cards),
// TriXKick and a 4-player Amigo Hattrick match to the end by always sending legal.ready[0],
// and reads the rate-limit headers of every write (waiting when none are left). Every answer
// is typed per game by its `game`: the narrowing below is the compiler's, no guard is written
// by hand. Compiled with `tsc --strict`; prints one JSON line for the test to read.
import createClient from "openapi-fetch";
import type { components, paths } from "./schema.js";
import { BASE, EDITION, PASSWORD, USERNAME } from "./config.mjs";

type Next = components["schemas"]["NextOutput"];
type Side = components["schemas"]["HatTrickSideInputRequest"];

const limits = { lowest: Number.POSITIVE_INFINITY, policies: new Set<string>() };

async function readLimits(response: Response): Promise<void> {
  const policy = response.headers.get("RateLimit-Policy");
  const standing = response.headers.get("RateLimit");
  const remaining = response.headers.get("X-RateLimit-Remaining");
  if (policy === null || standing === null || remaining === null) {
    throw new Error(`no rate-limit headers on ${response.url}`);
  }
  limits.policies.add(policy);
  const found = /;r=(\d+);t=(\d+)$/.exec(standing);
  if (found === null) throw new Error(`unreadable RateLimit: ${standing}`);
  const [left, wait] = [Number(found[1]), Number(found[2])];
  if (left !== Number(remaining)) throw new Error(`${standing} and ${remaining} differ`);
  limits.lowest = Math.min(limits.lowest, left);
  if (left === 0) await new Promise((done) => setTimeout(done, wait * 1000));
}

/** What the game's own types let a client read, narrowed by `game`. */
function detail(current: Next): string {
  switch (current.game) {
    case "hat-trick":
      return `step ${current.legal.step}`;
    case "trixkick":
      return `step ${current.legal.step}`;
    case "amigo-hattrick":
      return `hands ${current.legal.hands}`;
  }
}

async function main(): Promise<void> {
  const anonymous = createClient<paths>({ baseUrl: BASE });
  const login = await anonymous.POST("/api/auth/login/", {
    body: { username: USERNAME, password: PASSWORD },
  });
  if (login.error !== undefined) throw new Error(`login: ${login.error.code}`);
  const client = createClient<paths>({
    baseUrl: BASE,
    headers: { Authorization: `Bearer ${login.data.token}` },
  });

  async function team(card: string, colour: "blue" | "red"): Promise<number> {
    const made = await client.POST("/api/teams/", {
      body: { edition: EDITION, team_card: card, card_colour: colour },
    });
    if (made.error !== undefined) throw new Error(`team ${card}: ${made.error.code}`);
    return made.data.id;
  }

  async function play(body: components["schemas"]["MatchCreateInputRequest"]) {
    const created = await client.POST("/api/matches/", { body });
    if (created.error !== undefined) throw new Error(`create: ${created.error.code}`);
    const id = created.data.match.id;
    let current: Next = created.data.current;
    const seen = new Set<string>([detail(current)]);
    let moves = 0;
    while (current.outcome === null) {
      const action = current.legal.ready[0];
      if (action === undefined) throw new Error(`nothing ready at ${current.seq}`);
      const sent = await client.POST("/api/matches/{id}/events/", {
        params: { path: { id } },
        body: { expected_seq: current.seq, action },
      });
      if (sent.error !== undefined) {
        throw new Error(`${body.game} move ${moves}: ${sent.error.code} ${sent.error.message}`);
      }
      await readLimits(sent.response);
      current = sent.data.current;
      seen.add(detail(current));
      moves += 1;
    }
    const match = await client.GET("/api/matches/{id}/", { params: { path: { id } } });
    if (match.error !== undefined) throw new Error(`read: ${match.error.code}`);
    const result = match.data.result;
    return {
      game: match.data.game,
      status: match.data.status,
      moves,
      scores: result === null ? null : result.scores,
      termination: result === null ? null : result.termination,
      details: seen.size,
    };
  }

  const pair: Side[] = [{ name: "Blue" }, { name: "Red" }];
  const results = [
    await play({ game: "hat-trick", sides: pair }),
    await play({
      game: "hat-trick",
      sides: [
        { name: "Italy", team: await team("ITA", "blue") },
        { name: "Spain", team: await team("ESP", "red") },
      ],
      options: { kickoff: 0 },
    }),
    await play({ game: "trixkick", sides: [{ name: "Blue" }, { name: "Red" }] }),
    await play({
      game: "amigo-hattrick",
      sides: [{ name: "Ann" }, { name: "Ben" }, { name: "Cat" }, { name: "Dan" }],
      options: { games: 1 },
    }),
  ];
  console.log(
    JSON.stringify({ results, lowest: limits.lowest, policies: [...limits.policies] }),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  throw error;
});
