/**
 * The palette PNG's pixel passes run as WebAssembly (`render/palette.wasm`), built from
 * `render/assembly/palette.ts` by `npm run build:wasm` and committed, so that the bot needs no
 * compiler at run time. This checks that the committed module is exactly what its source compiles
 * to with the pinned AssemblyScript (package.json's `build:wasm`, the one place its options live).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");

describe("the palette kernel", () => {
  it("render/palette.wasm is what npm run build:wasm makes of its source (rebuild and commit both)", async () => {
    const scripts = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
    const [command, ...args] = (scripts["build:wasm"] ?? "").split(" ");
    expect(command).toBe("asc");
    const out = args.indexOf("--outFile");
    expect(args[out + 1]).toBe("render/palette.wasm");
    const { default: asc } = await import("assemblyscript/asc");
    let built: Uint8Array | null = null;
    const { error, stderr } = await asc.main(args, {
      readFile: (name, baseDir) => {
        try {
          return readFileSync(join(root, baseDir, name), "utf8");
        } catch {
          return null;
        }
      },
      writeFile: (name, contents) => {
        if (name.endsWith("palette.wasm") && typeof contents !== "string") built = contents;
      },
    });
    expect(error, String(stderr)).toBeNull();
    expect(built).not.toBeNull();
    expect(Buffer.from(built!).equals(readFileSync(join(root, "render", "palette.wasm")))).toBe(true);
  }, 60_000);
});
