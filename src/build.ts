/**
 * `npm run build`, after `tsc -p tsconfig.build.json` has compiled the TypeScript to `dist/`
 * (source maps on, relative imports rewritten to `.js`, the locale files it imports emitted
 * beside them): copies what the compiled code reads at run time by a path next to itself, so
 * that `dist/` runs alone with `node --enable-source-maps dist/src/index.js` (`npm start`).
 * What it copies: the fonts and the pixel kernel of the pictures, the picture threads' entry,
 * the local page, the live table's page, and the rules documents. Throws (a failed build) when one is missing.
 * Then bundles the live table's page script with the Embedded App SDK (src/surfaces/live-table/bundle.ts),
 * so that the compiled bot needs neither esbuild nor the SDK.
 */
import { cpSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { writePageBundle } from "./surfaces/live-table/bundle.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = `${root}dist/`;

/** Paths (from the repository's root) the compiled code reads beside itself. */
const RUNTIME_FILES = [
  "render/assets",
  "render/palette.wasm",
  "render/picture-worker.mjs",
  "src/standin/web",
  "src/surfaces/live-table/web",
  "docs/rules",
] as const;

for (const path of RUNTIME_FILES) {
  if (!existsSync(`${root}${path}`)) throw new Error(`build: ${path} is missing`);
  cpSync(`${root}${path}`, `${dist}${path}`, { recursive: true });
}
await writePageBundle(`${dist}src/surfaces/live-table/web/app.bundle.js`);
console.log(
  `build: dist/ holds the compiled bot and ${RUNTIME_FILES.length} runtime paths (${RUNTIME_FILES.join(", ")}), and the live table's page bundled`,
);
