// Debian's Firefox ESR for tests/engines/firefox.py, driven over WebDriver BiDi by puppeteer-core
// (package.json), without geckodriver and without a downloaded browser. One Firefox per test
// process; each phone is a browser context of its own (no storage, cache or service worker
// shared with another). Commands come as JSON lines on standard input, {id, op, ...}; each
// answer is one JSON line on standard output, {id, value} or {id, error}.
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const firefox = await puppeteer.launch({
  browser: "firefox",
  executablePath: process.env.FIREFOX_PATH || "/usr/bin/firefox-esr",
  headless: true,
});
const phones = new Map();

const ops = {
  async version() {
    return firefox.version();
  },
  async open({ phone, width, height, language }) {
    const context = await firefox.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width, height, deviceScaleFactor: 2 });
    await page.setExtraHTTPHeaders({ "Accept-Language": language });
    phones.set(phone, { context, page });
    return null;
  },
  async goto({ phone, url }) {
    await phones.get(phone).page.goto(url);
    return null;
  },
  async reload({ phone }) {
    await phones.get(phone).page.reload();
    return null;
  },
  // `source` is an expression (a function applied to its argument, tests/engines/phones.py);
  // a promise it gives is awaited
  async evaluate({ phone, source }) {
    return phones.get(phone).page.evaluate(source);
  },
  // found again when the app draws the screen anew between finding and clicking (a move
  // another phone made, the phone's own answer): puppeteer then says the node is detached or
  // "not clickable or not an Element"; a short wait lets the new screen settle
  async click({ phone, selector }) {
    const { page } = phones.get(phone);
    for (let attempt = 0; ; attempt++) {
      try {
        await page.click(selector);
        break;
      } catch (error) {
        const redrawn = /detached|not clickable|not an Element/.test(String(error));
        if (attempt === 4 || !redrawn) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    return null;
  },
  async screenshot({ phone, path }) {
    await phones.get(phone).page.screenshot({ path, fullPage: true });
    return null;
  },
  async close({ phone }) {
    const held = phones.get(phone);
    phones.delete(phone);
    if (held) await held.context.close();
    return null;
  },
};

const answer = (message) => process.stdout.write(JSON.stringify(message) + "\n");
answer({ id: 0, value: "ready" });
for await (const line of createInterface({ input: process.stdin })) {
  const { id, op, ...args } = JSON.parse(line);
  if (op === "quit") break;
  try {
    const value = await ops[op](args);
    answer({ id, value: value === undefined ? null : value });
  } catch (error) {
    answer({ id, error: String(error && error.message ? error.message : error) });
  }
}
await firefox.close();
