/**
 * The live table's page script (src/surfaces/live-table/web/app.js) with the Embedded App SDK, bundled for
 * browsers by esbuild. `npm run build` writes it beside the compiled server
 * (`dist/src/surfaces/live-table/web/app.bundle.js`, `writePageBundle`); a bot run from source (`npm run
 * dev`, the tests) bundles it on demand, at the first request for it, so that neither esbuild nor
 * the SDK is needed at run time, and starting the bot never waits for a bundle.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The page's entry, and where the built bundle lies (beside this module, compiled or not). */
const ENTRY = fileURLToPath(new URL("./web/app.js", import.meta.url));
const BUILT = fileURLToPath(new URL("./web/app.bundle.js", import.meta.url));

/** The page's script bundled now by esbuild (imported here: a development dependency): one ES module for browsers, minified. */
async function bundleNow(): Promise<string> {
  const { build } = await import("esbuild");
  const out = await build({
    entryPoints: [ENTRY],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2020",
    minify: true,
    write: false,
    logLevel: "silent",
  });
  return out.outputFiles?.[0]?.text ?? "";
}

let script: Promise<string> | null = null;

/**
 * The page's script (JavaScript text): the built bundle when `npm run build` wrote one, else
 * bundled now, once a process (esbuild is then imported: a development dependency). Rejects when
 * neither works (a build without its bundle, run without esbuild installed).
 */
export function pageScript(): Promise<string> {
  script ??= (async () => {
    if (existsSync(BUILT)) return readFileSync(BUILT, "utf8");
    return bundleNow();
  })();
  script.catch(() => {
    script = null; // a later request tries again
  });
  return script;
}

/** Bundles the page's script to `file` (`npm run build`, src/build.ts). Throws on a bundling error. */
export async function writePageBundle(file: string): Promise<void> {
  writeFileSync(file, await bundleNow());
}
