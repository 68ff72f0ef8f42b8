/**
 * The palette PNG's two pixel passes, in AssemblyScript, compiled to WebAssembly (with SIMD) as
 * `render/palette.wasm` by `npm run build:wasm`; `render/png.ts` loads it and does the rest
 * (choosing the palette, zlib, the chunks). This file is not TypeScript: `tsc` and Biome skip it,
 * and `tests/render/palette-wasm.test.ts` checks that the committed .wasm is what it compiles to.
 *
 * Why WebAssembly: both passes cost a few nanoseconds per run of one colour, and a table picture
 * has tens of thousands of runs. V8's code for them (bounds checks, a branch per pixel) ran at
 * 2.3 ms on the busiest Onze picture (58,147 runs); this code, with the pixel copy into its
 * memory, at 1.0 ms (`npm run bench`).
 *
 * Memory: every argument that ends in `At` is a byte offset into this module's memory, laid out
 * and grown by `render/png.ts`; the module allocates nothing.
 */

/** Entries of the colour hash table (open addressing, linear probing); a power of two. */
const HASH_SIZE: u32 = 1 << 15;
const HASH_MASK: u32 = HASH_SIZE - 1;
/** Set in every key so that no colour is 0, the empty key (alpha is ignored). */
const FLAG: u32 = 0x01000000;

/**
 * Counts and numbers the colours of `width` x `height` pixels (RGBA, 4 bytes each, at `pixelsAt`)
 * at precision `mask` (a mask of the 0x00BBGGRR bits kept), and records the picture as runs of
 * one colour within rows, in pixel order: run r's length (i32 at `lengthsAt + 4r`) and colour
 * number (u16 at `coloursAt + 2r`, numbers in order of first appearance).
 *
 * The hash table: key (u32 `0x01BBGGRR`, 0 when empty) at `keysAt`, pixel count (u32) at
 * `countsAt` and colour number (u16) at `numbersAt`, per entry; the entry of each colour number
 * (u16) at `entriesAt`. Writes the number of runs (i32) at `runCountAt`. Returns the number of
 * distinct colours, or stops early once it passes `2 * maxDistinct` (the runs are then partial).
 */
export function countColours(
  pixelsAt: usize,
  width: i32,
  height: i32,
  mask: u32,
  maxDistinct: i32,
  keysAt: usize,
  countsAt: usize,
  numbersAt: usize,
  entriesAt: usize,
  lengthsAt: usize,
  coloursAt: usize,
  runCountAt: usize,
): i32 {
  memory.fill(keysAt, 0, <usize>HASH_SIZE << 2);
  const masks = i32x4.splat(mask);
  let distinct = 0;
  let runs = 0;
  for (let y = 0; y < height; y++) {
    const rowEnd = (y + 1) * width;
    let i = y * width;
    while (i < rowEnd) {
      const first = load<u32>(pixelsAt + (<usize>i << 2)) & mask;
      // The run's end: four pixels a step while all four match, then one at a time.
      const firsts = i32x4.splat(first);
      let j = i + 1;
      let ended = false;
      while (j + 4 <= rowEnd) {
        const same = i32x4.bitmask(i32x4.eq(v128.and(v128.load(pixelsAt + (<usize>j << 2)), masks), firsts));
        if (same != 0xf) {
          j += <i32>ctz(~same & 0xf);
          ended = true;
          break;
        }
        j += 4;
      }
      if (!ended) while (j < rowEnd && (load<u32>(pixelsAt + (<usize>j << 2)) & mask) == first) j++;

      const key = first | FLAG;
      let h = (key * 0x9e3779b1) >>> 17; // the top 15 bits: HASH_SIZE entries
      while (true) {
        const k = load<u32>(keysAt + (<usize>h << 2));
        if (k == key) break;
        if (k == 0) {
          store<u32>(keysAt + (<usize>h << 2), key);
          store<u32>(countsAt + (<usize>h << 2), 0);
          store<u16>(numbersAt + (<usize>h << 1), <u16>distinct);
          store<u16>(entriesAt + (<usize>distinct << 1), <u16>h);
          if (++distinct > maxDistinct * 2) {
            store<i32>(runCountAt, runs);
            return distinct;
          }
          break;
        }
        h = (h + 1) & HASH_MASK;
      }
      const countAt = countsAt + (<usize>h << 2);
      store<u32>(countAt, load<u32>(countAt) + <u32>(j - i));
      store<i32>(lengthsAt + (<usize>runs << 2), j - i);
      store<u16>(coloursAt + (<usize>runs << 1), load<u16>(numbersAt + (<usize>h << 1)));
      runs++;
      i = j;
    }
  }
  store<i32>(runCountAt, runs);
  return distinct;
}

/**
 * Writes the PNG's rows from the runs `countColours` recorded: each row its filter byte 0, then
 * one palette index (u8, from `indexOfAt + colour number`) a pixel, `stride` (width + 1) bytes
 * a row, at `rowsAt`. Runs tile the rows in order. A run is written 16 bytes at a time, so up to
 * 15 bytes past its end are written too (the next run or filter byte overwrites them); the caller
 * leaves 16 bytes free after the rows.
 */
export function writeRows(indexOfAt: usize, lengthsAt: usize, coloursAt: usize, runCount: i32, rowsAt: usize, stride: i32): void {
  let o = 1;
  let rowEnd = stride;
  store<u8>(rowsAt, 0);
  for (let r = 0; r < runCount; r++) {
    const index = load<u8>(indexOfAt + <usize>load<u16>(coloursAt + (<usize>r << 1)));
    const length = load<i32>(lengthsAt + (<usize>r << 2));
    const at = rowsAt + <usize>o;
    const sixteen = i8x16.splat(index);
    v128.store(at, sixteen);
    for (let k = 16; k < length; k += 16) v128.store(at + <usize>k, sixteen);
    o += length;
    if (o == rowEnd) {
      store<u8>(rowsAt + <usize>o, 0);
      o++;
      rowEnd += stride;
    }
  }
}
