// Following a match as the other phone logs it: the API's Server-Sent Events stream, read
// with fetch so that the token header rides along; when a stream cannot be held it falls
// back to polling `events/?after=N`. Callers see follow(match, after, onEvent) -> stop; the
// stream's reader, readStream, serves the competitions' live table too.
import { headers } from "./api.js";

// Reads a stream of Server-Sent Events with fetch (the token header rides along): each
// message's data, parsed, to onMessage, until the server ends the stream or onMessage answers
// false. A refused or broken connection throws (the caller takes it up again).
export async function readStream(url, requestHeaders, signal, onMessage) {
  const response = await fetch(url, { headers: requestHeaders, signal, cache: "no-store" });
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
      if (data && onMessage(JSON.parse(data)) === false) return;
    }
  }
}

export function follow(matchId, after, onEvent) {
  let last = after;
  let stopped = false;
  let controller = null;

  const seen = (event) => {
    if (event.seq > last) {
      last = event.seq;
      onEvent(event);
    }
  };

  async function stream() {
    controller = new AbortController();
    const path = `matches/${matchId}/stream/`;
    await readStream(`/api/${path}?after=${last}`, headers({ Accept: "text/event-stream" }, path), controller.signal, (message) => {
      seen(message);
      return true;
    });
  }

  async function poll() {
    const response = await fetch(`/api/matches/${matchId}/events/?after=${last}`, { headers: headers({}, `matches/${matchId}/events/`), cache: "no-store" });
    if (response.ok) {
      const page = await response.json();
      for (const event of page.results || page) seen(event);
    }
  }

  (async () => {
    let failures = 0;
    while (!stopped) {
      try {
        await stream();
        failures = 0;
      } catch (err) {
        if (stopped) return;
        failures += 1;
        try { await poll(); } catch { /* offline: try again later */ }
      }
      if (!stopped) await new Promise((r) => setTimeout(r, Math.min(2000 * failures || 500, 10000)));
    }
  })();

  return () => {
    stopped = true;
    controller?.abort();
  };
}
