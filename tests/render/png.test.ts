/**
 * The palette PNG encoder and the legibility rules every picture is drawn to (issue 14).
 */
import { createCanvas } from "@napi-rs/canvas";
import { pixels } from "../helpers/pixels.ts";
import { deflateSync, inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { deflateRows, encodePalettePng, paletteStats } from "../../render/png.ts";
import { font, MIN_FONT_PX, PICTURE_WIDTH, PREVIEW_WIDTH } from "../../render/fonts.ts";
import { drawOnexenoTable } from "../../render/onexeno/table.ts";
import { drawOnexenoHand, handSize } from "../../render/onexeno/hand.ts";
import { drawOnzeHand } from "../../render/onze/table.ts";
import { onexenoView } from "../../src/games/onexeno/game.ts";
import { scenes } from "./scenes.ts";

/** The PNG's chunks in order: type and data. */
function chunks(png: Buffer): { type: string; data: Buffer }[] {
  const out: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < png.length; ) {
    const len = png.readUInt32BE(at);
    out.push({ type: png.toString("latin1", at + 4, at + 8), data: png.subarray(at + 8, at + 8 + len) });
    at += 12 + len;
  }
  return out;
}

describe("the palette PNG encoder", () => {
  it("writes a picture of few colours exactly, as an indexed-colour PNG any decoder reads", async () => {
    const c = createCanvas(97, 61); // odd sizes: rows are not a multiple of anything
    const ctx = c.getContext("2d");
    ctx.fillStyle = "#1d5b3b";
    ctx.fillRect(0, 0, 97, 61);
    ctx.fillStyle = "#f6f3ea";
    ctx.fillRect(10, 10, 30, 20);
    ctx.fillStyle = "#e0493b";
    ctx.fillRect(50, 5, 40, 50);
    const png = encodePalettePng(c.data(), 97, 61);
    const parts = chunks(png);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(parts.map((p) => p.type)).toEqual(["IHDR", "PLTE", "IDAT", "IEND"]);
    const ihdr = parts[0]!.data;
    expect([ihdr.readUInt32BE(0), ihdr.readUInt32BE(4), ihdr[8], ihdr[9]]).toEqual([97, 61, 8, 3]);
    expect(parts[1]!.data.length).toBe(3 * 3); // three colours, three palette entries
    expect(inflateSync(parts[2]!.data).length).toBe((97 + 1) * 61); // a filter byte and an index a pixel
    expect(paletteStats()).toEqual({ colours: 3, palette: 3, approximated: 0 });
    const back = await pixels(png);
    const want = ctx.getImageData(0, 0, 97, 61).data;
    expect([back.w, back.h]).toEqual([97, 61]);
    expect(Buffer.from(back.data).equals(Buffer.from(want))).toBe(true);
  });

  it("keeps a table picture within a few levels of every pixel when it has more than 256 colours", async () => {
    const { state, names } = scenes().closed!;
    const canvas = drawOnexenoTable(onexenoView(state, null), names);
    const png = encodePalettePng(canvas.data(), canvas.width, canvas.height);
    const stats = paletteStats();
    expect(stats.colours).toBeGreaterThan(256); // anti-aliased text: the approximating path is exercised
    // Shades within 10 levels of a more frequent colour share its entry: fewer than 256 are needed.
    expect(stats.palette).toBeLessThan(256);
    expect(stats.approximated).toBeGreaterThan(0);
    const want = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
    const got = (await pixels(png)).data;
    let exact = 0;
    let worst = 0;
    for (let i = 0; i < want.length; i += 4) {
      const d = Math.max(Math.abs(want[i]! - got[i]!), Math.abs(want[i + 1]! - got[i + 1]!), Math.abs(want[i + 2]! - got[i + 2]!));
      worst = Math.max(worst, d);
      if (d === 0) exact++;
    }
    // Only anti-aliased edge pixels are approximated, each by a close palette colour.
    expect(exact / (want.length / 4)).toBeGreaterThan(0.9);
    expect(worst).toBeLessThanOrEqual(16);
    // And it is smaller than Skia's RGBA encoding of the same canvas.
    expect(png.length).toBeLessThan((await canvas.encode("png")).length);
  });

  it("gives a shade within 10 levels of a more frequent colour that colour's entry, and a rarer but distinct colour its own", () => {
    // 250 colours 40 levels apart, 20 pixels each; 60 twins, each 1 to 10 levels from one of
    // them in one channel, 2 pixels each; one colour 20 levels from its nearest, 1 pixel.
    const bases: [number, number, number][] = [];
    for (let r = 0; r < 7 && bases.length < 250; r++)
      for (let g = 0; g < 7 && bases.length < 250; g++)
        for (let b = 0; b < 7 && bases.length < 250; b++) bases.push([r * 40, g * 40, b * 40]);
    const twins = Array.from({ length: 60 }, (_, i) => {
      const [r, g, b] = bases[i * 4]!;
      const step = 1 + (i % 10);
      const c: [number, number, number] = [r, g, b];
      c[i % 3] = c[i % 3]! + (c[i % 3]! === 240 ? -step : step);
      return { colour: c, base: [r, g, b] as [number, number, number] };
    });
    const distinct: [number, number, number] = [20, 20, 20];
    const seq: [number, number, number][] = [
      ...bases.flatMap((c) => Array<[number, number, number]>(20).fill(c)),
      ...twins.flatMap((t) => [t.colour, t.colour]),
      distinct,
    ];
    const width = 100;
    const height = Math.ceil(seq.length / width);
    const rgba = new Uint8Array(width * height * 4);
    for (let p = 0; p < width * height; p++) rgba.set([...(seq[p] ?? bases[0]!), 255], p * 4);
    const png = encodePalettePng(rgba, width, height);
    expect(paletteStats()).toEqual({ colours: 311, palette: 251, approximated: 120 });
    const parts = chunks(png);
    const plte = parts.find((p) => p.type === "PLTE")!.data;
    const rows = inflateSync(parts.find((p) => p.type === "IDAT")!.data);
    const at = (p: number) => {
      const j = rows[Math.floor(p / width) * (width + 1) + 1 + (p % width)]!;
      return [plte[j * 3], plte[j * 3 + 1], plte[j * 3 + 2]];
    };
    twins.forEach((t, i) => expect(at(250 * 20 + i * 2), `twin ${t.colour}`).toEqual(t.base));
    expect(at(seq.length - 1)).toEqual(distinct);
    bases.forEach((c, i) => expect(at(i * 20)).toEqual(c));
  });

  it("refuses pixels shorter than the size says", () => {
    expect(() => encodePalettePng(new Uint8Array(10), 4, 4)).toThrow(RangeError);
  });

  it("writes each colour left out of the palette as the nearest palette colour, as a full scan finds it", () => {
    // 1,000 colours, one per 5-bit cell (so no two share a search), each in a run of its own
    // length so that the palette (the 256 most frequent) is a known set; ties in distance go to
    // the lower palette index.
    const colours: [number, number, number][] = [];
    for (let r = 0; r < 10; r++)
      for (let g = 0; g < 10; g++) for (let b = 0; b < 10; b++) colours.push([r * 24 + 5, g * 24 + 3, b * 24 + 6]);
    const width = 200;
    const lengths = colours.map((_, i) => 1 + ((i * 37) % 23));
    const total = lengths.reduce((a, b) => a + b, 0);
    const height = Math.ceil(total / width);
    const rgba = new Uint8Array(width * height * 4).fill(255);
    let at = 0;
    colours.forEach(([r, g, b], i) => {
      for (let k = 0; k < lengths[i]!; k++, at++) rgba.set([r, g, b, 255], at * 4);
    });
    const png = encodePalettePng(rgba, width, height);
    const parts = chunks(png);
    const plte = parts.find((p) => p.type === "PLTE")!.data;
    const rows = inflateSync(parts.find((p) => p.type === "IDAT")!.data);
    expect(paletteStats().palette).toBe(256);
    let approximated = 0;
    for (let p = 0; p < width * height; p++) {
      const [r, g, b] = [rgba[p * 4]!, rgba[p * 4 + 1]!, rgba[p * 4 + 2]!];
      const index = rows[Math.floor(p / width) * (width + 1) + 1 + (p % width)]!;
      const dist = (j: number) => 3 * (r - plte[j * 3]!) ** 2 + 4 * (g - plte[j * 3 + 1]!) ** 2 + 2 * (b - plte[j * 3 + 2]!) ** 2;
      let best = 0;
      for (let j = 1; j < 256; j++) if (dist(j) < dist(best)) best = j;
      expect(index, `pixel ${p} (${r},${g},${b})`).toBe(best);
      if (dist(best) > 0) approximated++;
    }
    expect(approximated).toBe(paletteStats().approximated);
    expect(approximated).toBeGreaterThan(1000);
  });

  it("falls back to coarser colour keys on a photo-like picture, and still decodes at its size", async () => {
    const c = createCanvas(128, 128);
    const ctx = c.getContext("2d");
    for (let y = 0; y < 128; y++)
      for (let x = 0; x < 128; x++) {
        ctx.fillStyle = `rgb(${x * 2},${y * 2},${(x * y) % 256})`;
        ctx.fillRect(x, y, 1, 1);
      }
    const png = encodePalettePng(c.data(), 128, 128);
    // 16,384 distinct colours, counted again at a coarser precision: at most 8,192 keys.
    expect(paletteStats().colours).toBeLessThanOrEqual(8192);
    const back = await pixels(png);
    expect([back.w, back.h]).toEqual([128, 128]);
  });

  it("writes exactly a picture whose every pixel starts a run, and one of runs at every length, at widths off 4 and 32", async () => {
    for (const [w, h] of [
      [101, 33],
      [35, 3],
      [3, 5],
    ] as const) {
      const c = createCanvas(w, h);
      const ctx = c.getContext("2d");
      const image = ctx.createImageData(w, h);
      const random = seeded(w * h);
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++) {
          // rows alternate: a checkerboard (a run a pixel), then runs of random lengths
          const dark = y % 2 === 0 ? (x + y) % 2 === 0 : Math.floor(random() * 3) === 0;
          image.data.set(dark ? [20, 40, 60, 255] : [230, 220, 200, 255], (y * w + x) * 4);
        }
      ctx.putImageData(image, 0, 0);
      const back = await pixels(encodePalettePng(c.data(), w, h));
      expect(Buffer.from(back.data).equals(Buffer.from(ctx.getImageData(0, 0, w, h).data))).toBe(true);
    }
  });

  it("counts up to 8,192 distinct colours exactly (a busy Cardeno board has about 4,500)", () => {
    const c = createCanvas(96, 64);
    const ctx = c.getContext("2d");
    for (let y = 0; y < 64; y++)
      for (let x = 0; x < 96; x++) {
        ctx.fillStyle = `rgb(${x},${y},${(x + y) % 7})`;
        ctx.fillRect(x, y, 1, 1);
      }
    encodePalettePng(c.data(), 96, 64);
    expect(paletteStats().colours).toBe(96 * 64);
  });
});

/** A seeded generator of numbers in [0, 1) (mulberry32), so that every run deflates the same bytes. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

describe("the rows' deflate (render/assembly/deflate.ts)", () => {
  it("writes the same rows as zlib, in fewer bytes, on every game's busiest table pictures", () => {
    const all = scenes();
    for (const [name, scene] of Object.entries(all)) {
      if (!scene) continue;
      const canvas = drawOnexenoTable(onexenoView(scene.state, null), scene.names);
      const rgba = canvas.data();
      const ours = chunks(encodePalettePng(rgba, canvas.width, canvas.height)).find((p) => p.type === "IDAT")!.data;
      const zlib = chunks(encodePalettePng(rgba, canvas.width, canvas.height, 3)).find((p) => p.type === "IDAT")!.data;
      expect(inflateSync(ours).equals(inflateSync(zlib)), name).toBe(true);
      expect(ours.length, name).toBeLessThan(zlib.length);
    }
  });

  it("gives back any bytes exactly through zlib's inflate: runs, noise, skewed counts, far repeats, wide rows", () => {
    const random = seeded(65);
    const noise = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(random() * 256));
    // Bytes drawn with halving odds (0 half the time, 1 a quarter...): counts skewed enough that
    // a block's best Huffman code is deeper than deflate's 15 bits and must be limited.
    const skewed = Uint8Array.from({ length: 200_000 }, () => Math.min(40, Math.floor(-Math.log2(1 - random()))));
    const far = noise(20_000);
    const farRepeat = new Uint8Array(80_000);
    farRepeat.set(far, 0);
    farRepeat.set(noise(40_000), 20_000);
    farRepeat.set(far, 60_000); // 60,000 bytes back: beyond the 32 KiB window, must not be matched
    const rows = new Uint8Array(41_000 * 3);
    rows.set(noise(41_000), 0);
    rows.set(rows.subarray(0, 41_000), 41_000); // a row above 41,000 bytes back
    const cases: [string, Uint8Array, number][] = [
      ["nothing", new Uint8Array(0), 1],
      ["one byte", Uint8Array.of(7), 1],
      ["one byte repeated", new Uint8Array(100_000).fill(3), 641],
      ["noise", noise(100_000), 641],
      ["skewed", skewed, 641],
      ["far repeat", farRepeat, 641],
      ["wide rows", rows, 41_000],
      ["a row repeated", new Uint8Array(641 * 50).map((_, i) => (i % 641) % 13), 641],
    ];
    for (const [name, bytes, stride] of cases) {
      const stream = deflateRows(bytes, stride);
      expect(inflateSync(stream).equals(Buffer.from(bytes)), name).toBe(true);
    }
    // A run costs a few bits per 258 bytes; on noise (not what it is made for: it takes every
    // near match it finds) it stays within a third of zlib's level 3.
    expect(deflateRows(new Uint8Array(100_000).fill(3), 641).length).toBeLessThan(200);
    expect(deflateRows(skewed, 641).length).toBeLessThan(deflateSync(skewed, { level: 3 }).length * 1.3);
  });
});

describe("legibility at Discord's preview size", () => {
  it("the smallest type reads at 12 px or more when a table picture is shown 550 px wide", () => {
    expect((MIN_FONT_PX * PREVIEW_WIDTH) / PICTURE_WIDTH).toBeGreaterThanOrEqual(12);
    expect(() => font(MIN_FONT_PX - 1)).toThrow(RangeError);
    expect(font(MIN_FONT_PX, true)).toBe(`bold ${MIN_FONT_PX}px OnexenoSans`);
  });

  it("hand pictures are shown unscaled (or nearly): at most the preview width plus 2%", () => {
    for (const n of [1, 4, 11, 15]) expect(handSize(n).width).toBeLessThanOrEqual(PREVIEW_WIDTH * 1.02);
    expect(drawOnexenoHand([0, 1, 2, 3, 4, 5], new Set(), "Your hand").width).toBeLessThanOrEqual(PREVIEW_WIDTH * 1.02);
    expect(
      drawOnzeHand(
        Array.from({ length: 13 }, (_, i) => i),
        "Your hand",
        "help",
      ).width,
    ).toBeLessThanOrEqual(PREVIEW_WIDTH);
  });
});
