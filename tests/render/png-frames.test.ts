/**
 * A table's pictures encoded against its last one (render/png-frames.ts, issue 65): every frame
 * is a whole, valid PNG of its own pixels, whatever its table's frames before it, and only the
 * bands a move changed are written again.
 */
import { createCanvas, type SKRSContext2D } from "@napi-rs/canvas";
import { inflateSync } from "node:zlib";
import { beforeEach, describe, expect, it } from "vitest";
import { BAND_ROWS, encodeFramePng, FRAME_TABLES, forgetFrames, frameStats } from "../../render/png-frames.ts";
import { encodePalettePng } from "../../render/png.ts";
import { ONEXENO_SCENES } from "../../render/onexeno/scenes.ts";
import { drawJob, prepareJob } from "../../render/pictures.ts";
import { onexenoView, setupOnexeno, type OnexenoState } from "../../src/games/onexeno/game.ts";
import { pixels } from "../helpers/pixels.ts";
import { GOLDEN_DERIVATION, NAMES, playUntil } from "./scenes.ts";

/** The PNG's chunks: type and data. */
function chunks(png: Buffer): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (let at = 8; at < png.length; ) {
    const len = png.readUInt32BE(at);
    out.set(png.toString("latin1", at + 4, at + 8), png.subarray(at + 8, at + 8 + len));
    at += 12 + len;
  }
  return out;
}

/** The largest difference in any channel between a decoded PNG and the pixels it was made from. */
async function worstLevel(png: Buffer, rgba: Uint8Array, width: number, height: number): Promise<number> {
  const back = await pixels(png);
  expect([back.w, back.h]).toEqual([width, height]);
  // zlib checks the stream's Adler-32: the bands' checksums combined right.
  expect(inflateSync(chunks(png).get("IDAT")!).length).toBe((width + 1) * height);
  let worst = 0;
  for (let i = 0; i < width * height * 4; i += 4)
    for (let k = 0; k < 3; k++) worst = Math.max(worst, Math.abs(back.data[i + k]! - rgba[i + k]!));
  return worst;
}

/** A few-colour picture: a green cloth, a light box at row `boxY`, a red box, and any `extra` drawing. */
function picture(width: number, height: number, boxY: number, extra?: (ctx: SKRSContext2D) => void): Buffer {
  const c = createCanvas(width, height);
  const ctx = c.getContext("2d");
  ctx.fillStyle = "#1d5b3b";
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = "#f6f3ea";
  ctx.fillRect(10, boxY, 40, 10);
  ctx.fillStyle = "#e0493b";
  ctx.fillRect(60, 70, 30, 30);
  extra?.(ctx);
  return c.data();
}

describe("a table's frames (encodeFramePng)", () => {
  beforeEach(() => forgetFrames());

  it("writes again only the bands a change touched, under the same palette, and each frame decodes exactly", async () => {
    const w = 97;
    const h = 120; // 4 bands of 32 rows, the last one short
    expect(BAND_ROWS).toBe(32);
    const bands = Math.ceil(h / BAND_ROWS);
    const first = picture(w, h, 5);
    const a = encodeFramePng(first, w, h, "table-1");
    expect(await worstLevel(a, first, w, h)).toBe(0);
    expect(frameStats()).toMatchObject({ frames: 1, whole: 1, partial: 0, bandsWritten: bands });

    // The light box moves from band 0 to band 1 (rows 35-44): those two change.
    const moved = picture(w, h, 35);
    const b = encodeFramePng(moved, w, h, "table-1");
    expect(await worstLevel(b, moved, w, h)).toBe(0);
    expect(frameStats()).toMatchObject({ frames: 2, whole: 1, partial: 1, bandsWritten: bands + 2, added: 0 });
    expect(chunks(b).get("PLTE")).toEqual(chunks(a).get("PLTE"));

    // The same pixels again: nothing written, the same bytes.
    expect(encodeFramePng(moved, w, h, "table-1").equals(b)).toBe(true);
    expect(frameStats().bandsWritten).toBe(bands + 2);

    // A colour the table has not shown, far from the palette's: added to the palette, in the last band.
    const blue = picture(w, h, 35, (ctx) => {
      ctx.fillStyle = "#2040f0";
      ctx.fillRect(0, 112, 20, 8);
    });
    const c = encodeFramePng(blue, w, h, "table-1");
    expect(await worstLevel(c, blue, w, h)).toBe(0);
    expect(frameStats()).toMatchObject({ partial: 3, whole: 1, bandsWritten: bands + 3, added: 1 });
    expect(chunks(c).get("PLTE")!.length).toBe(chunks(b).get("PLTE")!.length + 3);
  });

  it("writes again the band below a changed last row (its first row may match it), and no other", async () => {
    const w = 90;
    const h = 128; // 4 bands of 32 rows
    const bar = (top: number, bottom: number, dot = false) =>
      picture(w, h, 5, (ctx) => {
        ctx.fillStyle = "#f6f3ea";
        ctx.fillRect(70, top, 6, bottom - top + 1);
        if (dot) ctx.fillRect(20, 40, 5, 5);
      });
    encodeFramePng(picture(w, h, 5), w, h, "table-1");
    // A bar over rows 31 to 63: band 0's last row and all of band 1, its last row too. Band 2's
    // pixels are the same, but its first row may have matched row 63 before: written again.
    const first = bar(31, 63);
    expect(await worstLevel(encodeFramePng(first, w, h, "table-1"), first, w, h)).toBe(0);
    expect(frameStats()).toMatchObject({ partial: 1, bandsWritten: 4 + 3 });
    // A dot in band 1 (rows 40 to 44): band 1 changes but not its last row; band 2 is not written.
    const second = bar(31, 63, true);
    expect(await worstLevel(encodeFramePng(second, w, h, "table-1"), second, w, h)).toBe(0);
    expect(frameStats()).toMatchObject({ partial: 2, bandsWritten: 4 + 3 + 1 });
  });

  it("gives each table its own frames, keeps a table's colours when its picture changes size, and starts afresh when the palette is full", async () => {
    const one = picture(80, 64, 5); // 2 bands
    const two = picture(80, 64, 40);
    encodeFramePng(one, 80, 64, "table-1");
    encodeFramePng(two, 80, 64, "table-2");
    // Interleaved: each compared with its own table's last frame, not the last frame made.
    const oneAgain = picture(80, 64, 6);
    expect(await worstLevel(encodeFramePng(oneAgain, 80, 64, "table-1"), oneAgain, 80, 64)).toBe(0);
    expect(await worstLevel(encodeFramePng(two, 80, 64, "table-2"), two, 80, 64)).toBe(0);
    expect(frameStats()).toMatchObject({ frames: 4, whole: 2, partial: 2, bandsWritten: 2 + 2 + 1 });

    // Taller (a table that grew a row): every band written, under the colours it had.
    const taller = picture(80, 100, 6);
    expect(await worstLevel(encodeFramePng(taller, 80, 100, "table-1"), taller, 80, 100)).toBe(0);
    expect(frameStats()).toMatchObject({ whole: 2, partial: 3, bandsWritten: 5 + 4 });

    // 400 colours at least 12 levels apart in a channel: no room for them in the palette, so the
    // frame is written whole, its palette chosen from its own colours as encodePalettePng does.
    const swatches = picture(80, 100, 6, (ctx) => {
      for (let i = 0; i < 400; i++) {
        ctx.fillStyle = `rgb(${(i % 20) * 12}, ${Math.floor(i / 20) * 12}, 200)`;
        ctx.fillRect((i % 20) * 4, 40 + Math.floor(i / 20) * 3, 4, 3);
      }
    });
    const many = encodeFramePng(swatches, 80, 100, "table-1");
    expect(frameStats().whole).toBe(3);
    const alone = encodePalettePng(swatches, 80, 100);
    expect(chunks(many).get("PLTE")).toEqual(chunks(alone).get("PLTE"));
    expect(await worstLevel(many, swatches, 80, 100)).toBe(await worstLevel(alone, swatches, 80, 100));
  });

  it(`keeps the ${FRAME_TABLES} tables drawn last: an older table's next frame is written whole, and right`, async () => {
    const base = picture(64, 48, 5);
    for (let t = 0; t <= FRAME_TABLES; t++) encodeFramePng(base, 64, 48, `table-${t}`);
    expect(frameStats().whole).toBe(FRAME_TABLES + 1);
    const next = picture(64, 48, 20);
    expect(await worstLevel(encodeFramePng(next, 64, 48, "table-0"), next, 64, 48)).toBe(0); // dropped: whole
    expect(frameStats().whole).toBe(FRAME_TABLES + 2);
    expect(await worstLevel(encodeFramePng(next, 64, 48, `table-${FRAME_TABLES}`), next, 64, 48)).toBe(0); // kept: partial
    expect(frameStats()).toMatchObject({ whole: FRAME_TABLES + 2, partial: 1 });
    // A picture larger than any before lays the kernel's memory out again: every table starts afresh, and right.
    const big = picture(700, 900, 5);
    expect(await worstLevel(encodeFramePng(big, 700, 900, "table-big"), big, 700, 900)).toBe(0);
    expect(await worstLevel(encodeFramePng(base, 64, 48, `table-${FRAME_TABLES}`), base, 64, 48)).toBe(0);
    expect(frameStats()).toMatchObject({ whole: FRAME_TABLES + 4, partial: 1 });
  });

  it("encodes a game's table pictures in order within the palette's rounding, writing fewer bands than they have", async () => {
    const dealt = setupOnexeno({ variant: "partners", hands: 1 }, 6, "golden-closed", GOLDEN_DERIVATION);
    if (!dealt.ok) throw new Error(dealt.error.message);
    const positions: OnexenoState[] = [];
    playUntil(dealt.value, (st) => {
      positions.push(st);
      return positions.length >= 30;
    });
    const jobs = positions.map((st) => ONEXENO_SCENES.job("table", { view: onexenoView(st, null), names: NAMES.slice(0, 6) }));
    await prepareJob(jobs[0]!);
    let worst = 0;
    let bytes = 0;
    let alone = 0;
    for (const job of jobs) {
      const canvas = drawJob(job);
      const rgba = Buffer.from(canvas.data());
      const png = encodeFramePng(rgba, canvas.width, canvas.height, "channel-1");
      worst = Math.max(worst, await worstLevel(png, rgba, canvas.width, canvas.height));
      bytes += png.length;
      alone += encodePalettePng(rgba, canvas.width, canvas.height).length;
    }
    // encodePalettePng's own bound on these pictures (tests/render/png.test.ts): about 16 levels.
    expect(worst).toBeLessThanOrEqual(20);
    const { frames, whole, bandsWritten, bands } = frameStats();
    expect([frames, whole]).toEqual([30, 1]);
    // The field re-centres as it grows, so most of this game's bands change at each move (79 %
    // written here; a race's grabs or Onze's moves change far fewer: npm run bench -- --pictures).
    expect(bandsWritten / bands).toBeLessThan(0.85);
    expect(bytes / alone).toBeLessThan(1.15); // each band's own Huffman codes cost a little
  });
});
