/**
 * The palette PNG's work on pixels and colours, in AssemblyScript, compiled to WebAssembly (with
 * SIMD) as `render/palette.wasm` by `npm run build:wasm`: count the colours as runs
 * (`countColours`), choose the palette and map every colour to it (`choosePalette`), write the
 * index rows (`writeRows`). `render/png.ts` loads it and does the rest (zlib, the chunks). This
 * file is not TypeScript: `tsc` and Biome skip it, and `tests/render/palette-wasm.test.ts` checks
 * that the committed .wasm is what it compiles to.
 *
 * Why WebAssembly: the passes cost a few nanoseconds per run of one colour, and a table picture
 * has tens of thousands of runs. V8's code for them (bounds checks, a branch per pixel) took
 * 2.3 ms on the busiest card-table picture (58,147 runs), this code 1.0 ms with the pixel copy into its
 * memory; choosing the palette took 0.25-0.67 ms in JavaScript. The whole encode, the same bytes
 * as the JavaScript it replaced: the busiest table 4.3 -> 2.9 ms, the busiest board 3.9 -> 2.7 ms.
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
 * Bytes of one hash table entry: its key (u32), pixel count (u32) and colour number (u32), side
 * by side, so that a run's lookup touches one cache line, not one in each of three arrays (the
 * table is past the first-level cache): the bench's busiest table picture's whole encode (63,600
 * runs) took 2.20 ms against 2.31 with three arrays, its busiest board's 2.06 against 2.19, the
 * same bytes.
 */
const ENTRY: u32 = 16;
const COUNT: usize = 4;
const NUMBER: usize = 8;

/**
 * Counts and numbers the colours of `width` x `height` pixels (RGBA, 4 bytes each, at `pixelsAt`)
 * at precision `mask` (a mask of the 0x00BBGGRR bits kept), and records the picture as runs of
 * one colour within rows, in pixel order: run r's length (i32 at `lengthsAt + 4r`) and colour
 * number (u16 at `coloursAt + 2r`, numbers in order of first appearance). `lengthsAt` holds the
 * runs' starts first (`runStarts`, and one more: the end), each replaced by its length in turn,
 * so it needs 4 bytes a pixel and 4 more.
 *
 * The hash table at `tableAt`, ENTRY bytes an entry: key (u32 `0x01BBGGRR`, 0 when empty), pixel
 * count (u32) and colour number (u32); the entry of each colour number (u16) at `entriesAt`.
 * Writes the number of runs (i32) at `runCountAt`. Returns the number of distinct colours, or
 * stops early once it passes `2 * maxDistinct` (the runs are then partial).
 */
export function countColours(
  pixelsAt: usize,
  width: i32,
  height: i32,
  mask: u32,
  maxDistinct: i32,
  tableAt: usize,
  entriesAt: usize,
  lengthsAt: usize,
  coloursAt: usize,
  runCountAt: usize,
): i32 {
  memory.fill(tableAt, 0, <usize>HASH_SIZE * ENTRY);
  const runs = runStarts(pixelsAt, width, 0, height, mask, lengthsAt);
  const n = width * height;
  store<i32>(lengthsAt + (<usize>runs << 2), n); // the end of the last run
  let distinct = 0;
  for (let r = 0; r < runs; r++) {
    const i = load<i32>(lengthsAt + (<usize>r << 2));
    const j = load<i32>(lengthsAt + (<usize>(r + 1) << 2));
    const key = (load<u32>(pixelsAt + (<usize>i << 2)) & mask) | FLAG;
    let h = (key * 0x9e3779b1) >>> 17; // the top 15 bits: HASH_SIZE entries
    let at = tableAt + <usize>(h * ENTRY);
    while (true) {
      const k = load<u32>(at);
      if (k == key) break;
      if (k == 0) {
        store<u32>(at, key);
        store<u32>(at + NUMBER, distinct);
        store<u16>(entriesAt + (<usize>distinct << 1), <u16>h);
        if (++distinct > maxDistinct * 2) {
          store<i32>(runCountAt, r);
          return distinct;
        }
        break;
      }
      h = (h + 1) & HASH_MASK;
      at = tableAt + <usize>(h * ENTRY);
    }
    store<u32>(at + COUNT, load<u32>(at + COUNT) + <u32>(j - i));
    store<i32>(lengthsAt + (<usize>r << 2), j - i);
    store<u16>(coloursAt + (<usize>r << 1), <u16>load<u32>(at + NUMBER));
  }
  store<i32>(runCountAt, runs);
  return distinct;
}

/**
 * Finds where the runs of one colour (at precision `mask`) start in rows `y0` to `y1` (not
 * included) of the `width`-pixel rows at `pixelsAt`: every row's first pixel, and every pixel
 * whose colour differs from the one on its left. Writes each start (i32, a pixel number) at
 * `startsAt`, in order, and returns how many. Each pixel is compared with its left neighbour four
 * at a time, and the differences of 32 pixels are gathered as bits before any run is written, so
 * that no branch waits on where a run ends. The scan it replaced looked for each run's end from
 * its start, and mispredicted there once a run: on the bench's tallest table picture (640x808,
 * 63,620 runs) counting took 0.54 ms, now 0.51, of which this scan is about 0.15.
 */
function runStarts(pixelsAt: usize, width: i32, y0: i32, y1: i32, mask: u32, startsAt: usize): i32 {
  const masks = i32x4.splat(mask);
  let runs = 0;
  for (let y = y0; y < y1; y++) {
    const rowStart = y * width;
    const rowEnd = rowStart + width;
    store<i32>(startsAt + (<usize>runs << 2), rowStart);
    runs++;
    let x = rowStart + 1;
    while (x + 32 <= rowEnd) {
      let differ: u32 = 0;
      for (let g = 0; g < 8; g++) {
        const at = pixelsAt + (<usize>(x + (g << 2)) << 2);
        const same = i32x4.eq(v128.and(v128.load(at), masks), v128.and(v128.load(at - 4), masks));
        differ |= (~i32x4.bitmask(same) & 0xf) << (<u32>g << 2);
      }
      while (differ != 0) {
        store<i32>(startsAt + (<usize>runs << 2), x + <i32>ctz(differ));
        runs++;
        differ &= differ - 1;
      }
      x += 32;
    }
    for (; x < rowEnd; x++) {
      const at = pixelsAt + (<usize>x << 2);
      if ((load<u32>(at) & mask) != (load<u32>(at - 4) & mask)) {
        store<i32>(startsAt + (<usize>runs << 2), x);
        runs++;
      }
    }
  }
  return runs;
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

/**
 * Writes the index rows `y0` to `y1` (each behind its filter byte 0, row y at `rowsAt + y *
 * stride`) of the `width`-pixel rows at `pixelsAt`, looking each colour (at precision `mask`) up
 * in a table `countColours` and `choosePalette` filled (`tableAt`, `entriesAt`, `indexOfAt`),
 * without counting it: a band of a table's picture, most of whose colours that table has seen.
 * Writes nothing outside the rows it was given.
 *
 * A colour not in the table is added to it (count 0) as colour number `distinct` (u32 at
 * `distinctAt`, then one more) with the index `choosePalette` would give it against the palette
 * at `paletteAt` (u32 at `sizeAt` colours, 3 bytes each): its nearest palette colour when one lies
 * within MERGE levels in every channel, else a new palette colour. Returns the colours added, or
 * -1 when one finds no place (the palette full) or the numbers reach `maxNumber` (the table and
 * the palette are then left with the colours added before it). `startsAt` is scratch for the
 * runs' starts: 4 bytes a pixel of the rows, and 4 more.
 */
export function indexRows(
  pixelsAt: usize,
  width: i32,
  y0: i32,
  y1: i32,
  mask: u32,
  tableAt: usize,
  entriesAt: usize,
  indexOfAt: usize,
  distinctAt: usize,
  maxNumber: i32,
  paletteAt: usize,
  sizeAt: usize,
  rowsAt: usize,
  stride: i32,
  startsAt: usize,
): i32 {
  const runs = runStarts(pixelsAt, width, y0, y1, mask, startsAt);
  store<i32>(startsAt + (<usize>runs << 2), y1 * width); // the end of the last run
  let added = 0;
  let rowEnd = y0 * width; // the first run starts a row
  let o = rowsAt + <usize>y0 * <usize>stride;
  for (let r = 0; r < runs; r++) {
    const i = load<i32>(startsAt + (<usize>r << 2));
    const j = load<i32>(startsAt + (<usize>(r + 1) << 2));
    if (i == rowEnd) {
      store<u8>(o, 0); // the row's filter byte
      o++;
      rowEnd += width;
    }
    const first = load<u32>(pixelsAt + (<usize>i << 2)) & mask;
    const key = first | FLAG;
    let h = (key * 0x9e3779b1) >>> 17;
    let at = tableAt + <usize>(h * ENTRY);
    while (true) {
      const k = load<u32>(at);
      if (k == key) break;
      if (k == 0) {
        const number = load<u32>(distinctAt);
        if (<i32>number >= maxNumber) return -1;
        const index = paletteIndexOf(key, mask, paletteAt, sizeAt);
        if (index < 0) return -1;
        store<u32>(at, key);
        store<u32>(at + COUNT, 0);
        store<u32>(at + NUMBER, number);
        store<u16>(entriesAt + (<usize>number << 1), <u16>h);
        store<u8>(indexOfAt + <usize>number, <u8>index);
        store<u32>(distinctAt, number + 1);
        added++;
        break;
      }
      h = (h + 1) & HASH_MASK;
      at = tableAt + <usize>(h * ENTRY);
    }
    const index = load<u8>(indexOfAt + <usize>load<u32>(at + NUMBER));
    const length = j - i;
    const sixteen = i8x16.splat(index);
    let k = 0;
    for (; k + 16 <= length; k += 16) v128.store(o + <usize>k, sixteen);
    for (; k < length; k++) store<u8>(o + <usize>k, index);
    o += <usize>length;
  }
  return added;
}

/**
 * The palette index of colour key `key` (at precision `mask`: the middle of the colours it covers)
 * against the palette at `paletteAt` (u32 at `sizeAt` colours): the nearest palette colour by
 * weighted distance (ties to the lower index) when one lies within MERGE levels in every channel,
 * else a new palette colour (the size one more); -1 when the palette is full.
 */
function paletteIndexOf(key: u32, mask: u32, paletteAt: usize, sizeAt: usize): i32 {
  const half = (~mask & 0xff) >> 1;
  const r = <i32>((key & 255) | half);
  const g = <i32>(((key >> 8) & 255) | half);
  const b = <i32>(((key >> 16) & 255) | half);
  const size = load<i32>(sizeAt);
  let near = false;
  let best = -1;
  let bestDistance = i32.MAX_VALUE;
  for (let i = 0; i < size; i++) {
    const p = paletteAt + <usize>(i * 3);
    const dr = <i32>load<u8>(p) - r;
    const dg = <i32>load<u8>(p + 1) - g;
    const db = <i32>load<u8>(p + 2) - b;
    if (abs(dr) <= MERGE && abs(dg) <= MERGE && abs(db) <= MERGE) near = true;
    const d = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
    if (d < bestDistance) {
      bestDistance = d;
      best = i;
    }
  }
  if (near) return best;
  if (size == MAX_COLOURS) return -1;
  const p = paletteAt + <usize>(size * 3);
  store<u8>(p, <u8>r);
  store<u8>(p + 1, <u8>g);
  store<u8>(p + 2, <u8>b);
  store<i32>(sizeAt, size + 1);
  return size;
}

/** Largest palette a PNG allows. */
const MAX_COLOURS: i32 = 256;
/** Buckets of one radix digit (11 bits) for `sortAscending`. */
const DIGIT_BITS: u64 = 11;
const DIGIT_MASK: u64 = (1 << 11) - 1;

/**
 * Sorts the `n` unsigned 64-bit keys at `keysAt` ascending (an LSD radix sort on 11-bit digits,
 * `passes` of them; `spareAt` holds as many keys, `bucketsAt` 2,048 u32). Keys must fit in
 * `passes * 11` bits.
 */
function sortAscending(keysAt: usize, spareAt: usize, n: i32, passes: i32, bucketsAt: usize): void {
  let from = keysAt;
  let to = spareAt;
  for (let pass = 0; pass < passes; pass++) {
    const shift = <u64>pass * DIGIT_BITS;
    memory.fill(bucketsAt, 0, 2048 << 2);
    for (let i = 0; i < n; i++) {
      const b = bucketsAt + (<usize>((load<u64>(from + (<usize>i << 3)) >> shift) & DIGIT_MASK) << 2);
      store<u32>(b, load<u32>(b) + 1);
    }
    let sum: u32 = 0;
    for (let d = 0; d < 2048; d++) {
      const b = bucketsAt + (<usize>d << 2);
      const c = load<u32>(b);
      store<u32>(b, sum);
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const k = load<u64>(from + (<usize>i << 3));
      const b = bucketsAt + (<usize>((k >> shift) & DIGIT_MASK) << 2);
      const at = load<u32>(b);
      store<u32>(b, at + 1);
      store<u64>(to + (<usize>at << 3), k);
    }
    const t = from;
    from = to;
    to = t;
  }
  if (from != keysAt) memory.copy(keysAt, from, <usize>n << 3);
}

/** The key (0x01BBGGRR) of colour number `colour`. */
@inline
function keyOf(tableAt: usize, entriesAt: usize, colour: i32): u32 {
  return load<u32>(tableAt + <usize>load<u16>(entriesAt + (<usize>colour << 1)) * ENTRY);
}

/** The 5-bit-per-channel cell (15 bits) of a key's colour. */
@inline
function cellOf(k: u32): i32 {
  return <i32>((((k & 255) >> 3) << 10) | ((((k >> 8) & 255) >> 3) << 5) | (((k >> 16) & 255) >> 3));
}

/**
 * Colours within this many levels of a more frequent palette colour in every channel are
 * written as their nearest palette colour rather than given an entry of their own (only when a
 * picture has more than 256 colours): anti-aliased edge shades a few levels apart look the same,
 * and fewer distinct indices deflate smaller. At most 16 (`nearPalette` searches the neighbouring
 * 4-bit cells only).
 */
const MERGE: i32 = 10;

/** The 4-bit-per-channel cell (12 bits) of a key's colour, for `nearPalette`. */
@inline
function mergeCellOf(k: u32): i32 {
  return <i32>((((k & 255) >> 4) << 8) | ((((k >> 8) & 255) >> 4) << 4) | (((k >> 16) & 255) >> 4));
}

/**
 * Whether a palette colour (the first `byCountAt` entries, chained by cell at `cellsAt` and
 * `nextAt`) lies within MERGE levels of key `k`'s colour in every channel.
 */
function nearPalette(k: u32, tableAt: usize, entriesAt: usize, byCountAt: usize, cellsAt: usize, nextAt: usize): bool {
  const cr = <i32>((k & 255) >> 4);
  const cg = <i32>(((k >> 8) & 255) >> 4);
  const cb = <i32>(((k >> 16) & 255) >> 4);
  // The colour's own cell first: a shade's near twin is most often there.
  if (nearInCell(k, (cr << 8) | (cg << 4) | cb, tableAt, entriesAt, byCountAt, cellsAt, nextAt)) return true;
  for (let x = max(cr - 1, 0); x <= min(cr + 1, 15); x++)
    for (let y = max(cg - 1, 0); y <= min(cg + 1, 15); y++)
      for (let z = max(cb - 1, 0); z <= min(cb + 1, 15); z++) {
        if (x == cr && y == cg && z == cb) continue;
        if (nearInCell(k, (x << 8) | (y << 4) | z, tableAt, entriesAt, byCountAt, cellsAt, nextAt)) return true;
      }
  return false;
}

/** Whether a palette colour chained in 4-bit cell `cell` lies within MERGE levels of key `k`'s colour in every channel. */
@inline
function nearInCell(k: u32, cell: i32, tableAt: usize, entriesAt: usize, byCountAt: usize, cellsAt: usize, nextAt: usize): bool {
  let j = <i32>load<i16>(cellsAt + (<usize>cell << 1));
  while (j >= 0) {
    const pk = keyOf(tableAt, entriesAt, <i32>load<u16>(byCountAt + (<usize>j << 1)));
    if (
      abs(<i32>(k & 255) - <i32>(pk & 255)) <= MERGE &&
      abs(<i32>((k >> 8) & 255) - <i32>((pk >> 8) & 255)) <= MERGE &&
      abs(<i32>((k >> 16) & 255) - <i32>((pk >> 16) & 255)) <= MERGE
    )
      return true;
    j = <i32>load<i16>(nextAt + (<usize>j << 1));
  }
  return false;
}

/**
 * Chooses the palette of the `distinct` colours `countColours` counted (at precision `mask`) and
 * maps every colour number to a palette index (u8 at `indexOfAt + number`). Returns the palette's
 * size (at most 256); writes its colours, 3 bytes each (R, G, B), at `paletteAt`, and the pixels
 * of colours left out of it (u32) at `approximatedAt`.
 *
 * The palette is every colour when there are at most 256; otherwise, in order of frequency (most
 * pixels first, ties to the earlier colour number), each colour that has no palette colour
 * within MERGE levels in every channel, up to 256 of them (so the flat theme colours come first,
 * a rare but distinct colour is not crowded out by near-twins of common shades, and shades a few
 * levels apart share one entry). Every other colour is written as its nearest palette colour
 * by weighted distance 3 dR² + 4 dG² + 2 dB² (ties to the lower index), searched in order of green
 * outward from the colour's green, each direction stopping once green alone is farther than the
 * best so far (the answer of a full scan); colours of one cell share the entry found for the
 * most frequent of them. A coarse key (mask below 8 bits a channel) stands for the middle of the
 * colours it covers.
 *
 * Work space: `orderAt` and `spareAt` (8 bytes a colour), `byCountAt` and `laterAt` (2 bytes a
 * colour), `cellsAt` (2 bytes a cell: 64 KiB), `bucketsAt` (8 KiB), `byGreenAt` (256 u64).
 * On the busiest card-table picture (2,422 colours) the palette has 150 colours, no pixel is more
 * than 16 levels off in a channel and 93% are exact; the PNG is 39.6 KB against 44.1 KB when
 * the palette took the 256 most frequent colours, spread over cells.
 * `pixels` (the picture's size) bounds the counts, so the sort's passes.
 */
export function choosePalette(
  distinct: i32,
  mask: u32,
  pixels: i32,
  tableAt: usize,
  entriesAt: usize,
  indexOfAt: usize,
  paletteAt: usize,
  approximatedAt: usize,
  orderAt: usize,
  spareAt: usize,
  byCountAt: usize,
  laterAt: usize,
  cellsAt: usize,
  bucketsAt: usize,
  byGreenAt: usize,
): i32 {
  let size = distinct;
  if (distinct > MAX_COLOURS) {
    // Most frequent first, ties in order of first appearance: an ascending sort of
    // count * 2^14 + (2^14 - 1 - colour number), read from the end (colour numbers stay below
    // 2^14: countColours stops past twice 8,192).
    for (let i = 0; i < distinct; i++) {
      const count = <u64>load<u32>(tableAt + <usize>load<u16>(entriesAt + (<usize>i << 1)) * ENTRY + COUNT);
      store<u64>(orderAt + (<usize>i << 3), (count << 14) | <u64>(16383 - i));
    }
    const bits = 64 - <i32>clz(<u64>pixels) + 14;
    sortAscending(orderAt, spareAt, distinct, (bits + 10) / 11, bucketsAt);
    // Merge: in order of frequency, a colour joins the palette unless a palette colour lies
    // within MERGE levels of it in every channel (then it is written as its nearest). Palette
    // colours are chained by 4-bit cell (head at `cellsAt`, next at `spareAt`, both i16); MERGE
    // <= 16 puts every such colour in the cell or one of its 26 neighbours.
    memory.fill(cellsAt, 0xff, (1 << 12) << 1);
    let firsts = 0;
    let laters = 0;
    for (let i = 0; i < distinct; i++) {
      const colour = 16383 - <i32>(load<u64>(orderAt + (<usize>(distinct - 1 - i) << 3)) & 16383);
      const k = keyOf(tableAt, entriesAt, colour);
      if (firsts < MAX_COLOURS && !nearPalette(k, tableAt, entriesAt, byCountAt, cellsAt, spareAt)) {
        const cell = mergeCellOf(k);
        store<i16>(spareAt + (<usize>firsts << 1), load<i16>(cellsAt + (<usize>cell << 1)));
        store<i16>(cellsAt + (<usize>cell << 1), <i16>firsts);
        store<u16>(byCountAt + (<usize>firsts << 1), <u16>colour);
        firsts++;
      } else {
        store<u16>(laterAt + (<usize>laters << 1), <u16>colour);
        laters++;
      }
    }
    memory.copy(byCountAt + (<usize>firsts << 1), laterAt, <usize>laters << 1);
    size = firsts;
  } else {
    for (let i = 0; i < distinct; i++) store<u16>(byCountAt + (<usize>i << 1), <u16>i);
  }

  const half = (~mask & 0xff) >> 1;
  for (let i = 0; i < size; i++) {
    const colour = <i32>load<u16>(byCountAt + (<usize>i << 1));
    store<u8>(indexOfAt + <usize>colour, <u8>i);
    const k = keyOf(tableAt, entriesAt, colour);
    store<u8>(paletteAt + <usize>(i * 3), <u8>((k & 255) | half));
    store<u8>(paletteAt + <usize>(i * 3 + 1), <u8>(((k >> 8) & 255) | half));
    store<u8>(paletteAt + <usize>(i * 3 + 2), <u8>(((k >> 16) & 255) | half));
    // By green: (green << 8 | index), sorted below.
    store<u64>(byGreenAt + (<usize>i << 3), <u64>((((k >> 8) & 255) << 8) | <u32>i));
  }
  let approximated: u32 = 0;
  if (distinct > size) {
    sortAscending(byGreenAt, spareAt, size, 2, bucketsAt);
    memory.fill(cellsAt, 0xff, (1 << 15) << 1);
    for (let i = size; i < distinct; i++) {
      const colour = <i32>load<u16>(byCountAt + (<usize>i << 1));
      const entry = tableAt + <usize>load<u16>(entriesAt + (<usize>colour << 1)) * ENTRY;
      const k = load<u32>(entry);
      const r = <i32>(k & 255);
      const g = <i32>((k >> 8) & 255);
      const b = <i32>((k >> 16) & 255);
      const cell = cellOf(k);
      approximated += load<u32>(entry + COUNT);
      const known = load<i16>(cellsAt + (<usize>cell << 1));
      if (known >= 0) {
        store<u8>(indexOfAt + <usize>colour, <u8>known);
        continue;
      }
      // First position whose green is at least g.
      let lo = 0;
      let hi = size;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (<i32>(load<u64>(byGreenAt + (<usize>mid << 3)) >> 8) < g) lo = mid + 1;
        else hi = mid;
      }
      let best = 0;
      let bestD = 0x7fffffff;
      // Upward from `lo`, then downward from `lo - 1`.
      for (let step = 1; step >= -1; step -= 2) {
        for (let s = step == 1 ? lo : lo - 1; s >= 0 && s < size; s += step) {
          const e = load<u64>(byGreenAt + (<usize>s << 3));
          const dg = <i32>(e >> 8) - g;
          const d4 = dg * dg * 4;
          if (d4 > bestD) break;
          const j = <i32>(e & 255);
          const pk = keyOf(tableAt, entriesAt, <i32>load<u16>(byCountAt + (<usize>j << 1)));
          const dr = r - <i32>(pk & 255);
          const db = b - <i32>((pk >> 16) & 255);
          const d = dr * dr * 3 + d4 + db * db * 2;
          if (d < bestD || (d == bestD && j < best)) {
            bestD = d;
            best = j;
          }
        }
      }
      store<u8>(indexOfAt + <usize>colour, <u8>best);
      store<i16>(cellsAt + (<usize>cell << 1), <i16>best);
    }
  }
  store<u32>(approximatedAt, approximated);
  return size;
}

export { adler32Of, deflateBand, deflateBound, deflateReset, deflateRows, deflateWorkBytes } from "./deflate";
