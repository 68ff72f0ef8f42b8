/**
 * A table's pictures encoded against its last one: the palette PNG (`render/png.ts`) of a
 * picture thread's next frame of a table reuses what the move left as it was.
 *
 * Why: a move changes a few places of a table picture (a card laid, a seat's count, the turn's
 * marker), and a table's colours settle. In the bench's games played in order (`npm run bench --
 * --pictures`, the rows "in order"), 37 % of the 32-row bands of a 7-player contract-rummy
 * game's pictures changed from one position to the next, 26 % of a six-board race's, 79 % of a
 * 6-player ONEXENO field's (its field re-centres as it grows); and once a table's palette is
 * chosen, a frame's colours not in it are few and near one that is (a race's 606 pictures were
 * written whole 17 times).
 *
 * So each table keeps, per picture thread (`FRAME_TABLES` of them, the least recently drawn
 * dropped first):
 * - its colour table (the kernel's hash table of the colours its frames have shown, each one's
 *   palette index) and its palette;
 * - its last picture's pixels;
 * - each band's deflate output: a band is deflated on its own (kernel `deflateBand`: no match
 *   reaches further back than the row above its first, the band above's last row) and ends in a
 *   sync flush, so that bands join into one zlib stream in any mix of old and new, the Adler-32
 *   combined from theirs; and its last index row.
 * A next frame of the same size compares its bands with the last picture's and writes only the
 * changed ones (kernel `indexRows`), and the band below any whose last row changed, under the
 * same palette: a colour new to the table takes the
 * index `choosePalette` would give it against that palette (its nearest colour when one lies
 * within 10 levels in every channel, else a new palette colour). Another size writes every band
 * the same way. When a new colour finds no room (the palette full), the frame is written whole,
 * its colour table and palette chosen afresh from its own pixels, exactly as `encodePalettePng`
 * would.
 *
 * The bytes of a frame depend on its table's frames before it on that thread, never the picture
 * it decodes to beyond the palette's rounding (the same bound as `encodePalettePng`'s: about 16
 * levels a channel at most, the flat colours exact). A band's own Huffman codes cost 1-7 % more
 * bytes than `encodePalettePng`'s (the bench's games: contract rummy 1 %, the race 4 %, ONEXENO 7 %).
 *
 * Memory: a table's colour table takes 607 KB of the kernel's memory (kept, reused by the next
 * table), its last pixels width x height x 4 bytes (1.2 MB at 640 x 490, 2.1 MB at 640 x 808):
 * with FRAME_TABLES tables, 45-65 MB a picture thread at most.
 */
import {
  choosePalette,
  countColours,
  ENTRY_BYTES,
  HASH_SIZE,
  kernel,
  layoutFor,
  type Layout,
  MAX_COLOURS,
  NUMBERS,
  pngFile,
} from "./png.ts";

/** Rows of one band: the unit a frame is compared, indexed and deflated in. */
export const BAND_ROWS = 32;
/** Tables a thread keeps frames of, the least recently drawn dropped first: the kernel's tables take about 600 KB each, the last pixels 1-2 MB. */
export const FRAME_TABLES = 24;
/**
 * Bytes of one table's region of the kernel's memory: its hash table, its entries, its palette
 * indices, its palette (3 bytes a colour), its next colour number and its palette's size.
 */
const TABLE_BYTES = HASH_SIZE * ENTRY_BYTES;
const ENTRIES_BYTES = HASH_SIZE * 2;
const INDEX_BYTES = (NUMBERS + 15) & ~15;
const PALETTE_BYTES = MAX_COLOURS * 3;
const REGION_BYTES = TABLE_BYTES + ENTRIES_BYTES + INDEX_BYTES + PALETTE_BYTES + 16;
/** The zlib stream's header (deflate, 32 KB window, no dictionary, fastest) and its last, empty block (final, fixed codes). */
const ZLIB_HEADER = [0x78, 0x01];
const LAST_BLOCK = [0x03, 0x00];

/** Where one table's colour table lives in the kernel's memory (byte offsets). */
interface Region {
  readonly tableAt: number;
  readonly entriesAt: number;
  readonly indexOfAt: number;
  readonly paletteAt: number;
  readonly distinctAt: number;
  readonly sizeAt: number;
}

/** What a thread keeps of one table's frames. */
interface Frame {
  readonly region: Region;
  width: number;
  height: number;
  /** The colour table's precision (`countColours`'s mask). */
  mask: number;
  /** The last picture's RGBA pixels (at least width x height x 4 bytes). */
  pixels: Buffer;
  /** Each band's deflate output, the Adler-32 of its index rows and its last index row (which the band below may match). */
  bands: Uint8Array[];
  adlers: number[];
  lastRows: Uint8Array[];
}

const frames = new Map<string, Frame>();
const free: Region[] = [];
let regionsOf: Layout | null = null;
let regionsMade = 0;

/** Figures of the frames encoded on this thread, for the bench and the tests. */
export interface FrameStats {
  /**
   * Frames encoded; frames whose changed bands were written alone (under the palette they had,
   * new colours added to it); frames written whole (their palette chosen again: a table's first,
   * or a new colour with no palette colour near it and no room); bands written; bands in all;
   * colours added to palettes.
   */
  readonly frames: number;
  readonly partial: number;
  readonly whole: number;
  readonly bandsWritten: number;
  readonly bands: number;
  readonly added: number;
}
const NO_STATS: FrameStats = { frames: 0, partial: 0, whole: 0, bandsWritten: 0, bands: 0, added: 0 };
let stats: { -readonly [K in keyof FrameStats]: number } = { ...NO_STATS };

/** This thread's frame figures since it started (or since `forgetFrames`). */
export function frameStats(): FrameStats {
  return { ...stats };
}

/** Drops every table's frames and the figures (the tests' and the bench's fresh start). */
export function forgetFrames(): void {
  frames.clear();
  free.length = 0;
  regionsOf = null;
  regionsMade = 0;
  stats = { ...NO_STATS };
}

/** A region for a new table's frames: a free one, the least recently drawn table's, or a new one past the layout. */
function takeRegion(mem: Layout): Region {
  const spare = free.pop();
  if (spare) return spare;
  if (frames.size >= FRAME_TABLES) {
    const [oldest, frame] = frames.entries().next().value as [string, Frame];
    frames.delete(oldest);
    return frame.region;
  }
  const at = mem.end + regionsMade * REGION_BYTES;
  regionsMade++;
  const memory = kernel.memory;
  const end = at + REGION_BYTES;
  if (end > memory.buffer.byteLength) memory.grow(Math.ceil((end - memory.buffer.byteLength) / 65536));
  const paletteAt = at + TABLE_BYTES + ENTRIES_BYTES + INDEX_BYTES;
  return {
    tableAt: at,
    entriesAt: at + TABLE_BYTES,
    indexOfAt: at + TABLE_BYTES + ENTRIES_BYTES,
    paletteAt,
    distinctAt: paletteAt + PALETTE_BYTES,
    sizeAt: paletteAt + PALETTE_BYTES + 4,
  };
}

/** zlib's adler32_combine: the Adler-32 of two byte strings one after the other, from theirs and the second's length. */
function adlerCombine(first: number, second: number, secondLength: number): number {
  const BASE = 65521;
  const rem = secondLength % BASE;
  let a = first & 0xffff;
  let b = (rem * a) % BASE;
  a += (second & 0xffff) + BASE - 1;
  b += (first >>> 16) + (second >>> 16) + BASE - rem;
  a %= BASE;
  b %= BASE;
  return b * 65536 + a;
}

/** Rows `y0` to `y1` of band `b`. */
function bandRows(frame: Frame, b: number): { readonly y0: number; readonly y1: number } {
  const y0 = b * BAND_ROWS;
  return { y0, y1: Math.min(frame.height, y0 + BAND_ROWS) };
}

/**
 * Deflates bands `which` (ascending) of the index rows at `mem.rowsAt` into `frame`. A band's
 * first row may match the row above it, the band above's last: put back from `frame.lastRows`
 * when that band is not among them.
 */
function writeBands(mem: Layout, frame: Frame, which: readonly number[]): void {
  const stride = frame.width + 1;
  const heap = new Uint8Array(kernel.memory.buffer);
  kernel.deflateReset(mem.deflateWorkAt);
  let before = -1;
  for (const b of which) {
    const { y0, y1 } = bandRows(frame, b);
    if (b > 0 && before !== b - 1) heap.set(frame.lastRows[b - 1]!, mem.rowsAt + (y0 - 1) * stride);
    const back = b > 0 ? stride : 0;
    const length = kernel.deflateBand(mem.rowsAt, y0 * stride, y1 * stride, back, stride, mem.deflateWorkAt, mem.streamAt);
    frame.bands[b] = heap.slice(mem.streamAt, mem.streamAt + length);
    frame.adlers[b] = kernel.adler32Of(mem.rowsAt + y0 * stride, (y1 - y0) * stride) >>> 0;
    frame.lastRows[b] = heap.slice(mem.rowsAt + (y1 - 1) * stride, mem.rowsAt + y1 * stride);
    before = b;
  }
  stats.bandsWritten += which.length;
}

/** The PNG of `frame` as its bands now stand. */
function framePng(frame: Frame): Buffer {
  const stride = frame.width + 1;
  let length = ZLIB_HEADER.length + LAST_BLOCK.length + 4;
  let adler = 1;
  frame.bands.forEach((band, b) => {
    const { y0, y1 } = bandRows(frame, b);
    length += band.length;
    adler = adlerCombine(adler, frame.adlers[b]!, (y1 - y0) * stride);
  });
  const { paletteAt, sizeAt } = frame.region;
  const size = new Int32Array(kernel.memory.buffer, sizeAt, 1)[0]!;
  return pngFile(frame.width, frame.height, new Uint8Array(kernel.memory.buffer, paletteAt, size * 3), length, (out, start) => {
    let at = start;
    out.set(ZLIB_HEADER, at);
    at += ZLIB_HEADER.length;
    for (const band of frame.bands) {
      out.set(band, at);
      at += band.length;
    }
    out.set(LAST_BLOCK, at);
    out.writeUInt32BE(adler, at + LAST_BLOCK.length);
  });
}

/**
 * The bands of `rgba` to write again against `frame`'s last picture (of the same size): those
 * whose pixels differ, and the band below each one whose last row differs (its first row may
 * have matched that row).
 */
function changedBands(frame: Frame, rgba: Uint8Array): number[] {
  const rowBytes = frame.width * 4;
  const bandBytes = rowBytes * BAND_ROWS;
  const total = rowBytes * frame.height;
  const changed: number[] = [];
  for (let b = 0, from = 0; from < total; b++, from += bandBytes) {
    const to = Math.min(total, from + bandBytes);
    if (Buffer.compare(rgba.subarray(from, to), frame.pixels.subarray(from, to)) === 0) continue;
    if (changed.at(-1) !== b) changed.push(b); // (else added already, for the band above)
    if (to < total && Buffer.compare(rgba.subarray(to - rowBytes, to), frame.pixels.subarray(to - rowBytes, to)) !== 0) {
      changed.push(b + 1);
    }
  }
  return changed;
}

/**
 * Writes bands `changed` of `rgba` into `frame` under its palette, new colours added to it
 * (kernel `indexRows`); false when a new colour finds no place (nothing written then but the
 * colour table's and the palette's additions, which a whole write empties).
 */
function writeChanged(mem: Layout, frame: Frame, rgba: Uint8Array, changed: readonly number[]): boolean {
  const { width, height } = frame;
  const total = width * height * 4;
  const bandBytes = width * 4 * BAND_ROWS;
  const heap = new Uint8Array(kernel.memory.buffer);
  for (const b of changed) heap.set(rgba.subarray(b * bandBytes, Math.min(total, (b + 1) * bandBytes)), mem.pixelsAt + b * bandBytes);
  const { tableAt, entriesAt, indexOfAt, distinctAt, paletteAt, sizeAt } = frame.region;
  for (const b of changed) {
    const { y0, y1 } = bandRows(frame, b);
    const added = kernel.indexRows(
      mem.pixelsAt,
      width,
      y0,
      y1,
      frame.mask,
      tableAt,
      entriesAt,
      indexOfAt,
      distinctAt,
      NUMBERS,
      paletteAt,
      sizeAt,
      mem.rowsAt,
      width + 1,
      mem.lengthsAt,
    );
    if (added < 0) return false;
    stats.added += added;
  }
  writeBands(mem, frame, changed);
  for (const b of changed) frame.pixels.set(rgba.subarray(b * bandBytes, Math.min(total, (b + 1) * bandBytes)), b * bandBytes);
  return true;
}

/** Writes the whole of `rgba` into `frame` as `encodePalettePng` would (its colour table and palette chosen afresh), every band anew. */
function writeWhole(mem: Layout, frame: Frame, rgba: Uint8Array): void {
  const { width, height } = frame;
  const n = width * height;
  new Uint8Array(kernel.memory.buffer, mem.pixelsAt, n * 4).set(rgba.subarray(0, n * 4));
  const { tableAt, entriesAt, indexOfAt, paletteAt, distinctAt } = frame.region;
  const { mask, distinct } = countColours(mem, width, height, tableAt, entriesAt);
  const { palette } = choosePalette(mem, distinct, mask, n, tableAt, entriesAt, indexOfAt);
  frame.mask = mask;
  new Uint8Array(kernel.memory.buffer, paletteAt, palette.length).set(palette);
  new Uint32Array(kernel.memory.buffer, distinctAt, 2).set([distinct, palette.length / 3]); // and the size at `sizeAt`, after it
  const runCount = new Int32Array(kernel.memory.buffer, mem.runCountAt, 1)[0]!;
  kernel.writeRows(indexOfAt, mem.lengthsAt, mem.coloursAt, runCount, mem.rowsAt, width + 1);
  const bands = Math.ceil(height / BAND_ROWS);
  frame.bands = new Array<Uint8Array>(bands);
  frame.adlers = new Array<number>(bands);
  frame.lastRows = new Array<Uint8Array>(bands);
  writeBands(
    mem,
    frame,
    Array.from({ length: bands }, (_, b) => b),
  );
  frame.pixels.set(rgba.subarray(0, n * 4));
  stats.whole++;
}

/**
 * Encodes `width` x `height` RGBA pixels (as `encodePalettePng` takes them) as an indexed-colour
 * PNG, the next frame of the table `key` (its channel id) on this thread: the bands left as they
 * were since its last frame here are not written again (see the module's docs). Decodes to the
 * picture within the palette's rounding, as `encodePalettePng`'s does.
 *
 * Errors: throws RangeError when `rgba` is shorter than `width * height * 4`.
 */
export function encodeFramePng(rgba: Uint8Array, width: number, height: number, key: string): Buffer {
  const n = width * height;
  if (rgba.length < n * 4) throw new RangeError(`encodeFramePng: ${rgba.length} bytes for ${width}x${height}`);
  const mem = layoutFor(n, height);
  if (regionsOf !== mem) {
    // A larger picture laid the kernel's memory out again, over the regions: every table starts afresh.
    frames.clear();
    free.length = 0;
    regionsMade = 0;
    regionsOf = mem;
  }
  stats.frames++;
  stats.bands += Math.ceil(height / BAND_ROWS);
  let frame = frames.get(key);
  if (frame) {
    frames.delete(key);
    frames.set(key, frame); // the most recently drawn last
    let changed: number[];
    if (frame.width === width && frame.height === height) changed = changedBands(frame, rgba);
    else {
      // Another size (a table that grew a row): every band anew, under the palette it has.
      frame.width = width;
      frame.height = height;
      if (frame.pixels.length < n * 4) frame.pixels = Buffer.allocUnsafeSlow(n * 4);
      frame.bands = new Array<Uint8Array>(Math.ceil(height / BAND_ROWS));
      frame.adlers = new Array<number>(frame.bands.length);
      frame.lastRows = new Array<Uint8Array>(frame.bands.length);
      changed = Array.from({ length: frame.bands.length }, (_, b) => b);
    }
    if (writeChanged(mem, frame, rgba, changed)) stats.partial++;
    else writeWhole(mem, frame, rgba);
    return framePng(frame);
  }
  frame = {
    region: takeRegion(mem),
    width,
    height,
    mask: 0,
    pixels: Buffer.allocUnsafeSlow(n * 4),
    bands: [],
    adlers: [],
    lastRows: [],
  };
  frames.set(key, frame);
  writeWhole(mem, frame, rgba);
  return framePng(frame);
}
