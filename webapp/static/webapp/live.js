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

// Holds a stream open until stopped: read(signal, stop) reads it once (with readStream). After
// a clean end it is read again at once; after a failure, onBroken() runs (a poll, say) and the
// next try waits `pause` ms, then `step` ms more for each failure in a row, 10 s at the most.
// -> what stops it
export function holdOpen(read, { pause, step, onBroken = async () => {} }) {
  let stopped = false;
  let controller = null;
  const stop = () => {
    stopped = true;
    controller?.abort();
  };
  (async () => {
    let failures = 0;
    while (!stopped) {
      controller = new AbortController();
      try {
        await read(controller.signal, stop);
        failures = 0;
      } catch {
        if (stopped) return;
        failures += 1;
        try { await onBroken(); } catch { /* offline: try again later */ }
      }
      if (!stopped) await new Promise((r) => setTimeout(r, Math.min(step * failures || pause, 10000)));
    }
  })();
  return stop;
}

export function follow(matchId, after, onEvent) {
  let last = after;

  const seen = (event) => {
    if (event.seq > last) {
      last = event.seq;
      onEvent(event);
    }
  };

  const read = (signal) => {
    const path = `matches/${matchId}/stream/`;
    return readStream(`/api/${path}?after=${last}`, headers({ Accept: "text/event-stream" }, path), signal, (message) => {
      seen(message);
      return true;
    });
  };

  async function poll() {
    const response = await fetch(`/api/matches/${matchId}/events/?after=${last}`, { headers: headers({}, `matches/${matchId}/events/`), cache: "no-store" });
    if (response.ok) {
      const page = await response.json();
      for (const event of page.results || page) seen(event);
    }
  }

  return holdOpen(read, { pause: 500, step: 2000, onBroken: poll });
}
