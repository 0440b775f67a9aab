#!/usr/bin/env node
// The benchmark's peer: replays Chrome DevTools Recorder recordings with
// @puppeteer/replay, the way `npx @puppeteer/replay` does, against the
// system Chromium (never a downloaded one), and prints, as one JSON document
// on stdout, each recording's steps with their status and time.
//
//   node run.mjs [--browser /usr/bin/chromium] [--timeout 5000] [--headed] REC.json ...
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
  process.stderr.write("usage: node run.mjs [--browser PATH] [--timeout MS] [--headed] RECORDING.json ...\n");
  process.exit(2);
}

const opts = { browser: process.env.BROWSER_BIN || "/usr/bin/chromium", timeout: 5000, headed: false, files: [] };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === "--browser") opts.browser = argv[++i];
  else if (a === "--timeout") opts.timeout = Number(argv[++i]);
  else if (a === "--headed") opts.headed = true;
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

async function replay(browser, file) {
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
  for (const f of opts.files) out.recordings.push(await replay(browser, f));
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(out, null, 2) + "\n");
process.exit(out.recordings.every((r) => r.status === "passed") ? 0 : 1);
