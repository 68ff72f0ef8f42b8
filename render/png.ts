/**
 * A fast PNG encoder for table pictures: an indexed-colour (palette) PNG, deflated by an encoder
 * made for its rows.
 *
 * Why: Skia's default PNG encoder (`canvas.encode("png")`) writes 8-bit RGBA with adaptive
 * filters at zlib level 6, and on our flat, few-colour pictures that is most of a frame. A
 * table picture has a handful of theme colours plus the anti-aliased edges between them; a
 * palette of at most 256 colours holds the theme colours exactly and the edge shades closely,
 * and one byte a pixel deflates fast and small.
 *
 * Format: PNG 1.2 (W3C "Portable Network Graphics (PNG) Specification (Third Edition)"),
 * colour type 3, bit depth 8, filter type 0 on every row (None: palette indices do not
 * predict well; the deflate looks at the row above instead), one IDAT chunk, no ancillary chunks. Pixels are read opaque (every picture
 * paints its whole background); alpha is ignored.
 *
 * The work on pixels and colours (counting colours as runs, choosing the palette and each
 * colour's index, writing the index rows) and the deflate of the rows run as WebAssembly with SIMD
 * (`render/assembly/palette.ts` and `deflate.ts`, compiled to `render/palette.wasm`); the chunks
 * stay here. The deflate tries the two distances a table picture repeats at (the byte before,
 * the row above) and one hashed earlier place: on the bench's busiest tables it took 0.2-0.8 ms
 * against node's zlib level 3's 0.7-1.8 ms, and wrote 5-11 % fewer bytes.
 */
import { readFileSync } from "node:fs";
import { crc32, deflateSync } from "node:zlib";

/** Largest palette a PNG allows. */
export const MAX_COLOURS = 256;
/**
 * Entries of the kernel's open-addressing hash table of colours (a power of two well above the
 * colours a scene has): `HASH_SIZE` in `render/assembly/palette.ts`, which must agree.
 */
export const HASH_SIZE = 1 << 15;
/** Bytes of one entry of that table (key, count, colour number): `ENTRY` there, which must agree. */
export const ENTRY_BYTES = 16;
/**
 * Beyond this many distinct colours (a photo-like picture) colours are counted again at a
 * coarser precision, so mapping the rest to the palette stays cheap. Table scenes stay under
 * it: the busiest boards and races of the bench reach about 4,500 (at 4,096, one in eight of a race's
 * pictures was counted twice, its encode's p90 4.7 ms against 3.85 ms now).
 */
export const MAX_DISTINCT = 8192;
/** Channel precisions tried in turn: 8, 6, 5 and 4 bits (alpha is ignored). */
const MASKS = [0x00ffffff, 0x00fcfcfc, 0x00f8f8f8, 0x00f0f0f0];

/** The kernel (`render/assembly/palette.ts`, built by `npm run build:wasm`): its exports. */
interface PaletteKernel {
  readonly memory: { readonly buffer: ArrayBuffer; grow(pages: number): number };
  countColours(
    pixelsAt: number,
    width: number,
    height: number,
    mask: number,
    maxDistinct: number,
    tableAt: number,
    entriesAt: number,
    lengthsAt: number,
    coloursAt: number,
    runCountAt: number,
  ): number;
  choosePalette(
    distinct: number,
    mask: number,
    pixels: number,
    tableAt: number,
    entriesAt: number,
    indexOfAt: number,
    paletteAt: number,
    approximatedAt: number,
    orderAt: number,
    spareAt: number,
    byCountAt: number,
    laterAt: number,
    cellsAt: number,
    bucketsAt: number,
    byGreenAt: number,
  ): number;
  writeRows(indexOfAt: number, lengthsAt: number, coloursAt: number, runCount: number, rowsAt: number, stride: number): void;
  indexRows(
    pixelsAt: number,
    width: number,
    y0: number,
    y1: number,
    mask: number,
    tableAt: number,
    entriesAt: number,
    indexOfAt: number,
    distinctAt: number,
    maxNumber: number,
    paletteAt: number,
    sizeAt: number,
    rowsAt: number,
    stride: number,
    startsAt: number,
  ): number;
  deflateRows(rawAt: number, n: number, stride: number, workAt: number, outAt: number): number;
  deflateReset(workAt: number): void;
  deflateBand(rawAt: number, from: number, to: number, back: number, stride: number, workAt: number, outAt: number): number;
  adler32Of(at: number, n: number): number;
  deflateBound(n: number): number;
  deflateWorkBytes(): number;
}

/** The parts of the WebAssembly JS API used here (Node has them; this project's `lib` does not declare them). */
interface WebAssemblyApi {
  readonly Module: new (bytes: Uint8Array) => object;
  readonly Instance: new (module: object) => { readonly exports: unknown };
}
const { Module, Instance } = Reflect.get(globalThis, "WebAssembly") as WebAssemblyApi;

/** One instance a thread (compiling its 8 KB takes well under a millisecond); `render/png-frames.ts` shares it. */
export const kernel = new Instance(new Module(readFileSync(new URL("./palette.wasm", import.meta.url)))).exports as PaletteKernel;

/** Most colour numbers `countColours` gives (it stops past twice MAX_DISTINCT), plus one. */
export const NUMBERS = MAX_DISTINCT * 2 + 2;

/**
 * Where each of the kernel's arrays lives in its memory (byte offsets, 16-aligned; the names say
 * what `render/assembly/palette.ts` reads or writes there), for pictures of up to `pixels`
 * pixels and `rows` rows. Laid out again, and the memory grown, when a larger picture comes;
 * memory is never given back (a thread's largest picture, a 640x808 table: about 6 MB).
 */
export interface Layout {
  readonly pixels: number;
  readonly rows: number;
  readonly tableAt: number;
  readonly entriesAt: number;
  readonly indexOfAt: number;
  readonly runCountAt: number;
  readonly paletteAt: number;
  readonly approximatedAt: number;
  readonly orderAt: number;
  readonly spareAt: number;
  readonly byCountAt: number;
  readonly laterAt: number;
  readonly cellsAt: number;
  readonly bucketsAt: number;
  readonly byGreenAt: number;
  readonly pixelsAt: number;
  readonly lengthsAt: number;
  readonly coloursAt: number;
  readonly rowsAt: number;
  readonly deflateWorkAt: number;
  readonly streamAt: number;
  /** The first byte past the layout (16-aligned): `render/png-frames.ts` keeps its tables from there. */
  readonly end: number;
}

/** The kernel's memory before any layout: its own data, if any, lies below. */
const BASE = (kernel.memory.buffer.byteLength + 15) & ~15;
let layout: Layout | null = null;

/**
 * The layout for pictures of up to `pixels` pixels and `rows` rows: the current one, or a new one
 * (a larger picture) laid out from the start again, over whatever lay past the old one's `end`.
 */
export function layoutFor(pixels: number, rows: number): Layout {
  if (layout && layout.pixels >= pixels && layout.rows >= rows) return layout;
  const p = Math.max(pixels, layout?.pixels ?? 0);
  const r = Math.max(rows, layout?.rows ?? 0);
  let at = BASE;
  const take = (bytes: number): number => {
    const start = at;
    at += (bytes + 15) & ~15;
    return start;
  };
  layout = {
    pixels: p,
    rows: r,
    tableAt: take(HASH_SIZE * ENTRY_BYTES),
    entriesAt: take(HASH_SIZE * 2),
    indexOfAt: take(NUMBERS),
    runCountAt: take(4),
    paletteAt: take(MAX_COLOURS * 3),
    approximatedAt: take(4),
    orderAt: take(NUMBERS * 8),
    spareAt: take(NUMBERS * 8),
    byCountAt: take(NUMBERS * 2),
    laterAt: take(NUMBERS * 2),
    cellsAt: take((1 << 15) * 2),
    bucketsAt: take(2048 * 4),
    byGreenAt: take(MAX_COLOURS * 8),
    pixelsAt: take(p * 4),
    lengthsAt: take(p * 4 + 4), // a run's length, or while counting its start, and one more: the end of the last run
    coloursAt: take(p * 2),
    rowsAt: take(p + r + 16), // 16: `writeRows` may write up to 15 bytes past the last run; `deflateRows` reads up to 8
    deflateWorkAt: take(kernel.deflateWorkBytes()),
    streamAt: take(kernel.deflateBound(p + r)),
    end: 0,
  };
  layout = { ...layout, end: at };
  const memory = kernel.memory;
  if (at > memory.buffer.byteLength) memory.grow(Math.ceil((at - memory.buffer.byteLength) / 65536));
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

/**
 * Counts the colours of the `width` x `height` pixels at `mem.pixelsAt` into the hash table at
 * `tableAt` (emptied first; `entriesAt` beside it) and records the runs (kernel `countColours`),
 * at the finest precision of MASKS that keeps at most MAX_DISTINCT colours.
 */
export function countColours(
  mem: Layout,
  width: number,
  height: number,
  tableAt: number,
  entriesAt: number,
): { readonly mask: number; readonly distinct: number } {
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
      tableAt,
      entriesAt,
      mem.lengthsAt,
      mem.coloursAt,
      mem.runCountAt,
    );
    if (distinct <= MAX_DISTINCT) break;
  }
  return { mask, distinct };
}

/**
 * The palette of the `distinct` colours counted in the table at `tableAt` (kernel
 * `choosePalette`): its colours (a copy, 3 bytes each) and the pixels written as a nearer palette
 * colour; every colour number's index written at `indexOfAt`. `counted` bounds any colour's count.
 */
export function choosePalette(
  mem: Layout,
  distinct: number,
  mask: number,
  counted: number,
  tableAt: number,
  entriesAt: number,
  indexOfAt: number,
): { readonly palette: Uint8Array; readonly approximated: number } {
  const size = kernel.choosePalette(
    distinct,
    mask,
    counted,
    tableAt,
    entriesAt,
    indexOfAt,
    mem.paletteAt,
    mem.approximatedAt,
    mem.orderAt,
    mem.spareAt,
    mem.byCountAt,
    mem.laterAt,
    mem.cellsAt,
    mem.bucketsAt,
    mem.byGreenAt,
  );
  return {
    palette: new Uint8Array(kernel.memory.buffer, mem.paletteAt, size * 3).slice(),
    approximated: new Uint32Array(kernel.memory.buffer, mem.approximatedAt, 1)[0]!,
  };
}

/**
 * A whole PNG file (signature, IHDR, PLTE, IDAT, IEND) of an indexed-colour picture: `palette`
 * (RGB), and an IDAT of `idatLength` bytes that `writeIdat` writes into `out` at `at`.
 */
export function pngFile(
  width: number,
  height: number,
  palette: Uint8Array,
  idatLength: number,
  writeIdat: (out: Buffer, at: number) => void,
): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 3; // colour type: indexed
  const out = Buffer.allocUnsafe(8 + CHUNK_OVERHEAD * 4 + 13 + palette.length + idatLength);
  out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
  let at = chunk(out, 8, "IHDR", ihdr);
  at = chunk(out, at, "PLTE", palette);
  out.writeUInt32BE(idatLength, at);
  out.write("IDAT", at + 4, "latin1");
  writeIdat(out, at + 8);
  out.writeUInt32BE(crc32(out.subarray(at + 4, at + 8 + idatLength)), at + 8 + idatLength);
  at += CHUNK_OVERHEAD + idatLength;
  chunk(out, at, "IEND", new Uint8Array(0));
  return out;
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
 * The palette is every colour when there are at most 256; otherwise, in order of frequency (the
 * flat theme colours first), each colour with no palette colour within 10 levels in every
 * channel, up to 256, and every other colour is written as its nearest palette colour
 * (weighted RGB distance; colours within 8 levels a channel of one another share the search):
 * anti-aliased shades a few levels apart share an entry, which looks the same and deflates
 * 10-25% smaller. No pixel is more than about 16 levels off in a channel. Deterministic: the same
 * pixels always give the same bytes. The rows are deflated by the kernel (`deflateRows`), or by
 * node's zlib at `zlibLevel` (1 to 9) when one is given (the bench's and the tests' comparison).
 *
 * Errors: throws RangeError when `rgba` is shorter than `width * height * 4`.
 */
export function encodePalettePng(rgba: Uint8Array, width: number, height: number, zlibLevel?: number): Buffer {
  const n = width * height;
  if (rgba.length < n * 4) throw new RangeError(`encodePalettePng: ${rgba.length} bytes for ${width}x${height}`);
  const mem = layoutFor(n, height);
  new Uint8Array(kernel.memory.buffer, mem.pixelsAt, n * 4).set(rgba.subarray(0, n * 4));

  // 1. Count and number colours, recording the picture as runs of one colour (runs skip the
  // lookup: most of a picture is flat).
  const { mask, distinct } = countColours(mem, width, height, mem.tableAt, mem.entriesAt);

  // 2. The palette: every colour, or 256 of them; every colour number mapped to its index.
  const { palette, approximated } = choosePalette(mem, distinct, mask, n, mem.tableAt, mem.entriesAt, mem.indexOfAt);

  // 3. Index rows, each behind its filter byte 0.
  const stride = width + 1;
  const runCount = new Int32Array(kernel.memory.buffer, mem.runCountAt, 1)[0]!;
  kernel.writeRows(mem.indexOfAt, mem.lengthsAt, mem.coloursAt, runCount, mem.rowsAt, stride);
  const idat =
    zlibLevel === undefined
      ? new Uint8Array(
          kernel.memory.buffer,
          mem.streamAt,
          kernel.deflateRows(mem.rowsAt, stride * height, stride, mem.deflateWorkAt, mem.streamAt),
        )
      : deflateSync(new Uint8Array(kernel.memory.buffer, mem.rowsAt, stride * height), { level: zlibLevel });

  // 4. Signature, IHDR, PLTE, IDAT, IEND.
  const out = pngFile(width, height, palette, idat.length, (into, at) => into.set(idat, at));
  lastStats = { colours: distinct, palette: palette.length / 3, approximated };
  return out;
}

/**
 * Deflates `raw` (rows of `stride` bytes: the row above is tried as a match) into a zlib stream
 * (RFC 1950/1951) with the kernel's encoder, as `encodePalettePng` deflates its rows: a copy,
 * for the tests and the bench. Any bytes and any stride (a stride over 32,768, deflate's window,
 * is never tried).
 */
export function deflateRows(raw: Uint8Array, stride: number): Buffer {
  const mem = layoutFor(raw.length, 1);
  new Uint8Array(kernel.memory.buffer, mem.rowsAt, raw.length).set(raw);
  const length = kernel.deflateRows(mem.rowsAt, raw.length, stride, mem.deflateWorkAt, mem.streamAt);
  return Buffer.from(new Uint8Array(kernel.memory.buffer, mem.streamAt, length));
}
