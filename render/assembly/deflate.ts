/**
 * A zlib stream (RFC 1950) of one deflate encoding (RFC 1951) made for the palette PNG's index
 * rows: `deflateRows`, compiled into `render/palette.wasm` with the palette passes
 * (`render/assembly/palette.ts` exports it). Not TypeScript: `tsc` and Biome skip it.
 *
 * Why not zlib: node's zlib at level 3 spent 1.1-1.8 ms of a 3-6 ms table picture looking for
 * matches at any distance. A table picture's bytes repeat in two ways above all: a run of one
 * index (a flat area: the previous byte, distance 1) and the row above (distance `stride`). This
 * encoder tries those two distances and one earlier place with the same next three bytes (a hash
 * table with one entry a slot, kept at the places a symbol starts), takes the longest match
 * (greedy, no lazy matching), and compares eight bytes a step. Each block holds up to
 * `BLOCK_SYMBOLS` symbols under its own dynamic Huffman codes (RFC 1951 section 3.2.7), lengths
 * limited to 15 bits (7 for the code-length code) by halving the counts until they fit. The
 * Adler-32 is summed 16 bytes a step with SIMD.
 *
 * Memory: `workAt` is `deflateWorkBytes()` of scratch; the stream is written at `outAt`, which
 * must have room for `deflateBound(n)` bytes; the input may be read up to 8 bytes past its end.
 */

/** Symbols a block holds before it is written (literals and matches). */
const BLOCK_SYMBOLS: i32 = 16384;
/** Slots of the three-byte hash table (a power of two). */
const HASH_BITS: u32 = 15;
const WINDOW: i32 = 32768;
const MAX_MATCH: i32 = 258;
const MIN_MATCH: i32 = 3;
/** A three-byte match farther back than this costs more bits than its literals (zlib's TOO_FAR). */
const TOO_FAR: i32 = 4096;

// The scratch area: byte offsets from `workAt`.
const HEAD: usize = 0; // i32 per hash slot: the last position + 1 (0: none)
const SYMS: usize = HEAD + (<usize>1 << HASH_BITS) * 4; // u32 per symbol: dist << 16 | literal or 256 + length
const LIT_FREQ: usize = SYMS + <usize>BLOCK_SYMBOLS * 4; // u32 x 288
const DIST_FREQ: usize = LIT_FREQ + 288 * 4; // u32 x 32
const CL_FREQ: usize = DIST_FREQ + 32 * 4; // u32 x 19
const LIT_LEN: usize = CL_FREQ + 20 * 4; // u8 x 288, then u8 x 32 (the distance lengths follow)
const DIST_LEN: usize = LIT_LEN + 288;
const CL_LEN: usize = DIST_LEN + 32; // u8 x 19 (+1)
const LIT_CODE: usize = CL_LEN + 20; // u16 x 288
const DIST_CODE: usize = LIT_CODE + 288 * 2; // u16 x 32
const CL_CODE: usize = DIST_CODE + 32 * 2; // u16 x 19 (+1)
const CL_SYMS: usize = CL_CODE + 20 * 2; // u16 x 320: code-length symbols, extra bits in the high byte
const NODE_FREQ: usize = CL_SYMS + 320 * 2; // u32 x 576
const NODE_PARENT: usize = NODE_FREQ + 576 * 4; // i32 x 576
const NODE_DEPTH: usize = NODE_PARENT + 576 * 4; // i32 x 576
const HEAP: usize = NODE_DEPTH + 576 * 4; // i32 x 577
const COUNT: usize = HEAP + 580 * 4; // u16 x 16: codes of each length
const NEXT: usize = COUNT + 16 * 2; // u16 x 16
const WORK_BYTES: usize = NEXT + 16 * 2;

/** Bytes of scratch `deflateRows` needs at `workAt`. */
export function deflateWorkBytes(): i32 {
  return <i32>WORK_BYTES;
}

/** Where a code-length symbol's run counts go in RFC 1951's order (section 3.2.7). */
const CL_ORDER = memory.data<u8>([16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]);
/** Adler-32's weights of 16 bytes (16 down to 1), as two i16x8 halves. */
const WEIGHTS = memory.data<u16>([16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);

let out: usize = 0;
let bits: u64 = 0;
let bitCount: u32 = 0;

@inline
function putBits(value: u32, count: u32): void {
  bits |= <u64>value << bitCount;
  bitCount += count;
  if (bitCount >= 32) {
    store<u32>(out, <u32>bits);
    out += 4;
    bits >>= 32;
    bitCount -= 32;
  }
}

/** Writes the bits still held, padded to a whole byte. */
function flushBits(): void {
  while (bitCount > 0) {
    store<u8>(out, <u8>bits);
    out++;
    bits >>= 8;
    bitCount = bitCount >= 8 ? bitCount - 8 : 0;
  }
  bits = 0;
}

/** Bytes equal at `a` and `b` onwards, at most `most` (8 bytes compared a step). */
@inline
function matchLength(a: usize, b: usize, most: i32): i32 {
  let k = 0;
  while (k < most) {
    const x = load<u64>(a + <usize>k) ^ load<u64>(b + <usize>k);
    if (x != 0) {
      k += <i32>(ctz(x) >> 3);
      return k < most ? k : most;
    }
    k += 8;
  }
  return most;
}

/** A length's code (257-285) for `length - 3` = `l` (0-255). */
@inline
function lengthCode(l: i32): i32 {
  if (l < 8) return 257 + l;
  if (l == 255) return 285;
  const k = 31 - clz(l);
  return 257 + 4 * (k - 1) + ((l >> (k - 2)) & 3);
}

/** A distance's code (0-29) for `distance - 1` = `d` (0-32767). */
@inline
function distanceCode(d: i32): i32 {
  if (d < 4) return d;
  const k = 31 - clz(d);
  return 2 * k + ((d >> (k - 1)) & 1);
}

/**
 * Huffman code lengths for the `n` counts (u32) at `freqAt`, at most `limit` bits, written as u8
 * at `lenAt`; symbols counted 0 get length 0. At least two symbols must be counted. When the
 * tree is too deep, the counts are halved (rounding up) and the tree built again.
 */
function codeLengths(work: usize, freqAt: usize, n: i32, limit: i32, lenAt: usize): void {
  const nodeFreq = work + NODE_FREQ;
  const parent = work + NODE_PARENT;
  const depth = work + NODE_DEPTH;
  const heap = work + HEAP;
  let shift: u32 = 0;
  while (true) {
    // A binary min-heap of node numbers by count; leaves are the symbols 0..n-1.
    let size = 0;
    for (let s = 0; s < n; s++) {
      let f = load<u32>(freqAt + (<usize>s << 2));
      if (f == 0) continue;
      f = ((f - 1) >> shift) + 1;
      store<u32>(nodeFreq + (<usize>s << 2), f);
      heapPush(heap, nodeFreq, size++, s, f);
    }
    let next = n;
    while (size > 1) {
      const a = heapPop(heap, nodeFreq, size--);
      const b = heapPop(heap, nodeFreq, size--);
      const f = load<u32>(nodeFreq + (<usize>a << 2)) + load<u32>(nodeFreq + (<usize>b << 2));
      store<i32>(parent + (<usize>a << 2), next);
      store<i32>(parent + (<usize>b << 2), next);
      store<u32>(nodeFreq + (<usize>next << 2), f);
      heapPush(heap, nodeFreq, size++, next, f);
      next++;
    }
    // Depths: the root (the last node made) is 0; a node is made after both its children.
    store<i32>(depth + (<usize>(next - 1) << 2), 0);
    for (let v = next - 2; v >= n; v--) {
      store<i32>(depth + (<usize>v << 2), load<i32>(depth + (<usize>load<i32>(parent + (<usize>v << 2)) << 2)) + 1);
    }
    let deepest = 0;
    for (let s = 0; s < n; s++) {
      let d = 0;
      if (load<u32>(freqAt + (<usize>s << 2)) != 0) {
        d = load<i32>(depth + (<usize>load<i32>(parent + (<usize>s << 2)) << 2)) + 1;
        if (d > deepest) deepest = d;
      }
      store<u8>(lenAt + <usize>s, <u8>d);
    }
    if (deepest <= limit) return;
    shift++;
  }
}

/** Adds `node` (its count `f`) to the heap, which held `size`. */
@inline
function heapPush(heap: usize, nodeFreq: usize, size: i32, node: i32, f: u32): void {
  let at = size;
  while (at > 0) {
    const up = (at - 1) >> 1;
    const u = load<i32>(heap + (<usize>up << 2));
    if (load<u32>(nodeFreq + (<usize>u << 2)) <= f) break;
    store<i32>(heap + (<usize>at << 2), u);
    at = up;
  }
  store<i32>(heap + (<usize>at << 2), node);
}

/** Removes and returns the heap's smallest node (the heap held `size`). */
@inline
function heapPop(heap: usize, nodeFreq: usize, size: i32): i32 {
  const top = load<i32>(heap);
  const last = load<i32>(heap + (<usize>(size - 1) << 2));
  const f = load<u32>(nodeFreq + (<usize>last << 2));
  const m = size - 1;
  let at = 0;
  while (true) {
    let child = 2 * at + 1;
    if (child >= m) break;
    let c = load<i32>(heap + (<usize>child << 2));
    if (child + 1 < m) {
      const d = load<i32>(heap + (<usize>(child + 1) << 2));
      if (load<u32>(nodeFreq + (<usize>d << 2)) < load<u32>(nodeFreq + (<usize>c << 2))) {
        child++;
        c = d;
      }
    }
    if (load<u32>(nodeFreq + (<usize>c << 2)) >= f) break;
    store<i32>(heap + (<usize>at << 2), c);
    at = child;
  }
  store<i32>(heap + (<usize>at << 2), last);
  return top;
}

/** Canonical codes (RFC 1951 section 3.2.2) for the `n` lengths at `lenAt`, bit-reversed for writing, as u16 at `codeAt`. */
function canonicalCodes(work: usize, lenAt: usize, n: i32, codeAt: usize): void {
  const count = work + COUNT;
  const next = work + NEXT;
  memory.fill(count, 0, 32);
  for (let s = 0; s < n; s++) {
    const l = load<u8>(lenAt + <usize>s);
    store<u16>(count + (<usize>l << 1), load<u16>(count + (<usize>l << 1)) + 1);
  }
  store<u16>(count, 0);
  let code: u32 = 0;
  for (let l = 1; l < 16; l++) {
    code = (code + load<u16>(count + (<usize>(l - 1) << 1))) << 1;
    store<u16>(next + (<usize>l << 1), <u16>code);
  }
  for (let s = 0; s < n; s++) {
    const l = <u32>load<u8>(lenAt + <usize>s);
    if (l == 0) continue;
    const c = <u32>load<u16>(next + (<usize>l << 1));
    store<u16>(next + (<usize>l << 1), <u16>(c + 1));
    store<u16>(codeAt + (<usize>s << 1), <u16>(reverseBits(c) >> (32 - l)));
  }
}

@inline
function reverseBits(x: u32): u32 {
  x = ((x >> 1) & 0x55555555) | ((x & 0x55555555) << 1);
  x = ((x >> 2) & 0x33333333) | ((x & 0x33333333) << 2);
  x = ((x >> 4) & 0x0f0f0f0f) | ((x & 0x0f0f0f0f) << 4);
  return bswap<u32>(x);
}

/** Makes sure a frequency table has at least two symbols counted (a complete code; RFC 1951 allows no other). */
function twoCounted(freqAt: usize, n: i32): void {
  let counted = 0;
  for (let s = 0; s < n; s++) if (load<u32>(freqAt + (<usize>s << 2)) != 0) counted++;
  for (let s = 0; counted < 2 && s < n; s++) {
    if (load<u32>(freqAt + (<usize>s << 2)) == 0) {
      store<u32>(freqAt + (<usize>s << 2), 1);
      counted++;
    }
  }
}

/**
 * Run-length codes the literal/length and distance code lengths (symbols 0-18, RFC 1951 section
 * 3.2.7) into `CL_SYMS`, counting them; returns how many.
 */
function codeLengthSymbols(work: usize, hlit: i32, hdist: i32): i32 {
  const syms = work + CL_SYMS;
  const freq = work + CL_FREQ;
  memory.fill(freq, 0, 19 * 4);
  const total = hlit + hdist;
  let count = 0;
  let i = 0;
  while (i < total) {
    const l = lengthAt(work, i, hlit);
    let run = 1;
    while (i + run < total && lengthAt(work, i + run, hlit) == l) run++;
    let left = run;
    if (l == 0) {
      while (left >= 11) {
        const r = left < 138 ? left : 138;
        store<u16>(syms + (<usize>(count++) << 1), <u16>(18 | ((r - 11) << 8)));
        left -= r;
      }
      if (left >= 3) {
        store<u16>(syms + (<usize>(count++) << 1), <u16>(17 | ((left - 3) << 8)));
        left = 0;
      }
    } else {
      store<u16>(syms + (<usize>(count++) << 1), <u16>l);
      left--;
      while (left >= 3) {
        const r = left < 6 ? left : 6;
        store<u16>(syms + (<usize>(count++) << 1), <u16>(16 | ((r - 3) << 8)));
        left -= r;
      }
    }
    for (; left > 0; left--) store<u16>(syms + (<usize>(count++) << 1), <u16>l);
    i += run;
  }
  for (let k = 0; k < count; k++) {
    const s = <usize>(load<u16>(syms + (<usize>k << 1)) & 0xff);
    store<u32>(freq + (s << 2), load<u32>(freq + (s << 2)) + 1);
  }
  return count;
}

/** The i-th code length of the literal/length lengths followed by the distance lengths. */
@inline
function lengthAt(work: usize, i: i32, hlit: i32): i32 {
  return i < hlit ? load<u8>(work + LIT_LEN + <usize>i) : load<u8>(work + DIST_LEN + <usize>(i - hlit));
}

/** Writes one dynamic-Huffman block of the `count` symbols held (`last`: the stream's final block). */
function writeBlock(work: usize, count: i32, last: bool): void {
  const litFreq = work + LIT_FREQ;
  const distFreq = work + DIST_FREQ;
  store<u32>(litFreq + 256 * 4, 1); // the end of the block
  twoCounted(litFreq, 286);
  twoCounted(distFreq, 30);
  codeLengths(work, litFreq, 286, 15, work + LIT_LEN);
  codeLengths(work, distFreq, 30, 15, work + DIST_LEN);
  canonicalCodes(work, work + LIT_LEN, 286, work + LIT_CODE);
  canonicalCodes(work, work + DIST_LEN, 30, work + DIST_CODE);
  let hlit = 286;
  while (hlit > 257 && load<u8>(work + LIT_LEN + <usize>(hlit - 1)) == 0) hlit--;
  let hdist = 30;
  while (hdist > 1 && load<u8>(work + DIST_LEN + <usize>(hdist - 1)) == 0) hdist--;
  const clCount = codeLengthSymbols(work, hlit, hdist);
  twoCounted(work + CL_FREQ, 19);
  codeLengths(work, work + CL_FREQ, 19, 7, work + CL_LEN);
  canonicalCodes(work, work + CL_LEN, 19, work + CL_CODE);
  let hclen = 19;
  while (hclen > 4 && load<u8>(work + CL_LEN + <usize>load<u8>(CL_ORDER + <usize>(hclen - 1))) == 0) hclen--;

  putBits(last ? 1 : 0, 1);
  putBits(2, 2);
  putBits(<u32>(hlit - 257), 5);
  putBits(<u32>(hdist - 1), 5);
  putBits(<u32>(hclen - 4), 4);
  for (let k = 0; k < hclen; k++) putBits(load<u8>(work + CL_LEN + <usize>load<u8>(CL_ORDER + <usize>k)), 3);
  for (let k = 0; k < clCount; k++) {
    const v = <u32>load<u16>(work + CL_SYMS + (<usize>k << 1));
    const s = <usize>(v & 0xff);
    putBits(load<u16>(work + CL_CODE + (s << 1)), load<u8>(work + CL_LEN + s));
    if (s == 16) putBits(v >> 8, 2);
    else if (s == 17) putBits(v >> 8, 3);
    else if (s == 18) putBits(v >> 8, 7);
  }

  writeSymbols(work, count);
  putBits(load<u16>(work + LIT_CODE + 256 * 2), load<u8>(work + LIT_LEN + 256));
  memory.fill(litFreq, 0, 288 * 4);
  memory.fill(distFreq, 0, 32 * 4);
}

/**
 * Writes the block's `count` symbols under its codes. The bits are held in locals (V8 keeps a
 * module's globals in memory) and whole bytes are stored once a symbol, eight bytes at a time
 * with no branch: a symbol is at most 48 bits (15 + 5 for its length, 15 + 13 for its distance)
 * and at most 7 are left over, so they fit in 64. The eight-byte store may write past the last
 * byte; `deflateBound` leaves room for it. On return `bits` holds fewer than 8 bits.
 */
function writeSymbols(work: usize, count: i32): void {
  const litCode = work + LIT_CODE;
  const litLen = work + LIT_LEN;
  const distCode = work + DIST_CODE;
  const distLen = work + DIST_LEN;
  let b = bits;
  let n = <u64>bitCount;
  let o = out;
  store<u64>(o, b); // whole bytes first, as below: then fewer than 8 bits are held
  o += <usize>(n >> 3);
  b >>= n & ~7;
  n &= 7;
  for (let k = 0; k < count; k++) {
    const sym = load<u32>(work + SYMS + (<usize>k << 2));
    const v = sym & 0xffff;
    if (v < 256) {
      b |= <u64>load<u16>(litCode + (<usize>v << 1)) << n;
      n += <u64>load<u8>(litLen + <usize>v);
    } else {
      const l = <i32>v - 256 - MIN_MATCH;
      const lc = <usize>lengthCode(l);
      b |= <u64>load<u16>(litCode + (lc << 1)) << n;
      n += <u64>load<u8>(litLen + lc);
      if (l >= 8 && l != 255) {
        const extra = 31 - clz(l) - 2;
        b |= <u64>(l - ((4 | ((l >> extra) & 3)) << extra)) << n;
        n += <u64>extra;
      }
      const d = <i32>(sym >> 16) - 1;
      const dc = <usize>distanceCode(d);
      b |= <u64>load<u16>(distCode + (dc << 1)) << n;
      n += <u64>load<u8>(distLen + dc);
      if (d >= 4) {
        const extra = 31 - clz(d) - 1;
        b |= <u64>(d - ((2 | ((d >> extra) & 1)) << extra)) << n;
        n += <u64>extra;
      }
    }
    store<u64>(o, b);
    o += <usize>(n >> 3);
    b >>= n & ~7;
    n &= 7;
  }
  bits = b;
  bitCount = <u32>n;
  out = o;
}

/** Adler-32 (RFC 1950 section 8.2) of the `n` bytes at `at`. */
function adler32(at: usize, n: i32): u32 {
  let a: u64 = 1;
  let b: u64 = 0;
  const high = v128.load(WEIGHTS);
  const low = v128.load(WEIGHTS + 16);
  let i = 0;
  // 16 bytes a step, 340 steps between reductions (the lane sums stay well inside 32 bits).
  while (i + 16 <= n) {
    let steps = (n - i) >> 4;
    if (steps > 340) steps = 340;
    let sums = i32x4.splat(0);
    let before = i32x4.splat(0);
    let weighted = i32x4.splat(0);
    for (let s = 0; s < steps; s++) {
      const v = v128.load(at + <usize>i);
      before = i32x4.add(before, sums);
      const wide = i16x8.extadd_pairwise_i8x16_u(v);
      sums = i32x4.add(sums, i32x4.extadd_pairwise_i16x8_u(wide));
      weighted = i32x4.add(weighted, i32x4.dot_i16x8_s(i16x8.extend_low_i8x16_u(v), high));
      weighted = i32x4.add(weighted, i32x4.dot_i16x8_s(i16x8.extend_high_i8x16_u(v), low));
      i += 16;
    }
    const s = <u64>lanesSum(sums);
    const p = <u64>lanesSum(before);
    const w = <u64>lanesSum(weighted);
    b = (b + 16 * <u64>steps * a + 16 * p + w) % 65521;
    a = (a + s) % 65521;
  }
  for (; i < n; i++) {
    a = (a + load<u8>(at + <usize>i)) % 65521;
    b = (b + a) % 65521;
  }
  return <u32>((b << 16) | a);
}

@inline
function lanesSum(v: v128): u32 {
  return <u32>i32x4.extract_lane(v, 0) + <u32>i32x4.extract_lane(v, 1) + <u32>i32x4.extract_lane(v, 2) + <u32>i32x4.extract_lane(v, 3);
}

/** Most bytes `deflateRows` writes for `n` bytes of input: 16 bits a byte (a three-byte match's worst case), block headers, the zlib frame. */
export function deflateBound(n: i32): i32 {
  return 2 * n + (n / BLOCK_SYMBOLS + 1) * 400 + 64;
}

/**
 * Deflates the `n` bytes at `rawAt` into a zlib stream at `outAt` (header 0x78 0x01, dynamic
 * Huffman blocks, Adler-32) and returns its length in bytes. `stride` is the row's length in
 * bytes (the row above is tried as a match); `workAt` is `deflateWorkBytes()` of scratch.
 */
export function deflateRows(rawAt: usize, n: i32, stride: i32, workAt: usize, outAt: usize): i32 {
  deflateReset(workAt);
  out = outAt;
  bits = 0;
  bitCount = 0;
  store<u8>(out, 0x78);
  store<u8>(out + 1, 0x01);
  out += 2;
  deflateSymbols(rawAt, 0, n, 0, stride, workAt, true);
  flushBits();
  const adler = adler32(rawAt, n);
  store<u32>(out, bswap<u32>(adler));
  out += 4;
  return <i32>(out - outAt);
}

/** Empties the scratch's hash table and counts: before a `deflateRows`, or before the bands of one picture (`deflateBand`). */
export function deflateReset(workAt: usize): void {
  memory.fill(workAt + HEAD, 0, (<usize>1 << HASH_BITS) * 4);
  memory.fill(workAt + LIT_FREQ, 0, 288 * 4);
  memory.fill(workAt + DIST_FREQ, 0, 32 * 4);
}

/**
 * Deflates the bytes `from` to `to` of the rows at `rawAt` (offsets from `rawAt`) as deflate
 * blocks of their own (RFC 1951, no zlib frame), ending in an empty stored block (a sync flush:
 * 00 00 FF FF), so that the output is whole bytes that any other such band may follow. No match
 * reaches further back than the `back` bytes before `from` (0, or the row above: `stride`): a
 * band's bytes depend on its own rows and those bytes only, whatever was deflated before it since
 * the last `deflateReset` (which must come first, and between pictures, bands in ascending
 * order). Returns the bytes written at `outAt` (at most `deflateBound(to - from)`).
 */
export function deflateBand(rawAt: usize, from: i32, to: i32, back: i32, stride: i32, workAt: usize, outAt: usize): i32 {
  out = outAt;
  bits = 0;
  bitCount = 0;
  deflateSymbols(rawAt, from, to, back, stride, workAt, false);
  putBits(0, 3); // a stored block, not the last
  flushBits();
  store<u32>(out, 0xffff0000); // LEN 0, NLEN 0xFFFF
  out += 4;
  return <i32>(out - outAt);
}

/** Adler-32 (RFC 1950 section 8.2) of the `n` bytes at `at`: a band's, for its stream's checksum. */
export function adler32Of(at: usize, n: i32): u32 {
  return adler32(at, n);
}

/**
 * Finds the matches of bytes `from` to `to` at `rawAt` (greedy: the byte before, the row above,
 * one hashed earlier place; the first two reach at most `back` bytes before `from`, the hashed
 * one never before it) and writes them as blocks of at most BLOCK_SYMBOLS symbols, the last one
 * final when `last` is set.
 */
function deflateSymbols(rawAt: usize, from: i32, to: i32, back: i32, stride: i32, workAt: usize, last: bool): void {
  const head = workAt + HEAD;
  const syms = workAt + SYMS;
  const litFreq = workAt + LIT_FREQ;
  const distFreq = workAt + DIST_FREQ;
  const rowDistance = stride <= WINDOW ? stride : 0;
  const first = from - back;
  let count = 0;
  let i = from;
  while (i < to) {
    const most = to - i < MAX_MATCH ? to - i : MAX_MATCH;
    const here = rawAt + <usize>i;
    let best = 0;
    let bestDistance = 0;
    if (i > first && most >= MIN_MATCH) {
      best = matchLength(here, here - 1, most);
      bestDistance = 1;
      if (best < most && rowDistance > 0 && i - first >= rowDistance) {
        const l = matchLength(here, here - <usize>rowDistance, most);
        if (l > best) {
          best = l;
          bestDistance = rowDistance;
        }
      }
      if (best < most) {
        const h = ((load<u32>(here) & 0xffffff) * 0x9e3779b1) >> (32 - HASH_BITS);
        const slot = head + (<usize>h << 2);
        const seen = load<i32>(slot) - 1;
        store<i32>(slot, i + 1);
        if (seen >= from && i - seen <= WINDOW && i - seen != 1 && i - seen != rowDistance) {
          const l = matchLength(here, rawAt + <usize>seen, most);
          if (l > best) {
            best = l;
            bestDistance = i - seen;
          }
        }
      }
    }
    if (best > MIN_MATCH || (best == MIN_MATCH && bestDistance <= TOO_FAR)) {
      store<u32>(syms + (<usize>count << 2), (<u32>bestDistance << 16) | <u32>(256 + best));
      const lc = <usize>lengthCode(best - MIN_MATCH);
      store<u32>(litFreq + (lc << 2), load<u32>(litFreq + (lc << 2)) + 1);
      const dc = <usize>distanceCode(bestDistance - 1);
      store<u32>(distFreq + (dc << 2), load<u32>(distFreq + (dc << 2)) + 1);
      i += best;
    } else {
      const v = <u32>load<u8>(here);
      store<u32>(syms + (<usize>count << 2), v);
      store<u32>(litFreq + (<usize>v << 2), load<u32>(litFreq + (<usize>v << 2)) + 1);
      i++;
    }
    count++;
    if (count == BLOCK_SYMBOLS) {
      writeBlock(workAt, count, last && i >= to);
      count = 0;
    }
  }
  if (count > 0 || to == from) writeBlock(workAt, count, last);
}
