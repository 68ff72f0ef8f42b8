/**
 * A fast PNG encoder for table pictures: an indexed-colour (palette) PNG, deflated at a low
 * zlib level.
 *
 * Why: Skia's default PNG encoder (`canvas.encode("png")`) writes 8-bit RGBA with adaptive
 * filters at zlib level 6, and on our flat, few-colour pictures that is most of a frame. A
 * table picture has a handful of theme colours plus the anti-aliased edges between them; a
 * palette of at most 256 colours holds the theme colours exactly and the edge shades closely,
 * and one byte a pixel deflates fast and small.
 *
 * Format: PNG 1.2 (W3C "Portable Network Graphics (PNG) Specification (Third Edition)"),
 * colour type 3, bit depth 8, filter type 0 on every row (None: palette indices do not
 * predict well), one IDAT chunk, no ancillary chunks. Pixels are read opaque (every picture
 * paints its whole background); alpha is ignored.
 *
 * The two passes over every pixel (counting colours as runs, writing the index rows) run as
 * WebAssembly with SIMD (`render/assembly/palette.ts`, compiled to `render/palette.wasm`); the
 * palette's choice, zlib and the chunks stay here.
 */
import { readFileSync } from "node:fs";
import { crc32, deflateSync } from "node:zlib";

/** Largest palette a PNG allows. */
const MAX_COLOURS = 256;
/**
 * Entries of the kernel's open-addressing hash table of colours (a power of two well above the
 * colours a scene has): `HASH_SIZE` in `render/assembly/palette.ts`, which must agree.
 */
const HASH_SIZE = 1 << 15;
/**
 * Beyond this many distinct colours (a photo-like picture) colours are counted again at a
 * coarser precision, so mapping the rest to the palette stays cheap. Table scenes stay under
 * it: Cardeno's busiest boards and races reach about 4,500 (at 4,096, one in eight of a race's
 * pictures was counted twice, its encode's p90 4.7 ms against 3.85 ms now).
 */
const MAX_DISTINCT = 8192;
/** Channel precisions tried in turn: 8, 6, 5 and 4 bits (alpha is ignored). */
const MASKS = [0x00ffffff, 0x00fcfcfc, 0x00f8f8f8, 0x00f0f0f0];

/** Nearest palette index per 5-bit colour cell, -1 when not yet searched. */
const cellNearest = new Int16Array(1 << 15);

/** The pixel passes (`render/assembly/palette.ts`, built by `npm run build:wasm`). */
interface PaletteKernel {
  readonly memory: { readonly buffer: ArrayBuffer; grow(pages: number): number };
  countColours(
    pixelsAt: number,
    width: number,
    height: number,
    mask: number,
    maxDistinct: number,
    keysAt: number,
    countsAt: number,
    numbersAt: number,
    entriesAt: number,
    lengthsAt: number,
    coloursAt: number,
    runCountAt: number,
  ): number;
  writeRows(indexOfAt: number, lengthsAt: number, coloursAt: number, runCount: number, rowsAt: number, stride: number): void;
}

/** The parts of the WebAssembly JS API used here (Node has them; this project's `lib` does not declare them). */
interface WebAssemblyApi {
  readonly Module: new (bytes: Uint8Array) => object;
  readonly Instance: new (module: object) => { readonly exports: unknown };
}
const { Module, Instance } = Reflect.get(globalThis, "WebAssembly") as WebAssemblyApi;

/** One instance a thread (compiling its 703 bytes takes well under a millisecond). */
const kernel = new Instance(new Module(readFileSync(new URL("./palette.wasm", import.meta.url)))).exports as PaletteKernel;

/**
 * Where each array lives in the kernel's memory (byte offsets, 16-aligned), and views on them,
 * for pictures of up to `pixels` pixels and `rows` rows. Laid out again, and the memory grown,
 * when a larger picture comes; memory is never given back (a thread's largest picture is a
 * 640x808 Onze table: about 6 MB).
 */
interface Layout {
  readonly pixels: number;
  readonly rows: number;
  readonly keysAt: number;
  readonly countsAt: number;
  readonly numbersAt: number;
  readonly entriesAt: number;
  readonly indexOfAt: number;
  readonly runCountAt: number;
  readonly pixelsAt: number;
  readonly lengthsAt: number;
  readonly coloursAt: number;
  readonly rowsAt: number;
  /** Colour keys (0x01BBGGRR), 0 when empty, per hash entry. */
  readonly keys: Uint32Array;
  /** Pixels of each hash entry's colour. */
  readonly counts: Uint32Array;
  /** Hash entry of each colour number. */
  readonly entryOf: Uint16Array;
  /** Palette index of each colour number (written here, read by `writeRows`). */
  readonly indexOf: Uint8Array;
}

/** The kernel's memory before any layout: its own data, if any, lies below. */
const BASE = (kernel.memory.buffer.byteLength + 15) & ~15;
let layout: Layout | null = null;

function layoutFor(pixels: number, rows: number): Layout {
  if (layout && layout.pixels >= pixels && layout.rows >= rows) return layout;
  const p = Math.max(pixels, layout?.pixels ?? 0);
  const r = Math.max(rows, layout?.rows ?? 0);
  let at = BASE;
  const take = (bytes: number): number => {
    const start = at;
    at += (bytes + 15) & ~15;
    return start;
  };
  const keysAt = take(HASH_SIZE * 4);
  const countsAt = take(HASH_SIZE * 4);
  const numbersAt = take(HASH_SIZE * 2);
  const entriesAt = take(HASH_SIZE * 2);
  const indexOfAt = take(MAX_DISTINCT * 2 + 1);
  const runCountAt = take(4);
  const pixelsAt = take(p * 4);
  const lengthsAt = take(p * 4);
  const coloursAt = take(p * 2);
  const rowsAt = take(p + r + 16); // 16: `writeRows` may write up to 15 bytes past the last run
  const memory = kernel.memory;
  if (at > memory.buffer.byteLength) memory.grow(Math.ceil((at - memory.buffer.byteLength) / 65536));
  const buffer = memory.buffer;
  layout = {
    pixels: p,
    rows: r,
    keysAt,
    countsAt,
    numbersAt,
    entriesAt,
    indexOfAt,
    runCountAt,
    pixelsAt,
    lengthsAt,
    coloursAt,
    rowsAt,
    keys: new Uint32Array(buffer, keysAt, HASH_SIZE),
    counts: new Uint32Array(buffer, countsAt, HASH_SIZE),
    entryOf: new Uint16Array(buffer, entriesAt, HASH_SIZE),
    indexOf: new Uint8Array(buffer, indexOfAt, MAX_DISTINCT * 2 + 1),
  };
  return layout;
}

const CHUNK_OVERHEAD = 12;

function chunk(out: Buffer, at: number, type: string, data: Uint8Array): number {
  out.writeUInt32BE(data.length, at);
  out.write(type, at + 4, "latin1");
  out.set(data, at + 8);
  out.writeUInt32BE(crc32(out.subarray(at + 4, at + 8 + data.length)), at + 8 + data.length);
  return at + CHUNK_OVERHEAD + data.length;
}

/** Figures of one encode, for the bench and the tests. */
export interface PaletteStats {
  /** Distinct colours in the picture. */
  readonly colours: number;
  /** Colours in the palette written (at most 256). */
  readonly palette: number;
  /** Pixels whose colour is not in the palette and were written as the nearest one. */
  readonly approximated: number;
}

let lastStats: PaletteStats = { colours: 0, palette: 0, approximated: 0 };

/** The figures of the last `encodePalettePng` call on this thread. */
export function paletteStats(): PaletteStats {
  return lastStats;
}

/**
 * Encodes `width` x `height` RGBA pixels (`rgba`, 4 bytes a pixel, row-major, as
 * `canvas.data()` gives them) as an indexed-colour PNG.
 *
 * The palette is every colour when there are at most 256; otherwise the most frequent colour
 * of each 5-bit-per-channel cell, in order of frequency (the flat theme colours first, then edge
 * shades spread over the colours present), and every other colour is written as
 * its nearest palette colour (weighted RGB distance; colours within 8 levels a channel of one
 * another share the search). Deterministic: the same pixels always give the same bytes. `level` is the zlib level (1 to 9;
 * default 3, measured as the best time-for-size on table pictures).
 *
 * Errors: throws RangeError when `rgba` is shorter than `width * height * 4`.
 */
export function encodePalettePng(rgba: Uint8Array, width: number, height: number, level = 3): Buffer {
  const n = width * height;
  if (rgba.length < n * 4) throw new RangeError(`encodePalettePng: ${rgba.length} bytes for ${width}x${height}`);
  const mem = layoutFor(n, height);
  const { keys, counts, entryOf, indexOf } = mem;
  new Uint8Array(kernel.memory.buffer, mem.pixelsAt, n * 4).set(rgba.subarray(0, n * 4));

  // 1. Count and number colours, recording the picture as runs of one colour (runs skip the
  // lookup: most of a picture is flat).
  let mask = 0;
  let distinct = 0;
  for (const m of MASKS) {
    mask = m;
    distinct = kernel.countColours(
      mem.pixelsAt,
      width,
      height,
      m,
      MAX_DISTINCT,
      mem.keysAt,
      mem.countsAt,
      mem.numbersAt,
      mem.entriesAt,
      mem.lengthsAt,
      mem.coloursAt,
      mem.runCountAt,
    );
    if (distinct <= MAX_DISTINCT) break;
  }
  const runCount = new Int32Array(kernel.memory.buffer, mem.runCountAt, 1)[0]!;

  // 2. The palette: every colour, or the most frequent 256; `indexOf` maps colour numbers to it.
  let byCount = new Uint16Array(distinct);
  for (let i = 0; i < distinct; i++) byCount[i] = i;
  if (distinct > MAX_COLOURS) {
    // Most frequent first, ties in order of first appearance: one numeric sort of
    // count * 2^13 (MAX_DISTINCT) + (2^13 - 1 - colour number), read from the end (32-bit keys while every
    // count fits in 19 bits, which is every table picture; else 64-bit floats).
    const order = n < 1 << 19 ? new Uint32Array(distinct) : new Float64Array(distinct);
    for (let i = 0; i < distinct; i++) order[i] = counts[entryOf[i]!]! * MAX_DISTINCT + (MAX_DISTINCT - 1 - i);
    order.sort();
    for (let i = 0; i < distinct; i++) byCount[i] = MAX_DISTINCT - 1 - (order[distinct - 1 - i]! & (MAX_DISTINCT - 1));
    // Spread the palette: in order of frequency, one colour per 5-bit cell first (so a rare but
    // distinct colour, say a badge's edge, is not crowded out by near-twins of common shades),
    // then the rest of the most frequent.
    cellNearest.fill(-1);
    const spread = new Uint16Array(distinct);
    let firsts = 0;
    let laters = 0;
    const later = new Uint16Array(distinct);
    for (let i = 0; i < distinct; i++) {
      const colour = byCount[i]!;
      const k = keys[entryOf[colour]!]!;
      const cell = (((k & 255) >>> 3) << 10) | ((((k >>> 8) & 255) >>> 3) << 5) | (((k >>> 16) & 255) >>> 3);
      if (firsts < MAX_COLOURS && cellNearest[cell] === -1) {
        cellNearest[cell] = 0;
        spread[firsts++] = colour;
      } else later[laters++] = colour;
    }
    spread.set(later.subarray(0, laters), firsts);
    byCount = spread;
  }
  const size = Math.min(MAX_COLOURS, distinct);
  const palette = new Uint8Array(size * 3);
  const paletteKeys = new Uint32Array(size);
  // A coarse key stands for the middle of the colours it covers.
  const half = (~mask & 0xff) >>> 1;
  for (let i = 0; i < size; i++) {
    const colour = byCount[i]!;
    indexOf[colour] = i;
    const k = keys[entryOf[colour]!]!;
    paletteKeys[i] = k;
    palette[i * 3] = (k & 255) | half;
    palette[i * 3 + 1] = ((k >>> 8) & 255) | half;
    palette[i * 3 + 2] = ((k >>> 16) & 255) | half;
  }
  let approximated = 0;
  if (distinct > size) {
    // Nearest palette colour of each remaining colour. The palette is searched in order of
    // green (the heaviest channel) outward from the colour's green, and each direction stops
    // once green alone is farther than the best so far: the same answer as a full scan (ties
    // go to the lower palette index), about a tenth of the comparisons.
    const byGreen = new Uint32Array(size);
    for (let j = 0; j < size; j++) byGreen[j] = (((paletteKeys[j]! >>> 8) & 255) << 8) | j;
    byGreen.sort();
    const sg = new Int32Array(size);
    const sr = new Int32Array(size);
    const sb = new Int32Array(size);
    const sj = new Int32Array(size);
    for (let s = 0; s < size; s++) {
      const j = byGreen[s]! & 255;
      sj[s] = j;
      sg[s] = byGreen[s]! >>> 8;
      sr[s] = paletteKeys[j]! & 255;
      sb[s] = (paletteKeys[j]! >>> 16) & 255;
    }
    // Colours within one 5-bit-per-channel cell (8 levels a side) share the nearest entry
    // found for the first of them: edge shades come in near-identical runs.
    cellNearest.fill(-1);
    for (let i = size; i < distinct; i++) {
      const colour = byCount[i]!;
      const entry = entryOf[colour]!;
      const k = keys[entry]!;
      const r = k & 255;
      const g = (k >>> 8) & 255;
      const b = (k >>> 16) & 255;
      const cell = ((r >>> 3) << 10) | ((g >>> 3) << 5) | (b >>> 3);
      const known = cellNearest[cell]!;
      approximated += counts[entry]!;
      if (known >= 0) {
        indexOf[colour] = known;
        continue;
      }
      // First position whose green is at least g.
      let lo = 0;
      let hi = size;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (sg[mid]! < g) lo = mid + 1;
        else hi = mid;
      }
      let best = 0;
      let bestD = 0x7fffffff;
      // Upward from `lo`, then downward from `lo - 1`.
      for (let step = 1; step >= -1; step -= 2) {
        for (let s = step === 1 ? lo : lo - 1; s >= 0 && s < size; s += step) {
          const dg = sg[s]! - g;
          const d4 = dg * dg * 4;
          if (d4 > bestD) break;
          const dr = r - sr[s]!;
          const db = b - sb[s]!;
          const d = dr * dr * 3 + d4 + db * db * 2;
          if (d < bestD || (d === bestD && sj[s]! < best)) {
            bestD = d;
            best = sj[s]!;
          }
        }
      }
      indexOf[colour] = best;
      cellNearest[cell] = best;
    }
  }

  // 3. Index rows, each behind its filter byte 0.
  const stride = width + 1;
  kernel.writeRows(mem.indexOfAt, mem.lengthsAt, mem.coloursAt, runCount, mem.rowsAt, stride);
  const raw = new Uint8Array(kernel.memory.buffer, mem.rowsAt, stride * height);
  const idat = deflateSync(raw, { level });

  // 4. Signature, IHDR, PLTE, IDAT, IEND.
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 3; // colour type: indexed
  const out = Buffer.allocUnsafe(8 + CHUNK_OVERHEAD * 4 + 13 + palette.length + idat.length);
  out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
  let at = chunk(out, 8, "IHDR", ihdr);
  at = chunk(out, at, "PLTE", palette);
  at = chunk(out, at, "IDAT", idat);
  chunk(out, at, "IEND", new Uint8Array(0));
  lastStats = { colours: distinct, palette: size, approximated };
  return out;
}
