#!/usr/bin/env node
// Which field recordings are valid: parsed by @puppeteer/replay's own
// parser (the peer's copy in scripts/bench/peer/node_modules; install it
// with `cd scripts/bench/peer && PUPPETEER_SKIP_DOWNLOAD=1 npm ci`).
//
//   node chromerec/testdata/field/parse.mjs > chromerec/testdata/field/verdicts.json
//
// A file is one recording, or a bundle: an object whose every value is a
// recording (the snapshot files of Chrome DevTools' own recorder tests).
// Each recording gets a verdict: its file, its entry in a bundle ("" for a
// whole file), whether parse() accepted it, and the parser's message when
// not. field_test.go reads the verdicts; it replays nothing.
//
// Chrome's own recorder tests snapshot their recordings without the
// clicks' offsetX and offsetY, which parse() requires. Each such recording
// also gets a verdict with "derived": "offsets": the same recording with
// offsetX 1 and offsetY 1 on every click that has none. Derived recordings
// are not counted as published ones; field_test.go derives them the same
// way.
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const peer = join(here, "..", "..", "..", "scripts", "bench", "peer");
const require = createRequire(join(peer, "package.json"));
const main = require.resolve("@puppeteer/replay").replace(/cjs[/\\]main\.cjs$/, "main.js");
const { parse } = await import(pathToFileURL(main).href);

function isBundle(v) {
  if (v === null || typeof v !== "object" || Array.isArray(v) || "steps" in v) return false;
  const vals = Object.values(v);
  return vals.length > 0 && vals.every((x) => x && typeof x === "object" && Array.isArray(x.steps));
}

// withOffsets is rec with offsetX and offsetY 1 on every click and
// doubleClick that has none.
function withOffsets(rec) {
  const out = structuredClone(rec);
  for (const s of out.steps ?? []) {
    if ((s.type === "click" || s.type === "doubleClick") && !("offsetX" in s) && !("offsetY" in s)) {
      s.offsetX = 1;
      s.offsetY = 1;
    }
  }
  return out;
}

function verdict(file, entry, rec) {
  try {
    parse(rec);
    return { file, entry, valid: true };
  } catch (e) {
    return { file, entry, valid: false, error: String(e.message ?? e) };
  }
}

const out = [];
const names = (await readdir(here)).filter((n) => n.endsWith(".json") && n !== "verdicts.json").sort();
for (const name of names) {
  let data;
  try {
    data = JSON.parse(await readFile(join(here, name), "utf8"));
  } catch (e) {
    out.push({ file: name, entry: "", valid: false, error: `not JSON: ${e.message}` });
    continue;
  }
  if (isBundle(data)) {
    for (const [k, rec] of Object.entries(data)) {
      const v = verdict(name, k, rec);
      out.push(v);
      if (!v.valid && /offset[XY]/.test(v.error)) out.push({ ...verdict(name, k, withOffsets(rec)), derived: "offsets" });
    }
  } else {
    out.push(verdict(name, "", data));
  }
}
process.stdout.write(JSON.stringify(out, null, 1) + "\n");
