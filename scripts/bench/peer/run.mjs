#!/usr/bin/env node
// The benchmark's peer: replays Chrome DevTools Recorder recordings with
// @puppeteer/replay, the way `npx @puppeteer/replay` does, against the
// system Chromium (never a downloaded one), and prints, as one JSON document
// on stdout, each recording's steps with their status and time.
//
//   node run.mjs [--browser /usr/bin/chromium] [--timeout 5000] [--headed] [--mark] [--settle MS] REC.json ...
//
// --mark is for the fixture apps of this repository: before each step on
// a page of the server, the page reports "__begin:N"; after each step (its
// time is taken before), the page and its frames report a marker
// "__peer:R:S" to the fixture server's /__events, and the runner waits
// until the server has them, so the benchmark can tell which step caused
// which of the page's reports. After the last step (or the failed one) it
// waits --settle milliseconds (default 300) and reports "__peer:R:end".
//
// Each recording runs in its own browser context of one shared browser. A
// recording is first checked with @puppeteer/replay's own parser (so an
// export that does not follow the schema fails as "invalid"); a step that
// throws fails, and the steps after it are "skipped".
import { readFile } from "node:fs/promises";
import { performance } from "node:perf_hooks";
import process from "node:process";
import puppeteer from "puppeteer-core";
import { parse, PuppeteerRunnerExtension } from "@puppeteer/replay";

function usage(msg) {
  if (msg) process.stderr.write(`peer: ${msg}\n`);
  process.stderr.write("usage: node run.mjs [--browser PATH] [--timeout MS] [--headed] [--mark] [--settle MS] RECORDING.json ...\n");
  process.exit(2);
}

const opts = { browser: process.env.BROWSER_BIN || "/usr/bin/chromium", timeout: 5000, headed: false, mark: false, settle: 300, files: [] };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === "--browser") opts.browser = argv[++i];
  else if (a === "--timeout") opts.timeout = Number(argv[++i]);
  else if (a === "--headed") opts.headed = true;
  else if (a === "--mark") opts.mark = true;
  else if (a === "--settle") opts.settle = Number(argv[++i]);
  else if (a === "-h" || a === "--help") usage();
  else if (a.startsWith("--")) usage(`unknown flag ${a}`);
  else opts.files.push(a);
}
if (opts.files.length === 0) usage("no recording given");
if (!(opts.timeout > 0)) usage("--timeout must be a positive number of milliseconds");

const args = ["--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--mute-audio"];
if (process.getuid && process.getuid() === 0) args.push("--no-sandbox");
if (!opts.headed) args.push("--headless=new");

const ms = (t) => Math.round(t * 100) / 100;

const MARK_JS = `(m) => {
  let n = 0;
  const send = (w) => { try { if (w.fixtureReport) { w.fixtureReport(m, "step", ""); n++; } } catch (e) {} };
  send(window);
  for (const f of document.querySelectorAll("iframe")) send(f.contentWindow);
  return n;
}`;

// mark reports marker m from the page and its frames and waits until the
// fixture server has received every copy.
async function mark(page, m) {
  let n = 0, origin;
  try {
    n = await page.evaluate(`(${MARK_JS})(${JSON.stringify(m)})`);
    origin = new URL(page.url()).origin;
  } catch (e) {
    return;
  }
  const deadline = performance.now() + 5000;
  while (n > 0 && performance.now() < deadline) {
    try {
      const events = await (await fetch(origin + "/__events")).json();
      if (events.filter((e) => e.element === m).length >= n) return;
    } catch (e) { /* retry */ }
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function replay(browser, file, ri) {
  const result = { file, title: "", status: "passed", duration_ms: 0, steps: [] };
  let flow;
  try {
    flow = parse(JSON.parse(await readFile(file, "utf8")));
  } catch (e) {
    result.status = "invalid";
    result.error = String(e && e.message || e);
    return result;
  }
  result.title = flow.title;
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const ext = new PuppeteerRunnerExtension(browser, page, { timeout: opts.timeout });
    const start = performance.now();
    let failed = false;
    for (const [i, step] of flow.steps.entries()) {
      const rec = { index: i + 1, type: step.type, status: "skipped", duration_ms: 0 };
      result.steps.push(rec);
      if (failed) continue;
      // Where the step begins, as for the engine: what the page did
      // before (a field it focused as it loaded) is not the step's.
      if (opts.mark && /^https?:/.test(page.url())) await mark(page, `__begin:${i + 1}`);
      const t0 = performance.now();
      try {
        await ext.beforeEachStep?.(step, flow);
        await ext.runStep(step, flow);
        await ext.afterEachStep?.(step, flow);
        rec.status = "passed";
      } catch (e) {
        rec.status = "failed";
        rec.error = String(e && e.message || e).split("\n")[0];
        failed = true;
        result.status = "failed";
      }
      rec.duration_ms = ms(performance.now() - t0);
      if (opts.mark) await mark(page, `__peer:${ri}:${i + 1}`);
    }
    if (opts.mark) {
      await new Promise((r) => setTimeout(r, opts.settle));
      await mark(page, `__peer:${ri}:end`);
    }
    result.duration_ms = ms(performance.now() - start);
  } finally {
    await context.close().catch(() => {});
  }
  return result;
}

const browser = await puppeteer.launch({ executablePath: opts.browser, headless: !opts.headed, args });
const out = { runner: "@puppeteer/replay", recordings: [] };
try {
  for (const [i, f] of opts.files.entries()) out.recordings.push(await replay(browser, f, i));
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(out, null, 2) + "\n");
process.exit(out.recordings.every((r) => r.status === "passed") ? 0 : 1);
